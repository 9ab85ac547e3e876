"""One Lore database: memories, their index and vectors, the import ledger, and small metadata."""

from __future__ import annotations

import os
import time

import apsw

from lore.store.anchors import AnchorIndex
from lore.store.db import Database
from lore.store.errors import CorruptDatabaseError, NewerSchemaError, NotFoundError, ReadOnlyError, StoreError
from lore.store.memories import MemoryTable
from lore.store.sections import SectionIndex
from lore.store.sources import SourceFile, SourceLedger
from lore.store.vectors import VectorIndex, any_unembedded

__all__ = [
    "CorruptDatabaseError", "NewerSchemaError", "NotFoundError", "ReadOnlyError", "SourceFile", "Store",
    "StoreError",
]


class Store:
    """A database file and the tables in it, used from one thread."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True):
        self.db = Database(path, create=create)
        self.path = self.db.path
        self.memories = MemoryTable(self.db)
        self.sources = SourceLedger(self.db)
        self.sections = SectionIndex(self.db)
        self.anchors = AnchorIndex(self.db)
        self._vectors: dict[tuple[str, int], VectorIndex] = {}
        self.cache: dict[str, tuple[tuple[int, int], object]] = {}  # name -> (data_version, value)

    def reset_caches(self) -> None:
        """Forget vector indexes and cached values (after the file was reopened)."""
        self._vectors.clear()
        self.cache.clear()

    def transaction(self):
        """A write transaction (see Database.transaction)."""
        return self.db.transaction()

    def vectors(self, model: str, dim: int) -> VectorIndex:
        """The vector index for one embedding model, created on first use."""
        key = (model, dim)
        if key not in self._vectors:
            self._vectors[key] = VectorIndex(self.db, model, dim)
        return self._vectors[key]

    def unembedded(self, model: str, skip_kinds: tuple[str, ...] = (), skip_paths: tuple[str, ...] = ()) -> bool:
        """Whether some section lacks a vector of `model` (those of `skip_kinds` memories and `skip_paths` files aside)."""
        return any_unembedded(self.db, model, skip_kinds, skip_paths)

    def existing_vectors(self, model: str) -> VectorIndex | None:
        """The vector index for `model` if one was ever created."""
        row = self.db.query("SELECT dim FROM vector_models WHERE model = ?", (model,))
        return self.vectors(model, row[0][0]) if row else None

    def anchor_generation(self) -> int:
        """Moves whenever an anchor's place or an anchored memory's status changes (see m004)."""
        return int(self.db.scalar("SELECT value FROM counters WHERE name = 'anchors'") or 0)

    def get_meta(self, key: str) -> str | None:
        """A small stored value."""
        return self.db.scalar("SELECT value FROM meta WHERE key = ?", (key,))

    def set_meta(self, key: str, value: str) -> None:
        """Store a small value."""
        with self.db.transaction() as c:
            c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def dismiss(self, memory_id: str, anchor_key: str) -> None:
        """Record "not relevant here" for a memory at an anchor (file or symbol)."""
        with self.db.transaction() as c:
            c.execute(
                "INSERT INTO dismissals(memory_id, anchor_key, count, at) VALUES (?, ?, 1, ?) "
                "ON CONFLICT(memory_id, anchor_key) DO UPDATE SET count = count + 1, at = excluded.at",
                (memory_id, anchor_key, time.time()),
            )
            c.execute("UPDATE memories SET dismissed_count = dismissed_count + 1 WHERE id = ?", (memory_id,))

    def undismiss(self, memory_id: str, anchor_key: str) -> bool:
        """Take back "not relevant here" for a memory at an anchor; False when it was not recorded."""
        with self.db.transaction() as c:
            found = list(c.execute("SELECT count FROM dismissals WHERE memory_id = ? AND anchor_key = ?",
                                   (memory_id, anchor_key)))
            if not found:
                return False
            c.execute("DELETE FROM dismissals WHERE memory_id = ? AND anchor_key = ?", (memory_id, anchor_key))
            c.execute("UPDATE memories SET dismissed_count = max(0, dismissed_count - ?) WHERE id = ?",
                      (found[0][0], memory_id))
        return True

    def dismissals(self, anchor_keys: list[str]) -> dict[str, int]:
        """Memory id -> dismissal count at any of the given anchor keys."""
        if not anchor_keys:
            return {}
        marks = ",".join("?" * len(anchor_keys))
        rows = self.db.query(
            f"SELECT memory_id, sum(count) FROM dismissals WHERE anchor_key IN ({marks}) GROUP BY memory_id",
            tuple(anchor_keys),
        )
        return {r[0]: int(r[1]) for r in rows}

    def dismissed_pairs(self, memory_ids: list[str], anchor_keys: list[str]) -> list[tuple[str, str]]:
        """(memory id, anchor key) of the given memories dismissed at any of the given places."""
        if not memory_ids or not anchor_keys:
            return []
        return [(r[0], r[1]) for r in self.db.query(
            f"SELECT memory_id, anchor_key FROM dismissals WHERE memory_id IN ({','.join('?' * len(memory_ids))}) "
            f"AND anchor_key IN ({','.join('?' * len(anchor_keys))}) AND count > 0",
            (*memory_ids, *anchor_keys))]

    def source_count(self) -> int:
        """How many files the import ledger knows."""
        return int(self.db.scalar("SELECT count(*) FROM source_files"))

    def vec_version(self) -> str | None:
        """The sqlite-vec version, or None when the extension is not loaded."""
        try:
            return self.db.scalar("SELECT vec_version()")
        except apsw.SQLError:
            return None

    def close(self) -> None:
        """Close the database."""
        self.db.close()
