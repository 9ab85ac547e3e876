"""ADR formats: Nygard/adr-tools, MADR 2–4 front matter, log4brains, status in every spelling, bad input."""

from __future__ import annotations

import pytest

from lore.memory import TEMPLATE_ONLY_META, Kind, Status
from lore.sources.adr import parse_adr
from lore.sources import headings
from lore.sources.headings import without_alternatives
from lore.sources.status import read_status

NYGARD = """# 3. Use PostgreSQL

Date: 2021-04-02

## Status

Superseded by [5. Use SQLite](0005-use-sqlite.md)

Supersedes [1. Record architecture decisions](0001-record-architecture-decisions.md)

## Context

We need a database.

## Decision

We will use PostgreSQL.

## Consequences

Operations need a server.
"""

MADR = """---
status: "superseded by ADR-0012 and ADR-0013"
date: 2023-05-01
decision-makers: [Ada, Grace]
tags: [storage, db]
---
# Store sessions in Redis

## Context and Problem Statement

Sessions must survive restarts.

## Decision Outcome

Chosen option: "Redis", because it is already deployed.
"""

LOG4BRAINS = """# Use Log4brains to manage the ADRs

- Status: accepted
- Date: 2020-12-13
- Tags: doc

## Context and Problem Statement

We want to record architectural decisions.
"""


def one(path: str, text: str):
    parsed = parse_adr(path, text)
    assert len(parsed.memories) == 1, parsed
    return parsed.memories[0], parsed


def test_nygard_adr_tools():
    m, parsed = one("doc/adr/0003-use-postgresql.md", NYGARD)
    assert (m.title, m.kind, m.status, m.date) == ("3. Use PostgreSQL", Kind.DECISION, Status.SUPERSEDED, "2021-04-02")
    assert m.meta["adr_number"] == 3
    assert m.meta["refs"]["superseded_by"] == [{"text": "5. Use SQLite", "target": "0005-use-sqlite.md", "number": 5}]
    assert m.meta["refs"]["supersedes"][0]["target"] == "0001-record-architecture-decisions.md"
    assert m.body == "We will use PostgreSQL." and m.rationale == "We need a database."
    headings = [(s.heading, s.line) for s in m.sections]
    assert headings == [(None, 1), ("Status", 5), ("Context", 11), ("Decision", 15), ("Consequences", 19)]
    assert m.provenance.key == "adr" and not parsed.warnings


def test_a_template_opening_on_its_result_has_that_as_its_decision():
    # Shaped on Altinn/altinn-studio's docs/adr template (BSD-3-Clause): the outcome first, then the problem.
    text = ("# Durable yield for workflow steps\n\n- Status: Approved\n- Date: 23.07.2026\n\n## Result\n\n"
            "- A1: A new outcome `ExecutionResult.Defer(delay)` parks the step.\n\n## Problem context\n\n"
            "Some integrations confirm eventually.\n\n## Alternatives considered\n\n- A2: Park-and-callback\n")
    m, _ = one("docs/adr/2026-07-23-durable-yield.md", text)
    assert m.body.startswith("- A1: A new outcome") and m.rationale == "Some integrations confirm eventually."
    assert headings.under_decision("ExecutionResult.Defer", text)


def test_a_name_under_a_heading_within_the_decision_is_written_under_the_decision():
    """openedx/license-manager (AGPL-3.0) 0004 writes `LearnerLicensesViewSet.base_queryset()` under "Decision", then
    "The original licenses retain their status" a level down: a name written once there was read as written in
    passing. A name under a heading of its own level after the decision, or above it, is not under it."""
    text = ("# 4. Renewals\n\n## Context\n\nWe read `Early`.\n\n## Decision\n\n### The original licenses retain "
            "their status\n\nFilter in `LearnerLicensesViewSet.base_queryset()`.\n\n#### Details\n\n`Deep` too.\n\n"
            "## Alternatives considered\n\nThen `Later`.\n")
    assert headings.under_decision("LearnerLicensesViewSet.base_queryset", text)
    assert headings.under_decision("Deep", text)
    assert not headings.under_decision("Early", text) and not headings.under_decision("Later", text)


def test_a_name_under_the_consequences_the_implementation_or_the_chosen_option_is_written_where_the_decision_is_done():
    """Altinn/altinn-studio's durable-yield record (a survey: it writes dozens of names) names the contracts it brings
    (`IPipelineServiceTask`, `IServiceTask`) once, under "## Consequences", and settles its budget under "### A1
    (chosen)": read as passing mentions, the record anchored none of the fifteen files it governs. What follows from a
    decision, how it is carried out and the option taken say what is done; the context and the other options do not."""
    text = ("# Durable yield\n\n## Problem context\n\nWe read `Early`.\n\n## Alternatives considered\n\n"
            "### A1 (chosen)\n\nA budget `MaxStepWaitBudget`.\n\n### A2\n\nPark `Parked`.\n\n"
            "## Consequences\n\n- `IPipelineServiceTask` is the root contract.\n\n## Implementation notes\n\n"
            "`FetchAndLockWorkflows` picks them.\n\n## Open questions\n\n`Unsure`.\n")
    for name in ("MaxStepWaitBudget", "IPipelineServiceTask", "FetchAndLockWorkflows"):
        assert headings.under_decision(name, text), name
    for name in ("Early", "Parked", "Unsure"):
        assert not headings.under_decision(name, text), name


def test_madr_front_matter_with_several_successors():
    m, _ = one("docs/decisions/0007-sessions.md", MADR)
    assert m.status is Status.SUPERSEDED and m.date == "2023-05-01"
    assert [r["number"] for r in m.meta["refs"]["superseded_by"]] == [12, 13]
    assert m.meta["decision_makers"] == "Ada, Grace" and {"storage", "db", "adr"} <= set(m.tags)
    assert m.rationale == "Sessions must survive restarts." and m.body.startswith('Chosen option: "Redis"')


def test_log4brains_list_metadata():
    m, _ = one("docs/adr/20201213-use-log4brains.md", LOG4BRAINS)
    assert (m.status, m.date, m.title) == (Status.ACTIVE, "2020-12-13", "Use Log4brains to manage the ADRs")
    assert "doc" in m.tags


@pytest.mark.parametrize(("text", "status"), [
    pytest.param("# T\n\n**Status:** Accepted\n", Status.ACTIVE, id="bold-label"),
    pytest.param("# T\n\n## Status\n\n**Proposed**\n", Status.PROPOSED, id="bold-word"),
    pytest.param("# T\n\n## Status\n\n✅ Accepted\n", Status.ACTIVE, id="emoji-and-word"),
    pytest.param("# T\n\n## Status\n\n❌\n", Status.REJECTED, id="emoji-only"),
    pytest.param("# T\n\n## Status: Rejected\n\nToo slow.\n", Status.REJECTED, id="heading"),
    pytest.param("# T\n\n* Status: draft\n* Deciders: me\n", Status.PROPOSED, id="list-item"),
    pytest.param("# T\n\n- **Status**: accepted ✅\n", Status.ACTIVE, id="bold-list-item"),
    pytest.param("# T\n\n| Field | Value |\n|---|---|\n| Status | Implemented |\n", Status.ACTIVE, id="table-row"),
    pytest.param("# T\n\nStatus: reverted\n", Status.DEPRECATED, id="plain-line"),
    pytest.param("---\nstatus: declined\n---\n# T\n", Status.REJECTED, id="front-matter"),
    pytest.param("# T\n\n## Status\n\nApproved/Merged\n", Status.ACTIVE, id="two-words"),
    pytest.param("# T\n\n- Status: New\n- Author: me\n", Status.PROPOSED, id="filed-new"),
    pytest.param("# T\n\n## Status\n\n🤔 Incomplete\n", Status.PROPOSED, id="incomplete"),
    # cloudfoundry/bosh-bootloader's 0003-replace-packr2-with-go-embed.md (Apache-2.0)
    pytest.param("# T\n\n## Status\n\nInprogress\n", Status.PROPOSED, id="in-progress-one-word"),
    # DITP-pilotage/pilote-2's doc/adr/001 (French); the same in Spanish, Portuguese and German
    pytest.param("# T\n\n## État\n\nProposé.\n", Status.PROPOSED, id="french-heading"),
    pytest.param("# T\n\n- Estado: Propuesto\n- Fecha: 2024-01-02\n", Status.PROPOSED, id="spanish-field"),
    pytest.param("# T\n\n## Status\n\nSubstituído por [ADR-7](0007-x.md)\n", Status.SUPERSEDED, id="portuguese-word"),
    pytest.param("# T\n\n**Status:** Abgelehnt\n", Status.REJECTED, id="german-word"),
    pytest.param("# T\n\nStatus: Accepted (new version)\n", Status.ACTIVE, id="new-in-a-note"),
    pytest.param("# T\n\n## Context\n\nNo status at all.\n", Status.ACTIVE, id="missing"),
])
def test_status_spellings(text, status):
    m, parsed = one("docs/adr/0001-t.md", text)
    assert m.status is status and not parsed.warnings


@pytest.mark.parametrize(("path", "status"), [
    pytest.param("docs/adr/deprecated/old.md", Status.DEPRECATED, id="deprecated-folder"),
    pytest.param("docs/adr/historic-adrs/old.md", Status.DEPRECATED, id="historic-folder"),
    pytest.param("docs/adr/proposed-adrs/new.md", Status.PROPOSED, id="proposed-folder"),
])
def test_folder_says_what_a_missing_status_does_not(path, status):
    m, _ = one(path, "# T\n\n## Context\n\nText.\n")
    assert m.status is status


