"""Git itself runs `lore merge-file` (the driver `lore init` registers) when two branches changed the
same team memory: fields both sides changed are merged, a process per merge as in a real pull. The
driver's merging rules are tests/unit/test_team_merge.py, in process.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lore.cli.main import main

REL = ".lore/memories/use-postgres.md"
TEAM_FILE = """---
id: use-postgres
kind: decision
status: active
tags: [storage, db, ops]
created: 2026-03-01T10:00:00Z
updated: 2026-03-02T10:00:00Z
---
# Use Postgres for storage

We use Postgres.

## Why

Transactions and JSONB.
"""


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=cwd,
                          check=True, capture_output=True, text=True).stdout


def _tags(tags: str) -> str:
    return TEAM_FILE.replace("tags: [storage, db, ops]", f"tags: [{tags}]")


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_git_uses_the_driver_after_lore_init(tmp_path: Path):
    root = tmp_path / "repo"
    (root / ".lore" / "memories").mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    (root / REL).write_text(TEAM_FILE)
    assert main(["-w", str(root), "init"]) == 0
    assert ".lore/memories/*.md merge=lore" in (root / ".gitattributes").read_text()
    assert "merge-file" in _git(root, "config", "merge.lore.driver")
    server = Path(__file__).resolve().parents[2] / "server"
    _git(root, "config", "merge.lore.driver",  # the code under test, not another installed copy
         f"env PYTHONPATH={server}{os.pathsep}{os.environ.get('PYTHONPATH', '')} {sys.executable} -m lore merge-file %O %A %B %P")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    _git(root, "checkout", "-qb", "feature")
    (root / REL).write_text(_tags("storage, db, ops, sql"))
    _git(root, "commit", "-qam", "feature")
    _git(root, "checkout", "-q", "main")
    (root / REL).write_text(_tags("db, ops"))
    _git(root, "commit", "-qam", "main")
    _git(root, "merge", "-q", "--no-edit", "feature")
    assert "tags: [db, ops, sql]" in (root / REL).read_text()


CHOICES = ".lore/anchors.yaml"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_anchor_choices_chosen_on_two_branches_merge_entry_by_entry(tmp_path: Path):
    """Both sides change the same record's list (a text merge conflicts there) and each anchors another
    record: the driver merges entry by entry and list by list, and a choice taken back on one side
    stays out."""
    from lore.anchors import shared

    queues = "docs/adr/0002-queues.md#adr"
    root = tmp_path / "repo"
    (root / ".lore").mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    (root / CHOICES).write_text(shared.render({queues: {"added": ["app/queue.py", "app/old_queue.py"]}}))
    assert main(["-w", str(root), "init"]) == 0
    assert ".lore/anchors.yaml merge=lore" in (root / ".gitattributes").read_text().splitlines()
    server = Path(__file__).resolve().parents[2] / "server"
    _git(root, "config", "merge.lore.driver",
         f"env PYTHONPATH={server}{os.pathsep}{os.environ.get('PYTHONPATH', '')} {sys.executable} -m lore merge-file %O %A %B %P")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    _git(root, "checkout", "-qb", "feature")
    (root / CHOICES).write_text(shared.render({
        queues: {"added": ["app/queue.py", "app/old_queue.py", "app/worker.py"]},
        "docs/adr/0001-mysql.md#adr": {"added": ["app/jobs.py"]}}))
    _git(root, "commit", "-qam", "anchor the worker and mysql")
    _git(root, "checkout", "-q", "main")
    (root / CHOICES).write_text(shared.render({
        queues: {"added": ["app/queue.py"]}, "docs/adr/0003-cache.md#adr": {"dropped": ["app/**"]}}))
    _git(root, "commit", "-qam", "anchor cache, take back the old queue")
    _git(root, "merge", "-q", "--no-edit", "feature")
    assert shared.read(root) == {
        "docs/adr/0001-mysql.md#adr": {"added": ["app/jobs.py"]},
        queues: {"added": ["app/queue.py", "app/worker.py"]},
        "docs/adr/0003-cache.md#adr": {"dropped": ["app/**"]}}
