"""The guard against an import that would quietly deprecate most of a workspace's imported memories.

A changed rule (a decision-record folder no longer given, a checkout of the wrong branch) can make
an import drop most of what it took before. Files whose import would deprecate memories are held
back until the end of the run; when they, with the deleted files, would deprecate at least
`MASS_MIN` memories and more than half of the live imported ones, nothing of that is written
unless the caller allowed it: the summary says so loudly and the next run tries again.
"""

from __future__ import annotations

from lore.memory import HIDDEN_STATUSES, Memory
from lore.sources.parsed import Parsed
from lore.sources.summary import ImportSummary
from lore.sources.sync import imported_memories, matched
from lore.store import SourceFile, Store

MASS_MIN = 5


class DeprecationGuard:
    """Counts what an import run would deprecate, and holds those writes until it is allowed."""

    def __init__(self, store: Store, allow: bool):
        self.store = store
        self.allow = allow
        self.held: list[tuple[str, Parsed, SourceFile]] = []
        self.doomed = 0
        self.live_before = store.memories.count_live_imported()

    @staticmethod
    def live(m: Memory) -> bool:
        """A memory an import may deprecate: shown today, and its status not set by a person."""
        return m.status not in HIDDEN_STATUSES and "user_status" not in m.meta

    def hold(self, rel: str, parsed: Parsed, row: SourceFile) -> bool:
        """Keep back a file whose import would deprecate memories; False (write now) when it would not.

        What counts is what writing the file would deprecate (`sync.matched`): a memory another takes the place
        of is not lost, so a page read as a decision record now (a status line newly understood, a folder named
        as holding records) or a section whose heading was renamed is not counted."""
        _, dropped = matched(imported_memories(self.store, rel), parsed.memories)
        doomed = sum(1 for m in dropped if self.live(m))
        if not doomed:
            return False
        self.held.append((rel, parsed, row))
        self.doom(rel, doomed)
        return True

    def doom(self, rel: str, count: int) -> None:
        """Count memories a deleted or changed file would deprecate."""
        self.doomed += count

    def allowed(self, summary: ImportSummary) -> bool:
        """Whether the held writes may go ahead; when not, the summary says why."""
        live = self.live_before
        if self.allow or self.doomed < MASS_MIN or 2 * self.doomed <= live:
            return True
        summary.held_back = self.doomed
        summary.live_before = live
        return False
