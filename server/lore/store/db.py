"""Opening a Lore database: apsw connection, sqlite-vec, WAL, schema checks, migrations, transactions."""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import apsw

from lore.store.errors import CorruptDatabaseError, NewerSchemaError, ReadOnlyError, StoreError
from lore.store.schema import MIGRATIONS

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 10_000
WAL_SIZE_LIMIT = 16 * 1024 * 1024  # a write-ahead log left larger than this after a checkpoint is truncated
REBUILD_HINT = "run `lore doctor --rebuild` to rebuild it from team files and sources"


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


def _create_private(path: str) -> None:
    """Create a missing database file owner-only (SQLite gives its WAL files the same mode)."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass
    except OSError:
        log.debug("could not pre-create %s; SQLite will report why", path, exc_info=True)


class Database:
    """One connection to one Lore database file, used from one thread at a time."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True):
        self.path = str(path)
        if self.path != ":memory:":
            if not create and not os.path.exists(self.path):
                raise StoreError(f"no database at {self.path}")
            _make_folder(Path(self.path).parent)
            _create_private(self.path)
        self.conn = _connect(self.path)
        self._depth = 0
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
        except apsw.ReadOnlyError as e:
            self.conn.close()
            raise ReadOnlyError(f"database {self.path} is read-only: {e}") from e
        except apsw.CantOpenError as e:  # e.g. a read-only folder: no room for the WAL and shared-memory files
            self.conn.close()
            raise ReadOnlyError(f"cannot open database {self.path} ({e}); is its folder read-only?") from e
        except (apsw.NotADBError, apsw.CorruptError) as e:
            self.conn.close()
            raise CorruptDatabaseError(f"database {self.path} is damaged ({e}); {REBUILD_HINT}") from e
        except StoreError:
            self.conn.close()
            raise

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
            raise CorruptDatabaseError(f"database {self.path} is damaged ({e}); {REBUILD_HINT}") from e

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
        """An IMMEDIATE write transaction (nested calls join the outer one); retried while busy."""
        if self._depth:
            self._depth += 1
            try:
                yield self.conn
            finally:
                self._depth -= 1
            return
        self._begin_immediate()
        self._depth = 1
        try:
            yield self.conn
        except BaseException:
            self._depth = 0
            self.conn.execute("ROLLBACK")
            raise
        self._depth = 0
        self._commit()

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
        return self.conn.execute(sql, params).fetchall()

    def scalar(self, sql: str, params: tuple | dict = ()):
        """Run a read and return the first column of the first row (or None)."""
        rows = self.conn.execute(sql, params).fetchall()
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
