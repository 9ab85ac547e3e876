"""Which memories a reader wants, as keyword filters: the one place a WHERE clause over `memories` is
built, from fixed text and `?` parameters only (callers never pass SQL)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

# What a person listing a project's memory reads first: its decisions and warnings, then conventions, preferences and
# facts, and the work history last (a repository's commits give hundreds of tasks, all newer than its records).
LISTING_KIND_ORDER = ("decision", "warning", "convention", "preference", "fact", "task")
ORDERS = {
    "updated": "updated_at DESC",
    "kind": "CASE kind " + " ".join(f"WHEN '{k}' THEN {i}" for i, k in enumerate(LISTING_KIND_ORDER))
            + f" ELSE {len(LISTING_KIND_ORDER)} END, updated_at DESC",
    "created": "created_at",
    "id": "id",
    "source": "source_line, id",
    "used": "used_count DESC, updated_at DESC",
}
COUNTED_COLUMNS = ("status", "kind", "scope")


def listing_rank(kind: str) -> int:
    """A kind's place in a listing by kind (`LISTING_KIND_ORDER`; an unknown kind last), as the "kind" order sorts."""
    return LISTING_KIND_ORDER.index(kind) if kind in LISTING_KIND_ORDER else len(LISTING_KIND_ORDER)


@attrs.frozen
class MemoryFilter:
    """Memories of these kinds, statuses, scopes and source kinds (empty: any), not of `not_source_kinds`,
    carrying every one of `tags`, from one source file, changed since a time, with a source key, or anchored nowhere."""

    kinds: tuple = ()
    statuses: tuple = ()
    scopes: tuple = ()
    source_kinds: tuple = ()
    not_source_kinds: tuple = ()
    tags: tuple = ()
    source_path: str | None = None
    since: float | None = None
    with_source_key: bool = False
    unanchored: bool = False

    def where(self) -> tuple[str, tuple]:
        """(WHERE clause, parameters)."""
        where, params = ["1"], []
        for col, values, negate in (("kind", self.kinds, False), ("status", self.statuses, False),
                                    ("scope", self.scopes, False), ("source_kind", self.source_kinds, False),
                                    ("source_kind", self.not_source_kinds, True)):
            if values:
                where.append(f"{col} {'NOT IN' if negate else 'IN'} ({','.join('?' * len(values))})")
                params += [_value(v) for v in values]
        for tag in self.tags:
            where.append("EXISTS (SELECT 1 FROM json_each(memories.tags) WHERE value = ?)")
            params.append(tag)
        if self.source_path is not None:
            where.append("source_path = ?")
            params.append(self.source_path)
        if self.since is not None:
            where.append("updated_at >= ?")
            params.append(self.since)
        if self.with_source_key:
            where.append("source_key IS NOT NULL")
        if self.unanchored:
            where.append("id NOT IN (SELECT memory_id FROM anchors)")
        return " AND ".join(where), tuple(params)


def memory_filter(**filters: Any) -> MemoryFilter:
    """A `MemoryFilter` from keyword filters (iterables become tuples)."""
    return MemoryFilter(**{k: tuple(v) if isinstance(v, Iterable) and not isinstance(v, str) else v
                           for k, v in filters.items()})


def _value(v: Any) -> Any:
    return getattr(v, "value", v)
