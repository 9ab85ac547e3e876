"""A decision log (one page, many decisions under headings of their own) is read as that many decision
records, each with its own lines, status, date, anchors and supersessions; pages that only look like one
(a journal, an index of records, a record's own sections) are not. Formats after afomera/relay's
DECISIONS.md, AliKelDev/JarivIAs' docs/decision-log.md and 0-Br/claudex's docs/decisions.md."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.memory import Kind, SourceKind, Status
from lore.sources.decision_log import LOG_META, log_entries
from tree_files import write

RELAY = """\
# Implementation decisions

Each entry records a design choice made during implementation where the spec left room. Entries are
append-only: if we change course later, add a new entry instead of rewriting.

## D1 — v1 ships SQLite only; Postgres is a typed stub

`relay-db` is fronted by an `AnyPool` abstraction, but v1 only implements the SQLite backend in
`crates/relay-db/src/sqlite.rs`. Postgres variants compile but return an error.

**Rationale:** shipping one backend first keeps the data layer sharp; the second is additive.

## D2 — Temporary hostnames: adjective, noun and four hex digits

Random hostnames follow adjective-noun-hex (e.g. `bright-otter-a9f2`). Wordlists live in
`crates/relay-edge/src/wordlists.rs`, about three hundred of each.

**Rationale:** memorable for a dev session, unambiguous in URLs, collision-safe with the hex suffix.

## D3 — Postgres backend landed (supersedes D1's typed stub)

Postgres is now a first-class backend alongside SQLite in `crates/relay-db/src/postgres.rs`. The stub
behaviour D1 documented no longer exists, and both migrations run in CI.
"""

DATED = """\
# Decision Log

This file records architecture decisions to avoid re-litigating the same choices.

## 2026-02-16: Frontend Framework and Hosting Pattern

### Decision

Use `Next.js` on `Firebase App Hosting` for the portal web app, one deployable app for pages and server code.

### Why

- Firebase App Hosting has first-class support for Next.js.
- The product needs server-side capabilities for OAuth handling and agent endpoints.

## 2026-02-17: Approval Policy Baseline for Side Effects

### Decision

Ship V1 with explicit approval for Gmail send and a recipient allowlist to reduce repeated confirmations.

### Why

- Prevent accidental high-impact side effects from agent and tool actions.
"""

UNDER_TITLE = """\
# claudex decision log

An append-only log of the project's decisions.

### 2026-09-27: Publish as a standalone repository

**Choice**: the repository, the Python package, the command and the environment variables all keep the
name `claudex`; install by git tag with uv tool, never as an editable checkout.

### 2026-09-28: One configuration file for every source

