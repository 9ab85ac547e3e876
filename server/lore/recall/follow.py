"""Anchors follow edits: after a document changes, symbol anchors in it are relocated by qualified
name and code hashes; a rename in the same file moves the anchor, a substantial change to the
anchored code flags the memory for review.

An anchor's `content_hash` holds `<body_hash>:<shape_hash>` of the symbol when it was anchored.
Anchors without one (imported, or written by hand in team files) get a baseline the first time
their symbol is seen: stored for workspace and user memories, kept in memory for team memories
so that opening a file never rewrites committed team files.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import attrs

from lore.anchors import Symbol, relocate
from lore.memory import Anchor, Memory, Scope
from lore.recall.anchoring import match_anchor

if TYPE_CHECKING:
    from lore.api import Lore

log = logging.getLogger(__name__)


@attrs.define
class FollowResult:
    """What following anchors through one document version changed."""

    renamed: list[tuple[str, str, str]] = attrs.field(factory=list)  # memory id, old name, new name
    flagged: list[str] = attrs.field(factory=list)  # memory ids newly flagged for review
    baselined: int = 0

    @property
    def changed(self) -> bool:
        """Whether any memory changed (lenses and hovers need a refresh)."""
        return bool(self.renamed or self.flagged)


def anchor_hash(symbol: Symbol) -> str:
    """The `content_hash` stored on a symbol anchor."""
    return f"{symbol.body_hash}:{symbol.shape_hash}"


def split_hash(value: str | None) -> tuple[str | None, str | None]:
    """(body hash, shape hash) of a stored anchor hash (either may be None)."""
    if not value:
        return None, None
    body, _, shape = value.partition(":")
    return body or None, shape or None


def follow_anchors(lore: Lore, rel_path: str, symbols: list[Symbol],
                   baselines: dict[tuple[str, str], str]) -> FollowResult:
    """Relocate the symbol anchors of memories that point into `rel_path`; updates memories in place."""
    result = FollowResult()
    if not symbols:
        return result
    names = {s.qualified_name for s in symbols}
    for m in _anchored_memories(lore, rel_path, names, baselines):
        changed = False
        for i, anchor in enumerate(m.anchors):
            if anchor.kind != "symbol" or (anchor.file and anchor.file != rel_path):
                continue
            new = _follow_one(m, anchor, rel_path, symbols, baselines, result)
            if new is not None:
                m.anchors[i] = new
                changed = True
        if changed:
            try:
                lore.update(m, touch=False)  # automatic: every clone writes the same bytes
            except Exception:
                log.warning("could not update anchors of memory %s", m.id, exc_info=True)
    return result


def _anchored_memories(lore: Lore, rel_path: str, names: set[str],
                       baselines: dict[tuple[str, str], str]) -> list[Memory]:
    """Active memories with a symbol anchor in this file, naming a symbol defined here, or baselined."""
    short = {n.rsplit(".", 1)[-1] for n in names}
    out: list[Memory] = []
    for store in lore.stores():
        rows = store.anchors.symbols_near(rel_path)
        ids = [mid for mid, value, file in rows
               if file == rel_path or value.rsplit(".", 1)[-1] in short or (mid, value) in baselines]
        out += store.memories.many(ids).values()
    return out


def _follow_one(m: Memory, anchor: Anchor, rel_path: str, symbols: list[Symbol],
                baselines: dict[tuple[str, str], str], result: FollowResult) -> Anchor | None:
    """The anchor's new value when it changes, else None (flags and baselines are recorded)."""
    key = (m.id, anchor.value)
    stored = anchor.content_hash or baselines.get(key)
    body, shape = split_hash(stored)
    target = _qualified(anchor, rel_path, symbols)
    symbol, verdict = relocate(target, body, shape, symbols)
    if symbol is None:
        return None
    if stored is None:
        if verdict != "found":
            return None
        if m.scope is Scope.TEAM:
            baselines[key] = anchor_hash(symbol)
            return None
        result.baselined += 1
        return attrs.evolve(anchor, file=rel_path, content_hash=anchor_hash(symbol))
    if verdict == "changed" and not m.needs_review:
        m.needs_review = True
        result.flagged.append(m.id)
        return attrs.evolve(anchor)
    if verdict == "renamed":
        value = _renamed_value(anchor.value, symbol.qualified_name)
        result.renamed.append((m.id, anchor.value, value))
        baselines.pop(key, None)
        if m.scope is Scope.TEAM:
            baselines[(m.id, value)] = anchor_hash(symbol)
            return attrs.evolve(anchor, value=value)
        return attrs.evolve(anchor, value=value, file=rel_path, content_hash=anchor_hash(symbol))
    return None


def _qualified(anchor: Anchor, rel_path: str, symbols: list[Symbol]) -> str:
    """The full qualified name an anchor refers to in this file (anchors may name a suffix)."""
    for s in symbols:
        if match_anchor(anchor, rel_path, s.qualified_name) == "symbol":
            return s.qualified_name
    return anchor.value


def _renamed_value(old_value: str, new_qualified: str) -> str:
    """Keep the anchor's form: as many dotted parts as before (`Repo.save` stays a two-part suffix)."""
    depth = old_value.count(".") + 1
    return ".".join(new_qualified.split(".")[-depth:])
