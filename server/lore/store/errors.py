"""Errors the store raises, each with a message a user can act on."""

import apsw

# The SQLite driver's own error, met mid-command (opening a database already turns it into a
# StoreError); faces catch it by this name and explain it with `from_sqlite`.
DriverError = apsw.Error


class StoreError(Exception):
    """Base class for database problems shown to the user."""


class NewerSchemaError(StoreError):
    """The database was written by a newer Lore; nothing is written to it."""


class CorruptDatabaseError(StoreError):
    """The database file cannot be read as SQLite or fails its integrity check."""


class ReadOnlyError(StoreError):
    """The database or its folder cannot be written."""


class NotFoundError(StoreError):
    """No memory has the given id."""


class DiskFullError(StoreError):
    """The disk (or the database's size limit) is full; the write did not happen."""


REBUILD = "run `lore doctor --rebuild` to rebuild it from team files and sources"


def from_sqlite(e: Exception) -> StoreError:
    """A SQLite error met mid-command as a StoreError whose message says what happened and what to run."""
    why = str(e).split(":", 1)[-1].strip() or e.__class__.__name__
    if isinstance(e, (apsw.CorruptError, apsw.NotADBError)):
        return CorruptDatabaseError(f"the Lore database is damaged ({why}); {REBUILD}")
    if isinstance(e, apsw.ReadOnlyError):
        return ReadOnlyError(f"the Lore database is read-only ({why}); nothing was saved: make .lore/ and its "
                             "files writable, then run the command again")
    if isinstance(e, apsw.FullError):
        return DiskFullError(f"the disk is full ({why}); nothing was saved: free some space, then run the "
                             "command again")
    if isinstance(e, (apsw.BusyError, apsw.LockedError)):
        return StoreError(f"the Lore database is busy ({why}): another Lore process holds it; try again")
    if isinstance(e, apsw.IOError):
        return StoreError(f"the Lore database could not be read or written ({why}); check the disk, then run "
                          "`lore doctor`")
    if isinstance(e, apsw.CantOpenError):
        return ReadOnlyError(f"the Lore database cannot be opened ({why}); check that .lore/ is a writable "
                             "folder, then run `lore doctor`")
    return StoreError(f"the Lore database failed ({e.__class__.__name__}: {why}); run `lore doctor`")


def from_os(e: OSError) -> StoreError:
    """A file-system error as a StoreError naming the file and what to do."""
    import errno

    name = f" {e.filename}" if e.filename else ""
    why = e.strerror or str(e)
    if e.errno == errno.ENOSPC:
        return DiskFullError(f"the disk is full writing{name} ({why}); free some space, then run the command again")
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ReadOnlyError(f"cannot write or read{name} ({why}); check its permissions, then run the command again")
    return StoreError(f"file error on{name}: {why}")


class ReplacedError(StoreError):
    """The database file was deleted or replaced while open, and could not be opened again."""


def explain(error: Exception, path: str, doing: str = "save to") -> StoreError:
    """A sentence for an SQLite error: what happened, that nothing was saved, and what to run."""
    name = type(error).__name__
    if isinstance(error, apsw.FullError) or "disk is full" in str(error) or "File too large" in str(error):
        return DiskFullError(f"the disk is full: Lore could not {doing} {path}; nothing was saved. "
                             "Free some space and try again.")
    if isinstance(error, (apsw.ReadOnlyError, apsw.PermissionsError, apsw.AuthError)):
        return ReadOnlyError(f"database {path} is read-only (or its folder is): Lore could not {doing} it; nothing "
                             f"was saved. Make both writable (chmod u+w) and try again.")
    if isinstance(error, (apsw.CorruptError, apsw.NotADBError)):
        return CorruptDatabaseError(f"database {path} is damaged ({error}); nothing was saved. Run "
                                    "`lore doctor --rebuild` to rebuild it; every readable memory and the backups "
                                    "are kept.")
    if isinstance(error, (apsw.IOError, apsw.CantOpenError)):
        return StoreError(f"could not {doing} database {path}: a disk error ({error}); nothing was saved. Check the "
                          "disk and the file, then run `lore doctor`.")
    return StoreError(f"database {path} failed ({name}: {error}); nothing was saved. Run `lore doctor` to check it.")