def test_unknown_status_warns_with_line_and_imports_as_active():
    m, parsed = one("docs/adr/0002-x.md", "# X\n\n## Status\n\nPondering\n")
    assert m.status is Status.ACTIVE
    assert parsed.warnings == ["docs/adr/0002-x.md:3: unknown status 'Pondering'; imported as active"]


def test_unknown_status_in_a_proposals_folder_warns_with_what_it_became():
    """A status no rule knows under `proposals/` is imported as a proposal; the warning says so, not "active"."""
    m, parsed = one("proposals/0189-x.md", "---\nstatus: Parked\n---\n# X\n\n## Summary\n\nText.\n")
    assert m.status is Status.PROPOSED
    assert parsed.warnings == ["proposals/0189-x.md:2: unknown status 'Parked'; imported as proposed, as its folder says"]


def test_an_rfc_merged_with_no_status_is_in_force_and_a_proposal_so_kept_is_proposed():
    """adobe/react-spectrum (Apache-2.0) merges an RFC into `rfcs/` once it is accepted, and none states a status: all
    fifteen were read as proposals, and kept only their surest anchors. A page in `proposals/` is still one."""
    text = "# Slots\n\n## Summary\n\nSlots let a component place its children.\n\n## Detailed Design\n\nA context.\n"
    assert one("rfcs/2019-v3-slots.md", text)[0].status is Status.ACTIVE
    assert one("proposals/2019-v3-slots.md", text)[0].status is Status.PROPOSED


def test_a_record_opening_on_its_status_section_is_titled_from_its_file_name():
    # teaching-vacancies documentation/adr/0009 (DFE-Digital/teaching-vacancies, MIT) has no title heading.
    text = "**Date: 2020-11-16**\n\n## Status\n\n**Proposed**\n\n## Context\n\nWe evolve the features.\n"
    m, _ = one("documentation/adr/0009_build_job_applications_rather_than_buy_cots.md", text)
    assert (m.title, m.status) == ("Build job applications rather than buy cots", Status.PROPOSED)


def test_broken_yaml_is_salvaged_key_by_key():
    text = "---\ntitle: Use queues\nstatus: accepted\ntags: [unclosed\n---\n## Context\n\nWhy.\n"
    m, parsed = one("docs/adr/0004-queues.md", text)
    assert (m.title, m.status) == ("Use queues", Status.ACTIVE)
    assert parsed.warnings and parsed.warnings[0].startswith("docs/adr/0004-queues.md:")
    assert "broken YAML" in parsed.warnings[0]


def test_unterminated_fence_warns_and_keeps_what_came_before():
    text = "# Fence\n\n## Status\n\nAccepted\n\n## Decision\n\n```python\nx = 1\n"
    m, parsed = one("docs/adr/0005-fence.md", text)
    assert m.status is Status.ACTIVE and "x = 1" in m.body
    assert parsed.warnings == ["docs/adr/0005-fence.md:9: code fence is never closed; read to the end of the file"]


@pytest.mark.parametrize("path", [
    pytest.param("docs/adr/README.md", id="readme"),
    pytest.param("docs/adr/index.md", id="index"),
    pytest.param("docs/adr/template.md", id="template"),
    pytest.param("docs/adr/adr-template.md", id="adr-template"),
    pytest.param("contributing/ADRs/ADRs.md", id="named-like-its-folder"),
])
def test_index_and_template_pages_yield_nothing(path):
    parsed = parse_adr(path, "# Decisions\n\n* [One](0001-one.md)\n")
    assert parsed.memories == [] and parsed.note


def test_unnumbered_file_title_from_name_when_no_heading():
    m, _ = one("docs/decisions/use-black-formatter.md", "We format with black.\n")
    assert m.title == "Use black formatter" and "adr_number" not in m.meta


@pytest.mark.parametrize(("text", "status", "succ", "partly"), [
    pytest.param("Implemented. Superseded by [ADR-020](./adr-020-x.md).", Status.SUPERSEDED, 1, 0, id="after-word"),
    pytest.param("Implemented. Parts of this ADR were superseded by [ADR-020](./adr-020-x.md).", Status.ACTIVE, 0, 1,
                 id="partly"),
    pytest.param("Deprecated in favor of [relayer#66](https://github.com/o/r/pull/66)", Status.DEPRECATED, 0, 0,
                 id="in-favour-of-external"),
    pytest.param("Superseded by\n[007-x.md](007-x.md).", Status.SUPERSEDED, 1, 0, id="line-break"),
    pytest.param("superseded by ADR-0012, ADR-0013", Status.SUPERSEDED, 2, 0, id="two-numbers"),
    pytest.param("Superceded by [4. X](0004-x.md)", Status.SUPERSEDED, 1, 0, id="common-misspelling"),
    pytest.param("Accepted\n\nAmended by [5. Y](0005-y.md)", Status.ACTIVE, 0, 0, id="amended-stays-active"),
    # navapbc/wic-participant-recertification-portal-demo's docs/decisions/0000 (Apache-2.0)
    pytest.param("augmented by [ADR-0004](./0004-x.md)]", Status.ACTIVE, 0, 0, id="augmented-stays-active"),
])
def test_status_sentences(text, status, succ, partly):
    r = read_status(text)
    assert (r.status, len(r.superseded_by), len(r.partly_superseded_by)) == (status, succ, partly)
    assert bool(r.amended_by) == ("mended" in text or "ugmented" in text)


def test_a_number_counting_options_or_steps_names_no_record():
    # DEFRA/epr-re-ex-service's docs/architecture/decisions/0033 (OGL-UK-3.0): partly supersedes 0016, not record 3.
    r = read_status('Supersedes the "option 3" portion of [ADR 0016 (Admin UI Authorisation MVP)]'
                    "(0016-admin-ui-authorisation-mvp.md) for service-maintainer scopes specifically.")
    assert [ref.number for ref in r.partly_supersedes] == [16]
    assert [ref.number for ref in read_status("Superseded by 12 (step 2 of the plan)").superseded_by] == [12]


def test_long_sections_are_indexed_in_parts_that_point_at_their_lines():
    paragraphs = [f"Paragraph {i}: " + "the queue keeps jobs safe " * 12 for i in range(8)]
    text = "# Q\n\n## Decision\n\n" + "\n\n".join(paragraphs) + "\n\n### Detail\n\nSmall print.\n"
    m, _ = one("docs/adr/0009-q.md", text)
    lines = text.splitlines()
    parts = [s for s in m.sections if s.heading == "Decision"]
    assert len(parts) > 1 and parts[0].line == 3 and "Small print." in parts[-1].text
    for s in parts[1:]:
        assert lines[s.line - 1] == s.text.splitlines()[1]  # first line after the "Q — Decision" prefix
    assert sum(len(s.text) for s in parts) > sum(len(p) for p in paragraphs)


@pytest.mark.parametrize("text", [
    pytest.param("# T\n\n## Status\n\n" + "*a " * 50_000 + "\n", id="unmatched-emphasis-in-status"),
    pytest.param("# T\n\n" + "----\n" * 10_000, id="rule-lines"),
    pytest.param("---\ntitle: [x\nstatus:" + " " * 100_000 + "x\n---\n# T\n", id="spaces-in-broken-yaml"),
    pytest.param("# T\n\n" + "Superseded by " * 20_000 + "\n", id="repeated-phrase"),
    pytest.param("# T\n\n" + "- " * 100_000 + "\n", id="empty-list-markers"),
])
def test_pathological_text_parses_in_linear_time(text):
    """Parsed, or refused for passing a front-matter limit (the importer then skips the file), quickly."""
    import contextlib
    import time

    from lore.markup.yamlbound import YamlLimitError

    start = time.process_time()
    with contextlib.suppress(YamlLimitError):
        parse_adr("docs/architecture/0001-t.md", text)
    assert time.process_time() - start < 5


SPEC_WITH_STATUS_TYPE = """# TTL Support for Buckets

| Metadata | Value       |
|----------|-------------|
| Date     | 2025-04-09  |
| Status   | Implemented |
| Tags     | kv          |

## Context

Buckets gain per-key lifetimes.

## Status

The `Status` interface gets a new property:

```go
// MarkerTTL is how long markers stay when keys are removed, 0 meaning markers are not supported
MarkerTTL() time.Duration
```

### Status handling

Pending pull requests are answered with a 408 status.
"""


def test_status_row_in_the_header_wins_over_a_later_section_about_another_status():
    parsed = parse_adr("adr/ADR-48.md", SPEC_WITH_STATUS_TYPE)
    (m,) = parsed.memories
    assert m.status is Status.ACTIVE
    assert m.meta["status_text"] == "Implemented"
    assert not parsed.warnings


def test_a_heading_that_only_starts_with_status_is_no_status():
    text = ("# Request Many\n\n## Context\n\nClients gather several replies.\n\n"
            "### Status Messages / Server Errors\n\nA 503 in place of a message is terminal and the "
            "subscription is removed.\n")
    parsed = parse_adr("adr/ADR-47.md", text)
    (m,) = parsed.memories
    assert m.status is Status.ACTIVE
    assert "status_text" not in m.meta
    assert not parsed.warnings


