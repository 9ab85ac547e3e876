"""Noticing that an open database file was deleted or replaced, and opening the new one safely.

An open SQLite connection keeps writing to the file it opened even after that file is deleted or
renamed over: every write would be acknowledged and lost. Before each write transaction (and
after its commit) the path is compared with the file that is open, by device and inode.

When the file changed, the write-ahead log and shared-memory files beside the path may still be
the old file's (other processes can have them open): a new database must not read them, so they
are renamed aside (kept, never deleted) before it is created. A lock file makes processes doing
this take turns.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import time
from collections.abc import Iterator

log = logging.getLogger(__name__)
SIDE_FILES = ("-wal", "-shm")


def identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of the file at PATH, or None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class FileWatch:
    """The identities of a database file and its side files as they were when opened."""

    def __init__(self, path: str):
        self.path = path
        self.main: tuple[int, int] | None = None
        self.sides: dict[str, tuple[int, int] | None] = {}

    def remember(self) -> None:
        """Record what is open now (call right after opening)."""
        self.main = identity(self.path)
        self.sides = {s: identity(self.path + s) for s in SIDE_FILES}

    def changed(self) -> bool:
        """True when the path no longer names the file that was opened."""
        return self.main is not None and identity(self.path) != self.main

    def set_aside_stale(self) -> list[str]:
        """Rename the old file's WAL and shared-memory files away from the path; returns the new names."""
        moved = []
        gone = identity(self.path) is None  # nobody has made a new file yet: whatever is beside it is old
        for suffix, ident in self.sides.items():
            side = self.path + suffix
            if (gone and identity(side) is not None) or (ident is not None and identity(side) == ident):
                target = f"{side}.stale-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
                with contextlib.suppress(FileNotFoundError):
                    os.replace(side, target)
                    moved.append(target)
        if moved:
            log.warning("set aside the old database's side files: %s", ", ".join(moved))
        return moved


@contextlib.contextmanager
def reopen_lock(path: str) -> Iterator[None]:
    """An exclusive lock, across processes, for replacing the connection to the database at PATH."""
    lock_path = path + "-reopen.lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except OSError:
        yield  # no lock possible (read-only folder): opening will report the real problem
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
