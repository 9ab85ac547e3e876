"""The guidance review: contradictions and near-duplicates among a workspace's current guidance,
as one dict for every face and as markdown, each with the commands that would resolve it (a person
runs them; nothing is superseded or merged here)."""

from __future__ import annotations

import attrs

from lore.consistency.contradictions import Contradiction, contradictions
from lore.consistency.duplicates import Duplicate, duplicates
from lore.memory import Memory
from lore.memory import is_plain_doc

GUIDANCE_KINDS = ("decision", "convention", "preference", "warning")
OFF_SOURCES = ("git", "code-map")
INSTRUCTION_SOURCES = ("rules-file", "team-file")


def guidance(memories: list[Memory]) -> list[Memory]:
    """The memories that guide how code is written: current decisions, conventions, preferences and
    warnings, and every section of an instruction file (AGENTS.md's "Commands" reads as a fact and
    still tells an agent which package manager to run); not tasks, git history, the code map or
    plain documentation."""

    return [m for m in memories if m.status.value in ("active", "proposed") and not is_plain_doc(m)
            and m.provenance.kind.value not in OFF_SOURCES
            and (m.kind.value in GUIDANCE_KINDS or m.provenance.kind.value in INSTRUCTION_SOURCES)]


def review(memories: list[Memory], embed=None) -> dict:
    """`{contradictions: [...], duplicates: [...], checked}` for the guidance among `memories`."""
    found = guidance(memories)
    return {"contradictions": [_contradiction(c) for c in contradictions(found)],
            "duplicates": [_duplicate(d) for d in duplicates(found, embed)],
            "checked": len(found), "model": embed is not None}


def _contradiction(c: Contradiction) -> dict:
    return {"group": c.group, "a": attrs.asdict(c.a), "b": attrs.asdict(c.b),
            "resolve": [f"lore supersede {c.a.memory_id} --by {c.b.memory_id}",
                        f"lore supersede {c.b.memory_id} --by {c.a.memory_id}"]}


def _duplicate(d: Duplicate) -> dict:
    return attrs.asdict(d) | {"resolve": [f"lore supersede {d.b_id} --by {d.a_id}",
                                          f"lore supersede {d.a_id} --by {d.b_id}"]}


def _where(side: dict) -> str:
    src = side.get("source") or side.get("memory_id")
    return f"{src}:{side['line']}" if side.get("line") else str(src)


def markdown(r: dict) -> str:
    """The review as markdown: each contradiction with both sides, each duplicate pair, and how to resolve."""
    out = [f"# Guidance review: {len(r['contradictions'])} contradictions, {len(r['duplicates'])} near-duplicates",
           f"({r['checked']} memories checked{'' if r['model'] else '; no model: duplicates by words only'})", ""]
    for c in r["contradictions"]:
        a, b = c["a"], c["b"]
        out += [f"## {c['group']}: {a['option']} or {b['option']}?", "",
                f"- **{a['option']}**: {a['title']} ({_where(a)}, `{a['memory_id']}`)", f"  > {a['sentence']}",
                f"- **{b['option']}**: {b['title']} ({_where(b)}, `{b['memory_id']}`)", f"  > {b['sentence']}",
                "", "Resolve by editing one of them, or: " + " / ".join(f"`{x}`" for x in c["resolve"]), ""]
    for d in r["duplicates"]:
        close = f"cosine {d['cosine']}, " if d["cosine"] is not None else ""
        out += [f"## Near-duplicates ({close}word overlap {d['overlap']})", "",
                f"- {d['a_title']} ({d['a_source'] or d['a_id']}, `{d['a_id']}`)",
                f"- {d['b_title']} ({d['b_source'] or d['b_id']}, `{d['b_id']}`)",
                "", "Merge by hand into one, then: " + " / ".join(f"`{x}`" for x in d["resolve"]), ""]
    return "\n".join(out)
