"""Which memories govern a place in the code: exact anchors (symbol > file > glob) plus precomputed
semantic matches of the enclosing symbol. No model and no embedding here: this is the hover path."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from lore.anchors import Symbol
from lore.model import Memory
from lore.recall.anchoring import match_anchor
from lore.service import Lore

# Language-wide anchors ("lang:python") would show on every line of every file: not for hovers/lenses.
PLACE_MATCHES = ("symbol", "file", "glob")


@attrs.define
class Governing:
    """A memory that governs a place, and how: symbol, file, glob or meaning."""

    memory: Memory
    match: str
    similarity: float | None = None


def enclosing(symbols: list[Symbol], line: int, col: int) -> list[Symbol]:
    """Symbols containing a position (UTF-16 column), outermost first."""
    chain = [s for s in symbols
             if (s.start_line, s.start_col) <= (line, col) <= (s.end_line, s.end_col)]
    chain.sort(key=lambda s: (s.start_line, s.start_col, -s.end_line, -s.end_col))
    return chain


def governing_at(lore: Lore, rel_path: str, chain: list[Symbol], language: str | None,
                 semantic: dict[str, list[tuple[str, float]]], threshold: float,
                 limit: int) -> list[Governing]:
    """Memories governing a position: anchored first, then close in meaning above `threshold`."""
    names = [s.qualified_name for s in chain]
    out = [Governing(m, kind) for m, kind in lore.memories_at(rel_path, names, language)
           if kind in PLACE_MATCHES]
    seen = {g.memory.id for g in out}
    close = [(mid, sim) for mid, sim in semantic.get(names[-1], []) if sim >= threshold] if names else []
    close = [(mid, sim) for mid, sim in close if mid not in seen]
    if close and len(out) < limit:
        found = memories_by_id(lore, [mid for mid, _ in close], [rel_path, *names])
        for mid, sim in close:
            m = found.get(mid)
            if m is not None and m.visible:
                out.append(Governing(m, "meaning", sim))
    return out[:limit]


def memories_by_id(lore: Lore, ids: list[str], places: list[str]) -> dict[str, Memory]:
    """Memories by id from every database, leaving out ones dismissed at any of `places`."""
    out: dict[str, Memory] = {}
    for store in lore.stores():
        dismissed = store.dismissals(places)
        for mid, m in store.memories.many(ids).items():
            if dismissed.get(mid, 0) < 1:
                out.setdefault(mid, m)
    return out


@attrs.define
class LensGroup:
    """Memories shown by one code lens: anchored to a symbol, or (symbol None) to the whole file."""

    symbol: Symbol | None
    memories: list[Memory]


def lens_groups(lore: Lore, rel_path: str, symbols: list[Symbol], language: str | None) -> list[LensGroup]:
    """One group for file-level memories (file and glob anchors) and one per symbol with its own anchors."""
    names = list(dict.fromkeys(s.qualified_name for s in symbols))
    file_level: list[Memory] = []
    per_symbol: dict[str, list[Memory]] = {}
    for store in lore.stores():
        found = lore.anchored(store, rel_path, names, language)
        if not found:
            continue
        dismissed = _dismissed_at(store, found, [rel_path, *names])
        memories = store.memories.many(found)
        for mid, (kind, anchor) in found.items():
            m = memories.get(mid)
            if m is None or (mid, rel_path) in dismissed:
                continue
            if kind in ("file", "glob"):
                file_level.append(m)
            elif kind == "symbol":
                for name in _symbols_matching(anchor, rel_path, names):
                    if (mid, name) not in dismissed:
                        per_symbol.setdefault(name, []).append(m)
    groups = [LensGroup(None, _ordered(file_level))] if file_level else []
    for symbol in symbols:
        memories = per_symbol.pop(symbol.qualified_name, None)
        if memories:
            groups.append(LensGroup(symbol, _ordered(memories)))
    return groups


def _symbols_matching(anchor, rel_path: str, names: Iterable[str]) -> list[str]:
    return [n for n in names if match_anchor(anchor, rel_path, n) == "symbol"]


def _dismissed_at(store, found: dict, places: list[str]) -> set[tuple[str, str]]:
    ids = list(found)
    marks_ids = ",".join("?" * len(ids))
    marks_places = ",".join("?" * len(places))
    rows = store.db.query(
        f"SELECT memory_id, anchor_key FROM dismissals WHERE memory_id IN ({marks_ids}) "
        f"AND anchor_key IN ({marks_places}) AND count > 0",
        (*ids, *places),
    )
    return {(r[0], r[1]) for r in rows}


def _ordered(memories: list[Memory]) -> list[Memory]:
    unique = {m.id: m for m in memories}
    return sorted(unique.values(), key=lambda m: (m.kind.value, -m.updated_at))


def count_label(memories: list[Memory]) -> str:
    """"2 decisions · 1 convention" for a list of memories."""
    counts: dict[str, int] = {}
    for m in memories:
        counts[m.kind.value] = counts.get(m.kind.value, 0) + 1
    return " · ".join(f"{n} {kind}{'' if n == 1 else 's'}" for kind, n in counts.items())
