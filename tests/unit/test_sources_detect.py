"""Is a markdown file a decision record? Real excerpts both ways, path and name schemes, and the
numbered-series rule.

Excerpts are quoted (a few lines each) from public repositories, at these commits:
npryce/adr-tools b3279ba (GPL-3.0), adr/madr 11807d8 (MIT OR CC0-1.0), golang/proposal f6e2e6b
(BSD-3-Clause), rust-lang/rfcs 354518a (MIT OR Apache-2.0), arachne-framework/architecture 060a956
(Apache-2.0), ministryofjustice/modernisation-platform and alphagov/govuk-aws (MIT),
thomvaill/log4brains (Apache-2.0), guardian/dotcom-rendering f72cb8f (Apache-2.0).
"""

from __future__ import annotations

import pytest

from lore.sources.classify import ADR, COMMENTS, DOC, classify
from lore.sources.detect import series_name, Series, decide, evidence, index_reason, placeholder_title, series_folder

NYGARD = """# 2. Implement as shell scripts

Date: 2016-02-12

## Status

Accepted

## Context

ADRs are plain text files stored in a subdirectory of the project.

## Decision

ADR tools will be implemented as a collection of Bash scripts.

## Consequences

Bash is not a language that is well known for its robustness.
"""
MADR = """---
parent: Decisions
nav_order: 8
---
# Add Status Field

## Context and Problem Statement

ADRs have a status. Should this be tracked? And if it should, how should we track it?

## Considered Options

* Use YAML front matter
* Use badge

## Decision Outcome

Chosen option: "Use YAML front matter", because comes out best (see below).
"""
MADR_FRONT = """---
status: accepted
date: 2020-09-24
deciders: Thomas Vaillant
---

# Use Markdown Architectural Decision Records

## Context and Problem Statement

We want to record architectural decisions made in this project.

## Decision Outcome

Chosen option: "MADR 2.1.2", because it is implemented by Log4brains.
"""
ARACHNE = """# Architecture Decision Record: Core Runtime

## Context

At some point, every Arachne application needs to start.

## Status

PROPOSED

## Consequences

- The runtime is the only thing that starts and stops.
"""
MOJ = """# 4. Use bash, node, python as core languages

Date: 2021-01-07

## Status

⌛️ Superseded [0019](0019-use-bash-go-as-core-languages.md)

## Context

We need to choose core languages for the platform.

## Decision

Use bash, node and python.
"""
Y_STATEMENT = """# Session state

In the context of the web shop, facing the need to keep session state consistent across servers,
we decided for a database-backed session store and neglected client-side sessions, to achieve
horizontal scaling, accepting an extra query per request.
"""
GO_DESIGN = """# Proposal: A minimal release process for Go repositories

Status: Withdrawn

## Abstract

We propose to establish a minimal release process for Go repositories.

## Background

Go repositories ship without tags.

## Proposal

A release is a tag.

## Rationale

SemVer is widely used.
"""
RUST_TEMPLATE = """- Feature Name: (fill me in with a unique ident, `my_awesome_feature`)
- Start Date: (fill me in with today's date, YYYY-MM-DD)

# Summary

One paragraph explanation of the feature.

# Motivation

Why are we doing this?

# Guide-level explanation

# Drawbacks

# Rationale and alternatives
"""
CHANGELOG = """# Changelog

All notable changes to this project will be documented in this file.

## [4.0.0] – 2024-09-17

### Fixed

- `adr-template.md`: Re-add quotes around chosen option name.
"""
GUIDE_WITH_CONTEXT = """# Deploying to staging

## Context

Staging mirrors production and is rebuilt nightly.

## Steps

1. Merge to main.
2. Wait for the pipeline.

## Troubleshooting

Check the logs.
"""
ROADMAP = """# Roadmap

## Status

We are in beta.

## Background

Users asked for offline mode.

## Next

Offline mode, then sync.
"""


