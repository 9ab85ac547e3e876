"""Staleness flags for the faces that list memories for a reader (context packs for agents, search
results): one line per stale memory, computed within a time budget so a pack or a search never
waits long for git; memories not reached in time get the answer already cached, if any, and are
checked in full the next time."""

from __future__ import annotations

import time
from pathlib import Path

from lore.memory import Memory
from lore.staleness.checker import StalenessChecker
from lore.staleness.render import describe

MAX_CHECKERS = 16
_CHECKERS: dict[str, StalenessChecker] = {}


def shared_checker(root: Path) -> StalenessChecker:
    """The process's checker for a workspace root (kept across calls: its cache is the point)."""
    key = str(Path(root).resolve())
    found = _CHECKERS.get(key)
    if found is None:
        if len(_CHECKERS) >= MAX_CHECKERS:
            _CHECKERS.clear()
        found = _CHECKERS[key] = StalenessChecker(Path(key))
    return found


def stale_lines(root: Path, memories: list[Memory], budget: float = 0.5) -> dict[str, str]:
    """`{memory id: "possibly stale: …; code changed since …"}` for the stale ones among `memories`."""
    checker = shared_checker(root)
    if checker.head() is None:
        return {}
    deadline = time.monotonic() + budget
    out = {}
    for m in memories:
        s = checker.check(m, deadline=deadline) if time.monotonic() < deadline else checker.cached(m)
        if s is not None:
            out[m.id] = "; ".join(describe(s, m.kind.value))
    return out


def flag_hits(root: Path, hits: list, budget: float = 0.3) -> list:
    """Search hits with why they may be out of date added to their `why` (the faces call it on
    `Lore.search`'s answer); returns `hits`."""
    found = stale_lines(root, [h.memory for h in hits], budget)
    for h in hits:
        if h.memory.id in found:
            h.why.append(found[h.memory.id])
    return hits
