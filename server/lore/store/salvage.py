"""Reading every readable row of a damaged database, table by table and row by row.

A damaged page loses the rows on it, not the table: rows are read by a full scan of the table's
own b-tree (indexes are not trusted), and when a scan stops at a bad page the rest are looked up
one rowid at a time, skipping the ones that cannot be read.
"""

from __future__ import annotations

import logging

import apsw

from lore.memory import Memory
from lore.store.journal_rows import LEARNING_TABLES, private_memory_filter
from lore.store.rows import MEMORY_COLUMNS, anchor_from_row, memory_from_row

log = logging.getLogger(__name__)
WITHOUT_ROWID = ("evidence",)
MISSES_BEFORE_GIVING_UP = 2000  # rowids tried past the last readable one when the table's end is unreadable


def open_existing(path: str) -> apsw.Connection:
    """A connection to an existing file (never creating one); its WAL is read as SQLite reads it."""
    return apsw.Connection(path, flags=apsw.SQLITE_OPEN_READWRITE)


def read_rows(conn: apsw.Connection, table: str, columns: str, problems: list[str]) -> list[tuple]:
    """Every readable row of TABLE (COLUMNS selected), skipping rows on unreadable pages."""
    rows: list[tuple] = []
    seen: set[int] = set()
    last = 0
    if table in WITHOUT_ROWID:
        try:
            for row in conn.execute(f"SELECT {columns} FROM {table}"):
                rows.append(row)
        except apsw.Error as e:
            problems.append(f"{table}: read stopped after {len(rows)} row(s) ({e})")
        return rows
    try:
        for row in conn.execute(f"SELECT rowid, {columns} FROM {table} NOT INDEXED ORDER BY rowid"):
            rows.append(row[1:])
            seen.add(row[0])
            last = row[0]
        return rows
    except apsw.Error as e:
        problems.append(f"{table}: scan stopped after rowid {last} ({e}); reading the rest row by row")
    try:
        top = int(conn.execute(f"SELECT max(rowid) FROM {table}").fetchall()[0][0] or 0)
    except apsw.Error:
        top = None
    rowid, misses, skipped = 0, 0, 0
    while (top is None and misses < MISSES_BEFORE_GIVING_UP) or (top is not None and rowid < top):
        rowid += 1
        if rowid in seen:
            continue
        try:
            found = conn.execute(f"SELECT {columns} FROM {table} WHERE rowid = ?", (rowid,)).fetchall()
        except apsw.Error:
            skipped += 1
            misses += 1
            continue
        misses = 0 if found else misses + 1
        rows += found
    if skipped:
        problems.append(f"{table}: {skipped} row(s) unreadable")
    return rows


def salvage(path: str) -> tuple[list[Memory], dict[str, list[dict]], list[str]]:
    """Private memories (with anchors and links) and learning rows still readable in a database file."""
    problems: list[str] = []
    try:
        conn = open_existing(path)
    except apsw.Error as e:
        return [], {}, [f"{path} cannot be opened: {e}"]
    try:
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchall()
        except apsw.Error as e:
            return [], {}, [f"{path} is not readable as a database: {e}"]
        _, params = private_memory_filter()
        memories = []
        for row in read_rows(conn, "memories", MEMORY_COLUMNS, problems):
            try:
                m = memory_from_row(row)
            except Exception as e:  # a row whose values are damaged
                problems.append(f"memories: a row could not be read back ({e})")
                continue
            if m.provenance.kind.value not in params:
                memories.append(m)
        by_id = {m.id: m for m in memories}
        for row in read_rows(conn, "anchors", "memory_id, kind, value, language, file, content_hash", problems):
            if row[0] in by_id:
                by_id[row[0]].anchors.append(anchor_from_row(row[1:]))
        for old, new in read_rows(conn, "supersessions", "old_id, new_id", problems):
            if old in by_id:
                by_id[old].superseded_by.append(new)
            if new in by_id:
                by_id[new].supersedes.append(old)
        learning = {}
        for table, columns in LEARNING_TABLES.items():
            names = [c.strip() for c in columns.split(",")]
            try:
                learning[table] = [dict(zip(names, r)) for r in read_rows(conn, table, columns, problems)]
            except apsw.Error as e:
                problems.append(f"{table}: unreadable ({e})")
        return memories, learning, problems
    finally:
        conn.close()
