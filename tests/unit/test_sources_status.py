"""Status lines as real decision records write them (quoted from ministryofjustice/modernisation-platform,
alphagov/govuk-aws, celestiaorg/celestia-app, guardian/dotcom-rendering, thomvaill/log4brains, adr/madr,
jaegertracing/jaeger), and supersession said in a body paragraph."""

from __future__ import annotations

import pytest

from lore.memory import Status
from lore.sources.adr import parse_adr
from lore.sources.status import latest_first, read_status, supersession_lines


@pytest.mark.parametrize("line, status, successor", [
    pytest.param("✅ Accepted", Status.ACTIVE, None, id="emoji-accepted"),
    pytest.param("❌ Rejected", Status.REJECTED, None, id="emoji-rejected"),
    pytest.param("🤔 Proposed", Status.PROPOSED, None, id="emoji-proposed"),
    pytest.param("⌛️ Superseded [0019](0019-use-bash-go-as-core-languages.md)", Status.SUPERSEDED, 19,
                 id="superseded-without-by"),
    pytest.param("Superseded by [ADR-0042](0042-use-queues.md)", Status.SUPERSEDED, 42, id="superseded-by-link"),
    pytest.param("Implemented. Superseded by ADR-013.", Status.SUPERSEDED, 13, id="word-then-superseded"),
    pytest.param("Implemented. Parts of this ADR were superseded by ADR-020.", Status.ACTIVE, None, id="parts"),
    pytest.param("Partly superseded", Status.ACTIVE, None, id="partly-superseded"),
    pytest.param("2021-03-04 Accepted", Status.ACTIVE, None, id="date-and-word"),
    pytest.param("**Accepted**", Status.ACTIVE, None, id="bold"),
    pytest.param("_Rejected_", Status.REJECTED, None, id="italic-rejected"),
    pytest.param("Accepted, amended by [ADR 7](0007-cache.md)", Status.ACTIVE, None, id="amended-by"),
    pytest.param("PROPOSED", Status.PROPOSED, None, id="upper-proposed"),
    pytest.param("Pending", Status.PROPOSED, None, id="pending"),
    pytest.param("In progress", Status.PROPOSED, None, id="in-progress"),
    pytest.param("Deprecated in favor of orchestrator-relayer#66", Status.DEPRECATED, None, id="deprecated"),
    pytest.param("Implemented — graduated from RFC 0013", Status.ACTIVE, None, id="implemented-graduated-from"),
    pytest.param("Implemented — graduated into ADR-010", Status.ACTIVE, None, id="rfc-graduated-into-adr"),
    pytest.param("Implemented — graduated into [ADR-002](../adr/002-mcp-server.md); tool routing superseded by "
                 "[RFC 0008](./0008-ai-gateway-mcp-tool-routing.md)", Status.SUPERSEDED, 8, id="graduated-then-superseded"),
    pytest.param("Implemented — the §5 tool-routing decision is superseded by [RFC 0008](./0008-ai-gateway-mcp-tool-"
                 "routing.md)", Status.SUPERSEDED, 8, id="successor-named-mid-line"),
    pytest.param("Declined", Status.REJECTED, None, id="declined"),
    # enhancement proposals (Kubernetes' KEPs, Tekton's TEPs) and Ember's RFC stages
    pytest.param("implementable", Status.ACTIVE, None, id="kep-implementable"),
    pytest.param("Ready for Implementation", Status.ACTIVE, None, id="grpc-ready-for-implementation"),
    pytest.param("provisional", Status.PROPOSED, None, id="kep-provisional"),
    pytest.param("Tentative", Status.PROPOSED, None, id="tentative"),
    pytest.param("Preliminary", Status.PROPOSED, None, id="preliminary"),
    pytest.param("Ongoing.", Status.PROPOSED, None, id="ongoing"),  # zooniverse/front-end-monorepo
    pytest.param("deferred", Status.PROPOSED, None, id="kep-deferred"),
    pytest.param("discontinued", Status.DEPRECATED, None, id="rfc-discontinued"),
    # DFE-Digital/find-information-about-academies-and-trusts 0008: an open question, not a decision in force
    pytest.param("To be discussed with wider team", Status.PROPOSED, None, id="to-be-discussed"),
    pytest.param("TBD", Status.PROPOSED, None, id="tbd"),
    pytest.param("Not yet decided", Status.PROPOSED, None, id="not-yet-decided"),
    pytest.param("Depreciated.", Status.DEPRECATED, None, id="depreciated"),  # Ensembl/decisions: the common misspelling
    pytest.param("Parked", None, None, id="unknown"),
    pytest.param("on hold", None, None, id="unknown-on-hold"),
])
def test_status_lines(line, status, successor):
    reading = read_status(line)
    assert reading.status is status
    assert [r.number for r in reading.superseded_by][:1] == ([successor] if successor else [])


@pytest.mark.parametrize("paragraph, successor", [
    pytest.param("SUPERSEDED BY [ADR: Preferred styling method](./preferred-styling-method.md)",
                 "./preferred-styling-method.md", id="unleash-upper"),
    pytest.param("This ADR has been superseded by [ADR-0042](0042-use-queues.md).", "0042-use-queues.md", id="this-adr"),
    pytest.param("Note: this decision was replaced by [the new one](0009-new.md).", "0009-new.md", id="note"),
    pytest.param("We replaced the old cache with Redis.", None, id="not-a-supersession"),
])
def test_body_supersession(paragraph, successor):
    found = supersession_lines(paragraph)
    assert (found.status is Status.SUPERSEDED) is (successor is not None)
    assert [r.target for r in found.superseded_by][:1] == ([successor] if successor else [])


