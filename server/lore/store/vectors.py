"""Section embeddings in sqlite-vec `vec0` tables, one per model, keyed by content hash."""

from __future__ import annotations

import hashlib
import json
import logging
import struct
from collections.abc import Sequence

from lore.store.db import Database

log = logging.getLogger(__name__)

# From this many vectors on, KNN pre-filters by sign bits (see bitindex.py) instead of a full scan.
PREFILTER_FROM = 20_000
# From this many on (and below PREFILTER_FROM), a process searching again scans an exact copy in memory.
EXACT_FROM = 2_000


def _pack(vector: Sequence[float]) -> bytes:
    try:
        import numpy as np

        return np.asarray(vector, dtype=np.float32).tobytes()
    except ImportError:  # pragma: no cover - numpy comes with fastembed
        return struct.pack(f"{len(vector)}f", *vector)


def _skip_clause(skip_kinds: tuple[str, ...], skip_paths: tuple[str, ...] = ()) -> tuple[str, tuple]:
    """SQL (and its parameters) leaving out sections of memories whose source kind is in `skip_kinds`
    or whose source file is in `skip_paths`."""
    sql, params = "", ()
    if skip_kinds:
        sql += f" AND s.memory_id NOT IN (SELECT id FROM memories WHERE source_kind IN ({','.join('?' * len(skip_kinds))}))"
        params += tuple(skip_kinds)
    if skip_paths:
        sql += " AND s.memory_id NOT IN (SELECT id FROM memories WHERE source_path IN (SELECT value FROM json_each(?)))"
        params += (json.dumps(list(skip_paths)),)
    return sql, params


def any_unembedded(db: Database, model: str, skip_kinds: tuple[str, ...] = (), skip_paths: tuple[str, ...] = ()) -> bool:
    """Whether some section (but those of `skip_kinds` memories and of `skip_paths` files) has no vector of
    `model`; answered without the model's dimension, so a caller can tell whether to load the model at all."""
    skip, params = _skip_clause(skip_kinds, skip_paths)
    return bool(db.scalar(
        "SELECT EXISTS (SELECT 1 FROM sections s "
        "LEFT JOIN embeddings e ON e.content_hash = s.content_hash AND e.model = ? "
        f"WHERE e.id IS NULL{skip})",
        (model, *params),
    ))


