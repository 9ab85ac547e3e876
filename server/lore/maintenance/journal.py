"""The backup journal: every write transaction's private changes, appended and fsynced as it commits.

A full snapshot (lore.maintenance.backup) is written now and then; between snapshots each commit that changed
a private memory or a learning row appends those rows, whole, to `<db>.journal.jsonl` beside the
snapshots, so a database lost to a crash, a deletion or a damaged page loses no acknowledged write:
the newest snapshot with the journal replayed over it is the state at the last commit. Each
append is written before the write is acknowledged and fsynced at most a second later.

Processes share the journal: appends and compaction (snapshot, then empty the journal) hold an
exclusive lock on it, and replay is idempotent (each line holds a row's whole state).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path

import attrs

from lore.maintenance.backup import is_private, memory_from_record, memory_record, write_backup
from lore.memory import Memory
from lore.store import Store
from lore.store.journal_rows import LEARNING_TABLES, learning_rows, put_learning_rows, row_key
from lore.store.safe_fs import real_folder
from lore.workspace import backups_dir

log = logging.getLogger(__name__)
COMPACT_BYTES = 4 * 1024 * 1024  # a journal this large is folded into a fresh snapshot
# Appends reach the kernel at once (a killed process loses nothing) and the disk at most this long
# after (like SQLite's own WAL at synchronous=NORMAL, which syncs at checkpoints, not per commit).
SYNC_SECONDS = 1.0


def journal_path(db_path: str | Path) -> Path:
    """Where the journal of the database at DB_PATH lives."""
    db_path = Path(db_path)
    return backups_dir(db_path) / f"{db_path.stem}.journal.jsonl"


@attrs.define
class BackupState:
    """What the snapshot and journal hold: the latest state of each private memory and learning row."""

    memories: dict[str, Memory] = attrs.field(factory=dict)
    forgotten: set[str] = attrs.field(factory=set)
    rows: dict[str, dict[str, dict]] = attrs.field(factory=lambda: {t: {} for t in LEARNING_TABLES})
    problems: list[str] = attrs.field(factory=list)
    sources: list[str] = attrs.field(factory=list)

    @property
    def empty(self) -> bool:
        return not self.memories and not any(self.rows.values())

    def apply(self, record: dict) -> None:
        """Fold one snapshot or journal line into the state."""
        if "memory" in record:
            m = memory_from_record(record["memory"])
            self.memories[m.id] = m
            self.forgotten.discard(m.id)
        elif "forget" in record:
            self.memories.pop(record["forget"], None)
            self.forgotten.add(record["forget"])
        elif "row" in record:
            table, row = record["row"]
            self.rows[table][row_key(table, row)] = row
        elif "drop" in record:
            table, key = record["drop"]
            self.rows[table].pop(key, None)
        elif "dismissal" in record:  # snapshots written before the learning rows were kept
            mid, key, count, at = record["dismissal"]
            row = {"memory_id": mid, "anchor_key": key, "count": count, "at": at}
            self.rows["dismissals"][row_key("dismissals", row)] = row

    def merge_memories(self, memories: list[Memory]) -> None:
        """Add memories read elsewhere (a damaged database); the newer version of each wins."""
        for m in memories:
            mine = self.memories.get(m.id)
            if m.id not in self.forgotten and (mine is None or m.updated_at > mine.updated_at):
                self.memories[m.id] = m

    def merge_rows(self, table: str, rows: list[dict]) -> None:
        """Add learning rows read elsewhere; the journal's version of a row wins."""
        for row in rows:
            self.rows[table].setdefault(row_key(table, row), row)


def _read_lines(path: Path, state: BackupState) -> None:
    for i, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            state.apply(json.loads(line))
        except Exception as e:  # one bad line (a torn last append) never loses the rest
            state.problems.append(f"{path.name}:{i}: {e}")


