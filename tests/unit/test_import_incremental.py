"""Incremental imports: touch, edit, delete, rename, user decisions kept, bad files, cancellation."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.memory import Status
from lore.api import Lore
from lore.ingest import run_import
from lore.ingest import runner
from lore.sources.ids import import_id

ADR = "# 1. Use queues\n\n## Status\n\nAccepted\n\n## Context\n\nJobs pile up.\n\n## Decision\n\nUse a queue.\n"
RULES = "# Rules\n\n## Style\n\nUse black.\n\n## Tests\n\nUse pytest.\n"


def write(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)


def by_title(lore: Lore) -> dict:
    return {m.title: m for m in lore.list(limit=500)}


def test_touch_costs_no_parse(lore, monkeypatch):
    write(lore.root, "docs/adr/0001-queues.md", ADR)
    run_import(lore)
    later = time.time() + 5
    os.utime(lore.root / "docs/adr/0001-queues.md", (later, later))
    calls = []
    monkeypatch.setattr(runner, "parse_file", lambda *a, **k: calls.append(a))
    summary = run_import(lore)
    assert calls == [] and summary.unchanged == 1 and summary.imported == 0 and summary.embedded == 0
    # The ledger took the new time: the next run does not even read the file.
    assert lore.store.sources.get("docs/adr/0001-queues.md").mtime == pytest.approx(later)


def test_edit_updates_in_place_and_keeps_usage(lore):
    write(lore.root, "docs/adr/0001-queues.md", ADR)
    run_import(lore)
    m = by_title(lore)["1. Use queues"]
    lore.record_surfaced([m.id])
    write(lore.root, "docs/adr/0001-queues.md", ADR.replace("Use a queue.", "Use a durable queue."))
    summary = run_import(lore)
    after = lore.get(m.id)
    assert (summary.updated, summary.added) == (1, 0)
    assert after.body == "Use a durable queue." and after.surfaced_count == 1 and after.created_at == m.created_at
    assert summary.embedded >= 1  # only the changed sections needed vectors


def test_removed_section_is_deprecated_and_restorable(lore):
    write(lore.root, "AGENTS.md", RULES)
    run_import(lore)
    tests = by_title(lore)["Tests"]
    write(lore.root, "AGENTS.md", "# Rules\n\n## Style\n\nUse black.\n")
    summary = run_import(lore)
    assert summary.deprecated == 1 and lore.get(tests.id).status is Status.DEPRECATED
    lore.restore(tests.id)
    run_import(lore)  # the user's restore outlives re-imports
    assert lore.get(tests.id).status is Status.ACTIVE
    write(lore.root, "AGENTS.md", RULES)  # the section comes back: the same memory, active
    assert run_import(lore).added == 0 and lore.get(tests.id).status is Status.ACTIVE


def test_user_forget_survives_an_edit(lore):
    write(lore.root, "AGENTS.md", RULES)
    run_import(lore)
    style = by_title(lore)["Style"]
    lore.forget(style.id)
    write(lore.root, "AGENTS.md", RULES.replace("Use black.", "Use ruff format."))
    run_import(lore)
    after = lore.get(style.id)
    assert after.status is Status.DEPRECATED and after.body == "Use ruff format."


def test_deleted_file_deprecates_its_memories(lore):
    write(lore.root, "AGENTS.md", RULES)
    write(lore.root, "src/app.py", "# DECISION: one process per core\nx = 1\n")
    run_import(lore)
    (lore.root / "src/app.py").unlink()
    summary = run_import(lore, paths=["src/app.py"])
    assert summary.deprecated == 1
    assert by_title(lore)["one process per core"].status is Status.DEPRECATED
    assert lore.store.sources.get("src/app.py").state == "removed"
    (lore.root / "AGENTS.md").unlink()
    assert run_import(lore).deprecated == 2


def test_renamed_file_keeps_its_memories(lore):
    """Same memory (usage and links kept); its id follows the path, as every fresh clone derives it."""
    write(lore.root, "AGENTS.md", RULES)
    write(lore.root, "app/jobs.py", "# DECISION: retry three times\ndef run():\n    pass\n")
    run_import(lore)
    before = {t: m for t, m in by_title(lore).items()}
    lore.record_surfaced([before["retry three times"].id])
    (lore.root / "docs").mkdir()
    os.rename(lore.root / "app/jobs.py", lore.root / "app/tasks.py")
    summary = run_import(lore)
    after = by_title(lore)
    assert summary.renamed == 1 and (summary.added, summary.deprecated) == (0, 0)
    m = after["retry three times"]
    assert m.id == import_id("app/tasks.py", m.provenance.key) and m.provenance.path == "app/tasks.py"
    assert (m.created_at, m.surfaced_count) == (before["retry three times"].created_at, 1)
    assert [a.to_text() for a in m.anchors] == ["symbol:python:app.tasks.run"] and m.anchors[0].file == "app/tasks.py"


def test_git_rename_with_an_edit_keeps_the_memory(lore):
    write(lore.root, "docs/adr/0001-queues.md", ADR)
    git = ["git", "-C", str(lore.root)]
    subprocess.run([*git, "add", "-A"], check=True, capture_output=True)
    subprocess.run([*git, "commit", "-qm", "adr"], check=True, capture_output=True)
    run_import(lore)
    mid = by_title(lore)["1. Use queues"].id
    subprocess.run([*git, "mv", "docs/adr/0001-queues.md", "docs/adr/0001-use-queues.md"], check=True)
    path = lore.root / "docs/adr/0001-use-queues.md"
    path.write_text(path.read_text() + "\n## Consequences\n\nOne more service.\n")
    summary = run_import(lore)
    m = lore.get(import_id("docs/adr/0001-use-queues.md", "adr"))
    assert summary.renamed_ids == {mid: m.id}
    assert summary.renamed == 1 and summary.added == 0
    assert m.provenance.path == "docs/adr/0001-use-queues.md" and m.status is Status.ACTIVE


def test_supersession_follows_edits_of_either_file(lore):
    write(lore.root, "docs/adr/0001-queues.md", ADR)
    write(lore.root, "docs/adr/0002-streams.md", "# 2. Use streams\n\n## Status\n\nAccepted\n")
    run_import(lore)
    write(lore.root, "docs/adr/0001-queues.md", ADR.replace("Accepted", "Superseded by [ADR-0002](0002-streams.md)"))
    run_import(lore, paths=["docs/adr/0001-queues.md"])
    t = by_title(lore)
    assert t["1. Use queues"].superseded_by == [t["2. Use streams"].id]
    write(lore.root, "docs/adr/0001-queues.md", ADR)
    run_import(lore)
    t = by_title(lore)
    assert t["1. Use queues"].superseded_by == [] and t["1. Use queues"].status is Status.ACTIVE


def test_one_bad_file_never_stops_an_import(lore, monkeypatch):
    write(lore.root, "a/AGENTS.md", RULES)
    write(lore.root, "b/AGENTS.md", RULES)
    real = runner.parse_file

    def flaky(importer, rel, *a, **k):
        if rel == "a/AGENTS.md":
            raise RuntimeError("parser bug")
        return real(importer, rel, *a, **k)

    monkeypatch.setattr(runner, "parse_file", flaky)
    summary = run_import(lore)
    assert summary.skipped == {"error": 1} and summary.added == 2
    assert "a/AGENTS.md:1: not imported: RuntimeError: parser bug" in summary.warnings


def test_secrets_are_redacted_with_a_warning(lore):
    token = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
    write(lore.root, "AGENTS.md", f"# Rules\n\n## Release\n\nAlways publish with {token} in CI.\n")
    summary = run_import(lore)
    body = by_title(lore)["Release"].body
    assert token not in body and "[REDACTED" in body
    assert any(w.startswith("AGENTS.md:5: redacted 1 secret: github-token") for w in summary.warnings)
    write(lore.root, ".cursor/rules/ci.mdc", f"---\ndescription: CI uses {token}\n---\n" + "Publish tags. " * 100)
    summary = run_import(lore)
    assert any(w.startswith(".cursor/rules/ci.mdc:2: redacted 1 secret") for w in summary.warnings)
    rows = lore.store.db.query("SELECT text FROM sections") + lore.store.db.query("SELECT title || meta FROM memories")
    assert rows and not any(token in r[0] for r in rows)


def test_cancel_stops_between_files_without_deprecating(lore):
    for i in range(5):
        write(lore.root, f"m{i}/AGENTS.md", RULES)
    run_import(lore)
    for i in range(5):
        write(lore.root, f"m{i}/AGENTS.md", RULES.replace("black", f"black {i}"))
    seen = []
    summary = run_import(lore, cancelled=lambda: len(seen) >= 2, progress=lambda d, t, p: seen.append(p))
    assert summary.cancelled and summary.imported == 2 and summary.deprecated == 0


def test_team_memory_files_are_part_of_import(lore):
    write(lore.root, ".lore/memories/use-uv.md", "---\nid: team00000001\nkind: convention\n---\n# Use uv\n")
    summary = run_import(lore)
    assert summary.added == 1 and lore.get("team00000001").title == "Use uv"


def test_deleted_folder_named_explicitly(lore):
    write(lore.root, "svc/a.py", "# DECISION: a\nx = 1\n")
    write(lore.root, "svc/sub/b.py", "# DECISION: b\nx = 1\n")
    write(lore.root, "other.py", "# DECISION: c\nx = 1\n")
    run_import(lore)
    import shutil

    shutil.rmtree(lore.root / "svc")
    summary = run_import(lore, paths=["svc"])
    assert summary.deprecated == 2 and by_title(lore)["c"].status is Status.ACTIVE


def test_supersedes_written_only_in_the_successor(lore):
    write(lore.root, "docs/adr/0001-queues.md", ADR)
    write(lore.root, "docs/adr/0002-streams.md", "# 2. Use streams\n\nSupersedes ADR-0001.\n\n## Status\n\nAccepted\n")
    run_import(lore)
    t = by_title(lore)
    old, new = t["1. Use queues"], t["2. Use streams"]
    assert old.status is Status.SUPERSEDED and old.superseded_by == [new.id]
    lore.restore(old.id)  # the user disagrees: the import does not link it again
    run_import(lore)
    write(lore.root, "docs/adr/0002-streams.md", "# 2. Use streams\n\nSupersedes ADR-0001.\n\n## Status\n\nApproved\n")
    run_import(lore)
    again = lore.get(old.id)
    assert again.status is Status.ACTIVE and again.superseded_by == []


def test_nothing_changed_means_nothing_written(lore):
    write(lore.root, "docs/adr/0001-queues.md", ADR)
    write(lore.root, "docs/adr/0002-streams.md", "# 2. Use streams\n\nSupersedes ADR-0001.\n")
    write(lore.root, "CLAUDE.md", "# P\n\n## W\n\nSee @docs/notes.md\n")
    write(lore.root, "docs/notes.md", "## Notes\n\nKeep notes short.\n")
    run_import(lore)
    watcher = Lore(lore.root, user_db=lore.root.parent / "user2.db", embedder=HashEmbedder(), sync_team=False)
    try:
        before = watcher.store.db.data_version()
        summary = run_import(lore)
        assert summary.unchanged == 4 and watcher.store.db.data_version() == before
    finally:
        watcher.close()
