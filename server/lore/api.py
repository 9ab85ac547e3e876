"""The core API every face uses: one workspace's memories (plus the user's), add, find, search, change."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from lore.embedding.embedder import Embedder, ModelUnavailable, embedder_from_env
from lore.memory import Memory, Scope, SourceKind, Status, ValidationError
from lore.store.safe_fs import check_inside
from lore.store import NotFoundError, Store, StoreError
from lore.workspace import find_root, lore_dir, memories_dir, user_db_path, workspace_db_path
from lore.maintenance.recovery import attach
from lore.team.provenance import record as record_provenance
from lore.team.reanchor import reanchor
from lore.team.sync import TeamSyncResult, record_team_file, sync_team_files
from lore.markup.scrub import scrub_memory
from lore.agents.trust import prepare_agent_write
from lore.recall import search_store
from lore.recall import AnchorMatcher
from lore.recall.off_code import off_code
from lore.redact import redact_path
from lore.recall.ordering import order_hits
from lore.recall.anchoring import MATCH_WEIGHT

if TYPE_CHECKING:  # recall, redaction and team files are imported where used: `lore list` needs none
    from lore.recall import AnchorMatcher, Hit, Query

log = logging.getLogger(__name__)


@attrs.define
class AddResult:
    """What `add` did: the stored memory, the secrets it removed, the team file it wrote."""

    memory: Memory
    redactions: list[str] = attrs.field(factory=list)
    file: Path | None = None


class Lore:
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

    # -- model -----------------------------------------------------------------------------
    def ready_embedder(self) -> Embedder | None:
        """The embedder, loaded; None (with one notice) when the model cannot load."""
        if self.embedder is None or self.model_error:
            return None
        load = getattr(self.embedder, "load", None)
        if load is not None:
            try:
                load()
            except ModelUnavailable as e:
                self.model_error = str(e)
                self.notices.append(f"searching by words only: {e}. Vectors are filled in once the model loads.")
                log.warning("embedding model unavailable: %s", e)
                return None
        return self.embedder

    @property
    def model_id(self) -> str | None:
        """Model id of the configured embedder."""
        return self.embedder.model_id if self.embedder is not None else None

    def embed_pending(self, limit: int | None = None, progress=None, skip_kinds: tuple[str, ...] = ()) -> int:
        """Embed sections that have no vector for the current model (both databases), but those of
        memories whose source kind is in `skip_kinds` (left for a background worker); returns how many.
        The model is not loaded when every section already has its vector."""
        if self._nothing_pending(skip_kinds):
            return 0
        emb = self.ready_embedder()
        if emb is None:
            return 0
        done = 0
        for store in self.stores():
            index = store.vectors(emb.model_id, emb.dim)
            total = index.pending_count() if progress else None  # a full scan: only when someone watches
            while limit is None or done < limit:
                batch = index.pending(64 if limit is None else min(64, limit - done), skip_kinds)
                if not batch:
                    break
                vecs = emb.embed([t for _, t in batch])
                index.add([(h, v) for (h, _), v in zip(batch, vecs)])
                done += len(batch)
                if progress:
                    progress(done, total)
        return done

    def _nothing_pending(self, skip_kinds: tuple[str, ...]) -> bool:
        """Whether an embedder not loaded yet would find nothing to embed (then it stays unloaded: loading
        costs a third of a second and most of the process's memory)."""
        if self.embedder is None or self.model_error or getattr(self.embedder, "loaded", True):
            return False  # no model, or one in memory already (or never to load): embedding finds out as cheaply
        return not any(store.unembedded(self.embedder.model_id, skip_kinds) for store in self.stores())

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

    # -- writing ---------------------------------------------------------------------------
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

    def _embed_quietly(self, store: Store, mid: str) -> None:
        """Embed one memory's new sections now (cheap); failures leave them pending for later."""
        try:
            emb = self.ready_embedder()
            if emb is None:
                return
            index = store.vectors(emb.model_id, emb.dim)
            todo = store.sections.unembedded(mid, emb.model_id)
            if todo:
                index.add(list(zip([h for h, _ in todo], emb.embed([t for _, t in todo]))))
        except Exception:  # embedding is an optimisation; the memory is already safe
            log.warning("embedding after a write failed", exc_info=True)

    def embed_fresh_team(self) -> None:
        """Embed the team memories the last sync added or changed, so a memory pulled a moment ago
        ranks by meaning in the very next search instead of waiting for an import."""
        fresh, self.fresh_team = self.fresh_team, []
        for mid in fresh:
            self._embed_quietly(self.store, mid)

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

    # -- reading ---------------------------------------------------------------------------
    def list(self, *, kinds=(), statuses=(), scopes=(), tags=(), since: float | None = None,
             limit: int = 200) -> list[Memory]:
        """Memories matching filters, newest first (all statuses unless given)."""
        out: list[Memory] = []
        for store in self.stores():
            out += store.memories.matching(kinds=kinds, statuses=statuses, scopes=scopes, since=since, limit=limit)
        if tags:
            out = [m for m in out if set(tags) <= set(m.tags)]
        out.sort(key=lambda m: -m.updated_at)
        return out[:limit]

    def search(self, q: Query) -> list[Hit]:
        """Hybrid recall across the workspace and user databases, best first, explained (a read:
        sections waiting for a vector are found by their words; see calls.fill_pending)."""

        qvec = None
        emb = self.ready_embedder() if q.text.strip() else None
        if emb is not None:
            self.embed_fresh_team()
            try:
                qvec = emb.embed([q.text])[0]
            except Exception:
                log.warning("query embedding failed; words only", exc_info=True)
        extra: dict[int, list[str]] = {}
        if q.path or q.symbol:
            for i, store in enumerate(self.stores()):
                extra[i] = list(self.anchored(store, q.path or "", [q.symbol] if q.symbol else [], q.language))
        hits: list[Hit] = []
        for i, store in enumerate(self.stores()):
            hits += search_store(store, q, qvec, emb.model_id if emb else None, extra_ids=extra.get(i, ()))
        if emb is None and self.model_error:
            for h in hits:
                h.why.append("words only: no model")

        return order_hits(self.get, hits, q)[: q.limit]

    def anchored(self, store: Store, path: str, symbols: list[str], language: str | None = None) -> dict:
        """Memory id -> (match kind, anchor) for memories anchored at a place in one database.

        The lookup tables are cached until the database's anchor generation moves; their anchors
        carry no code hash (read a memory for that).
        """
        return self._matcher(store).for_place(path, symbols, language)

    def spread_over(self, store: Store, path: str, symbols: tuple[str, ...], most: int) -> frozenset[str]:
        """Ids of the memories anchored to more than `most` of a file's symbols in one database."""
        return self._matcher(store).spread_over(path, symbols, most)

    def _matcher(self, store: Store) -> AnchorMatcher:
        version = (id(store.db), store.anchor_generation())
        cached = self._matchers.get(store.path)
        if cached is None or cached[0] != version:
            cached = (version, AnchorMatcher(store.anchors.live()))
            self._matchers[store.path] = cached
        return cached[1]

    def warm_anchor_tables(self, path: str = "") -> None:
        """Build every database's anchor lookup tables and compile their globs ahead of the first
        hover; with `path`, also find the globs covering that file."""
        for store in self.stores():
            matcher = self._matcher(store)
            matcher.compile_globs()
            if path:
                matcher.for_place(path)

    def memories_at(self, path: str, symbols: list[str] = (), language: str | None = None) -> list[tuple[Memory, str]]:
        """Active memories anchored at a file/symbol, strongest anchor first (exact lookups, no model);
        guides' generic sections and git history's tasks are left out (`lore.recall.off_code`)."""

        out: list[tuple[Memory, str]] = []
        for store in self.stores():
            found = self.anchored(store, path, list(symbols), language)
            if not found:
                continue
            dismissed = store.dismissals([path, *symbols])
            for mid, m in store.memories.many(found).items():
                if dismissed.get(mid, 0) >= 1 or off_code(m.provenance.kind.value, m.provenance.key, m.title):
                    continue
                out.append((m, found[mid][0]))
        out.sort(key=lambda p: (-MATCH_WEIGHT[p[1]], p[0].kind.value, -p[0].updated_at))
        return out

    def record_surfaced(self, ids: list[str]) -> None:
        """Count that memories were shown (hover, lens, context pack)."""
        now = time.time()
        for store in self.stores():
            store.memories.mark_surfaced(ids, now)

    def not_relevant(self, mid: str, anchor_key: str, *, undo: bool = False) -> bool:
        """"Not relevant here": stop surfacing a memory at a file or symbol; `undo` takes it back
        (False when there was nothing to take back)."""
        store, m = self._locate(mid)

        key = redact_path(anchor_key).text
        if undo:
            return store.undismiss(m.id, key)
        store.dismiss(m.id, key)
        return True

    def counts(self) -> dict[str, int]:
        """Memories by status across both databases."""
        out: dict[str, int] = {}
        for store in self.stores():
            for status, n in store.memories.count_by("status").items():
                out[status] = out.get(status, 0) + n
        return out

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