def test_a_guide_to_status_change_emails_states_no_status():
    from lore.sources.docs import parse_doc

    # Shaped on manage.get.gov's docs/developer/generating-emails-guide.md (cisagov/manage.get.gov, CC0-1.0).
    text = ("Below is a guide to generating each email.\n\n## Domain Invitation\n\n- Workflow: Manage domain\n\n"
            "## Status Change Approved\n\n- Workflow: set the request's status to approved\n")
    (m,) = parse_doc("docs/developer/generating-emails-guide.md", text).memories
    assert m.kind is not Kind.DECISION and "docs" in m.tags
    (r,) = parse_doc("docs/decisions/0004.md", "# Use X\n\n## Status Accepted\n\nWe use X.\n").memories
    assert r.kind is Kind.DECISION and r.status is Status.ACTIVE


def test_a_later_status_section_naming_a_successor_still_supersedes_a_header_row():
    text = ("# Old API\n\n| Metadata | Value |\n|---|---|\n| Status | Implemented |\n\n## Context\n\nOld.\n\n"
            "## Status\n\nSuperseded by [ADR-9](ADR-9.md)\n")
    (m,) = parse_adr("adr/ADR-3.md", text).memories
    assert m.status is Status.SUPERSEDED


def _retired(note_heading: str, note: str) -> str:
    return ("# URL support for all client options\n\n| Metadata | Value |\n|---|---|\n| Status | Deprecated |\n\n"
            f"## {note_heading}\n\n{note}\n\n## Overview\n\nURLs would carry every option.\n")


def test_a_deprecated_record_whose_note_says_it_was_decided_against_is_a_rejected_decision():
    text = _retired("Deprecation Note", "We discussed this among client authors and would not implement it. "
                    "Overall we recognise this would be useful but decided against it for now.")
    (m,) = parse_adr("adr/ADR-18.md", text).memories
    assert m.status is Status.REJECTED


def test_a_deprecated_record_retired_after_use_stays_deprecated():
    (m,) = parse_adr("adr/ADR-18.md", _retired("Deprecated", "Clients moved to connection contexts in 2024.")).memories
    assert m.status is Status.DEPRECATED
    text = _retired("Context", "The team decided against per-server options.")  # not where the status is explained
    (m,) = parse_adr("adr/ADR-18.md", text).memories
    assert m.status is Status.DEPRECATED


def test_the_body_of_a_record_without_a_decision_section_leaves_out_its_header_tables():
    text = ("# KV Subject Transforms\n\n| Metadata | Value |\n|---|---|\n| Date | 2025-12-09 |\n| Status | Proposed |\n\n"
            "| Revision | Date | Info |\n|---|---|---|\n| 1 | 2025-12-09 | Initial design |\n\n"
            "## Release History\n\n| Revision | Date |\n|---|---|\n| 2 | 2026-01-02 |\n\n"
            "## Context and Problem Statement\n\nBuckets can be mirrored with their keys rewritten.\n")
    (m,) = parse_adr("adr/ADR-57.md", text).memories
    assert m.body.startswith("## Context and Problem Statement\n\nBuckets can be mirrored")
    assert m.status is Status.PROPOSED


def test_a_table_of_content_under_the_title_stays_in_the_body():
    text = "# CIDR allocation\n\n| CIDR | mask | allocated to |\n|---|---|---|\n| 10.20.0.0 | /16 | core |\n"
    (m,) = parse_adr("docs/cidr-allocation.md", text).memories
    assert m.body.startswith("| CIDR | mask |")


def test_a_record_carrying_another_records_title_is_titled_from_its_file_name():
    # DFE-Digital/get-an-identity's docs/architecture/decisions/0002-use-gov-paas.md (MIT) kept the title of 0001.
    text = "# 1. Record architecture decisions\n\nDate: 2021-12-13\n\n## Status\n\nAccepted\n\n## Context\n\nHosting.\n"
    parsed = parse_adr("docs/architecture/decisions/0002-use-gov-paas.md", text)
    assert parsed.memories[0].title == "2. Use gov paas"
    assert any("belongs to another record" in w for w in parsed.warnings)
    renumbered = parse_adr("docs/architecture/decisions/0002-use-gov-paas.md",
                           text.replace("Record architecture decisions", "Use gov PaaS"))
    assert renumbered.memories[0].title == "2. Use gov PaaS"  # the same words: misnumbered, not copied
    own = parse_adr("docs/architecture/decisions/0001-record-architecture-decisions.md", text)
    assert own.memories[0].title == "1. Record architecture decisions" and not own.warnings


def test_a_record_carrying_the_first_records_unnumbered_title_is_titled_from_its_file_name():
    # midnightntwrk/midnight-wallet's docs/decisions/0002-abstract-over-wallet.md (Apache-2.0) kept MADR's first title.
    text = "# Use Markdown Architectural Decision Records\n\n## Context and Problem Statement\n\nMany wallets.\n"
    parsed = parse_adr("docs/decisions/0002-abstract-over-wallet.md", text)
    assert parsed.memories[0].title == "2. Abstract over wallet"
    assert any("belongs to another record" in w for w in parsed.warnings)
    own = parse_adr("docs/decisions/0000-use-markdown-architectural-decision-records.md", text)
    assert own.memories[0].title == "Use Markdown Architectural Decision Records" and not own.warnings
    later = parse_adr("docs/decisions/0002-abstract-over-wallet.md", text.replace("Use Markdown", "Keep Markdown"))
    assert later.memories[0].title == "Keep Markdown Architectural Decision Records"


def test_a_misnumbered_title_is_still_the_records_own():
    # Green-Software-Foundation/carbon-aware-sdk's 0016-watt-time-v3.md (MIT) is titled "0015. WattTime v3 Changes".
    text = "# 0015. WattTime v3 Changes\n\n## Status\n\nAccepted\n\n## Context\n\nA new API.\n"
    parsed = parse_adr("docs/architecture/decisions/0016-watt-time-v3.md", text)
    assert parsed.memories[0].title == "0016. WattTime v3 Changes" and not parsed.warnings
    assert parsed.memories[0].meta["adr_number"] == 16


@pytest.mark.parametrize(("path", "heading", "title"), [
    # DFE-Digital/claim-additional-payments-for-teaching (MIT): 0013 kept 0012's number, 0006 kept 0005's
    ("docs/architecture-decisions/0013-azure-kubernetes.md", "12. Migration to Azure Kubernetes",
     "13. Migration to Azure Kubernetes"),
    ("docs/architecture-decisions/0006-use-dependabot-for-dependent-library-vulnerability-checking.md",
     "5. Use Dependabot for dependent library vulnerability checking",
     "6. Use Dependabot for dependent library vulnerability checking"),
    ("docs/adr/adr-013-kubernetes.md", "ADR-0012: Kubernetes", "ADR-0013: Kubernetes"),
    ("docs/adr/0013-azure-kubernetes.md", "13. Migration to Azure Kubernetes", "13. Migration to Azure Kubernetes"),
    ("docs/adr/0013-azure-kubernetes.md", "Migration to Azure Kubernetes", "Migration to Azure Kubernetes"),
    ("docs/adr/2024-05-01-azure-kubernetes.md", "12. Migration to Azure Kubernetes",
     "12. Migration to Azure Kubernetes"),  # a date names the file, no number
    ("docs/adr/azure-kubernetes.md", "12. Migration to Azure Kubernetes", "12. Migration to Azure Kubernetes"),
])
def test_a_title_numbered_otherwise_than_its_file_takes_the_files_number(path, heading, title):
    text = f"# {heading}\n\nDate: 2024-05-01\n\n## Status\n\nAccepted\n\n## Context\n\nThe cluster moves.\n"
    (m,) = parse_adr(path, text).memories
    assert m.title == title


@pytest.mark.parametrize(("heading", "title"), [
    ("2. add-notifications-permission", "2. Add notifications permission"),
    ("ADR-0002: use-kafka-for-events", "ADR-0002: Use kafka for events"),
    ("add-notifications-permission", "Add notifications permission"),
    ("2. Use kafka-based queues", "2. Use kafka-based queues"),  # words with one hyphenated: written so
    ("2. self-hosting", "2. self-hosting"),  # one hyphenated word may be just that
    ("2. add-OAuth-scopes", "2. add-OAuth-scopes"),  # a capital: as written
    ("2. use_kafka_for_events", "2. Use kafka for events"),
    ("2. load_user_config", "2. load_user_config"),  # three words with underscores may be a function's name
])
def test_a_title_written_as_a_slug_is_stored_in_words(heading, title):
    # Ayuget/Redface's doc/adr/0002-add-notifications-permission.md (Apache-2.0) is titled as its file is named.
    text = f"# {heading}\n\nDate: 2025-05-01\n\n## Status\n\nAccepted\n\n## Context\n\nAndroid 13 asks.\n"
    (m,) = parse_adr("doc/adr/0002-add-notifications-permission.md", text).memories
    assert m.title == title
    assert m.meta.get("adr_number") == 2
    assert m.sections[0].text.startswith(title)


def test_a_page_titled_status_states_no_status():
    # Netflix/dispatch's docs/docs/administration/settings/data/status.mdx (Apache-2.0): a guide to data source statuses.
    from lore.markup import markdown
    from lore.sources.adr import stated_status
    page = "# Status\n\nDispatch allows you to define your own data source statuses.\n\n- Production\n- Deprecated\n"
    assert not stated_status(markdown.parse(page))
    record = "# 3. Use Kafka\n\n## Status\n\nDeprecated\n\n## Context\n\nQueues.\n"
    assert stated_status(markdown.parse(record))


FIP = """---
fip: "{n:04d}"
title: Proposal {n}
status: {status}
created: 2021-02-03
replaces: {replaces}
---

## Simple Summary

Proposal {n}.

## Motivation

Sectors expire too soon.

## Specification

Extend them.

## Design Rationale

It is the smallest change.
"""