@pytest.mark.parametrize("text, status", [
    pytest.param("# Use X\n\n| Status | Accepted |\n|---|---|\n\n## Context\n\nx\n", Status.ACTIVE, id="table-row"),
    pytest.param("---\nstatus: rejected\n---\n# Use X\n\n## Context\n\nx\n", Status.REJECTED, id="front-matter"),
    pytest.param("# Use X\n\n## Context\n\nx\n\n## Decision\n\ny\n\nThis ADR has been superseded by "
                 "[ADR-0042](0042-use-queues.md).\n", Status.SUPERSEDED, id="nothing-then-body"),
    pytest.param("# Use X\n\n* Status: proposed\n\n## Context\n\nx\n", Status.PROPOSED, id="madr2-list-item"),
    # joyent/rfd (MPL-2.0): a request for discussion's `state` in its front matter
    pytest.param("---\nauthors: A\nstate: abandoned\n---\n# RFD 9 X\n\n## Context\n\nx\n", Status.DEPRECATED,
                 id="rfd-state-abandoned"),
    pytest.param("---\nstate: predraft\n---\n# RFD 9 X\n\n## Context\n\nx\n", Status.PROPOSED, id="rfd-predraft"),
    pytest.param("---\nstate: publish\n---\n# RFD 9 X\n\n## Context\n\nx\n", Status.ACTIVE, id="rfd-publish"),
    pytest.param("---\nstatus: Stagnant\n---\n# EIP-9 X\n\n## Context\n\nx\n", Status.PROPOSED, id="eip-stagnant"),
    # swiftlang/swift-evolution (Apache-2.0): a bold value in a list field
    pytest.param("# X\n\n* Proposal: SE-0246\n* Status: **Expired**\n\n## Introduction\n\nx\n", Status.DEPRECATED,
                 id="swift-expired"),
    pytest.param("# X\n\n* Proposal: SE-0018\n* Status: **Returned for revision**\n\n## Introduction\n\nx\n",
                 Status.PROPOSED, id="swift-returned"),
    pytest.param("# X\n\n* Proposal: SE-0545\n* Status: **Active review (August 12th...26th, 2026)**\n\n## Introduction"
                 "\n\nx\n", Status.PROPOSED, id="swift-active-review"),
    # Kotlin/KEEP (Apache-2.0): a feature in the stable language
    pytest.param("# Type aliases\n\n* **Type**: Design proposal\n* **Status**: Stable in 1.1\n\n## Use cases\n\nx\n",
                 Status.ACTIVE, id="keep-stable"),
    # emberjs/rfcs (MIT): the RFC's stage in its front matter
    pytest.param("---\nstage: recommended\nstart-date: 2020-01-02T00:00:00.000Z\n---\n\n# Summary\n\nx\n",
                 Status.ACTIVE, id="ember-stage-recommended"),
    pytest.param("---\nstage: discontinued # FIXME: is this correct?\nstart-date: 2016-01-02\n---\n\n# Summary\n\nx\n",
                 Status.DEPRECATED, id="ember-stage-discontinued"),
    pytest.param("---\nstage: exploring\n---\n\n# Summary\n\nx\n", Status.PROPOSED, id="ember-stage-exploring"),
    # a Hugo site's record: TOML front matter
    pytest.param('+++\ntitle = "Use X"\nstatus = "rejected"\n+++\n\n## Context\n\nx\n', Status.REJECTED, id="hugo-toml"),
    # solana-foundation/solana-improvement-documents (Apache-2.0), stellar/stellar-protocol (Apache-2.0)
    pytest.param("---\nsimd: '0267'\ntitle: Rent epoch\nstatus: Activated\n---\n\n## Summary\n\nx\n", Status.ACTIVE,
                 id="simd-activated"),
    pytest.param("---\nsimd: '0123'\nstatus: Review\n---\n\n## Summary\n\nx\n", Status.PROPOSED, id="simd-review"),
    pytest.param("---\nsimd: '0189'\nstatus: Idea\n---\n\n## Summary\n\nx\n", Status.PROPOSED, id="simd-idea"),
    pytest.param("## Preamble\n\nTitle: Account merge\nStatus: Final Comment Period (FCP)\n\n## Summary\n\nx\n",
                 Status.PROPOSED, id="sep-final-comment-period"),
    # bazelbuild/proposals (Apache-2.0): a design document waiting for its reviewers
    pytest.param("---\ncreated: 2019-05-01\nstatus: To be reviewed (https://github.com/bazelbuild/bazel/issues/1)\n"
                 "title: HTTP auth\n---\n\n# Abstract\n\nx\n", Status.PROPOSED, id="bazel-to-be-reviewed"),
])
def test_status_in_records(text, status):
    (m,) = parse_adr("docs/adr/0001-use-x.md", text).memories
    assert m.status is status
    assert "*" not in m.meta.get("status_text", "")
    assert "status_unknown" not in m.meta


def test_rejected_folder_and_unknown_status_are_reported():
    (m,) = parse_adr("docs/adr/rejected/0002-use-y.md", "# Use Y\n\n## Context\n\nx\n").memories
    assert m.status is Status.REJECTED
    parsed = parse_adr("docs/adr/0003-use-z.md", "# Use Z\n\n## Status\n\nParked\n\n## Context\n\nx\n")
    assert parsed.memories[0].status is Status.ACTIVE and parsed.memories[0].meta["status_unknown"] == "Parked"
    assert any("unknown status 'Parked'" in w for w in parsed.warnings)


