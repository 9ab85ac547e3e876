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
