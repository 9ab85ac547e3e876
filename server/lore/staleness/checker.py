"""One workspace's staleness answers, cached on the memory's version and HEAD: the hover, the lens,
context packs and search ask for the same memories again and again, and the answer changes only
when the memory is edited or verified, or a commit moves HEAD."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from lore.memory import Kind, Memory
from lore.staleness import git
from lore.staleness.code import Staleness, changed_since, reference_time
from lore.staleness.names import names_gone, record_text
from lore.staleness.verify import verified_at

HEAD_TTL = 2.0
MAX_CACHED = 4096
NAMED_KINDS = (Kind.DECISION, Kind.CONVENTION, Kind.WARNING)
OFF_CODE = ("git", "code-map", "comment")


def checkable(m: Memory) -> bool:
    """Whether staleness means anything for a memory: current, about code, not read from git history
    or the codebase map (those describe the code as it was or is, by construction), and not a
    comment in the code (it changes with the code it sits in)."""
    return m.status.value in ("active", "proposed") and m.provenance.kind.value not in OFF_CODE


class StalenessChecker:
    """Staleness of the memories of one workspace root; thread-safe, bounded cache."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self._lock = threading.Lock()
        self._cache: dict[tuple, Staleness] = {}
        self._head: tuple[float, str | None] = (0.0, None)

    def head(self) -> str | None:
        """HEAD's sha, asked of git at most every `HEAD_TTL` seconds."""
        at, sha = self._head
        if time.monotonic() - at > HEAD_TTL:
            sha = git.head(self.root)
            self._head = (time.monotonic(), sha)
        return sha

    def check(self, m: Memory, *, names: bool = True, deadline: float | None = None) -> Staleness | None:
        """Why `m` may be out of date (None when it is not, or git has no history for it). With a `deadline`
        (`time.monotonic()`), the search for names gone stops there: what it found by then is said, and the answer,
        being partial, is not kept (a later check finishes it)."""
        if not checkable(m):
            return None
        sha = self.head()
        if sha is None:
            return None
        key = (m.id, m.updated_at, verified_at(m), sha, names)
        with self._lock:
            if key in self._cache:
                found = self._cache[key]
                return found if found.stale else None
        found, complete = self._compute(m, names, deadline)
        if complete:
            with self._lock:
                if len(self._cache) > MAX_CACHED:
                    self._cache.clear()
                self._cache[key] = found
        return found if found.stale else None

    def known(self, m: Memory) -> bool:
        """Whether `m`'s answer at the current HEAD is already computed (or there is none to compute)."""
        if not checkable(m):
            return True
        key = (m.id, m.updated_at, verified_at(m), self._head[1], True)
        with self._lock:
            return key in self._cache

    def cached(self, m: Memory) -> Staleness | None:
        """The answer already computed for `m` at the current HEAD, without computing (hot paths)."""
        sha = self._head[1]
        key = (m.id, m.updated_at, verified_at(m), sha, True)
        with self._lock:
            found = self._cache.get(key)
        return found if found is not None and found.stale else None

    def _compute(self, m: Memory, names: bool, deadline: float | None = None) -> tuple[Staleness, bool]:
        """The answer for `m`, and whether it is whole (the names' search ended before `deadline`)."""
        since, basis = reference_time(self.root, m)
        found = Staleness(m.id, since, basis, changed_since(self.root, m, since))
        complete = True
        if names and m.kind in NAMED_KINDS:
            text = "\n".join(t for t in (m.title, m.body, m.rationale or "", record_text(self.root, m)) if t)
            found.names_gone, complete = names_gone(self.root, text, since, deadline)
        return found, complete