def test_an_alternative_superseded_by_another_is_no_supersession():
    text = ("# Internal tracing\n\n* **Status**: Implemented\n\n## Context\n\nx\n\n## Decision\n\ny\n\n"
            "## Alternatives Considered\n\n**Filter by scope name prefix.** Fragile: depends on naming. "
            "Superseded by the component attribute approach.\n")  # jaegertracing/jaeger docs/adr/006 (Apache-2.0)
    (m,) = parse_adr("docs/adr/006-internal-tracing.md", text).memories
    assert m.status is Status.ACTIVE
    late = "# Use X\n\n## Status\n\nAccepted\n\n## Notes\n\nWe liked it. This ADR was superseded by [ADR 9](0009-y.md).\n"
    (m,) = parse_adr("docs/adr/0001-use-x.md", late).memories
    assert m.status is Status.SUPERSEDED and m.meta["refs"]["superseded_by"][0]["target"] == "0009-y.md"


@pytest.mark.parametrize("line, target", [
    # jaegertracing/jaeger docs/adr/010, 002 and docs/rfc/0011 (Apache-2.0): a graduation keeps both current
    ("Implemented; graduated from [RFC 0011](../rfc/0011-trace-summary-api.md)", "../rfc/0011-trace-summary-api.md"),
    ("Implemented ([#8423](https://github.com/jaegertracing/jaeger/pull/8423)); graduated from "
     "[RFC 0012](../rfc/0012-mcp-server-extension.md). Decisions 2 and 3 are superseded — see below",
     "../rfc/0012-mcp-server-extension.md"),
    ("Implemented — graduated into [ADR-010](../adr/010-trace-summary-api.md)", "../adr/010-trace-summary-api.md"),
])
def test_a_graduation_is_no_supersession(line, target):
    reading = read_status(line)
    assert reading.status is Status.ACTIVE and [r.target for r in reading.graduated] == [target]
    assert not reading.superseded_by and not reading.supersedes


@pytest.mark.parametrize("paragraph, whole", [
    # arachne-framework/architecture adr-017 (Apache-2.0), alphagov/govuk-aws 0033 (MIT): in part
    ("Note: this ADR supersedes some aspects of [ADR-15](adr-015-data-abstraction-model.md) and "
     "[ADR-16](adr-016-db-migrations.md).", False),
    ("This ADR in part supersedes [0003](0003-aws-networking-outline.md).", False),
    # Unleash/unleash preferred-styling-method (Apache-2.0): wholly
    ("This document supersedes [ADR: preferred styles import placement]"
     "(/contributing/ADRs/front-end/deprecated/preferred-styles-import-placement)", True),
    # UKGovernmentBEIS/regulated-professions-register 0012 (MIT): a design superseding an earlier one's
    ("This version supercedes the design presented in [ADR 9: Represent data structures in a relational database]"
     "(0009-represent-data-structures-in-a-relational-database.md).", True),
])
def test_a_successor_supersedes_wholly_or_in_part(paragraph, whole):
    reading = supersession_lines(paragraph, opening_only=True)
    assert bool(reading.supersedes) is whole and bool(reading.partly_supersedes) is not whole


def test_a_supersedes_field_in_a_header_block():
    header = ("- **Status:** Draft\n- **Author:** Ana\n"
              "- **Supersedes:** [RFC 0003](./0003-simplify-ai-sidecar-setup.md)\n")
    assert [r.number for r in supersession_lines(header, opening_only=True).supersedes] == [3]
    plain = "- **Status:** Draft\n- **Author:** Ana\n- **Related:** [RFC 0003](./0003-x.md)\n"
    assert not supersession_lines(plain, opening_only=True).supersedes


@pytest.mark.parametrize("text, status, whole, part", [
    pytest.param("Superseded in part by [ADR-17](0017-terraform-data-structure.md)", Status.ACTIVE, [], [17],
                 id="in-part-after-the-word"),
    pytest.param("Superseded (partially) by ADR-17", Status.ACTIVE, [], [17], id="partially-in-brackets"),
    pytest.param("Superseded by [ADR-17](0017-x.md) (in part)", Status.ACTIVE, [], [17], id="in-part-at-the-end"),
    pytest.param("Accepted\n\nSuperseded in part by [5. Foo](0005-foo.md)", Status.ACTIVE, [], [5],
                 id="word-then-in-part"),
    pytest.param("Accepted; superseded in part on 2020-01-02 by ADR-5", Status.ACTIVE, [], [5], id="in-part-dated"),
    pytest.param("Accepted 2019-01-01\n\nSuperseded 2020-01-01 by [5. Foo](0005-foo.md)", Status.SUPERSEDED, [5], [],
                 id="dated-between-word-and-by"),
    pytest.param("Superseded on 12/03/2021 by ADR-9", Status.SUPERSEDED, [9], [], id="on-a-date"),
    pytest.param("Superseded by [Render partly on the server](0009-render.md)", Status.SUPERSEDED, [9], [],
                 id="partly-in-the-successor-title-only"),
])
def test_supersession_in_part_or_with_a_date(text, status, whole, part):
    reading = read_status(text)
    assert reading.status is status
    assert [r.number for r in reading.superseded_by] == whole
    assert [r.number for r in reading.partly_superseded_by] == part


