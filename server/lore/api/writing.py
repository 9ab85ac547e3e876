"""`Lore`'s writes: add, update, supersede, change status, forget, restore; team files kept in step."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from lore.agents.trust import prepare_agent_write
from lore.markup.scrub import scrub_memory
from lore.memory import Memory, Scope, SourceKind, Status, ValidationError
from lore.store.safe_fs import check_inside
from lore.team.sync import record_team_file
from lore.workspace import memories_dir

if TYPE_CHECKING:
    from lore.store import Store

log = logging.getLogger(__name__)


@attrs.define
class AddResult:
    """What `add` did: the stored memory, the secrets it removed, the team file it wrote."""

    memory: Memory
    redactions: list[str] = attrs.field(factory=list)
    file: Path | None = None


class Writing:
    """The writing part of `Lore` (`lore.api`): it reads the root, the databases, the lock and the
    set of changed databases the class sets up, and finds memories with its `_locate` and `get`."""

    root: Path
    store: Store
    _lock: threading.RLock
    _dirty: set[str]

    def add(self, m: Memory, *, embed: bool = True) -> AddResult:
        """Validate, redact secrets, store (and write the team file for team scope), embed. The ids
        it supersedes may be unique prefixes (as people type them); NotFoundError names one that is not."""

        m.validate()
        m.supersedes = [self.get(old).id for old in m.supersedes]

        prepare_agent_write(m)
        redactions = scrub_memory(m)
        m.validate()
        store = self.store_for(m)
        path = None
        with self._lock, store.transaction():
            for old in m.supersedes:
                self._mark_superseded(old, m.id)
            if m.scope is Scope.TEAM:
                from lore.team import files as teamfiles  # YAML: only team memories need it

                path = teamfiles.file_name(m, memories_dir(self.root))
                m.provenance.path = path.relative_to(self.root).as_posix()
                if m.provenance.kind is SourceKind.MANUAL:
                    m.provenance.kind = SourceKind.TEAM_FILE
            store.memories.insert(m)
            if path is not None:
                teamfiles.write(self.root, path, m)

                record_team_file(self.root, self.store, path)
        self._dirty.add(store.path)
        if embed:
            self._embed_quietly(store, m.id)
        return AddResult(store.memories.get(m.id) or m, redactions, path)

    def update(self, m: Memory, *, touch: bool = True) -> Memory:
        """Rewrite a memory in place (same id, usage kept) and its team file.

        A person's change to the content moves `updated` (`touch`); anything else (anchor following
        after a rename, flags, confirming) keeps it, so every clone making the same rewrite writes
        the same team file and two people making the same change do not conflict."""

        m.validate()
        redactions = scrub_memory(m)
        if redactions:
            log.warning("secrets removed before storing %s: %s", m.id, "; ".join(redactions))
        m.validate()
        store, before = self._locate(m.id)
        m.updated_at = time.time() if touch else before.updated_at
        with self._lock, store.transaction():
            store.memories.update(m)
            self._rewrite_team_file(m, touch=touch)
        self._dirty.add(store.path)
        return store.memories.get(m.id) or m

    def refresh_team_file(self, m: Memory) -> None:
        """Bring a team memory's file in step with the database (an automatic rewrite)."""
        with self._lock, self.store.transaction():
            self._rewrite_team_file(m)

    def _rewrite_team_file(self, m: Memory, *, touch: bool = False) -> None:
        """Bring a team memory's file in step with the database, changing only the lines that differ
        (`updated:` only when `touch`); a file holding conflict markers is refused, not overwritten."""
        from lore.team import files as teamfiles

        if m.scope is Scope.TEAM and m.provenance.path and m.provenance.path.startswith(".lore/memories/"):
            full = self.root / m.provenance.path
            if not teamfiles.update(self.root, full, self._locate(m.id)[1], touch=touch):
                return

            record_team_file(self.root, self.store, full)

    def _mark_superseded(self, old_id: str, new_id: str) -> None:
        store, old = self._locate(old_id)
        with store.transaction():  # a team file that cannot be rewritten undoes the change
            store.memories.link(old.id, new_id)
            store.memories.set_status(old.id, Status.SUPERSEDED)
            self._rewrite_team_file(old)
        self._dirty.add(store.path)

    def supersede(self, old_id: str, new_ids: list[str]) -> Memory:
        """Mark `old_id` superseded by each of `new_ids` (all must exist)."""
        _, old = self._locate(old_id)
        news = [self._locate(n)[1] for n in new_ids]
        if not news:
            raise ValidationError("supersede needs at least one successor")
        if any(n.id == old.id for n in news):
            raise ValidationError("a memory cannot supersede itself")
        for n in news:
            self._mark_superseded(old.id, n.id)
            if n.scope is Scope.TEAM:
                self._rewrite_team_file(n)
        return self.get(old.id)

    def set_status(self, mid: str, status: Status) -> Memory:
        """Change a memory's status (and its team file)."""
        store, m = self._locate(mid)
        with self._lock, store.transaction():
            store.memories.set_status(m.id, status)
            if status is Status.ACTIVE:
                store.memories.unlink_successors(m.id)
            fresh = store.memories.get(m.id)
            assert fresh is not None
            fresh.meta["user_status"] = status.value
            store.memories.update(fresh, reindex=False)
            self._rewrite_team_file(m)  # inside: a team file that cannot be rewritten undoes the change
        self._dirty.add(store.path)
        return self.get(m.id)

    def forget(self, mid: str, *, purge: bool = False) -> Memory:
        """Soft-forget (deprecated, restorable) or, with purge, delete for good (and its team file)."""
        store, m = self._locate(mid)
        if not purge:
            return self.set_status(m.id, Status.DEPRECATED)
        with self._lock, store.transaction():
            store.memories.delete(m.id)
            if m.scope is Scope.TEAM and m.provenance.path and m.provenance.path.startswith(".lore/memories/"):
                full = self.root / m.provenance.path
                check_inside(self.root, full.parent)  # removes a link itself, never a file outside
                full.unlink(missing_ok=True)
                store.sources.delete(m.provenance.path)
        self._dirty.add(store.path)
        return m

    def restore(self, mid: str) -> Memory:
        """Bring a forgotten or superseded memory back to active."""
        return self.set_status(mid, Status.ACTIVE)

