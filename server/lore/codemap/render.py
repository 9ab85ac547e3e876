"""The map as markdown (for `lore map`, memory bodies and context packs) and as JSON."""

from __future__ import annotations

import attrs

from lore.codemap.model import CodeMap, Command, EntryPoint, Module, TestLayout, source_rank
from lore.codemap.roles import shorten

MAX_COMMANDS = 25
MAX_ENTRY_POINTS = 15
MODULE_ROLE_CHARS = 160


def to_json(cmap: CodeMap, modules: int = 50) -> dict:
    """The map as plain JSON data (the first `modules` modules)."""
    data = attrs.asdict(cmap)
    data["modules"] = data["modules"][:modules]
    return data


def from_json(data: dict) -> CodeMap:
    """A map back from `to_json`."""
    fields = dict(data)
    fields["commands"] = [Command(**c) for c in data.get("commands", [])]
    fields["entry_points"] = [EntryPoint(**e) for e in data.get("entry_points", [])]
    fields["modules"] = [Module(**m) for m in data.get("modules", [])]
    fields["tests"] = [TestLayout(**t) for t in data.get("tests", [])]
    return CodeMap(**fields)


def overview_markdown(cmap: CodeMap, top: int = 12) -> str:
    """The project overview: stack, commands, entry points, tests, most central modules."""
    lines = [f"Languages: {_counts(dict(sorted(cmap.languages.items(), key=lambda kv: -kv[1])))}."]
    if cmap.frameworks:
        lines.append(f"Frameworks and tools: {', '.join(cmap.frameworks)}.")
    if cmap.workspaces:
        lines.append(f"Sub-projects: {', '.join(f'`{w}`' for w in cmap.workspaces[:20])}.")
    if cmap.readmes.get("."):
        lines.append(f"README: {cmap.readmes['.'].replace('**', '')}")
    lines += ["", "## Commands"] + [command_line(c) for c in project_commands(cmap)[:MAX_COMMANDS]]
    lines += ["", "## Entry points"] + [entry_line(e) for e in entry_points(cmap)[:MAX_ENTRY_POINTS]]
    if cmap.routes:
        lines += ["", "## Routes registered in"] + [f"- `{f}` ({n} routers, controllers or blueprints)"
                                                    for f, n in sorted(cmap.routes.items(), key=lambda kv: -kv[1])]
    if cmap.tests:
        lines += ["", "## Tests"] + [f"- `{t.path}`: {t.files} files ({t.framework})" for t in cmap.tests]
    lines += ["", "## Key modules (most central first)"] + [module_line(m) for m in cmap.top_modules(top)]
    if cmap.left_out or cmap.left_out_dirs:
        said = [f"{_counts(cmap.left_out)} files"] if cmap.left_out else []
        said += [f"folders: {', '.join(f'`{d}`' for d in cmap.left_out_dirs[:10])}"] if cmap.left_out_dirs else []
        lines += ["", "## Left out", "- " + "; ".join(said)]
    return "\n".join(lines).replace("\n\n## Commands\n\n", "\n\n## Commands\n- none found\n\n")


def map_markdown(cmap: CodeMap, top: int = 15) -> str:
    """The whole map, for people: the overview, then each key module and each area's commands."""
    parts = [f"# Map of {cmap.name}", "", overview_markdown(cmap, top)]
    areas = sorted({c.area for c in cmap.commands if c.area})
    if areas:
        parts += ["", "## Commands by area"]
        for area in areas:
            parts.append(f"### `{area}`")
            parts += [command_line(c) for c in cmap.commands if c.area == area][:MAX_COMMANDS]
    return "\n".join(parts) + "\n"


def module_markdown(m: Module, cmap: CodeMap) -> str:
    """One module's map item: role, size, centrality, its README, the commands and tests of its area."""
    lines = [f"Role: {m.role}" + (f" (from its {m.role_source})" if m.role_source else "") if m.role else
             "Role: not documented (no doc comment or README).",
             f"{m.files} {m.language} files; imported by {m.imported_by} modules, imports {m.imports}."]
    if m.main_files:
        lines.append(f"Main files: {', '.join(f'`{f}`' for f in m.main_files[:5])}.")
    readme = cmap.readmes.get(m.path or ".")
    if readme and readme != m.role:
        lines.append(f"README: {readme}")
    cmds = [c for c in cmap.commands if c.area and (m.path == c.area or m.path.startswith(c.area + "/"))]
    if cmds:
        lines += ["", "Commands of its area:"] + [command_line(c) for c in cmds[:10]]
    return "\n".join(lines)


PER_KIND = {"build": 4, "test": 5, "lint": 3, "run": 3, "generate": 3, "migrate": 3, "other": 0}
KIND_ORDER = tuple(PER_KIND)


def project_commands(cmap: CodeMap) -> list[Command]:
    """The project's own commands, a few of each kind (manifests and Makefiles before CI steps, the plainest
    names first), then the build/test/lint commands of each area."""
    def plain(c: Command) -> tuple:
        return (source_rank(c.source), len(c.name), c.name)

    picked: list[Command] = []
    root = [c for c in cmap.commands if not c.area]
    for kind in KIND_ORDER:
        picked += sorted((c for c in root if c.kind == kind), key=plain)[:PER_KIND[kind]]
    areas = [c for c in cmap.commands if c.area and c.kind in ("build", "test", "lint")]
    return picked + areas[:10]


def command_line(c: Command) -> str:
    run = c.run if len(c.run) <= 120 else c.run[:117] + "..."
    shown = f"`{c.name}`" + (f" → `{run}`" if run and run != c.name else "")
    return f"- {c.kind}: {shown} ({c.source})"


def entry_points(cmap: CodeMap) -> list[EntryPoint]:
    """Programs first, then libraries, then containers and services (each named once)."""
    order = {"program": 0, "library": 1, "service": 2}
    seen: set[tuple[str, str]] = set()
    out = []
    for e in sorted(cmap.entry_points, key=lambda e: order.get(e.kind, 3)):
        if (e.name, e.target) not in seen:
            seen.add((e.name, e.target))
            out.append(e)
    return out


def entry_line(e: EntryPoint) -> str:
    return f"- {e.kind} `{e.name}`: `{e.target}` ({e.source})"


def module_line(m: Module) -> str:
    role = f" — {shorten(m.role, MODULE_ROLE_CHARS)}" if m.role else ""  # the module's own item has all of it
    return f"- `{m.path or '.'}/` ({m.files} {m.language} files, imported by {m.imported_by}){role}"


def _counts(d: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items())
