"""The learning tables of one database: feedback events, their observations and per-feature evidence.

Rows go in and come out as plain tuples; `lore.learn.ledger` turns them into events, observations
and evidence. Evidence values that are JSON (`option_weights`, `examples`, `decisive`) are stored as
the text the ledger gives.
"""

from __future__ import annotations

import json
import time

from lore.store.db import Database

EVIDENCE_COLUMNS = "feature, option_weights, signals, examples, last_at, memory_id, blocked_at, decisive"


class LearningTables:
    """Reads and writes the learning tables of one database for one scope ("user" or "workspace")."""

    def __init__(self, db: Database, scope: str):
        self.db = db
        self.scope = scope

    def add_event(self, at: float, uri: str | None, language: str | None, outcome: str, origin: str | None,
                  proposed: str | None, final: str | None, reason: str | None, redactions: int) -> int:
        """Store one (already redacted) feedback event; returns its id."""
        with self.db.transaction() as c:
            c.execute(
                "INSERT INTO feedback_events(at, scope, uri, language, outcome, origin, proposed, final, "
                "reason, redactions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (at, self.scope, uri, language, outcome, origin, proposed, final, reason, redactions),
            )
            return int(c.last_insert_rowid())

    def add_observations(self, event_id: int | None, rows: list[tuple]) -> None:
        """Store observations drawn from one event: (feature, prefers, over, weight, example, at) each."""
        with self.db.transaction() as c:
            c.executemany(
                "INSERT INTO observations(event_id, scope, feature, prefers, over, weight, example, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(event_id, self.scope, *row) for row in rows],
            )

    def observations(self, feature: str) -> list[tuple]:
        """(feature, prefers, over, weight, example, at) of every observation of one feature, oldest first."""
        return self.db.query(
            "SELECT feature, prefers, over, weight, example, at FROM observations "
            "WHERE scope = ? AND feature = ? ORDER BY at, id",
            (self.scope, feature),
        )

    def evidence(self, features: list[str]) -> list[tuple]:
        """Evidence rows (`EVIDENCE_COLUMNS`) of the given features."""
        if not features:
            return []
        marks = ",".join("?" * len(features))
        return self.db.query(
            f"SELECT {EVIDENCE_COLUMNS} FROM evidence WHERE scope = ? AND feature IN ({marks})",
            (self.scope, *features),
        )

    def all_evidence(self) -> list[tuple]:
        """Every evidence row of this scope, most recent evidence first."""
        return self.db.query(
            f"SELECT {EVIDENCE_COLUMNS} FROM evidence WHERE scope = ? ORDER BY last_at DESC, feature",
            (self.scope,),
        )

    def save_evidence(self, feature: str, option_weights: str, signals: int, examples: str, last_at: float,
                      memory_id: str | None, blocked_at: float | None, decisive: str) -> None:
        """Insert or replace one feature's evidence row."""
        with self.db.transaction() as c:
            c.execute(
                "INSERT OR REPLACE INTO evidence(scope, feature, option_weights, signals, examples, last_at, "
                "memory_id, blocked_at, decisive) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (self.scope, feature, option_weights, signals, examples, last_at, memory_id, blocked_at, decisive),
            )

    def unblock(self, feature: str) -> None:
        """Clear the rejection mark of one feature."""
        with self.db.transaction() as c:
            c.execute("UPDATE evidence SET blocked_at = NULL WHERE scope = ? AND feature = ?",
                      (self.scope, feature))

    def recent_features(self, prefix: str, limit: int) -> list[str]:
        """Features of this scope whose id starts with `prefix`, most recent evidence first."""
        rows = self.db.query(
            "SELECT feature FROM evidence WHERE scope = ? AND substr(feature, 1, ?) = ? ORDER BY last_at DESC "
            "LIMIT ?", (self.scope, len(prefix), prefix, limit))
        return [row[0] for row in rows]

    def event_count(self) -> int:
        """Number of feedback events recorded in this scope."""
        return int(self.db.scalar("SELECT count(*) FROM feedback_events WHERE scope = ?", (self.scope,)))


def purge_events(db: Database, before: float, max_examples: int) -> int:
    """Drop the raw text of events older than `before`, and the examples drawn from it (in
    observations and in the evidence rows, rebuilt from the examples left, `max_examples` each);
    returns how many events lost their text."""
    with db.transaction() as c:
        c.execute(
            "UPDATE feedback_events SET proposed = NULL, final = NULL, reason = NULL, purged_at = ? "
            "WHERE at < ? AND purged_at IS NULL",
            (time.time(), before),
        )
        purged = db.conn.changes()
        c.execute("UPDATE observations SET example = '' WHERE at < ? AND example != ''", (before,))
        if db.conn.changes() or purged:
            _rebuild_examples(db, c, max_examples)
    return purged


def _rebuild_examples(db: Database, c, max_examples: int) -> None:
    """Evidence examples from the observations that still hold one (most recent last)."""
    kept: dict[tuple[str, str], list[str]] = {}
    for scope, feature, prefers, example in db.query(
            "SELECT scope, feature, prefers, example FROM observations WHERE example != '' ORDER BY at, id"):
        tagged = f"[{prefers}] {example}"
        examples = kept.setdefault((scope, feature), [])
        if tagged in examples:
            examples.remove(tagged)
        examples.append(tagged)
    for scope, feature in db.query("SELECT scope, feature FROM evidence"):
        examples = kept.get((scope, feature), [])[-max_examples:]
        c.execute("UPDATE evidence SET examples = ? WHERE scope = ? AND feature = ?",
                  (json.dumps(examples), scope, feature))
