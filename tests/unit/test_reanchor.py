"""Team memories follow code renamed or moved in another clone (lore.team.reanchor): after a pull, path
and symbol anchors move with git's rename detection, every clone writes the same bytes, and two
clones that commit the same re-anchoring merge without a conflict."""

from __future__ import annotations

import difflib
import shutil
import subprocess
from pathlib import Path

import pytest

from lore.team import gitmoves
from lore.embedding.embedder import HashEmbedder
from lore.team.reanchor import HEAD_META
from lore.api import Lore

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

TEAM = """---
id: nightly-jobs
kind: decision
status: active
owner: ops   # who to ask
anchors:
  - app/jobs.py    # the scheduler entry
  - server/db/**
  - symbol:python:app.jobs.nightly_report
  - docs/keep.md
created: 2026-03-01T10:00:00Z
updated: 2026-03-02T10:00:00Z
---
# Nightly jobs run after the backup

The nightly report waits for the backup to finish.
"""
REL = ".lore/memories/nightly-jobs.md"
CODE = "def nightly_report(day):\n    rows = build(day)\n    return render(rows)\n\n\ndef other():\n    return 1\n"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com",
                           "-c", "init.defaultBranch=main", *args],
                          cwd=cwd, check=True, capture_output=True, text=True).stdout


def open_lore(root: Path) -> Lore:
    return Lore(root, user_db=root.parent / f"{root.name}-user.db", embedder=HashEmbedder())


def changed(before: str, after: str) -> list[str]:
    return [d for d in difflib.ndiff(before.splitlines(), after.splitlines()) if d[:1] in "+-"]


def team_repo(tmp_path: Path, names=("a", "b", "c")) -> list[Path]:
    """A bare remote with code and one team memory, cloned once per name; each clone's Lore has
    seen the first commit."""
    seed = tmp_path / "seed"
    for rel, text in {"app/jobs.py": CODE, "server/db/pool.py": "POOL = 1\n", "server/db/sql/q.sql": "select 1;\n",
                      "docs/keep.md": "# keep\n", REL: TEAM}.items():
        (seed / rel).parent.mkdir(parents=True, exist_ok=True)
        (seed / rel).write_text(text)
    git(seed, "init", "-q")
    git(seed, "add", "-A")
    git(seed, "commit", "-qm", "start")
    git(tmp_path, "clone", "-q", "--bare", str(seed), "remote.git")
    clones = []
    for name in names:
        git(tmp_path, "clone", "-q", "remote.git", name)
        with open_lore(tmp_path / name):
            pass
        clones.append(tmp_path / name)
    return clones


def push(clone: Path, message: str) -> None:
    git(clone, "add", "-A")
    git(clone, "commit", "-qm", message)
    git(clone, "push", "-q", "origin", "HEAD")


def anchors(root: Path) -> list[str]:
    with open_lore(root) as lore:
        return [a.to_text() for a in lore.get("nightly-jobs").anchors]


def test_head_is_read_from_git_files(tmp_path: Path):
    [a] = team_repo(tmp_path, ("a",))
    assert gitmoves.head_commit(a) == git(a, "rev-parse", "HEAD").strip()
    git(a, "pack-refs", "--all")
    assert gitmoves.head_commit(a) == git(a, "rev-parse", "HEAD").strip()
    git(a, "checkout", "-q", "--detach")
    assert gitmoves.head_commit(a) == git(a, "rev-parse", "HEAD").strip()
    assert gitmoves.head_commit(tmp_path / "seed" / "app") == git(tmp_path / "seed", "rev-parse", "HEAD").strip()


def test_a_file_and_a_folder_moved_elsewhere_move_the_anchors_the_same_way_in_every_clone(tmp_path: Path):
    a, b, c = team_repo(tmp_path)
    git(a, "mv", "app/jobs.py", "app/tasks.py")
    (a / "server" / "storage").mkdir()
    git(a, "mv", "server/db", "server/storage/db")
    push(a, "move the jobs and the database code")
    texts = []
    for clone in (b, c):
        git(clone, "pull", "-q", "--no-rebase", "origin", "main")
        assert (clone / REL).read_text() == TEAM, "the pull itself changes no team file"
        with open_lore(clone) as lore:
            m = lore.get("nightly-jobs")
            assert [x.to_text() for x in m.anchors] == ["app/tasks.py", "server/storage/db/**",
                                                          "symbol:python:app.tasks.nightly_report", "docs/keep.md"]
        texts.append((clone / REL).read_text())
    assert texts[0] == texts[1]
    assert changed(TEAM, texts[0]) == [
        "-   - app/jobs.py    # the scheduler entry", "+   - app/tasks.py",
        "-   - server/db/**", "+   - server/storage/db/**",
        "-   - symbol:python:app.jobs.nightly_report", "+   - symbol:python:app.tasks.nightly_report"]
    # Both commit the same re-anchoring: git merges it without a conflict.
    push(b, "lore: anchors follow the move")
    git(c, "commit", "-qam", "lore: anchors follow the move")
    git(c, "pull", "-q", "--no-rebase", "origin", "main")
    assert (c / REL).read_text() == texts[0]
    git(c, "push", "-q", "origin", "HEAD")
    git(a, "pull", "-q", "--no-rebase", "origin", "main")
    assert anchors(a)[0] == "app/tasks.py"
    assert git(a, "status", "--porcelain") == "", "the mover's own clone agrees with the committed file"