@pytest.mark.parametrize("rel, text, expected", [
    pytest.param("doc/adr/0002-implement-as-shell-scripts.md", NYGARD, True, id="adr-tools-in-doc-adr"),
    pytest.param("notes/0002-implement-as-shell-scripts.md", NYGARD, True, id="nygard-anywhere"),
    pytest.param("docs/decisions/0008-add-status-field.md", MADR, True, id="madr-in-docs-decisions"),
    pytest.param("design/add-status-field.md", MADR, True, id="madr-headings-unnumbered"),
    pytest.param("docs/20200924-use-markdown-adrs.md", MADR_FRONT, True, id="madr-front-matter-dated"),
    pytest.param("adr-006-core-runtime.md", ARACHNE, True, id="arachne-at-root"),
    pytest.param("architecture-decision-record/0004-use-bash.md", MOJ, True, id="moj-folder"),
    pytest.param("wiki/session-state.md", Y_STATEMENT, True, id="y-statement"),
    pytest.param("design/12302-release-proposal.md", GO_DESIGN, False, id="go-design-doc"),
    pytest.param("text/0000-template.md", RUST_TEMPLATE, False, id="rust-rfc-template"),
    pytest.param("text/2094-nll.md", RUST_TEMPLATE.replace("(fill me in with a unique ident, `my_awesome_feature`)", "nll"),
                 False, id="rust-rfc"),
    pytest.param("CHANGELOG.md", CHANGELOG, False, id="changelog"),
    pytest.param("docs/guides/deploy.md", GUIDE_WITH_CONTEXT, False, id="guide-with-context-heading"),
    pytest.param("docs/roadmap.md", ROADMAP, False, id="roadmap-with-status-heading"),
    pytest.param("docs/adr/README.md", "# Architecture Decision Records\n\n* [1. Record](0001-record.md)\n", False,
                 id="readme-in-adr-folder"),
    pytest.param("docs/adr/index.md", MADR, False, id="index-page-in-adr-folder"),
    pytest.param("docs/adr/template.md", NYGARD, False, id="template-in-adr-folder"),
    pytest.param("docs/adr/0002-shell-scripts/README.md", NYGARD, True, id="record-in-its-own-folder"),
    pytest.param("examples/4-day-work-week/README.md", MADR, False, id="readme-of-an-example-folder"),
    pytest.param("templates/decision-record-template-by-x/LICENSE-WIP.md", "Some licence text.\n", False,
                 id="licence-in-a-template-folder"),
    pytest.param("templates/nygard/0001-x.md", NYGARD, False, id="anything-in-a-templates-folder"),
    pytest.param("docs/decisions/adr-template.md", MADR, False, id="madr-template"),
    # home-assistant/architecture's EMPTY-ADR.md: a template by its title's placeholders; npryce/adr-tools'
    # src/init.md, the record `adr init` writes, is a record even with its date left for the tool to fill
    pytest.param("EMPTY-ADR.md", "# <ADR NUMBER>. <ADR TITLE>\n\nDate: YYYY-MM-DD\n\n## Status\n\nAccepted\n\n"
                 "## Context\n\n<context>\n\n## Decision\n\n<decision>\n\n## Consequences\n\n<consequences>\n",
                 False, id="placeholder-title"),
    pytest.param("src/init.md", NYGARD.replace("# 2. Implement as shell scripts", "# 1. Record architecture decisions")
                 .replace("Date: 2016-02-12", "Date: DATE"), True, id="placeholder-date"),
    pytest.param("docs/decisions/adr-template-bare-minimal.md", MADR, False, id="madr-template-variant"),
    # Green-Software-Foundation/carbon-aware-sdk's casdk-docs/docs/architecture/decisions/0000-ladr-template.md (MIT)
    pytest.param("docs/architecture/decisions/0000-ladr-template.md", NYGARD.replace("# 2. Implement as shell scripts",
                 "# 1. Title"), False, id="numbered-template-with-a-placeholder-title"),
    # JabRef's docs/decisions/0039-use-apache-velocity-as-template-engine.md (JabRef/jabref, MIT)
    pytest.param("docs/decisions/0039-use-apache-velocity-as-template-engine.md",
                 MADR.replace("# Add Status Field", "# Use Apache Velocity as template engine"), True,
                 id="a-record-about-a-template-engine-is-a-record"),
    # log4brains' parser fixtures: records a project's tests read, not decisions of the project
    pytest.param("packages/core/integration-tests/ro-project/docs/adr/20201029-proposed-adr.md", MADR_FRONT, False,
                 id="record-among-integration-test-data"),
    pytest.param("tests/fixtures/doc/adr/0002-implement-as-shell-scripts.md", NYGARD, False, id="record-in-test-fixtures"),
    pytest.param("docs/adr/0012-tests-run-in-ci.md", NYGARD, True, id="a-record-about-tests-is-a-record"),
    pytest.param("docs/adr/0000-x.md", "# {short title of solved problem and solution}\n\n## Context and Problem "
                 "Statement\n\n{Describe the context}\n", False, id="placeholder-template"),
    # OnkelMato/MFFM (Apache-2.0) `docs/adr/0205-use-code-based-binding.md`: MADR's title comment left in, no status line (its
    # records state none), the decision written; `0210-…` left the decision empty (its slides say it): a template still
    pytest.param("docs/adr/0205-use-code-based-binding.md", "# <!-- short title, representative of solved problem and "
                 "found solution -->\n\n## Context and Problem Statement\n\nThe binding of the form model to the form "
                 "is done in code.\n\n## Considered Options\n\n* use bindingsource\n* use code\n\n## Decision Outcome"
                 "\n\nUse code for data binding as it is more flexible.\n\n* pro: can use the model itself as command "
                 "parameter in command binding\n\n### Consequences\n\nx\n", True, id="a-filled-record-stating-no-status"),
    pytest.param("docs/adr/0210-use-binding-manager.md", "# <!-- short title, representative of solved problem and "
                 "found solution -->\n\n## Context and Problem Statement\n\n* Glue form and formmodel\n\n"
                 "## Considered Options\n\n\n## Decision Outcome\n\n\n### Consequences\n\n", False,
                 id="a-record-left-unwritten-under-the-placeholder"),
    pytest.param("docs/adr/0205-use-code-based-binding.md", "# <!-- short title -->\n\n* Status: [proposed | "
                 "accepted]\n\n## Decision Outcome\n\nChosen option: \"[option 1]\", because [justification. e.g., only "
                 "option, which meets k.o. criterion decision driver | which resolves force | comes out best].\n", False,
                 id="a-template-copy-with-its-status-choices"),
    # adoble/adr-j (MIT): the templates the tool fills in, in `doc/example_templates/` and with mustache titles
    pytest.param("doc/example_templates/0001-x.md", NYGARD, False, id="anything-in-an-example-templates-folder"),
    pytest.param("src/main/resources/nygard.md", NYGARD.replace("# 2. Implement as shell scripts", "# {{id}}. {{name}}")
                 .replace("Accepted", "{{status}}"), False, id="mustache-placeholder-title"),
    pytest.param("doc/adr/0003-use-templates-for-adrs.md", NYGARD.replace("# 2. Implement as shell scripts",
                 "# 3. Use templates for ADRs"), True, id="a-record-about-templates-is-a-record"),
    # alphagov/content-publisher's docs/adr/0004-editing-microcopy.md (MIT): "The `%{title}` string in the above is an
    # example of a variable", below a YAML block writing `%{title}`: code, no placeholder of a template
    pytest.param("docs/adr/0004-editing-microcopy.md", NYGARD.replace("# 2. Implement as shell scripts",
                 "# 4. Editing Microcopy").replace("## Decision\n", "## Decision\n\n```\ntitle: ‘%{title}’ has been "
                 "published\n```\n\nThe `%{title}` string is a variable.\n"), True, id="a-placeholder-in-code-is-code"),
])
def test_evidence(rel, text, expected):
    ev = evidence(rel, text)
    assert ev.is_decision is expected, ev.reasons


