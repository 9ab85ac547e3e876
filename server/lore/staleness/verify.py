""""Still true": a person confirms a memory holds for the code as it is now. The time and the commit
are kept in the memory (`meta["verified_at"]`, `meta["verified_commit"]`; a team memory's file
gets `verified:` and `verified_commit:` lines, so the confirmation is reviewed and shared), and
code changes before that time no longer make the memory stale."""

from __future__ import annotations

import time
from pathlib import Path

from lore.memory import Memory
from lore.staleness import git

VERIFIED_AT = "verified_at"
VERIFIED_COMMIT = "verified_commit"


def verified_at(m: Memory) -> float | None:
    """When a person last confirmed the memory still holds, or None."""
    value = m.meta.get(VERIFIED_AT)
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def mark_verified(root: Path, m: Memory, now: float | None = None) -> Memory:
    """Set the verification time (now) and commit (HEAD) on `m`; the caller stores it."""
    m.meta[VERIFIED_AT] = float(int(now if now is not None else time.time()))
    sha = git.head(root)
    if sha:
        m.meta[VERIFIED_COMMIT] = sha
    else:
        m.meta.pop(VERIFIED_COMMIT, None)
    m.needs_review = False
    return m


def still_true(lore, mid: str, now: float | None = None) -> Memory:
    """"Still true" on memory `mid` of a `Lore`: verified now at HEAD, stored (a team memory's file
    gets its `verified:` lines), the review flag cleared; returns the stored memory."""
    m = lore.get(mid)
    mark_verified(lore.root, m, now)
    return lore.update(m, touch=False)