@pytest.mark.parametrize(("name", "number"), [
    pytest.param("FIPS/fip-0009.md", 9, id="series-letters"),
    pytest.param("FRCs/frc-0053.md", 53, id="other-series-letters"),
    pytest.param("teps/tep-0005-oci-bundles.md", 5, id="letters-and-a-slug"),
    pytest.param("docs/v2-migration.md", None, id="a-version-is-no-number"),
])
def test_a_series_records_number_follows_its_letters(name, number):
    m, _ = one(name, FIP.format(n=9, status="Final", replaces="N/A"))
    assert m.meta.get("adr_number") == number
    assert "supersedes" not in (m.meta.get("refs") or {})  # `replaces: N/A` names nothing



PEP = """PEP: 5
Title: Guidelines for Language Evolution
Author: Paul Prescod <paul@prescod.net>
Status: Superseded
Type: Process
Created: 26-Oct-2000
Post-History:
Superseded-By: 387


# Abstract

In the natural evolution of programming languages it is sometimes necessary to make changes.

# Implementation Details

A formal warning and deprecation facility.
"""


def test_an_opening_block_of_header_fields_is_the_records_front_matter():
    """python/peps: 592 of 731 PEPs were titled "Abstract" (their first heading), and `Superseded-By: 387`
    named no successor: the header fields say both."""
    m, _ = one("peps/pep-0005.md", PEP)
    assert m.title == "Guidelines for Language Evolution" and m.status is Status.SUPERSEDED
    assert m.meta["refs"]["superseded_by"] == [{"text": "387", "target": None, "number": 387}]
    assert m.meta["adr_number"] == 5


@pytest.mark.parametrize("text", [
    pytest.param("Note: this page is old.\nSee: elsewhere\n\n# Real title\n\nBody.\n", id="no-title-field"),
    pytest.param("---\ntitle: From front matter\nstatus: accepted\n---\nTitle: Not this\nStatus: x\n\n# H\n", id="yaml-wins"),
])
def test_other_openings_are_no_header_fields(text):
    m, _ = one("docs/adr/0001-t.md", text)
    assert m.title in ("Real title", "From front matter")


def test_a_sentence_in_a_code_block_is_no_supersession():
    """swiftlang/swift-evolution 0104: `/// Replaces this value with its additive inverse.` above `var x = 21` in
    a Swift block was read as "supersedes 21"."""
    text = ("# Protocol-oriented integers\n\n* Status: **Implemented (Swift 4.0)**\n\n## Detailed design\n\n"
            "```swift\nprotocol Arithmetic {\n  static prefix func - (_ operand: Self) -> Self\n\n  /// Replaces this value with its additive inverse.\n  ///\n  ///     var x = 21\n"
            "  mutating func negate()\n}\n```\n\nSupersedes: [SE-0012](0012-x.md)\n")
    m, _ = one("proposals/0104-improved-integers.md", text)
    assert [r["number"] for r in m.meta["refs"]["supersedes"]] == [12]


def test_a_status_field_ends_where_the_next_field_on_its_line_begins():
    """NASA-IMPACT/admg-backend's adr/0002-gcmd-sync-design-process.md (Apache-2.0) writes two fields on one line."""
    text = ("# GCMD Sync Design Process\n\nThis is an adapted version of an ADR.\n\n"
            "+ **Status:** developed | Technical Story: [#297](https://github.com/x/y/issues/297)\n"
            "+ **Date:** 2022-05-31\n\n## Context\n\nKeywords change upstream.\n")
    m, parsed = one("adr/0002-gcmd-sync-design-process.md", text)
    assert m.status is Status.ACTIVE and m.meta["status_text"] == "developed"
    assert not any("unknown status" in w for w in parsed.warnings)


def test_a_templates_stand_in_for_a_section_is_no_content():
    """michaellperry/Mathematicians' adr/0003 (MIT): a title, a status, and the template's "Context here..." under
    each heading; the decision is its title."""
    text = ("# 3. Use Schemavolution to describe SQL schema\n\nDate: 2017-12-17\n\n## Status\n\nAccepted\n\n"
            "## Context\n\nContext here...\n\n## Decision\n\nDecision here...\n\n## Consequences\n\nConsequences here...\n")
    parsed = parse_adr("adr/0003-use-schemavolution-to-describe-sql-schema.md", text, {})
    m = parsed.memories[0]
    assert m.status is Status.ACTIVE and "here..." not in m.body
    assert not any("here..." in s.text for s in m.sections)
    filled = text.replace("Decision here...", "We describe the schema in C# with Schemavolution.")
    assert "We describe the schema" in parse_adr("adr/0003-x.md", filled, {}).memories[0].body


def test_a_decision_left_as_the_templates_guidance_takes_no_header_into_the_body():
    """ajoz/makau's 0005 (its Decision is Nygard's guidance, unfilled): the body is what the record says (its
    problem and discussion), not its date and status, and no view calls that a decision section."""
    text = ("# 5. Handling played cards\n\nDate: 2021-04-15\n\n## Status\n\nAccepted\n\n## Problem\n\n"
            "Played cards change the turn order.\n\n## Discussion\n\nA king of spades makes the previous player draw.\n\n"
            "## Decision\n\nThe change that we're proposing or have agreed to implement.\n\n## Consequences\n\n"
            "What becomes easier or more difficult to do and any risks introduced by the change that will need to be "
            "mitigated.\n")
    m = parse_adr("doc/architecture/decisions/0005-handling-played-cards.md", text, {}).memories[0]
    assert "Date:" not in m.body and "Accepted" not in m.body and "## Status" not in m.body
    assert "Played cards change the turn order." in m.body and "king of spades" in m.body
    assert "body_part" not in m.meta
    filled = text.replace("The change that we're proposing or have agreed to implement.", "Cards queue their effects.")
    m = parse_adr("doc/architecture/decisions/0005-handling-played-cards.md", filled, {}).memories[0]
    assert m.body == "Cards queue their effects." and m.meta["body_part"]["heading"] == "Decision"


UPDATED = """# 12. Testing strategy

## Status

Accepted

## Decision

We prefer mostly end-to-end tests.

## Update (2025-05-20)

We updated our testing guidelines [here](./0020-testing-guidelines.md), as [ADR 3](./0003-ci.md) asked.
"""


def test_a_later_record_an_update_part_links_to_amends_the_record():
    """digitalservicebund/digitalcheck-dito (MIT) 0012 ends "## Update (2025-05-20) We updated our testing guidelines
    [here](./0020-…)", and 0020 reverses it, yet 0012 stood alone as current guidance: the later record linked from
    an update amends it; an earlier one linked there is context, and a part on an update process is no update."""
    (m,) = parse_adr("doc/adr/0012-testing-strategy.md", UPDATED).memories
    assert [r["number"] for r in m.meta["refs"]["amended_by"]] == [20]
    assert m.status is Status.ACTIVE
    process = UPDATED.replace("## Update (2025-05-20)", "## Update process")
    assert "refs" not in parse_adr("doc/adr/0012-testing-strategy.md", process).memories[0].meta


def test_an_empty_record_file_is_no_record():
    """rdkcentral/ieee1905-rs (Apache-2.0) `docs/architecture/adr/0015-topology-snapshot-vs-live.md` is 0 bytes; it
    became an active decision titled from its name and ranked fourth for a question on stale topology entries."""
    for text in ("", "\n\n  \n"):
        parsed = parse_adr("docs/architecture/adr/0015-topology-snapshot-vs-live.md", text)
        assert parsed.memories == [] and parsed.note == "empty"


def test_a_records_status_in_another_language_or_under_discussion_is_read():
    """tony-spark/recipetor-backend's records say "Принято" (accepted); ieee1905-rs 0019 "Under discussion": both were
    unknown, and read as active."""
    cases = {"Принято": Status.ACTIVE, "Отклонено": Status.REJECTED, "Under discussion": Status.PROPOSED,
             "承認": Status.ACTIVE, "提案中": Status.PROPOSED, "Odrzucony": Status.REJECTED, "已废弃": Status.DEPRECATED}
    for word, status in cases.items():
        (m,) = parse_adr("docs/adr/0004-use-mongodb.md", f"# 4. Use MongoDB\n\n## Status\n\n{word}\n\n## Decision\n\n"
                                                        "We use MongoDB.\n").memories
        assert m.status is status, word
        assert "status_unknown" not in m.meta, word


def test_a_record_opening_on_a_third_level_heading_is_titled_by_its_name():
    """CMS-Enterprise/mint-app `docs/adr/0017-common-milestone.md` opens on "### Reasoning"; list and search called the
    record "Reasoning"."""
    (m,) = parse_adr("docs/adr/0017-common-milestone.md", "### Reasoning\n\nMilestones are shared.\n\n### Decision\n\n"
                                                           "One common milestone model.\n").memories
    assert m.title == "Common milestone"
    (t,) = parse_adr("docs/adr/0003-x.md", "## 3. Use Kafka\n\n## Status\n\nAccepted\n\nWe use Kafka.\n").memories
    assert t.title == "3. Use Kafka"


