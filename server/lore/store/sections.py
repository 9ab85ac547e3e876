"""Indexed sections of memories in one database: the word index (FTS5) and section lookups."""

from __future__ import annotations

from collections.abc import Sequence

import apsw

from lore.memory import Section
from lore.store.db import Database
from lore.text import indexed_text


# The tokenizer of `sections_fts` (schema.py): porter stems over unicode61 without diacritics.
WORD_TOKENIZER = ("porter", ["unicode61", "remove_diacritics", "2"])


def _tokens(tokenizer, text: str, reason: int) -> list[str]:
    """The index terms of a text as `tokenizer` splits it."""
    return tokenizer(text.encode("utf-8", "replace"), reason, None, include_offsets=False,
                     include_colocated=False)


class SectionIndex:
    """Reads of the `sections` table and its FTS5 word index."""

    def __init__(self, db: Database):
        self.db = db

    def match_words(self, words: Sequence[str], limit: int) -> list[tuple[int, float]]:
        """(section id, bm25) best first for sections holding any of `words` (bm25 is negative: lower
        is better); none for no words or a query FTS5 refuses."""
        if not words:
            return []
        match = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
        try:
            return self.db.query(
                "SELECT rowid, bm25(sections_fts, 4.0, 2.0, 1.0) AS r FROM sections_fts "
                "WHERE sections_fts MATCH ? ORDER BY r LIMIT ?",
                (match, limit),
            )
        except apsw.SQLError:
            return []

    def words_in(self, memory_ids: Sequence[str], words: Sequence[str]) -> dict[str, set[str]]:
        """Memory id -> those of `words` its title and sections write, for the memories given, compared as the
        word index compares them ("file" and "files" alike): both sides split by the index's own tokenizer."""
        if not memory_ids or not words:
            return {}
        marks = ",".join("?" * len(memory_ids))
        rows = self.db.query(
            "SELECT s.memory_id, m.title, s.heading, s.text FROM sections s JOIN memories m ON m.id = s.memory_id "
            f"WHERE s.memory_id IN ({marks})", tuple(memory_ids))
        try:
            tokens = self.db.conn.fts5_tokenizer(*WORD_TOKENIZER)
            stems = {w: set(_tokens(tokens, w, apsw.FTS5_TOKENIZE_QUERY)) for w in words}
            written: dict[str, set[str]] = {}
            for mid, *texts in rows:
                seen = written.setdefault(mid, set())
                for text in texts:
                    seen.update(_tokens(tokens, indexed_text(text or ""), apsw.FTS5_TOKENIZE_DOCUMENT))
        except apsw.Error:
            return {}
        return {mid: {w for w, st in stems.items() if st and st <= seen} for mid, seen in written.items()}

    def owners(self, section_ids: Sequence[int]) -> dict[int, str]:
        """Section id -> memory id."""
        if not section_ids:
            return {}
        marks = ",".join("?" * len(section_ids))
        return dict(self.db.query(f"SELECT id, memory_id FROM sections WHERE id IN ({marks})", tuple(section_ids)))

    def by_id(self, ids: Sequence[int]) -> dict[int, Section]:
        """Section id -> the section (heading, text, line)."""
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self.db.query(f"SELECT id, heading, text, line FROM sections WHERE id IN ({marks})", tuple(ids))
        return {r[0]: Section(r[1], r[2], r[3]) for r in rows}

    def of_memory(self, memory_id: str) -> list[Section]:
        """One memory's indexed sections in order (heading, text, line)."""
        rows = self.db.query("SELECT heading, text, line FROM sections WHERE memory_id = ? ORDER BY ordinal",
                             (memory_id,))
        return [Section(r[0], r[1], r[2]) for r in rows]

    def unembedded(self, memory_id: str, model: str) -> list[tuple[str, str]]:
        """(content hash, text) of one memory's sections without a vector from `model`."""
        return self.db.query(
            "SELECT DISTINCT s.content_hash, s.text FROM sections s LEFT JOIN embeddings e "
            "ON e.content_hash = s.content_hash AND e.model = ? WHERE s.memory_id = ? AND e.id IS NULL",
            (model, memory_id),
        )
