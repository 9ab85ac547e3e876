"""Does a memory's anchor cover a file or symbol? Exact lookups, cheap enough for hovers and lenses."""

from __future__ import annotations

import functools

import pathspec
from pathspec.patterns.gitignore.basic import GitIgnoreBasicPattern

from lore.memory import ROOT_FILE, Anchor
from lore.recall.symbol_suffixes import constructor

GLOB_CHARS = set("*?[")
# Strength of each kind of anchor match, strongest first.
MATCH_WEIGHT = {"symbol": 1.6, "file": 1.4, "glob": 1.25, "language": 1.1}


@functools.lru_cache(maxsize=4096)
def _spec(glob: str) -> pathspec.PathSpec:
    """One anchor glob compiled with plain glob semantics (pathspec's `GitIgnoreBasicPattern`, >= 1.0).

    `src/*` covers the files directly in `src/`, `src/**` everything below it, and a glob without a
    slash (`*.py`) a file name at any depth. The pattern class is named, never looked up by a
    registry name whose meaning changed between pathspec versions; `.loreignore` files keep git's
    own semantics (`GitIgnoreSpec`, where `src/*` ignores the whole tree, as git does)."""
    return pathspec.PathSpec([GitIgnoreBasicPattern(glob)])


def glob_covers(glob: str, path: str) -> str | None:
    """"file" when the anchor names exactly this file, "glob" when it covers it, else None.

    A path holding a glob's characters is first read as itself: Next.js, SvelteKit and Nuxt name route folders
    `[id]` and `[...slug]`, so the anchor `src/app/[id]/page.tsx` a record writes is that file, and
    `src/app/[id]/**` the files under that folder, not `[id]` read as a set of letters (which matched
    `src/app/i/page.tsx` and never the file itself)."""
    if not glob or not path:
        return None
    if glob.startswith(ROOT_FILE):
        return "file" if path == glob[len(ROOT_FILE):] else None
    literal = glob.rstrip("/")
    if path == literal:
        return "file"
    if path.startswith((literal[:-3] if literal.endswith("/**") else literal) + "/"):
        return "glob"
    if not GLOB_CHARS & set(glob):  # a plain path: itself or a folder above (read above), or a file name anywhere
        return "file" if "/" not in literal and path.rsplit("/", 1)[-1] == literal else None
    try:
        return "glob" if _spec(glob).match_file(path) else None
    except Exception:  # a malformed glob never breaks recall
        return None


def glob_root(glob: str) -> str | None:
    """The first folder a path must start with for `glob_covers` to cover it, or None when the glob
    can match at any depth.

    A value with a slash before its end is rooted at the workspace (`src/*.py`, `/src/*`,
    `docs/adr/`), as in `glob_covers` and gitignore; one without (`*.py`, `build/`, `Makefile`)
    matches anywhere, and so does one whose first part is itself a pattern (`**/x.py`)."""
    bare = glob.rstrip("/")
    if "/" not in bare:
        return None
    first = (bare[1:] if GLOB_CHARS & set(bare) and bare.startswith("/") else bare).split("/", 1)[0]
    return None if GLOB_CHARS & set(first) else first


def _symbol_matches(anchor: Anchor, symbol: str | None, path: str | None) -> bool:
    if not symbol:
        return False
    value = anchor.value
    if constructor(symbol) and not constructor(value):
        return False  # the type's anchor, not also its constructor's (`symbol_suffixes.constructor`)
    if value == symbol or symbol.endswith("." + value) or value.endswith("." + symbol):
        return not (anchor.file and path and anchor.file != path)
    return False


def match_anchor(anchor: Anchor, path: str | None, symbol: str | None = None,
                 language: str | None = None) -> str | None:
    """How an anchor relates to a place in the code: symbol, file, glob, language, or None."""
    if anchor.kind == "symbol":
        if _symbol_matches(anchor, symbol, path):
            return "symbol"
        if anchor.file and path and anchor.file == path and not symbol:
            return "file"
        return None
    if anchor.kind == "path":
        return glob_covers(anchor.value, path or "")
    if anchor.kind == "language":
        return "language" if language and anchor.value == language else None
    return None


def best_match(anchors: list[Anchor], path: str | None, symbol: str | None = None,
               language: str | None = None) -> tuple[str, Anchor] | None:
    """The strongest anchor match of a memory at a place, with the anchor that made it."""
    best: tuple[str, Anchor] | None = None
    for a in anchors:
        kind = match_anchor(a, path, symbol, language)
        if kind and (best is None or MATCH_WEIGHT[kind] > MATCH_WEIGHT[best[0]]):
            best = (kind, a)
    return best


