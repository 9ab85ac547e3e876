"""Staleness in words, the same for every face: "code changed since this decision: `abc1234`,
3 weeks ago" and "possibly stale: names `MessageBus`, which the code no longer has"."""

from __future__ import annotations

import time

from lore.staleness.code import Staleness

_UNITS = ((365 * 86400, "year"), (30 * 86400, "month"), (7 * 86400, "week"), (86400, "day"),
          (3600, "hour"), (60, "minute"))


def ago(at: float, now: float | None = None) -> str:
    """"3 weeks ago", "just now"."""
    seconds = max(0.0, (now if now is not None else time.time()) - at)
    for size, unit in _UNITS:
        if seconds >= size:
            n = int(seconds // size)
            return f"{n} {unit}{'' if n == 1 else 's'} ago"
    return "just now"


def label(s: Staleness) -> str:
    """The short flag: "code changed" / "possibly stale" (both when both)."""
    parts = []
    if s.change is not None:
        parts.append("code changed")
    if s.names_gone:
        parts.append("possibly stale")
    return " · ".join(parts)


def describe(s: Staleness, kind: str = "decision", now: float | None = None) -> list[str]:
    """One line per reason, in markdown (code spans for shas and names)."""
    lines = []
    since = "since it was last verified" if s.basis == "verified" else f"since this {kind}"
    if s.change is not None:
        c = s.change
        where = f"`{c.symbol}` in {c.path}" if c.symbol else c.path
        subject = c.commit.subject.replace("`", "'")
        lines.append(f"code changed {since}: `{c.commit.short}`, {ago(c.commit.at, now)} ({where}: {subject})")
    if s.names_gone:
        names = ", ".join(f"`{g['name']}`" for g in s.names_gone)
        first = s.names_gone[0]
        lines.append(f"possibly stale: names {names}, which the code no longer has "
                     f"(`{first['commit'][:7]}`, {ago(first['at'], now)})")
    return lines
