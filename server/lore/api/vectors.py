"""`Lore`'s vectors: the embedder loaded on first need, sections embedded when they lack a vector."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lore.embedding.embedder import Embedder, ModelUnavailable

if TYPE_CHECKING:
    from lore.store import Store

log = logging.getLogger(__name__)


class Vectors:
    """The embedding part of `Lore` (`lore.api`): it reads the embedder, `model_error`, `notices`,
    `fresh_team` and the databases (`stores()`) the class sets up."""

    embedder: Embedder | None
    model_error: str | None
    notices: list[str]
    fresh_team: list[str]
    store: Store

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

    def embed_pending(self, limit: int | None = None, progress=None, skip_kinds: tuple[str, ...] = (),
                      skip_paths: tuple[str, ...] = ()) -> int:
        """Embed sections that have no vector for the current model (both databases), but those of
        memories whose source kind is in `skip_kinds` or whose source file is in `skip_paths` (left for a
        background worker); returns how many. The model is not loaded when every section already has its vector."""
        if self._nothing_pending(skip_kinds, skip_paths):
            return 0
        emb = self.ready_embedder()
        if emb is None:
            return 0
        done = 0
        for store in self.stores():
            index = store.vectors(emb.model_id, emb.dim)
            total = index.pending_count() if progress else None  # a full scan: only when someone watches
            while limit is None or done < limit:
                batch = index.pending(64 if limit is None else min(64, limit - done), skip_kinds, skip_paths)
                if not batch:
                    break
                vecs = emb.embed([t for _, t in batch])
                index.add([(h, v) for (h, _), v in zip(batch, vecs)])
                done += len(batch)
                if progress:
                    progress(done, total)
        return done

    def _nothing_pending(self, skip_kinds: tuple[str, ...], skip_paths: tuple[str, ...] = ()) -> bool:
        """Whether an embedder not loaded yet would find nothing to embed (then it stays unloaded: loading
        costs a third of a second and most of the process's memory)."""
        if self.embedder is None or self.model_error or getattr(self.embedder, "loaded", True):
            return False  # no model, or one in memory already (or never to load): embedding finds out as cheaply
        return not any(store.unembedded(self.embedder.model_id, skip_kinds, skip_paths) for store in self.stores())

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

