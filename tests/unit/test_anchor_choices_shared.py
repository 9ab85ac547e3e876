"""What people chose about an imported record's anchors reaches the whole team (`lore.anchors.shared`):
`change_anchors` writes `.lore/anchors.yaml`, a fresh clone's import applies it, a pull that changes
only that file is applied without the record changing, an entry taken out takes the choice back, and a
file that cannot be read (merge conflict markers) is reported and changes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from lore.anchors import shared
from lore.anchors.choices import change_anchors, views
from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.memory import ValidationError
from tree_files import write

RECORD = "docs/adr/0001-read-models.md"
ENTRY = f"{RECORD}#adr"
MODEL = "symbol:typescript:SegmentReadModel@src/lib/features/segment/segment-read-model.ts"


@pytest.fixture
def workspace(tmp_workspace: Path) -> Path:
    return write(tmp_workspace, {
        "src/lib/features/segment/segment-read-model.ts": "export class SegmentReadModel {}\n",
        "src/lib/server-impl.ts": "export class Config {}\n",
        RECORD: "# 1. Read models\n\n## Status\n\nAccepted\n\n## Decision\n\nQueries go through `SegmentReadModel`.\n",
    })


def _open(root: Path) -> Lore:
    return Lore(root, user_db=False, embedder=HashEmbedder())


def _states(lore: Lore) -> dict[str, str]:
    (m,) = [m for m in lore.list(limit=100) if m.provenance.path == RECORD]
    return {v.key: v.state for v in views(m)}


def _record_id(lore: Lore) -> str:
    return next(m.id for m in lore.list(limit=100) if m.provenance.path == RECORD)


def test_choices_are_written_for_the_team_and_reach_a_fresh_clone(workspace: Path, tmp_path: Path):
    lore = _open(workspace)
    run_import(lore)
    change_anchors(lore, _record_id(lore), add=["src/lib/**"], drop=[MODEL])
    lore.close()
    data = yaml.safe_load(shared.path_of(workspace).read_text())
    assert data == {ENTRY: {"added": ["src/lib/**"], "dropped": [MODEL]}}

    clone = tmp_path / "clone"
    shutil.copytree(workspace, clone, ignore=shutil.ignore_patterns("lore.db*"))
    other = _open(clone)
    run_import(other)
    assert _states(other) == {"src/lib/**": "added"}
    assert other.memories_at("src/lib/features/segment/segment-read-model.ts", ["SegmentReadModel"], "typescript")[0][1] == "glob"
    other.close()


def test_a_pull_changing_only_the_choices_is_applied_and_an_entry_taken_out_takes_them_back(workspace: Path):
    lore = _open(workspace)
    run_import(lore)
    assert _states(lore) == {MODEL: "derived"}
    shared.path_of(workspace).write_text(yaml.safe_dump({ENTRY: {"added": ["src/lib/**"]}}))
    run_import(lore)
    assert _states(lore) == {MODEL: "derived", "src/lib/**": "added"}
    shared.path_of(workspace).write_text("# nothing chosen\n")
    summary = run_import(lore)
    assert _states(lore) == {MODEL: "derived"} and not summary.warnings
    lore.close()


def test_a_conflicted_choices_file_is_reported_changes_nothing_and_is_not_overwritten(workspace: Path):
    lore = _open(workspace)
    run_import(lore)
    change_anchors(lore, _record_id(lore), add=["src/lib/**"])
    conflicted = (f"<<<<<<< HEAD\n{ENTRY}:\n  added: [src/lib/**]\n=======\n{ENTRY}:\n  dropped: [{MODEL}]\n"
                  ">>>>>>> theirs\n")
    shared.path_of(workspace).write_text(conflicted)
    summary = run_import(lore)
    assert any("anchors.yaml:1: merge conflict" in w for w in summary.warnings)
    assert _states(lore) == {MODEL: "derived", "src/lib/**": "added"}
    with pytest.raises(ValidationError, match="merge conflict"):
        change_anchors(lore, _record_id(lore), add=["src/**"])
    assert shared.path_of(workspace).read_text() == conflicted
    assert "src/**" not in _states(lore)
    lore.close()


def test_an_import_of_other_files_applies_changed_choices_too(workspace: Path):
    """The server imports only the files a pull changed: a pull that changed only the choices names
    `.lore/anchors.yaml`, and the records whose entries changed are read again with it."""
    lore = _open(workspace)
    run_import(lore)
    shared.path_of(workspace).write_text(yaml.safe_dump({ENTRY: {"added": ["src/lib/**"]}}))
    run_import(lore, paths=[".lore/anchors.yaml"])
    assert _states(lore) == {MODEL: "derived", "src/lib/**": "added"}
    lore.close()


def test_the_merge_driver_falls_back_to_the_text_merge_when_a_version_cannot_be_read(tmp_path: Path):
    from lore.team.mergefile import merge_file

    base, ours, theirs = (tmp_path / n for n in ("base", "ours", "theirs"))
    base.write_text(shared.render({ENTRY: {"added": ["a/**"]}}))
    ours.write_text(shared.render({ENTRY: {"added": ["a/**", "b/**"]}}))
    theirs.write_text(f"{ENTRY}: [not, a, mapping\n")
    assert shared.merge(base.read_text(), ours.read_text(), theirs.read_text()) is None
    assert merge_file(base, ours, theirs, ".lore/anchors.yaml") == 1
    assert "<<<<<<<" in ours.read_text()


def test_a_renamed_record_keeps_its_choices_under_its_new_path(workspace: Path):
    lore = _open(workspace)
    run_import(lore)
    change_anchors(lore, _record_id(lore), add=["src/lib/**"], drop=[MODEL])
    moved = "docs/decisions/0001-read-models.md"
    (workspace / "docs/decisions").mkdir(parents=True)
    (workspace / RECORD).rename(workspace / moved)
    summary = run_import(lore)
    assert summary.renamed == 1
    assert yaml.safe_load(shared.path_of(workspace).read_text()) == {
        f"{moved}#adr": {"added": ["src/lib/**"], "dropped": [MODEL]}}
    (m,) = [m for m in lore.list(limit=100) if m.provenance.path == moved]
    assert {v.key: v.state for v in views(m)} == {"src/lib/**": "added"}
    lore.close()


def test_moving_entries_merges_into_one_already_moved():
    entries = {"a.md#adr": {"added": ["x/**"]}, "b.md#adr": {"added": ["y/**"]}, "c.md#adr": {"added": ["z/**"]}}
    assert shared.moved(entries, "a.md", "b.md") == {"b.md#adr": {"added": ["y/**", "x/**"]}, "c.md#adr": {"added": ["z/**"]}}
    assert shared.moved(entries, "d.md", "e.md") is None
