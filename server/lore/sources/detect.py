"""Is a markdown file a decision record? Evidence from its path and the first few KB of its text.

Real repositories keep decision records under many folder names (`docs/adr`, `architecture/
decisions`, `architecture-decision-record`, the repository root, ...) and file-name schemes
(`0001-title.md`, `adr-001-title.md`, `ADR-0001.md`, `20200925-title.md`), so neither a folder list
nor a name pattern alone can decide. Each signal adds to a score: a decision-record folder or
name, a status line or section, Nygard headings (Context / Decision / Consequences), MADR front
matter and headings, a "# 12. Title" or "ADR-12" title, a Y-statement. A file is a decision record
when the score reaches `THRESHOLD` and some of it comes from the text, or when it sits in a folder
of decision records; index pages, read-mes, templates and records among a project's test data
(`integration-tests/…/docs/adr/`, `tests/fixtures/`) never are, unless the user names their folder. A general document that merely
has a "Context" heading, a design doc or an RFC scores below the threshold.
"""

from __future__ import annotations

import os
import re
from pathlib import PurePosixPath

import attrs

from lore.markup import markdown
from lore.sources.status import template_choices, template_guidance, word_status

HEAD_BYTES = 8192  # a decision record shows what it is near its top
THRESHOLD = 4.0
FOLDER_ONLY = 3.0  # a folder named for decision records, alone enough for a file with any structure

_INDEX_STEMS = {"readme", "index", "_index", "toc", "summary", "_sidebar", "sidebar", "overview", "changelog", "changes",
                "history", "license", "licence", "contributing", "code_of_conduct", "code-of-conduct", "security",
                "authors", "glossary", "faq", "todo", "notice", "copying", "release-notes", "releasing"}
_INDEX_TITLE = re.compile(r"^(?:(?:architecture |architectural )?(?:decision records?|decisions?|adrs?)\s*)?"
                          r"(?:overview|index|log|list|table of contents|readme|introduction|intro)$", re.I)
# A series' page numbered zero that introduces it (`000-intro.rst`, `0000-guidelines.md`): the series' own guide.
_ZERO_GUIDE = re.compile(r"^0+[-_](?:adrs?[-_])?(?:intro|introduction|guidelines?|guide|about|overview|index|readme)$", re.I)
# `_template`, `0000-template`, `0000-ladr-template`, `0000-technical-design-template`; not Hugo's `_index.md` (`_index.en.md`), a section's own page
_TEMPLATE = re.compile(r"^_(?!index(?:\.\w+)?$)|^0+[-_](?:[a-z]+[-_])*template$", re.I)
# The words of a template's file name or title besides "template" (`adr-template-bare-minimal`, "MADR
# Template", "Architecture Decision Record template"); a record about templates says more
# (`0039-use-apache-velocity-as-template-engine`, "Use Handlebars template for emails").
_TEMPLATE_WORDS = frozenset("""template templates adr adrs madr architecture architectural decision decisions record
records the a an for of bare minimal full short long example sample nygard lightweight title markdown md new y
statement version v blank empty default basic simple yyyymmdd yyyy mm dd nnnn nnn xxxx xxx""".split())
_PLACEHOLDER = re.compile(r"\{(?:short title|title|problem|context|describe)[^}]*\}|\[short title of solved problem", re.I)
# A template's title is made of placeholders ("# <ADR NUMBER>. <ADR TITLE>", "# NUMBER. TITLE", "# {{id}}. {{name}}");
# not a site generator's tag that writes a page's own title (`# <%= current_page.data.title %>`, GOV.UK tech docs).
# (A record whose date is a placeholder, "Date: {DATE_YESTERDAY}", is the first record an init command writes into
# a new project: a record, not a template.)
_PLACEHOLDER_TITLE = re.compile(r"^#[ \t]+(?:(?:<(?!%)[^>\n]*>|\{\{\{?[^}\n]*\}\}\}?|\{[^}\n]*\}|number|title|n{3,}|x{3,})[ \t.:-]*)+$",
                                re.I | re.M)
_FOLDER_WORDS = {"adr", "adrs", "decision", "decisions", "adl", "madr", "madrs"}
# Folders of a project's tests and their data: a record there (a "Lorem ipsum" record, one with no
# status to test a parser) is a fixture of the tests, not a decision of the project.
# A product's own sample content (CivicPress' `cli/src/demo-data/records/policy-*.md`: fictional bylaws), no record and
# no documentation of the project (`docs._LEFT_OUT_DIRS`).
SAMPLE_DIRS = frozenset({"demo-data", "demo_data", "sample-data", "sample_data", "seed-data", "seed_data", "mock-data",
                         "mock_data"})
_TEST_DIRS = SAMPLE_DIRS | {"test", "tests", "testdata", "test-data", "test_data", "fixtures", "__fixtures__",
                            "__tests__", "e2e", "integration-tests", "integration_tests", "snapshots", "__snapshots__",
                            "mocks"}
