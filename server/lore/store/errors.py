"""Errors the store raises, each with a message a user can act on."""

import errno

import apsw

# The SQLite driver's own error, met mid-command (opening a database already turns it into a
# StoreError); faces catch it by this name and turn it into a sentence with `explain`.
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


def explain(error: Exception, path: str | None = None, doing: str = "save to") -> StoreError:
    """One SQLite error as a StoreError: what happened, that nothing was saved, and what to run.

    The store passes the database's path and what it was doing; a face that meets the driver's error
    mid-command passes neither, and the message names "the Lore database".
    """
    subject = f"database {path}" if path else "the Lore database"
    what = f"Lore could not {doing} {path}" if path else "the command did not finish"
    if isinstance(error, apsw.FullError) or "disk is full" in str(error) or "File too large" in str(error):
        return DiskFullError(f"the disk is full: {what}; nothing was saved. Free some space and try again.")
    if isinstance(error, (apsw.ReadOnlyError, apsw.PermissionsError, apsw.AuthError)):
        return ReadOnlyError(f"{subject} is read-only (or its folder is): {what}; nothing was saved. Make both "
                             "writable (chmod u+w) and try again.")
    if isinstance(error, (apsw.CorruptError, apsw.NotADBError)):
        return CorruptDatabaseError(f"{subject} is damaged ({error}); nothing was saved. Run "
                                    "`lore doctor --rebuild` to rebuild it; every readable memory and the backups "
                                    "are kept.")
    if isinstance(error, (apsw.BusyError, apsw.LockedError)):
        return StoreError(f"{subject} is busy ({error}): another Lore process holds it; nothing was saved. "
                          "Try again.")
    if isinstance(error, (apsw.IOError, apsw.CantOpenError)):
        return StoreError(f"{what}: a disk error on {subject} ({error}); nothing was saved. Check the disk and "
                          "the file, then run `lore doctor`.")
    return StoreError(f"{subject} failed ({type(error).__name__}: {error}); nothing was saved. Run `lore doctor` "
                      "to check it.")


def from_os(e: OSError) -> StoreError:
    """A file-system error as a StoreError naming the file and what to do."""
    name = f" {e.filename}" if e.filename else ""
    why = e.strerror or str(e)
    if e.errno == errno.ENOSPC:
        return DiskFullError(f"the disk is full writing{name} ({why}); free some space, then run the command again")
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ReadOnlyError(f"cannot write or read{name} ({why}); check its permissions, then run the command again")
    return StoreError(f"file error on{name}: {why}")


class ReplacedError(StoreError):
    """The database file was deleted or replaced while open, and could not be opened again."""
