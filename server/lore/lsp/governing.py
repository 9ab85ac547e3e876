"""Which memories govern a place in the code: exact anchors (symbol > file > glob) plus precomputed
semantic matches of the enclosing symbol. No model and no embedding here: this is the hover path."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from lore.model import is_plain_doc

if TYPE_CHECKING:
    from lore.anchors import Symbol
    from lore.model import Memory
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
    """Memories governing a position: anchored first (symbol > file > glob), then close in meaning."""
    names = [s.qualified_name for s in chain]
    out = anchored_here(lore, rel_path, names, language, limit)
    seen = {g.memory.id for g in out}
    close = [(mid, sim) for mid, sim in semantic.get(names[-1], []) if sim >= threshold] if names else []
    close = [(mid, sim) for mid, sim in close if mid not in seen]
    if close and len(out) < limit:
        found = memories_by_id(lore, [mid for mid, _ in close], [rel_path, *names])
        for mid, sim in close:
            m = found.get(mid)
            if m is not None and m.visible and not is_plain_doc(m):  # documentation shows on code only anchored
                out.append(Governing(m, "meaning", sim))
    return out[:limit]


def anchored_here(lore: Lore, rel_path: str, names: list[str], language: str | None,
                  limit: int) -> list[Governing]:
    """The strongest `limit` memories anchored to these symbols, this file or a glob covering it.

    A symbol anchor names its file too; it governs only its own symbol, never the rest of the file.
    Only the memories shown are read from the database.
    """
    from lore.recall.anchoring import MATCH_WEIGHT

    candidates: list[tuple[float, str, Any, str]] = []
    for index, store in enumerate(lore.stores()):
        for mid, (kind, anchor) in lore.anchored(store, rel_path, names, language).items():
            if kind in PLACE_MATCHES and not (kind != "symbol" and anchor.kind == "symbol"):
                candidates.append((MATCH_WEIGHT[kind], mid, store, kind))
    if not candidates:
        return []
    candidates.sort(key=lambda c: -c[0])
    cutoff = candidates[min(limit, len(candidates)) - 1][0]
    wanted = [c for c in candidates if c[0] >= cutoff]  # ties at the cut are ordered by kind and age below
    out: list[Governing] = []
    for store in {id(c[2]): c[2] for c in wanted}.values():
        mine = {mid: kind for _, mid, st, kind in wanted if st is store}
        dismissed = store.dismissals([rel_path, *names])
        for mid, m in store.memories.many(mine).items():
            if dismissed.get(mid, 0) < 1:
                out.append(Governing(m, mine[mid]))
    out.sort(key=lambda g: (-MATCH_WEIGHT[g.match], g.memory.kind.value, -g.memory.updated_at))
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


@attrs.frozen
class LensItem:
    """What a lens needs of a memory: id, kind and age (full memories are read only on resolve)."""

    id: str
    kind: str
    updated_at: float


@attrs.define
class LensGroup:
    """Memories shown by one code lens: anchored to a symbol, or (symbol None) to the whole file."""

    symbol: Symbol | None
    memories: list[LensItem]


def lens_groups(lore: Lore, rel_path: str, symbols: list[Symbol], language: str | None) -> list[LensGroup]:
    """One group for file-level memories (file and glob anchors) and one per symbol with its own anchors."""
    names = list(dict.fromkeys(s.qualified_name for s in symbols))
    by_suffix = _suffix_index(names)
    file_level: list[LensItem] = []
    per_symbol: dict[str, list[LensItem]] = {}
    for store in lore.stores():
        found = lore.anchored(store, rel_path, names, language)
        if not found:
            continue
        dismissed = _dismissed_at(store, found, [rel_path, *names])
        memories = _lens_items(store, list(found))
        for mid, (kind, anchor) in found.items():
            m = memories.get(mid)
            if m is None or (mid, rel_path) in dismissed:
                continue
            if kind in ("file", "glob") and anchor.kind != "symbol":
                file_level.append(m)
            elif kind == "symbol":
                for name in _symbols_matching(anchor, rel_path, names, by_suffix):
                    if (mid, name) not in dismissed:
                        per_symbol.setdefault(name, []).append(m)
    groups = [LensGroup(None, _ordered(file_level))] if file_level else []
    for symbol in symbols:
        memories = per_symbol.pop(symbol.qualified_name, None)
        if memories:
            groups.append(LensGroup(symbol, _ordered(memories)))
    return groups


def _lens_items(store, ids: list[str]) -> dict[str, LensItem]:
    out: dict[str, LensItem] = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        rows = store.db.query(f"SELECT id, kind, updated_at FROM memories WHERE id IN ({','.join('?' * len(chunk))})",
                              tuple(chunk))
        out.update((r[0], LensItem(r[0], r[1], r[2])) for r in rows)
    return out


def _suffix_index(names: list[str]) -> dict[str, list[str]]:
    """Every dotted suffix of every name (`a.B.run` -> `run`, `B.run`, `a.B.run`) -> the names ending so."""
    index: dict[str, list[str]] = {}
    for name in names:
        parts = name.split(".")
        for i in range(len(parts)):
            index.setdefault(".".join(parts[i:]), []).append(name)
    return index


def _symbols_matching(anchor, rel_path: str, names: list[str], by_suffix: dict[str, list[str]]) -> list[str]:
    """Names a symbol anchor governs, as `match_anchor` decides, without testing every name."""
    if anchor.file and anchor.file != rel_path:
        return []
    found = list(by_suffix.get(anchor.value, []))
    parts = anchor.value.split(".")
    known = set(names)
    found += [".".join(parts[i:]) for i in range(1, len(parts)) if ".".join(parts[i:]) in known]
    return list(dict.fromkeys(found))


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


def _ordered(items: list[LensItem]) -> list[LensItem]:
    unique = {m.id: m for m in items}
    return sorted(unique.values(), key=lambda m: (m.kind, -m.updated_at))


def count_label(items: list[LensItem]) -> str:
    """"2 decisions · 1 convention" for the memories of a lens."""
    counts: dict[str, int] = {}
    for m in items:
        counts[m.kind] = counts.get(m.kind, 0) + 1
    return " · ".join(f"{n} {kind}{'' if n == 1 else 's'}" for kind, n in counts.items())
