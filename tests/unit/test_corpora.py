"""Real decision corpora (tests/fixtures/corpora, copied first): counts, links, titles and anchors read by hand."""

from __future__ import annotations

import os
import shutil
from collections import Counter
from pathlib import Path

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.memory import Kind, SourceKind, Status
from lore.api import Lore
from lore.ingest import run_import

CORPORA = Path(os.environ.get("LORE_CORPORA") or Path(__file__).resolve().parents[1] / "fixtures" / "corpora")


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    """Each corpus copied to a temporary folder and imported once: name -> (Lore, summary)."""
    out = {}
    base = tmp_path_factory.mktemp("corpora")
    for name in ("Unleash__unleash", "celestiaorg__celestia-app", "guardian__dotcom-rendering"):
        root = base / name
        shutil.copytree(CORPORA / name, root)
        lore = Lore(root, user_db=base / "user.db", embedder=HashEmbedder())
        out[name] = (lore, run_import(lore))
    yield out
    for lore, _ in out.values():
        lore.close()


def adrs(lore: Lore) -> dict[str, object]:
    return {m.provenance.path: m for m in lore.list(limit=1000) if m.provenance.kind is SourceKind.ADR}


def by_source(lore: Lore, path: str) -> list:
    return [m for m in lore.list(limit=1000) if m.provenance.path == path]


@pytest.mark.parametrize(("corpus", "expected"), [
    # Unleash ADRs carry no status lines; one says "SUPERSEDED BY" in its body.
    pytest.param("Unleash__unleash", {"active": 27, "superseded": 1}, id="unleash"),
    # celestia: 19 Implemented + 1 Accepted; Proposed 018, 025 and Draft 027, 028, spectrum;
    # 005 "Deprecated in favor of"; 009 "Implemented. Superseded by ADR-013".
    pytest.param("celestiaorg__celestia-app", {"active": 20, "proposed": 5, "deprecated": 1, "superseded": 1},
                 id="celestia"),
    # guardian: Storybook / Script Loading ("In progress") / proposed-adrs are proposed; historic-adrs
    # holds ADRs that "no longer apply" (000-architecture-decision-records.md), 016 and multiple-sites
    # are "Superseded by"; dotenv.md in historic-adrs is a how-to, not a decision record.
    pytest.param("guardian__dotcom-rendering", {"active": 33, "proposed": 3, "deprecated": 3, "superseded": 2},
                 id="guardian"),
])
def test_adr_counts_per_status(imported, corpus, expected):
    lore, summary = imported[corpus]
    assert not summary.skipped
    assert Counter(m.status.value for m in adrs(lore).values()) == expected


@pytest.mark.parametrize(("corpus", "old", "new"), [
    pytest.param("celestiaorg__celestia-app", "docs/architecture/adr-009-non-interactive-default-rules-for-reduced-padding.md",
                 "docs/architecture/adr-013-non-interactive-default-rules-for-zero-padding.md", id="celestia-009-by-013"),
    pytest.param("guardian__dotcom-rendering", "dotcom-rendering/docs/architecture/historic-adrs/016-react-context-api.md",
                 "dotcom-rendering/docs/architecture/028-react-context-api.md", id="guardian-016-by-028"),
    pytest.param("Unleash__unleash", "contributing/ADRs/front-end/deprecated/preferred-styles-import-placement.md",
                 "contributing/ADRs/front-end/preferred-styling-method.md", id="unleash-styles"),
])
def test_supersession_links_resolve_to_the_successor(imported, corpus, old, new):
    lore, _ = imported[corpus]
    found = adrs(lore)
    assert found[old].status is Status.SUPERSEDED
    assert found[old].superseded_by == [found[new].id]
    assert found[new].status is Status.ACTIVE and found[new].supersedes == [found[old].id]


def test_partial_supersession_and_missing_successor_do_not_invent_links(imported):
    celestia, _ = imported["celestiaorg__celestia-app"]
    adr006 = adrs(celestia)["docs/architecture/adr-006-non-interactive-defaults.md"]
    assert adr006.status is Status.ACTIVE and adr006.superseded_by == []  # "Parts of this ADR were superseded"
    guardian, summary = imported["guardian__dotcom-rendering"]
    sites = adrs(guardian)["dotcom-rendering/docs/architecture/historic-adrs/multiple-sites.md"]
    assert sites.status is Status.SUPERSEDED and sites.superseded_by == []
    assert any("multiple-sites.md" in w and "007-multiple-sites-revisited.md" in w for w in summary.warnings)
    assert any(w.startswith("dotcom-rendering/docs/architecture/018-react-hooks.md:15: unknown status")
               for w in summary.warnings)