**Choice**: every source is declared in one `claudex.toml`; each source lists only the models it picked,
and the gateway address is fixed at `127.0.0.1:8317` so no module has to agree on a port.
"""


def _titles(rel: str, text: str) -> list[str] | None:
    parsed = log_entries(rel, text)
    return None if parsed is None else [m.title for m in parsed.memories]


def test_each_entry_is_a_record_with_its_own_lines_number_and_date():
    relay = log_entries("DECISIONS.md", RELAY).memories
    assert [m.title for m in relay] == ["D1 — v1 ships SQLite only; Postgres is a typed stub",
                                        "D2 — Temporary hostnames: adjective, noun and four hex digits",
                                        "D3 — Postgres backend landed (supersedes D1's typed stub)"]
    assert all(m.kind is Kind.DECISION and m.provenance.kind is SourceKind.ADR for m in relay)
    lines = RELAY.split("\n")
    assert [m.provenance.line for m in relay] == [i + 1 for i, ln in enumerate(lines) if ln.startswith("## D")]
    first, last = relay[1].meta[LOG_META]
    assert lines[first - 1].startswith("## D2") and lines[last].startswith("## D3")
    assert [m.meta["adr_number"] for m in relay] == [1, 2, 3]
    assert relay[2].meta["refs"]["supersedes"][0]["number"] == 1
    assert len({m.id for m in relay}) == 3

    dated = log_entries("docs/decision-log.md", DATED).memories
    assert [m.date for m in dated] == ["2026-02-16", "2026-02-17"]
    assert dated[0].body.startswith("Use `Next.js`")  # the Decision part, as a record's
    assert [s.heading for s in dated[0].sections][1:] == ["Decision", "Why"]

    assert _titles("docs/decisions.md", UNDER_TITLE) == ["2026-09-27: Publish as a standalone repository",
                                                         "2026-09-28: One configuration file for every source"]


def test_a_numbered_log_page_titles_no_entry_and_its_status_is_each_entrys():
    """nshkrdotcom/flowstone (MIT): `05-decision-record.md`, "**Status:** Design Proposal" over "## ADR-001: …" to
    "## ADR-010: …", gave nine entries titled "5. Decision record" (the log's number is no entry's) and ten active."""
    text = ("# Decision record\n\n**Status:** Design Proposal\n\n" + "".join(
        f"## ADR-00{n}: Adopt part {n}\n\nWe adopt part {n} of the plugin design for the runners, because each "
        f"runner needs part {n} to load its plugins without a restart.\n\n" for n in range(1, 4))
        + "## ADR-004: Keep the registry\n\n**Status:** Accepted\n\nWe keep the registry as it is, because every "
        "runner reads it and a new one would cost a migration.\n\n")
    parsed = log_entries("docs/design/05-decision-record.md", text)
    assert [m.title for m in parsed.memories] == ["ADR-001: Adopt part 1", "ADR-002: Adopt part 2",
                                                  "ADR-003: Adopt part 3", "ADR-004: Keep the registry"]
    assert [m.status for m in parsed.memories] == [Status.PROPOSED] * 3 + [Status.ACTIVE]
    assert not any("belongs to another record" in w for w in map(str, parsed.warnings))


def test_an_entry_title_keeps_what_its_heading_writes_as_code():
    """afomera/relay's D5 heading writes its hostname shape in a code span; angle brackets in code are text,
    not HTML tags to drop (the title read "Temporary hostnames: --")."""
    text = RELAY.replace("## D2 — Temporary hostnames: adjective, noun and four hex digits",
                         "## D2 — Temporary hostnames: `<adj>-<noun>-<4 hex>` ##")
    text = text.replace("## D1 — v1 ships SQLite only;", "## D1 — v1 ships **SQLite** only;")
    titles = [m.title for m in log_entries("DECISIONS.md", text).memories]
    assert titles[:2] == ["D1 — v1 ships SQLite only; Postgres is a typed stub",
                          "D2 — Temporary hostnames: <adj>-<noun>-<4 hex>"]


@pytest.mark.parametrize("rel, text", [
    pytest.param("docs/journal.md", DATED, id="dated-headings-in-a-page-not-named-for-decisions"),
    pytest.param("docs/architecture.md", RELAY, id="short-ids-in-a-page-not-named-for-decisions"),
    pytest.param("docs/adr/README.md", "# Decisions\n\n" + "".join(
        f"## ADR-00{n}: Use thing {n}\n\nWe use thing {n} for the reasons given in the record, which says more "
        f"than this.\n\n" for n in (1, 2, 3)), id="a-read-me"),
    pytest.param("docs/adr/decisions.md", "# Decisions\n\n" + "".join(
        f"## ADR-00{n}: Use thing {n}\n\nA short summary of why thing {n} won over the other candidates; "
        f"see [the record](000{n}-use-thing-{n}.md).\n\n" for n in (1, 2, 3)), id="an-index-of-records"),
    # AWeber-Imbi/imbi docs/api/adr.md (BSD-3-Clause): each entry's heading links to its record, over a long summary
    pytest.param("docs/api/adr.md", "# Architecture Decision Records\n\n## ADR Index\n\n" + "".join(
        f"#### [ADR 000{n}: Thing {n} architecture](adr/000{n}-thing-{n}-architecture.md)\n\n*Date: 2025-12-30 | "
        f"Status: Accepted*\n\nComprehensive design for thing {n}, including its storage, its tokens and its keys.\n\n"
        "**Key Decisions:**\n\n" + "".join(f"- Point {k} of the design, with the reason it was chosen over others\n"
                                            for k in range(8)) + "\n---\n\n" for n in (1, 2, 3)),
                 id="an-index-whose-headings-link-their-records"),
    pytest.param("docs/adr/0005-use-postgres.md", "# 5. Use Postgres\n\n## Status\n\nAccepted\n\n## Context\n\n"
                 "We need a database that the whole team can run locally and in production alike, and more.\n\n"
                 "## Decision\n\nWe will use Postgres for every service that keeps state, from now on.\n",
                 id="one-record"),
    pytest.param("DECISIONS.md", "# Decisions\n\n## D1 — Use X\n\nShort.\n\n## D2 — Use Y\n\nAlso short.\n",
                 id="entries-that-say-nothing"),
    # nats-io/nats-architecture-and-design adr/ADR-54.md (Apache-2.0): one record's numbered options
    pytest.param("adr/ADR-54.md", "# Codecs\n\n" + "".join(
        f"## {n}. {name}Codec\n\nThe {name} codec encodes a subject token as described here, with the rules for "
        f"its characters and its length that every client follows.\n\n" for n, name in ((1, "NoOp"), (2, "Base64"),
                                                                                    (3, "Path"))),
                 id="a-numbered-record-with-numbered-parts"),
    # CivicPress/civicpress docs/test-skip-decision.md (MIT): one decision, then the tests it skipped, numbered
    pytest.param("docs/test-skip-decision.md", "# Test Skip Decision\n\n## Decision\n\nRather than removing the "
                 "failing tests, we skipped them using `.skip()`, so that they keep documenting the behaviour.\n\n"
                 "## Skipped Tests\n\n" + "".join(
                     f"### {n}. `tests/api/records.test.ts:{n}54`\n\n- **Test**: should keep workflowState {n}\n"
                     f"- **Reason**: the test database's migration runs after the first insert of the suite\n\n"
                     for n in (1, 2, 3)), id="one-decision-numbering-what-it-covers"),
])
def test_pages_that_are_no_log(rel, text):
    assert log_entries(rel, text) is None


# Shaped on grafana/k6's openspec/changes/archive/2026-06-11-add-feature-flags/design.md (AGPL-3.0).
DESIGN = """## Context