@pytest.mark.parametrize("text, title", [
    # DFE-Digital/find-information-about-academies-and-trusts 0008
    pytest.param("# Architectural Decision Record (ADR)\n\n## ADR: Adoption of Keep a Changelog Format for Release Notes\n\n"
                 "### Status\n\nTo be discussed with wider team\n\n### Decision\n\nWe keep a changelog.\n",
                 "Adoption of Keep a Changelog Format for Release Notes", id="genre-then-title"),
    pytest.param("# ADR\n\n## Status\n\nAccepted\n\n## Decision\n\nWe keep a changelog.\n", "Keep a changelog",
                 id="genre-then-part"),
    pytest.param("# Decision record: keep a changelog\n\n## Status\n\nAccepted\n", "Keep a changelog",
                 id="genre-with-subject-kept"),
])
def test_a_title_naming_only_the_kind_of_page_gives_way(text, title):
    m = parse_adr("docs/adrs/0008-keep-a-changelog.md", text).memories[0]
    assert m.title == title


def test_a_record_written_in_french_has_its_decision_and_context_read():
    """ansforge/ans-architecture-adr 0002, MADR in French: the whole page was the body, its gist "statut : proposé"."""
    text = ("# Licence des projets Github\n\n* statut : proposé\n* date : 2025-05-27\n* décisionnaires : CTO\n"
            "* consultés : CTO\n* informés : équipe intégration\n\n## Contexte et énoncé du problème\n\n"
            "Tout doit être sous licence sinon les lois de copyright par défaut s'appliquent.\n\n"
            "## Options Envisagées\n\n* MIT\n* BSD3\n\n## Résultat de la Décision\n\n"
            "Option choisie : Licence MIT car permissive.\n")
    m = parse_adr("docs/decisions/0002-licence.md", text).memories[0]
    assert m.status is Status.PROPOSED
    assert m.body == "Option choisie : Licence MIT car permissive."
    assert m.rationale.startswith("Tout doit être sous licence")


def test_a_record_whose_headings_are_written_without_accents_has_its_parts_read():
    """saulomlcosta/SpecPilot's records, Portuguese written without diacritics ("## Decisao", "## Contexto",
    "## Alternativas consideradas"): no decision part was found, and the options weighed were read as the decision's."""
    text = ("# ADR 0009: Usar Result Pattern e ProblemDetails\n\n## Status\nAceita\n\n## Contexto\n"
            "O projeto precisa tratar erros esperados.\n\n## Decisao\nUsar Result Pattern para falhas esperadas.\n\n"
            "## Consequencias\n- Padroniza respostas de erro.\n\n## Alternativas consideradas\n"
            "- Usar exceptions para todos os erros.\n")
    m = parse_adr("docs/adr/0009-use-result-pattern.md", text).memories[0]
    assert m.body == "Usar Result Pattern para falhas esperadas."
    assert m.meta["body_part"]["heading"] == "Decisao" and m.meta["body_part"]["context"] == "Contexto"
    assert m.rationale == "O projeto precisa tratar erros esperados."
    assert "Usar exceptions" not in without_alternatives(text) and "Usar Result Pattern" in without_alternatives(text)


def test_a_banner_saying_amended_by_or_superseded_by_is_read():
    """DISCOOS/ringdrill 0018 opens with "> **Amended by [DESIGN-011](…) (2026-07-28).**" and "> **Amended by
    [ADR-0072](…)**": neither was read."""
    text = ("# 18. Keep PII local\n\n> **Amended by [DESIGN-011](../design/0011-x.md) (2026-07-28).**\n"
            "> **Amended by [ADR-0072](0072-pii.md) (2026-08-04).** See also [ADR-0003](0003-x.md).\n\n"
            "## Status\n\nAccepted\n\n## Decision\n\nWe keep PII local.\n")
    m = parse_adr("docs/adr/0018-keep-pii-local.md", text).memories[0]
    assert m.status is Status.ACTIVE
    assert [r["number"] for r in m.meta["refs"]["amended_by"]] == [11, 72]  # "See also" names no amender
    quoted = parse_adr("docs/adr/0005-x.md", "# 5. X\n\n> Superseded by [ADR-0009](0009-y.md)\n\n## Decision\n\nWe do x.\n")
    assert quoted.memories[0].status is Status.SUPERSEDED


@pytest.mark.parametrize("rel, text, title", [
    # fablabbcn/smartcitizen-api's docs/adr/0002-private-devices.md and 0001-minimize-kit-payload.md (AGPL-3.0)
    pytest.param("docs/adr/0002-private-devices.md", "- Deciders: pral2a\n- Date: 2019-09-01\n\n## Problem\n\n"
                 "- Some devices might contain data you don't want to be public.\n\n## Solution\n\n"
                 "- Add a boolean field `is_private` to devices.\n", "Private devices", id="problem"),
    pytest.param("docs/adr/0001-minimize-kit-payload.md", "- Deciders: vicobarberan\n\n## Why?\n\n"
                 "- Reduce the payload a device sends by ~35%.\n", "Minimize kit payload", id="why"),
    pytest.param("docs/adr/0004-x.md", "# Problem\n\nDevices clutter the map.\n\n# Solution\n\nHide them.\n", "X",
                 id="level-one-part"),
    pytest.param("docs/adr/0004-hide-them.md", "## Hide test devices\n\n## Problem\n\nClutter.\n",
                 "Hide test devices", id="a-title-of-its-own"),
])
def test_a_record_opening_on_one_of_its_parts_is_titled_from_its_file_name(rel, text, title):
    assert parse_adr(rel, text).memories[0].title == title


def test_a_status_in_brackets_before_the_title_is_no_part_of_it():
    # elastisys/compliantkubernetes' docs/adr/0003-push-metrics-via-influxdb.md (Apache-2.0)
    text = ("# [Superseded by [ADR-0019](0019-push-metrics-via-thanos.md)] Push Metrics via InfluxDB\n\n"
            "- Status: superseded by [ADR-0019](0019-push-metrics-via-thanos.md)\n- Date: 2020-11-19\n\n"
            "## Context and Problem Statement\n\nWe need metrics from workload clusters.\n")
    (m,) = parse_adr("docs/adr/0003-push-metrics-via-influxdb.md", text).memories
    assert m.title == "Push Metrics via InfluxDB"
    assert m.status is Status.SUPERSEDED and m.meta["refs"]["superseded_by"][0]["number"] == 19
    (alone,) = parse_adr("docs/adr/0004-use-x.md", "# [Deprecated] Use X\n\n## Context\n\nWhy.\n").memories
    assert alone.title == "Use X" and alone.status is Status.DEPRECATED  # the marker is its only status
    (linked,) = parse_adr("docs/adr/0005-use-y.md", "# [Use Y](https://y.example)\n\n## Context\n\nWhy.\n").memories
    assert linked.title == "Use Y"
    (worded,) = parse_adr("docs/adr/0006-plan.md", "# [Deprecated API removal] Plan\n\n## Context\n\nWhy.\n").memories
    assert worded.title == "[Deprecated API removal] Plan"  # a title's own words in brackets, no status


def test_a_status_in_brackets_ending_the_title_is_its_status_when_none_is_stated():
    """ga4gh/analytics-dashboard-api's 0011 "ADR 0013 — Data Provenance: EuropePMC Ingestion Versioning (WIP)" states
    no status line and was read as accepted, shown as governing code above the accepted record it drafts beside."""
    wip = ("# ADR 0013 — Data Provenance: EuropePMC Ingestion Versioning (WIP)\n\n## Context\n\nWe ingest articles.\n\n"
           "## Decision\n\nVersion every ingested row.\n")
    (m,) = parse_adr("doc/architecture/decisions/0011-epmc-data-provenance.md", wip).memories
    assert m.status is Status.PROPOSED and m.title == "ADR 0013 — Data Provenance: EuropePMC Ingestion Versioning"
    (draft,) = parse_adr("docs/adr/0002-retries.md", "# Retry policy [Draft]\n\n## Decision\n\nRetry thrice.\n").memories
    assert draft.status is Status.PROPOSED and draft.title == "Retry policy"
    stated = "# Use Postgres (WIP)\n\n## Status\n\nAccepted\n\n## Decision\n\nPostgres.\n"
    assert parse_adr("docs/adr/0003-postgres.md", stated).memories[0].status is Status.ACTIVE  # its status line rules
    (option,) = parse_adr("docs/adr/0004-storage.md", "# Storage layout (Option B)\n\n## Decision\n\nB.\n").memories
    assert option.status is Status.ACTIVE and option.title == "Storage layout (Option B)"  # no status in brackets


def test_a_record_whose_title_is_the_templates_placeholder_is_titled_from_its_file_name():
    # thoth-station/core's docs/adr/0005-obtimizing-keb-runs.md (GPL-3.0)
    text = ("# {short title of solved problem and solution}\n\n* Status: proposed\n\n## Context and Problem Statement\n\n"
            "The bot runs too often.\n\n## Decision Outcome\n\nChosen option: \"option 3\", because pods live less.\n")
    (m,) = parse_adr("docs/adr/0005-obtimizing-keb-runs.md", text).memories
    assert m.title == "Obtimizing keb runs" and m.status is Status.PROPOSED
    assert not parse_adr("docs/adr/template.md", text).memories
    # eclipse-edc/Connector (Apache-2.0) `2022-08-09-project-structure-review/README.md`: the template's title words
    # written out plainly
    plain = "# Title of the Decision Record\n\n## Decision\n\nModules are grouped by feature.\n"
    (m,) = parse_adr("docs/developer/decision-records/2022-08-09-project-structure-review/README.md", plain).memories
    assert m.title == "Project structure review"
    (kept,) = parse_adr("docs/adr/0001-use-decision-records.md", "# Use Decision Records\n\n## Decision\n\nWe do.\n").memories
    assert kept.title == "Use Decision Records"


