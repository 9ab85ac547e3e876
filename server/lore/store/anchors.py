"""Anchor rows of one database, read for the anchor matcher, anchor following and context packs."""

from __future__ import annotations

from lore.memory import Anchor
from lore.store.db import Database
from lore.store.rows import anchor_from_row

LIVE = "('active', 'proposed')"


class AnchorIndex:
    """Reads of the `anchors` table joined with the status of their memories."""

    def __init__(self, db: Database):
        self.db = db

    def live(self) -> list[tuple[str, Anchor]]:
        """(memory id, anchor) of every active or proposed memory."""
        rows = self.db.query(
            "SELECT a.memory_id, a.kind, a.value, a.language, a.file, NULL FROM anchors a "
            f"JOIN memories m ON m.id = a.memory_id WHERE m.status IN {LIVE}"
        )
        return [(r[0], anchor_from_row(r[1:])) for r in rows]

    def symbols_near(self, rel_path: str) -> list[tuple[str, str, str | None]]:
        """(memory id, value, file) of the symbol anchors of active or proposed memories that name
        this file or no file."""
        return self.db.query(
            "SELECT DISTINCT a.memory_id, a.value, a.file FROM anchors a JOIN memories m ON m.id = a.memory_id "
            f"WHERE a.kind = 'symbol' AND m.status IN {LIVE} AND (a.file = ? OR a.file IS NULL)",
            (rel_path,),
        )

    def symbols_in(self, rel_path: str) -> list[tuple[str, str]]:
        """(memory id, value) of the symbol anchors placed in this file (any status)."""
        return self.db.query(
            "SELECT DISTINCT memory_id, value FROM anchors WHERE kind = 'symbol' AND file = ?", (rel_path,)
        )
