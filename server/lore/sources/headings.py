"""The heading a name is written under: a section titled for a name is about it.

A record that walks through a design names many identifiers once each in passing, and
`mentions.name_anchors` keeps only those it comes back to. A name written once under a heading whose
words are its own words (`es.ResolveBackendVersion` under "Backend version resolved once, then
encapsulated") is that section's subject, not a passing mention: the heading says what the section
decides, and the name is the code that does it. So is a name the record's decision part writes ("## Decision",
"## Decision Outcome"), its consequences and its implementation ("## Consequences", "## Implementation notes"), or
an option its heading marks as the one chosen ("### A1 (chosen)"): the context and the options walk through a design,
the parts saying what is done and what follows name what carries it out.
"""

from __future__ import annotations

import bisect
import functools
import re

from lore.sources import named
from lore.sources.adr import CONSEQUENCE_PARTS, DECISION_PARTS, OPTION_NOUNS, PROS_AND_CONS
from lore.text import folded

_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(.+)$", re.M)
STEM = 5  # letters a heading word and a name word share to be the same word (`resolved`, `Resolve`)


def heading_above(text: str, pos: int) -> str | None:
    """The text of the last heading before `pos` (code blocks' `#` lines are not headings)."""
    starts, titles = _headings(text)
    i = bisect.bisect_left(starts, pos)
    return titles[i - 1] if i else None


_NUMBERING = re.compile(r"^[\s\d.)#:-]*")


def under_decision(name: str, text: str) -> bool:
    """Whether a record writes a name (its last part) under the heading of its decision ("## Decision",
    "## Decision Outcome", "### Chosen option"), of what the decision brings ("## Consequences", "## Implementation
    notes"), of an option marked as the one chosen ("### A1 (chosen)"), or under a heading within one of them
    (openedx/license-manager's 0004: "Decision", then "The original licenses retain their status" a level down):
    the parts that say what is done and what follows name the code doing it (`_says_what_is_done`)."""
    last = name.rsplit(".", 1)[-1]
    places = [m.start() for m in re.finditer(rf"(?<![\w$]){re.escape(last)}(?![\w$])", text)]
    if not places:
        return False
    blanked = named.FENCE.sub(lambda m: " " * len(m.group(0)), text)
    found = [(m.start(), len(m.group(1)), m.group(2)) for m in _LEVELED.finditer(blanked)]
    starts = [start for start, _, _ in found]
    for pos in places:
        level = 7
        for _, depth, title in reversed(found[:bisect.bisect_left(starts, pos)]):
            if depth < level:
                if _says_what_is_done(title):
                    return True
                level = depth
    return False


_LEVELED = re.compile(r"^[ \t]*(#{1,6})[ \t]+(.+)$", re.M)


def decision_parts(text: str) -> list[str]:
    """The text under each heading of a record's decision ("## Decision", "## Decisão"), to the next heading of
    any level (a "### Reasoning" under it is a part of its own), its fenced code blocks blanked."""
    starts, titles = _headings(text)
    blanked = named.FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    out = []
    for start, end, title in zip(starts, starts[1:] + [len(text)], titles):
        line_end = text.find("\n", start, end)
        if _is_decision(title) and line_end >= 0:
            out.append(blanked[line_end + 1:end])
    return out


# An option's heading marking it as the one taken: "### A1 (chosen)", "## Option 2 - selected", "### B ✅".
_CHOSEN_MARK = re.compile(r"(?:\(\s*(?:chosen|selected|accepted|adopted|preferred)\s*\)|[-–—:]\s*(?:chosen|selected)|✅|✔️?)\s*$",
                          re.I)


def _says_what_is_done(heading: str | None) -> bool:
    """Whether a heading is that of a part saying what a record's decision does: the decision itself (`_is_decision`),
    its consequences or implementation (`adr.CONSEQUENCE_PARTS`), or an option marked as the chosen one
    (`_CHOSEN_MARK`)."""
    if _is_decision(heading):
        return True
    key = folded(_NUMBERING.sub("", heading or "").strip().rstrip(":"))
    return key in CONSEQUENCE_PARTS or bool(_CHOSEN_MARK.search(key))


def _is_decision(heading: str | None) -> bool:
    """Whether a heading is that of a record's decision part (`adr.DECISION_PARTS`), its numbering aside."""
    return bool(heading) and folded(_NUMBERING.sub("", heading).strip().rstrip(":")) in DECISION_PARTS


def all_headings(text: str) -> list[str]:
    """The text of every heading of `text`, in order (code blocks' `#` lines are not headings)."""
    return list(_headings(text)[1])


@functools.lru_cache(maxsize=8)
def _headings(text: str) -> tuple[list[int], list[str]]:
    """Where each heading of `text` begins and its text, in order, its fenced code blocks blanked: read once
    for every place asked about (a record names dozens of identifiers)."""
    blanked = named.FENCE.sub(lambda m: " " * len(m.group(0)), text)
    found = [(m.start(), m.group(1)) for m in _HEADING.finditer(blanked)]
    return [start for start, _ in found], [title for _, title in found]


