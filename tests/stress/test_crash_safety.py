"""A writer killed with SIGKILL at random points (adds, imports, team-file rewrites, `lore doctor
--rebuild`): the database passes `PRAGMA integrity_check`, opens, and holds every acknowledged write."""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from lore.memory import Status
from lore.team import files as teamfiles
from lore.embedding.embedder import HashEmbedder
from lore.api import Lore
from lore.ingest import run_import

CORPUS = "celestiaorg__celestia-app"
RUNS = [pytest.param(6, id="ci"), pytest.param(50, id="stress", marks=pytest.mark.stress)]

ADDER = textwrap.dedent("""
    import sys
    from lore.memory import Memory, Scope
    from lore.api import Lore

    lore = Lore(sys.argv[1])
    scopes = [Scope.WORKSPACE, Scope.TEAM, Scope.USER]
    print("ready", flush=True)
    i = 0
    while True:
        m = Memory(title=f"{sys.argv[2]} note {i}", body=f"{sys.argv[2]} body {i} " + "detail " * (i % 400),
                   scope=scopes[i % 3], tags=["crash"])
        lore.add(m)
        print(m.id, flush=True)  # acknowledged: add returned
        i += 1
""")

IMPORTER = textwrap.dedent("""
    import sys
    from lore.api import Lore
    from lore.ingest import run_import

    lore = Lore(sys.argv[1])
    last = []
    def progress(done, total, rel):
        if last:  # the file before this one is committed
            print("ack", last[-1], flush=True)
        last.append(rel)
    print("ready", flush=True)
    run_import(lore, progress=progress)
    print("finished", flush=True)
""")

REWRITER = textwrap.dedent("""
    import sys
    from lore.memory import Memory, Scope
    from lore.api import Lore

    lore = Lore(sys.argv[1])
    m = lore.add(Memory(title="Big team decision", body="start", scope=Scope.TEAM)).memory
    print("ready", m.id, flush=True)
    i = 0
    while True:
        word = ("alpha", "bravo")[i % 2]
        m.body = f"{word} {i} " + (word + " ") * 30000
        lore.update(m)
        print("ack", i, flush=True)
        i += 1
""")


def _run_and_kill(args: list[str], env: dict, out: Path, window: tuple[float, float], rng: random.Random,
                  lines_first: int = 1) -> list[str]:
    """Start a writer, SIGKILL it a random time after it has printed `lines_first` complete lines (its
    "ready", then as many acknowledged writes as asked: on a loaded machine a fixed time after "ready"
    can land before any write); its complete stdout lines."""
    with open(out, "w") as f:
        proc = subprocess.Popen(args, stdout=f, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 60

    def printed() -> int:
        text = out.read_text()
        return len([line for line in text.split("\n")[:-1] if line]) if "ready" in text else 0

    while printed() < lines_first and proc.poll() is None:
        assert time.monotonic() < deadline, f"writer never printed {lines_first} lines"
        time.sleep(0.01)
    assert proc.poll() is None, f"writer exited early: {proc.stderr.read().decode()}"
    time.sleep(rng.uniform(*window))
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    stderr = proc.stderr.read().decode()
    assert "Traceback" not in stderr, stderr
    text = out.read_text()
    return [line for line in text.split("\n")[:-1] if line]  # a cut last line is not acknowledged


def _check_open(kit, root: Path, user_db: Path) -> Lore:
    """Both databases pass the integrity check and open with Lore."""
    for db in (root / ".lore" / "lore.db", user_db):
        if db.exists():
            assert kit.integrity(db) == [], f"{db} damaged"
    return Lore(root, user_db=user_db, embedder=HashEmbedder())


def _team_files_whole(root: Path) -> int:
    """Every team file parses (never half a file) and git would not pick up a half-written temporary
    one; returns how many team files there are."""
    files = sorted((root / ".lore" / "memories").glob("*.md"))
    for path in files:
        teamfiles.parse(path.read_text(encoding="utf-8"), path.name)
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all", ".lore"], cwd=root,
                            capture_output=True, text=True, check=True).stdout
    assert [line for line in status.splitlines() if not line.endswith((".md", "/.gitignore"))] == []
    return len(files)


@pytest.mark.parametrize("runs", RUNS)
def test_killed_adds_lose_no_acknowledged_write(runs, kit, tmp_workspace, tmp_path):
    user_db = tmp_path / "user.db"
    env = kit.child_env(user_db)
    rng = random.Random(runs)
    acknowledged: list[str] = []
    for run in range(runs):
        lines = _run_and_kill([sys.executable, "-c", ADDER, str(tmp_workspace), f"run{run}"], env,
                              tmp_path / f"add{run}.out", (0.05, 0.8), rng, lines_first=2)
        acknowledged += lines[1:]
        with _check_open(kit, tmp_workspace, user_db) as lore:
            missing = [mid for mid in acknowledged if not _present(lore, mid)]
        assert missing == [], f"run {run}: {len(missing)} acknowledged adds lost"
        _team_files_whole(tmp_workspace)
    print(f"\ncrash/add: runs={runs} acknowledged={len(acknowledged)} lost=0")
    assert len(acknowledged) >= runs  # each kill landed after at least one acknowledged write


def _db_files(root: Path) -> set[str]:
    """Names of database files beside lore.db (a rebuild's new file, an old one set aside), WAL files left out."""
    return {p.name for p in root.glob(".lore/lore.db?*") if not p.name.endswith(("-wal", "-shm", "-journal"))}


def _wait_for(condition, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.002)


