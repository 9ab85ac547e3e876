"""`Lore`'s places: which memories are anchored at a file or symbol, from cached lookup tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lore.memory import Memory
from lore.recall import AnchorMatcher
from lore.recall.anchoring import MATCH_WEIGHT
from lore.recall.off_code import off_code

if TYPE_CHECKING:
    from lore.store import Store


class Places:
    """The anchored-places part of `Lore` (`lore.api`): one `AnchorMatcher` per database, rebuilt when
    the database's anchor generation moves (`_matchers`, set up by the class)."""

    _matchers: dict[str, tuple[tuple[int, int], AnchorMatcher]]

    def anchored(self, store: Store, path: str, symbols: list[str], language: str | None = None) -> dict:
        """Memory id -> (match kind, anchor) for memories anchored at a place in one database.

        The lookup tables are cached until the database's anchor generation moves; their anchors
        carry no code hash (read a memory for that).
        """
        return self._matcher(store).for_place(path, symbols, language)

    def spread_over(self, store: Store, path: str, symbols: tuple[str, ...], most: int) -> frozenset[str]:
        """Ids of the memories anchored to more than `most` of a file's symbols in one database."""
        return self._matcher(store).spread_over(path, symbols, most)

    def symbol_places(self, store: Store, path: str, symbols: tuple[str, ...]) -> dict[str, int]:
        """Memory id -> how many of a file's symbols it is anchored to, in one database."""
        return self._matcher(store).symbol_places(path, symbols)

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

