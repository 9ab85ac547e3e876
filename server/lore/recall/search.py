"""Hybrid search over one database: BM25 words and vector KNN fused by reciprocal rank, then adjusted."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import apsw

from lore.model import HIDDEN_STATUSES, Anchor, Kind, Memory, Section, Status
from lore.recall.anchoring import GLOB_CHARS, MATCH_WEIGHT, best_match, glob_covers
from lore.recall.query import Hit, Query
from lore.store import Store
from lore.text import query_words

RRF_K = 60
CANDIDATES = 60
# Below this cosine similarity a memory found by meaning alone is noise, not a match.
SEMANTIC_FLOOR = 0.2
KIND_WEIGHT = {Kind.DECISION: 1.0, Kind.CONVENTION: 1.0, Kind.PREFERENCE: 1.0, Kind.WARNING: 1.0,
               Kind.FACT: 0.97, Kind.TASK: 0.93}
# An anchor at the query's place is a third ranked list fused like words and meaning: a symbol
# anchor ranks first, a file second, a glob by how deep its fixed part reaches, a language last.
ANCHOR_RANK = {"symbol": 1, "file": 2, "language": 12}
STATUS_WEIGHT = {Status.ACTIVE: 1.0, Status.PROPOSED: 0.85, Status.SUPERSEDED: 0.5, Status.DEPRECATED: 0.45}


def lexical(store: Store, text: str, limit: int = CANDIDATES) -> list[tuple[int, float]]:
    """(section id, bm25) best first, for the content words of `text`."""
    words = query_words(text)
    if not words:
        return []
    match = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
    try:
        return store.db.query(
            "SELECT rowid, bm25(sections_fts, 4.0, 2.0, 1.0) AS r FROM sections_fts "
            "WHERE sections_fts MATCH ? ORDER BY r LIMIT ?",
            (match, limit),
        )
    except apsw.SQLError:
        return []


def _best_per_memory(store: Store, section_ids: Sequence[int]) -> dict[str, tuple[int, int]]:
    """memory id -> (rank of its best section, section id)."""
    if not section_ids:
        return {}
    marks = ",".join("?" * len(section_ids))
    owner = dict(store.db.query(f"SELECT id, memory_id FROM sections WHERE id IN ({marks})", tuple(section_ids)))
    out: dict[str, tuple[int, int]] = {}
    rank = 0
    for sid in section_ids:
        mid = owner.get(sid)
        if mid is None or mid in out:
            continue
        rank += 1
        out[mid] = (rank, sid)
    return out


def _sections(store: Store, ids: Sequence[int]) -> dict[int, Section]:
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = store.db.query(f"SELECT id, heading, text, line FROM sections WHERE id IN ({marks})", tuple(ids))
    return {r[0]: Section(r[1], r[2], r[3]) for r in rows}


def _passes(m: Memory, q: Query) -> bool:
    if q.kinds and m.kind not in q.kinds:
        return False
    if q.scopes and m.scope not in q.scopes:
        return False
    if q.statuses:
        if m.status not in q.statuses:
            return False
    elif m.status in HIDDEN_STATUSES and not q.include_superseded:
        return False
    if q.tags and not set(q.tags) <= set(m.tags):
        return False
    if q.since is not None and m.updated_at < q.since:
        return False
    if q.under:
        prefix = q.under.rstrip("/")
        places = [m.provenance.path or ""] + [a.value for a in m.anchors if a.kind == "path"] + \
                 [a.file or "" for a in m.anchors if a.kind == "symbol"]
        if not any(p == prefix or p.startswith(prefix + "/") or glob_covers(p, prefix + "/x") for p in places if p):
            return False
    return True


def _anchor_rank(kind: str, anchor: Anchor) -> int:
    """Rank of an anchor match among anchor signals (deeper globs are more specific)."""
    if kind != "glob":
        return ANCHOR_RANK.get(kind, 12)
    depth = 0
    for part in anchor.value.split("/"):
        if GLOB_CHARS & set(part):
            break
        depth += 1
    return max(3, 7 - depth)


def _adjust(hit: Hit, q: Query, now: float) -> None:
    m = hit.memory
    factor = KIND_WEIGHT.get(m.kind, 1.0) * STATUS_WEIGHT.get(m.status, 1.0)
    factor *= 0.6 + 0.4 * m.confidence
    age_days = max(0.0, (now - m.updated_at) / 86400)
    factor *= 1.0 + 0.05 * math.exp(-age_days / 90)
    if m.used_count:
        factor *= 1.0 + 0.04 * math.log1p(m.used_count)
        hit.why.append(f"used {m.used_count}×")
    if m.status is not Status.ACTIVE:
        if m.superseded_by:
            hit.why.append(f"{m.status.value} by {', '.join(m.superseded_by)}")
        else:
            hit.why.append(f"status {m.status.value}")
    if q.path or q.symbol or q.language:
        match = best_match(m.anchors, q.path, q.symbol, q.language)
        if match:
            kind, anchor = match
            hit.anchor_match = kind
            hit.score += 1.0 / (RRF_K + _anchor_rank(kind, anchor))
            factor *= MATCH_WEIGHT[kind]
            hit.why.append(f"anchored to {kind} {anchor.to_text()}")
    if m.needs_review:
        hit.why.append("flagged for review: anchored code changed")
    hit.score *= factor


def search_store(store: Store, q: Query, query_vector: Sequence[float] | None = None,
                 model: str | None = None, *, candidates: int = CANDIDATES,
                 extra_ids: Sequence[str] = ()) -> list[Hit]:
    """Hits from one database (not yet merged with other databases), best first."""
    words = query_words(q.text)
    lex = _best_per_memory(store, [sid for sid, _ in lexical(store, q.text, candidates)])
    sem: dict[str, tuple[int, int]] = {}
    sims: dict[int, float] = {}
    if query_vector is not None and model:
        index = store.existing_vectors(model)
        if index is not None:
            pairs = index.knn(query_vector, candidates)
            sims = dict(pairs)
            sem = _best_per_memory(store, [sid for sid, _ in pairs])
    ids = list(dict.fromkeys([*lex, *sem, *extra_ids]))
    memories = store.memories.many(ids)
    sections = _sections(store, [v[1] for v in (*lex.values(), *sem.values())])
    now = time.time()
    hits: list[Hit] = []
    for mid in ids:
        m = memories.get(mid)
        if m is None or not _passes(m, q):
            continue
        hit = Hit(m, 0.0)
        if mid in lex:
            rank, sid = lex[mid]
            hit.score += 1.0 / (RRF_K + rank)
            hit.lexical_rank = rank
            hit.section = sections.get(sid)
            matched = [w for w in words if w in (sections.get(sid).text.lower() if sid in sections else "")]
            hit.why.append(f"words {', '.join(matched[:4]) or 'matched'} (rank {rank})")
        if mid in sem:
            rank, sid = sem[mid]
            hit.similarity = sims.get(sid)
            if (hit.similarity or 0.0) >= SEMANTIC_FLOOR:
                hit.score += 1.0 / (RRF_K + rank)
            hit.semantic_rank = rank
            if hit.section is None or (hit.lexical_rank or 99) > rank:
                hit.section = sections.get(sid)
            hit.why.append(f"meaning {hit.similarity:.2f} (rank {rank})")
        if mid not in lex and mid not in extra_ids and (hit.similarity or 0.0) < SEMANTIC_FLOOR:
            continue
        if mid not in lex and mid not in sem:
            hit.score += 1.0 / (RRF_K + candidates)
        _adjust(hit, q, now)
        hits.append(hit)
    hits.sort(key=lambda h: -h.score)
    return hits