def read_state(db_path: str | Path) -> BackupState:
    """The newest snapshot of a database's private state with its journal replayed over it."""
    state = BackupState()
    folder = backups_dir(Path(db_path))
    snapshots = sorted(folder.glob("private-*.jsonl")) if folder.is_dir() else []
    if snapshots:
        _read_lines(snapshots[-1], state)
        state.sources.append(str(snapshots[-1]))
    journal = journal_path(db_path)
    if journal.is_file():
        _read_lines(journal, state)
        state.sources.append(str(journal))
    return state


def restore(store: Store, state: BackupState) -> dict[str, int]:
    """Put back what the database lacks (ids kept): memories missing or older than the backup's, and
    learning rows missing. Returns counts by table."""
    counts = {"memories": 0}
    with store.transaction() as conn:
        links = []
        for m in sorted(state.memories.values(), key=lambda m: m.created_at):
            have = store.memories.get(m.id)
            if have is not None and have.updated_at >= m.updated_at:
                continue
            links += [(m.id, new) for new in m.superseded_by]
            m.superseded_by = []
            if have is None:
                store.memories.insert(m)
            else:
                store.memories.update(m)
            counts["memories"] += 1
        for old, new in links:
            if store.memories.get(new) is not None:
                store.memories.link(old, new)
        for table, rows in state.rows.items():
            counts[table] = put_learning_rows(conn, table, rows.values(), replace=False)
    return counts


class Journal:
    """The journal of one database, fed by its commits."""

    def __init__(self, store: Store):
        self.store = store
        self.path = journal_path(store.path)
        self.failed: str | None = None  # why the last append failed, if it did
        self._synced = 0.0

    def record(self, changes: dict[str, list[str]]) -> None:
        """Append the current state of each changed row; fsync; fold into a snapshot when large."""
        lines = []
        for mid in changes.get("memories", ()):
            m = self.store.memories.get(mid)
            record = {"memory": memory_record(m)} if m is not None and is_private(m) else {"forget": mid}
            lines.append(json.dumps(record, ensure_ascii=False))
        for table in LEARNING_TABLES:
            keys = changes.get(table)
            if not keys:
                continue
            found = {row_key(table, r): r for r in learning_rows(self.store.db.conn, table, keys)}
            for key in keys:
                record = {"row": [table, found[key]]} if key in found else {"drop": [table, key]}
                lines.append(json.dumps(record, ensure_ascii=False))
        if not lines:
            return
        data = ("\n".join(lines) + "\n").encode("utf-8")
        try:
            with self._locked() as fd:
                os.write(fd, data)  # in the kernel's cache: a killed process loses nothing
                if time.monotonic() - self._synced > SYNC_SECONDS:  # a power cut: at most ~1 s
                    os.fsync(fd)
                    self._synced = time.monotonic()
                size = os.fstat(fd).st_size
            if size > COMPACT_BYTES:
                self.compact()
        except OSError as e:  # the write itself is in the database; only its backup lags
            self.failed = f"could not append to the backup journal {self.path}: {e.strerror or e}"
            log.warning("%s", self.failed)

    def size(self) -> int:
        """Bytes in the journal now."""
        try:
            return self.path.stat().st_size
        except OSError:
            return 0

    def compact(self) -> Path | None:
        """Write a full snapshot, then empty the journal (under its lock, so no append is lost).

        The snapshot is read from the file at the database's path: one deleted or replaced since
        the last write is reopened (and refilled) first, or the snapshot would miss other writers.
        """
        self.store.db.ensure_current()
        with self._locked() as fd:
            snapshot = write_backup(self.store, self.path.parent)
            os.ftruncate(fd, 0)
            os.fsync(fd)
        return snapshot

    @contextlib.contextmanager
    def _locked(self) -> Iterator[int]:
        real_folder(self.path.parent.parent, self.path.parent)  # `backups` never a link out of `.lore`
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield fd
        finally:
            os.close(fd)
