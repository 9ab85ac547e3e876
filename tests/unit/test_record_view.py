"""The view of a record whose memory is its decision section: the reader gets what the decision speaks
of ("the record layouts described above"): the context first, then the record's parts before the
decision by name and line, then the decision under its heading (`sources.adr.body_part`)."""

from lore.sources.adr import parse_adr
from lore.wire.views import memory_markdown

# Shaped after jaeger's docs/adr/005-badger-storage-record-layouts.md (jaegertracing/jaeger, Apache-2.0).
RECORD = """# Badger Storage Record Layouts

* **Status**: Documented existing implementation
* **Date**: 2026-03-12

## Context

Jaeger supports Badger as an embedded key-value store.

## Record Layouts

### Key Prefix Summary

Spans use the prefix `0x80`.

## Query Execution

Queries scan keys by prefix.

## Decision

The record layouts described above were chosen for lexicographic range scans.

## Consequences

Keys sort by time.
"""
PATH = "docs/adr/005-badger-storage-record-layouts.md"


def view(link=None) -> str:
    m = parse_adr(PATH, RECORD).memories[0]
    return memory_markdown(m, link) if link else memory_markdown(m)


def test_the_decision_comes_after_its_context_and_the_parts_it_speaks_of():
    md = view()
    context, parts, decision = md.index("## Context"), md.index("Record Layouts (line 10)"), md.index("## Decision")
    assert context < parts < decision < md.index("The record layouts described above")
    assert "Query Execution (line 16)" in md and f"`{PATH}` goes on with" in md
    assert "Key Prefix Summary" not in md.split("## Decision")[0].split("goes on with")[1]  # top-level parts only
    assert "Status" not in md.split("goes on with")[1].split("## Decision")[0]
    assert "## Why" not in md


def test_the_parts_link_to_their_lines_where_the_face_gives_links():
    md = view(lambda path, line: f"file:///repo/{path}" + (f"#L{line}" if line else ""))
    assert f"Record Layouts ([line 10](file:///repo/{PATH}#L10))" in md


def test_a_record_without_a_decision_section_reads_as_before():
    m = parse_adr(PATH, "# Use Postgres\n\nWe use Postgres for everything.\n").memories[0]
    md = memory_markdown(m)
    assert "goes on with" not in md and "## Decision" not in md and "We use Postgres for everything." in md


def test_the_parts_after_the_decision_are_named_with_their_lines():
    """`lore show` ended at the decision: spine's retry record says under Consequences that messages "can also be in
    'Retry Pending' status", and nothing said that part was there."""
    md = view()
    after = md.split("The record layouts described above")[1]
    assert "After it" in after and "Consequences (line 24)" in after


def test_a_record_without_a_decision_part_shows_its_context_once():
    text = "# The Runner\n\n## Context\n\nForms run on a shared runner.\n\n## Runner Architecture\n\nOne process per form.\n"
    md = memory_markdown(parse_adr(PATH, text).memories[0])
    assert md.count("Forms run on a shared runner.") == 1 and "## Why" not in md
