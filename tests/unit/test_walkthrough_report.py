"""The editor walkthrough's report (bench/walkthrough/report.py) reads which memories an editor showed
from the text it displayed: card headers in hovers (markdown in Neovim, rendered in VS Code), a
rendered memory's "# Title", and lens texts cut short; and judges each against the on-code labels."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from walkthrough import report  # noqa: E402

MEMORIES = [
    {"id": "a", "title": "ADR-012: Unified Elasticsearch/OpenSearch Client", "source": "docs/adr/012.md"},
    {"id": "b", "title": "RFC 0006: Unified Elasticsearch/OpenSearch Client", "source": "docs/rfc/0006.md"},
    {"id": "c", "title": "jaeger", "source": "cmd/jaeger/README.md"},
    {"id": "d", "title": "Badger Storage Record Layouts", "source": "docs/adr/005.md"},
]
LABEL = {
    "decision_paths": ["docs/adr/012.md", "docs/rfc/0006.md", "docs/adr/005.md"],
    "governed": [{"file": "es/backend_version.go", "decisions": ["docs/adr/012.md"],
                  "symbols": {"ResolveBackendVersion": ["docs/adr/012.md"]}}],
    "loosely_related": [{"file": "es/backend_version.go", "decision": "docs/rfc/0006.md", "verdict": "tolerated"}],
}
NVIM_HOVER = """**Lore**
⚖ **Decision** · [RFC 0006: Unified Elasticsearch/OpenSearch Client](file:///tmp/jaeger/docs/rfc/0006.md#L1)
Status: Implemented — graduated into ADR-012
[0006-unified-elasticsearch-….md:1](file:///tmp/jaeger/docs/rfc/0006.md#L1)
**History** · changed 6× this year; last: 'Add --backend flag' (#8985, 2026-07)"""
VSCODE_HOVER = """Lore
⚖ Decision · ADR-012: Unified Elasticsearch/OpenSearch Client
A single Jaeger-owned client carries all traffic
History · changed 6× this year"""


def titles(found: list[dict]) -> list[str]:
    return [m["id"] for m in found]


def test_card_headers_count_and_links_history_and_paths_do_not():
    assert titles(report.shown_memories(NVIM_HOVER, MEMORIES)) == ["b"], "not 'jaeger' from the link's path"
    assert titles(report.shown_memories(VSCODE_HOVER, MEMORIES)) == ["a"]
    assert titles(report.shown_memories("# Badger Storage Record Layouts\n*decision* · *active*", MEMORIES)) == ["d"]


def test_lens_texts_with_a_cut_title_a_count_and_several_lenses():
    assert titles(report.lens_memories("This file: ⚖ Badger Storage Record Layouts", MEMORIES)) == ["d"]
    assert titles(report.lens_memories("⚖ ADR-012: Unified Elasticsearch/OpenSearch Cl… · +1", MEMORIES)) == ["a"]
    both = "⚖ Badger Storage Record Layouts | ⚠ code changed since this decision: 8466d65 — Still true"
    assert titles(report.lens_memories(both, MEMORIES)) == ["d"]


def test_verdicts_follow_the_labels():
    assert report.verdict(LABEL, "es/backend_version.go", "docs/adr/012.md", "ResolveBackendVersion") == (
        "governs this file; `ResolveBackendVersion` is its subject")
    assert report.verdict(LABEL, "es/backend_version.go", "docs/adr/012.md", "String") == "governs this file"
    assert report.verdict(LABEL, "es/backend_version.go", "docs/rfc/0006.md") == "tolerated by the labels"
    assert report.verdict(LABEL, "other.go", "docs/adr/005.md").startswith("noise (a decision")
    assert report.verdict(LABEL, "other.go", "cmd/jaeger/README.md").startswith("noise (not a decision")


def test_a_governed_file_counts_only_a_lens_or_its_subject_symbol_and_silence_only_without_noise():
    on_other_symbol = [("String", "docs/adr/012.md"), ("BackendVersion", "docs/rfc/0006.md")]
    assert "NOT shown" in report.against_labels(LABEL, "es/backend_version.go", on_other_symbol, set())
    assert "1 governs this file, 1 tolerated by the labels" in report.against_labels(
        LABEL, "es/backend_version.go", on_other_symbol, set())
    on_subject = [("ResolveBackendVersion", "docs/adr/012.md")]
    assert "decision shown" in report.against_labels(LABEL, "es/backend_version.go", on_subject, set())
    assert "decision shown" in report.against_labels(LABEL, "es/backend_version.go", [(None, "docs/adr/012.md")], set())
    assert "silent, as it should be" in report.against_labels(LABEL, "other.go", [], set())
    assert "NOT silent" in report.against_labels(LABEL, "other.go", [("X", "docs/adr/005.md")], set())
