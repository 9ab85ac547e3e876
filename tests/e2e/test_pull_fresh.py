"""Fresh after every pull: the poll that notices a pull without the editor's file watcher (lsp/watch.py),
and `lore search` run alone right after a pull ranking the pulled team memory first, by meaning."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lore.lsp.watch import PullWatch

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

MEMORY = """\
---
id: {id}
kind: decision
status: active
---
# {title}

{body}
"""

PULLED = ("hook000000001", "Retry webhook deliveries with exponential backoff",
          "When the receiving server is down, we try again later with growing pauses and jitter.")
ALREADY = [
    ("pay0000000001", "Handle failed payments by emailing the customer",
     "A failed card charge sends the customer a mail with a link to update the card."),
    ("log0000000001", "Log every call to the billing API",
     "Calls to the billing API are logged with their request id, never with card numbers."),
    ("db00000000001", "Use Postgres for all storage", "We run one Postgres cluster per region."),
]


def git(cwd: Path, *args: str) -> str:
    """Run git as a named person; its output."""
    return subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com",
                           "-c", "init.defaultBranch=main", *args],
                          cwd=cwd, check=True, capture_output=True, text=True).stdout


def write_memory(root: Path, name: str, mid: str, title: str, body: str) -> None:
    folder = root / ".lore" / "memories"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(MEMORY.format(id=mid, title=title, body=body))


def clones(root: Path) -> tuple[Path, Path]:
    """A bare remote with three team memories and a decision record, and two clones of it."""
    seed = root / "seed"
    seed.mkdir()
    for n, (mid, title, body) in enumerate(ALREADY):
        write_memory(seed, f"m{n}.md", mid, title, body)
    (seed / "docs" / "adr").mkdir(parents=True)
    (seed / "docs" / "adr" / "0001-queues.md").write_text("# 1. Use a queue\n\nJobs go through a queue.\n")
    git(seed, "init", "-q")
    git(seed, "add", "-A")
    git(seed, "commit", "-qm", "start")
    git(root, "clone", "-q", "--bare", str(seed), "remote.git")
    git(root, "clone", "-q", "remote.git", "mine")
    git(root, "clone", "-q", "remote.git", "theirs")
    return root / "mine", root / "theirs"


def push_from(theirs: Path) -> None:
    """The other developer remembers something about webhooks and changes the decision record."""
    write_memory(theirs, "retry-webhooks.md", *PULLED)
    (theirs / "docs" / "adr" / "0001-queues.md").write_text("# 1. Use a queue\n\nJobs go through Redis.\n")
    git(theirs, "add", "-A")
    git(theirs, "commit", "-qm", "remember webhook retries")
    git(theirs, "push", "-q", "origin", "HEAD")


def test_the_poll_sees_a_pull_and_nothing_else(tmp_path: Path):
    mine, theirs = clones(tmp_path)
    watch = PullWatch(mine)
    watch.baseline()
    assert not watch.poll()  # its cost is measured by bench/pull_bench.py

    push_from(theirs)
    assert not watch.poll(), "a push elsewhere changes nothing here"
    git(mine, "pull", "-q", "--no-rebase", "origin", "main")
    assert watch.poll()
    assert watch.changes() == [".lore/memories/retry-webhooks.md", "docs/adr/0001-queues.md"]
    assert not watch.poll() and watch.changes() == []


def test_a_pull_half_done_is_read_once_it_has_settled(tmp_path: Path):
    """A pull writes the work tree under git's index lock and moves HEAD after: read in between, one
    pull would be two changes (and two imports). The watch waits until nothing moves and git is done."""
    mine, theirs = clones(tmp_path)
    watch = PullWatch(mine)
    watch.baseline()
    push_from(theirs)
    git(mine, "fetch", "-q", "origin")
    lock = mine / ".git" / "index.lock"
    lock.write_text("")  # the merge is writing the tree...
    for rel in (".lore/memories/retry-webhooks.md", "docs/adr/0001-queues.md"):
        (mine / rel).write_text(git(mine, "show", f"FETCH_HEAD:{rel}"))
    assert watch.poll()
    assert not watch.settled(), "just moved: look again before reading"
    assert not watch.settled(), "git still holds the index lock"
    lock.unlink()  # ...then locks its branch to move HEAD, which may wait on a disk flush...
    ref_lock = mine / ".git" / "refs" / "heads" / "main.lock"
    ref_lock.write_text("")
    assert not watch.settled(), "git holds the branch's lock"
    ref_lock.unlink()  # ...and moves it
    git(mine, "update-ref", "-m", "pull: Fast-forward", "HEAD", "FETCH_HEAD")
    assert not watch.settled(), "HEAD moved since the last look"
    assert watch.settled()
    assert watch.changes() == [".lore/memories/retry-webhooks.md", "docs/adr/0001-queues.md"]
    assert not watch.poll()


def test_a_team_file_written_elsewhere_is_seen_without_git(tmp_path: Path):
    mine, _ = clones(tmp_path)
    watch = PullWatch(mine)
    watch.baseline()
    write_memory(mine, "new.md", "new0000000001", "Something new", "Written by another process.")
    assert watch.poll()
    assert watch.changes() == [".lore/memories/new.md"]
    (mine / ".lore" / "memories" / "new.md").unlink()
    assert watch.poll() and watch.changes() == [".lore/memories/new.md"]


def test_a_folder_inside_the_repository_gets_its_own_paths(tmp_path: Path):
    mine, theirs = clones(tmp_path)
    (theirs / "svc" / "docs").mkdir(parents=True)
    (theirs / "svc" / "docs" / "notes.md").write_text("# Notes\n")
    git(theirs, "add", "-A")
    git(theirs, "commit", "-qm", "svc")
    git(theirs, "push", "-q", "origin", "HEAD")
    (mine / "svc").mkdir()
    watch = PullWatch(mine / "svc")
    watch.baseline()
    git(mine, "pull", "-q", "--no-rebase", "origin", "main")
    assert watch.poll() and watch.changes() == ["docs/notes.md"]


def lore_search(ws: Path, query: str) -> list[dict]:
    done = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), "search", query, "--json"],
                          capture_output=True, text=True, env=dict(os.environ), timeout=300, check=True)
    return json.loads(done.stdout)


@pytest.mark.model
def test_the_cli_alone_ranks_a_pulled_memory_first_by_meaning(tmp_path: Path, model_dir: Path):
    mine, theirs = clones(tmp_path)
    query = "what do we do when webhook calls fail"
    before = lore_search(mine, query)  # the database exists and everything in it has a vector
    assert before and PULLED[0] not in [h["id"] for h in before]
    push_from(theirs)
    git(mine, "pull", "-q", "--no-rebase", "origin", "main")
    started = time.perf_counter()
    hits = lore_search(mine, query)
    print(f"pull -> `lore search` found it first: {time.perf_counter() - started:.2f} s")
    assert hits[0]["id"] == PULLED[0], [(h["id"], h["why"]) for h in hits]
    assert any(w.startswith("meaning ") for w in hits[0]["why"]), hits[0]["why"]
