"""What a parser hands to the sync step: draft memories of one file, plus warnings."""

from __future__ import annotations

import attrs

from lore.model import Anchor, Kind, Memory, Provenance, Scope, Section, SourceKind, Status
from lore.text import slugify


@attrs.define
class Parsed:
    """Draft memories of one source file and what could not be read cleanly."""

    memories: list[Memory] = attrs.field(factory=list)
    warnings: list[str] = attrs.field(factory=list)  # "path:line: message"
    note: str | None = None  # why a candidate file yielded nothing (index page, pointer file)

    def warn(self, path: str, line: int | None, message: str) -> None:
        """Record a warning pointing at a file and line."""
        self.warnings.append(f"{path}:{line or 1}: {message}")


def draft(*, title: str, body: str, kind: Kind, source: SourceKind, path: str, line: int | None, key: str,
          status: Status = Status.ACTIVE, anchors: list[Anchor] | None = None,
          sections: list[Section] | None = None, rationale: str | None = None, date: str | None = None,
          tags: list[str] | None = None, meta: dict | None = None) -> Memory:
    """A team-scope memory as imported from a file (the sync step decides insert or update)."""
    return Memory(
        title=title, body=body, kind=kind, rationale=rationale, status=status, scope=Scope.TEAM,
        anchors=list(anchors or []), provenance=Provenance(source, path, line, key=key),
        tags=list(tags or []), date=date, meta=dict(meta or {}), sections=sections,
    )


class Keys:
    """Stable, unique keys within one file: a slug path, with a counter when it repeats."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def make(self, *parts: str) -> str:
        """The key for a slug path, unique within this file."""
        base = "/".join(slugify(p, 50) for p in parts if p) or "memory"
        n = self.seen.get(base, 0) + 1
        self.seen[base] = n
        return base if n == 1 else f"{base}#{n}"


def short_title(text: str, limit: int = 120) -> str:
    """A one-line title from the start of a text, cut at a word boundary."""
    line = " ".join(text.split())
    if len(line) <= limit:
        return line
    cut = line[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:-") + "…"