@pytest.mark.parametrize("rel, importer", [
    pytest.param("docs/adr/0001-x.md", ADR, id="docs-adr"),
    pytest.param("docs/decisions/0001-x.md", ADR, id="docs-decisions"),
    pytest.param("architecture/decisions/0001-x.md", ADR, id="architecture-decisions"),
    pytest.param("docs/architecture-decisions/0001-x.md", ADR, id="architecture-decisions-folder"),
    pytest.param("architecture-decision-log/0001-x.md", ADR, id="decision-log"),
    pytest.param("docs/design/decisions/x.md", ADR, id="design-decisions"),
    pytest.param("docs/arch/adr/x.md", ADR, id="arch-adr"),
    pytest.param("docs/dev/adr/x.md", ADR, id="dev-adr"),
    pytest.param("contributing/ADRs/back-end/naming.md", ADR, id="unleash-ADRs"),
    pytest.param("adr-001-use-adrs.md", ADR, id="adr-numbered-at-root"),
    pytest.param("records/ADR-0001.md", ADR, id="ADR-0001"),
    pytest.param("records/adr001-title.md", ADR, id="adr001"),
    # DFE-Digital/get-an-identity keeps one record without its extension (MIT)
    pytest.param("docs/architecture/decisions/0006-use-servicebus-for-http-webhook-notifications", ADR,
                 id="numbered-record-without-extension"),
    pytest.param("src/migrations/0006-add-index", None, id="numbered-file-outside-a-decisions-folder"),
    pytest.param("docs/architecture/008-static-types.md", DOC, id="mixed-folder-decided-by-content"),
    pytest.param("docs/guide.md", DOC, id="plain-doc"),
    pytest.param("src/notes.md", COMMENTS, id="markdown-outside-docs"),
    pytest.param("src/adrenaline.md", COMMENTS, id="adr-prefix-is-not-a-word"),
])
def test_classify_by_path(rel, importer):
    assert classify(rel) == importer


