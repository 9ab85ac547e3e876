"""Code checked against learned preferences where an editor shows it (a hover section, a code action):
which active preferences a workspace has, which lines of a document contradict them, grouped by
preference.

Both answers are cached for a place that asks again and again: the active preferences until another
connection writes to a database (`PRAGMA data_version`), a document's contradictions until its
version or the set of preferences changes. The check itself (`service.contradictions_in`) reads no
database, so a face can run it off its event loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lore.learn.service import Contradiction, active_learned

if TYPE_CHECKING:
    from lore.api import Lore
    from lore.memory import Memory

#: Larger documents are not checked: parsing them would hold a worker for too long.
MAX_CHECK_CHARS = 300_000
#: Documents whose contradictions are kept (the least recently checked goes first).
MAX_DOCUMENTS = 64

ByLine = dict[int, list[Contradiction]]


@attrs.define
class _Checked:
    key: tuple
    by_line: ByLine


@attrs.define
class PreferenceChecks:
    """Active preferences per workspace and contradictions per document version, cached."""

    preferences: dict[str, tuple[tuple, list[Memory]]] = attrs.Factory(dict)
    documents: dict[str, _Checked] = attrs.Factory(dict)

    def active(self, lore: Lore, workspace: str) -> list[Memory]:
        """Active learned preferences of a workspace (user and workspace databases), read again only
        after a database changed."""
        version = tuple(store.db.data_version() for store in lore.stores())
        cached = self.preferences.get(workspace)
        if cached is None or cached[0] != version:
            cached = (version, active_learned(lore))
            self.preferences[workspace] = cached
        return cached[1]

    def known(self, document: str, key: tuple) -> ByLine | None:
        """A document's contradictions by 0-based line when they were found for this `key`."""
        checked = self.documents.get(document)
        return checked.by_line if checked is not None and checked.key == key else None

    def keep(self, document: str, key: tuple, found: list[Contradiction]) -> ByLine:
        """Remember what a check of `document` found for `key`; its contradictions by 0-based line."""
        by_line: ByLine = {}
        for c in found:
            by_line.setdefault(c.line, []).append(c)
        self.documents.pop(document, None)
        self.documents[document] = _Checked(key, by_line)
        while len(self.documents) > MAX_DOCUMENTS:
            self.documents.pop(next(iter(self.documents)))
        return by_line


def document_key(version: object, preferences: list[Memory]) -> tuple:
    """What a document's contradictions depend on: its version and each preference as last changed."""
    return (version, tuple((m.id, m.updated_at) for m in preferences))


def checkable(text: str) -> bool:
    """Whether a document is small enough to check."""
    return len(text) <= MAX_CHECK_CHARS


def by_preference(found: list[Contradiction]) -> list[tuple[Memory, list[Contradiction]]]:
    """Contradictions grouped by the preference they go against, in the order first found."""
    groups: dict[str, tuple[Memory, list[Contradiction]]] = {}
    for c in found:
        groups.setdefault(c.memory.id, (c.memory, []))[1].append(c)
    return list(groups.values())
