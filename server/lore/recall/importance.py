"""Which kind of memory a person at the code needs first, for ordering the memories of one place
(a lens, a hover): what was decided and what warns come before how things are usually done, which
comes before what is merely known, which comes before someone's taste and open work. Current records
come before proposals; that order is the status's, applied before this one."""

from __future__ import annotations

#: Lower first. Decisions and warnings bind (or bite); conventions guide; facts inform; preferences
#: and tasks are one person's taste and open work.
KIND_RANK = {"decision": 0, "warning": 0, "convention": 1, "fact": 2, "preference": 3, "task": 3}


def kind_rank(kind: str) -> int:
    """A kind's place in a lens or hover (an unknown kind last)."""
    return KIND_RANK.get(kind, len(KIND_RANK))