def test_numbered_series_takes_a_record_with_little_structure(tmp_path):
    folder = tmp_path / "docs" / "architecture"
    folder.mkdir(parents=True)
    for n in range(1, 4):
        (folder / f"00{n}-choice-{n}.md").write_text(NYGARD.replace("2. Implement", f"{n}. Choose"))
    lean = "# Pictures in DCR\n\n## Background Info\n\nWe serve images through Fastly.\n"
    (folder / "027-pictures.md").write_text(lean)
    (folder / "notes.md").write_text(lean)
    series = Series()
    assert decide("docs/architecture/027-pictures.md", str(folder / "027-pictures.md"), lean, series).is_decision
    assert not decide("docs/architecture/notes.md", str(folder / "notes.md"), lean, series).is_decision


def test_numbered_design_docs_are_no_series(tmp_path):
    """Numbered design docs with no decision-record text and no status of their own are no series of records (a page
    of them that states a status is read as a record on its own, and then its folder is one: see the next test)."""
    folder = tmp_path / "design"
    folder.mkdir()
    design = GO_DESIGN.replace("Status: Withdrawn\n\n", "")
    for n in range(1, 6):
        (folder / f"1230{n}-proposal.md").write_text(design)
    rel = "design/12301-proposal.md"
    assert not decide(rel, str(folder / "12301-proposal.md"), design, Series()).is_decision


def test_numbered_proposals_whose_index_says_they_record_decisions_are_a_series(tmp_path):
    """spinframework/spin (Apache-2.0) keeps 25 SIPs in `docs/content/sips/`, no status line and no decision heading;
    its `index.md`: "A SIP is a Spin Improvement Proposal … for documenting the design decisions that have gone into
    the project". A plain import found no record. An index that says nothing of decisions leaves design docs out."""
    sip = 'title = "SIP 004 - Spin Build"\ntemplate = "main"\n---\n\nSummary: A build command.\n\n## Background\n\nx\n'
    for folder, index in (("sips", "A SIP is a Spin Improvement Proposal, a design document for documenting the "
                                   "design decisions that have gone into the project.\n"),
                          ("design", "Design documents for features of the project.\n")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "index.md").write_text(index)
        for n in range(1, 5):
            (tmp_path / folder / f"00{n}-feature.md").write_text(sip)
    assert decide("sips/004-feature.md", str(tmp_path / "sips" / "004-feature.md"), sip, Series()).is_decision
    assert not decide("design/004-feature.md", str(tmp_path / "design" / "004-feature.md"), sip, Series()).is_decision


def test_a_page_written_to_its_folders_template_of_proposals_is_a_record(tmp_path):
    """cert-manager/cert-manager (Apache-2.0) keeps its design documents in `design/` beside a KEP-shaped
    `template.md` (Summary, Motivation, Proposal, Design Details, Drawbacks, Alternatives); 14 of 21, with no status
    line, were read as documentation and anchored nothing. A page of other parts stays one; so does a page beside a
    template of how-tos."""
    kep = "".join(f"## {p}\n\nx\n\n" for p in ("Summary", "Motivation", "Proposal", "Design Details", "Drawbacks",
                                                 "Alternatives"))
    (tmp_path / "design").mkdir()
    (tmp_path / "design" / "template.md").write_text("# Title\n\n" + kep)
    timeouts = "# Increasing timeouts\n\n" + kep.replace("Drawbacks", "Production Readiness")
    (tmp_path / "design" / "20220614-timeouts.md").write_text(timeouts)
    other = "# Orders\n\n## Problem\n\nx\n\n## Required changes\n\ny\n\n## Risks\n\nz\n"
    (tmp_path / "design" / "orders.md").write_text(other)
    (tmp_path / "howto").mkdir()
    steps = "".join(f"## {p}\n\nx\n\n" for p in ("Prerequisites", "Steps", "Verify", "Rollback"))
    (tmp_path / "howto" / "template.md").write_text("# Title\n\n" + steps)
    (tmp_path / "howto" / "restore.md").write_text("# Restore\n\n" + steps)
    series = Series()
    assert decide("design/20220614-timeouts.md", str(tmp_path / "design" / "20220614-timeouts.md"), timeouts,
                  series).is_decision
    assert not decide("design/orders.md", str(tmp_path / "design" / "orders.md"), other, series).is_decision
    assert not decide("howto/restore.md", str(tmp_path / "howto" / "restore.md"), "# Restore\n\n" + steps,
                      series).is_decision