def _present(lore: Lore, mid: str) -> bool:
    try:
        return lore.get(mid).id == mid
    except Exception:
        return False


def _by_source(lore: Lore) -> dict[str, set[str]]:
    """Source path -> titles of the imported memories in the workspace database."""
    out: dict[str, set[str]] = {}
    for m in lore.store.memories.matching(statuses=[s for s in Status if s is not Status.DEPRECATED]):
        out.setdefault(m.provenance.path or "", set()).add(m.title)
    return out


def _reference(kit, tree: Path, tmp_path: Path) -> dict[str, set[str]]:
    """What a clean, uninterrupted import of a copy of `tree` holds."""
    ref = tmp_path / "reference"
    shutil.rmtree(ref, ignore_errors=True)
    shutil.copytree(tree, ref, ignore=shutil.ignore_patterns(".lore", ".git"))
    with Lore(ref, user_db=False, embedder=HashEmbedder()) as lore:
        run_import(lore)
        return _by_source(lore)


def _touch_some(root: Path, rng: random.Random, run: int) -> None:
    """Change a third of the markdown files (same titles, new text) so the next import has work."""
    for path in sorted(root.rglob("*.md")):
        if ".lore" not in path.parts and rng.random() < 0.33:
            path.write_text(path.read_text(encoding="utf-8") + f"\nRevision {run} of this text.\n")


@pytest.mark.parametrize("runs", [pytest.param(4, id="ci"), RUNS[1]])
def test_killed_imports_keep_every_committed_file(runs, kit, tmp_path):
    root = kit.copy_corpus(CORPUS, tmp_path / "ws")
    user_db = tmp_path / "user.db"
    env = kit.child_env(user_db)
    rng = random.Random(1000 + runs)
    reference = _reference(kit, root, tmp_path)
    acked_total = 0
    for run in range(runs):
        lines = _run_and_kill([sys.executable, "-c", IMPORTER, str(root)], env, tmp_path / f"imp{run}.out",
                              (0.0, 2.0), rng)
        acked = [line.split(" ", 1)[1] for line in lines if line.startswith("ack ")]
        acked_total += len(acked)
        with _check_open(kit, root, user_db) as lore:
            present = _by_source(lore)
        for rel in acked:
            assert reference.get(rel, set()) <= present.get(rel, set()), f"run {run}: {rel} lost memories"
        _touch_some(root, rng, run)
    with Lore(root, user_db=user_db, embedder=HashEmbedder()) as lore:
        run_import(lore)
        final = _by_source(lore)
    assert final == _reference(kit, root, tmp_path)
    print(f"\ncrash/import: runs={runs} files acknowledged={acked_total} lost=0")


@pytest.mark.parametrize("runs", [pytest.param(3, id="ci"), pytest.param(20, id="stress", marks=pytest.mark.stress)])
def test_killed_team_file_rewrite_leaves_a_whole_file(runs, kit, tmp_workspace, tmp_path):
    user_db = tmp_path / "user.db"
    env = kit.child_env(user_db)
    rng = random.Random(2000 + runs)
    rewrites = 0
    for run in range(runs):
        lines = _run_and_kill([sys.executable, "-c", REWRITER, str(tmp_workspace)], env, tmp_path / f"tf{run}.out",
                              (0.05, 1.0), rng)
        mid = lines[0].split()[1]
        rewrites += len(lines) - 1
        path = next(p for p in (tmp_workspace / ".lore" / "memories").glob("*.md")
                    if teamfiles.parse(p.read_text(encoding="utf-8"), p.name).id == mid)
        body = teamfiles.parse(path.read_text(encoding="utf-8"), path.name).body
        words = set(body.split()[2:]) if body != "start" else {"start"}
        assert len(words) == 1 and len(body) in (5, *range(180_000, 190_000)), f"run {run}: half a file"
        with _check_open(kit, tmp_workspace, user_db) as lore:
            assert lore.get(mid).title == "Big team decision"
        _team_files_whole(tmp_workspace)
    print(f"\ncrash/team-file: runs={runs} rewrites acknowledged={rewrites} half files=0")


@pytest.mark.parametrize("runs", [pytest.param(2, id="ci"), pytest.param(20, id="stress", marks=pytest.mark.stress)])
def test_killed_rebuild_keeps_private_memories(runs, kit, tmp_path):
    root = kit.copy_corpus(CORPUS, tmp_path / "ws")
    user_db = tmp_path / "user.db"
    env = kit.child_env(user_db)
    rng = random.Random(3000 + runs)
    added = subprocess.run([sys.executable, "-c", ADDER.replace("while True:", "while i < 30:"), str(root), "pre"],
                           env=env, capture_output=True, text=True, timeout=120)
    acknowledged = added.stdout.split()[1:]
    assert len(acknowledged) == 30, added.stderr
    for run in range(runs):
        cmd = kit.lore_cmd("-w", str(root), "doctor", "--rebuild")
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if run % 2:
            time.sleep(rng.uniform(0.3, 4.0))  # the CLI starts in about 0.5 s; a rebuild takes about 3 s
        else:  # the riskiest moment: a new database file (or the old one's new name) just appeared
            before = _db_files(root)
            _wait_for(lambda: bool(_db_files(root) - before) or proc.poll() is not None)
            time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert "Traceback" not in proc.stderr.read().decode()
        with _check_open(kit, root, user_db) as lore:
            missing = [mid for mid in acknowledged if not _present(lore, mid)]
        assert missing == [], f"run {run}: rebuild killed, {len(missing)} private memories gone"
    print(f"\ncrash/rebuild: runs={runs} private memories={len(acknowledged)} lost=0")