_FOLDER_PHRASES = ("architecture-decision", "architectural-decision", "decision-record", "decision-log")
_ARCH_WORDS = {"architecture", "architectural", "arch"}
_ADR_NAME = re.compile(r"^adr[-_ .]?\d{1,5}(?:\b|[-_ .])", re.I)
_NUMBERED = re.compile(r"^\d{1,5}[-_ .]+[a-z]", re.I)
_DATED = re.compile(r"^(?:\d{8}|\d{4}-\d{2}-\d{2})(?:[-_]|\.(?=[a-z]))", re.I)
_STATUS_FIELD = re.compile(r"^[ \t]*(?:[-*+]\s+|\|\s*)?(?:\*\*|__|\*|_)?(?:(?:current|decision|rfc|adr|proposal)\s+)?status"
                           r"(?:\*\*|__|\*|_)?\s*(?::|\|)",
                           re.I | re.M)
_DECIDERS_FIELD = re.compile(r"^[ \t]*(?:[-*+]\s+|\|\s*)?(?:\*\*|__)?(?:deciders|decision[- ]makers|decided by)"
                             r"(?:\*\*|__)?\s*(?::|\|)", re.I | re.M)
_HEADING = re.compile(r"^#{2,6}[ \t]+(.+?)[ \t#]*$")
_TITLE = re.compile(r"^#[ \t]+(.+?)[ \t#]*$")
_STATUS_LABEL = re.compile(r"^[ \t]*(?:\*\*|__)?status(?:\*\*|__)?[ \t]*$", re.I)
_HEADINGS: dict[str, tuple[str, float]] = {
    **dict.fromkeys(("status", "current status", "decision status"), ("status", 2.0)),
    **dict.fromkeys(("context", "context and problem statement", "problem statement", "context and motivation",
                     "background and context", "background", "problem", "issue"), ("context", 1.0)),
    **dict.fromkeys(("decision", "decision outcome", "the decision", "our decision", "decisions", "chosen option",
                     "decision made", "resolution"), ("decision", 1.5)),
    **dict.fromkeys(("consequences", "positive consequences", "negative consequences", "implications",
                     "consequences and risks", "outcome"), ("consequences", 1.0)),
    **dict.fromkeys(("considered options", "options considered", "options", "alternatives considered",
                     "considered alternatives"), ("options", 1.0)),
    **dict.fromkeys(("decision drivers", "pros and cons of the options", "confirmation", "more information",
                     "assumptions", "constraints", "related decisions", "argument", "arguments"), ("madr", 0.5)),
}
_MADR_STRONG = {"context and problem statement", "decision outcome", "considered options", "pros and cons of the options"}
_FRONT_KEYS = {"status": 2.0, "deciders": 2.0, "decision-makers": 2.0, "decision_makers": 2.0, "consulted": 0.5,
               "informed": 0.5, "supersedes": 1.0, "superseded-by": 1.0, "superseded_by": 1.0}
_ADR_TITLE = re.compile(r"^(?:adr|architecture decision record|architectural decision|decision record|decision)"
                        r"[\s#:_-]*\d*\b|^\d{1,5}[.:]\s+\S|"
                        r"^(?:design|technical|architecture|architectural|engineering)\s+decisions?\s*[:\-–]\s*\S", re.I)
_DECIDED = ("we decided", "we have decided", "we've decided", "we will ", "we chose", "we agreed", "it was decided",
            "chosen option")


@attrs.define
class Evidence:
    """How much a file looks like a decision record, and why."""

    score: float = 0.0
    from_text: float = 0.0
    folder: bool = False
    core: bool = False  # says what was decided: a decision or consequences heading, options, a Y-statement, an ADR title
    reasons: list[str] = attrs.field(factory=list)
    veto: str | None = None
    numbered: bool = False  # numbered or dated name: may belong to a series of records
    series: bool = False  # its numbered siblings are decision records

    def add(self, points: float, why: str, text: bool = True) -> None:
        """Count one signal."""
        self.score += points
        if text:
            self.from_text += points
        self.reasons.append(why)

    @property
    def is_decision(self) -> bool:
        """The verdict: vetoed never; a decision-record folder with any structure; else the threshold."""
        if self.veto:
            return False
        if self.series or (self.folder and self.score >= FOLDER_ONLY and (self.from_text or self.numbered)):
            return True
        return self.score >= THRESHOLD and self.from_text >= 2.0 and self.core

    def why_not(self) -> str:
        """The reason a file was not taken, for the import report."""
        if self.veto:
            return self.veto
        if not self.from_text:
            return "no decision-record structure"
        if not self.core:
            return "no decision or consequences section"
        return "too little decision-record structure"


def status_field(line: str) -> bool:
    """Whether a line states a status as a field ("Status: accepted", "**Status:** Draft", "| Status | …")."""
    return bool(_STATUS_FIELD.match(line))


def folder_hint(rel_path: str) -> bool:
    """Whether a folder on the path is named for decision records (adr, decisions, architecture-decision-log, ...)."""
    for part in PurePosixPath(rel_path).parts[:-1]:
        low = part.lower().replace("_", "-").replace(" ", "-")
        if set(re.split(r"[-.]+", low)) & _FOLDER_WORDS or any(p in low for p in _FOLDER_PHRASES):
            return True
    return False


def name_hint(rel_path: str) -> bool:
    """Whether a file name alone says decision record (`adr-001-…`, `ADR-0001.md`)."""
    return bool(_ADR_NAME.match(PurePosixPath(rel_path).name))


