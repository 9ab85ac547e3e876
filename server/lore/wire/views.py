"""Memories and hits as JSON-ready dicts (the shape in docs/PROTOCOL.md), shared by every face."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Any, Mapping

from lore.anchors.choices import offered, views
from lore.memory import BODY_PART_META, GIT_ADDED_META, NEWER_META, Memory
from lore.agents.trust import mark
from lore.context.hits import faint, hit_line
from lore.team.provenance import describe
from lore.recall.gist import gist
from lore.wire.places import Linker, file_ref, no_links, place, places, source_ref

if TYPE_CHECKING:
    from lore.recall import Hit


def iso(ts: float | None) -> str | None:
    """Unix time as an ISO-8601 UTC string."""
    if ts is None:
        return None
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def memory_json(m: Memory) -> dict[str, Any]:
    """A memory as the protocol's Memory JSON."""

    p = m.provenance
    return {
        "id": m.id,
        "kind": m.kind.value,
        "status": m.status.value,
        "scope": m.scope.value,
        "title": m.title,
        "body": m.body,
        "rationale": m.rationale,
        "anchors": [a.to_text() for a in m.anchors],
        "tags": list(m.tags),
        "confidence": round(m.confidence, 3),
        "supersededBy": list(m.superseded_by),
        "supersedes": list(m.supersedes),
        "needsReview": m.needs_review,
        "source": {"kind": p.kind.value, "path": p.path, "line": p.line},
        "trust": mark(m).to_json(),
        "date": m.date,
        "inGitSince": m.meta.get(GIT_ADDED_META),
        "createdAt": iso(m.created_at),
        "updatedAt": iso(m.updated_at),
        "usage": {"surfaced": m.surfaced_count, "used": m.used_count, "dismissed": m.dismissed_count},
        "decided": m.meta.get("decided"),
    }


def hit_json(h: Hit) -> dict[str, Any]:
    """A search hit: memory JSON plus score, why, the matching section and `summary` (one plain
    sentence of what the memory says)."""
    out = memory_json(h.memory)
    out["summary"] = gist(h.memory.body, h.memory.rationale)
    out["score"] = round(h.score, 6)
    out["why"] = list(h.why)
    out["similarity"] = None if h.similarity is None else round(h.similarity, 4)
    out["faint"] = faint(h)  # found by meaning alone and not near: never called more than a weak match
    out["line"] = hit_line(h, 300)  # what the matching section says, beside the section named
    out["section"] = (
        {"heading": h.section.heading, "line": h.section.line} if h.section is not None else None
    )
    return out


def added_json(m: Memory, redactions: list[str]) -> dict[str, Any]:
    """The result of remembering, for the CLI and MCP: the memory's JSON plus `redacted` (what was
    removed as secrets); the language server sends the same two as `{memory, redacted}`."""
    return {**memory_json(m), "redacted": redactions}


def forget_json(m: Memory, purged: bool) -> dict[str, Any]:
    """The result of forgetting a memory, in every face: `{id, status, title}`, status "purged" after a
    purge (the memory is gone), else the memory's status now ("deprecated": restorable); the title lets
    a message name what was forgotten."""
    return {"id": m.id, "status": "purged" if purged else m.status.value, "title": m.title}


def memory_markdown(m: Memory, link: Linker = no_links, titles: Mapping[str, str] | None = None,
                    parts: Mapping[str, str] | None = None) -> str:
    """A readable markdown view of one memory: where it applies and where it comes from as places a
    reader knows (`lore.wire.places`), linked with `link` where the face renders the links it gives
    (an editor's markdown preview refuses `file:` links and would show their raw syntax); the date it was
    decided; the memories it names as successors or predecessors by id and, from `titles` (`Lore.related_titles`),
    by title; a record's consequences quoted from `parts` (`Lore.parts_of`)."""

    head = [f"*{m.kind.value}*", f"*{m.status.value}*", f"*{m.scope.value}*", f"`{m.id}`"]
    if m.date:
        head.insert(2, f"*{escape_text(str(m.date))}*")
    elif m.meta.get(GIT_ADDED_META):  # a record writing no date: when git first held it
        head.insert(2, f"*in git since {escape_text(str(m.meta[GIT_ADDED_META]))}*")
    lines = [f"# {m.title}", "", " · ".join(head)]
    if m.superseded_by:
        lines.append(f"\nSuperseded by: {_named(m.superseded_by, titles)}")
    if m.supersedes:
        lines.append(f"\nSupersedes: {_named(m.supersedes, titles)}")
    if m.meta.get("reverted_by"):  # a task a later commit reverted: its change is no longer in the code
        lines.append(f"\nReverted by: {_named([str(m.meta['reverted_by'])], titles)}")
    later: dict[str, list[str]] = {}
    for new_id, relation in (m.meta.get(NEWER_META) or {}).items():
        later.setdefault(str(relation), []).append(new_id)
    for relation, ids in later.items():  # "Amended by", "Partly superseded by": what still holds is read with them
        lines.append(f"\n{relation[:1].upper()}{relation[1:]} by: {_named(ids, titles)}")
    if m.needs_review:
        lines.append("\n**Needs review:** the code it is anchored to has changed.")
    part = m.meta.get(BODY_PART_META)
    if isinstance(part, dict) and m.body:
        lines += record_part_lines(m, part, link, parts)
    else:
        if m.body:
            lines += ["", m.body]
        if m.rationale:
            lines += ["", "## Why", "", m.rationale]
    lines += anchor_lines(m, link)
    lines += ["", f"**Source:** {source_ref(m, link)} ({mark(m).label})"]
    if m.meta.get("decided"):
        lines += ["", f"**Decided by:** {describe(m.meta['decided'])}"]
    return "\n".join(lines) + "\n"


