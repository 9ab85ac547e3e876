"""One decision told twice: a proposal and the record it graduated into ("Implemented — graduated into
ADR-010"), or a record and the later one that reverses it by its title ("Remove monorepo").

The later record states what holds; the earlier one is the design or the history behind it. On code
(lenses and hovers, and so the files' decisions in context packs) only the later record speaks,
wherever either one reaches: the proposal's own status says its decision now lives in the record,
which links back to it, and search still finds the proposal (below the record, `recall/ordering.py`). A proposal whose record is gone or no longer shown speaks for itself
again. The links are those the import keeps on the earlier record (`meta["import_newer"]`, see
`lore.sources.newer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lore.memory import NEWER_META, Memory
from lore.recall.ordering import taking_place

if TYPE_CHECKING:
    from lore.api import Lore


def taken_over_by(m: Memory) -> set[str]:
    """Ids of the later records that take this one's place (graduated into, or reversing it)."""
    return set(taking_place(m.meta.get(NEWER_META) or {}))


def told_twice(lore: Lore, memories: list[Memory]) -> set[str]:
    """Ids of those `memories` whose place a later record, still shown, takes."""
    return _taken(lore, {m.id: taken_over_by(m) for m in memories})


def told_twice_of(lore: Lore, ids: list[str]) -> set[str]:
    """`told_twice` for memories given by id, reading only their links to later records (a code
    lens names dozens of memories and needs nothing else of them)."""
    links: dict[str, dict] = {}
    for store in lore.stores():
        for mid, found in store.memories.newer_links(ids, NEWER_META).items():
            links.setdefault(mid, found)
    return _taken(lore, {mid: set(taking_place(found)) for mid, found in links.items()})


def _taken(lore: Lore, later: dict[str, set[str]]) -> set[str]:
    """Of `{id: ids of the later records taking its place}`, the ids whose later record is still shown."""
    wanted = set().union(*later.values()) if later else set()
    if not wanted:
        return set()
    shown = set()
    for store in lore.stores():
        shown |= {mid for mid, m in store.memories.many(list(wanted)).items() if m.visible}
    return {mid for mid, ids in later.items() if ids & shown}
