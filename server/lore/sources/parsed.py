"""What a parser hands to the sync step: the memories parsed from one file (not stored yet), plus warnings."""

from __future__ import annotations

import attrs

from lore.memory import Anchor, Kind, Memory, Provenance, Scope, Section, SourceKind, Status
from lore.text import slugify
from lore.sources.ids import import_id


@attrs.define
class Parsed:
    """The memories parsed from one source file and what could not be read cleanly."""

    memories: list[Memory] = attrs.field(factory=list)
    warnings: list[str] = attrs.field(factory=list)  # "path:line: message"
    note: str | None = None  # why a candidate file yielded nothing (index page, pointer file)
    taken: str | None = None  # what the file was read as: "decision", "rules", or None (comments, nothing)

    def warn(self, path: str, line: int | None, message: str) -> None:
        """Record a warning pointing at a file and line."""
        self.warnings.append(f"{path}:{line or 1}: {message}")


def imported_memory(*, title: str, body: str, kind: Kind, source: SourceKind, path: str, line: int | None, key: str,
                    status: Status = Status.ACTIVE, anchors: list[Anchor] | None = None,
                    sections: list[Section] | None = None, rationale: str | None = None, date: str | None = None,
                    tags: list[str] | None = None, meta: dict | None = None) -> Memory:
    """A team-scope memory as imported from a file (the sync step decides insert or update)."""

    return Memory(
        id=import_id(path, key), title=title, body=body, kind=kind, rationale=rationale, status=status, scope=Scope.TEAM,
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


CHUNK_CHARS = 900


def chunked(title: str, heading: str | None, text: str, line: int | None, first: int | None = None) -> list[Section]:
    """Sections of one heading's text, cut at blank lines outside code fences into parts of about
    CHUNK_CHARS (at most twice that): each part gets its own vector, and the model reads only the
    start of a long text.

    `line` is the 1-based line of the text's first line; the first part is reported at `first`
    (the heading's line) when given."""
    prefix = f"{title} — {heading}" if heading else title
    parts: list[tuple[list[str], int]] = [([], 0)]
    in_fence = False
    for i, ln in enumerate(text.splitlines()):
        if ln.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        size = sum(len(x) + 1 for x in parts[-1][0])
        if not ln.strip() and not in_fence and size >= CHUNK_CHARS:
            parts.append(([], i + 1))
            continue
        if size >= 2 * CHUNK_CHARS:  # a long code block still gets cut, at a line
            parts.append(([], i))
        parts[-1][0].append(ln)
    out = []
    for lines, offset in parts:
        body = "\n".join(lines).strip()
        if body:
            lead = next(i for i, ln in enumerate(lines) if ln.strip())
            at = None if line is None else line + offset + lead
            out.append(Section(heading, f"{prefix}\n{body}", first if not out and first is not None else at))
    return out or [Section(heading, prefix, first if first is not None else line)]