def test_a_status_part_holding_only_its_value_is_no_section_of_its_own():
    """ElasticRun/spine: every record had a section "Status | Accepted", found by any question saying "status"
    ("Retry Pending status"). A status naming the record that replaced it still says something and stays."""
    from lore.sources.adr import parse_adr

    plain = parse_adr("docs/adr/0003-retry.md", "# 3. Retry mechanism\n\nDate: 2019-04-30\n\n## Status\n\nAccepted\n\n"
                      "## Context\n\nMessages fail.\n\n## Decision\n\nRetry failed messages from a pending table.\n")
    assert [s.heading for s in plain.memories[0].sections] == [None, "Context", "Decision"]
    replaced = parse_adr("docs/adr/0002-kafka.md", "# 2. Kafka\n\n## Status\n\nSuperseded by [ADR 4](0004-nats.md)\n\n"
                         "## Decision\n\nUse Kafka for events.\n")
    assert "Status" in [s.heading for s in replaced.memories[0].sections]


NYGARD_UNFILLED = ("Date: 2020-02-23\n\n## Status\n\nAccepted\n\n## Context\n\n"
                   "The issue motivating this decision, and any context that influences or constrains the decision.\n\n"
                   "## Decision\n\nThe change that we're proposing or have agreed to implement.\n\n## Consequences\n\n"
                   "What becomes easier or more difficult to do and any risks introduced by the change that will need "
                   "to be mitigated.\n")


def test_a_record_left_as_its_template_keeps_its_number_status_and_relations_and_is_marked():
    """lcobucci/kafka (MIT) docs/architecture-decisions/0006 ("6. Require PHP 7.3") has every part still adr-tools'
    guidance: it was imported as an active record with an empty body and nothing to tell it from the records that say
    something, and its few words ranked it above them. It keeps its number, title, status and relations (it amends
    0002) and is marked as left as its template; a record written in is not."""
    text = ("# 6. Require PHP 7.3\n\n" + NYGARD_UNFILLED).replace(
        "Accepted\n", "Accepted\n\nAmends [2. Require PHP 7.2 (64-bit)](0002-require-php-7-2-64-bit.md)\n")
    (m,) = parse_adr("docs/architecture-decisions/0006-require-php-7-3.md", text).memories
    assert (m.title, m.status, m.body, m.meta["adr_number"]) == ("6. Require PHP 7.3", Status.ACTIVE, "", 6)
    assert m.meta["refs"]["amends"][0]["number"] == 2 and m.meta[TEMPLATE_ONLY_META] is True
    written = text.replace("The change that we're proposing or have agreed to implement.", "We require PHP 7.3.")
    (m,) = parse_adr("docs/architecture-decisions/0006-require-php-7-3.md", written).memories
    assert m.body == "We require PHP 7.3." and TEMPLATE_ONLY_META not in m.meta


def test_a_record_left_as_its_template_says_no_more_than_its_title():
    """JonQuxBurton/MobileMicroservicesSample (MIT) doc/adr/0001 is adr-tools' template with its guidance only: it became
    a decision whose body was its bare headings ("## Context … ## Decision … ## Consequences"), ranked strong in search.
    The series' first record so left says nothing and is taken as nothing; a record titled for its decision
    (Collective-Intelligence-Labs/cil-copilot's 0005) keeps its title, with no headings for a body."""
    parsed = parse_adr("doc/adr/0001-record-architecture-decisions.md",
                       "# 1. Record architecture decisions\n\n" + NYGARD_UNFILLED)
    assert parsed.memories == [] and parsed.note == "an unfilled template"
    (m,) = parse_adr("doc/adr/0005-the-minimal-size-of-group.md",
                     "# 5. The minimal size of a group will be 3, not 2\n\n" + NYGARD_UNFILLED).memories
    assert m.body == "" and m.title == "5. The minimal size of a group will be 3, not 2"
    written = NYGARD_UNFILLED.replace("The change that we're proposing or have agreed to implement.",
                                      "We will record architecture decisions.")
    (m,) = parse_adr("doc/adr/0001-record-architecture-decisions.md",
                     "# 1. Record architecture decisions\n\n" + written).memories
    assert m.body == "We will record architecture decisions."
    # a title and a status alone are no template; a level-1 "# Status" over the parts leaves them their text
    assert parse_adr("doc/adr/0002-use-postgres.md", "# 2. Use Postgres\n\n## Status\n\nAccepted\n").memories
    (m,) = parse_adr("doc/adr/0028-sessions.md", "# 28. Sessions\n\nDate: 2025-05-29\n\n# Status\n\nApproved\n\n"
                                                 "## Context\n\nForms are static.\n\n## Decision\n\nWe submit a form.\n").memories
    assert m.body == "We submit a form."


def test_a_qualified_decision_heading_is_the_records_decision():
    text = ("# 2. Secure output\n\n## Status\n\nAccepted\n\n## Context\n\nPayloads leave the service.\n\n"
            "## Proposed Decision\n\n### TLS\n\nWe send payloads over TLS.\n\n## Consequences\n\nCertificates rotate.\n")
    m, _ = one("decisions/0002-secure-output.md", text)
    assert m.body == "### TLS\n\nWe send payloads over TLS." and m.rationale == "Payloads leave the service."
    assert m.meta["body_part"]["heading"] == "Proposed Decision"


def test_a_decision_heading_stating_the_decision_after_a_colon_is_the_records_decision():
    text = ("# 14. Notify configuration\n\n**Date:** 2021-04-08\n\n## Context\n\nThree environments share one "
            "provider.\n\n## Decision: Separate services for each environment\n\nEach environment has its own "
            "service.\n\n## Further Information\n\nSee the provider's guide.\n")
    m, _ = one("decisions/0014-notify-configuration.md", text)
    assert m.body == "Separate services for each environment\n\nEach environment has its own service."
    assert m.rationale == "Three environments share one provider."


def test_a_title_stating_a_decision_after_a_colon_is_no_decision_part():
    text = ("# Decision: Use a queue\n\n## Context\n\nJobs pile up.\n\n## Decision\n\nWe use a queue.\n\n"
            "## Consequences\n\nA worker runs.\n")
    m, _ = one("decisions/0004-queue.md", text)
    assert m.body == "We use a queue." and m.rationale == "Jobs pile up."


def test_an_alternative_solution_is_no_decision():
    text = ("# 4. Queue\n\n## Context\n\nJobs pile up.\n\n## Decision\n\nWe use a queue.\n\n"
            "## Alternative Solution\n\nA cron job.\n")
    m, _ = one("decisions/0004-queue.md", text)
    assert m.body == "We use a queue."


def test_a_record_without_a_decision_part_says_its_context_once():
    text = ("# 8. The Runner\n\n## Status\n\nAccepted\n\n## Context\n\nForms run on a shared runner.\n\n"
            "## Runner Architecture\n\nOne process per form.\n")
    m, _ = one("decisions/0008-the-runner.md", text)
    assert "Forms run on a shared runner." in m.body and m.rationale is None


def test_consecutive_decision_parts_are_joined_into_the_body():
    text = ("# 7. Replacing the storage\n\n## Context\n\nThe store is slow.\n\n## Decision\n\nReplace it.\n\n"
            "## Solution\n\nA new service.\n\n### Details\n\nIt keeps files.\n\n## Consequences\n\nA migration.\n")
    m, _ = one("decisions/0007-replacing-the-storage.md", text)
    assert m.body == "Replace it.\n\n## Solution\n\nA new service.\n\n### Details\n\nIt keeps files."
    assert [h for h, _ in m.meta["body_part"]["after"]] == ["Consequences"]


@pytest.mark.parametrize("written, read", [
    ("25/03/2021", "2021-03-25"),  # day first: the day is over 12
    ("03/25/2021", "2021-03-25"),  # month first
    ("25.03.2021", "2021-03-25"),
    ("25th March 2021", "2021-03-25"),
    ("March 25, 2021", "2021-03-25"),
    ("2021/3/5", "2021-03-05"),
    ("2021-03-25 (revised 2022-01-04)", "2021-03-25"),
    ("03/04/2021", "03/04/2021"),  # either day: kept as written, never guessed
    ("March 2021", "March 2021"),
    ("2021-02-30", "2021-02-30"),  # no such day: as written
    ("3/25/20", "2020-03-25"),  # edgexfoundry/edgex-docs (Apache-2.0) 0005: "TSC vote on 3/25/20", a year of two digits
    ("3/2/22", "3/2/22"),  # either day: as written
    ("16-Jan-2020", "2020-01-16"),  # edgex-docs 0003
])
def test_a_written_date_whose_day_is_certain_is_read_as_an_iso_day(written, read):
    m, _ = one("docs/adr/0007-use-kafka.md", f"# 7. Use Kafka\n\nDate: {written}\n\n## Status\n\nAccepted\n\n"
                                              "## Decision\n\nWe use Kafka.\n")
    assert m.date == read


def test_records_dated_day_first_are_ordered_by_their_days():
    """Two unnumbered records dated day first, `25/03/2021` and `14/11/2021`: the later day is the later record
    (the written dates do not order them)."""
    from lore.sources.newer import is_earlier
    a, _ = one("docs/decisions/use-kafka.md", "# Use Kafka\n\nDate: 25/03/2021\n\n## Decision\n\nWe use Kafka.\n")
    b, _ = one("docs/decisions/use-nats.md", "# Use NATS\n\nDate: 14/11/2021\n\n## Decision\n\nWe use NATS.\n")
    assert is_earlier(a, b) and not is_earlier(b, a)