def in_test_data(rel_path: str) -> bool:
    """Whether a file sits in a folder of the project's tests or test data (`integration-tests/`, `fixtures/`)."""
    return any(part.lower() in _TEST_DIRS for part in PurePosixPath(rel_path).parts[:-1])


def index_reason(rel_path: str, title: str | None = None) -> str | None:
    """Why a file is an index, read-me or template rather than a decision (None when it is not one).

    A read-me in a folder named like a record (`0007-use-kafka/README.md`) is that record.
    """
    p = PurePosixPath(rel_path)
    stem = p.stem.lower()
    if any(template_folder(part) for part in p.parts[:-1]):
        return "template"
    if template_name(stem):
        return "template"
    own_folder = stem in ("readme", "index") and bool(re.match(r"^\d{2,5}[-_]", p.parent.name)
                                                      or _PADDED_NUMBER.match(p.parent.name)
                                                      or _ADR_NAME.match(p.parent.name))
    if not own_folder and (stem in _INDEX_STEMS or re.sub(r"[-_.].*$", "", stem) in _INDEX_STEMS):
        return "index or read-me page"
    if p.parent.name and stem == p.parent.name.lower() or _ZERO_GUIDE.match(stem):
        return "index or read-me page"
    if title and _INDEX_TITLE.match(title.strip()):
        return "index or read-me page"
    if title and template_words(title) and not _RECORD_NUMBER.search(title) and not re.match(r"0*[1-9]\d*[-_]", stem):
        return "template"  # "ADR 006 - Templates" (os2display 006-templates.md) is a record about templates
    return None


_RECORD_NUMBER = re.compile(r"\b0*[1-9]\d{0,4}\b")


# Site generators' folders of page scaffolds: Hugo's `archetypes/`, Hexo's `scaffolds/`.
_SCAFFOLDS = frozenset({"archetypes", "scaffolds"})


def template_folder(name: str) -> bool:
    """Whether a folder's name says it holds templates: `templates/`, `example_templates/`, `adr-templates/`,
    `.github/ISSUE_TEMPLATE/`, a site generator's scaffolds (`archetypes/`), a project generator's unrendered folder
    (`{{cookiecutter.project_slug}}/`)."""
    return bool({"template", "templates"} & set(re.split(r"[-_. ]+", name.lower()))) or name.lower() in _SCAFFOLDS \
        or "{{" in name or "{%" in name  # a project generator's folder, `{{cookiecutter.project_slug}}/`



def template_name(stem: str) -> bool:
    """Whether a file name (without extension) is a template's: `_template`, `0000-ladr-template`,
    `adr-template-bare`, `yyyymmdd-template` (see `template_words`), or the template of a series named by
    its letters (`JEP-TEMPLATE`, `kep-template`, `0000-rfc-template`; not `0003-use-templates-for-adrs`, which has
    a number of its own) or of one kind of page, unnumbered (`deprecation-template`, `quint-spec-template`; not
    `0007-email-template`)."""
    if _TEMPLATE.search(stem) or template_words(stem):
        return True
    words = re.findall(r"[a-z]+", stem.lower())
    rest = [w for w in words if w not in _TEMPLATE_WORDS]
    if words[-1:] == ["template"] and len(words) >= 2 and not re.match(r"\d", stem):
        return True  # the template of one kind of page, unnumbered (Ember's `deprecation-template`, `quint-spec-template`)
    if re.match(r"0*[1-9]\d*[-_]", stem):
        return False  # a record's own number (`0003-use-templates-for-adrs`): a template has none, or zeros
    return bool({"template", "templates"} & set(words)) and len(rest) == 1 and len(rest[0]) <= 4


def template_words(text: str) -> bool:
    """Whether a file name or title names a template: "template" among only template words and numbers
    (`adr-template-minimal`, "MADR Template v3"), or a title that is only "Title" ("1. Title"); not a
    record about templates, nor a page named only "Templates" (a guide's `templates.md`: a template names
    itself in the singular)."""
    words = [w for w in re.findall(r"[a-z]+", text.lower())]
    if words == ["templates"]:
        return False
    return (bool({"template", "templates"} & set(words)) or words == ["title"]) and all(w in _TEMPLATE_WORDS for w in words)


def placeholder_title(text: str) -> bool:
    """Whether a page's title is made of placeholders (`# <ADR NUMBER>. <ADR TITLE>`): a record template, whatever
    else would take the page."""
    # `# <token>` in a shell block, `# {{title}}` in an example the head cuts before its fence closes
    return bool(_PLACEHOLDER_TITLE.search(_OPEN_FENCE.sub(" ", markdown.FENCE.sub(" ", text[:HEAD_BYTES]))))


# MADR 2's title placeholder in square brackets, `# [short title of solved problem and solution]`.
_BRACKETED_TITLE = re.compile(r"\[[^\[\]]*\btitle\b[^\[\]]*\]", re.I)
# A template's title words written out plainly: "Title of the Decision Record", "ADR Title", "Decision title".
_TITLE_WORDS_ONLY = re.compile(r"(?:(?:title|of|the|a|an|this|decision|record|adr|architecture|architectural|short|"
                               r"here)\b[\s:.-]*)+", re.I)


# A record's number before its title ("ADR025: ", "12. ") and the template's guidance after it in brackets ("(a
# description of the decision, not the problem)").
_NUMBER_BEFORE = re.compile(r"^(?:[A-Za-z]{1,5}[\s#-]*)?\d{1,5}\s*[:.\-–]\s+")
_GUIDANCE_AFTER = re.compile(r"\s*\([^()]*\)$")


