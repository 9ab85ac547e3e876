"""`Lore`'s reads: memories by filter, hybrid search, usage counted, "not relevant here"."""

from __future__ import annotations

import logging
import time
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from lore.memory import Memory
from lore.recall import search_store
from lore.recall.ordering import order_hits, without_copies
from lore.recall.query_text import question_vector, unnamed
from lore.recall.search import matched_text
from lore.redact import redact_path
from lore.sources.concepts import own_names
from lore.sources.ownrepo import own_repositories, project_name
from lore.store.filters import listing_rank

if TYPE_CHECKING:
    from lore.recall import Hit, Query

log = logging.getLogger(__name__)


class Reading:
    """The reading part of `Lore` (`lore.api`): it reads the databases (`stores()`), the embedder
    (`ready_embedder`) and the anchored places (`anchored`) of the rest of the class."""

    model_error: str | None
    root: Path

    @cached_property
    def own_words(self) -> frozenset[str]:
        """The words the workspace's own name is written in (`concepts.own_names` of its folder's name and those of
        the repositories it says it is): a question is matched without them (`query_text.unnamed`)."""
        return frozenset(own_names(project_name(self.root, own_repositories(self.root))))

    def list(self, *, kinds=(), statuses=(), scopes=(), tags=(), since: float | None = None,
             limit: int = 200, order: str = "updated") -> list[Memory]:
        """Memories matching filters (all statuses unless given), newest first, or with `order="kind"` decisions and
        warnings first, then conventions, preferences, facts and tasks (`filters.LISTING_KIND_ORDER`), newest first
        within each kind."""
        out: list[Memory] = []
        for store in self.stores():
            out += store.memories.matching(order=order, kinds=kinds, statuses=statuses, scopes=scopes, tags=tags,
                                           since=since, limit=limit)
        by_kind = order == "kind"
        out.sort(key=lambda m: (listing_rank(m.kind.value) if by_kind else 0, -m.updated_at))
        return out[:limit]

    def search(self, q: Query) -> list[Hit]:
        """Hybrid recall across the workspace and user databases, best first, explained (a read:
        sections waiting for a vector are found by their words; see calls.fill_pending)."""

        qvec = None
        # less the citations naming a record ("ADR 13") and the project's own name
        text = unnamed(matched_text(self.stores(), q.text), self.own_words)
        emb = self.ready_embedder() if text.strip() else None
        if emb is not None:
            self.embed_fresh_team()
            try:
                qvec = question_vector(emb.embed, text)
            except Exception:
                log.warning("query embedding failed; words only", exc_info=True)
        extra: dict[int, list[str]] = {}
        if q.path or q.symbol:
            for i, store in enumerate(self.stores()):
                extra[i] = list(self.anchored(store, q.path or "", [q.symbol] if q.symbol else [], q.language))
        hits: list[Hit] = []
        for i, store in enumerate(self.stores()):
            hits += search_store(store, q, qvec, emb.model_id if emb else None, extra_ids=extra.get(i, ()), matched=text)
        if emb is None and self.model_error:
            for h in hits:
                h.why.append("words only: no model")

        return without_copies(order_hits(self.get, hits, q))[: q.limit]

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

