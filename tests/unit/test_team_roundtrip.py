"""A hand-written team file (keys Lore does not know, comments, blank lines, its own order) goes
through every rewrite Lore makes, one after another; after each, a diff shows that only the lines
meant to change did: the needs-review flag (none: it is this clone's state), a symbol anchor
followed through an edit, a path anchor moved by a rename pulled from git, forget and restore,
supersede (both files), and a person's own change of anchors."""

from __future__ import annotations

import difflib
import shutil
import subprocess
from pathlib import Path

import pytest

from lore.anchors import extract_symbols
from lore.embedding.embedder import HashEmbedder
from lore.recall.follow import follow_anchors
from lore.memory import Anchor
from lore.api import Lore

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

HAND = """---
# Decided at the March architecture review
id: use-postgres
kind: decision
status: active
author: Dana <dana@example.com>
reviewers:
  - sam   # storage
  - lee

tags: [storage, db, ops]   # order matters to us
anchors:
  - server/db/pool.py        # the pool
  - symbol:python:app.jobs.nightly_report
  - docs/storage.md          # keep: the storage guide
created: 2026-03-01T10:00:00Z
updated: 2026-03-02T10:00:00Z
ticket: OPS-12
---
# Use Postgres for storage

We use Postgres.

<!-- a note for reviewers only -->

## Why

Transactions and JSONB.
"""
OTHER = """---
id: use-pg16
status: active   # since April
owner: dana
---
# Postgres 16 everywhere

All services move to Postgres 16.
"""
REL = ".lore/memories/use-postgres.md"
OTHER_REL = ".lore/memories/use-pg16.md"
CODE = "def nightly_report(day):\n    return build(day)\n"


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "-c", "init.defaultBranch=main",
                    *args], cwd=cwd, check=True, capture_output=True)


def diff(before: str, after: str) -> list[str]:
    """The lines a rewrite removed (-) and added (+)."""
    return [d for d in difflib.ndiff(before.splitlines(), after.splitlines()) if d[:1] in "+-"]


def test_a_hand_written_file_survives_every_rewrite(tmp_path: Path):
    for rel, text in {REL: HAND, OTHER_REL: OTHER, "server/db/pool.py": "POOL = 1\n", "app/jobs.py": CODE}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "start")
    path, other = tmp_path / REL, tmp_path / OTHER_REL

    def lore() -> Lore:
        return Lore(tmp_path, user_db=tmp_path / "user.db", embedder=HashEmbedder())

    with lore() as lo:
        assert path.read_text() == HAND, "reading a file writes nothing"
        # The code under a symbol anchor changed: flagged for review in this clone's database only.
        symbols = extract_symbols(CODE, "python", "app/jobs.py")
        baselines: dict = {}
        follow_anchors(lo, "app/jobs.py", symbols, baselines)
        follow_anchors(lo, "app/jobs.py", extract_symbols(CODE.replace("build(day)", "fetch(day)"), "python",
                                                          "app/jobs.py"), dict(baselines))
        assert lo.get("use-postgres").needs_review and path.read_text() == HAND
        # The symbol renamed in the editor: its line alone changes, in place.
        follow_anchors(lo, "app/jobs.py", extract_symbols(CODE.replace("nightly_report", "nightly_summary"),
                                                          "python", "app/jobs.py"), baselines)
    step1 = path.read_text()
    assert diff(HAND, step1) == ["-   - symbol:python:app.jobs.nightly_report",
                                 "+   - symbol:python:app.jobs.nightly_summary"]

    # A rename committed elsewhere and pulled: the path anchor's line alone changes, in place.
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "follow")
    (tmp_path / "server" / "storage").mkdir()
    git(tmp_path, "mv", "server/db/pool.py", "server/storage/pool.py")
    git(tmp_path, "commit", "-qm", "move the pool")
    with lore() as lo:
        assert [a.to_text() for a in lo.get("use-postgres").anchors][0] == "server/storage/pool.py"
    step2 = path.read_text()
    assert diff(step1, step2) == ["-   - server/db/pool.py        # the pool", "+   - server/storage/pool.py"]

    with lore() as lo:
        lo.forget("use-postgres")
        assert diff(step2, path.read_text()) == ["- status: active", "+ status: deprecated"]
        lo.restore("use-postgres")
        assert path.read_text() == step2

        lo.supersede("use-postgres", ["use-pg16"])
        assert diff(step2, path.read_text()) == ["- status: active", "+ status: superseded",
                                                 "+ superseded_by:", "+ - use-pg16"]
        assert diff(OTHER, other.read_text()) == ["+ supersedes:", "+ - use-postgres"]
        lo.restore("use-postgres")
        assert path.read_text() == step2

        # A person changes the anchors: those lines and `updated:` change, nothing else.
        m = lo.get("use-postgres")
        m.anchors = [a for a in m.anchors if a.to_text() != "docs/storage.md"] + [Anchor.parse("server/api/**")]
        lo.update(m)
    changed = diff(step2, path.read_text())
    assert changed[:2] == ["-   - docs/storage.md          # keep: the storage guide", "+   - server/api/**"]
    assert changed[2] == "- updated: 2026-03-02T10:00:00Z" and changed[3].startswith("+ updated: '20")
    assert len(changed) == 4
    for kept in ("# Decided at the March architecture review", "  - sam   # storage", "ticket: OPS-12",
                 "tags: [storage, db, ops]   # order matters to us", "<!-- a note for reviewers only -->"):
        assert kept in path.read_text()