@pytest.mark.parametrize(("corpus", "path", "title", "date"), [
    pytest.param("celestiaorg__celestia-app", "docs/architecture/adr-001-abci++-adoption.md",
                 "ADR 001: ABCI++ Adoption", "2022-03-03", id="celestia-001"),
    pytest.param("celestiaorg__celestia-app", "docs/architecture/adr-022-multi-versioned-state-machine.md",
                 "ADR 022: Multi-Versioned State Machine", "2024-03-15", id="celestia-022-changelog-date"),
    pytest.param("Unleash__unleash", "contributing/ADRs/overarching/logging-levels.md",
                 "ADR: Logging levels", "2025-03-20", id="unleash-front-matter-title"),
    pytest.param("guardian__dotcom-rendering", "dotcom-rendering/docs/architecture/004-emotion.md",
                 "Emotion", None, id="guardian-heading-title"),
])
def test_titles_and_dates(imported, corpus, path, title, date):
    m = adrs(imported[corpus][0])[path]
    assert (m.title, m.date, m.kind) == (title, date, Kind.DECISION)


def test_adr_sections_are_indexed_with_their_lines(imported):
    lore, _ = imported["guardian__dotcom-rendering"]
    m = adrs(lore)["dotcom-rendering/docs/architecture/002-componentisation.md"]
    secs = lore.store.db.query("SELECT heading, line FROM sections WHERE memory_id = ? ORDER BY ordinal", (m.id,))
    assert [h for h, _ in secs] == [None, "Context", "Decision", "Consequences"]  # "Accepted" alone: no section
    assert dict(secs)["Consequences"] == 26 and m.body.startswith("We will build our rendering layer using components")
    assert m.rationale and m.rationale.startswith("Currently, our CSS is bundled")


def test_index_pages_are_not_decisions(imported):
    lore, _ = imported["Unleash__unleash"]
    found = adrs(lore)
    assert len(found) == 28 and "contributing/ADRs/ADRs.md" not in found
    assert sum(1 for m in found.values() if m.title == "ADR: Preferred export") == 2


def test_nested_claude_md_applies_to_its_folder(imported):
    lore, _ = imported["celestiaorg__celestia-app"]
    nested = by_source(lore, "x/forwarding/CLAUDE.md")
    assert {m.title for m in nested} == {"CLAUDE.md - Forwarding Module", "Quick Reference", "Key Concepts",
                                          "Review Checklist"}  # the two mermaid/command blocks say nothing alone
    assert all([a.to_text() for a in m.anchors] == ["x/forwarding/**"] for m in nested)
    assert lore.memories_at("x/forwarding/keeper/keeper.go")
    assert not any(m.provenance.path == "x/forwarding/CLAUDE.md" for m, _ in lore.memories_at("app/app.go"))


def test_root_rules_are_repository_wide(imported):
    lore, _ = imported["celestiaorg__celestia-app"]
    root = {m.title: m for m in by_source(lore, "CLAUDE.md")}
    assert root["Simplicity Rules: PRs"].kind is Kind.CONVENTION
    assert "Keep PRs under 700 lines of code" in root["Simplicity Rules: PRs"].body
    assert all(not m.anchors for m in root.values())
    copilot = {m.title: m for m in by_source(lore, ".github/copilot-instructions.md")}
    assert "Test-First Development" in copilot and not copilot["Test-First Development"].anchors
    assert [a.to_text() for a in copilot["Go-Specific Guidelines: Testing"].anchors] == ["lang:go"]
    assert "testify/assert" in copilot["Go-Specific Guidelines: Testing"].body


def test_agents_md_and_its_text_symlink(imported):
    lore, _ = imported["Unleash__unleash"]
    agents = {m.title: m for m in by_source(lore, "AGENTS.md")}
    assert "Composition Root Pattern" in agents and all(not m.anchors for m in agents.values())
    assert by_source(lore, "CLAUDE.md") == []  # holds just "AGENTS.md": a symlink stored as text


def test_style_guide_rules_get_language_anchors(imported):
    lore, _ = imported["guardian__dotcom-rendering"]
    style = {m.title: m for m in by_source(lore, "dotcom-rendering/docs/contributing/code-style.md")}
    m = style["TypeScript: Always used named exports"]
    assert m.kind is Kind.CONVENTION and [a.to_text() for a in m.anchors] == ["lang:typescript"]


def test_second_import_changes_nothing(imported):
    for lore, first in imported.values():
        again = run_import(lore)
        assert again.imported == 0 and again.unchanged == first.files_seen
        assert (again.added, again.updated, again.deprecated) == (0, 0, 0)
