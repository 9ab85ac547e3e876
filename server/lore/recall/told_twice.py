"""One decision told twice on the same code: a proposal and the record it graduated into ("Implemented —
graduated into ADR-010"), or a record and the later one that reverses it by its title.

The later record states what holds; the earlier one is the design or the history behind it. Where
both govern the same file, a lens or hover shows the later record only (search and context packs
still reach the earlier one). Where only the earlier one reaches the file (an RFC listing files its
ADR does not), it still shows: it is then the only word on that code. The links are those the
import keeps on the earlier record (`meta["import_newer"]`, see `lore.sources.newer`).
"""

from __future__ import annotations

from lore.memory import NEWER_META, Memory
from lore.recall.ordering import TAKES_PLACE


def taken_over_by(m: Memory) -> set[str]:
    """Ids of the later records that take this one's place (graduated into, or reversing it)."""
    return {i for i, relation in (m.meta.get(NEWER_META) or {}).items() if relation in TAKES_PLACE}


def told_twice(memories: list[Memory], governing: set[str]) -> set[str]:
    """Ids of those `memories` a later record in `governing` (the ids governing the same file) takes
    the place of."""
    return {m.id for m in memories if taken_over_by(m) & governing}
