"""An exact copy of one vec0 table's vectors in memory, for a process that searches more than once.

sqlite-vec scans every stored vector for each query (about 6 ms at 10k vectors here); numpy does the
same exact cosine scan over an in-memory copy in about a millisecond. The copy costs a read of
every vector (about 0.1 s and 15 MB at 10k), so it is made only on a search that finds the vectors as
they were at the process's previous search: never for a one-shot `lore search`, never while an import
is still adding vectors; it is dropped when the vectors' generation (migration m006) moves. Below
`vectors.EXACT_FROM` vectors the vec0 scan is as quick, and from `vectors.PREFILTER_FROM` on the sign-bit
pre-filter (`bitindex`) serves. A database without the generation counter (opened read-only before
its migration) is scanned by vec0 as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lore.store.db import Database


class ExactCopy:
    """Unit-length float32 copies of one vec0 table's vectors, with their rowids."""

    def __init__(self, db: Database, table: str, dim: int):
        self.db = db
        self.table = table
        self.dim = dim
        self._seen: int | None = None  # vectors' generation at the previous search
        self._loaded: int | None = None  # generation the copy was read at
        self._ids = np.empty(0, dtype=np.int64)
        self._unit = np.empty((0, dim), dtype=np.float32)

    def _generation(self) -> int | None:
        value = self.db.scalar("SELECT value FROM counters WHERE name = 'vectors'")
        return None if value is None else int(value)

    def _load(self, generation: int) -> None:
        """Read every vector into one preallocated matrix, row by row (no second copy of them on the way),
        and scale each to unit length; zero vectors are left out (vec0 gives them no cosine distance)."""
        count = int(self.db.scalar(f"SELECT count(*) FROM {self.table}_rowids") or 0)
        ids = np.empty(count, dtype=np.int64)
        unit = np.empty((count, self.dim), dtype=np.float32)
        n = 0
        for rowid, blob in self.db.conn.execute(f"SELECT rowid, embedding FROM {self.table}"):
            if n == count:
                break  # written since it was counted: the generation has moved, the next search sees it
            ids[n] = rowid
            unit[n] = np.frombuffer(blob, dtype=np.float32)
            n += 1
        ids, unit = ids[:n], unit[:n]
        norms = np.linalg.norm(unit, axis=1)
        keep = norms > 0
        if not keep.all():
            ids, unit, norms = ids[keep], unit[keep], norms[keep]
        unit /= norms[:, None]
        self._ids, self._unit, self._loaded = ids, unit, generation

    def _drop(self) -> None:
        self._ids = np.empty(0, dtype=np.int64)
        self._unit = np.empty((0, self.dim), dtype=np.float32)
        self._loaded = None

    def search(self, vector: Sequence[float], k: int) -> list[tuple[int, float]] | None:
        """(rowid, cosine distance) of the k nearest vectors, nearest first; None when the copy is not
        (yet) to be used and the caller scans the table itself."""
        generation = self._generation()
        if generation is None:
            return None
        if generation != self._loaded:
            self._drop()
            if generation != self._seen:
                self._seen = generation
                return None
            self._load(generation)
        query = np.asarray(vector, dtype=np.float32)
        norm = float(np.linalg.norm(query))
        if norm == 0.0 or not len(self._ids):
            return []
        # einsum's own loop, not BLAS: OpenBLAS's threads spin on after a product (6 ms of CPU at 10k for 0.5 ms of work)
        sims = np.einsum("ij,j->i", self._unit, query / norm)
        k = min(int(k), len(sims))
        top = np.argpartition(-sims, k - 1)[:k] if k < len(sims) else np.arange(len(sims))
        top = top[np.argsort(-sims[top], kind="stable")]
        return [(int(self._ids[i]), float(1.0 - sims[i])) for i in top]