def test_a_symbol_renamed_in_another_clone_moves_its_anchor(tmp_path: Path):
    a, b = team_repo(tmp_path, ("a", "b"))
    (a / "app" / "jobs.py").write_text(CODE.replace("nightly_report", "nightly_summary"))
    push(a, "rename the report")
    git(b, "pull", "-q", "--no-rebase", "origin", "main")
    assert "symbol:python:app.jobs.nightly_summary" in anchors(b)
    assert changed(TEAM, (b / REL).read_text()) == ["-   - symbol:python:app.jobs.nightly_report",
                                                    "+   - symbol:python:app.jobs.nightly_summary"]


def test_what_is_unclear_or_uncommitted_stays(tmp_path: Path):
    a, b = team_repo(tmp_path, ("a", "b"))
    # A folder left half behind, a symbol whose code now appears twice: nothing is guessed.
    git(a, "mv", "server/db/pool.py", "server/pool.py")
    (a / "app" / "jobs.py").write_text(CODE.replace("nightly_report", "nightly_a")
                                       + "\n\n" + CODE.split("\n\n\n")[0].replace("nightly_report", "nightly_b") + "\n")
    push(a, "split")
    git(b, "pull", "-q", "--no-rebase", "origin", "main")
    assert anchors(b) == ["app/jobs.py", "server/db/**", "symbol:python:app.jobs.nightly_report", "docs/keep.md"]
    assert (b / REL).read_text() == TEAM
    # A move not yet committed (the working tree, an editor's buffer) rewrites nothing.
    git(b, "mv", "docs/keep.md", "docs/kept.md")
    assert anchors(b)[-1] == "docs/keep.md" and (b / REL).read_text() == TEAM


def test_nothing_runs_git_while_head_stays(tmp_path: Path, monkeypatch):
    [a] = team_repo(tmp_path, ("a",))
    calls = []
    monkeypatch.setattr(gitmoves, "run_git", lambda *args, **kw: calls.append(args))
    with open_lore(a) as lore:
        assert lore.store.get_meta(HEAD_META) == git(a, "rev-parse", "HEAD").strip()
    assert calls == []


def test_branch_and_return(tmp_path: Path):
    """A move on a branch committed with its re-anchoring: back on main the file is main's again,
    and nothing is rewritten."""
    [a] = team_repo(tmp_path, ("a",))
    git(a, "checkout", "-qb", "feature")
    git(a, "mv", "app/jobs.py", "app/tasks.py")
    git(a, "commit", "-qm", "move")
    assert anchors(a)[0] == "app/tasks.py"
    git(a, "commit", "-qam", "lore: anchors follow")
    git(a, "checkout", "-q", "main")
    assert anchors(a)[0] == "app/jobs.py"
    assert git(a, "status", "--porcelain") == "" and (a / REL).read_text() == TEAM


def test_nothing_is_rewritten_on_a_detached_head_or_mid_rebase(tmp_path: Path):
    """A bisect or a rebase walks through commits: the team files stay until a branch is checked out."""
    a, b = team_repo(tmp_path, ("a", "b"))
    git(a, "mv", "app/jobs.py", "app/tasks.py")
    push(a, "move")
    git(b, "fetch", "-q", "origin")
    git(b, "checkout", "-q", "--detach", "origin/main")
    assert anchors(b)[0] == "app/jobs.py" and (b / REL).read_text() == TEAM
    git(b, "checkout", "-q", "main")
    git(b, "merge", "-q", "--ff-only", "origin/main")
    assert anchors(b)[0] == "app/tasks.py", "followed once back on a branch, from the commit seen before"


def test_a_method_renamed_in_typescript_moves_its_anchor(tmp_path: Path):
    ts = ("export class OrderRepo {\n  save(order: Order): void {\n    this.db.insert('orders', order);\n"
          "    this.audit.log(order.id);\n  }\n\n  load(id: string): Order {\n    return this.db.get(id);\n  }\n}\n")
    memory = "---\nid: repo-writes\nanchors:\n  - symbol:typescript:OrderRepo.save\n---\n# Writes go through the audit log\n"
    seed = tmp_path / "seed"
    for rel, text in {"src/repo.ts": ts, ".lore/memories/repo-writes.md": memory}.items():
        (seed / rel).parent.mkdir(parents=True, exist_ok=True)
        (seed / rel).write_text(text)
    git(seed, "init", "-q")
    git(seed, "add", "-A")
    git(seed, "commit", "-qm", "start")
    with open_lore(seed):
        pass
    (seed / "src" / "repo.ts").write_text(ts.replace("save(", "persist("))
    git(seed, "commit", "-qam", "rename save")
    with open_lore(seed) as lore:
        assert [a.to_text() for a in lore.get("repo-writes").anchors] == ["symbol:typescript:OrderRepo.persist"]
    assert (seed / ".lore/memories/repo-writes.md").read_text() == memory.replace("save", "persist")


def test_a_file_in_conflict_is_re_anchored_once_resolved(tmp_path: Path):
    a, b = team_repo(tmp_path, ("a", "b"))
    git(a, "mv", "app/jobs.py", "app/tasks.py")
    push(a, "move")
    git(b, "pull", "-q", "--no-rebase", "origin", "main")
    conflicted = TEAM.replace("The nightly report", "<<<<<<< HEAD\nThe nightly report\n=======\nThe report\n>>>>>>> x\n")
    (b / REL).write_text(conflicted)
    with open_lore(b) as lore:
        assert any("anchors not moved: merge conflict in" in e for e in lore.team_errors), lore.team_errors
    assert (b / REL).read_text() == conflicted, "a person's merge is never overwritten"
    (b / REL).write_text(TEAM)
    assert anchors(b)[0] == "app/tasks.py"