def placeholder_heading(heading: str | None) -> bool:
    """Whether a heading is only a template's placeholders (`{short title of solved problem and solution}`,
    `<ADR NUMBER>. <ADR TITLE>`, `[short title of solved problem and solution]`, "Title of the Decision Record"),
    after the record's number and the template's guidance in brackets (alphagov/forms' ADR025 "ADR025: Decision Record
    Title (a description of the decision, not the problem)"): it names nothing."""
    h = (heading or "").strip()
    bare = _GUIDANCE_AFTER.sub("", _NUMBER_BEFORE.sub("", h))
    return bool(h) and bool(_PLACEHOLDER_TITLE.fullmatch(f"# {h}") or _BRACKETED_TITLE.fullmatch(h)
                            or re.search(r"\btitle\b", bare, re.I) and _TITLE_WORDS_ONLY.fullmatch(bare))


# A record's own number and name, `0005-optimizing-keb-runs` (a template's is zeros, or none).
_RECORD_NAME = re.compile(r"^0*[1-9]\d{0,4}[-_][a-z]", re.I)
# A template's stand-ins in a part it left to write: `[option 1]`, `{title of option 1}`, `<reason>`, comments.
_STAND_INS = re.compile(r"<!--.*?-->|\[[^\[\]\n]*\](?!\()|\{[^{}\n]*\}|<[^<>\n]*>", re.S)
FILLED_WORDS = 12  # a decision written, more than a template's guidance ("The change that we're proposing …")


def filled_record(rel_path: str, text: str) -> bool:
    """Whether a numbered file of a records folder is a record though its title is a template's placeholder: its
    status names one status (`* Status: proposed`, not the template's choices), or it has no status line at all
    (OnkelMato/MFFM's records state none), and its decision is written
    (`Chosen option: "option 3", because we can use existing bot frameworks…`, not `Chosen option: "[option 1]",
    because [justification…]`). Its author filled in the template and left the title
    (`docs/adr/0005-obtimizing-keb-runs.md` titled `# {short title of solved problem and solution}`)."""
    stem = PurePosixPath(rel_path).stem
    if not (_RECORD_NAME.match(stem) and folder_hint(rel_path)) or template_name(stem.lower()):
        return False
    lines = _prose_lines(text[:HEAD_BYTES].splitlines())
    stated = _states_status(lines) or not any(_STATUS_FIELD.match(line) for line in lines)  # or a project writing none
    return stated and len(re.findall(r"[^\W\d_]{2,}", _STAND_INS.sub(" ", _decision_text(lines)))) >= FILLED_WORDS


def _states_status(lines: list[str]) -> bool:
    """Whether a status field or the first line of a Status section names one status, not a template's choices."""
    for i, line in enumerate(lines):
        if _STATUS_FIELD.match(line):
            value = re.sub(_STATUS_FIELD, "", line, count=1)
        elif _HEADING.match(line) and _HEADING.match(line).group(1).strip().lower() == "status":
            value = next((ln for ln in lines[i + 1:] if ln.strip()), "")
        else:
            continue
        return word_status(value)[0] is not None and not template_choices(value) and not template_guidance(value)
    return False


def states_status(text: str) -> bool:
    """Whether a page gives itself one status, in its front matter (`status: implementable`) or in its text."""
    front, front_lines, _ = markdown.split_front_matter(text)
    if word_status(str(front.get("status") or ""))[0] is not None:
        return True
    return _states_status(_prose_lines(text.splitlines()[front_lines:]))


def unknown_status(text: str) -> bool:
    """Whether a page gives itself a status no rule knows (`status: needs-sponsor`): it stays documentation, whatever
    its siblings are, rather than a record of a state it does not have."""
    front, front_lines, _ = markdown.split_front_matter(text)
    if str(front.get("status") or "").strip():
        return word_status(str(front["status"]))[0] is None
    lines = _prose_lines(text.splitlines()[front_lines:])
    return any(_STATUS_FIELD.match(line) for line in lines) and not _states_status(lines)


def _decision_text(lines: list[str]) -> str:
    """The text of a page's first decision part ("## Decision Outcome", `_HEADINGS`), to its next heading."""
    out: list[str] = []
    taking = False
    for line in lines:
        m = _HEADING.match(line)
        if m:
            if taking:
                break
            name = re.sub(r"<!--.*?-->", "", m.group(1)).strip().lower()  # "## Decision Outcome <!-- optional -->"
            taking = _HEADINGS.get(name, ("",))[0] == "decision"
        elif taking:
            out.append(line)
    return "\n".join(out)


# A code fence still open where the text ends (the closed ones gone first): the rest is code.
_OPEN_FENCE = re.compile(r"^[ \t]*(?:```|~~~).*\Z", re.S | re.M)


