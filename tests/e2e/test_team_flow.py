"""A team of three shares memories through git (issue 17): a bare remote, three clones, a language
server running in one (`alice`, polling for pulls, no file watcher) and the command line alone in
the other two (`bob`, `carol`). The whole flow runs with real git: remember, push and pull,
a conflicting edit and its resolution, a team memory superseding an imported ADR, the same memory
forgotten in two clones, anchored code renamed and moved, a branch and the way back.

At the end: the only conflict is the one a person typed, no conflict marker reached a database,
every link resolves in every clone, and every clone's database says what its team files say.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lsp_raw import RawServer

from lore.team import files as teamfiles

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

SERVER_PATH = Path(__file__).resolve().parents[2] / "server"
CODE = ("def nightly_report(day):\n    rows = load_rows(day)\n    totals = summarise(rows)\n"
        "    return render(totals)\n\n\ndef helper():\n    return 1\n")
ADR = "# 1. Use MySQL\n\n## Status\n\nAccepted\n\n## Decision\n\nWe store orders in MySQL.\n"
ADR_REL = "docs/adr/0001-use-mysql.md"
TEAM = ".lore/memories"


class Clone:
    """One developer's clone: git and `lore` run in it as that developer."""

    def __init__(self, root: Path, name: str, conflicts: list[str]):
        self.root, self.name, self.conflicts = root, name, conflicts
        self.user_db = root.parent / f"{name}-user.db"

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(["git", "-c", f"user.name={self.name.title()}", "-c", f"user.email={self.name}@example.com",
                               *args], cwd=self.root, capture_output=True, text=True)
        if check and done.returncode:
            raise AssertionError(f"{self.name}: git {' '.join(args)}: {done.stdout}{done.stderr}")
        return done

    def commit(self, message: str) -> None:
        self.git("add", "-A")
        self.git("commit", "-qm", message)

    def push(self) -> None:
        self.git("push", "-q", "origin", "HEAD:main")

    def pull(self) -> bool:
        """`git pull`; a conflict is recorded (with the files git names) and False returned."""
        done = self.git("pull", "--no-rebase", "origin", "main", check=False)
        if done.returncode == 0:
            return True
        text = done.stdout + done.stderr
        assert "CONFLICT" in text, f"{self.name}: pull failed without a conflict: {text}"
        self.conflicts += [f"{self.name}: {line}" for line in text.splitlines() if line.startswith("CONFLICT")]
        return False

    def lore(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        env = {**os.environ, "LORE_EMBEDDER": "hash", "LORE_USER_DB": str(self.user_db),
               "PYTHONPATH": os.pathsep.join([str(SERVER_PATH), os.environ.get("PYTHONPATH", "")])}
        done = subprocess.run([sys.executable, "-m", "lore", "-w", str(self.root), *args], capture_output=True,
                              text=True, env=env, timeout=120)
        if check and done.returncode:
            raise AssertionError(f"{self.name}: lore {' '.join(args)}: {done.stdout}{done.stderr}")
        return done

    def json(self, *args: str):
        return json.loads(self.lore(*args, "--json").stdout)

    def files(self) -> dict[str, str]:
        folder = self.root / TEAM
        return {p.name: p.read_text() for p in sorted(folder.glob("*.md"))} if folder.is_dir() else {}


def seed(tmp: Path) -> Path:
    root = tmp / "seed"
    for rel, text in {"app/jobs.py": CODE, ADR_REL: ADR, "README.md": "# Shop\n",
                      ".gitattributes": f"{TEAM}/*.md merge=lore\n"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    for args in (("init", "-q", "-b", "main"), ("add", "-A"), ("commit", "-qm", "start")):
        subprocess.run(["git", "-c", "user.name=Seed", "-c", "user.email=seed@example.com", *args], cwd=root,
                       check=True, capture_output=True)
    subprocess.run(["git", "clone", "-q", "--bare", str(root), str(tmp / "remote.git")], check=True)
    return tmp / "remote.git"


def server_call(server: RawServer, command: str, args: dict) -> dict:
    answer = server.request("workspace/executeCommand", {"command": command, "arguments": [args]})
    assert "result" in answer, answer
    return answer["result"]


def until(check, what: str, timeout: float = 20.0) -> float:
    """Seconds until `check()` is true; fails after the timeout."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if check():
            return time.perf_counter() - start
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {what}")


def database_equals_files(c: Clone) -> None:
    """Every team file's id, status and anchors are the database's; a team memory without a file is retired."""
    rows = {m["id"]: m for m in c.json("list", "--scope", "team", "-n", "10000")
            if (m["source"]["path"] or "").startswith(TEAM + "/")}
    files = {}
    for name, text in c.files().items():
        assert "<<<<<<<" not in text and ">>>>>>>" not in text, f"{c.name}: conflict markers in {name}"
        m = teamfiles.parse(text, f"{TEAM}/{name}")
        files[m.id] = (m.status.value, sorted(a.to_text() for a in m.anchors))
    in_db = {mid: (m["status"], sorted(m["anchors"])) for mid, m in rows.items() if mid in files}
    assert in_db == files, f"{c.name}: database {in_db} != files {files}"
    for mid, m in rows.items():
        assert mid in files or m["status"] == "deprecated", f"{c.name}: {mid} has no file but is {m['status']}"
        assert all(marker not in m["body"] for marker in ("<<<<<<<", ">>>>>>>")), f"{c.name}: markers imported"


def test_three_clones_share_memories_like_code(tmp_path: Path):
    remote = seed(tmp_path)
    conflicts: list[str] = []
    clones = {}
    for name in ("alice", "bob", "carol"):
        subprocess.run(["git", "clone", "-q", str(remote), str(tmp_path / name)], check=True)
        c = clones[name] = Clone(tmp_path / name, name, conflicts)
        driver = f"env PYTHONPATH={SERVER_PATH} {sys.executable} -m lore merge-file %O %A %B %P"
        c.git("config", "merge.lore.driver", driver)
    alice, bob, carol = clones["alice"], clones["bob"], clones["carol"]
    server = RawServer(alice.root, env={"LORE_USER_DB": str(alice.user_db)}, timeout=60)
    try:
        server.initialize()
        server.wait_status()
        for c in (bob, carol):
            c.lore("import")
        adr_id = next(m["id"] for m in bob.json("list") if m["source"]["path"] == ADR_REL)
        assert adr_id == next(m["id"] for m in carol.json("list") if m["source"]["path"] == ADR_REL)
        until(lambda: adr_id in [m["id"] for m in alice.json("list")], "alice's server imports the ADR")

        # -- remember, push, pull: found first in both other clones --------------------------------
        hooks = bob.json("add", "--scope", "team", "--title", "Retry webhook deliveries with exponential backoff",
                         "--body", "Failed webhook deliveries are retried with backoff and jitter, at most 8 times.")
        jobs = bob.json("add", "--scope", "team", "--title", "The nightly report runs after the backup",
                        "--body", "Reports read the backup replica.", "--anchor", "app/jobs.py",
                        "--anchor", "symbol:python:app.jobs.nightly_report")
        bob.commit("remember: webhooks and the nightly report")
        bob.push()
        query = "webhook delivery retry backoff"
        assert alice.pull()
        server_s = until(lambda: (server_call(server, "lore.search", {"query": query, "limit": 5})["hits"] or
                                  [{}])[0].get("id") == hooks["id"], "alice's server finds the pulled memory first")
        assert carol.pull()
        start = time.perf_counter()
        hits = carol.json("search", query)
        cli_s = time.perf_counter() - start
        assert hits[0]["id"] == hooks["id"], hits
        print(f"pull -> found first: server {server_s:.2f} s, CLI alone {cli_s:.2f} s")

        # -- a conflicting edit, typed by two people, resolved by one ----------------------------------
        name = f"{TEAM}/retry-webhook-deliveries-with-exponential-backoff.md"
        for c, times in ((carol, "10"), (alice, "5")):
            (c.root / name).write_text((c.root / name).read_text().replace("at most 8 times", f"at most {times} times"))
            c.commit(f"webhooks: {times} retries")
        carol.push()
        assert not alice.pull(), "both rewrote the same sentence: a person decides"
        assert "<<<<<<<" in (alice.root / name).read_text()
        shown = alice.lore("show", hooks["id"], "--json")
        assert "merge conflict in " + name in shown.stderr and "<<<<<<<" not in json.loads(shown.stdout)["body"]
        (alice.root / name).write_text(teamfiles.render(teamfiles.parse(
            (bob.root / name).read_text().replace("at most 8 times", "at most 6 times"), name)))
        alice.git("add", name)
        alice.git("commit", "-qm", "webhooks: settle on 6 retries")
        alice.push()
        for c in (alice, bob, carol):
            assert c is alice or c.pull()
            assert c.pull()
            assert "at most 6 times" in c.json("show", hooks["id"])["body"]

        # -- a team memory supersedes the imported ADR: the link resolves in every clone ---------------
        pg = carol.json("add", "--scope", "team", "--title", "Store orders in Postgres, not MySQL",
                        "--supersedes", adr_id)
        carol.commit("decide: postgres")
        carol.push()
        for c in (alice, bob):
            assert c.pull()
        until(lambda: alice.json("show", adr_id)["status"] == "superseded", "alice sees the ADR superseded")
        for c in clones.values():
            adr = c.json("show", adr_id)
            assert adr["status"] == "superseded" and adr["supersededBy"] == [pg["id"]], (c.name, adr)

        # -- the same memory forgotten in two clones: no conflict ---------------------------------------
        for c in (bob, carol):
            c.lore("forget", hooks["id"])
            c.commit("forget the webhook memory")
        bob.push()
        assert carol.pull()
        carol.push()
        assert alice.pull() and bob.pull()

        # -- anchored code renamed and moved in one clone: every other clone re-anchors the same way ----
        jobs_name = f"{TEAM}/the-nightly-report-runs-after-the-backup.md"
        before = (alice.root / jobs_name).read_text()
        (alice.root / "app" / "tasks").mkdir()
        alice.git("mv", "app/jobs.py", "app/tasks/jobs.py")
        (alice.root / "app/tasks/jobs.py").write_text(CODE.replace("nightly_report", "nightly_summary"))
        alice.git("add", "app")
        alice.git("commit", "-qm", "move the nightly report into tasks")
        alice.push()
        for c in (bob, carol):
            assert c.pull()
            assert c.json("show", jobs["id"])["anchors"] == ["app/tasks/jobs.py",
                                                             "symbol:python:app.tasks.jobs.nightly_summary"]
        until(lambda: (alice.root / jobs_name).read_text() != before, "alice's server re-anchors after its own commit")
        texts = {c.name: (c.root / jobs_name).read_text() for c in clones.values()}
        assert len(set(texts.values())) == 1, texts
        for c in clones.values():
            c.commit("lore: anchors follow the move")
        bob.push()
        assert carol.pull() and alice.pull()
        carol.push()
        assert alice.pull()
        alice.push()
        assert bob.pull() and carol.pull()

        # -- a branch and the way back --------------------------------------------------------------------
        bob.git("checkout", "-qb", "flags")
        flag = bob.json("add", "--scope", "team", "--title", "Feature flags live in config/flags.yaml")
        bob.commit("remember: flags")
        bob.git("checkout", "-q", "main")
        assert bob.json("show", flag["id"])["status"] == "deprecated"
        assert flag["id"] not in [h["id"] for h in bob.json("search", "feature flags config")]
        bob.git("checkout", "-q", "flags")
        assert bob.json("show", flag["id"])["status"] == "active"
        bob.git("checkout", "-q", "main")

        # -- the end state ------------------------------------------------------------------------------
        for c in clones.values():
            assert c.pull()
        assert conflicts == [f"alice: CONFLICT (content): Merge conflict in {name}"], conflicts
        final = {c.name: c.files() for c in clones.values()}
        assert final["alice"] == final["bob"] == final["carol"]
        for c in clones.values():
            assert c.git("status", "--porcelain").stdout == "", (c.name, c.git("status", "--porcelain").stdout)
            database_equals_files(c)
            for m in c.json("list", "-n", "10000"):
                for linked in m["supersedes"] + m["supersededBy"]:
                    assert c.json("show", linked)["id"] == linked
        assert alice.json("show", jobs["id"])["decided"]["by"] == "Bob <bob@example.com>"
    finally:
        server.close()


def test_an_anchor_chosen_for_an_imported_record_reaches_the_other_clones_through_git(tmp_path: Path):
    remote = seed(tmp_path)
    bob, carol = (Clone(tmp_path / name, name, []) for name in ("bob", "carol"))
    for c in (bob, carol):
        subprocess.run(["git", "clone", "-q", str(remote), str(c.root)], check=True)
        c.lore("import")
    adr_id = next(m["id"] for m in bob.json("list") if m["source"]["path"] == ADR_REL)
    bob.lore("anchors", adr_id, "--add", "app/jobs.py")
    bob.commit("anchor the MySQL decision to the jobs")
    bob.push()
    assert carol.pull()
    assert (carol.root / ".lore" / "anchors.yaml").is_file()
    carol.lore("import")
    shown = carol.json("anchors", adr_id)
    assert {"anchor": "app/jobs.py", "state": "added", "why": None} in shown["anchors"], shown
    context = carol.lore("context", "--file", "app/jobs.py").stdout
    assert "Use MySQL" in context, context

    carol.lore("anchors", adr_id, "--drop", "app/jobs.py")
    carol.commit("the jobs do not touch MySQL")
    carol.push()
    assert bob.pull()
    bob.lore("import")
    shown = bob.json("anchors", adr_id)
    assert shown["anchors"] == [] and shown["dropped"] == ["app/jobs.py"], shown