class AnchorMatcher:
    """All anchors of one database, grouped for fast "what governs this file/symbol" lookups."""

    def __init__(self, rows: list[tuple[str, Anchor]]):
        self.by_symbol: dict[str, list[tuple[str, Anchor]]] = {}
        self.by_file: dict[str, list[tuple[str, Anchor]]] = {}
        self.globs: dict[str, list[tuple[str, Anchor]]] = {}  # glob text -> anchors using it
        self.languages: dict[str, list[tuple[str, Anchor]]] = {}
        # path -> glob anchors covering it; valid for this matcher's life (rebuilt on data change)
        self._globbed: dict[str, list[tuple[str, str, Anchor]]] = {}
        self._spread: dict[tuple, dict[str, int]] = {}
        self._rooted: dict[str, list[str]] | None = None  # first folder -> globs rooted there
        self._anywhere: list[str] = []  # globs that match at any depth
        self._compiled = False  # every glob compiled (`compile_globs`)
        for mid, a in rows:
            if a.kind == "symbol":
                self.by_symbol.setdefault(a.value.rsplit(".", 1)[-1], []).append((mid, a))
                if a.file:
                    self.by_file.setdefault(a.file, []).append((mid, a))
            elif a.kind == "language":
                self.languages.setdefault(a.value, []).append((mid, a))
            elif a.value.startswith(ROOT_FILE):
                self.by_file.setdefault(a.value[len(ROOT_FILE):], []).append((mid, a))
            elif GLOB_CHARS & set(a.value) or "/" in a.value.rstrip("/") or "." not in a.value:
                self.globs.setdefault(a.value, []).append((mid, a))
            else:
                self.by_file.setdefault(a.value, []).append((mid, a))

    def for_place(self, path: str, symbols: list[str] = (), language: str | None = None) -> dict[str, tuple[str, Anchor]]:
        """Memory id -> (match kind, anchor) for a file and the symbols at a position (innermost last)."""
        found: dict[str, tuple[str, Anchor]] = {}

        def offer(mid: str, kind: str, a: Anchor) -> None:
            """Keep the strongest match; of two as strong, a path anchor's over a symbol anchor's file match
            (a memory anchored to the file itself governs it, not only the symbol it also names)."""
            have = found.get(mid)
            if have is None or MATCH_WEIGHT[kind] > MATCH_WEIGHT[have[0]] or (
                    MATCH_WEIGHT[kind] == MATCH_WEIGHT[have[0]] and have[1].kind == "symbol" and a.kind != "symbol"):
                found[mid] = (kind, a)

        base = path.rsplit("/", 1)[-1]
        for mid, a in self.by_file.get(path, []) + self.by_file.get(base, []):
            kind = match_anchor(a, path, None, language)
            if kind:
                offer(mid, kind, a)
        for mid, kind, a in self._globs_covering(path):
            offer(mid, kind, a)
        for sym in symbols:
            for mid, a in self.by_symbol.get(sym.rsplit(".", 1)[-1], []):
                if _symbol_matches(a, sym, path):
                    offer(mid, "symbol", a)
        if language:
            for mid, a in self.languages.get(language, []):
                offer(mid, "language", a)
        return found

    def spread_over(self, path: str, symbols: tuple[str, ...], most: int) -> frozenset[str]:
        """Ids of the memories anchored to more than `most` distinct symbols of one file."""
        return frozenset(mid for mid, n in self.symbol_places(path, symbols).items() if n > most)

    def symbol_places(self, path: str, symbols: tuple[str, ...]) -> dict[str, int]:
        """Memory id -> how many distinct symbols of one file it is anchored to (computed once per file
        and symbol list for this matcher's life)."""
        key = (path, symbols)
        found = self._spread.get(key)
        if found is None:
            hits: dict[str, set[str]] = {}
            for sym in set(symbols):
                for mid, a in self.by_symbol.get(sym.rsplit(".", 1)[-1], []):
                    if _symbol_matches(a, sym, path):
                        hits.setdefault(mid, set()).add(sym)
            found = {mid: len(syms) for mid, syms in hits.items()}
            if len(self._spread) > 1024:
                self._spread.clear()
            self._spread[key] = found
        return found

    def compile_globs(self) -> None:
        """Compile every glob now (they are otherwise compiled by the first lookup that needs them);
        once per matcher: each opened document asks again, and going over 20k globs costs ~8 ms."""
        if self._compiled:
            return
        self._compiled = True
        for glob in self.globs:
            if GLOB_CHARS & set(glob):
                _spec(glob)

    def _globs_that_may_cover(self, path: str) -> list[str]:
        """The globs rooted at the path's first folder and the globs that match at any depth: a glob
        rooted elsewhere cannot cover it, so a workspace of thousands of folder anchors costs a
        file only the few under its own top folder (grouped once for this matcher's life)."""
        if self._rooted is None:
            self._rooted, self._anywhere = {}, []
            for glob in self.globs:
                root = glob_root(glob)
                if root is None:
                    self._anywhere.append(glob)
                else:
                    self._rooted.setdefault(root, []).append(glob)
        return self._rooted.get(path.split("/", 1)[0], []) + self._anywhere

    def _globs_covering(self, path: str) -> list[tuple[str, str, Anchor]]:
        """(memory id, match kind, anchor) of the glob anchors covering a path, computed once per path."""
        found = self._globbed.get(path)
        if found is None:
            found = []
            for glob in self._globs_that_may_cover(path):  # each distinct glob is matched once
                kind = glob_covers(glob, path)
                if kind:
                    found += [(mid, kind, a) for mid, a in self.globs[glob]]
            if len(self._globbed) > 4096:
                self._globbed.clear()
            self._globbed[path] = found
        return found
