"""One markdown reader (`lore.markup.markdown`) for importers, team files and section splitting: a
`## Why`, a `# Title` or a `---` line inside a code fence is text, never structure."""

from __future__ import annotations

import pytest

from lore.markup import markdown
from lore.markup.markdown import front_matter, headings, parse
from lore.memory import Memory, Scope
from lore.team import files as teamfiles
from lore.text import SECTION_MIN_CHARS, split_sections

FENCED = """```markdown
# Not the title
---
## Why
not the rationale
```"""

TEAM_FILE = f"""---
id: fenced000001
kind: convention
---
{FENCED}

# Release notes are written in markdown

Paste them as they are:

{FENCED}

~~~
```
## Why
still inside the tilde fence
~~~

## Why

Readers copy them into the changelog.
"""


def test_team_file_title_and_rationale_skip_code_fences():
    m = teamfiles.parse(TEAM_FILE, ".lore/memories/release-notes.md")
    assert m.title == "Release notes are written in markdown"
    assert m.rationale == "Readers copy them into the changelog."
    assert "not the rationale" in m.body and "still inside the tilde fence" in m.body
    assert m.body.count("## Why") == 2


def test_team_file_with_fences_round_trips_and_rewrites_only_front_matter():
    m = Memory(title="Release notes are written in markdown", body=f"Paste them as they are:\n\n{FENCED}",
               rationale="Readers copy them into the changelog.", scope=Scope.TEAM).validate()
    text = teamfiles.render(m)
    back = teamfiles.parse(text, ".lore/memories/release-notes.md")
    assert (back.title, back.body, back.rationale) == (m.title, m.body, m.rationale)
    back.tags = ["docs"]
    rewritten = teamfiles.rewrite(text, back, ".lore/memories/release-notes.md", touch=False)
    fm_old, fm_new = front_matter(text), front_matter(rewritten)
    assert "docs" in fm_new.raw and rewritten[fm_new.after:] == text[fm_old.after:]


def test_front_matter_ends_at_its_own_fence_not_at_a_fenced_rule():
    text = "---\nkind: decision\n---\n# T\n\n```yaml\n---\na: 1\n---\n```\n"
    fm = front_matter(text)
    assert fm.raw == "kind: decision" and text[fm.after:].startswith("# T")
    assert front_matter("# T\n\n```\n---\na: 1\n---\n```\n") is None
    crlf = text.replace("\n", "\r\n")
    assert front_matter(crlf).raw == "kind: decision" and crlf[front_matter(crlf).after:].startswith("# T")
    doc = parse(text)
    assert doc.front == {"kind": "decision"} and [s.heading for s in doc.sections if s.heading] == ["T"]


def test_importer_sections_do_not_split_inside_fences():
    doc = parse(f"# ADR 7: Markdown notes\n\n## Context\n\n{FENCED}\n\n## Decision\n\nKeep them.\n")
    assert [s.heading for s in doc.sections if s.heading] == ["ADR 7: Markdown notes", "Context", "Decision"]
    assert "not the rationale" in doc.text(doc.sections[2])