Experimental capabilities are toggled by ad-hoc environment variables with no registry or discovery,
so users cannot find what exists and maintainers accumulate flag rot.

### Goals

One registry as the single source of truth, three configuration surfaces, a discoverable command.

## Decisions

### D1 — Typed-identifier flags, not string-keyed lookups
Registry removal must fail the build, which excludes string lookups that silently return zero when the
key is gone. Each flag is a named identifier that engine code references directly.

### D2 — Hand-written struct and a reflection bootstrapper
Flags are exported fields on a singleton struct; a small bootstrapper walks it by reflection to wire
metadata and apply the user's activation. A code generator was considered and rejected.

## Risks / Trade-offs

### Reflection cost
Walking the struct costs a few microseconds once at start, which nobody will notice in a test run.
"""


def test_the_decisions_part_of_a_design_page_is_a_log_of_its_own():
    parsed = log_entries("openspec/changes/archive/2026-06-11-add-feature-flags/design.md", DESIGN)
    assert [(m.title, m.status) for m in parsed.memories] == [
        ("D1 — Typed-identifier flags, not string-keyed lookups", Status.ACTIVE),
        ("D2 — Hand-written struct and a reflection bootstrapper", Status.ACTIVE)], "an applied change is in force"
    assert [m.meta[LOG_META] for m in parsed.memories] == [[12, 15], [16, 19]]
    open_change = log_entries("openspec/changes/add-feature-flags/design.md", DESIGN)
    assert {m.status for m in open_change.memories} == {Status.PROPOSED}, "an open change is a proposal"
    labelled = DESIGN.replace("### D1 —", "### Decision:").replace("### D2 —", "### Decision:")
    assert len(log_entries("docs/design/flags.md", labelled).memories) == 2
    assert log_entries("docs/design/flags.md", DESIGN.replace("## Decisions", "## Decision")) is None, \
        "the parts of one decision"
    assert log_entries("docs/design/flags.md", DESIGN.replace("### D1 —", "### Typed flags:")) is None, \
        "one numbered part is no log"
    # openedx/openedx-learning docs/decisions/0018-units-as-containers.rst (AGPL-3.0): one record numbering its
    # decisions under one title and context
    numbered = DESIGN.replace("### D1 —", "### 1.").replace("### D2 —", "### 2.")
    assert log_entries("docs/decisions/0018-units-as-containers.md", numbered) is None, "the parts of one record"


def test_record_numbers_make_a_log_whatever_the_page_is_called():
    text = RELAY.replace("## D1 —", "## ADR-001:").replace("## D2 —", "## ADR-002:").replace("## D3 —", "## ADR-003:")
    assert len(_titles("docs/architecture.md", text)) == 3


def test_import_reads_a_log_anchors_each_entry_by_its_own_text_and_links_its_supersessions(tmp_workspace: Path):
    write(tmp_workspace, {"DECISIONS.md": RELAY,
                          "crates/relay-db/src/sqlite.rs": "pub struct SqlitePool;\n",
                          "crates/relay-db/src/postgres.rs": "pub struct PgPool;\n",
                          "crates/relay-edge/src/wordlists.rs": "pub const ADJECTIVES: &[&str] = &[];\n"})
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lore)
        assert summary.decisions == ["DECISIONS.md"] and summary.log_entries == {"DECISIONS.md": 3}
        assert summary.to_json()["decision_log_entries"] == {"DECISIONS.md": 3}
        entries = {m.title[:2]: m for m in lore.list(limit=50) if m.provenance.path == "DECISIONS.md"}
        assert set(entries) == {"D1", "D2", "D3"}
        paths = {k: {a.value for a in m.anchors if a.kind == "path"} for k, m in entries.items()}
        assert paths["D2"] == {"crates/relay-edge/src/wordlists.rs"}
        assert "crates/relay-edge/src/wordlists.rs" not in paths["D1"] | paths["D3"]
        assert entries["D1"].status is Status.SUPERSEDED and entries["D1"].superseded_by == [entries["D3"].id]
        again = run_import(lore)  # nothing changed: the same records, the same ids
        assert again.imported == 0
        assert {m.id for m in lore.list(limit=50) if m.provenance.path == "DECISIONS.md"} == {m.id for m in entries.values()}
    finally:
        lore.close()


PARAGRAPHS = """\
# Decisions

