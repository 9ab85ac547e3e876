"""Guidance that contradicts itself: two memories (sections of CLAUDE.md, AGENTS.md, `.cursor/rules`,
copilot instructions, team memories, ADRs) endorsing different options of one exclusive choice
(`choices.GROUPS`) for code both cover. Both sides are returned with the sentence that says it;
nothing is changed."""

from __future__ import annotations

from itertools import product

import attrs

from lore.consistency.choices import Stance, positions
from lore.memory import Memory
from lore.recall.anchoring import GLOB_CHARS

MAX_PER_GROUP = 20


@attrs.frozen
class Side:
    """One side of a contradiction: the memory, where it says it, the option and the sentence."""

    memory_id: str
    title: str
    source: str | None
    line: int | None
    option: str
    sentence: str


@attrs.frozen
class Contradiction:
    """Two memories endorsing different options of `group` for code both cover."""

    group: str
    a: Side
    b: Side


def memory_text(m: Memory) -> str:
    """The text a memory says things in."""
    return "\n".join(t for t in (m.title, m.body, m.rationale or "") if t)


def _folders(m: Memory) -> list[str] | None:
    """The folders a memory's path anchors cover (literal prefixes), or None for the whole workspace."""
    paths = [a.value for a in m.anchors if a.kind == "path"]
    if not paths:
        return None
    out = []
    for glob in paths:
        cut = min((glob.index(c) for c in GLOB_CHARS if c in glob), default=len(glob))
        out.append(glob[:cut].rsplit("/", 1)[0] if cut < len(glob) else glob.rstrip("/"))
    return out


def overlap(a: Memory, b: Memory) -> bool:
    """Whether two memories cover some code in common (no path anchors: the whole workspace)."""
    fa, fb = _folders(a), _folders(b)
    if fa is None or fb is None:
        return True
    return any(x == "" or y == "" or x == y or x.startswith(y + "/") or y.startswith(x + "/")
               for x in fa for y in fb)


def _side(m: Memory, s: Stance) -> Side:
    return Side(m.id, m.title, m.provenance.path, m.provenance.line, s.option, s.sentence[:300])


def contradictions(memories: list[Memory]) -> list[Contradiction]:
    """Pairs of memories endorsing different options of a group, one pair per two sources and group."""
    by_group: dict[str, list[tuple[Memory, Stance]]] = {}
    for m in memories:
        for group, options in positions(memory_text(m)).items():
            for stance in options.values():
                by_group.setdefault(group, []).append((m, stance))
    out: list[Contradiction] = []
    for group, found in by_group.items():
        seen: set[tuple] = set()
        kept = 0
        for (ma, sa), (mb, sb) in product(found, found):
            if sa.option >= sb.option or ma.id == mb.id or set(ma.superseded_by) & {mb.id} \
                    or set(mb.superseded_by) & {ma.id} or not overlap(ma, mb):
                continue
            key = (ma.provenance.path or ma.id, mb.provenance.path or mb.id, sa.option, sb.option)
            if key in seen or kept >= MAX_PER_GROUP:
                continue
            seen.add(key)
            kept += 1
            out.append(Contradiction(group, _side(ma, sa), _side(mb, sb)))
    return out