def test_sections_split_at_headings_outside_fences_only():
    filler = "Words that make the body long enough to split. " * (SECTION_MIN_CHARS // 40)
    body = f"{filler}\n\n~~~\n```\n## Inside the tilde fence\n~~~\n\n## Outside\n\n{filler}\n\n{FENCED}\n"
    sections = split_sections("Notes", body, 1)
    assert [s.heading for s in sections] == [None, "Outside"]
    assert "## Inside the tilde fence" in sections[0].text and "# Not the title" in sections[1].text
    assert sections[1].line == 1 + body.splitlines().index("## Outside")


def test_headings_are_atx_at_top_level():
    found = headings("# A\n\n> # quoted\n\n- # listed\n\nSetext\n======\n\n    # indented code\n\n## B ##\n")
    assert [(h.level, h.text) for h in found] == [(1, "A"), (2, "B")]


@pytest.mark.parametrize("text, warned", [
    # rust-lang/rfcs text/2351-is-sorted.md (MIT/Apache-2.0): documentation quoted with its code
    pytest.param("Docs:\n\n> ```rust\n> fn is_sorted(self) -> bool\n> ```\n> Checks the order.\n", False,
                 id="closed-in-a-quote-at-the-end"),
    pytest.param("> ```rust\n> fn a()\n\n## After\n\ntext\n", False, id="ended-by-its-quote"),
    pytest.param("- item\n\n  ```\n  code\n  ```\n", False, id="closed-in-a-list-item"),
    pytest.param("x\n\n```\ncode\n", True, id="runs-to-the-end"),
])
def test_a_fence_ended_by_its_container_is_no_unclosed_fence(text, warned):
    warnings = [w for _, w in markdown.parse(text).warnings if "never closed" in w]
    assert bool(warnings) is warned


@pytest.mark.parametrize("inline, text", [
    # afomera/relay DECISIONS.md: "## D5 — Temporary hostnames: `<adj>-<noun>-<4 hex>`"
    pytest.param("Temporary hostnames: `<adj>-<noun>-<4 hex>`", "Temporary hostnames: <adj>-<noun>-<4 hex>",
                 id="angle-brackets-in-code"),
    pytest.param("Keep `__init__.py` files empty", "Keep __init__.py files empty", id="underscores-in-code"),
    pytest.param("**Use** <b>it</b> [here](x.md)", "Use it here", id="markup-outside-code"),
    # teaching-vacancies documentation/adr/0004 (DFE-Digital/teaching-vacancies, MIT)
    pytest.param("Environments after GOV&#46;UK PaaS &amp; `&amp;`", "Environments after GOV.UK PaaS & &amp;",
                 id="character-references-outside-code"),
    # BrighterCommand/Brighter specs/0027-span-based-performance/README.md (MIT, 4032a065b)
    pytest.param("0027 - Improve Brighter Performance with Span\\<T\\>",
                 "0027 - Improve Brighter Performance with Span<T>", id="escaped-angle-brackets-are-no-tag"),
    pytest.param("Call my\\_func, not \\*this\\*, and keep `a\\_b`", "Call my_func, not *this*, and keep a\\_b",
                 id="escaped-marks-outside-code"),
    pytest.param("C:\\Users\\lore", "C:\\Users\\lore", id="a-backslash-before-a-letter-stays"),
])
def test_plain_text_keeps_code_as_written(inline, text):
    assert markdown.plain(inline) == text


def test_hugo_toml_front_matter_is_read_like_yaml():
    """A Hugo site's page opens with TOML between `+++` lines; its title and status are the page's."""
    text = '+++\ntitle = "Use gRPC between services"\nstatus = "superseded"\nweight = 2\n+++\n\n## Context\n\nJSON.\n'
    doc = parse(text)
    assert doc.front == {"title": "Use gRPC between services", "status": "superseded", "weight": 2}
    assert doc.front_lines == 5 and not doc.warnings
    assert [s.heading for s in doc.sections if s.heading] == ["Context"]


def test_toml_lines_closed_by_a_fence_with_none_opening_them_are_front_matter():
    """spinframework/spin (Apache-2.0) SIPs, for Bartholomew: `title = "SIP 001 - Spin Deploy"`, `template`, `date`,
    then `---`; the three lines were read as a heading underlined by the fence, and the record titled by them."""
    text = 'title = "SIP 001 - Spin Deploy"\ntemplate = "main"\ndate = "2022-03-18T14:53:30Z"\n---\n\nSummary: x\n'
    doc = parse(text)
    assert doc.front == {"title": "SIP 001 - Spin Deploy", "template": "main", "date": "2022-03-18T14:53:30Z"}
    assert doc.front_lines == 4 and not doc.warnings
    assert parse("a = b\nc = d\n---\n\nText.\n").front == {}  # not TOML: as written
    assert parse('x = "1"\n\nText.\n').front == {}  # one line, no fence


def test_a_yaml_block_a_page_opens_with_holding_its_title_or_status_is_front_matter():
    """external-secrets/external-secrets (Apache-2.0) `design/008-pushsecret-update-policy.md` opens with its KEP
    header in a code block ("```yaml", "---", "title: …", "status: partially implemented", "---", "```"): none of the
    fourteen design records was read as one, nor dated."""
    text = ("```yaml\n---\ntitle: PushSecret Update Policy\nauthors: Moritz Johner\ncreation-date: 2023-08-25\n"
            "status: partially implemented\n---\n```\n\n# PushSecret Update Policy\n\n## Summary\n\nx\n")
    doc = parse(text)
    assert doc.front["title"] == "PushSecret Update Policy" and doc.front["status"] == "partially implemented"
    assert doc.front_lines == 8 and doc.title()[0] == "PushSecret Update Policy"
    assert parse("```yaml\nkind: Deployment\nmetadata: {}\n```\n\n# X\n").front == {}  # an example, no header
    assert parse("# X\n\n```yaml\ntitle: y\n```\n").front == {}  # not what the page opens with


def test_a_yaml_header_under_the_title_is_the_page_s_metadata_when_written_as_front_matter_with_a_status():
    """external-secrets/external-secrets (Apache-2.0) `design/007-provider-versioning-strategy.md` puts the same
    header under its title heading: its status and date went unread, and the record was not taken as one. The
    heading stays the title and the block stays in the text; a YAML example under a title is no header."""
    text = ("# Provider Separation on specific CRDs\n```yaml\n---\ntitle: Provider Separation on specific CRDs\n"
            "version: v1alpha1\ncreation-date: 2023-08-25\nstatus: approved\n---\n```\n\nWRT: issue 694\n\n"
            "### Proposed Changes\nx\n")
    doc = parse(text)
    assert doc.front["status"] == "approved" and str(doc.front["creation-date"]) == "2023-08-25"
    assert doc.front_lines == 0 and doc.title()[0] == "Provider Separation on specific CRDs"
    assert parse("# X\n\n```yaml\n---\ntitle: y\nkind: Page\n---\n```\n").front == {}  # no status: an example
    assert parse("# X\n\n```yaml\nstatus: done\ntitle: y\n```\n").front == {}  # no front matter fences


@pytest.mark.parametrize("text, front, warning", [
    pytest.param('+++\ntitle = "X\nstatus = "draft"\n+++\n# X\n', {"title": "X", "status": "draft"}, "broken TOML",
                 id="broken"),
    pytest.param('+++\ntitle = "X"\n# X\n', {}, "not closed with +++", id="unclosed"),
    pytest.param("+++\n" + 'k = "' + "v" * 70_000 + '"\n+++\n# X\n', {}, "the limit is", id="huge"),
])
def test_broken_toml_front_matter_is_said_and_read_as_far_as_it_goes(text, front, warning):
    found, _, warnings = markdown.split_front_matter(text)
    assert found == front
    assert warnings and warning in warnings[0][1]


def test_front_matter_under_a_licence_comment_is_front_matter():
    """ethersync/ethersync (AGPL-3.0, text not vendored): a record opens with an SPDX comment, then its front
    matter; the status and title are read from it and none of it is the record's text."""
    from lore.sources.adr import parse_adr

    text = ("<!--\nSPDX-FileCopyrightText: 2024 blinry and zormit\nSPDX-License-Identifier: CC-BY-SA-4.0\n-->\n\n"
            "---\nstatus: superseded\ndate: 2024-05-02\n---\n\n# Use Automerge for sync\n\n## Decision\n\n"
            "We sync documents with Automerge.\n")
    doc = markdown.parse(text)
    assert doc.front["status"] == "superseded"
    assert doc.front_lines == 9 and doc.title() == ("Use Automerge for sync", 11)
    m = parse_adr("docs/decisions/05-automerge.md", text).memories[0]
    assert m.status.value == "superseded" and m.body == "We sync documents with Automerge."
    assert not any("status:" in s.text for s in m.sections)
    assert markdown.parse("<!-- note -->\n# Title\n\n---\n\na: 1\n\n---\n").front == {}  # a rule under a heading


def test_a_table_of_contents_is_blanked_its_lines_kept():
    page = "# Guide\r\n\r\n## Contents\r\n\r\n1. [Setup](#setup)\r\n   1. **[Tests](#tests)**\r\n\r\n---\r\n\r\nIntro.\r\n"
    assert markdown.without_contents(page) == "# Guide\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\nIntro.\r\n"
    for text in ("- [Setup](#setup)\nlazy text\n", "- [Setup](#setup) first\n- [Tests](#tests)\n",
                 "- [Setup](setup.md)\n- [Tests](#tests)\n", "```\n- [Setup](#setup)\n```\n",
                 "- [Setup](#setup)\n\n  ```\n  make\n  ```\n"):
        assert markdown.without_contents(text) == text
    assert markdown.without_contents("## Usage\n\n- [Setup](#setup)\n\nRun it.\n") == "## Usage\n\n\n\nRun it.\n"


@pytest.mark.parametrize(("heading", "text"), [
    # clipperz/password-manager (AGPL-3.0): a logo by reference before the name
    ("# ![Clipperz icon][icon] CLIPPERZ - Online Password Manager", "CLIPPERZ - Online Password Manager"),
    # JabRef/jabref (MIT): a badge linking its service after the name
    ("# JabRef Bibliography Management [![APIdia](https://apidia.net/badge.svg)](https://apidia.net/java/JabRef)",
     "JabRef Bibliography Management"),
    ("# ![logo](logo.png)", "logo"),  # an image alone still says what it shows
    ("## Decision {#adr-0012}", "Decision"),
])
def test_a_headings_images_and_attributes_are_no_words_of_it(heading, text):
    assert markdown.parse(heading + "\n\nText.\n").title()[0] == text
    if "logo.png" not in heading:  # `headings` gives a heading as written, an image alone kept whole
        assert [h.text for h in markdown.headings(heading + "\n")] == [text]
