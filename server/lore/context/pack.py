"""Building a context pack: the memories that matter for a file, symbol or task (`lore.context.select`),
best first, each whole and clean (`lore.context.render`), within a token budget; it stops where
relevance drops instead of filling the budget."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from lore.context.mapped import map_part
from lore.context.render import MORE, head_line, render_item
from lore.context.select import GOVERNING, LEVEL_TITLES, LEVELS, ContextItem, gather
from lore.context.taskpack import default_budget, task_footer, task_head, task_only
from lore.context.tokens import TokenCounter, token_counter
from lore.memory import Scope, ValidationError
from lore.agents.trust import DATA_NOTE, mark, plain
from lore.staleness.annotate import stale_lines
from lore.text import counted

MIN_BUDGET = 50  # the header and footer alone take about this many tokens
#: One memory never takes more than this share of the budget (it is cut between sentences).
ITEM_SHARE = 0.4
FIRST_SHARE = 0.2
#: Only items this strongly relevant grow past their first share (weaker ones stay short).
GROW_STRENGTH = 0.7

if TYPE_CHECKING:
    from lore.api import Lore

__all__ = ["ContextItem", "ContextPack", "build_pack", "LEVELS", "LEVEL_TITLES"]


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
    weaker: int = 0  # search matches below the relevance bar, not shown

    def to_json(self) -> dict:
        """The pack for the `lore.context` command and `--json`."""
        return {
            "markdown": self.markdown, "tokens": self.tokens, "budget": self.budget, "counter": self.counter,
            "leftOut": self.left_out, "millis": round(self.millis, 2), "mapLines": self.map_lines,
            "weaker": self.weaker,
            "items": [{"id": i.memory.id, "level": i.level, "title": i.memory.title, "kind": i.memory.kind.value,
                       "score": round(i.score, 4), "why": i.reasons, "trust": mark(i.memory).to_json(),
                       **({"stale": i.stale} if i.stale else {})}
                      for i in self.items],
        }


def _fit(candidates: list[ContextItem], budget: int, used: int, first_cost: int,
         count: Callable[[str], int],
         head_of: Callable[[ContextItem], str] = head_line) -> tuple[dict[str, list[tuple[ContextItem, str]]], int, int]:
    """Items rendered into what is left of the budget, by level; (chosen, tokens used, left out).

    Breadth first: each item gets at most `FIRST_SHARE` of the budget (cut between sentences), so
    the third relevant rule is not crowded out by the first one's examples; then items cut short
    grow into what is left (`_grow`; one matched by shared words alone stays short)."""
    chosen: dict[str, list[tuple[ContextItem, str]]] = {lvl: [] for lvl in LEVELS}
    left_out = 0
    first_cap = max(100, int(budget * FIRST_SHARE))
    for item in candidates:
        heading_cost = 0 if chosen[item.level] else count(f"\n## {LEVEL_TITLES[item.level]}\n")
        if not any(chosen.values()):
            heading_cost += first_cost
        left = budget - used - heading_cost
        text = render_item(item, min(first_cap, left), count, head_of) if left > 0 else None
        if text is None and left > first_cap:  # its head and first sentence alone are over the share
            text = render_item(item, left, count, head_of)
        if text is None:
            left_out += 1
            continue
        chosen[item.level].append((item, text))
        used += count(text + "\n") + heading_cost
    return chosen, _grow(chosen, budget, used, first_cap, count, head_of), left_out


def _grow(chosen: dict[str, list[tuple[ContextItem, str]]], budget: int, used: int, first_cap: int,
          count: Callable[[str], int], head_of: Callable[[ContextItem], str] = head_line) -> int:
    """Grow the items cut short into what is left of the budget; the tokens used after.

    What governs the file or symbol grows first, as far as the budget goes (in a task's pack, only
    what the task is close to in meaning: the rest is there for the file). Strong matches by
    meaning then grow together, a step each in turn up to `ITEM_SHARE`, so that the first match's
    examples do not take the room the next rule's own text needed (breadth first, as chosen)."""
    cap = max(first_cap, int(budget * ITEM_SHARE))
    growing = []
    for lvl in LEVELS:
        for n, (item, text) in enumerate(chosen[lvl]):
            if (text.endswith(MORE) and item.strength >= GROW_STRENGTH and item.by_meaning
                    and item.task_close is not False):
                growing.append((lvl, n, budget if lvl in GOVERNING else cap))
    step = max(50, first_cap // 2)
    reach = first_cap
    while growing and used < budget:
        reach = reach + step
        for key in list(growing):
            lvl, n, most = key
            item, text = chosen[lvl][n]
            cost = count(text + "\n")
            limit = most if lvl in GOVERNING else min(most, reach)
            grown = render_item(item, min(limit, cost + budget - used), count, head_of)
            grown_cost = count(grown + "\n") if grown is not None else 0
            if grown_cost > cost:  # never shorter than it is (a first sentence over the share)
                chosen[lvl][n] = (item, grown)
                used += grown_cost - cost
                text = grown
            if not text.endswith(MORE) or limit >= most or used >= budget:
                growing.remove(key)
    return used


def build_pack(lore: Lore, *, path: str | None = None, symbol: str | None = None, task: str | None = None,
               budget: int | None = None, counter: TokenCounter | None = None, scopes: tuple[Scope, ...] = (),
               data_note: bool = True, code_map: bool = True) -> ContextPack:
    """A markdown pack of the most relevant memories (of the given scopes, when any), never over `budget` tokens
    (without one, `lore.context.taskpack.default_budget`: smaller for a task alone).

    When the workspace has a codebase map, the pack starts with it: the project's commands and entry
    points, or for a file its module's role and the commands its area needs (`lore.context.mapped`);
    `code_map=False` leaves it out.

    Each memory's text is quoted under a line naming its source and trust; the note saying quoted
    text is data, not instructions, heads the items unless `data_note` is False (`lore export`
    writes the team's own memories into its rules file)."""
    start = time.perf_counter()
    counter = counter or token_counter()
    budget = default_budget(path, symbol, task) if budget is None else budget
    if int(budget) < MIN_BUDGET:
        raise ValidationError(f"budget {budget} is too small: a context pack needs at least {MIN_BUDGET} tokens")
    budget = int(budget)
    subject = " · ".join(x for x in (path, symbol, f"task: {task}" if task else None) if x) or "this project"
    header = f"# Lore context for {plain(subject)}\n"
    note = f"\n{DATA_NOTE}\n" if data_note else ""
    note_cost = counter.count(note)
    used = counter.count(header) + 60  # room for the footer lines
    lean = task_only(path, symbol, task)
    map_text, map_cost, map_lines = (map_part(lore, path, budget - used - note_cost, counter.count, task)
                                     if code_map else ("", 0, 0))
    if map_text:
        used += map_cost + note_cost  # the map is quoted data too: the note heads it
    candidates, weaker = gather(lore, path, symbol, task, scopes)
    _flag_stale(lore, candidates)
    chosen, used, left_out = _fit(candidates, budget, used, 0 if map_text else note_cost, counter.count,
                                  task_head if lean else head_line)
    parts = [header, note] if (any(chosen.values()) or map_text) and note else [header]
    parts += [map_text] if map_text else []
    items: list[ContextItem] = []
    for lvl in LEVELS:
        if chosen[lvl]:
            parts.append(f"\n## {LEVEL_TITLES[lvl]}\n")
            parts += [t + "\n" for _, t in chosen[lvl]]
            items += [i for i, _ in chosen[lvl]]
    if not items:
        parts.append(_empty_line(left_out, budget, bool(path or task)))
    body = "".join(parts)
    markdown, total = body, counter.count(body)

    def footer(stated: str) -> str:
        if lean:
            return task_footer(len(items), stated, budget, weaker)
        more = (f" {counted(weaker, 'weaker match', 'weaker matches')} not shown (search_memory or `lore search`"
                " finds them)." if weaker and items else "")
        return (f"\n_{counted(len(items), 'memory', 'memories')}, {stated} of {budget} tokens ({counter.method}); "
                f"{left_out} left out.{more}_\n")

    footed = _with_footer(body, total, budget, counter, footer)
    if footed is not None:
        markdown, total = footed
    if items:
        lore.record_surfaced([i.memory.id for i in items])
    return ContextPack(markdown, total, budget, items, left_out, counter.method, (time.perf_counter() - start) * 1000,
                       map_lines, weaker)


def _flag_stale(lore: Lore, items: list[ContextItem]) -> None:
    """Mark the items whose code changed since they were written, or that name code that is gone: an
    agent must not take a decision about a removed mechanism as current (lore.staleness)."""
    found = stale_lines(lore.root, [i.memory for i in items])
    for item in items:
        item.stale = found.get(item.memory.id)


def _empty_line(left_out: int, budget: int, specific: bool) -> str:
    """What an empty pack says instead of padding."""
    if left_out:
        return (f"\nNone of the {left_out} memories that apply fits a budget of {budget} tokens; raise the "
                "budget to see them.\n")
    if specific:
        return ("\nNothing in the project's memory is specific to this; search_memory or `lore search` "
                "looks wider.\n")
    return "\nNo memories apply here yet.\n"


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
