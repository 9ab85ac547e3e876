"""The heading a name is written under: a section titled for a name is about it.

A record that walks through a design names many identifiers once each in passing, and
`mentions.name_anchors` keeps only those it comes back to. A name written once under a heading whose
words are its own words (`es.ResolveBackendVersion` under "Backend version resolved once, then
encapsulated") is that section's subject, not a passing mention: the heading says what the section
decides, and the name is the code that does it.
"""

from __future__ import annotations

import re

from lore.sources import named

_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(.+)$", re.M)
STEM = 5  # letters a heading word and a name word share to be the same word (`resolved`, `Resolve`)


def heading_above(text: str, pos: int) -> str | None:
    """The text of the last heading before `pos` (code blocks' `#` lines are not headings)."""
    blanked = named.FENCE.sub(lambda m: " " * len(m.group(0)), text[:pos])
    found = None
    for m in _HEADING.finditer(blanked):
        found = m.group(1)
    return found


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
ALTERNATIVES = re.compile(r"^(?:\d+[.)]?\s*)?(?:(?:rejected|discarded|other|considered)\s+)?"
                          r"(?:alternatives?|options?)(?:\s+(?:considered|rejected))?\s*:?$|^pros and cons\b", re.I)


def without_alternatives(text: str) -> str:
    """`text` with the sections on the options a decision weighed ("Considered Options", "Rejected
    Alternatives", "Pros and Cons of the Options") blanked, line for line: the code an alternative
    names is what the team would have written or changed had it chosen otherwise, not what the
    decision governs. A subsection ends where a heading of its level or above begins."""
    blanked = named.FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    cuts: list[tuple[int, int]] = []
    open_at: tuple[int, int] | None = None  # (start, level) of the alternatives section being read
    for m in _LEVELED.finditer(blanked):
        level = len(m.group(1))
        if open_at is not None and level <= open_at[1]:
            cuts.append((open_at[0], m.start()))
            open_at = None
        if open_at is None and ALTERNATIVES.match(m.group(2).strip()):
            open_at = (m.end(), level)
    if open_at is not None:
        cuts.append((open_at[0], len(text)))
    for start, end in reversed(cuts):
        text = text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]
    return text
