"""The rows the backup journal keeps: which changed in a transaction, reading them, writing them back.

Private memories (the ones no repository file rebuilds) and the learning state (feedback events,
observations, evidence) plus dismissals are journalled. Changes are noticed by TEMP triggers on
this connection only: the database file's schema is untouched, and imports of repository files
(rebuildable memories) record nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

import apsw

REBUILDABLE_SOURCES = ("adr", "rules-file", "comment", "team-file")
_NOT_REBUILDABLE = "source_kind NOT IN ({})".format(", ".join(f"'{k}'" for k in REBUILDABLE_SOURCES))
# Columns whose change matters to a backup (usage counters such as surfaced_count do not).
_MEMORY_FIELDS = ("kind, title, body, rationale, status, scope, confidence, tags, source_kind, "
                  "source_path, source_key, updated_at, needs_review, date, meta")

LEARNING_TABLES: dict[str, str] = {
    "feedback_events": "id, at, scope, uri, language, outcome, origin, proposed, final, reason, redactions, purged_at",
    "observations": "id, event_id, scope, feature, prefers, over, weight, example, at",
    "evidence": "scope, feature, option_weights, signals, examples, last_at, memory_id, blocked_at, decisive",
    "dismissals": "memory_id, anchor_key, count, at",
}
_KEY_SQL = {
    "feedback_events": "CAST({r}.id AS TEXT)",
    "observations": "CAST({r}.id AS TEXT)",
    "evidence": "{r}.scope || char(31) || {r}.feature",
    "dismissals": "{r}.memory_id || char(31) || {r}.anchor_key",
}
_KEY_WHERE = {
    "feedback_events": "id = CAST(? AS INTEGER)",
    "observations": "id = CAST(? AS INTEGER)",
    "evidence": "scope || char(31) || feature = ?",
    "dismissals": "memory_id || char(31) || anchor_key = ?",
}


def install_change_triggers(conn: apsw.Connection) -> None:
    """TEMP triggers that note each changed private memory and learning row in temp.lore_changed."""
    statements = ["CREATE TEMP TABLE IF NOT EXISTS lore_changed (tbl TEXT NOT NULL, key TEXT NOT NULL, "
                  "PRIMARY KEY (tbl, key)) WITHOUT ROWID"]
    note = "INSERT OR IGNORE INTO temp.lore_changed(tbl, key) VALUES ('{t}', {k})"
    for event, row in (("INSERT", "NEW"), ("DELETE", "OLD")):
        statements.append(
            f"CREATE TEMP TRIGGER IF NOT EXISTS lore_memories_{event.lower()} AFTER {event} ON main.memories "
            f"WHEN {row}.{_NOT_REBUILDABLE} BEGIN {note.format(t='memories', k=row + '.id')}; END")
        statements.append(
            f"CREATE TEMP TRIGGER IF NOT EXISTS lore_anchors_{event.lower()} AFTER {event} ON main.anchors "
            f"WHEN (SELECT {_NOT_REBUILDABLE} FROM main.memories WHERE id = {row}.memory_id) "
            f"BEGIN {note.format(t='memories', k=row + '.memory_id')}; END")
        for table, key in _KEY_SQL.items():
            statements.append(
                f"CREATE TEMP TRIGGER IF NOT EXISTS lore_{table}_{event.lower()} AFTER {event} ON main.{table} "
                f"BEGIN {note.format(t=table, k=key.format(r=row))}; END")
    statements.append(
        f"CREATE TEMP TRIGGER IF NOT EXISTS lore_memories_update AFTER UPDATE OF {_MEMORY_FIELDS} "
        f"ON main.memories WHEN NEW.{_NOT_REBUILDABLE} OR OLD.{_NOT_REBUILDABLE} "
        f"BEGIN {note.format(t='memories', k='NEW.id')}; END")
    for table, key in _KEY_SQL.items():
        statements.append(
            f"CREATE TEMP TRIGGER IF NOT EXISTS lore_{table}_update AFTER UPDATE ON main.{table} "
            f"BEGIN {note.format(t=table, k=key.format(r='NEW'))}; END")
    for sql in statements:
        conn.execute(sql)


def take_changes(conn: apsw.Connection) -> dict[str, list[str]]:
    """The keys noted since the last call, by table, and forget them."""
    rows = conn.execute("SELECT tbl, key FROM temp.lore_changed").fetchall()
    if not rows:
        return {}
    conn.execute("DELETE FROM temp.lore_changed")
    out: dict[str, list[str]] = {}
    for table, key in rows:
        out.setdefault(table, []).append(key)
    return out


def learning_rows(conn: apsw.Connection, table: str, keys: Iterable[str] | None = None) -> list[dict]:
    """Rows of one learning table (all of them, or those with the given keys) as dicts."""
    columns = LEARNING_TABLES[table]
    names = [c.strip() for c in columns.split(",")]
    if keys is None:
        rows = conn.execute(f"SELECT {columns} FROM {table}").fetchall()
    else:
        rows = [r for k in keys for r in conn.execute(f"SELECT {columns} FROM {table} WHERE {_KEY_WHERE[table]}",
                                                        (k,)).fetchall()]
    return [dict(zip(names, r)) for r in rows]


def row_key(table: str, row: dict) -> str:
    """The journal key of a learning row (the same text the triggers note)."""
    if table in ("feedback_events", "observations"):
        return str(row["id"])
    first, second = ("scope", "feature") if table == "evidence" else ("memory_id", "anchor_key")
    return f"{row[first]}\x1f{row[second]}"


def put_learning_rows(conn: apsw.Connection, table: str, rows: Iterable[dict], *, replace: bool) -> int:
    """Insert rows (keeping their ids); with REPLACE, overwrite rows with the same key. Returns how many."""
    names = [c.strip() for c in LEARNING_TABLES[table].split(",")]
    verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"
    sql = f"{verb} INTO {table}({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    before = conn.total_changes()
    for row in rows:
        conn.execute(sql, tuple(row.get(n) for n in names))
    return conn.total_changes() - before


def private_memory_filter() -> tuple[str, tuple[str, ...]]:
    """WHERE clause and parameters selecting private memories."""
    marks = ",".join("?" * len(REBUILDABLE_SOURCES))
    return f"source_kind NOT IN ({marks})", REBUILDABLE_SOURCES