def evidence(rel_path: str, text: str) -> Evidence:
    """Score the path and the first `HEAD_BYTES` of the text."""
    ev = Evidence()
    head = text[:HEAD_BYTES]
    front, front_lines, _ = markdown.split_front_matter(head)
    lines = _prose_lines(head.splitlines()[front_lines:])
    body = "\n".join(lines)
    title = _title(front, lines)
    ev.veto = index_reason(rel_path, title)
    # `%{title}` in an example is code, no placeholder; so is a fenced example the head cuts before it closes
    prose = re.sub(r"`[^`\n]*`", " ", _OPEN_FENCE.sub(" ", markdown.FENCE.sub(" ", head)))
    if ev.veto is None and (("{" in prose or "[short" in prose) and _PLACEHOLDER.search(prose)
                            or placeholder_title(head)) and not filled_record(rel_path, head):
        ev.veto = "template"
    if ev.veto is None and in_test_data(rel_path):
        ev.veto = "test data"
    _path_signals(ev, rel_path)
    _front_signals(ev, front)
    _heading_signals(ev, lines)
    if title and _ADR_TITLE.match(markdown.plain(title)):
        ev.add(1.5, "numbered or ADR title")
        ev.core = True
    low = body.lower()
    if _y_statement(low):
        ev.add(4.0, "Y-statement")
        ev.core = True
    elif any(phrase in low for phrase in _DECIDED):
        ev.add(0.5, "'we decided'")
    return ev


def _path_signals(ev: Evidence, rel_path: str) -> None:
    p = PurePosixPath(rel_path)
    name = p.parent.name if p.stem.lower() in ("readme", "index") and p.parent.name else p.name
    if folder_hint(rel_path):
        ev.folder = True
        ev.add(3.0, "decision-record folder", text=False)
    elif any(w in _ARCH_WORDS for part in PurePosixPath(rel_path).parts[:-1]
             for w in re.split(r"[-_ .]+", part.lower())):
        ev.add(1.0, "architecture folder", text=False)
    if name_hint(rel_path):
        ev.numbered = True  # `adr-002-repositories.md` is as much one of a series as `0002-repositories.md`
        ev.add(3.0, "adr-numbered name", text=False)
    elif _DATED.match(name):
        ev.numbered = True
        ev.add(0.5, "dated name", text=False)
    elif _NUMBERED.match(name):
        ev.numbered = True
        ev.add(1.0, "numbered name", text=False)


def _front_signals(ev: Evidence, front: dict) -> None:
    keys = {str(k).lower() for k in front} if isinstance(front, dict) else set()
    for key, points in _FRONT_KEYS.items():
        if key in keys:
            ev.add(points, f"front matter {key}")
    if "date" in keys and keys & {"status", "deciders", "decision-makers"}:
        ev.add(0.5, "front matter date")


def _heading_signals(ev: Evidence, lines: list[str]) -> None:
    seen: set[str] = set()
    for line in lines:
        m = _HEADING.match(line)
        if not m:
            continue
        words = markdown.plain(m.group(1)).strip().rstrip(":").lower()
        words = re.sub(r"^\d+(?:\.\d+)*\.?\s+", "", words)
        status = re.match(r"^status\s*[:\-–]\s*\S", words)
        group, points = ("status", 2.0) if status else _HEADINGS.get(words, (None, 0.0))
        if group and group not in seen:
            seen.add(group)
            ev.add(points, f"{group} heading")
            ev.core = ev.core or group in ("decision", "consequences", "options")
        if words in _MADR_STRONG and "madr:" + words not in seen:
            seen.add("madr:" + words)
            ev.add(0.5, "MADR heading")
    fields = [ln for ln in lines if "status" in ln.lower() or "decid" in ln.lower() or "decision" in ln.lower()]
    if any(_DECIDERS_FIELD.match(ln) for ln in fields):
        ev.add(1.5, "deciders line")
    if "status" not in seen and any(_STATUS_FIELD.match(ln) for ln in fields):
        ev.add(2.0, "status line")
    elif "status" not in seen and any(_STATUS_LABEL.match(ln) for ln in fields):
        ev.add(1.5, "status label")


def _prose_lines(lines: list[str]) -> list[str]:
    """The lines outside fenced code blocks (a `# comment` in a shell example is no heading)."""
    out: list[str] = []
    fence: str | None = None
    for line in lines:
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            mark = stripped[:3]
            fence = None if fence == mark else (fence or mark)
            continue
        if fence is None:
            out.append(line)
    return out


def _y_statement(low: str) -> bool:
    """"In the context of …, facing …, we decided for …" within a paragraph or two."""
    start = low.find("in the context of")
    while start >= 0:
        facing = low.find("facing", start, start + 600)
        if facing >= 0 and low.find("we decided", facing, facing + 600) >= 0:
            return True
        start = low.find("in the context of", start + 1)
    return False


def _title(front: dict, lines: list[str]) -> str | None:
    value = front.get("title") if isinstance(front, dict) else None
    if value:
        return str(value)
    for line in lines:
        m = _TITLE.match(line) if line.startswith("#") else None
        if m:
            return markdown.plain(m.group(1))
    return None