CELESTIA_009 = """# ADR 009: Public API

## Authors

@Wondertan @renaynay

## Changelog

- 2022-03-08: initial version

## Context

Celestia Node has been built bottom-up; it is time to define its modules and their APIs.

## Design

Each module has one interface, and the node type picks its implementation.
"""


def test_a_record_without_a_decision_part_is_not_summed_up_by_its_authors():
    """celestiaorg/celestia-node (Apache-2.0) ADR 009 opens with "## Authors" and its handles, then a change log, and
    has no decision part: its body is what it says, from its context on, with no run of blank lines left behind."""
    m, _ = one("docs/adr/adr-009-public-api.md", CELESTIA_009)
    assert m.body.startswith("## Context\n\nCelestia Node") and "@Wondertan" not in m.body
    assert "\n\n\n" not in m.body and m.date == "2022-03-08"


REPORTSTREAM_0003 = """# [0003: Creating New React Components]

-   Status: accepted
-   Authors: @etanb
-   Proposal date: 2023-01-24
-   Last updated: [YYYY-MM-DD when the proposal was last updated]

## Problem Statement

We rely on USWDS components for the basis of much of the code.

## Proposal

We build our own components on top of the USWDS styles.
"""


def test_a_filled_in_template_keeps_neither_its_title_brackets_nor_its_date_placeholder():
    """CDCgov/prime-reportstream (CC0) frontend proposal 0003 fills in `# [XXXX: Title of Proposal]` inside the brackets
    and leaves "Last updated: [YYYY-MM-DD …]" as the template wrote it: the title is the text in the brackets and
    the date is the proposal's."""
    m, _ = one("frontend-react/docs/proposals/0003-uswds-react-components.md", REPORTSTREAM_0003)
    assert (m.title, m.date, m.status) == ("0003: Creating New React Components", "2023-01-24", Status.ACTIVE)


@pytest.mark.parametrize("status, date", [
    ("Accepted - January 2021", "January 2021"),
    ("Accepted (September 2023)", "September 2023"),
    ("Accepted on 25 March 2021", "2021-03-25"),
    ("Accepted", None),
    ("Superseded by ADR 2021", None),
])
def test_a_date_in_the_status_line_dates_a_record_that_gives_none_elsewhere(status, date):
    """openedx/edx-enterprise (AGPL-3.0) 0004 dates itself only in its status line, "Accepted - January 2021"."""
    m, _ = one("docs/decisions/0004-role-assignments.md", f"# 4. Role assignments\n\n## Status\n\n{status}\n\n"
                                                          "## Decision\n\nRole assignments record a customer UUID.\n")
    assert m.date == date
    dated = one("docs/decisions/0004-role-assignments.md", f"# 4. Role assignments\n\nDate: 2020-12-01\n\n## Status\n\n"
                                                            f"{status}\n\n## Decision\n\nThey do.\n")[0]
    assert dated.date == "2020-12-01"  # a date of its own comes first


@pytest.mark.parametrize("rel, text, date", [
    # eclipse-edc/Connector (Apache-2.0): a folder per record, named by its date, holding its README
    ("docs/developer/decision-records/2023-12-19-token-handling-refactor/README.md",
     "# Token handling refactor\n\n## Decision\n\nWe split token handling.\n", "2023-12-19"),
    # thomvaill/log4brains (Apache-2.0): records named by their day
    ("docs/adr/20201026-enhance-the-body-with-mdx.md", "# Enhance the body with MDX\n\n## Decision\n\nWe do.\n",
     "2020-10-26"),
    # external-secrets/external-secrets (Apache-2.0): a KEP's `creation-date`
    ("design/008-pushsecret-update-policy.md", "---\ntitle: Update policy\nstatus: implemented\n"
     "creation-date: 2023-08-25\n---\n\n# Update policy\n\n## Decision\n\nWe do.\n", "2023-08-25"),
    # open-feature/flagd (Apache-2.0): the day it was created in the front matter
    ("docs/architecture-decisions/duplicate-flag-keys.md",
     "---\nstatus: accepted\nauthor: '@toddbaert'\ncreated: 2025-06-06\nupdated: 2025-06-06\n---\n\n# Duplicate keys\n\n"
     "## Decision\n\nWe allow them.\n", "2025-06-06"),
    ("docs/adr/20201026-x.md", "# X\n\nDate: 2021-01-02\n\n## Decision\n\nWe do.\n", "2021-01-02"),  # the text wins
    ("docs/adr/0012-use-x.md", "# Use X\n\n## Decision\n\nWe do.\n", None),  # a number is no date
    ("docs/adr/20201399-x.md", "# X\n\n## Decision\n\nWe do.\n", None),  # no such day
])
def test_a_record_without_a_written_date_is_dated_by_its_name_or_its_front_matters_created(rel, text, date):
    m, _ = one(rel, text)
    assert m.date == date


def test_a_records_read_me_without_a_title_is_titled_by_its_folder():
    """eclipse-edc/Connector (Apache-2.0) `2023-12-19-token-handling-refactor/README.md` opens on "## Decision": its
    title, read from the file's name, was "README", and the record was dropped as a read-me page."""
    m, _ = one("docs/developer/decision-records/2023-12-19-token-handling-refactor/README.md",
               "## Decision\n\nTokens are parsed by a `KeyParserRegistry`.\n\n## Rationale\n\nOne place.\n")
    assert m.title == "Token handling refactor" and m.date == "2023-12-19"


@pytest.mark.parametrize("heading, title", [
    ("ADR: Multiple Sync Sources", "Multiple Sync Sources"),  # open-feature/flagd (Apache-2.0)
    ("RFC - Flag sets", "Flag sets"),
    ("Decision: Use Kafka", "Use Kafka"),
    ("Decision Record: Message Concept", "Message Concept"),  # alphagov/email-alert-api (MIT)
    ("Design Decisions: HTML Templating", "HTML Templating"),  # Financial-Times/dotcom-page-kit (MIT)
    ("ADR 12: Use Kafka", "ADR 12: Use Kafka"),  # a numbered title is left as it is
    ("Decision records", "Decision records"),
])
def test_a_genre_word_before_a_title_is_no_part_of_it(heading, title):
    m, _ = one("docs/architecture-decisions/multiple-sync-sources.md", f"# {heading}\n\n## Decision\n\nWe do.\n")
    assert m.title == title



@pytest.mark.parametrize("part, date", [
    ("## Date\n\n**2025-11-10**\n", "2025-11-10"),
    ("## Decision date:\n\n10 November 2025\n", "2025-11-10"),
    ("## Date\n\nTo be decided.\n", None),
])
def test_a_date_written_as_a_part_of_its_own_dates_the_record(part, date):
    """ScilifelabDataCentre/swedish-pathogens-portal-django (MIT) 0002 heads its day as a part, "## Date" over
    "**2025-11-10**", as it heads its status: the record was undated."""
    m, _ = one("doc/architecture/decisions/0002-code-style.md",
               f"# 2. Code style\n\n## Status\n\nAccepted\n\n{part}\n## Decision\n\nWe use Ruff.\n")
    assert m.date == date


@pytest.mark.parametrize("heading, title", [
    ("ADR-00XX: Data Hosting", "ADR-0004: Data Hosting"),
    ("NNNN. Data Hosting", "0004. Data Hosting"),
    ("ADR-XXX – Data Hosting", "ADR-004 – Data Hosting"),
    ("ADR-0004: Data Hosting", "ADR-0004: Data Hosting"),
    ("XXL images: Data Hosting", "XXL images: Data Hosting"),
])
def test_a_titles_number_left_as_the_templates_placeholder_is_the_files(heading, title):
    """ScilifelabDataCentre/swedish-pathogens-portal-django (MIT) `0004-data-hosting.md` is titled "ADR-00XX: Data
    Hosting…", the template's number never filled in."""
    m, _ = one("doc/architecture/decisions/0004-data-hosting.md", f"# {heading}\n\n## Decision\n\nHost it.\n")
    assert m.title == title


def test_a_title_naming_only_the_genre_after_a_projects_tag_gives_way_to_the_next_heading():
    """ThoughtWorks-DPS/dps-starterkit-java (MIT) opens each record with "# [dps-starterkit-java] Architecture Decision
    Record (ADR)" over "## 1. Record the architecture decision": both records were titled by the banner."""
    text = ("# [dps-starterkit-java] Architecture Decision Record (ADR)\n\n## 1. Record the architecture decision\n\n"
            "Date: 2020-11-12\n\n## Status\n\nAccepted\n\n## Context\n\nWe need to record.\n\n## Decision\n\nWe will "
            "use Architecture Decision Records.\n")
    m, _ = one("docs/architecture-decisions/0001-record-architecture-decisions.md", text)
    assert m.title == "1. Record the architecture decision"
    tagged, _ = one("docs/architecture-decisions/0002-use-kafka.md", "# [core] Use Kafka\n\n## Decision\n\nWe do.\n")
    assert tagged.title == "[core] Use Kafka"  # a tag before a title of its own stays