@pytest.mark.parametrize("text, status, successor", [
    pytest.param("Deprecated in favour of [ADR-5](0005-use-queues.md)", Status.DEPRECATED, [5], id="in-favour-of"),
    pytest.param("Accepted\n\nDeprecated in favor of ADR-7", Status.DEPRECATED, [7], id="accepted-then-deprecated"),
    pytest.param("Deprecated 2021-03-04, replaced by [ADR-5](0005-x.md)", Status.DEPRECATED, [5], id="dated-replaced"),
    pytest.param("Deprecated: use ADR-9 instead", Status.DEPRECATED, [9], id="use-instead"),
    pytest.param("Retired (see [ADR-9](0009-x.md))", Status.DEPRECATED, [9], id="retired-see"),
    pytest.param("Superseded. See [ADR-5](0005-x.md)", Status.SUPERSEDED, [5], id="pointer-sentence"),
    pytest.param("Deprecated for security reasons", Status.DEPRECATED, [], id="no-successor"),
    pytest.param("Accepted. See ADR-5 for background.", Status.ACTIVE, [], id="see-from-a-current-record"),
])
def test_a_retired_record_naming_its_successor(text, status, successor):
    reading = read_status(text)
    assert reading.status is status
    assert [r.number for r in reading.superseded_by] == successor


def test_amended_on_a_date():
    assert [r.number for r in read_status("Accepted, amended on 2020-01-02 by [ADR-5](0005-x.md)").amended_by] == [5]
    assert [r.number for r in read_status("Amended 2020-01-02 by ADR-5").amended_by] == [5]


def test_a_record_superseded_in_part_in_a_body_paragraph():
    found = supersession_lines("This ADR has been superseded in part by [ADR-9](0009-x.md).")
    assert found.status is None and [r.number for r in found.partly_superseded_by] == [9]
    text = ("# Use X\n\n## Status\n\nAccepted\n\n## Context\n\nx\n\n## Decision\n\ny\n\n"
            "This ADR has been superseded in part by [ADR-9](0009-x.md).\n")
    (m,) = parse_adr("docs/adr/0001-use-x.md", text).memories
    assert m.status is Status.ACTIVE
    assert [r["number"] for r in m.meta["refs"]["partly_superseded_by"]] == [9]


@pytest.mark.parametrize("text, part, whole", [
    # zooniverse/front-end-monorepo docs/arch/adr-34.md (Apache-2.0): the status word, and on the next line,
    # with no period between them, what the record replaces in part
    pytest.param("Accepted\nPartially supersedes [ADR 18](adr-18.md)", [18], [], id="partially-on-the-next-line"),
    pytest.param("Accepted\nSupersedes [ADR 3](adr-03.md)", [], [3], id="supersedes-on-the-next-line"),
    pytest.param("Accepted and it\nsupersedes nothing", [], [], id="a-wrapped-sentence"),
])
def test_a_status_line_under_the_status_word(text, part, whole):
    reading = read_status(text)
    assert reading.status is Status.ACTIVE
    assert [r.number for r in reading.partly_supersedes] == part
    assert [r.number for r in reading.supersedes] == whole


def test_a_table_row_describing_a_status_column_states_no_status():
    """aws-samples/aws-iam-identity-center-extensions docs/documentation/TroubleShooting.md (MIT-0): a log
    format's table with a `status` row is a data dictionary, not the page's status."""
    from lore.sources.adr import stated_status
    from lore.markup import markdown

    text = ("# Troubleshooting\n\n| Log Element | Description | Mandatory |\n| --- | --- | --- |\n"
            "| status | Status of the current request i.e. one of InProgress, Completed, Aborted | Yes |\n")
    assert not stated_status(markdown.parse(text))
    assert stated_status(markdown.parse("# X\n\n| Field | Value |\n|---|---|\n| Status | Implemented |\n"))


@pytest.mark.parametrize("line", [
    # grpc/proposal A56-priority-lb-policy.md and 16 others (Apache-2.0): the template's line, never filled in
    pytest.param("{Draft, In Review, Ready for Implementation, Implemented}", id="grpc-braced"),
    # kumahq/kuma docs/madr/decisions/000-template.md (Apache-2.0), with the comment that follows it
    pytest.param("{rejected | accepted} <!-- recommended to have the status as accepted proactively -->",
                 id="kuma-braced-bars"),
    # adr/madr 2.x template (MIT): the last choice names a successor
    pytest.param("[proposed | rejected | accepted | deprecated | … | superseded by [ADR-0005](0005-example.md)]",
                 id="madr-bracketed"),
    pytest.param("proposed | rejected | accepted", id="bare-bars"),
])
def test_a_status_line_listing_the_templates_choices_states_none(line):
    reading = read_status(line)
    assert reading.status is None
    assert reading.superseded_by == []
    assert reading.choices


@pytest.mark.parametrize("line, status", [
    pytest.param("{Draft}", Status.PROPOSED, id="one-braced"),
    pytest.param("[Accepted]", Status.ACTIVE, id="one-bracketed"),
    pytest.param("Accepted | 2020-01-02", Status.ACTIVE, id="word-and-date"),
    pytest.param("Draft, In Review", Status.PROPOSED, id="two-alike-unbraced"),
])
def test_a_status_picked_from_choices_is_read(line, status):
    reading = read_status(line)
    assert reading.status is status
    assert not reading.choices


