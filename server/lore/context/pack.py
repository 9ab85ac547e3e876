"""Building a context pack: pick memories by level (symbol, module, task, project), rank, fit the budget."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from lore.context.mapped import map_part
from lore.context.tokens import TokenCounter, token_counter
from lore.learn.lifecycle import LEARNED_TAG, applies_to_path
from lore.model import Kind, Memory, Scope, Status, ValidationError, is_plain_doc
from lore.recall import Query
from lore.trust import DATA_NOTE, Trust, code, mark, plain

MIN_BUDGET = 50  # the header and footer alone take about this many tokens

if TYPE_CHECKING:
    from lore.service import Lore

LEVELS = ("symbol", "module", "task", "project")
LEVEL_TITLES = {"symbol": "Symbol", "module": "Module", "task": "Task", "project": "Project"}
LEVEL_BASE = {"symbol": 4.0, "module": 3.0, "task": 2.5, "project": 1.0}
PROJECT_KINDS = (Kind.DECISION, Kind.CONVENTION, Kind.PREFERENCE, Kind.FACT, Kind.WARNING)
KIND_PRIOR = {Kind.CONVENTION: 0.3, Kind.DECISION: 0.3, Kind.PREFERENCE: 0.35, Kind.WARNING: 0.25,
              Kind.FACT: 0.2, Kind.TASK: 0.1}
#: A preference learned from edits ranks below the team's decisions and conventions.
LEARNED_BELOW = 0.2
BODY_CHARS = 320
# A memory found for a task by meaning alone must be at least this similar.
TASK_FLOOR = 0.3


@attrs.define
class ContextItem:
    """One memory in a pack, with why it was picked."""

    memory: Memory
    level: str
    score: float
    reasons: list[str] = attrs.field(factory=list)


@attrs.define
class ContextPack:
    """The rendered pack and what went into it."""

    markdown: str
    tokens: int
    budget: int
    items: list[ContextItem]
    left_out: int
    counter: str
    millis: float
    map_lines: int = 0  # quoted lines of the codebase map heading the pack (`lore.context.mapped`)

    def to_json(self) -> dict:
        """The pack for the `lore.context` command and `--json`."""
        return {
            "markdown": self.markdown, "tokens": self.tokens, "budget": self.budget, "counter": self.counter,
            "leftOut": self.left_out, "millis": round(self.millis, 2), "mapLines": self.map_lines,
            "items": [{"id": i.memory.id, "level": i.level, "title": i.memory.title, "kind": i.memory.kind.value,
                       "score": round(i.score, 4), "why": i.reasons, "trust": mark(i.memory).to_json()}
                      for i in self.items],
        }


def _offer(found: dict[str, ContextItem], m: Memory, level: str, score: float, reason: str) -> None:
    if m.status in (Status.SUPERSEDED, Status.DEPRECATED) or is_plain_doc(m):
        return  # plain documentation is for search: a pack shows decisions, conventions and rules
    item = found.get(m.id)
    if item is None:
        found[m.id] = ContextItem(m, level, score, [reason])
        return
    if score > item.score:
        item.level, item.score = level, score
    if reason not in item.reasons:
        item.reasons.append(reason)


def _quality(m: Memory) -> float:
    age_days = max(0.0, (time.time() - m.updated_at) / 86400)
    bonus = KIND_PRIOR.get(m.kind, 0.1) - (LEARNED_BELOW if LEARNED_TAG in m.tags else 0.0) + 0.1 * m.confidence + 0.05 * min(m.used_count, 10) / 10
    bonus += 0.05 if age_days < 90 else 0.0
    return bonus - (0.2 if m.status is Status.PROPOSED else 0.0)


def gather(lore: Lore, path: str | None, symbol: str | None, task: str | None,
           scopes: tuple[Scope, ...] = ()) -> list[ContextItem]:
    """Candidate items from every level (of the given scopes, when any), de-duplicated, best first."""
    found: dict[str, ContextItem] = {}
    if path:
        for m, match in lore.memories_at(path, [symbol] if symbol else []):
            level = "symbol" if match == "symbol" else "module"
            anchor = next((a.to_text() for a in m.anchors), path)
            depth = 0.1 * anchor.count("/") if match == "glob" else 0.3
            reason = f"anchored to {match} {code(anchor[:200])}"
            _offer(found, m, level, LEVEL_BASE[level] + depth + _quality(m), reason)
        if not symbol:
            for store in lore.stores():
                rows = store.db.query(
                    "SELECT DISTINCT memory_id, value FROM anchors WHERE kind = 'symbol' AND file = ?", (path,)
                )
                mems = store.memories.many([r[0] for r in rows])
                for mid, value in rows:
                    if mid in mems:
                        _offer(found, mems[mid], "symbol", LEVEL_BASE["symbol"] + _quality(mems[mid]),
                               f"anchored to symbol {code(value[:200])} in this file")
    if task:
        hits = lore.search(Query(task, path=path, symbol=symbol, limit=15))
        top = hits[0].score if hits else 1.0
        for h in hits:
            if h.lexical_rank is None and (h.similarity or 0.0) < TASK_FLOOR:
                continue
            signal = f"meaning {h.similarity:.2f}" if h.similarity is not None else f"words rank {h.lexical_rank}"
            _offer(found, h.memory, "task", LEVEL_BASE["task"] * (h.score / top) + _quality(h.memory),
                   f"relevant to the task ({signal})")
    for store in lore.stores():
        for m in _project_memories(store):
            _offer(found, m, "project", LEVEL_BASE["project"] + _quality(m),
                   "project-wide " + m.kind.value + (" (yours)" if m.scope.value == "user" else ""))
    return sorted((i for i in found.values() if (not scopes or i.memory.scope in scopes)
                   and applies_to_path(i.memory, path)), key=lambda i: -i.score)


def _project_memories(store) -> list[Memory]:
    """Unanchored active memories of one database, best first; cached until the database changes."""
    version = store.db.data_version()
    cached = store.cache.get("project-memories")
    if cached is not None and cached[0] == version:
        return cached[1]
    kinds = tuple(k.value for k in PROJECT_KINDS)
    memories = store.memories.select(
        f"status = 'active' AND kind IN ({','.join('?' * len(kinds))}) AND id NOT IN "
        "(SELECT memory_id FROM anchors)", kinds, order="used_count DESC, updated_at DESC", limit=200,
    )
    store.cache["project-memories"] = (version, memories)
    return memories


def render_item(item: ContextItem, full: bool = True) -> str:
    """One memory: a line with its kind, source, trust and why it was picked, then its own text
    (title, gist, why; the title alone when short) quoted as data on one line."""
    m = item.memory
    mk = mark(m)
    proposed = m.status is Status.PROPOSED and mk.trust is not Trust.AGENT  # an agent's label says it
    head = f"- **{m.kind.value}**" + (" _(proposed)_" if proposed else "")
    head += f" from {code(mk.source)} ({mk.label}), picked as {plain('; '.join(item.reasons[:2]))}:"
    text = f"**{plain(m.title)}**"
    if full and m.body:
        gist = plain(m.body)
        text += " — " + (gist if len(gist) <= BODY_CHARS else gist[: BODY_CHARS - 1] + "…")
    if full and m.rationale:
        text += f" Why: {plain(m.rationale)[:200]}"
    return f"{head}\n  > {text}"


def build_pack(lore: Lore, *, path: str | None = None, symbol: str | None = None, task: str | None = None,
               budget: int = 1500, counter: TokenCounter | None = None, scopes: tuple[Scope, ...] = (),
               data_note: bool = True, code_map: bool = True) -> ContextPack:
    """A markdown pack of the most relevant memories (of the given scopes, when any), never over `budget` tokens.

    When the workspace has a codebase map, the pack starts with it: the project's commands and entry
    points, or for a file its module's role and the commands its area needs (`lore.context.mapped`);
    `code_map=False` leaves it out.

    Each memory's text is quoted under a line naming its source and trust; the note saying quoted
    text is data, not instructions, heads the items unless `data_note` is False (`lore export`
    writes the team's own memories into its rules file)."""
    start = time.perf_counter()
    counter = counter or token_counter()
    if int(budget) < MIN_BUDGET:
        raise ValidationError(f"budget {budget} is too small: a context pack needs at least {MIN_BUDGET} tokens")
    budget = int(budget)
    subject = " · ".join(x for x in (path, symbol, f"task: {task}" if task else None) if x) or "this project"
    header = f"# Lore context for {plain(subject)}\n"
    note = f"\n{DATA_NOTE}\n" if data_note else ""
    note_cost = counter.count(note)
    used = counter.count(header) + 40  # room for the footer line
    map_text, map_cost, map_lines = (map_part(lore, path, budget - used - note_cost, counter.count, task)
                                     if code_map else ("", 0, 0))
    if map_text:
        used += map_cost + note_cost  # the map is quoted data too: the note heads it
    chosen: dict[str, list[tuple[ContextItem, str]]] = {lvl: [] for lvl in LEVELS}
    candidates = gather(lore, path, symbol, task, scopes)
    left_out = 0
    for item in candidates:
        heading_cost = 0 if chosen[item.level] else counter.count(f"\n## {LEVEL_TITLES[item.level]}\n")
        if not any(chosen.values()) and not map_text:
            heading_cost += note_cost  # the note comes with the first item
        for full in (True, False):
            text = render_item(item, full)
            cost = counter.count(text + "\n") + heading_cost
            if used + cost <= budget:
                chosen[item.level].append((item, text))
                used += cost
                break
        else:
            left_out += 1
    parts = [header, note] if (any(chosen.values()) or map_text) and note else [header]
    parts += [map_text] if map_text else []
    items: list[ContextItem] = []
    for lvl in LEVELS:
        if chosen[lvl]:
            parts.append(f"\n## {LEVEL_TITLES[lvl]}\n")
            parts += [t + "\n" for _, t in chosen[lvl]]
            items += [i for i, _ in chosen[lvl]]
    if not items:
        parts.append(f"\nNone of the {left_out} memories that apply fits a budget of {budget} tokens; raise the "
                     "budget to see them.\n" if left_out else "\nNo memories apply here yet.\n")
    body = "".join(parts)
    markdown, total = body, counter.count(body)

    def footer(stated: str) -> str:
        return f"\n_{len(items)} memories, {stated} of {budget} tokens ({counter.method}); {left_out} left out._\n"

    footed = _with_footer(body, total, budget, counter, footer)
    if footed is not None:
        markdown, total = footed
    if items:
        lore.record_surfaced([i.memory.id for i in items])
    return ContextPack(markdown, total, budget, items, left_out, counter.method, (time.perf_counter() - start) * 1000,
                       map_lines)


def _with_footer(body: str, tokens: int, budget: int, counter: TokenCounter,
                 footer: Callable[[str], str]) -> tuple[str, int] | None:
    """The body with a footer stating the pack's whole token count, footer included, and that count;
    None when it would not fit the budget.

    A number's own tokens depend on its digits, so an exact count may have no consistent wording;
    then the footer gives the nearest bound above ("at most N").
    """
    start = max(0, tokens + counter.count(footer("0")) - 2)
    for wording in ("{}", "at most {}"):
        for n in range(start, start + 12):
            text = body + footer(wording.format(n))
            total = counter.count(text)
            if total == n or (wording != "{}" and total <= n):
                return (text, total) if n <= budget else None
    return None