def _named(ids: list[str], titles: Mapping[str, str] | None) -> str:
    """Memories by id, each followed by its title when `titles` has it: "`10b4069f7d73` (22. Proxy S3 uploads)"."""
    return ", ".join(f"`{i}` ({escape_text(titles[i])})" if titles and titles.get(i) else f"`{i}`" for i in ids)


# A record's part saying what follows from its decision ("## Consequences", "## Positive Consequences", "## Implications").
_CONSEQUENCES = re.compile(r"^\W*(?:\d+[.)]?\s*)?(?:(?:positive|negative|neutral)\s+)?(?:consequences?|implications)\b", re.I)


def record_part_lines(m: Memory, part: dict, link: Linker = no_links, parts: Mapping[str, str] | None = None) -> list[str]:
    """The body of a record taken from its decision section, in the record's own order: its context
    first (the rationale), then the parts between them by name, linked to their lines (a decision
    section speaks of them: "the record layouts described above"), then the decision under its heading, then its
    consequences quoted from `parts` (what it binds the team to: "Validations must be performed in the Publishing
    API"), then the other parts after it by name, linked to their lines."""
    context = part.get("context")
    before = [(str(h), n) for h, n in part.get("before") or [] if isinstance(n, int) and h != context]
    lines: list[str] = []
    if m.rationale:
        lines += ["", f"## {context or 'Why'}", "", m.rationale]
    path = m.provenance.path
    lines += _parts_line(f"Before its {escape_text(part.get('heading') or 'decision')}", path, before, link)
    lines += ["", f"## {part.get('heading') or 'Decision'}", "", m.body]
    after = [(str(h), n) for h, n in part.get("after") or [] if isinstance(n, int)]
    quoted = [h for h, _ in after if parts and parts.get(h) and _CONSEQUENCES.match(h)]
    for h in quoted:
        lines += ["", f"## {h}", "", parts[h]]
    return lines + _parts_line("After it", path, [(h, n) for h, n in after if h not in quoted], link)


def _parts_line(lead: str, path: str | None, parts: list[tuple[str, int]], link: Linker) -> list[str]:
    """"*Before its Decision, `x.md` goes on with:* Options (line 12), …": a record's parts named with their lines."""
    if not parts or not path:
        return []
    named = ", ".join(f"{escape_text(h)} ({_line_ref(path, n, link)})" for h, n in parts)
    return ["", f"*{lead}, {file_ref(path, link)} goes on with:* {named}."]


def _line_ref(path: str, line: int, link: Linker) -> str:
    """"line 29", linked to that line of `path` where the face gives links."""
    target = link(path, line)
    return f"[line {line}]({target})" if target else f"line {line}"


def escape_text(text: str) -> str:
    """A heading as plain text in a sentence (markdown markup characters escaped)."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


_STATES = {"derived": "derived", "confirmed": "confirmed by a person", "added": "added by a person", "written": ""}


def anchor_lines(m: Memory, link: Linker = no_links) -> list[str]:
    """The "Applies to" part of a memory's view: each anchor with where it came from (derived from the
    record's text and why, confirmed or added by a person, or written in the record), and how to drop
    one when Lore derived it; then the code committed with the record, which Lore only offers (`committed_lines`)."""
    return _applies_lines(m, link) + committed_lines(m, link)


COMMITTED_SHOWN = 5  # files of the code committed with a record named in its view; `lore anchors` lists all


def committed_lines(m: Memory, link: Linker = no_links) -> list[str]:
    """The code the commit adding a record changed beside it, not anchored (`lore.anchors.choices.offered`)."""
    commit, files = offered(m)
    if not files:
        return []
    more = f" and {len(files) - COMMITTED_SHOWN} more" if len(files) > COMMITTED_SHOWN else ""
    named = ", ".join(file_ref(f, link) for f in files[:COMMITTED_SHOWN])
    return ["", f"**Committed with:** {named}{more} (in `{commit[:12]}`; not anchored: "
                f"`lore anchors {m.id} --add PATH` anchors one)"]


def _applies_lines(m: Memory, link: Linker) -> list[str]:
    if not m.anchors:
        return []
    rows = views(m)
    if not any(v.state != "written" for v in rows):
        return ["", "**Applies to:** " + places(m, link)]
    out = ["", "**Applies to:**", ""]
    for v in rows:
        how = _STATES[v.state] + (f": {v.why}" if v.why else "")
        out.append(f"- {place(v.anchor, link)}" + (f" ({how})" if how else ""))
    if any(v.state == "derived" for v in rows):
        out += ["", f"Derived anchors are Lore's reading of the record: `lore anchors {m.id}` lists them, "
                    "`--drop ANCHOR` drops one for good, `--confirm ANCHOR` keeps it, `--add ANCHOR` adds one."]
    return out