class VectorIndex:
    """Embeddings for one model in one database; unchanged text is never embedded twice."""

    def __init__(self, db: Database, model: str, dim: int):
        self.db = db
        self.model = model
        self.dim = dim
        self.table = self._ensure_table()
        self._prefilter = None
        self._copy = None

    def _bits(self):
        """The sign-bit pre-filter of this table (imported late: numpy costs start-up time)."""
        if self._prefilter is None:
            from lore.store.bitindex import BitPrefilter

            self._prefilter = BitPrefilter(self.db, self.table, self.dim)
        return self._prefilter

    def _exact(self):
        """The in-memory exact copy of this table (see exactscan.py; imported late like numpy)."""
        if self._copy is None:
            from lore.store.exactscan import ExactCopy

            self._copy = ExactCopy(self.db, self.table, self.dim)
        return self._copy

    def _size(self) -> int:
        return int(self.db.scalar(f"SELECT max(rowid) FROM {self.table}_rowids") or 0)

    def _ensure_table(self) -> str:
        row = self.db.query("SELECT dim, table_name FROM vector_models WHERE model = ?", (self.model,))
        if row:
            if row[0][0] != self.dim:
                raise ValueError(f"model {self.model} changed dimension {row[0][0]} -> {self.dim}")
            return row[0][1]
        table = "vec_" + hashlib.sha256(self.model.encode()).hexdigest()[:10]
        with self.db.transaction() as c:
            c.execute(
                f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING vec0("
                f"embedding float[{int(self.dim)}] distance_metric=cosine)"
            )
            c.execute(
                "INSERT OR IGNORE INTO vector_models(model, dim, table_name) VALUES (?, ?, ?)",
                (self.model, self.dim, table),
            )
        return table

    def pending(self, limit: int = 256, skip_kinds: tuple[str, ...] = (),
                skip_paths: tuple[str, ...] = ()) -> list[tuple[str, str]]:
        """(content_hash, text) of sections with no embedding yet, shortest first (batches of like lengths
        pad less); sections of memories whose source kind is in `skip_kinds`, or whose source file is in
        `skip_paths`, are left for later."""
        skip, params = _skip_clause(skip_kinds, skip_paths)
        return self.db.query(
            "SELECT s.content_hash, min(s.text) FROM sections s "
            "LEFT JOIN embeddings e ON e.content_hash = s.content_hash AND e.model = ? "
            f"WHERE e.id IS NULL{skip} GROUP BY s.content_hash ORDER BY length(min(s.text)) LIMIT ?",
            (self.model, *params, limit),
        )

    def pending_count(self) -> int:
        """How many distinct section texts still need an embedding."""
        return int(self.db.scalar(
            "SELECT count(DISTINCT s.content_hash) FROM sections s "
            "LEFT JOIN embeddings e ON e.content_hash = s.content_hash AND e.model = ? WHERE e.id IS NULL",
            (self.model,),
        ))

    def add(self, items: Sequence[tuple[str, Sequence[float]]]) -> int:
        """Store (content_hash, vector) pairs in one transaction; returns how many were new."""
        added = 0
        fresh: list[tuple[int, Sequence[float]]] = []
        with self.db.transaction() as c:
            for chash, vec in items:
                if len(vec) != self.dim:
                    raise ValueError(f"vector has {len(vec)} dimensions; the index has {self.dim}")
                c.execute(
                    "INSERT OR IGNORE INTO embeddings(content_hash, model) VALUES (?, ?)", (chash, self.model)
                )
                if self.db.conn.changes() == 0:
                    continue
                rowid = self.db.conn.last_insert_rowid()
                c.execute(f"INSERT INTO {self.table}(rowid, embedding) VALUES (?, ?)", (rowid, _pack(vec)))
                fresh.append((rowid, vec))
                added += 1
            self._bits().add(fresh)
        return added

    def knn(self, vector: Sequence[float], k: int) -> list[tuple[int, float]]:
        """(section id, cosine similarity) of the sections nearest to `vector`, best first."""
        hits = None
        size = self._size()
        if size >= PREFILTER_FROM:
            try:
                hits = self._bits().search(vector, int(k))
            except Exception:  # e.g. a read-only database cannot store the bits: scan instead
                log.warning("sign-bit pre-filter unavailable for %s; using the exact scan", self.table, exc_info=True)
        elif size >= EXACT_FROM:
            hits = self._exact().search(vector, int(k))
        if hits is None:
            hits = self.db.query(
                f"SELECT rowid, distance FROM {self.table} WHERE embedding MATCH ? AND k = ? ORDER BY distance",
                (_pack(vector), int(k)),
            )
        # A zero vector (a query with no words) has no cosine distance: sqlite-vec gives NULL.
        dist = {rid: d for rid, d in hits if d is not None}
        if not dist:
            return []
        marks = ",".join("?" * len(dist))
        best = {
            h: 1.0 - float(dist[rid])
            for rid, h in self.db.query(f"SELECT id, content_hash FROM embeddings WHERE id IN ({marks})", tuple(dist))
        }
        marks = ",".join("?" * len(best))
        out = [
            (sid, best[h])
            for sid, h in self.db.query(
                f"SELECT id, content_hash FROM sections WHERE content_hash IN ({marks})", tuple(best)
            )
        ]
        out.sort(key=lambda p: -p[1])
        return out

    def prune(self) -> int:
        """Drop embeddings no section uses any more; returns how many."""
        with self.db.transaction() as c:
            dead = [
                r[0]
                for r in self.db.query(
                    "SELECT e.id FROM embeddings e WHERE e.model = ? AND NOT EXISTS "
                    "(SELECT 1 FROM sections s WHERE s.content_hash = e.content_hash)",
                    (self.model,),
                )
            ]
            for rid in dead:
                c.execute(f"DELETE FROM {self.table} WHERE rowid = ?", (rid,))
                c.execute("DELETE FROM embeddings WHERE id = ?", (rid,))
                self._bits().delete(rid)
        return len(dead)

    def count(self) -> int:
        """Embeddings stored for this model."""
        return int(self.db.scalar("SELECT count(*) FROM embeddings WHERE model = ?", (self.model,)))
