"""The cheap paths of an import: the ignore pre-check agrees with pathspec, an unchanged re-import loads
no model, and a walked file swapped for a link before it is read is still refused."""

from __future__ import annotations

import os
from pathlib import Path

import pathspec
import pytest

from lore.embedding.embedder import HashEmbedder
from lore.api import Lore
from lore.ingest import run_import
from lore.sources.discover import Candidate
from lore.sources.ignorecheck import SpecCheck, union_regex
from lore.ingest.runner import Importer
from lore.sources.summary import ImportSettings, ImportSummary

GITIGNORE = """
# comment
node_modules
*.log
!keep.log
/build/
docs/**/*.tmp
a?c.txt
[Tt]emp/
**/cache
\\#hash
trailing\\ 
out/*
!out/kept/
dir/
"""
PATHS = ["node_modules", "node_modules/", "x/node_modules/y.js", "a.log", "x/keep.log", "keep.log", "build/",
         "build/x", "src/build/", "docs/a/b/c.tmp", "docs/c.tmp", "abc.txt", "a/c.txt", "Temp/", "temp/x",
         "cache/", "a/b/cache", "#hash", "trailing ", "out/x", "out/kept/", "out/kept/y", "dir", "dir/", "x/dir/",
         "src/main.py", "README.md", "", "x/y/z/w.go", "ac.txt", "a.logx", "node_modulesx"]


def test_pre_check_gives_pathspecs_verdict_on_every_path():
    spec = pathspec.GitIgnoreSpec.from_lines(GITIGNORE.splitlines())
    check = SpecCheck(spec)
    assert check.any not in (None, False)  # the joined regex is in use, not the fallback
    for path in PATHS:
        assert check.include(path) == spec.check_file(path).include, path


@pytest.mark.parametrize(("lines", "expected"), [
    pytest.param([], False, id="no-patterns"),
    pytest.param(["# only a comment", ""], False, id="comments-only"),
])
def test_pre_check_of_a_spec_without_patterns(lines, expected):
    assert union_regex(pathspec.GitIgnoreSpec.from_lines(lines)) is expected


class CountingEmbedder(HashEmbedder):
    """A hash embedder that, like the real one, knows its dimension only once loaded."""

    def __init__(self):
        super().__init__()
        self.real_dim, self.dim, self.loads, self.loaded = self.dim, 0, 0, False

    def load(self):
        self.loads += not self.loaded
        self.dim, self.loaded = self.real_dim, True
        return self


def test_unchanged_re_import_loads_no_model(tmp_path):
    root = tmp_path / "ws"
    (root / "docs" / "adr").mkdir(parents=True)
    (root / "docs" / "adr" / "0001-use-queues.md").write_text(
        "# 1. Use queues\n\n## Status\n\nAccepted\n\n## Context\n\nJobs pile up.\n\n## Decision\n\nUse a queue.\n")
    first = CountingEmbedder()
    with Lore(root, user_db=tmp_path / "user.db", embedder=first) as lore:
        assert run_import(lore).embedded > 0 and first.loads == 1
    again = CountingEmbedder()
    with Lore(root, user_db=tmp_path / "user.db", embedder=again) as lore:
        summary = run_import(lore)
        assert summary.unchanged == 1 and summary.embedded == 0 and again.loads == 0
        (root / "docs" / "adr" / "0002-use-postgres.md").write_text(
            "# 2. Use Postgres\n\n## Status\n\nAccepted\n\n## Decision\n\nUse Postgres.\n")
        assert run_import(lore).embedded > 0 and again.loads == 1


def test_walked_file_replaced_by_a_link_out_is_refused(tmp_path):
    root, outside = tmp_path / "ws", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (outside / "secret.py").write_text("# DECISION: outside\n")
    os.symlink(outside / "secret.py", root / "a.py")  # after the walk saw a plain file here
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        summary = ImportSummary()
        run = Importer(lore, ImportSettings(), summary, None, None)
        run.one(Candidate("a.py", str(Path(root, "a.py")), "comments", True))
        assert summary.skipped == {"outside workspace": 1} and summary.imported == 0


class OneShotEmbedder(CountingEmbedder):
    """Notes how many files the ledger held when the model loaded, and whether it was let go."""

    def __init__(self, lore_ref: list):
        super().__init__()
        self.lore_ref, self.ledger_at_load, self.unloads = lore_ref, None, 0

    def load(self):
        if not self.loaded:
            self.ledger_at_load = len(self.lore_ref[0].store.sources.all())
        return super().load()

    def unload(self):
        self.unloads += 1
        self.loaded = False


def test_one_shot_first_import_loads_the_model_before_reading_and_lets_it_go(tmp_path):
    root = tmp_path / "ws"
    (root / "docs" / "adr").mkdir(parents=True)
    (root / "docs" / "adr" / "0001-use-queues.md").write_text(
        "# 1. Use queues\n\n## Status\n\nAccepted\n\n## Decision\n\nUse a queue.\n")
    ref: list = []
    emb = OneShotEmbedder(ref)
    with Lore(root, user_db=tmp_path / "user.db", embedder=emb) as lore:
        ref.append(lore)
        assert run_import(lore, one_shot=True).embedded > 0
        assert emb.loads == 1 and emb.ledger_at_load == 0 and emb.unloads == 1
        run_import(lore, one_shot=True)  # nothing to embed: neither loaded again nor let go twice
        assert emb.loads == 1 and emb.unloads == 1
    second = OneShotEmbedder(ref)
    ref[0] = None
    with Lore(root, user_db=tmp_path / "user.db", embedder=second) as lore:
        ref[0] = lore
        (root / "docs" / "adr" / "0002-use-postgres.md").write_text(
            "# 2. Use Postgres\n\n## Status\n\nAccepted\n\n## Decision\n\nUse Postgres.\n")
        assert run_import(lore, one_shot=True).embedded > 0
        assert second.loads == 1 and second.ledger_at_load == 2  # not a first import: loaded once both are read