Choices made while building the first two milestones.

## Environment findings

**E1. The test machine runs as root.** Bypass mode is refused for root, so the tests use an allowlist of
tools instead; no user was created on the shared machine.

## Design gaps and choices

**D1. Transport is plain HTTP on the private network.** The design says HTTPS; the hub listens on the
private address only in the tests, and TLS is left for the fourth milestone.

**D2. New agents register as `worker`.** A register request cannot carry a role, so `lead` and `observer`
are given with `hub agent role`, which only the admin or a human may call.
"""

TABLE = """\
# Decision Log

## Accepted V1 decisions

| ID | Decision | Rationale and implementation consequence | Status |
| --- | --- | --- | --- |
| D-001 | V1 has three paths: one-to-one microsite, campaign landing page, content experience. | The opening screen uses three cards. | Accepted |
| D-002 | Event and webinar are campaign subtypes, not a fourth path. | Keeps the opening decision simple. | Superseded |
| D-003 | The preview is ungated. | No login is required to view the temporary result. | Accepted |

## External configuration still needed

| ID | Needed configuration | Current default |
| --- | --- | --- |
| P-001 | Production instance and credential | The test instance until ready. |
"""


def test_bold_paragraphs_and_table_rows_of_a_page_named_for_decisions_are_entries():
    # afiffattouh/handloom DECISIONS.md: findings (E1) beside decisions (D1, D2)
    paragraphs = log_entries("DECISIONS.md", PARAGRAPHS).memories
    assert [m.title for m in paragraphs] == ["D1. Transport is plain HTTP on the private network",
                                            "D2. New agents register as worker"]
    assert paragraphs[0].provenance.line == PARAGRAPHS.split("\n").index(
        "**D1. Transport is plain HTTP on the private network.** The design says HTTPS; the hub listens on the") + 1
    assert "TLS is left for the fourth milestone" in paragraphs[0].body
    # 0xTrey/folloze-try-me-now docs/decision-log.md: decisions in a table, a configuration table beside it
    rows = log_entries("docs/decision-log.md", TABLE).memories
    assert [m.meta["adr_number"] for m in rows] == [1, 2, 3]
    assert [m.status for m in rows] == [Status.ACTIVE, Status.SUPERSEDED, Status.ACTIVE]
    assert rows[2].title == "The preview is ungated." and "No login is required" in rows[2].body
    assert log_entries("docs/notes.md", PARAGRAPHS) is None and log_entries("docs/notes.md", TABLE) is None
    index = ("# Decisions\n\n| ID | Decision | Status |\n| --- | --- | --- |\n"
             "| ADR-001 | [Use Postgres](adr/0001-use-postgres.md) | Accepted |\n"
             "| ADR-002 | [Use queues](adr/0002-use-queues.md) | Accepted |\n")
    assert log_entries("docs/decisions.md", index) is None  # an index of the records, each its own file


def test_the_import_report_names_each_log_and_its_count(tmp_path, capsys, monkeypatch):
    from lore.cli.main import main

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    write(tmp_path, {"DECISIONS.md": RELAY, "docs/decision-log.md": DATED})
    assert main(["-w", str(tmp_path), "import"]) == 0
    out = capsys.readouterr().out
    assert "decision records: 2 files" in out
    assert "decision logs:    DECISIONS.md (3 decisions), docs/decision-log.md (2 decisions)" in out


_PIECES = ["# T", "## D1 — x", "### 2026-01-02: y", "## ADR-7: z", "**D2. w.** v", "| D-003 | a | b |", "| --- | --- |",
           "| ID | Decision | Status |", "Status: Superseded by D1", "supersedes D9", "```", "[l](a.md)", "é😀", "\r", "\x00"]


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=20)), max_size=60))
def test_any_text_in_a_page_named_for_decisions_is_read_without_failing(parts):
    parsed = log_entries("DECISIONS.md", "\n".join(parts))
    if parsed is not None:
        assert len({m.id for m in parsed.memories}) == len(parsed.memories)
        assert all(m.provenance.line and m.title for m in parsed.memories)


def test_a_link_to_a_log_names_none_of_its_entries(tmp_workspace: Path):
    """A record "Superseded by [the decision log](../../DECISIONS.md)" names a file of many decisions: no entry
    is taken for its successor (it was the last entry read), and the import says it found none."""
    write(tmp_workspace, {"DECISIONS.md": RELAY,
                          "docs/adr/0001-use-sqlite.md": "# 1. Use SQLite\n\n## Status\n\nSuperseded by "
                                                         "[the decision log](../../DECISIONS.md)\n\n## Context\n\n"
                                                         "x\n\n## Decision\n\nWe use SQLite.\n"})
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lore)
        record = next(m for m in lore.list(limit=50) if m.provenance.path == "docs/adr/0001-use-sqlite.md")
        assert record.superseded_by == []
        assert any("no such ADR found" in w for w in summary.warnings)
    finally:
        lore.close()


def test_an_issue_named_as_superseded_is_not_reported_as_a_missing_record(tmp_workspace: Path):
    """npm/rfcs 0054: "This RFC supersedes #861" names a pull request, not a record: nothing to warn about
    when no record has that number. A record number that resolves to nothing still is."""
    write(tmp_workspace, {
        "accepted/0054-make-scripts-opt-in.md": "---\ntitle: Make install scripts opt-in\nstatus: accepted\n---\n"
                                                "# Make install scripts opt-in\n\n## Decision\n\nBlock scripts by default."
                                                "\n\n## Related RFCs\n\n- [RFC #861](https://github.com/npm/rfcs/"
                                                "pull/861): an allowlist. This RFC supersedes #861 with default-deny "
                                                "semantics.\n",
        # hyperledger/aries-rfcs: a record replacing another project's page, and years in the same sentence
        "accepted/0056-basic-message.md": "# 56. Basic message\n\n- Status: Accepted\n- Supersedes: [Indy 0033]"
                                          "(https://github.com/hyperledger/indy-hipe/edit/master/text/0033-basic-"
                                          "message/README.md), widely referenced in 2018 and 2019.\n\n## Decision\n\n"
                                          "Send plain messages.\n",
        "accepted/0057-signatures.md": "# 57. Signatures\n\n- Status: Accepted\n- Supersedes: [this HIPE](https://"
                                       "github.com/someone/indy-hipe/blob/d421fc7/text/digital-signatures/README.md)"
                                       "\n\n## Decision\n\nSign messages.\n",
        "accepted/0055-x.md": "# 55. X\n\n## Status\n\nAccepted. Supersedes ADR-0040.\n\n## Decision\n\nDo x.\n"})
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lore)
        assert not any("'#861'" in w for w in summary.warnings)
        assert not any("0056-basic-message.md" in w or "0057-signatures.md" in w for w in summary.warnings)
        assert any("0055-x.md" in w and "no such ADR found" in w for w in summary.warnings)
    finally:
        lore.close()



def test_the_rows_of_a_part_listing_decisions_still_to_take_are_proposals():
    """shomaueyama/project-taiga `docs/phase-0/unknowns-and-decisions.md`: the rows of "## Decisions Needed" ("D-001 |
    API path contract | … | Decide in Phase 1 before client generation") were three active decisions."""
    table = ("| ID | Decision | Options | Recommendation |\n|---|---|---|---|\n"
             "| D-001 | API path contract | Keep `/api/v1`; remove prefix | Decide in Phase 1 |\n"
             "| D-002 | CI design pack handling | Vendor fixture; skip | Use an explicit fixture |\n")
    needed = log_entries("docs/phase-0/unknowns-and-decisions.md", "# Unknowns and Decisions\n\n## Decisions Needed\n\n" + table)
    assert [m.status for m in needed.memories] == [Status.PROPOSED, Status.PROPOSED]
    taken = log_entries("docs/decisions.md", "# Decisions\n\n## Decisions made\n\n" + table)
    assert [m.status for m in taken.memories] == [Status.ACTIVE, Status.ACTIVE]


MINIMAL = """# Minimal Clean Architecture

## Overview

The minimal template keeps the whole application in one project. {overview}

## When to Use This Template

Choose it for small services with one team. {when}

## Migration Paths: From Minimal to Full Clean Architecture

Move the domain folder into a Core project first, then split infrastructure out. {migrate}

## Design Decisions

### ADR-001: Single Project Architecture

**Status**: Accepted

**Context**: Need to balance architectural guidance with simplicity for smaller applications.

**Decision**: Use a single Web project with clear folder structure instead of multiple projects.

### ADR-002: Vertical Slice Organization

**Status**: Accepted

**Context**: Need to organize code in a way that's easy to understand and modify.

**Decision**: Organize by feature (vertical slices) rather than by layer (horizontal).
"""


def test_a_page_holding_a_log_keeps_what_it_says_around_the_entries(tmp_workspace: Path):
    """ardalis/CleanArchitecture (MIT) `docs/content/minimal-clean-architecture.md` writes five records in 95 of its
    439 lines: only the entries were stored, and its overview, when to use the template and how to migrate from it
    were found nowhere. The page is kept as well, without the entries; a log saying little else stays entries only."""
    filler = "It builds, tests and deploys as one unit, with folders for each feature and its data access. " * 5
    text = MINIMAL.format(overview=filler, when=filler, migrate=filler)
    write(tmp_workspace, {"docs/content/minimal-clean-architecture.md": text, "DECISIONS.md": RELAY})
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        mine = [m for m in lore.list(limit=50) if m.provenance.path == "docs/content/minimal-clean-architecture.md"]
        assert sorted(m.title for m in mine if m.kind is Kind.DECISION) == [
            "ADR-001: Single Project Architecture", "ADR-002: Vertical Slice Organization"]
        page = [m for m in mine if m.kind is not Kind.DECISION]
        assert [m.title for m in page] == ["Minimal Clean Architecture"]
        assert "From Minimal to Full Clean Architecture" in page[0].body and "vertical slices" not in page[0].body
        assert {m.title[:2] for m in lore.list(limit=50) if m.provenance.path == "DECISIONS.md"} == {"D1", "D2", "D3"}
        assert run_import(lore).imported == 0
    finally:
        lore.close()


def _ledger(entries: int) -> str:
    """After Accenture/mercury's docs/arch-decisions/ADR.md (Apache-2.0): newest first, each entry a heading with an
    anchor, then one line of fields, and some thirty lines of text."""
    out = ["# Architectural Decision Records", "", "Entries are listed newest first.", ""]
    for n in range(entries, 0, -1):
        status = "Proposed" if n == entries else "Accepted"
        out += [f"## ADR-{n:04d} — Decision number {n} {{#adr-{n:04d}}}",
                f"**Status:** {status} · **Date:** 2026-07-{n:02d}T22:50:34.000Z · **Serves:** vision", ""]
        out += [f"Line {i} of why decision {n} was taken." for i in range(30)] + [""]
    return "\n".join(out)


def test_an_entry_far_down_a_log_reads_its_own_status_and_date():
    """mercury's ADR-0012 stood on line 63, its status "Proposed" past the first sixty lines of the page, which the
    other entries' lines are blanked to keep numbering: it was read as active with no date, as were the dates of
    twelve of its thirteen entries ("2026-07-30T01:52:00.000Z" carries a time). The anchor in braces is no part of
    the title."""
    log = log_entries("docs/arch-decisions/ADR.md", _ledger(4)).memories
    assert [m.title for m in log] == [f"ADR-{n:04d} — Decision number {n}" for n in (4, 3, 2, 1)]
    assert [m.status for m in log] == [Status.PROPOSED] + [Status.ACTIVE] * 3
    assert [m.date for m in log] == [f"2026-07-{n:02d}" for n in (4, 3, 2, 1)]
    swapped = _ledger(4).replace("**Status:** Proposed", "**Status:** Accepted", 1).replace(
        "ADR-0001 — Decision number 1 {#adr-0001}\n**Status:** Accepted",
        "ADR-0001 — Decision number 1\n**Status:** Proposed")
    assert [m.status for m in log_entries("docs/arch-decisions/ADR.md", swapped).memories][-1] is Status.PROPOSED