def test_a_dated_series_whose_pages_state_a_status_or_follow_the_template_takes_its_other_pages(tmp_path):
    """cert-manager/cert-manager (Apache-2.0) `design/`: dates end at a dot (`20230302.gomod.md`, "Design: More
    Modules"; `20240122.scarf.md`, "Proposal: Scarf.sh integration"), and most pages are records by a KEP status in
    their front matter (`status: implementable`) or by the folder's template; the pages with neither were read as
    documentation. A folder of dated pages none of which states a status stays out; so does a version's name."""
    kep = "".join(f"## {p}\n\nx\n\n" for p in ("Summary", "Motivation", "Proposal", "Design Details", "Drawbacks"))
    (tmp_path / "design").mkdir()
    (tmp_path / "design" / "template.md").write_text("# Title\n\n" + kep)
    stated = "---\ntitle: Certificate Request CRD\ncreation-date: 2019-07-08\nstatus: implementable\n---\n\n# T\n\n## Goals\n\nx\n"
    for n in range(1, 4):
        (tmp_path / "design" / f"2019070{n}.crd-{n}.md").write_text(stated)
    (tmp_path / "design" / "20220614-timeouts.md").write_text("# Timeouts\n\n" + kep)
    gomod = "# Design: More Modules\n\n## In Short\n\nCreate a go module for each binary.\n\n## Pros\n\nx\n"
    (tmp_path / "design" / "20230302.gomod.md").write_text(gomod)
    (tmp_path / "notes").mkdir()
    for n in range(1, 5):
        (tmp_path / "notes" / f"2023030{n}.meeting.md").write_text(gomod)
    series = Series()
    assert decide("design/20230302.gomod.md", str(tmp_path / "design" / "20230302.gomod.md"), gomod, series).is_decision
    assert not decide("notes/20230302.meeting.md", str(tmp_path / "notes" / "20230302.meeting.md"), gomod,
                      series).is_decision
    assert series_name("20230302.gomod.md") and not series_name("1.2-notes.md") and not series_name("20230302.1.md")


def test_a_long_page_following_its_folders_template_counts_toward_the_series(tmp_path):
    """adobe/react-spectrum (Apache-2.0) `rfcs/`: long RFCs follow the template, but past their first 8 KB; judged on
    that much, one of eight siblings counted, and `2019-v3-slots.md`, which leaves the template, was documentation."""
    kep = "".join(f"## {p}\n\n{'x ' * 3000}\n\n" for p in ("Summary", "Motivation", "Detailed Design", "Drawbacks",
                                                            "Alternatives"))
    (tmp_path / "rfcs").mkdir()
    (tmp_path / "rfcs" / "template.md").write_text("# Title\n\n" + kep.replace("x ", ""))
    for n in range(1, 5):
        (tmp_path / "rfcs" / f"2020-feature-{n}.md").write_text(f"# Feature {n}\n\n" + kep)
    slots = "# Slots\n\n## Proposal\n\nSlots place children.\n\n## CSS Example\n\nx\n"
    (tmp_path / "rfcs" / "2019-v3-slots.md").write_text(slots)
    assert decide("rfcs/2019-v3-slots.md", str(tmp_path / "rfcs" / "2019-v3-slots.md"), slots, Series()).is_decision


def test_content_check_reads_only_the_head():
    padded = "# Notes\n\n" + "Plain text.\n" * 2000 + NYGARD.split("\n", 1)[1]
    assert not evidence("notes/long.md", padded).is_decision


def test_a_numbered_sub_series_under_decision_records(tmp_path):
    """guardian/dotcom-rendering keeps technical reviews in docs/architecture/3rd-party-technical-review/."""
    top = tmp_path / "docs" / "architecture"
    sub = top / "3rd-party-technical-review"
    sub.mkdir(parents=True)
    for n in range(1, 4):
        (top / f"00{n}-choice-{n}.md").write_text(NYGARD.replace("2. Implement", f"{n}. Choose"))
    review = "# Ipsos Mori tagging\n\n## Metadata\n\n- Date: 24/09/2020\n\n## Context\n\nPAMCo changed partner.\n"
    (sub / "002-ipsos-mori.md").write_text(review)
    rel = "docs/architecture/3rd-party-technical-review/002-ipsos-mori.md"
    assert decide(rel, str(sub / "002-ipsos-mori.md"), review, Series()).is_decision
    bare = "# Pictures\n\nImages go through Fastly.\n"  # no decision-record text of its own: not from the folder above
    assert not decide(rel, str(sub / "002-ipsos-mori.md"), bare, Series()).is_decision


