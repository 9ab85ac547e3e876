"""Opening a Lore database: apsw connection, sqlite-vec, WAL, schema checks, migrations, transactions."""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import apsw

from lore.store.errors import (REBUILD, CorruptDatabaseError, NewerSchemaError, ReadOnlyError, ReplacedError,
                               StoreError, explain)
from lore.store.fileid import FileWatch, reopen_lock
from lore.store.journal_rows import install_change_triggers, take_changes
from lore.store.schema import MIGRATIONS

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 10_000
WAL_SIZE_LIMIT = 16 * 1024 * 1024  # a write-ahead log left larger than this after a checkpoint is truncated
# Errors of the file and disk, not of the statement: shown to the user as sentences (see errors.explain).
STORAGE_ERRORS = (apsw.FullError, apsw.ReadOnlyError, apsw.CorruptError, apsw.NotADBError, apsw.IOError,
                  apsw.CantOpenError, apsw.PermissionsError)


def sqlite_version() -> str:
    """The version of the SQLite library in use."""
    return apsw.sqlite_lib_version()


def vec_extension_path() -> str | None:
    """Path of sqlite-vec's loadable extension, found without importing the package (which imports numpy)."""
    spec = importlib.util.find_spec("sqlite_vec")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0])
    for name in ("vec0.so", "vec0.dylib", "vec0.dll"):
        if (folder / name).exists():
            return str(folder / name.rsplit(".", 1)[0])
    return None


def _connect(path: str) -> apsw.Connection:
    try:
        db = apsw.Connection(path)
    except apsw.CantOpenError as e:
        raise ReadOnlyError(f"cannot open database {path}: {e}") from e
    db.setbusytimeout(BUSY_TIMEOUT_MS)
    ext = vec_extension_path()
    if ext:
        db.enable_load_extension(True)
        db.load_extension(ext)
        db.enable_load_extension(False)
    else:
        log.warning("sqlite-vec is not installed: semantic search is off")
    return db


def _make_folder(folder: Path) -> None:
    """Create the database's folder; a StoreError saying why when it cannot be."""
    if folder.exists() and not folder.is_dir():
        raise StoreError(f"{folder} is a file, not a folder: Lore keeps its database there; move the file away")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StoreError(f"cannot create the folder {folder} for the Lore database: {e.strerror or e}") from e