# A page named as one of a numbered or dated series, the number or date set off by a dash or an underscore
# (`0005-tekton-oci-bundles.md`, `20200925-use-nextjs.md`, `2021-01-05_merging.md`), perhaps after a few
# letters naming the series (gRPC's `A14-channelz.md`, `L73-java-binderchannel.md`, `TEP-0005-….md`, NumPy's
# `nep-0029-deprecation_policy.rst`), or the letters and a number of three digits or more alone (Filecoin's
# `fip-0009.md`, Ethereum's `eip-1559.md`; not a tutorial's `page-05.md`); a news fragment (`1234.feature.md`)
# is not, nor a bare number (`2.md`).
# A date may end at a dot (cert-manager's `design/20230302.gomod.md`); a short number may not (`1.2-notes.md`).
_SERIES_NAME = re.compile(r"^(?:(?P<letters>[a-z]{1,5})[-_]?)?(?P<number>\d{4}-\d{2}-\d{2}|\d{8}|\d{1,5})"
                          r"(?:[-_]|(?<=\d{8})\.(?=[a-z])|(?<=\d{4}-\d{2}-\d{2})\.(?=[a-z]))[a-z0-9][^/]*"
                          r"\.(?:md|markdown|mdx|rst|adoc|asciidoc)$"
                          r"|^(?P<only_letters>[a-z]{2,5})[-_](?P<only_number>\d{3,5})\.(?:md|markdown|mdx|rst|adoc|asciidoc)$",
                          re.I)


# A folder named as one of a series, one proposal per folder (Jupyter's `62-cell-id/cell-id.md`).
_SERIES_FOLDER = re.compile(r"^(?:[a-z]{1,5}[-_]?)?(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{1,5})[-_][a-z0-9][\w.-]*$", re.I)


def series_folder(name: str) -> bool:
    """Whether a folder name is that of one item of a numbered or dated series (`62-cell-id`, `0012-foo`), or a
    number padded with zeros alone (Joyent's and kubecf's requests for discussion, `rfd/0002/README.md`): padding
    numbers an item; no year, month or day is written so. An item is otherwise named for what it is: a folder named
    only by a date or time (`2018-03`, `2021_01`, `2018-03-15`) is a bucket that files a period's pages
    (ThaiProgrammer/tech-events-calendar's `data/2018-03/*.md`, one event a page), not an item."""
    return bool(_SERIES_FOLDER.match(name)) and re.search(r"[a-z]", name, re.I) is not None \
        or bool(_PADDED_NUMBER.match(name))


_PADDED_NUMBER = re.compile(r"^0\d{2,4}$")


def series_name(name: str) -> bool:
    """Whether a file name is that of a numbered or dated page (markdown, reStructuredText, AsciiDoc)."""
    return bool(_SERIES_NAME.match(name))


def series_number(name: str) -> tuple[str, int] | None:
    """A series page's letters and its number or date as a number (`A14-channelz.md` -> ("a", 14),
    `2021-01-05_merging.md` -> ("", 20210105)); None for any other name."""
    m = _SERIES_NAME.match(name)
    if not m:
        return None
    letters, number = (m["letters"], m["number"]) if m["number"] else (m["only_letters"], m["only_number"])
    return (letters or "").lower(), int(number.replace("-", ""))


class Series:
    """Folders whose numbered files are decision records, remembered for one import run.

    A record in a numbered series may lack the usual headings (a write-up with only a Context, a
    technical review), yet its siblings show what the folder holds: when at least two of the
    first `SERIES_SAMPLE` numbered files, and half of them, are decision records by their own
    evidence, by following the folder's template of records (`template_shaped`) or by stating a status (`states_status`:
    such a page of a series is read as a record), a numbered file there is one too; so is one where the folder's index page says its pages record the
    project's decisions (`_index_says_decisions`: Spin's SIPs, "for documenting the design decisions that have gone
    into the project"). A folder of numbered design docs or RFCs has neither and stays out.
    """

    SAMPLE = 8

    def __init__(self) -> None:
        self.folders: dict[str, bool] = {}
        self.templates: dict[str, frozenset[str]] = {}
        self.counts: dict[str, int] = {}
        self.folder_counts: dict[str, int] = {}

    def numbered_pages(self, folder_abs: str) -> int:
        """How many markdown files of a folder are named as one of a series (`0005-oci-bundles.md`,
        `2021-01-05_merging.md`); 0 for a folder that cannot be read."""
        if folder_abs not in self.counts:
            try:
                self.counts[folder_abs] = sum(1 for n in os.listdir(folder_abs) if series_name(n))
            except OSError:
                self.counts[folder_abs] = 0
        return self.counts[folder_abs]

    def numbered_folders(self, folder_abs: str) -> int:
        """How many folders in a folder are named as items of a series (`62-cell-id/`, `08-notebook-diff/`);
        0 for a folder that cannot be read."""
        if folder_abs not in self.folder_counts:
            try:
                with os.scandir(folder_abs) as entries:
                    self.folder_counts[folder_abs] = sum(1 for e in entries if e.is_dir() and series_folder(e.name))
            except OSError:
                self.folder_counts[folder_abs] = 0
        return self.folder_counts[folder_abs]

    def template_shaped(self, folder_abs: str, text: str) -> bool:
        """Whether a page shares most of the parts of its folder's template, when that template is one of decision
        records or proposals (`_record_template`): cert-manager's `design/` pages follow its `template.md`, the KEP's
        Summary, Motivation, Proposal, Design Details, Alternatives, most with no status line."""
        if folder_abs not in self.templates:
            self.templates[folder_abs] = _record_template(folder_abs)
        parts = self.templates[folder_abs]
        if not parts:
            return False
        shared = len(parts & _part_names(text))
        return shared >= MIN_TEMPLATE_PARTS and 2 * shared >= len(parts)

    def holds_decisions(self, folder_abs: str, rel_folder: str) -> bool:
        """Whether the numbered markdown files of a folder are mostly decision records."""
        if folder_abs not in self.folders:
            self.folders[folder_abs] = self._look(folder_abs, rel_folder)
        return self.folders[folder_abs]

    def _look(self, folder_abs: str, rel_folder: str) -> bool:
        try:
            names = sorted(n for n in os.listdir(folder_abs)
                           if n.lower().endswith((".md", ".markdown")) and series_name(n))
        except OSError:
            return False
        taken = seen = 0
        for name in names[:self.SAMPLE]:
            read = _head_of(os.path.join(folder_abs, name), 4 * HEAD_BYTES)  # a long page's parts, as `decide` reads them
            if read is None:
                continue
            head = read[:HEAD_BYTES]
            seen += 1
            taken += (evidence(f"{rel_folder}/{name}" if rel_folder else name, head).is_decision
                      or self.template_shaped(folder_abs, read) or states_status(head))
        return taken >= 2 and 2 * taken >= seen or len(names) >= MIN_INDEXED and _index_says_decisions(folder_abs)