def test_a_how_to_in_a_decision_record_folder_is_none():
    howto = ("> **Warning**\n> We no longer generate a `.env` file\n\n# `.env` File\n\nAny values in the `.env` file "
             "shouldn't be required to run the application locally.\n\n## Making Changes\n\nRaise an issue first.\n")
    assert not evidence("docs/architecture/historic-adrs/dotenv.md", howto).is_decision
    assert evidence("docs/adr/0007-dotenv.md", howto).is_decision  # numbered like a record: the folder decides


def test_a_title_of_placeholders_is_a_templates_and_a_shell_comment_no_title():
    # home-assistant/architecture's EMPTY-ADR.md (Apache-2.0); a tutorial's `# <your-token>` in a shell block
    assert placeholder_title("# <ADR NUMBER>. <ADR TITLE>\n\nDate: YYYY-MM-DD\n")
    assert not placeholder_title("# Local development\n\n```sh\n# <your-token>\nexport T=1\n```\n")
    # ministryofjustice/modernisation-platform's tech-docs pages (MIT) write their front matter's title with ERB
    assert not placeholder_title("---\ntitle: Terraform Style Guide\n---\n\n# <%= current_page.data.title %>\n")


def test_a_numbered_record_titled_with_template_words_is_a_record():
    """os2display/display-api-service (MPL-2.0) `docs/adr/006-templates.md`, "# ADR 006 - Templates", is a record about
    the product's screen templates; its title's words were all template words, and it was read as a template."""
    text = ("# ADR 006 - Templates\n\n## Status\n\nAccepted\n\n## Context\n\nScreens need layouts.\n\n"
            "## Decision\n\nTemplates are remote components.\n\n## Consequences\n\nTemplates load at run time.\n")
    assert index_reason("docs/adr/006-templates.md", "ADR 006 - Templates") is None
    assert evidence("docs/adr/006-templates.md", text).is_decision
    assert index_reason("docs/adr/adr-template.md", "ADR Template") == "template"
    assert index_reason("docs/adr/template.md", "Architecture Decision Record template") == "template"


def test_adr_numbered_pages_of_free_prose_in_a_records_folder_are_records():
    """communitiesuk/submit-social-housing-lettings-and-sales-data (MIT) at e46822e: 14 of the 20 records of
    `docs/adr/adr-NNN-slug.md`, titled "# 002: Repositories" over plain prose under Jekyll front matter, were read
    as documentation: an `adr-002` name was not counted as one of a series, and "002:" not as a numbered title."""
    text = ("---\nparent: Architecture decisions\n---\n\n# 002: Repositories\n\n"
            "There will be two git repositories for this project.\n\n"
            "1. [Infrastructure](https://github.com/communitiesuk/mhclg-data-collection-beta-infrastructure)\n"
            "2. Web application (this repository)\n\n"
            "It also reduces complexity for people working on just one or the other.\n")
    assert evidence("docs/adr/adr-002-repositories.md", text).is_decision
    assert not evidence("docs/guides/adr-002-repositories.md", text.replace("# 002: ", "# ")).is_decision


def test_a_hugo_section_index_is_an_index_whatever_its_front_matter_states():
    """paritytech/truapi (Apache-2.0): `docs/rfcs/_index.md` ("RFC Index", `status: accepted`) became a decision."""
    assert index_reason("docs/rfcs/_index.md", "RFC Index") == "index or read-me page"
    assert not evidence("docs/rfcs/_index.md", "---\ntype: index\nstatus: accepted\n---\n# RFC Index\n\n"
                        "| RFC | Status |\n|---|---|\n| [0002](0002-x.md) | accepted |\n").is_decision


FILLED_MADR = """# {short title of solved problem and solution}

* Status: proposed
* Deciders: @KPostOffice @fridex <!-- optional -->

## Context and Problem Statement

The bot runs too often and eats resources in the cluster.

## Decision Outcome

Chosen option: "option 3", because we can use existing bot frameworks and event handlers; pods will be shorter
lived and less frequent.

### Positive Consequences <!-- optional -->

* Reduced resource consumption
"""
MADR2_TEMPLATE = """# [short title of solved problem and solution]

* Status: [proposed | rejected | accepted | deprecated | … | superseded by [ADR-0005](0005-example.md)] <!-- optional -->

## Context and Problem Statement

[Describe the context and problem statement, e.g., in free form using two to three sentences.]

## Decision Outcome

Chosen option: "[option 1]", because [justification. e.g., only option, which meets k.o. criterion decision driver | which resolves force force | … | comes out best (see below)].
"""