def test_a_record_left_with_the_templates_status_line_is_current_and_says_so():
    """A record whose author never picked a status is not a proposal, nor superseded by the template's
    example successor: it is imported as active, with a warning naming the line."""
    text = ("# A56: Priority LB policy\n\n* Author(s): someone\n"
            "* Status: {Draft, In Review, Ready for Implementation, Implemented}\n* Implemented in: C-core\n\n"
            "## Abstract\n\nA load balancing policy that picks the highest priority child.\n\n"
            "## Proposal\n\nWe will add the priority policy.\n")
    parsed = parse_adr("A56-priority-lb-policy.md", text)
    (m,) = parsed.memories
    assert m.status is Status.ACTIVE
    assert not (m.meta.get("refs") or {}).get("superseded_by")
    assert any("A56-priority-lb-policy.md:4: status" in w and "list of choices" in w for w in parsed.warnings)


# informalsystems/hermes docs/architecture/adr-002-ibc-relayer.md (Apache-2.0), on the Tendermint/Cosmos template
GUIDANCE = ('> A decision may be "proposed" if it hasn\'t been agreed upon yet, or "accepted" once it is agreed upon. '
            'If a later ADR changes or reverses a decision, it may be marked as "deprecated" or "superseded" with a '
            'reference to its replacement.')


def test_the_templates_note_on_what_to_write_states_no_status():
    """The note a template leaves in its Status section names every status; the record's own status is what
    follows it, and a record that never picked one is current and says so."""
    assert read_status(f"{GUIDANCE}\n\nAccepted").status is Status.ACTIVE
    assert read_status(GUIDANCE.lstrip("> ") + "\n\nDeprecated").status is Status.DEPRECATED, "unquoted, words quoted"
    text = ("# ADR 002: IBC Relayer in Rust\n\n## Context\n\nA relayer moves packets.\n\n## Decision\n\n"
            "We write it in Rust.\n\n## Status\n\n" + GUIDANCE + "\n\n{Deprecated|Proposed|Accepted}\n\n"
            "## Consequences\n\nA second implementation.\n")
    parsed = parse_adr("docs/architecture/adr-002-ibc-relayer.md", text)
    (m,) = parsed.memories
    assert m.status is Status.ACTIVE
    assert any("list of choices" in w for w in parsed.warnings)


@pytest.mark.parametrize("line, status", [
    pytest.param("Accepted; supersedes ADR-3, which was deprecated, itself superseded later", Status.ACTIVE,
                 id="three-words-a-status"),
    pytest.param("> Accepted", Status.ACTIVE, id="a-quoted-status"),
])
def test_a_status_line_naming_several_statuses_is_still_read(line, status):
    assert read_status(line).status is status


def test_the_templates_guidance_left_in_a_record_is_no_part_of_it():
    # Shaped on denoland/meet-me's doc/architecture/decisions/0003-utilise-aleph-as-the-frontend-framework.md (MIT) and
    # LBHackney-IT/report-a-defect's 0008 (MIT): adr-tools' guidance left above, or instead of, what the team wrote.
    text = ("# 3. Utilise aleph as the frontend framework\n\nDate: 2022-05-02\n\n## Status\n\nAccepted\n\n## Context\n\n"
            "The issue motivating this decision, and any context that influences or\nconstrains the decision.\n\n"
            "Pages render on the server.\n\n## Decision\n\nUtilise aleph as the frontend framework.\n\n## Consequences\n\n"
            "What becomes easier or more difficult to do and any risks introduced by the\n"
            "change that will need to be mitigated.\n")
    m = parse_adr("doc/architecture/decisions/0003-utilise-aleph.md", text).memories[0]
    assert [s.heading for s in m.sections] == [None, "Context", "Decision"]  # "Accepted" alone: no section (`adr._bare_meta`)
    assert m.rationale == "Pages render on the server."
    context = next(s for s in m.sections if s.heading == "Context")
    assert "motivating" not in context.text and context.text.endswith("Pages render on the server.")


def test_a_status_history_is_read_at_its_latest_date():
    """digitalservicebund/digitalcheck-dito (MIT) `doc/adr/0014-use-of-encryption.md` lists "- 2024-09-06: Accepted"
    then "- 2025-12-11: Obsolete" and was read as accepted: the latest dated line is the status now."""
    assert read_status("- 2024-09-06: Accepted\n- 2025-12-11: Obsolete").status is Status.DEPRECATED
    assert read_status("- 2025-12-11: Obsolete\n- 2024-09-06: Accepted").status is Status.DEPRECATED
    assert read_status("2024-09-06: Proposed\n2024-10-01: Accepted").status is Status.ACTIVE
    later = read_status("- 2024-09-06: Accepted\n- 2025-01-02: Superseded by [ADR 9](0009-x.md)")
    assert later.status is Status.SUPERSEDED and [r.number for r in later.superseded_by] == [9]
    assert read_status("Accepted (2024-09-06)").status is Status.ACTIVE


