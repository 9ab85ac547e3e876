"""The part of a project a record's title confines it to: "Form Validation library for frontend", "Frontend: state
management", "Logging in the backend".

Such a record decides something about that part alone. What `mentions.derive_anchors` reads loosely from its words
(a phrase code is named for, a part named in words, a title's words) and finds in another part is another part's
vocabulary: a record on the frontend's form validation library that speaks of "validation rules" is not about the
backend's `ValidationRule`. Those anchors are dropped outside the part (`within`); the paths a record writes and
the names it writes as code stay wherever they are.
"""

from __future__ import annotations

import re

from lore.sources.bare import BareIndex
from lore.sources.layout import WorkspaceLayout
from lore.sources.named import TEST_PATH
from lore.sources.ranking import Derived

# The part a title ends with after a preposition ("… for frontend", "… in the backend", "… on the Frontend"), or
# opens with before a colon, its record's number aside ("20. Frontend: …").
_AT_END = re.compile(r"\b(?:for|in|on|within|inside)[ \t]+(?:the[ \t]+|our[ \t]+)?([A-Za-z][\w-]*)[ \t]*[.!?]?[ \t]*$", re.I)
_OPENING = re.compile(r"^(?:\W*(?:[A-Za-z]{2,5}[-_ ]?)?\d+[ \t]*[.:)\-–—]*[ \t]+)?([A-Za-z][\w-]*)[ \t]*:[ \t]")


def title_part(title: str, layout: WorkspaceLayout, bare: BareIndex) -> str | None:
    """The folder of the part of the project a title confines its record to: the word it ends with after a
    preposition or opens with before a colon (`_AT_END`, `_OPENING`), when that word, case and hyphens aside
    ("Front-end"), is the name of exactly one top-level folder or sub-project root (`layout.roots`) holding code
    outside tests (`BareIndex.holds_code`), itself neither tests nor vendored code."""
    for m in (_AT_END.search(title.strip()), _OPENING.match(title.strip())):
        if m is None:
            continue
        word = _fold(m.group(1))
        folders = {d for d in (*(d for d in layout.dirs if "/" not in d), *layout.roots)
                   if d and _fold(d.rsplit("/", 1)[-1]) == word and not layout.vendored(d + "/x")
                   and not TEST_PATH.search(d + "/") and bare.holds_code(d)}
        if len(folders) == 1:
            return folders.pop()
    return None


def within(found: list[Derived], part: str | None) -> list[Derived]:
    """The anchors of `found` inside `part` (all of them when there is none): a symbol by its file, a path or glob
    by where it begins."""
    if part is None:
        return found
    return [d for d in found if (d.anchor.file or d.anchor.value).startswith(part + "/")]


def _fold(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())

