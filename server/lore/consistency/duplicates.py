"""Near-duplicate memories: the same guidance written twice (AGENTS.md copied into CLAUDE.md, a team
memory restating an ADR). A pair is close in meaning (embedding cosine >= `COSINE`) and in words
(word-set overlap >= `OVERLAP`); without a model, words alone must overlap more (`WORDS_ONLY`).
Code comments are left out (a `DEPRECATED:` note repeated on a getter and its setter belongs to
each), and so are two sections of one file (a guide's repeated template is not two memories
saying one thing twice). Returned for review with both sides; nothing is merged."""

from __future__ import annotations

import re

import attrs

from lore.consistency.contradictions import memory_text
from lore.memory import Memory

COSINE = 0.90
OVERLAP = 0.45
WORDS_ONLY = 0.7
MIN_WORDS = 6
MAX_TEXT = 1200
_WORD = re.compile(r"[a-z][a-z0-9_]{2,}")
STOP = frozenset("the and for are with that this from not you your use all any can has have was were will "
                 "into its our their them then than when what which who how why but also only each more most "
                 "must should may such these those there here over under about after before".split())


@attrs.frozen
class Duplicate:
    """Two memories saying nearly the same thing: the ids, titles, sources and how close they are."""

    a_id: str
    a_title: str
    a_source: str | None
    b_id: str
    b_title: str
    b_source: str | None
    overlap: float
    cosine: float | None


def words(m: Memory) -> frozenset[str]:
    """The content words of a memory's text."""
    return frozenset(w for w in _WORD.findall(memory_text(m)[:MAX_TEXT].lower()) if w not in STOP)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """|a & b| / |a | b| (0 when both are empty)."""
    return len(a & b) / len(a | b) if a or b else 0.0


def duplicates(memories: list[Memory], embed=None) -> list[Duplicate]:
    """Near-duplicate pairs among `memories`, closest first; `embed(texts) -> vectors` when a model is
    at hand (else words alone decide, at the higher `WORDS_ONLY` bar)."""
    items = [(m, words(m)) for m in memories if m.provenance.kind.value != "comment"]
    items = [(m, w) for m, w in items if len(w) >= MIN_WORDS]
    if len(items) < 2:
        return []
    vectors = _normalised(embed, [memory_text(m)[:MAX_TEXT] for m, _ in items]) if embed else None
    bar = OVERLAP if vectors is not None else WORDS_ONLY
    out = []
    for i, (ma, wa) in enumerate(items):
        for j in range(i + 1, len(items)):
            mb, wb = items[j]
            if ma.id in mb.superseded_by or mb.id in ma.superseded_by or \
                    (ma.provenance.path and ma.provenance.path == mb.provenance.path):
                continue
            small, large = sorted((len(wa), len(wb)))
            if small < bar * large:  # jaccard <= small / large: cannot pass
                continue
            score = jaccard(wa, wb)
            if score < bar:
                continue
            cos = float(vectors[i] @ vectors[j]) if vectors is not None else None
            if cos is not None and cos < COSINE:
                continue
            out.append(Duplicate(ma.id, ma.title, ma.provenance.path, mb.id, mb.title, mb.provenance.path,
                                 round(score, 3), None if cos is None else round(cos, 3)))
    out.sort(key=lambda d: -(d.cosine or d.overlap))
    return out


def _normalised(embed, texts: list[str]):
    import numpy as np

    v = np.asarray(embed(texts), dtype=np.float32)
    norms = np.linalg.norm(v, axis=1, keepdims=True)
    return v / np.where(norms == 0, 1, norms)