def test_a_status_history_by_month_is_read_at_its_latest_month():
    """openedx/license-manager (AGPL-3.0) `docs/decisions/0004-…rst` lists "* Proposed May 2021", "* Accepted June
    2021", "* Updated to match reality August 2021" and was read as proposed. Its 0003 gives its status as the
    heading of a part of its Status section ("Mostly Rejected May 2021", then "… superceded by ADR 0004") and was
    read as current."""
    history = "* Proposed May 2021\n* Accepted June 2021\n* Updated to match reality August 2021\n"
    assert read_status(history).status is Status.ACTIVE
    assert read_status("* Accepted 2021-06-01\n* Deprecated March 2023\n").status is Status.DEPRECATED
    # jaegertracing/jaeger's RFC header (Apache-2.0): when the page was written is no state it had
    header = "- **Status:** Draft\n- **Created:** 2026-04-21\n- **Last Updated:** 2026-04-22\n"
    assert latest_first(header.splitlines()) == header.splitlines()
    text = ("# 3. Introduction of a Renewal Model\n\n## Status\n\n### Mostly Rejected May 2021\n\nEverything below "
            "has now been rejected and superceded by ADR 0004.\n\n## Context\n\nRenewals.\n\n## Decision\n\nA model.\n")
    m = parse_adr("docs/decisions/0003-renewal-model.md", text).memories[0]
    assert m.status is Status.SUPERSEDED and m.meta["status_text"] == "Mostly Rejected May 2021"
    m = parse_adr("docs/decisions/0004-renewals.md", f"# 4. Renewals\n\n## Status\n\n{history}\n## Decision\n\nA.\n"
                  ).memories[0]
    assert m.status is Status.ACTIVE


def test_superseding_one_thing_a_record_decided_supersedes_it_in_part():
    """AWeber-Imbi/imbi (BSD-3-Clause) scheduler 0001: "Supersedes the engine choice in ADR 0016's referenced scheduler
    design" retired all of ADR 0016; only its engine choice is replaced, and 0016 still governs the rest."""
    one = read_status("Supersedes the engine choice in ADR 0016's referenced scheduler design")
    assert [r.number for r in one.partly_supersedes] == [16] and not one.supersedes
    assert [r.number for r in read_status("Supersedes the cache layer of [ADR 3](0003-cache.md)").partly_supersedes] == [3]
    assert [r.number for r in read_status("Supersedes [ADR 3](0003-cache.md)").supersedes] == [3]


@pytest.mark.parametrize("sentence, whole", [
    pytest.param("Supersedes the Storybook 8 arrangement (the same decision, re-derived after the Storybook 10 "
                 "migration in ADR 0004).", [], id="an-aside-in-brackets"),
    pytest.param("Supersedes the Storybook 8 arrangement, re-derived after the Storybook 10 migration in ADR 0004.",
                 [], id="a-clause-after-a-comma"),
    pytest.param("Supersedes the Storybook 8 arrangement re-derived after the Storybook 10 migration in ADR 0004.",
                 [], id="a-clause-after-after"),
    pytest.param("Supersedes ADR 3, which ADR 9 deprecated.", [3], id="a-relative-clause"),
    pytest.param("Supersedes the caching decision (ADR-0004).", [4], id="the-number-in-apposition"),
    pytest.param("Supersedes ADR 3 (see ADR 9 for why).", [3], id="a-pointer-aside"),
    pytest.param("Supersedes the Python 2 tooling and [ADR 6](0006-tox.md).", [6], id="a-version-then-a-record"),
    pytest.param("Supersedes ADR-0003", [3], id="adr-number"),
    pytest.param("Supersedes [0003](0003-x.md)", [3], id="a-link"),
    pytest.param("supersedes 3 and 5", [3, 5], id="bare-numbers"),
    pytest.param("Supersedes ADRs 3 and 5", [3, 5], id="plural-record-word"),
    pytest.param("Supersedes ADR 3, 4 and 5, which were deprecated.", [3, 4, 5], id="a-list-then-a-clause"),
    pytest.param("Supersedes the following: ADR 3 and ADR 4", [3, 4], id="a-list-after-a-colon"),
    pytest.param("Supersedes ADR 3 as well as [ADR 4 (Queues)](0004-queues.md)", [3, 4], id="a-bracket-in-a-link"),
])
def test_only_the_object_of_supersedes_is_superseded(sentence, whole):
    """A reference in an aside or a clause of its own is no record the sentence supersedes, and a number after a
    product's name is its version: "the Storybook 8 arrangement … after the Storybook 10 migration in ADR 0004"
    retired ADR 0004, and warned of ADRs 8 and 10."""
    assert sorted(r.number for r in supersession_lines(sentence, opening_only=True).supersedes) == whole
    assert sorted(r.number for r in read_status(f"Accepted. {sentence[0].upper()}{sentence[1:]}").supersedes) == whole


def test_a_record_superseding_what_another_re_derived_leaves_that_one_current():
    text = ("# 5. Accessibility testing strategy\n\n## Status\n\nAccepted\n\n## Context\n\nSupersedes the Storybook 8 "
            "arrangement (the same decision, re-derived after the Storybook 10 migration in ADR 0004).\n\n"
            "## Decision\n\nRun axe in every story.\n")
    (m,) = parse_adr("docs/adr/0005-accessibility-testing-strategy.md", text).memories
    assert m.status is Status.ACTIVE and "supersedes" not in (m.meta.get("refs") or {})


@pytest.mark.parametrize("line, successor", [
    pytest.param("Superseded by the Node 20 upgrade in [ADR 9](0009-node.md)", [9], id="a-version-beside-the-record"),
    pytest.param("Superseded by Python 3", [], id="a-version-alone"),
    pytest.param("Superseded. See 12", [12], id="a-pointer-word-is-no-name"),
    pytest.param("Superseded by Decisions 12 and 14", [12, 14], id="a-record-word-is-no-name"),
])
def test_a_number_after_a_products_name_is_its_version(line, successor):
    assert [r.number for r in read_status(line).superseded_by] == successor


