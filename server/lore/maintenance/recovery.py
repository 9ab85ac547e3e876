"""Keeping a workspace's private memories safe while Lore runs: the journal fed by every commit, and
recovery when the database file vanishes or is replaced under a running server.

A database found deleted or replaced is reopened at its path (see lore.store.fileid), then filled
back from the newest snapshot and the journal (private memories and learning state) and from the
team files; a database created where none was (deleted while nothing ran) is filled the same way.
"""

from __future__ import annotations

import logging
from typing import Protocol

from lore.maintenance.journal import Journal, read_state, restore
from lore.store import Store

log = logging.getLogger(__name__)


class Workspace(Protocol):
    """What recovery needs of the workspace that owns a database (the core API's `Lore`)."""

    store: Store
    notices: list[str]

    def forget_caches(self) -> None: ...

    def sync_team(self) -> object: ...


def attach(lore: Workspace, store: Store) -> Journal:
    """Feed STORE's commits to its journal and recover it when its file is replaced; returns the journal."""
    journal = Journal(store)
    store.db.after_commit = journal.record
    store.db.on_replaced = lambda: recover(lore, store, "was deleted or replaced while Lore was running")
    if store.db.created:
        state = read_state(store.path)
        if not state.empty:
            recover(lore, store, "is new (it was missing)", state=state)
    return journal


def recover(lore: Workspace, store: Store, why: str, *, state=None) -> dict[str, int]:
    """Refill STORE from its backups (and team files, for the workspace database); a notice says what."""
    store.reset_caches()
    lore.forget_caches()
    state = state if state is not None else read_state(store.path)
    counts = restore(store, state) if not state.empty else {"memories": 0}
    learned = sum(n for t, n in counts.items() if t != "memories")
    message = (f"database {store.path} {why}; opened the file now at that path and restored "
               f"{counts['memories']} private memories and {learned} learning rows from {', '.join(state.sources) or 'no backup'}")
    if store is lore.store:
        lore.sync_team()
        message += "; team memories re-read from .lore/memories (run `lore import` to re-read ADRs, rules and comments)"
    for problem in state.problems:
        log.warning("backup line skipped: %s", problem)
    log.warning("%s", message)
    lore.notices.append(message)
    return counts