def test_a_heading_saying_the_record_is_superseded_or_deprecated_retires_it():
    """Enterprise-CMCS/managed-care-review (CC0-1.0) writes it as the first heading under the title: "## This ADR has
    been superseded by [028-…](028-….md)", "## This ADR is deprecated as we removed Protobufs …"; all four such records
    stayed current, and one ranked first for a question its successor answers. A heading about something else that
    says "superseded" retires nothing."""
    text = ("# Define Frontend Toolset for Accessibility\n\n## This ADR has been superseded by "
            "[028-updated-frontend-a11y-toolset](028-updated-frontend-a11y-toolset.md)\n\n## Chosen Decision\n\naxe.\n")
    m = parse_adr("docs/architectural-decision-records/005-frontend-a11y-toolset.md", text).memories[0]
    assert m.status is Status.SUPERSEDED and [r["number"] for r in m.meta["refs"]["superseded_by"]] == [28]
    text = ("# The Form Changes Over Time\n\n## This ADR is deprecated as we removed Protobufs from the codebase.\n\n"
            "## Decision Made\n\nVersion the form.\n")
    assert parse_adr("docs/adr/018-form.md", text).memories[0].status is Status.DEPRECATED
    text = "# Caching\n\n## Decision\n\nCache.\n\n## Why the old cache was superseded by a CDN\n\nSpeed.\n"
    assert parse_adr("docs/adr/019-cache.md", text).memories[0].status is Status.ACTIVE


# After thoni56/c-xrefactory's doc/docs/11-planned-features.adoc (GPL-2.0), shortened: a chapter of features, each
# with its own status, headed as AsciiDoc's `==` and `===` read.
_FEATURES = """## Planned Features

These are features we plan to add.

### Move Function Between Files

**Status**: Phase 1 complete (December 2024)

Moving a function to another file updates its callers.

### LSP Integration

**Status**: EXPERIMENTAL (January 2026)

The server speaks the language server protocol.

### Indexing Log Buffer

**Status**: Planned

A buffer showing what the indexer did.
"""


def test_a_page_whose_parts_each_state_a_status_is_no_record_of_one_status(tmp_path):
    """c-xrefactory's roadmap chapter, one of a numbered series of chapters, was read as a proposed decision titled
    "Planned Features" from its second feature's "EXPERIMENTAL". A page stating its status once past its first part
    still states it."""
    from lore.ingest.parse import parse_file
    from lore.sources.classify import DOC
    from lore.sources.detect import Series
    folder = tmp_path / "doc" / "docs"
    folder.mkdir(parents=True)
    for n, name in enumerate(["intro", "context", "roadmap", "components"], 8):
        (folder / f"{n:02d}-{name}.md").write_text(f"# {name}\n\nText.\n")
    rel = "doc/docs/11-planned-features.md"
    (tmp_path / rel).write_text(_FEATURES)

    def read(text):
        return parse_file(DOC, rel, text, abs_path=str(tmp_path / rel), series=Series()).memories

    assert [m.kind for m in read(_FEATURES)] == [Kind.FACT]
    one = _FEATURES.split("### Indexing")[0].replace("**Status**: Phase 1 complete (December 2024)\n", "")
    assert [(m.kind, m.status) for m in read(one)] == [(Kind.DECISION, Status.PROPOSED)]


def test_a_record_bounded_by_another_does_not_amend_it():
    """Accenture/mercury's ADR-0007 (Apache-2.0): "This decision refines ADR-0001 and is bounded by ADR-0005." was
    read as amending both; the second verb of the sentence starts a clause of its own. Records joined by "and" are
    still each amended."""
    text = ("# 7. Event Script over code\n\n## Status\n\nAccepted\n\n## Decision\n\nOrchestration is written as "
            "Event Script. This decision refines ADR-0001 and is bounded by ADR-0005.\n")
    (m,) = parse_adr("docs/adr/0007-event-script.md", text).memories
    assert [r["number"] for r in m.meta["refs"]["amends"]] == [1]
    both = text.replace(" and is bounded by ADR-0005", " and ADR-0002")
    (m,) = parse_adr("docs/adr/0007-event-script.md", both).memories
    assert [r["number"] for r in m.meta["refs"]["amends"]] == [1, 2]


@pytest.mark.parametrize(("written", "status"), [
    pytest.param("Proprosed", Status.PROPOSED, id="breakthrough-rc-wallchart-0004"),
    pytest.param("Aprroved", Status.ACTIVE, id="grpc-proposal-P4"),
    pytest.param("Rejcted", Status.REJECTED, id="letters-swapped"),
])
def test_a_status_written_as_one_misspelt_word_is_the_word_it_misspells(written, status):
    """breakthrough-rc/wallchart's 0004 (MIT) says "## Status\\n\\nProprosed": it was "unknown", imported as active
    and shown as governing code. The reading is reported; a word that only starts a status word, or is one edit
    from two statuses, stays unknown."""
    text = f"# 4. CSV uploads\n\n## Status\n\n{written}\n\n## Context\n\nWe need uploads.\n\n## Decision\n\nUse csv.\n"
    parsed = parse_adr("doc/architecture/decisions/0004-csv-uploads.md", text)
    assert parsed.memories[0].status is status
    assert any("misspells" in w for w in parsed.warnings)
    for unknown in ("Implement", "Openly"):
        m = parse_adr("docs/adr/0004-x.md", text.replace(written, unknown)).memories[0]
        assert m.meta.get("status_unknown") == unknown


def test_a_template_title_left_after_the_records_number_is_no_title():
    """alphagov/forms (MIT) ADR025: "# ADR025: Decision Record Title (a description of the decision, not the
    problem)" was the title, and its words anchored the record to `decision-record/**`."""
    text = ("# ADR025: Decision Record Title (a description of the decision, not the problem)\n\nDate: 2023-11-02\n\n"
            "## Status\n\nAccepted\n\n## Context\n\nNobody reads the PaperTrail versions.\n\n## Decision\n\n"
            "Remove the PaperTrail gem.\n")
    m, _ = one("ADR/ADR025-remove-papertrail.md", text)
    assert m.title == "Remove papertrail" and m.meta["adr_number"] == 25


def test_a_title_written_without_a_space_after_its_mark_is_the_records_title():
    """nationalarchives/tdr-dev-documentation (MIT) 0025: "#25. Automatic code merging" was no heading, and the
    record was titled "Automatic code merge" from its file."""
    text = "#25. Automatic code merging\n\n**Date:** 2022-01-10\n\n## Context\n\nReviews wait.\n\n## Decision\n\nMergify.\n"
    m, _ = one("architecture-decision-records/0025-automatic-code-merge.md", text)
    assert m.title == "25. Automatic code merging" and m.provenance.line == 1
    for first in ("#tagging", "#include <stdio.h> is used"):  # a hashtag, a directive: no title
        m, _ = one("architecture-decision-records/0026-tagging.md", f"{first}\n\n## Decision\n\nTag releases.\n")
        assert m.title == "Tagging"


def test_a_design_stating_several_decisions_after_colons_keeps_its_whole_text_as_its_body():
    """kumahq/kuma (Apache-2.0) MADR 078: "#### Decision: Naming for non-system inbound-related resources" and two
    more, each the decision of one area of the design; the first alone became the record's body."""
    text = ("# Consistent naming\n\n## Context and problem statement\n\nNames differ.\n\n## Design areas and decisions\n\n"
            "### Inbound\n\n#### Decision: Naming for inbound resources\n\nUse `self_inbound_<port>`.\n\n"
            "### Passthrough\n\n#### Decision: Naming for passthrough resources\n\nUse `self_passthrough`.\n")
    m, _ = one("docs/madr/decisions/078-consistent-naming.md", text)
    assert "self_inbound" in m.body and "self_passthrough" in m.body


def test_parts_written_a_level_too_deep_under_a_change_log_stay_in_the_body():
    """edgexfoundry/edgex-docs (Apache-2.0) `ucr/Core-Data-Retention.md`: "## Change Log", then "### Motivation",
    "### Description", "### Requirements"; leaving out the change log took them with it, and the body was the
    submitter's name alone."""
    text = ("## Core Data Retention\n\n### Submitters\nJim White\n\n## Status\n\nApproved\n\n## Change Log\n\n"
            "- approved 2023-01-31\n\n### Motivation\nLess data persisted at the edge.\n\n### Description\n"
            "Cap the readings each device keeps.\n")
    m, _ = one("docs/design/adr/0030-core-data-retention.md", text)
    assert "Less data persisted at the edge." in m.body and "Cap the readings" in m.body
    assert "approved 2023-01-31" not in m.body


def test_a_page_titled_as_a_design_decision_in_a_decisions_folder_is_a_record():
    """Financial-Times/dotcom-page-kit (MIT) `docs/design-decisions/html-templating.md`, "# Design Decisions: HTML
    Templating" with "## Decision owners" and no decision heading: six of eight such pages came as documentation."""
    from lore.sources.detect import evidence

    text = ("# Design Decisions: HTML Templating\n\nUI components provided by Page Kit are authored using JSX, not "
            "Handlebars.\n\nJSX works the same on the server and in the browser.\n\n## Decision owners\n\n- Matt\n")
    assert evidence("docs/design-decisions/html-templating.md", text).is_decision
    assert not evidence("docs/guides/html-templating.md", text).is_decision  # the title alone, outside such a folder


@pytest.mark.parametrize("rel, proposed", [
    ("docs/proposed/0007-use-kafka.md", True),
    ("docs/adr-drafts/0007-use-kafka.md", True),
    ("docs/proposals-pending/0007-use-kafka.md", True),
    # alphagov/forms (MIT): the feature of editing a live form's draft, imported "as proposed, as its folder says"
    ("design/features/live-draft/version-1.md", False),
    ("docs/proposals-accepted/0007-use-kafka.md", False),  # thanos-io/thanos: another state beside it
])
def test_a_folder_of_proposals_is_named_for_their_state_and_records_alone(rel, proposed):
    text = "# Use Kafka\n\n## Context\n\nJobs pile up.\n\n## Decision\n\nWe use Kafka.\n"
    m, _ = one(rel, text)
    assert (m.status is Status.PROPOSED) is proposed
