"""The core API every face uses: `Lore`, one workspace's memories (plus the user's).

The class is the workspace's state (its databases, the embedder, the anchor lookup tables, the lock)
and the operations on its memory records; its methods are grouped by what they do, one file each:
`writing.py` (add, update, supersede, forget), `reading.py` (list, search, usage),
`places.py` (memories anchored at a file or symbol) and `vectors.py` (the embedder and pending
vectors). A capability that works on a workspace is a function in its own package that takes the
`Lore` as its first argument (`build_pack(lore, ...)`, `run_import(lore, ...)`); docs/ARCHITECTURE.md
says why.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from lore.api.places import Places
from lore.api.reading import Reading
from lore.api.vectors import Vectors
from lore.api.writing import AddResult, Writing
from lore.embedding.embedder import Embedder, embedder_from_env
from lore.maintenance.recovery import attach
from lore.memory import NEWER_META, Memory, Scope, ValidationError
from lore.store import NotFoundError, Store, StoreError
from lore.team.provenance import record as record_provenance
from lore.team.reanchor import reanchor
from lore.team.sync import TeamSyncResult, record_team_file, sync_team_files
from lore.workspace import find_root, lore_dir, memories_dir, user_db_path, workspace_db_path

if TYPE_CHECKING:
    from lore.recall import AnchorMatcher

__all__ = ["AddResult", "Lore"]

log = logging.getLogger(__name__)


class Lore(Writing, Reading, Places, Vectors):
    """One workspace's memory: its database, the user's database, team files and the embedder."""

    def __init__(self, root: str | Path | None = None, *, db_path: str | Path | None = None,
                 user_db: str | Path | None | bool = None, embedder: Embedder | None = None,
                 sync_team: bool = True):
        self.root = Path(root).resolve() if root else find_root()
        path = Path(db_path) if db_path else workspace_db_path(self.root)
        lore_dir(self.root, create=path == workspace_db_path(self.root) and path.parent == self.root / ".lore")
        self.store = Store(path)
        self.user: Store | None = None
        if user_db is not False:
            upath = Path(user_db) if isinstance(user_db, (str, Path)) else user_db_path()
            if upath.resolve() != path.resolve():
                upath.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                self.user = Store(upath)
        self.embedder: Embedder | None = embedder or embedder_from_env()
        self.model_error: str | None = None
        self.notices: list[str] = []
        self._matchers: dict[str, tuple[tuple[int, int], AnchorMatcher]] = {}
        self._lock = threading.RLock()
        self._dirty: set[str] = set()
        self.team_errors: list[str] = []
        self.fresh_team: list[str] = []  # team memories a sync just read (a pull): embedded before the next search

        self.journals = {store.path: attach(self, store) for store in self.stores()}
        if sync_team:
            self.team_errors = list(self.sync_team().errors)
            self.notices += [e for e in self.team_errors if e.startswith("merge conflict in ")]

    def sync_team(self) -> TeamSyncResult:
        """Read new or changed team files (`.lore/memories/*.md`) into the workspace database; the
        memories it added or changed are embedded before the next search."""
        result = sync_team_files(self.root, self.store, self.fresh_team)
        moved = reanchor(self)  # anchors follow code git renamed or moved since the last commit seen
        result.errors += moved.errors
        if moved.files:
            with self.store.transaction():
                for rel in moved.files:
                    record_team_file(self.root, self.store, self.root / rel)  # its row was updated with it
        if moved.head_moved:
            record_provenance(self, memories_dir(self.root).relative_to(self.root).as_posix() + "/", moved.since)
        return result

    # -- stores ----------------------------------------------------------------------------
    def stores(self) -> list[Store]:
        """The workspace database, then the user database."""
        return [self.store] + ([self.user] if self.user else [])

    def store_for(self, m: Memory) -> Store:
        """The database a memory belongs in."""
        if m.scope is Scope.USER:
            if self.user is None:
                raise ValidationError("user scope needs the user database, which is disabled here")
            return self.user
        return self.store

    def _locate(self, mid: str) -> tuple[Store, Memory]:
        for store in self.stores():
            m = store.memories.get(mid)
            if m:
                return store, m
        matches = [(s, i) for s in self.stores() for i in s.memories.find_prefix(mid)] if len(mid) >= 4 else []
        if len(matches) == 1:
            store, full = matches[0]
            return store, store.memories.get(full)  # type: ignore[return-value]
        if len(matches) > 1:
            raise NotFoundError(f"id {mid!r} is ambiguous: {', '.join(i for _, i in matches)}")
        raise NotFoundError(f"no memory with id {mid!r}")

    def get(self, mid: str) -> Memory:
        """A memory by id or unique id prefix (NotFoundError otherwise)."""
        return self._locate(mid)[1]

    def parts_of(self, m: Memory) -> dict[str, str]:
        """The text of each headed part of a memory as it is indexed, by heading (a part cut in several joined, the
        title line each section opens with left out): what a view quotes beyond the body (a record's consequences)."""
        try:
            store = self._locate(m.id)[0]
        except NotFoundError:
            return {}
        out: dict[str, list[str]] = {}
        for s in store.sections.of_memory(m.id):
            if s.heading:
                first, _, rest = s.text.partition("\n")
                out.setdefault(s.heading, []).append(rest.strip() if s.heading in first else s.text.strip())
        return {h: "\n\n".join(t for t in texts if t) for h, texts in out.items()}

    def related_titles(self, m: Memory) -> dict[str, str]:
        """The titles of the memories `m` names as its successors, predecessors and later records (`superseded_by`,
        `supersedes`, `NEWER_META`, the task that reverted it), by id, for a view to name them by more than an id; one
        gone is left out."""
        ids = {*m.superseded_by, *m.supersedes, *(m.meta.get(NEWER_META) or {})}
        if m.meta.get("reverted_by"):
            ids.add(str(m.meta["reverted_by"]))
        out: dict[str, str] = {}
        for store in self.stores():
            out.update({i: x.title for i, x in store.memories.many(ids - out.keys()).items()})
        return out

    def counts(self) -> dict[str, int]:
        """Memories by status across both databases."""
        out: dict[str, int] = {}
        for store in self.stores():
            for status, n in store.memories.count_by("status").items():
                out[status] = out.get(status, 0) + n
        return out

    def shown_counts(self) -> tuple[int, int]:
        """(memories, tasks read from git history), active or proposed, across both databases."""
        memories = history = 0
        for store in self.stores():
            m, h = store.memories.count_shown()
            memories, history = memories + m, history + h
        return memories, history

    def backup_if_dirty(self, *, force: bool = False) -> None:
        """Fold each changed database's journal into a fresh snapshot of its private memories and
        learning state once the journal has grown (always with FORCE, as at close). Every commit
        is already in the journal: this only keeps the replay short."""
        for store in self.stores():
            if store.path in self._dirty and (force or self.journals[store.path].size() > 256 * 1024):
                try:
                    self.journals[store.path].compact()
                except (OSError, StoreError):
                    log.warning("could not write the backup of %s", store.path, exc_info=True)
                self._dirty.discard(store.path)

    def forget_caches(self) -> None:
        """Drop what was read from a database that has since been reopened."""
        self._matchers.clear()

    def close(self) -> None:
        """Back up what changed, then close both databases."""
        try:
            self.backup_if_dirty(force=True)
        finally:
            for store in self.stores():
                store.close()

    def __enter__(self) -> Lore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