@pytest.mark.parametrize("rel, text, expected", [
    # thoth-station/core's docs/adr/0005-obtimizing-keb-runs.md (GPL-3.0): MADR filled in, all but its title
    pytest.param("docs/adr/0005-obtimizing-keb-runs.md", FILLED_MADR, True, id="filled-record"),
    pytest.param("docs/adr/template.md", FILLED_MADR, False, id="the-template-itself"),
    pytest.param("docs/adr/0000-template.md", FILLED_MADR, False, id="a-numbered-template"),
    pytest.param("docs/adr/0005-obtimizing-keb-runs.md", FILLED_MADR.replace("Status: proposed", "Status: "
                 "[proposed | rejected | accepted]"), False, id="status-left-as-choices"),
    pytest.param("docs/adr/0005-obtimizing-keb-runs.md", FILLED_MADR.split("## Decision Outcome")[0]
                 + "## Decision Outcome\n\nChosen option: \"[option 1]\", because [justification].\n", False,
                 id="decision-left-to-write"),
    pytest.param("docs/adr/0005-x.md", MADR2_TEMPLATE, False, id="template-copied-unfilled"),
    pytest.param("notes/0005-obtimizing-keb-runs.md", FILLED_MADR, False, id="outside-a-records-folder"),
])
def test_a_record_filled_in_but_its_placeholder_title_is_a_record(rel, text, expected):
    assert evidence(rel, text).is_decision is expected


@pytest.mark.parametrize(("name", "item"), [
    pytest.param("62-cell-id", True, id="numbered-item"),
    pytest.param("0012-foo", True, id="zero-padded-item"),
    pytest.param("2021-01-05-launch", True, id="dated-item"),
    pytest.param("tep-0005-bundles", True, id="lettered-item"),
    pytest.param("2018-03", False, id="a-month"),
    pytest.param("2018_03", False, id="a-month-underscored"),
    pytest.param("2018-03-15", False, id="a-day"),
    pytest.param("2018", False, id="a-year"),
    pytest.param("0086", True, id="a-number-padded-alone"),
    pytest.param("001", True, id="a-short-number-padded-alone"),
    pytest.param("03", False, id="a-month-alone"),
    pytest.param("86", False, id="a-number-alone"),
])
def test_a_folder_named_only_by_a_date_is_no_series_item(name, item):
    """ThaiProgrammer/tech-events-calendar's month folders (`data/2018-03/`) read as item 2018 named "03"."""
    assert series_folder(name) is item


def test_a_long_page_its_siblings_make_a_record_is_read_as_one_stating_its_status_is(tmp_path):
    """jaegertracing/jaeger (Apache-2.0) `docs/rfc/`: each RFC states its status ("- **Status:** Draft") and was read
    as documentation with a status line, its sections joined into `MAX_DOC_SECTIONS`; once the folder counted as a
    series of records, a long RFC came as 39 sections, `---` rules among them, and ranked first for questions
    another record answers."""
    from lore.ingest.parse import parse_file
    from lore.sources.classify import DOC
    from lore.sources.docs import MAX_DOC_SECTIONS
    rfc = "# RFC {n}: Part {n}\n\n- **Status:** Draft\n\n" + "".join(
        f"## {i}. Part {i}\n\nText of part {i} about storage.\n\n---\n\n" for i in range(1, 40))
    (tmp_path / "docs" / "rfc").mkdir(parents=True)
    for n in range(1, 5):
        (tmp_path / "docs" / "rfc" / f"000{n}-part.md").write_text(rfc.format(n=n))
    rel = "docs/rfc/0001-part.md"
    parsed = parse_file(DOC, rel, rfc.format(n=1), abs_path=str(tmp_path / rel), series=Series())
    (m,) = parsed.memories
    assert parsed.taken and len(m.sections) <= MAX_DOC_SECTIONS


def test_a_template_numbered_zero_is_one_whatever_words_name_its_kind():
    """thunderbird/thunderbird-android (Apache-2.0) keeps `0000-technical-design-template.md` and
    `0000-user-journey-template.md` beside its designs: read as proposed decisions titled "Technical Design: Title",
    they came first in context packs of files named for titles. A record numbered past zero stays a record."""
    assert index_reason("docs/engineering/technical-designs/0000-technical-design-template.md") == "template"
    assert index_reason("docs/engineering/user-journeys/0000-user-journey-template.md") == "template"
    assert index_reason("docs/adr/0007-email-template.md", "7. Email template") is None


