"""Which line a hover's title link opens: the section the card speaks from, not the record's first
line. That is the section holding the sentence the card shows (an ADR's "Decision"), else the first
section naming the symbol the memory is here for (under the cursor, or the one its anchor names); a
record of several sections (an ADR, a guide) opens where it says what the card says."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from lore.recall.gist import gist, prose_items

if TYPE_CHECKING:
    from lore.anchors import Symbol
    from lore.api import Lore
    from lore.memory import Section
    from lore.recall.governing import Governing


def subject_names(g: Governing, chain: list[Symbol]) -> list[str]:
    """The names a memory may speak of at this place, most specific first: the symbol its anchor or
    text names (`via`), then the hovered symbol and those around it."""
    names = [g.via.rsplit(".", 1)[-1]] if g.via else []
    names += [s.name for s in reversed(chain)]
    return [n for i, n in enumerate(names) if n and len(n) >= 3 and n not in names[:i]]


def naming_section(sections: list[Section], names: list[str]) -> Section | None:
    """The first headed section (with a line) that names one of `names`, tried in order."""
    headed = [s for s in sections if s.heading and s.line]
    for name in names:
        pattern = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")
        for s in headed:
            if pattern.search(s.text):
                return s
    return None


def saying_section(sections: list[Section], sentence: str) -> Section | None:
    """The first headed section (with a line) whose prose holds the sentence (compared as plain text)."""
    probe = " ".join(sentence.rstrip("…").split())[:60]
    if len(probe) < 20:
        return None
    word = max(re.findall(r"[A-Za-z]{4,}", probe), key=len, default="")  # as written in the markdown too
    for s in sections:
        if s.heading and s.line and word in s.text and probe in _prose(s.text):
            return s
    return None


@functools.lru_cache(maxsize=512)
def _prose(text: str) -> str:
    """A section's prose under its heading as one line of plain text, kept for the sections hovers showed
    last: reading a section is a fraction of a millisecond, and a hover reads every section of a record."""
    return " ".join(prose_items(text.split("\n", 1)[-1]))


def section_line(lore: Lore, g: Governing, chain: list[Symbol]) -> int | None:
    """The line of the section the card speaks from, or None (link to where the record starts)."""
    m = g.memory
    for store in lore.stores():
        sections = store.sections.of_memory(m.id)
        if sections:
            found = saying_section(sections, gist(m.body, m.rationale)) or naming_section(
                sections, subject_names(g, chain))
            return found.line if found else None
    return None
