"""Anchors follow edits: renames move symbol anchors, changed bodies flag memories for review."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.anchors import extract_symbols
from lore.embedding.embedder import HashEmbedder
from lore.recall.follow import anchor_hash, follow_anchors, split_hash
from lore.memory import Anchor, Memory, Scope
from lore.api import Lore

SOURCE = "def nightly_report(day):\n    return build(day)\n\n\ndef other():\n    return 1\n"
REL = "app/jobs.py"


@pytest.fixture
def lore(tmp_path: Path):
    with Lore(tmp_path, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        yield lore


def _symbols(source: str):
    return extract_symbols(source, "python", REL)


def _remember(lore: Lore, scope: Scope, with_hash: bool) -> Memory:
    symbol = next(s for s in _symbols(SOURCE) if s.name == "nightly_report")
    anchor = Anchor("symbol", symbol.qualified_name, language="python", file=REL if with_hash else None,
                    content_hash=anchor_hash(symbol) if with_hash else None)
    return lore.add(Memory(title="Reports run at night", body="Load is low.", scope=scope,
                           anchors=[anchor]), embed=False).memory


@pytest.mark.parametrize(("edit", "anchor", "review"), [
    pytest.param(lambda s: s, "app.jobs.nightly_report", False, id="unchanged"),
    pytest.param(lambda s: "\n\n" + s.replace("(day)", "( day )"), "app.jobs.nightly_report", False,
                 id="moved-and-reformatted"),
    pytest.param(lambda s: s.replace("nightly_report", "nightly_summary"), "app.jobs.nightly_summary", False,
                 id="renamed"),
    pytest.param(lambda s: s.replace("return build(day)", "return fetch(day) or None"), "app.jobs.nightly_report",
                 True, id="body-changed"),
    pytest.param(lambda s: s.replace("def nightly_report(day):\n    return build(day)\n", ""),
                 "app.jobs.nightly_report", False, id="deleted-left-alone"),
])
def test_follow_stored_hash(lore: Lore, edit, anchor, review):
    m = _remember(lore, Scope.WORKSPACE, with_hash=True)
    follow_anchors(lore, REL, _symbols(edit(SOURCE)), {})
    after = lore.get(m.id)
    assert after.anchors[0].value == anchor
    assert after.needs_review is review


def test_anchor_without_hash_gets_a_baseline_then_follows_a_rename(lore: Lore):
    m = _remember(lore, Scope.WORKSPACE, with_hash=False)
    result = follow_anchors(lore, REL, _symbols(SOURCE), {})
    assert result.baselined == 1
    stored = lore.get(m.id).anchors[0]
    assert stored.file == REL and split_hash(stored.content_hash)[1]
    result = follow_anchors(lore, REL, _symbols(SOURCE.replace("nightly_report", "nightly")), {})
    assert result.renamed == [(m.id, "app.jobs.nightly_report", "app.jobs.nightly")]
    assert lore.get(m.id).anchors[0].value == "app.jobs.nightly"


def test_team_memory_baseline_stays_in_memory_until_a_rename(lore: Lore, tmp_path: Path):
    m = _remember(lore, Scope.TEAM, with_hash=False)
    team_file = tmp_path / m.provenance.path
    before = team_file.read_text()
    baselines: dict = {}
    follow_anchors(lore, REL, _symbols(SOURCE), baselines)
    assert team_file.read_text() == before, "opening a file never rewrites team files"
    assert (m.id, "app.jobs.nightly_report") in baselines
    follow_anchors(lore, REL, _symbols(SOURCE.replace("nightly_report", "nightly_summary")), baselines)
    assert "symbol:python:app.jobs.nightly_summary" in team_file.read_text()


def test_suffix_anchor_keeps_its_form_when_renamed(lore: Lore):
    source = "class Jobs:\n    def run(self):\n        return 1\n"
    symbol = next(s for s in _symbols(source) if s.name == "run")
    anchor = Anchor("symbol", "Jobs.run", language="python", file=REL, content_hash=anchor_hash(symbol))
    m = lore.add(Memory(title="run is idempotent", anchors=[anchor]), embed=False).memory
    follow_anchors(lore, REL, _symbols(source.replace("def run", "def execute")), {})
    assert lore.get(m.id).anchors[0].value == "Jobs.execute"
