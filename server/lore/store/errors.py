"""Errors the store raises, each with a message a user can act on."""


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


class ReplacedError(StoreError):
    """The database file was deleted or replaced while open, and could not be opened again."""


class DiskFullError(StoreError):
    """The disk (or the file size limit) left no room to write."""


def explain(error: Exception, path: str, doing: str = "save to") -> StoreError:
    """A sentence for an SQLite error: what happened, that nothing was saved, and what to run."""
    import apsw

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