MIN_TEMPLATE_PARTS = 3  # parts of its folder's record template a page must share to be one of its records
# Parts that make a template one of decisions or proposals, not of runbooks or how-tos.
_DECIDING_PARTS = frozenset({"decision", "decision outcome", "proposal", "proposed solution", "alternatives",
                             "alternatives considered", "considered options", "consequences", "motivation",
                             "design details"})
_H2 = re.compile(r"^##[ \t]+(.+?)[ \t#]*$", re.M)


def _part_names(text: str) -> frozenset[str]:
    """A page's level-2 headings, lower case, their numbering and markup aside."""
    return frozenset(re.sub(r"[^a-z ]", "", h.lower()).strip() for h in _H2.findall(text))


def _record_template(folder_abs: str) -> frozenset[str]:
    """The parts (level-2 headings) of a folder's template for its records, when it has one (`template_name`) of four
    parts or more, deciding ones among them (`_DECIDING_PARTS`); empty otherwise."""
    try:
        names = sorted(n for n in os.listdir(folder_abs) if n.lower().endswith((".md", ".markdown"))
                       and template_name(n.rsplit(".", 1)[0]))
    except OSError:
        return frozenset()
    for name in names:
        head = _head_of(os.path.join(folder_abs, name), 4 * HEAD_BYTES)
        parts = _part_names(head) if head is not None else frozenset()
        if len(parts) >= 4 and parts & _DECIDING_PARTS:
            return parts
    return frozenset()


def _head_of(path: str, size: int = HEAD_BYTES) -> str | None:
    """The first `size` characters of a text file, None when it cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read(size)
    except OSError:
        return None


MIN_INDEXED = 3  # numbered pages a folder needs for its index page to say what they are
_INDEX_PAGES = ("index.md", "_index.md", "README.md", "readme.md", "Readme.md")
# An index page saying its folder's pages record decisions: "documenting the design decisions that have gone into
# the project" (spinframework/spin's `docs/content/sips/index.md`), "our architecture decision records".
_SAYS_DECISIONS = re.compile(r"\bdecision[- ]records?\b|\b(?:design|architecture|architectural|technical|project)"
                             r"\s+decisions\b|\bdocument(?:s|ing)?\s+(?:the\s+|our\s+)?(?:\w+\s+)?decisions\b", re.I)


def _index_says_decisions(folder_abs: str) -> bool:
    """Whether a folder's index page (`_INDEX_PAGES`) says, in its opening, that the folder's pages record the
    project's decisions: a series of proposals with no status line and no decision heading (Spin's SIPs) is a series
    of records by its own account."""
    for name in _INDEX_PAGES:
        head = _head_of(os.path.join(folder_abs, name), 2000)
        if head is not None:
            return bool(_SAYS_DECISIONS.search(head))
    return False


# The pages a spec-driven workflow keeps for one piece of work: Kiro's `.kiro/specs/<feature>/` (requirements, design,
# tasks), Spec Kit's `specs/NNN-feature/` (spec, plan, tasks).
_WORK_TASKS = "tasks.md"
_WORK_SPECS = ("requirements.md", "plan.md", "spec.md")
# Folders of work items: a team's stories, sprints and backlog ("## Status\n\nDone", "Ready", "Concluída").
_WORK_FOLDERS = frozenset({"stories", "story", "user-stories", "user_stories", "userstories", "sprints", "sprint",
                           "backlog", "epics"})


# A name that starts with the date and the second it was written (`2026-03-13-174907-ddd-005-post-detail.md`, a folder
# `20260313T174907-run/`): a tool's log of one run (an agent's report, a session's transcript). People name records
# and pages by their date or number, not by the second.
_RUN_STAMP = re.compile(r"^(?:\d{4}-\d{2}-\d{2}|\d{8})[-_T ]?(?:[01]\d|2[0-3])[0-5]\d[0-5]\dZ?(?=[-_. ]|$)")
# Words of a page's name saying it holds what an agent is told (`SOCIAL-MODULE-PROMPTS.md`, `phase4-ux-minion-prompt.md`).
_PROMPT_WORDS = frozenset({"prompt", "prompts"})


def tool_log(rel_path: str) -> bool:
    """Whether a page, or a folder holding it, is named by the date and time of day a tool wrote it (`_RUN_STAMP`):
    benpeter/grounded's `docs/history/nefario-reports/2026-03-13-174907-ddd-005-post-detail.md` and the
    `phase3-synthesis.md` in the folder beside it are an agent's reports of its runs, neither records nor pages of
    the project's documentation, whatever decisions they quote."""
    return any(_RUN_STAMP.match(part) for part in rel_path.split("/"))