@pytest.mark.parametrize("header, kind, number", [
    pytest.param("**Status:** Accepted\n**Date:** 2026-05-01\n**Deciders:** @ana\n**Supersedes:** [ADR-0078](0078-x.md)",
                 "supersedes", 78, id="bold-supersedes"),
    pytest.param("**Status:** Accepted\n**Date:** 2026-05-24\n**Amends:** [ADR-0055](0055-x.md)", "amends", 55,
                 id="bold-amends"),
    pytest.param("**Status**: Accepted\n**Supplements**: ADR-0005", "amends", 5, id="bold-key-then-colon"),
    pytest.param("Status: Accepted\nDate: 2026-05-01\nSuperseded by: [ADR-9](0009-x.md)", "superseded_by", 9,
                 id="plain-superseded-by"),
])
def test_each_field_of_a_header_block_is_read_on_its_own(header, kind, number):
    """A block of `**Key:** value` lines with no blank line between them was read as one sentence opening on
    "**Status:**", and its Supersedes, Amends or Superseded-by field was lost."""
    assert [r.number for r in getattr(supersession_lines(header, opening_only=True), kind)] == [number]
    text = f"# 79. Span attribution is not viable\n\n{header}\n\n## Context\n\nx\n\n## Decision\n\ny\n"
    (m,) = parse_adr("docs/adr/0079-not-viable.md", text).memories
    assert [r["number"] for r in m.meta["refs"][kind]] == [number]
    assert m.status is (Status.SUPERSEDED if kind == "superseded_by" else Status.ACTIVE)


def test_a_sentence_ends_at_a_period_before_the_emphasis_it_closes():
    """"**Superseded by [ADR-0013](…).** This ADR governed the cache that ADR-0005 introduced." made ADR-0005 a
    successor too: the period inside the bold ends the sentence that names the successor."""
    said = "**Superseded by [ADR-0013](0013-cache.md).** This ADR governed the cache that ADR-0005 introduced."
    reading = read_status(said)
    assert reading.status is Status.SUPERSEDED and [r.number for r in reading.superseded_by] == [13]
    assert [r.number for r in supersession_lines(said).superseded_by] == [13]
    text = f"# 7. Cache invalidation\n\n## Status\n\n{said}\n\n## Context\n\nx\n"
    (m,) = parse_adr("docs/adr/0007-cache-invalidation.md", text).memories
    assert [r["number"] for r in m.meta["refs"]["superseded_by"]] == [13]


def test_a_quotations_marks_do_not_join_its_sentences():
    quoted = ("> Supersedes **ADR-0006** (the multi-source migration).\n> ADR-0006's core insight is kept, "
              "split differently.")
    reading = supersession_lines(quoted, opening_only=True)
    assert [r.number for r in reading.supersedes] == [6] and not reading.partly_supersedes


@pytest.mark.parametrize("line, status", [
    pytest.param("Approved (brainstorm) — pending implementation plan", Status.PROPOSED, id="approved-pending-a-plan"),
    pytest.param("Agreed, awaiting sign-off", Status.PROPOSED, id="agreed-awaiting"),
    pytest.param("Approved", Status.ACTIVE, id="approved"),
    pytest.param("Approved; implementation pending", Status.ACTIVE, id="the-work-pending"),
    pytest.param("Accepted, pending live test", Status.ACTIVE, id="accepted-while-tested"),
])
def test_an_approval_pending_a_condition_is_a_proposal(line, status):
    assert read_status(line).status is status
    text = f"# Release executables — design\n\nDate: 2026-07-06\nStatus: {line}\n\n## Problem\n\nx\n"
    (m,) = parse_adr("docs/specs/2026-07-06-release-executables-design.md", text).memories
    assert m.status is status


@pytest.mark.parametrize("text, status, whole, part", [
    pytest.param("Invalidated by [0018-uuid-resource-names.md](./0018-uuid-resource-names.md)", Status.SUPERSEDED,
                 [18], [], id="invalidated-by-link"),
    pytest.param("Overridden by ADR 18", Status.SUPERSEDED, [18], [], id="overridden-by-number"),
    pytest.param("Succeeded by 0018", Status.SUPERSEDED, [18], [], id="succeeded-by-padded-number"),
    pytest.param("**Voided** by [ADR-18](0018-x.md)", Status.SUPERSEDED, [18], [], id="voided-emphasised"),
    pytest.param("Accepted, later invalidated by ADR-9", Status.SUPERSEDED, [9], [], id="after-a-status-word"),
    pytest.param("Accepted. This decision was overridden on 2024-01-02 by ADR-9.", Status.SUPERSEDED, [9], [],
                 id="subject-and-date"),
    pytest.param("Accepted\n\nOverridden in part by ADR-9", Status.ACTIVE, [], [9], id="in-part"),
    pytest.param("Retired by [ADR 18](0018-x.md)", Status.DEPRECATED, [18], [], id="retired-stays-deprecated"),
    pytest.param("Accepted, amended by ADR 18", Status.ACTIVE, [], [], id="amended-is-partial"),
    pytest.param("Approved by @alice", Status.ACTIVE, [], [], id="approved-by-a-person"),
    pytest.param("Accepted. Driven by ADR 3", Status.ACTIVE, [], [], id="driven-by-a-record"),
    pytest.param("Accepted. Blocked by ADR 4", Status.ACTIVE, [], [], id="blocked-by-a-record"),
    pytest.param("Accepted. Voided by #12", Status.ACTIVE, [], [], id="an-issue-number"),
    pytest.param("Accepted. Invalidated by [the security review](https://example.com/review)", Status.ACTIVE, [], [],
                 id="another-site"),
])
def test_a_participle_by_another_record_names_its_successor(text, status, whole, part):
    reading = read_status(text)
    assert reading.status is status
    assert [r.number for r in reading.superseded_by] == whole
    assert [r.number for r in reading.partly_superseded_by] == part


