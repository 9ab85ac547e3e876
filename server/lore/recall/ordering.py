"""Final ordering of hits from several databases: merge, and keep every superseded memory below its successors."""

from __future__ import annotations

from collections.abc import Callable

from lore.memory import Memory, Status
from lore.recall.query import Hit, Query


def order_hits(get: Callable[[str], Memory], hits: list[Hit], q: Query) -> list[Hit]:
    """Sort by score; a superseded hit always ranks below each successor (added when missing, read
    with `get`, which raises for a memory that is gone)."""
    by_id = {h.memory.id: h for h in hits}
    if q.include_superseded:
        for h in list(hits):
            for succ_id in h.memory.superseded_by:
                if succ_id in by_id:
                    continue
                try:
                    succ = get(succ_id)
                except Exception:
                    continue
                extra = Hit(succ, h.score * 1.01, [f"successor of {h.memory.id}"])
                by_id[succ.id] = extra
                hits.append(extra)
    hits.sort(key=lambda h: -h.score)
    changed = True
    guard = 0
    while changed and guard < 10:
        changed = False
        guard += 1
        for h in hits:
            if h.memory.status is not Status.SUPERSEDED and not h.memory.superseded_by:
                continue
            succ_scores = [by_id[s].score for s in h.memory.superseded_by if s in by_id]
            if succ_scores and h.score >= min(succ_scores):
                h.score = min(succ_scores) * 0.99
                changed = True
        hits.sort(key=lambda h: -h.score)
    return hits