def _create_private(path: str) -> bool:
    """Create a missing database file owner-only (SQLite gives its WAL files the same mode); True when
    this made it (or found it empty: a file made by a process that died before writing)."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        return True
    except FileExistsError:
        try:
            return os.path.getsize(path) == 0
        except OSError:
            return False
    except OSError:
        log.debug("could not pre-create %s; SQLite will report why", path, exc_info=True)
        return False


class Database:
    """One connection to one Lore database file, used from one thread at a time."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True):
        self.path = str(path)
        self.created = False  # True when this open made a new, empty file
        self.watch = FileWatch(self.path)
        # Called with {table: [keys]} after each commit that changed private rows (the backup journal).
        self.after_commit: Callable[[dict[str, list[str]]], None] | None = None
        # Called after the file was found deleted or replaced and a new connection opened.
        self.on_replaced: Callable[[], None] | None = None
        self._depth = 0
        if self.path != ":memory:" and not create and not os.path.exists(self.path):
            raise StoreError(f"no database at {self.path}")
        self._open()

    def _open(self) -> None:
        """Connect, check and migrate; remember which file is open."""
        if self.path != ":memory:":
            _make_folder(Path(self.path).parent)
            self.created = _create_private(self.path) or self.created
        self.conn = _connect(self.path)
        self._tracking = False
        try:
            self._while_busy(self._check_readable)
            self._while_busy(self._check_schema)
            if self.path != ":memory:":
                self._while_busy(lambda: self.conn.execute("PRAGMA journal_mode=WAL").fetchall())
            self.conn.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self.conn.execute("PRAGMA mmap_size=268435456")
            self._migrate()
            if self.path != ":memory:":
                install_change_triggers(self.conn)
                self._tracking = True
        except apsw.ReadOnlyError as e:
            self.conn.close()
            raise ReadOnlyError(f"database {self.path} is read-only ({e}): Lore cannot write to it; nothing was "
                                "saved. Make it and its folder writable (chmod u+w) and try again.") from e
        except apsw.CantOpenError as e:  # e.g. a read-only folder: no room for the WAL and shared-memory files
            self.conn.close()
            raise ReadOnlyError(f"cannot open database {self.path} ({e}); is its folder read-only? Nothing was "
                                "saved. Make the folder writable (chmod u+w) and try again.") from e
        except (apsw.NotADBError, apsw.CorruptError) as e:
            self.conn.close()
            raise CorruptDatabaseError(f"database {self.path} is damaged ({e}); {REBUILD}") from e
        except apsw.FullError as e:
            self.conn.close()
            raise explain(e, self.path, "open") from e
        except StoreError:
            self.conn.close()
            raise
        if self.path != ":memory:":
            self.watch.remember()

    def ensure_current(self) -> None:
        """Reopen when the path no longer names the open file (deleted, or replaced by a rename)."""
        if self.path == ":memory:" or not self.watch.changed():
            return
        log.warning("database %s was deleted or replaced while open; opening the file now at that path", self.path)
        with reopen_lock(self.path):
            with contextlib.suppress(Exception):
                self.conn.close()
            if self.watch.changed():
                self.watch.set_aside_stale()
            self.watch.main = None  # nothing is open: the reopening's own transactions must not look again
            try:
                self._open()
            except StoreError as e:
                raise ReplacedError(f"database {self.path} was deleted or replaced while Lore was running, and "
                                    f"the new file cannot be opened: {e}. Nothing was saved.") from e
        if self.on_replaced is not None:
            self.on_replaced()

    def _while_busy(self, step, seconds: float = 60) -> None:
        """Run one opening step, retrying while another process holds a lock SQLite will not wait on.

        Two processes opening a brand-new file at once can meet here: switching the journal to WAL
        needs an exclusive lock, and SQLite answers "busy" at once instead of calling the busy handler.
        """
        deadline = time.monotonic() + seconds
        while True:
            try:
                step()
                return
            except apsw.BusyError:
                if time.monotonic() > deadline:
                    raise StoreError(
                        f"database {self.path} stayed busy for {seconds:.0f} s; another process holds it"
                    ) from None
                time.sleep(random.uniform(0.005, 0.05))

    def _check_readable(self) -> None:
        try:
            self.conn.execute("SELECT count(*) FROM sqlite_master").fetchall()
        except (apsw.NotADBError, apsw.CorruptError) as e:
            raise CorruptDatabaseError(f"database {self.path} is damaged ({e}); {REBUILD}") from e

    def applied_migrations(self) -> list[str]:
        """Names of the migrations recorded in the database."""
        exists = self.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'"
        ).fetchall()
        if not exists:
            return []
        return [r[0] for r in self.conn.execute("SELECT name FROM schema_migrations ORDER BY rowid")]

    def _check_schema(self) -> None:
        known = {name for name, _ in MIGRATIONS}
        unknown = [n for n in self.applied_migrations() if n not in known]
        if unknown:
            raise NewerSchemaError(
                f"database {self.path} was written by a newer version of Lore (unknown migrations: "
                f"{', '.join(unknown)}); upgrade Lore to use it. Nothing was written."
            )

    def _migrate(self) -> None:
        with self.transaction():
            self.conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)"
            )
            done = set(self.applied_migrations())
            for name, fn in MIGRATIONS:
                if name in done:
                    continue
                log.info("applying migration %s to %s", name, self.path)
                fn(self.conn)
                self.conn.execute(
                    "INSERT INTO schema_migrations(name, applied_at) VALUES (?, ?)", (name, time.time())
                )

    @contextlib.contextmanager
    def transaction(self) -> Iterator[apsw.Connection]:
        """An IMMEDIATE write transaction (nested calls join the outer one); retried while busy.

        Before it begins and after it commits, the path must still name the open file; SQLite
        errors come out as StoreErrors whose message says what happened and what to run.
        """
        if self._depth:
            self._depth += 1
            try:
                yield self.conn
            finally:
                self._depth -= 1
            return
        self.ensure_current()
        try:
            self._begin_immediate()
        except STORAGE_ERRORS as e:
            raise explain(e, self.path) from e
        self._depth = 1
        try:
            yield self.conn
        except BaseException as e:
            self._depth = 0
            with contextlib.suppress(apsw.Error):
                self.conn.execute("ROLLBACK")
            if isinstance(e, STORAGE_ERRORS):
                raise explain(e, self.path) from e
            raise
        self._depth = 0
        try:
            self._commit()
        except STORAGE_ERRORS as e:
            with contextlib.suppress(apsw.Error):
                self.conn.execute("ROLLBACK")
            raise explain(e, self.path) from e
        self._committed()

    def _committed(self) -> None:
        """Hand the changed private rows to the journal, then make sure they reached the file at the path."""
        if self.path == ":memory:" or not self._tracking:
            return
        changes = take_changes(self.conn)
        if changes and self.after_commit is not None:
            self.after_commit(changes)
        self.ensure_current()

    def _begin_immediate(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                return
            except apsw.BusyError:
                if time.monotonic() > deadline:
                    raise StoreError(f"database {self.path} stayed busy for 60 s; another process holds it") from None
                time.sleep(random.uniform(0.005, 0.05))

    def _commit(self) -> None:
        while True:
            try:
                self.conn.execute("COMMIT")
                return
            except apsw.BusyError:
                time.sleep(random.uniform(0.005, 0.05))

    def query(self, sql: str, params: tuple | dict = ()) -> list[tuple]:
        """Run a read and return all rows."""
        try:
            return self.conn.execute(sql, params).fetchall()
        except STORAGE_ERRORS as e:
            raise explain(e, self.path, "read") from e

    def scalar(self, sql: str, params: tuple | dict = ()):
        """Run a read and return the first column of the first row (or None)."""
        rows = self.query(sql, params)
        return rows[0][0] if rows else None

    def data_version(self) -> tuple[int, int]:
        """Changes whenever the database changes, by this connection or another (cheap cache key)."""
        return int(self.scalar("PRAGMA data_version")), self.conn.total_changes()

    def integrity_check(self) -> list[str]:
        """`PRAGMA integrity_check` problems (empty when healthy)."""
        rows = [r[0] for r in self.conn.execute("PRAGMA integrity_check")]
        return [] if rows == ["ok"] else rows

    def backup_to(self, target: str) -> None:
        """Copy the whole database to `target` with SQLite's online backup."""
        dest = apsw.Connection(target)
        try:
            with dest.backup("main", self.conn, "main") as b:
                while not b.done:
                    b.step(1000)
        finally:
            dest.close()

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with contextlib.suppress(Exception):
            self.conn.close()
