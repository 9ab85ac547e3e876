"""What governs a place in the code, and why: the surfacing policy shared by hovers, code lenses,
context packs and path searches. No model and no embedding here (this is the hover path).

- A memory anchored to a file or folder governs the file: it is shown once, as the file's lens (also
  when it is anchored to symbols there too), and in a hover only where the hovered symbol is its
  subject (the memory names it or is anchored to it), in at most `PER_FILE` hovers of the file.
- A memory anchored to a symbol is shown on that symbol (its lens and its hover), not on the members
  inside it (a class's decision is the class's, not each method's, nor its constructor's, named as the
  class is) unless it names the member; one anchored to more than `PER_FILE` symbols of a file is about
  the file: it is shown once, as the file's lens, and in a hover only where the symbol is its subject, as
  a file's memory is.
- A record that names symbols the file declares (`lore.recall.naming`) is about them: shown in those
  symbols' hovers when it names at most `PER_FILE` of them, else once, as the file's lens. Symbol
  lenses stay for anchors (a place the import or a person gave): naming alone is weaker evidence.
- A symbol several records reach by their words (a name, their title, a phrase) shows only those it is
  the subject of (`lore.recall.crowded`): a record naming it in passing gives way to one titled for it.
- A memory close in meaning only is shown in a hover when it passed the calibrated bar
  (`lore.recall.calibration`), never where the file's lens already shows it.
- Current records come before proposals; superseded and deprecated ones are not shown on code, nor
  a proposal that graduated into a record still shown (`lore.recall.told_twice`);
  the generic sections of guides ("Agent context for …", tables of contents, overviews) never are,
  nor guide sections that reach a file only through its folder (the same on every file there).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import attrs

from lore.memory import is_plain_doc
from lore.recall.anchoring import MATCH_WEIGHT
from lore.recall.crowded import crowded_out, may_crowd, titled_for
from lore.recall.calibration import PER_FILE
from lore.recall.importance import kind_rank
from lore.recall.off_code import OFF_CODE_KINDS, off_code
from lore.recall.symbol_suffixes import constructor, suffix_index, symbols_matching
from lore.recall.told_twice import told_twice, told_twice_of
from lore.recall.anchoring import match_anchor

if TYPE_CHECKING:
    from lore.anchors import Symbol
    from lore.memory import Anchor, Memory
    from lore.api import Lore

T = TypeVar("T")

# Language-wide anchors ("lang:python") would show on every line of every file: not on code.
PLACE_MATCHES = ("symbol", "file", "glob")
STATUS_ORDER = {"active": 0, "proposed": 1}
MATCH_RANK = {"symbol": 0, "named": 1, "meaning": 2}
@attrs.define
class Governing:
    """A memory that governs a place, and how: symbol, named (a file's memory naming the symbol),
    file, glob or meaning; `via`, the qualified name of the symbol its anchor names (the hovered
    symbol or one around it) or the symbol it names; `anchor`, the anchor that matched."""

    memory: Memory
    match: str
    similarity: float | None = None
    via: str | None = None
    anchor: Anchor | None = None


def enclosing(symbols: list[Symbol], line: int, col: int) -> list[Symbol]:
    """Symbols containing a position (UTF-16 column), outermost first."""
    chain = [s for s in symbols
             if (s.start_line, s.start_col) <= (line, col) <= (s.end_line, s.end_col)]
    chain.sort(key=lambda s: (s.start_line, s.start_col, -s.end_line, -s.end_col))
    return chain


def _generic(m: Memory) -> bool:
    return off_code(m.provenance.kind.value, m.provenance.key, m.title)


def names_symbol(m: Memory, name: str) -> bool:
    """Whether a memory's text names a symbol as its subject: in backticks, called (`name(`), or an
    identifier that cannot be an ordinary word (camelCase, snake_case, digits) written out. A deprecation
    or migration a code comment states is about what it was written on (`meta["symbol"]`, `POINT_MAX_LENGTH`),
    not about the replacement it points to (`use getPointMaxLength() instead`)."""
    if len(name) < 3:
        return False
    if m.meta.get("marker") in _DEPRECATION_MARKERS:
        return str(m.meta.get("symbol", "")).rsplit(".", 1)[-1] == name
    in_backticks, called, words = _written(m)
    if name in in_backticks or name in called:
        return True
    identifier = bool(re.search(r"[a-z][A-Z]|_|\d", name)) or (name[0].isupper() and len(name) >= 6)
    return identifier and name in words


_DEPRECATION_MARKERS = ("deprecated", "migration")  # `lore.sources.deprecations`' markers
_BACKTICKED = re.compile(r"`([^`(\n]{1,200})[`(]")
_CALLED = re.compile(r"([A-Za-z_$][\w$]*)\(\)")
_WORDS = re.compile(r"(?<![\w.])[A-Za-z_$][\w$]*")
_WRITTEN: dict[tuple, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {}
_NAMED: dict[tuple, frozenset[str]] = {}
_PLACES: dict[tuple, int] = {}
_MEMO_SIZE = 4096


def _memo(cache: dict, key: tuple, compute: Callable[[], T]) -> T:
    """`cache[key]`, computed once; a cache past `_MEMO_SIZE` entries starts again (keys hold the
    memory's version, so stale entries are only dropped, never read)."""
    found = cache.get(key)
    if found is None:
        if len(cache) > _MEMO_SIZE:
            cache.clear()
        found = cache[key] = compute()
    return found


def _written(m: Memory) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """What a memory's text writes, read once per memory version (a hover asks of long records, an
    RFC of 100 kB, for every symbol): code in backticks (`name` or `name(`), names called (`name()`),
    and the words not after a dot."""
    def read() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        text = "\n".join(t for t in (m.title, m.body, m.rationale or "") if t)
        return (frozenset(_BACKTICKED.findall(text)), frozenset(_CALLED.findall(text)),
                frozenset(_WORDS.findall(text)))

    return _memo(_WRITTEN, (m.id, m.updated_at), read)


def _named_in(m: Memory, names: tuple[str, ...]) -> frozenset[str]:
    """Which of a file's symbol names a memory names (cached per memory version and file)."""
    return _memo(_NAMED, (m.id, m.updated_at, names),
                 lambda: frozenset(n for n in set(names) if names_symbol(m, n)))


_SUBJECT: dict[tuple, str] = {}
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def title_subject(m: Memory, names: tuple[str, ...]) -> str:
    """The one symbol of a file a memory's title names as its subject: the name whose words, whole and in order,
    its title writes ("Introduction of a Subscription Plan Renewal Model": `SubscriptionPlanRenewal`), the one of the
    most words when several do (`SubscriptionPlan` is only a part of it); "" when none, or two tie."""
    def find() -> str:
        title = " ".join(w.lower() for w in re.findall(r"[A-Za-z0-9]+", m.title))
        spelled = [(len(parts), n) for n in set(names) if len(parts := _NAME_PART.findall(n)) >= 2
                   and re.search(rf"(?<![a-z0-9]){' '.join(p.lower() for p in parts)}s?(?![a-z0-9])", title)]
        spelled.sort(reverse=True)
        return spelled[0][1] if spelled and (len(spelled) == 1 or spelled[1][0] < spelled[0][0]) else ""

    return _memo(_SUBJECT, (m.id, m.updated_at, names), find)


def _places_named(m: Memory, names: tuple[str, ...], rel_path: str | None) -> int:
    """How many of a file's symbols (`names`, one per symbol: two `FindTraceIDs` methods are two) a
    memory names, or (with `rel_path`: when its symbol anchors there show in hovers) is anchored
    to: the hovers it would be in as their subject."""
    def count() -> int:
        named = _named_in(m, names) | {a.value.rsplit(".", 1)[-1] for a in m.anchors
                                       if rel_path and a.kind == "symbol" and a.file == rel_path}
        return sum(1 for n in names if n in named)

    return _memo(_PLACES, (m.id, m.updated_at, names, rel_path), count)


def on_code(source_kind: str, key: str | None, title: str, match: str) -> bool:
    """Whether a memory may show on code at all: not a guide's generic section, and not a guide's
    section that reaches the file only through its folder (it says the same on every file there;
    context packs and search carry it)."""
    if source_kind == "rules-file" and match == "glob":
        return False
    return not off_code(source_kind, key, title)


def order_key(m: Memory, match: str) -> tuple:
    """Strongest place first, then current before proposed, then what matters most
    (`lore.recall.importance`), then the newest."""

    weight = MATCH_WEIGHT.get("symbol" if match == "named" else match, 1.0)
    return (STATUS_ORDER.get(m.status.value, 2), -weight, kind_rank(m.kind.value), -m.updated_at)


def governing_at(lore: Lore, rel_path: str, chain: list[Symbol], language: str | None,
                 semantic: dict[str, list[tuple[str, float]]], threshold: float,
                 limit: int, file_symbols: tuple[str, ...] = (),
                 file_qualified: tuple[str, ...] = (),
                 named: dict[str, tuple[str, ...]] | None = None) -> list[Governing]:
    """Memories to show in a hover at a position: the symbol's own, then calibrated meaning matches.

    `semantic` holds the calibrated matches of the file's symbols (already past the bar);
    `file_symbols`, the names of the file's symbols: a file's memory that names more than `PER_FILE`
    of them is about the file, not those symbols, and stays on the lens; `file_qualified`, their
    qualified names: a memory anchored to more than `PER_FILE` of them is the file's memory too;
    `named`, the records naming the file's symbols (`lore.recall.naming.named_in_file`). A memory on the lens so
    still shows on the one symbol its title is about (`title_subject`).
    """

    names = [s.qualified_name for s in chain]
    if not names:
        return []
    anchored = _anchored(lore, rel_path, names, language)
    innermost = chain[-1].name
    spread = spread_over_file(lore, rel_path, file_qualified)
    out: list[Governing] = []
    vias = {mid: _anchored_symbol(anchor, rel_path, chain) if kind == "symbol" else None
            for mid, (_, kind, anchor) in anchored.items()}
    here = [(m, anchor) for mid, (m, _, anchor) in anchored.items() if vias[mid] == names[-1]]
    crowd, place = crowded_out(here)  # a crowded type's: the record most about it first
    for mid, (m, kind, anchor) in anchored.items():
        via = vias[mid]
        if kind == "symbol" and via == names[-1] and mid not in crowd and (
                mid not in spread or title_subject(m, file_symbols) == innermost):  # its title's subject still
            out.append(Governing(m, "symbol", via=via, anchor=anchor))
        elif mid not in crowd and not constructor(names[-1]) and names_symbol(m, innermost) and \
                _places_named(m, file_symbols, None if mid in spread else rel_path) <= PER_FILE:
            out.append(Governing(m, "named", via=chain[-1].qualified_name, anchor=anchor))
    seen = set(anchored)
    subject_of = [mid for mid, quals in (named or {}).items()
                  if mid not in seen and names[-1] in quals and len(quals) <= PER_FILE]
    if subject_of:
        found = memories_by_id(lore, subject_of, [rel_path, *names])
        for mid in subject_of:
            m = found.get(mid)
            if m is not None and m.visible and not _generic(m):
                out.append(Governing(m, "named", via=names[-1]))
    seen |= set(named or {})  # on this file's lens or a symbol's: not again by meaning
    close = [(mid, sim) for mid, sim in semantic.get(names[-1], []) if sim >= threshold and mid not in seen]
    if close:  # most hovers have no meaning match: the file's room is worked out only when one does
        room = meaning_room(lore, rel_path, file_qualified, semantic)
        close = [(mid, sim) for mid, sim in close if names[-1] in room.get(mid, (names[-1],))]
    if close and len(out) < limit:
        found = memories_by_id(lore, [mid for mid, _ in close], [rel_path, *names])
        for mid, sim in close:
            m = found.get(mid)
            if m is not None and m.visible and not _generic(m) and not is_plain_doc(m):  # docs: only anchored
                out.append(Governing(m, "meaning", sim))
    twice = told_twice(lore, [g.memory for g in out])
    out = [g for g in out if g.memory.id not in twice]
    depth = {n: i for i, n in enumerate(names)}  # the symbol under the cursor's own memories first
    out.sort(key=lambda g: (MATCH_RANK[g.match], -depth.get(g.via, 0), STATUS_ORDER.get(g.memory.status.value, 2),
                            place.get(g.memory.id, -1), order_key(g.memory, g.match)))
    return out[:limit]


def spread_over_file(lore: Lore, rel_path: str, qualified: tuple[str, ...]) -> frozenset[str]:
    """Ids of the memories anchored to more than `PER_FILE` symbols of a file: about the file (a
    decision naming many of its functions), so shown on its lens rather than on each symbol."""

    if len(qualified) <= PER_FILE:
        return frozenset()
    out: frozenset[str] = frozenset()
    for store in lore.stores():
        out |= lore.spread_over(store, rel_path, qualified, PER_FILE)
    return out


def meaning_room(lore: Lore, rel_path: str, qualified: tuple[str, ...],
                 semantic: dict[str, list[tuple[str, float]]]) -> dict[str, tuple[str, ...]]:
    """Memory id -> the symbols of a file where meaning may still show it, for the memories anchored
    to some of the file's symbols: its closest matches, as many as its anchored places leave under
    `PER_FILE` (a decision anchored to one function and close in meaning to three others is on four
    hovers of the file otherwise, each path keeping to its own cap)."""
    if not semantic or not qualified:
        return {}
    places: dict[str, int] = {}
    for store in lore.stores():
        for mid, n in lore.symbol_places(store, rel_path, qualified).items():
            places[mid] = places.get(mid, 0) + n
    by_memory: dict[str, list[tuple[float, str]]] = {}
    for name, pairs in semantic.items():
        for mid, sim in pairs:
            if mid in places:
                by_memory.setdefault(mid, []).append((sim, name))
    return {mid: tuple(name for _, name in sorted(found, reverse=True)[:max(0, PER_FILE - places[mid])])
            for mid, found in by_memory.items()}


def _anchored_symbol(anchor, rel_path: str, chain: list[Symbol]) -> str | None:
    """The innermost symbol of a chain that a symbol anchor names."""

    return next((s.qualified_name for s in reversed(chain)
                 if match_anchor(anchor, rel_path, s.qualified_name) == "symbol"), None)


def _anchored(lore: Lore, rel_path: str, names: list[str], language: str | None) -> dict[str, tuple[Memory, str, object]]:
    """Memory id -> (memory, match, anchor) for the visible memories anchored at these symbols, this file or a
    folder covering it (a symbol anchor governs only its own symbol), not dismissed there."""
    out: dict[str, tuple[Memory, str]] = {}
    for store in lore.stores():
        off = store.memories.ids_from_sources(OFF_CODE_KINDS)  # tasks and map facts: never read for a hover
        wanted = {mid: (kind, anchor) for mid, (kind, anchor) in lore.anchored(store, rel_path, names, language).items()
                  if kind in PLACE_MATCHES and not (kind != "symbol" and anchor.kind == "symbol") and mid not in off}
        if not wanted:
            continue
        dismissed = store.dismissals([rel_path, *names])
        for mid, m in store.memories.many(wanted).items():
            kind, anchor = wanted[mid]
            if dismissed.get(mid, 0) < 1 and m.visible and on_code(m.provenance.kind.value, m.provenance.key,
                                                                   m.title, kind):
                out.setdefault(mid, (m, kind, anchor))
    return out


def file_memory_ids(lore: Lore, rel_path: str, language: str | None) -> set[str]:
    """Ids of the memories a file's lens shows (anchored to the file or a folder over it)."""
    out: set[str] = set()
    for store in lore.stores():
        for mid, (kind, anchor) in lore.anchored(store, rel_path, [], language).items():
            if kind in ("file", "glob") and anchor.kind != "symbol":
                out.add(mid)
    return out


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
    """What a lens needs of a memory: id, kind, status and age (full memories are read on resolve)."""

    id: str
    kind: str
    updated_at: float
    status: str = "active"
    source_kind: str = "manual"
    title: str = ""


@attrs.define
class LensGroup:
    """Memories shown by one code lens: anchored to a symbol, or (symbol None) to the whole file;
    `left_off`, how many more records name the symbol and were left off it (`crowded`)."""

    symbol: Symbol | None
    memories: list[LensItem]
    left_off: int = 0


def lens_groups(lore: Lore, rel_path: str, symbols: list[Symbol], language: str | None,
                named: dict[str, tuple[str, ...]] | None = None) -> list[LensGroup]:
    """One group for the file's memories (file and folder anchors, memories anchored to more than
    `PER_FILE` of its symbols, records naming more than `PER_FILE` of them) and one per symbol with
    its own anchored memories."""
    names = list(dict.fromkeys(s.qualified_name for s in symbols))
    spread = spread_over_file(lore, rel_path, tuple(names))
    by_suffix = suffix_index(names)
    file_level: list[LensItem] = []
    per_symbol: dict[str, list[LensItem]] = {}
    anchor_of: dict[str, Anchor] = {}
    beside: list[LensItem] = []  # the file's memories anchored to its symbols
    anchored_ids: set[str] = set()
    for store in lore.stores():
        found = lore.anchored(store, rel_path, names, language)
        anchored_ids |= set(found)
        if not found:
            continue
        whole = _file_anchored(lore, store, rel_path, language, found)
        dismissed = _dismissed_at(store, found, [rel_path, *names])
        items = _lens_items(store, list(found))
        for mid, (kind, anchor) in found.items():
            m = items.get(mid)
            if m is None or (mid, rel_path) in dismissed or (kind == "glob" and m.source_kind == "rules-file"):
                continue
            if (kind in ("file", "glob") and anchor.kind != "symbol") or (kind == "symbol" and mid in spread) \
                    or mid in whole:  # anchored to the file as well as to symbols in it: the file's decision
                file_level.append(m)
                if kind == "symbol":  # still a record about its symbols, when deciding who else stays on one
                    beside.append(m)
            elif kind == "symbol":
                anchor_of[mid] = anchor
                for name in symbols_matching(anchor, rel_path, names, by_suffix):
                    if (mid, name) not in dismissed:
                        per_symbol.setdefault(name, []).append(m)
    left_off: dict[str, int] = {}
    places: dict[str, dict[str, int]] = {}
    for name, items in per_symbol.items():
        if may_crowd(name, [i.title for i in items], [i.title for i in beside]):  # (`crowded`)
            pool = items + [i for i in beside if i not in items and titled_for(name, i.title)]
            found_m = memories_by_id(lore, [i.id for i in pool], [rel_path])
            pairs = []
            for i in pool:
                m = found_m.get(i.id)
                anchor = anchor_of.get(i.id) or next((a for a in (m.anchors if m else ()) if a.kind == "symbol"
                                                      and name in symbols_matching(a, rel_path, names, by_suffix)), None)
                if m is not None and anchor is not None:
                    pairs.append((m, anchor))
            crowd, places[name] = crowded_out(pairs)
            per_symbol[name] = [i for i in items if i.id not in crowd]
            left_off[name] = len({i.id for i in items}) - len({i.id for i in per_symbol[name]})
    _add_named(lore, rel_path, {mid: q for mid, q in (named or {}).items() if mid not in anchored_ids}, file_level)
    twice = told_twice_of(lore, list({m.id for m in file_level} | {m.id for ms in per_symbol.values() for m in ms}))
    file_level = [m for m in file_level if m.id not in twice]
    groups = [LensGroup(None, _ordered(file_level, titled_for_file(file_level, rel_path)))] if file_level else []
    for symbol in symbols:
        memories = [m for m in per_symbol.pop(symbol.qualified_name, []) if m.id not in twice]
        if memories:
            place = places.get(symbol.qualified_name, {})  # a crowded type's: the record most about it first
            groups.append(LensGroup(symbol, _ordered(memories, place), left_off.get(symbol.qualified_name, 0)))
    return groups


def _file_anchored(lore: Lore, store, rel_path: str, language: str | None, found: dict) -> dict[str, str]:
    """Of the memories anchored at a file's symbols, those anchored to the file itself or a folder over
    it too (a record naming `reader.go` and its `queryByDuration`): id -> "file" or "glob". Such a
    record governs the whole file, so it is the file's lens; its symbol hovers still show it."""
    symbol_hits = [mid for mid, (kind, _) in found.items() if kind == "symbol"]
    if not symbol_hits:
        return {}
    places = lore.anchored(store, rel_path, [], language)
    return {mid: places[mid][0] for mid in symbol_hits
            if mid in places and places[mid][0] in ("file", "glob") and places[mid][1].kind != "symbol"}


def _add_named(lore: Lore, rel_path: str, named: dict[str, tuple[str, ...]], file_level: list[LensItem]) -> None:
    """Records naming more than `PER_FILE` of the file's symbols: on the file's lens (not where
    dismissed). One naming fewer is shown in those symbols' hovers only (`governing_at`)."""
    named = {mid: quals for mid, quals in named.items() if len(quals) > PER_FILE}
    if not named:
        return
    for store in lore.stores():
        items = _lens_items(store, list(named))
        if not items:
            continue
        dismissed = _dismissed_at(store, items, [rel_path])
        for mid, item in items.items():
            if (mid, rel_path) not in dismissed:
                file_level.append(item)


def _lens_items(store, ids: list[str]) -> dict[str, LensItem]:
    """Lens items of the memories worth a lens: visible, and not a guide's generic section."""
    out: dict[str, LensItem] = {}
    for mid, kind, status, updated, source_kind, key, title in store.memories.lens_rows(ids):
        if status in STATUS_ORDER and not off_code(source_kind, key, title):
            out[mid] = LensItem(mid, kind, updated, status, source_kind, title)
    return out


def _dismissed_at(store, found: dict, places: list[str]) -> set[tuple[str, str]]:
    rows = store.dismissed_pairs(list(found), places)
    return {(r[0], r[1]) for r in rows}


def titled_for_file(items: list[LensItem], rel_path: str) -> dict[str, int]:
    """Places (0 first) for a file's lens when some of its records' titles name what the file is named for and
    others do not (`prettier.config.js`: "4. Use Prettier to format code" before "5. Use ESLint", which names
    Prettier in passing); empty otherwise. What a file is named for: its name's first part, a tool's `rc` aside
    (`.eslintrc.js`: eslint)."""
    name = rel_path.rsplit("/", 1)[-1].lstrip(".").split(".", 1)[0].lower()
    name = name[:-2] if name.endswith("rc") and len(name) > 4 else name
    if len(name) < 3:
        return {}
    word = re.compile(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])")
    place = {m.id: 0 if word.search(m.title.lower()) else 1 for m in items}
    return place if len(set(place.values())) > 1 else {}


def _ordered(items: list[LensItem], place: dict[str, int] | None = None) -> list[LensItem]:
    """A lens's memories: current before proposed, then by `place` (id -> rank, those without first: on a
    crowded type, the record most about it first), then decisions and warnings, conventions, facts,
    preferences and tasks (`lore.recall.importance`), the newest first within each."""
    unique = {m.id: m for m in items}
    place = place or {}
    return sorted(unique.values(), key=lambda m: (STATUS_ORDER.get(m.status, 2), place.get(m.id, -1),
                                                  kind_rank(m.kind), -m.updated_at))