def titled_for(name: str, text: str) -> bool:
    """Whether a heading above some place `text` writes `name` holds every word of it (two or more,
    compared by their first `STEM` letters; the qualifier of `pkg.Name` aside)."""
    last = name.rsplit(".", 1)[-1]
    words = {w[:STEM] for w in named.name_parts(last)}
    if len(named.name_parts(last)) < 2:
        return False
    for m in re.finditer(rf"(?<![\w$]){re.escape(last)}(?![\w$])", text):
        heading = heading_above(text, m.start())
        if heading and words <= {w.lower()[:STEM] for w in re.findall(r"[A-Za-z][a-z]+|[A-Z]+(?![a-z])", heading)}:
            return True
    return False


_LEVELED = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)
# Matched on the folded heading (`text.folded`), in English and in the languages whose other parts `adr` names
# ("Alternativas consideradas", "Opções descartadas", "Options envisagées", "Betrachtete Optionen", "Prós e contras").
ALTERNATIVES = re.compile(r"^(?:\d+[.)]?\s*)?(?:(?:rejected|discarded|other|considered|betrachtete|erwogene|verworfene|"
                          rf"andere)\s+)?(?:{OPTION_NOUNS})(?:\s+(?:considered|rejected|(?:consider|envisag|rejet|ecart|"
                          r"descart|rechaz|rejeit|evalu|avali)(?:ee|ad[ao])s?|(?:consider|scart|valut|rifiut)ate))?\s*:?$"
                          rf"|^(?:{PROS_AND_CONS})\b", re.I)
# A heading naming one option weighed and set aside after a colon ("Considered and rejected: lease is `IDisposable`",
# "Rejected alternative: a shared lock table"): its section and the rest of the heading are that option.
SET_ASIDE = re.compile(r"^(?:considered\s+(?:and|&)\s+)?(?:rejected|discarded)(?:\s+(?:options?|alternatives?|"
                       r"approach(?:es)?|ideas?|designs?))?\s*:", re.I)


def without_alternatives(text: str) -> str:
    """`text` with the sections on the options a decision weighed ("Considered Options", "Rejected
    Alternatives", "Pros and Cons of the Options"; "Considered and rejected: …", `SET_ASIDE`, with the rest of its
    heading) blanked, line for line: the code an alternative
    names is what the team would have written or changed had it chosen otherwise, not what the
    decision governs. A subsection ends where a heading of its level or above begins. The subsection
    of the option chosen stays (see `_chosen_options`): it is what the decision governs, in detail."""
    blanked = named.FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    sections: list[tuple[int, int, int]] = []  # (start, end, level) of each alternatives section
    open_at: tuple[int, int] | None = None  # (start, level) of the alternatives section being read
    for m in _LEVELED.finditer(blanked):
        level = len(m.group(1))
        if open_at is not None and level <= open_at[1]:
            sections.append((open_at[0], m.start(), open_at[1]))
            open_at = None
        if open_at is None and ALTERNATIVES.match(folded(m.group(2).strip())):
            open_at = (m.end(), level)
        elif open_at is None and (aside := SET_ASIDE.match(m.group(2))):
            open_at = (m.start(2) + aside.end(), level)
    if open_at is not None:
        sections.append((open_at[0], len(text), open_at[1]))
    outside = _outside(text, sections)
    cuts: list[tuple[int, int]] = []
    for start, end, level in sections:
        for keep_start, keep_end in _chosen_options(blanked, start, end, level, outside):
            cuts.append((start, keep_start))
            start = keep_end
        cuts.append((start, end))
    cuts += [c for c in _options_set_aside(blanked, sections) if not any(a <= c[0] < b for a, b in cuts)]
    for start, end in sorted(cuts, reverse=True):
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    return text


# Headings of the parts of a record that say where to read more (matched on the folded heading, its numbering and
# marks aside): "Related", "Related issues", "Related decisions", "See also", "References", "Links", "Further reading".
# Not "Reference implementation", which is the code.
READ_MORE = re.compile(r"^(?:related(?:\s+[\w-]+){0,2}|see\s+also|references?|(?:useful\s+|external\s+|related\s+)?links|"
                       r"further\s+(?:reading|information)|more\s+reading)\s*:?$")
# A list item whose main content is a link to another record: "- [ADR 015 — A11y Testing](./015-a11y-testing.md) —
# `addon-a11y` complements the existing Cypress axe-core a11y checks".
_RECORD_LINK_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\*\*|__)?\[[^\]\n]+\]\([^)\s]+?\.(?:md|mdx|markdown|rst|adoc)"
                               r"(?:#[^)\s]*)?\).*$", re.M | re.I)


