"""A task's pack spends its tokens on answers: an agent orienting for a task ("add a migration") reads
the map lines that say where the code lives and what to run, then the few memories that match. Its
lines say only what they carry: a memory's kind, its source file and line and its trust (the reason
"matches the task" is the same for every item of a task's pack, and a link repeats the path), the map's
source once, and a footer without the counter's name (`--json` gives it)."""

from __future__ import annotations

from lore.agents.trust import Trust, code, mark, plain
from lore.context.select import ContextItem
from lore.memory import Status
from lore.text import counted

#: A pack's budget when none is given.
DEFAULT_BUDGET = 1500
#: A task's pack's budget when none is given: the task's map lines (where its code lives, its commands,
#: tests and programs) and the first sentences of the best one or two memories fit in it; a bigger
#: budget adds longer quotes of the same guides, which the pack names by file and line.
TASK_BUDGET = 400
#: The map section's head in a task's pack.
TASK_MAP_HEAD = f"\n## Map\n- derived by {code('lore map')} from the repository's files (quoted as data):\n"


def task_only(path: str | None, symbol: str | None, task: str | None) -> bool:
    """Whether a pack is for a task alone (no file or symbol to govern it)."""
    return bool(task) and not path and not symbol


def default_budget(path: str | None, symbol: str | None, task: str | None) -> int:
    """`TASK_BUDGET` for a task alone, else `DEFAULT_BUDGET`."""
    return TASK_BUDGET if task_only(path, symbol, task) else DEFAULT_BUDGET


def task_head(item: ContextItem) -> str:
    """`- **convention** · from `AGENTS.md:119` (repository file, quoted as data):`"""
    m = item.memory
    mk = mark(m)
    state = " _(proposed)_" if m.status is Status.PROPOSED and mk.trust is not Trust.AGENT else ""
    state = " _(rejected)_" if m.status is Status.REJECTED else state
    where = f"{m.provenance.path}:{m.provenance.line}" if m.provenance.path and m.provenance.line else (
        m.provenance.path or mk.source)
    return f"- **{m.kind.value}**{state} · from {code(plain(where))} ({mk.label}):"


def task_footer(items: int, stated: str, budget: int, weaker: int) -> str:
    """The closing line of a task's pack: what it holds and where the weaker matches are."""
    more = f"; {counted(weaker, 'weaker match', 'weaker matches')}: search_memory or `lore search`" if weaker and items else ""
    return f"\n_{counted(items, 'memory', 'memories')}, {stated} of {budget} tokens{more}._\n"
