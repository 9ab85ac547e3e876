"""The codebase map's part of a context pack: the project's commands and entry points, or a file's
module role and the commands its area needs (`lore map`), quoted as derived from repository files."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from lore.codemap.manifests import MANIFEST_NAMES
from lore.codemap.model import CodeMap, Command, Module
from lore.codemap.render import command_line, entry_line, entry_points, project_commands
from lore.agents.trust import LABELS, Trust, code, plain
from lore.codemap.store import stored_map
from lore.context.taskmap import item_count, task_map_lines, task_terms
from lore.context.taskpack import TASK_MAP_HEAD

if TYPE_CHECKING:
    from lore.api import Lore

#: The map never takes more than this share of a pack's budget: memories come after it.
MAP_SHARE = 0.35
#: A task's own map lines (where its code lives, what to run) are most of what orienting needs.
TASK_MAP_SHARE = 0.75
TASK_WHAT = "the project's commands, modules and tests for this task"
AREA_KINDS = ("build", "test", "lint")
#: Where a module's role is written by people (not guessed from its name or file names).
DOCUMENTED = ("doc comment", "README")


def cached_map(lore: Lore) -> CodeMap | None:
    """The stored map (`lore.codemap.store.stored_map`), parsed once per database change; None without
    one or when the workspace has no manifest (no project to map, as `lore.codemap.store.map_memories` says)."""

    store = lore.store
    version = store.db.data_version()
    cached = store.cache.get("code-map")
    if cached is None or cached[0] != version:
        cmap = stored_map(lore)
        project = cmap is not None and any(PurePosixPath(f).name in MANIFEST_NAMES for f in cmap.manifests)
        cached = (version, cmap if project else None)
        store.cache["code-map"] = cached
    return cached[1]


def module_of(cmap: CodeMap, path: str) -> Module | None:
    """The mapped module holding a file: the one whose folder is the longest prefix of the file's."""
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    best = None
    for m in cmap.modules:
        if (m.path == folder or folder.startswith(m.path + "/") or m.path == "") and (
                best is None or len(m.path) > len(best.path)):
            best = m
    return best


def area_commands(cmap: CodeMap, path: str) -> list[Command]:
    """Build, test and lint commands of the file's own area (sub-project), else the project's."""
    areas = [c for c in cmap.commands if c.area and (path.startswith(c.area + "/")) and c.kind in AREA_KINDS]
    if areas:
        deepest = max(len(c.area) for c in areas)
        return [c for c in areas if len(c.area) == deepest]
    return [c for c in project_commands(cmap) if not c.area and c.kind in AREA_KINDS]


def map_lines(cmap: CodeMap, path: str | None, task: str | None = None) -> tuple[str, list[str]]:
    """(what the lines are, the lines, most useful first): for a task without a path, the map lines
    that share its words (`lore.context.taskmap`); the project overview without a path (or when
    nothing matches the task); else the file's module role and its area's commands: for a task on
    the file, only the commands of the kinds the task names ("add a migration" needs the migrate
    command, "rename a column" none), since the pack is about the task."""
    if not path and task:
        lines = task_map_lines(cmap, task)
        if lines:
            return TASK_WHAT, lines
    if not path:
        lines = _titled("Commands:", [command_line(c) for c in project_commands(cmap)])
        lines += _titled("Entry points:", [entry_line(e) for e in entry_points(cmap)])
        return "the project's commands and entry points", lines
    lines = []
    m = module_of(cmap, path)
    if m is not None and m.role and m.role_source in DOCUMENTED:  # a role guessed from names says little
        lines.append(f"Module `{m.path or '.'}/`: {m.role} (from its {m.role_source})")
    cmds = first_of_each_kind(area_commands(cmap, path) if not task else task_commands(cmap, path, task))
    if cmds:
        sources = sorted({c.source for c in cmds})
        lines.append("Commands its area needs: " + " · ".join(f"{c.kind} `{c.name}`" for c in cmds)
                     + f" ({', '.join(sources)})")
    return "this file's module and commands", lines


def task_commands(cmap: CodeMap, path: str, task: str) -> list[Command]:
    """The commands of the kinds a task names (`lore.context.taskmap.task_terms`): of the file's own
    area where it has them, else the project's; [] when the task names no kind of command."""
    kinds = task_terms(task)[1]
    out: list[Command] = []
    for kind in sorted(kinds):
        areas = [c for c in cmap.commands if c.kind == kind and c.area and path.startswith(c.area + "/")]
        if areas:
            deepest = max(len(c.area) for c in areas)
            out += [c for c in areas if len(c.area) == deepest]
        else:
            out += [c for c in project_commands(cmap) if c.kind == kind and not c.area]
    return out


def first_of_each_kind(commands: list[Command]) -> list[Command]:
    """The first build, test and lint command (a file's pack names how to check it, not every script)."""
    seen: set[str] = set()
    out = []
    for c in commands:
        if c.kind not in seen:
            seen.add(c.kind)
            out.append(c)
    return out


def _titled(title: str, lines: list[str]) -> list[str]:
    return [title, *lines] if lines else []


def map_part(lore: Lore, path: str | None, budget: int, count, task: str | None = None) -> tuple[str, int, int]:
    """The pack's map section, its token cost and how many quoted lines it holds, fitted into
    `MAP_SHARE` of `budget` (a task's own lines into `TASK_MAP_SHARE`, the best of each of their parts
    kept); ("", 0, 0) when there is no map or nothing of it fits."""
    cmap = cached_map(lore)
    if cmap is None:
        return "", 0, 0
    what, lines = map_lines(cmap, path, task)
    if not lines:
        return "", 0, 0
    head = TASK_MAP_HEAD if what == TASK_WHAT else (
        f"\n## Map\n- **map** of {plain(what)}, derived by {code('lore map')} from the repository's files "
        f"({LABELS[Trust.REPOSITORY]}):\n")
    limit = int(budget * (TASK_MAP_SHARE if what == TASK_WHAT else MAP_SHARE))
    if what == TASK_WHAT:
        for n in range(item_count(lines), 0, -1):
            some = lines if n == item_count(lines) else task_map_lines(cmap, task, n)
            fitted = _fit(head, some, limit, count)
            if fitted[2] == len(some):  # every line of the n best fits
                return fitted
        return "", 0, 0
    return _fit(head, lines, limit, count)


def _fit(head: str, lines: list[str], limit: int, count) -> tuple[str, int, int]:
    """The map section of as many of `lines` as fit `limit` tokens, line by line (no title left alone)."""
    kept: list[str] = []
    used = count(head)
    for line in lines:
        quoted = f"  > {plain(line)}\n"
        cost = count(quoted)
        if used + cost > limit:
            break
        kept.append(quoted)
        used += cost
    while kept and kept[-1].endswith(":\n"):  # a title with none of its lines
        used -= count(kept.pop())
    text = head + "".join(kept)
    return (text, count(text), len(kept)) if kept else ("", 0, 0)
