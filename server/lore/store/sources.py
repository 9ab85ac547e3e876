"""The import ledger: which source files were seen, with what content, and what became of them."""

from __future__ import annotations

import time

import attrs

from lore.store.db import Database


@attrs.frozen
class SourceFile:
    """One row of the ledger."""

    path: str
    content_hash: str | None
    size: int | None
    mtime: float | None
    state: str  # "imported" | "skipped" | "removed"
    reason: str | None = None
    importer: str | None = None
    imported_at: float | None = None


class SourceLedger:
    """Reads and writes of `source_files`, inside the caller's transaction when there is one."""

    def __init__(self, db: Database):
        self.db = db

    def get(self, path: str) -> SourceFile | None:
        """The ledger row for a workspace-relative path."""
        rows = self.db.query(
            "SELECT path, content_hash, size, mtime, state, reason, importer, imported_at FROM source_files WHERE path = ?",
            (path,),
        )
        return SourceFile(*rows[0]) if rows else None

    def all(self) -> dict[str, SourceFile]:
        """Every ledger row by path."""
        rows = self.db.query(
            "SELECT path, content_hash, size, mtime, state, reason, importer, imported_at FROM source_files"
        )
        return {r[0]: SourceFile(*r) for r in rows}

    def put(self, sf: SourceFile) -> None:
        """Insert or replace a ledger row."""
        with self.db.transaction() as c:
            c.execute(
                "INSERT OR REPLACE INTO source_files(path, content_hash, size, mtime, state, reason, importer, imported_at) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (sf.path, sf.content_hash, sf.size, sf.mtime, sf.state, sf.reason, sf.importer,
                 sf.imported_at or time.time()),
            )

    def delete(self, path: str) -> None:
        """Drop a ledger row."""
        with self.db.transaction() as c:
            c.execute("DELETE FROM source_files WHERE path = ?", (path,))