def test_the_page_numbered_zero_that_introduces_a_series_is_its_guide():
    """smarter-sh/smarter (AGPL-3.0) opens its records with `000-intro.rst`, "ADR Introduction", how to write one: it
    came back from searches as a decision. A record numbered zero that decides something stays a record."""
    assert index_reason("docs/source/adr/000-intro.rst", "ADR Introduction") == "index or read-me page"
    assert index_reason("docs/adr/0000-guidelines.md") == "index or read-me page"
    assert index_reason("docs/adr/decisions-intro.md", "Decision records introduction") == "index or read-me page"
    assert index_reason("docs/adr/0000-use-markdown-architectural-decision-records.md", "Use Markdown ADRs") is None
    assert index_reason("docs/adr/0001-intro.md", "1. Intro screen for new users") is None


# After cloudfoundry-incubator/kubecf (Apache-2.0) doc/rfd/: an index table, and one folder per request for
# discussion named by its number alone, its page a read-me whose front matter states its state.
_RFD = """---
authors: A. Author
state: {state}
discussion: https://example.org/pull/{n}
---

# RFD {n} {title}

## Context

{title} is what the team keeps discussing.

## Decision

We will {title}.

## Consequences

Everyone follows it.
"""


def test_requests_for_discussion_kept_in_folders_named_by_their_number_are_decision_records(tmp_workspace):
    """kubecf keeps `doc/rfd/rfd/0002/README.md`: a folder named by its padded number alone was no item of a
    series, so its read-me was an index and all seven records came as plain documentation, an abandoned one as live
    guidance. The index table beside them (`doc/rfd/README.md`) is no record."""
    from lore.api import Lore
    from lore.embedding.embedder import HashEmbedder
    from lore.ingest import run_import
    from lore.memory import SourceKind, Status
    rfd = tmp_workspace / "doc" / "rfd"
    (rfd / "rfd").mkdir(parents=True)
    (rfd / "README.md").write_text("## RFDs\n\n| state | RFD |\n| --- | --- |\n"
                                   "| publish | [RFD 1 Use bash](./rfd/0001/README.md) |\n")
    states = {"0000": ("discussion", "Request for discussion"), "0001": ("abandoned", "Record decisions"),
              "0002": ("publish", "Write git commit messages"), "0003": ("publish", "Deprecate bazel")}
    for folder, (state, title) in states.items():
        (rfd / "rfd" / folder).mkdir()
        (rfd / "rfd" / folder / "README.md").write_text(_RFD.format(state=state, n=int(folder), title=title))
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        records = {m.provenance.path: m for m in lore.list(limit=50)
                   if m.provenance.kind is SourceKind.ADR}
    finally:
        lore.close()
    assert set(records) == {f"doc/rfd/rfd/{f}/README.md" for f in states}
    assert records["doc/rfd/rfd/0000/README.md"].status is Status.PROPOSED
    assert records["doc/rfd/rfd/0001/README.md"].status is Status.DEPRECATED
    assert records["doc/rfd/rfd/0002/README.md"].status is Status.ACTIVE


def test_a_guide_whose_example_the_head_cuts_inside_its_fence_is_no_template():
    """CivicPress/civicpress' `docs/templates.md` ("# Advanced Template System", 444 lines) shows record templates
    in fenced examples; the first `HEAD_BYTES` of it end inside one, after its `# {{title}}`, and the guide was left
    out as a template. A template's own placeholder title still makes it one."""
    from lore.sources.detect import HEAD_BYTES
    example = "```yaml\n---\ntemplate: policy/default\n---\n# {{title}}\n\n{{content}}\n```\n\n"
    opening = "# Advanced Template System\n\nTemplates are Markdown files with YAML front matter.\n\n"
    filler = "".join(f"Paragraph {i} explains how inheritance and validation work for records.\n\n" for i in range(200))
    cut = opening + filler[:HEAD_BYTES - len(opening) - 160]
    cut += "x" * (HEAD_BYTES - 60 - len(cut) - 2) + "\n\n"  # the example opens 60 bytes before the head ends
    text = cut + example + "More text after the example.\n"
    assert len(cut) + example.index("{{content}}") < HEAD_BYTES < len(cut) + len(example)
    assert evidence("docs/templates.md", text).veto is None
    assert evidence("docs/adr/0000-template.md", "# {{title}}\n\n## Status\n\n{{status}}\n").veto == "template"
