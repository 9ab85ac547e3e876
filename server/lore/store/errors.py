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