def test_an_invalidated_record_is_superseded_with_its_successor_kept():
    text = ("# CF Resource GUID Prefixing\n\nDate: 2022-01-14\n\n## Status\n\n"
            "Invalidated by [0018-uuid-resource-names.md](./0018-uuid-resource-names.md)\n\n## Context\n\nx\n")
    (m,) = parse_adr("docs/architecture-decisions/0012-resource-name-prefixes.md", text).memories
    assert m.status is Status.SUPERSEDED
    assert [r["target"] for r in m.meta["refs"]["superseded_by"]] == ["./0018-uuid-resource-names.md"]


def test_a_record_named_by_its_file_name_without_extension_is_a_reference():
    """Shaped on Altinn/altinn-studio's docs/adr (BSD-3-Clause): dated records name each other by file name alone."""
    older = read_status("Exceeded by 2025-10-08-studio-library-persistence-2")
    assert older.status is Status.SUPERSEDED
    assert [r.target for r in older.superseded_by] == ["2025-10-08-studio-library-persistence-2"]
    assert [r.target for r in read_status("Superseded by 0005-use-sqlite").superseded_by] == ["0005-use-sqlite"]
    assert read_status("Accepted 2021-03-04").superseded_by == [] and read_status("Accepted 2021-03-04").supersedes == []
    assert read_status("Superseded by 2-phase commit").superseded_by == []
    (m,) = parse_adr("docs/adr/2025-10-08-studio-library-persistence-2.md",
                     "# Studio library persistence\n\n- Status: Replaces 2025-09-04-studio-library-persistence\n"
                     "- Date: 08.10.2025\n\n## Result\n\nA3 - A storage account\n").memories
    assert m.status is Status.ACTIVE and "status_unknown" not in m.meta
    assert [r["target"] for r in m.meta["refs"]["supersedes"]] == ["2025-09-04-studio-library-persistence"]


@pytest.mark.parametrize("paragraph, successor", [
    # alphagov/email-alert-api adr-003 (MIT): a banner saying, with another record as the subject, that it replaced
    # this one
    pytest.param("> **Note**\n> The data retention strategy was revisited in [ADR-7](adr-007-retain.md) which "
                 "supersedes this decision.", 7, id="which-supersedes-this"),
    pytest.param("See [ADR 9](0009-x.md), that replaces this ADR.", 9, id="that-replaces-this"),
    pytest.param("ADR-12 now obsoletes this record.", 12, id="obsoletes-this"),
    # the other way round, or two other records: nothing said of this one
    pytest.param("This decision supersedes [ADR-7](adr-007-x.md).", None, id="this-supersedes"),
    pytest.param("ADR 7, which supersedes ADR 3, is where the rule lives.", None, id="two-others"),
    pytest.param("The new cache, which replaces this module's timer, ships in May.", None, id="no-record"),
])
def test_a_record_named_as_replacing_this_one(paragraph, successor):
    """A sentence whose subject is another record replacing this one ("… in [ADR-7] which supersedes this decision")
    supersedes it, as "This ADR was superseded by [ADR-7]" does."""
    found = supersession_lines(paragraph, opening_only=True)
    assert (found.status is Status.SUPERSEDED) is (successor is not None)
    assert [r.number for r in found.superseded_by] == ([successor] if successor else [])


def test_a_banner_naming_the_record_that_replaced_this_one_supersedes_it():
    text = ("# Decision Record: Initial Data Retention Strategy\n\n> **Note**\n> The data retention strategy was "
            "revisited in [ADR-7] which supersedes this decision.\n\n[ADR-7]: https://github.com/alphagov/"
            "email-alert-api/blob/master/docs/adr/adr-007-retain-data-for-up-to-one-year.md\n\n## Introduction\n\n"
            "In February 2018 we wished to consider our approach to data retention.\n")
    (m,) = parse_adr("docs/adr/adr-003-initial-data-retention-strategy.md", text).memories
    assert m.status is Status.SUPERSEDED
    assert [r["number"] for r in m.meta["refs"]["superseded_by"]] == [7]


@pytest.mark.parametrize("line, status", [
    pytest.param("<adr-status status='proposed' />", Status.PROPOSED, id="element-attribute"),
    pytest.param("<adr-status status=\"rejected\"/>", Status.REJECTED, id="element-double-quotes"),
    pytest.param('<Badge type="tip" text="Accepted" />', Status.ACTIVE, id="badge-text"),
])
def test_a_status_a_documentation_site_renders_from_an_attribute_is_read(line, status):
    # it-at-m/Praktikumsplaner's records (MIT) write their status as a VitePress component: `<adr-status
    # status='proposed' />`; read as text the element was empty, and the proposal was taken as a current decision.
    text = f"# ADR-009 action reload\n\n## Status\n\n{line}\n\n## Context\n\nx\n"
    (m,) = parse_adr("docs/documentation/architecture/adr/adr009-action-reload.md", text).memories
    assert m.status is status
    assert read_status(line).status is status