# Words a page's name ends with when it plans, reports or reviews work (`IMPROVEMENT_PLAN.md`, `PHASE2_REVIEW.md`,
# `q3-roadmap.md`, `incident-postmortem.md`).
_WORK_PAGE_WORDS = frozenset({"plan", "plans", "roadmap", "report", "reports", "review", "retro", "retrospective",
                              "postmortem", "checklist", "todo"})


def _last_name_word(rel_path: str, words: frozenset[str]) -> bool:
    """Whether a page's name ends with one of `words` and does not open with a number (`0005-system-prompts.md`,
    `ADR-005-deployment-plan.md` are records about those things)."""
    stem = PurePosixPath(rel_path).name.split(".", 1)[0]
    parts = [w.lower() for w in re.split(r"[-_. ]+", stem) if w]
    return bool(parts) and parts[-1] in words and not re.match(r"(?:[A-Za-z]{2,5}[-_ ])?\d", stem)


def work_page(rel_path: str) -> bool:
    """Whether a page is named as a plan, report or review of work (`_WORK_PAGE_WORDS`): SUNET/go-trust's
    `docs/IMPROVEMENT_PLAN.md`, "**Status:** In Progress", is an eight-week plan, not a decision record."""
    return _last_name_word(rel_path, _WORK_PAGE_WORDS)


def prompt_page(rel_path: str) -> bool:
    """Whether a page is named as a prompt, the brief an agent is given, its name ending in the word (`_PROMPT_WORDS`:
    `SOCIAL-MODULE-FABLE5-PROMPTS.md`, `phase4-ux-design-minion-prompt.md`): whatever status it states ("STATUS:
    DONE"), it records no decision. A numbered record about prompts (`0005-system-prompts.md`) is still a record,
    as is one about a kind of them (`0003-prompt-caching.md`). A page in a folder of prompts is one whatever its name
    (nshkrdotcom/flowstone's `docs/adr/prompts/0006-oban-based-job-execution_prompt.md`, one per record, numbered
    as the records are)."""
    folders = [part.lower() for part in PurePosixPath(rel_path).parts[:-1]]
    return _last_name_word(rel_path, _PROMPT_WORDS) or any(part in _PROMPT_WORDS for part in folders)


def work_item(abs_path: str | None, rel_path: str = "") -> bool:
    """Whether a page sits in a folder of work items (`docs/stories/`, `sprints/12/`: `_WORK_FOLDERS`, its folder or
    the one above in the workspace, `rel_path`) or in the folder of one piece of work of a spec-driven workflow: a `tasks.md` beside a
    `requirements.md`, a `plan.md` or a `spec.md`. Its pages say what to build and how far the work got ("**Status:**
    Complete", a checklist of phases), however they state a status; a decision they cite lives elsewhere (a tracker's
    "- [x] Design: [ADR 0038](../../docs/adr/0038-dont-ack-action.md)"), so none of them is a decision record."""
    if any(part.lower() in _WORK_FOLDERS for part in rel_path.split("/")[:-1][-2:]):
        return True
    if abs_path is None:
        return False
    folder = os.path.dirname(abs_path)
    try:
        names = {n.lower() for n in os.listdir(folder)}
    except OSError:
        return False
    return _WORK_TASKS in names and any(n in names for n in _WORK_SPECS)


def decide(rel_path: str, abs_path: str | None, text: str, series: Series | None = None) -> Evidence:
    """The evidence for one file, with the numbered-series rule applied when its own falls short.

    A numbered file counts when its own folder is a series of decision records, or when the folder
    above is one and the file has some decision-record text of its own (a sub-series such as
    `docs/architecture/3rd-party-technical-review/001-….md`). Any file counts that is written to its folder's template
    of records or proposals (`Series.template_shaped`). A page stating a status no rule knows is left as it is
    (`unknown_status`).
    """
    ev = evidence(rel_path, text)
    if ev.is_decision or ev.veto or series is None or abs_path is None:
        return ev
    if series.template_shaped(os.path.dirname(abs_path), text):
        ev.series = True
        ev.add(2.0, "written to its folder's template of records", text=False)
        return ev
    if not ev.numbered or unknown_status(text[:HEAD_BYTES]):
        return ev
    rel_folder = PurePosixPath(rel_path).parent
    folder = os.path.dirname(abs_path)
    if series.holds_decisions(folder, _rel(rel_folder)) or (
            ev.from_text and rel_folder.parent != rel_folder
            and series.holds_decisions(os.path.dirname(folder), _rel(rel_folder.parent))):
        ev.series = True
        ev.add(2.0, "numbered like the decision records beside it", text=False)
    return ev


def _rel(folder: PurePosixPath) -> str:
    text = folder.as_posix()
    return "" if text == "." else text