@functools.lru_cache(maxsize=8)
def read_more_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where a record says where to read more rather than what it decides: the parts under a heading of `READ_MORE`
    (to the next heading of their level or above, subsections included) and the list items whose main content is
    a link to another record (`_RECORD_LINK_ITEM`). What a record names only there it points to in passing. Read
    once for every place asked about."""
    blanked = named.FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    spans: list[tuple[int, int]] = []
    open_at: tuple[int, int] | None = None  # (start, level) of the part being read
    for m in _LEVELED.finditer(blanked):
        level = len(m.group(1))
        if open_at is not None and level <= open_at[1]:
            spans.append((open_at[0], m.start()))
            open_at = None
        heading = re.sub(r"[*_`]", "", _NUMBERING.sub("", m.group(2))).strip()
        if open_at is None and READ_MORE.match(folded(heading)):
            open_at = (m.end(), level)
    if open_at is not None:
        spans.append((open_at[0], len(text)))
    return (*spans, *((m.start(), m.end()) for m in _RECORD_LINK_ITEM.finditer(blanked)))


def in_read_more(text: str, pos: int) -> bool:
    """Whether the place `pos` of a record is in a part saying where to read more (`read_more_spans`)."""
    return any(start <= pos < end for start, end in read_more_spans(text))


def without_read_more(text: str) -> str:
    """`text` with its parts saying where to read more (`read_more_spans`) blanked, line for line."""
    for start, end in sorted(read_more_spans(text), reverse=True):
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    return text


_NUMBERED = re.compile(r"^(?:option\s*)?#?(\d+)\s*[.):-]?\s*", re.I)
# A heading naming one of the options weighed by its number or letter: "Solution 1", "Option B: a shared lock",
# "Alternative #2 - polling".
_OPTION_HEADING = re.compile(r"^(option|solution|alternative|approach)\s*#?\s*(\d{1,2}|[A-Ha-h])\b\s*[.):-]?\s*(.*)$",
                             re.I)


def _options_set_aside(blanked: str, sections: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Spans of the options a record weighs under headings of their own ("### Solution 1", "### Solution 2",
    under any heading: "## Discussion") that the record did not choose: two or more such headings at one level,
    and each one not cited outside them by its label and number ("Solution #2 will be used", "option B") or
    its words. Without such a citation nothing is set aside: which one was chosen is not known."""
    heads = [(m.start(), len(m.group(1)), o) for m in _LEVELED.finditer(blanked)
             if (o := _OPTION_HEADING.match(m.group(2).strip()))]
    levels = [level for _, level, _ in heads]
    heads = [h for h in heads if levels.count(h[1]) >= 2]
    if not heads:
        return []
    spans = [(at, next((m.start() for m in _LEVELED.finditer(blanked, at + 1) if len(m.group(1)) <= level), len(blanked)))
             for at, level, _ in heads]
    rest = blanked
    for start, end in spans:
        rest = rest[:start] + re.sub(r"[^\n]", " ", rest[start:end]) + rest[end:]
    outside = _outside(rest, sections)
    squeezed = f" {_squeeze(outside)} "
    chosen = []
    for _, _, o in heads:
        label, number, words = o.group(1).lower(), o.group(2).lower(), _squeeze(o.group(3))
        cited = re.search(rf"\b{label}s?\s*#?\s*{re.escape(number)}\b|#{re.escape(number)}\b", outside) is not None
        chosen.append(cited or (len(words.split()) >= 2 and f" {words} " in squeezed))
    if not any(chosen):
        return []
    return [span for span, keep in zip(spans, chosen) if not keep]


def _squeeze(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _outside(text: str, sections: list[tuple[int, int, int]]) -> str:
    """`text` outside its alternatives sections, lower case."""
    parts, at = [], 0
    for start, end, _ in sections:
        parts.append(text[at:start])
        at = end
    parts.append(text[at:])
    return " ".join(parts).lower()


def _chosen_options(blanked: str, start: int, end: int, level: int, outside: str) -> list[tuple[int, int]]:
    """Spans of the subsections of an alternatives section that describe the option the decision chose:
    its heading's words are written outside the alternatives ("Chosen option: Use separate services",
    a Decision section saying so), or its number is referred to there ("(#2)", "option 2")."""
    heads = [(m.start(), len(m.group(1)), m.group(2).strip()) for m in _LEVELED.finditer(blanked, start, end)
             if len(m.group(1)) > level]
    out = []
    squeezed = f" {_squeeze(outside)} "
    for i, (at, sub, heading) in enumerate(heads):
        stop = next((h[0] for h in heads[i + 1:] if h[1] <= sub), end)
        number = _NUMBERED.match(heading)
        words = _squeeze(_NUMBERED.sub("", heading, count=1))
        said = len(words.split()) >= 2 and f" {words} " in squeezed
        cited = number is not None and re.search(rf"(?:#|\boption\s)\s*{number.group(1)}\b", outside) is not None
        if said or cited:
            out.append((at, stop))
    return out
