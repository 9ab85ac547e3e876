"""The map lines a task needs: the commands, modules, tests and entry points whose names share words
with the task (a few families of everyday words widen it: "endpoint" also finds routes and
controllers, "migration" the database), then the project's plainest test, lint and build commands.

An orientation task ("add a new API endpoint", "add a migration", "where are the tests for X") is
answered by a handful of lines of the map: where such code lives, what to copy, what to run."""

from __future__ import annotations

import re

from lore.codemap.model import CodeMap, Command, EntryPoint, Module, source_rank
from lore.codemap.recipes import programs

#: Words that say nothing about where to look.
STOP = frozenset("""a an and are as at be by can do does for from how i in into is it make me my new of on or our
the this to up use we what when where which who why with add find change changes after before its there""".split())
TEST_WORDS = frozenset({"test", "tests", "spec", "e2e", "testing", "integration"})
#: Everyday words of one family find each other.
ROUTE_WORDS = frozenset({"endpoint", "api", "route", "router", "routes", "handler", "controller", "rest", "http",
                         "blueprint"})
ROUTES_NAMED = ROUTE_WORDS - {"api", "http"}
FAMILIES = (
    ROUTE_WORDS,
    frozenset({"migration", "migrate", "database", "db", "schema", "alembic"}),
    TEST_WORDS,
    frozenset({"mock", "mocks", "mockery", "fake"}),
    frozenset({"component", "page", "frontend", "ui"}),
    frozenset({"storage", "store"}),
    frozenset({"lint", "linter", "format", "fmt"}),
    frozenset({"build", "compile", "bundle"}),
    frozenset({"locally", "local", "start", "serve", "dev"}),
    frozenset({"generate", "regenerate", "codegen", "gen"}),
    frozenset({"worker", "celery", "queue", "scheduled", "schedule", "cron", "beat"}),
    frozenset({"entry", "main", "binary", "cli"}),
    frozenset({"hook", "hooks", "fetch", "fetching"}),
)
#: A task word naming a kind of command (`lore.codemap.model.command_kind`).
KIND_OF = {"test": "test", "tests": "test", "testing": "test", "spec": "test", "integration": "test",
           "lint": "lint", "linter": "lint", "format": "lint", "fmt": "lint",
           "build": "build", "compile": "build", "bundle": "build",
           "migration": "migrate", "migrate": "migrate", "database": "migrate", "schema": "migrate",
           "locally": "run", "start": "run", "serve": "run",
           "generate": "generate", "regenerate": "generate", "mock": "generate", "mocks": "generate"}
CORE_KINDS = ("test", "lint", "build")
#: Words most command names share: a match on them counts for little.
WEAK = frozenset({"run", "all", "check"})
MAX_COMMANDS, MAX_MODULES, MAX_TESTS, MAX_ENTRIES = 5, 4, 3, 3
_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|[0-9]+")


def words(text: str) -> set[str]:
    """Lower-case words of a text, identifiers split (camelCase, snake_case, paths), plurals made singular."""
    out = set()
    for w in _WORD.findall(text or ""):
        w = w.lower()
        out.add(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return out - STOP


def task_terms(task: str) -> tuple[set[str], set[str]]:
    """(the task's words widened by their families, the kinds of command it names)."""
    own = words(task)
    terms = set(own)
    for fam in FAMILIES:
        if own & fam:
            terms |= fam
    return terms, {KIND_OF[w] for w in terms if w in KIND_OF}


def task_map_lines(cmap: CodeMap, task: str, max_items: int | None = None) -> list[str]:
    """The map lines for a task: where its code lives, the commands it needs, its tests, the
    project's plain commands, its programs; [] when the map has none of them. With `max_items`,
    the best of each part are kept (taken in turns) so a small budget still covers every part."""
    terms, kinds = task_terms(task)
    cmds = _commands(cmap, terms, kinds)
    subject = terms - TEST_WORDS  # code is found by what it is about, not by the tests the task mentions
    mods = _ranked(cmap.modules[:80], lambda m: _module_score(m, subject), MAX_MODULES, floor=2)
    tests = _tests(cmap, terms, MAX_TESTS if "test" in kinds else 2)
    entries = _ranked([e for e in cmap.entry_points if e.kind == "program"],
                      lambda e: len(terms & words(f"{e.name} {e.target}")), MAX_ENTRIES, floor=1)
    if not (cmds[0] or mods or entries):
        entries = [e for e in cmap.entry_points if e.kind == "program"][:2]
    parts = [[_module(m, terms) for m in mods], _routes(cmap, words(task)), [_short(c) for c in cmds[0]], tests,
             _core(cmds[1]), [_program(e, cmap) for e in entries]]
    keep = _in_turns(parts, max_items)
    return [line for items, n in zip(parts, keep) for line in items[:n]]


def item_count(lines: list[str]) -> int:
    """How many items a list of task map lines holds."""
    return len(lines)


def _in_turns(parts: list[list[str]], limit: int | None) -> list[int]:
    """How many items of each part to keep: one of each in turn until `limit` items are kept."""
    if limit is None:
        return [len(p) for p in parts]
    keep = [0] * len(parts)
    while limit > 0 and any(k < len(p) for k, p in zip(keep, parts)):
        for i, p in enumerate(parts):
            if limit > 0 and keep[i] < len(p):
                keep[i] += 1
                limit -= 1
    return keep


def _commands(cmap: CodeMap, terms: set[str], kinds: set[str]) -> tuple[list[Command], list[Command]]:
    """(commands sharing words or a kind with the task, the plainest test/lint/build commands besides)."""
    def score(c: Command) -> float:
        name = words(c.name.split(" (in ")[0]) - {"npm", "pnpm", "yarn", "poetry"}
        if not (terms & name or c.kind in kinds) or (c.kind == "other" and len(terms & name) < 2):
            return 0
        shared = terms & name
        per_word = 1 if source_rank(c.source) == 1 else 2  # a guide's command line shares words by its arguments
        s = (per_word * len(shared - WEAK) + 0.5 * len(shared & WEAK)
             + min(1.0, 0.5 * len(terms & (words(c.run) | words(c.doc)))))
        s += 1.5 if c.kind in kinds else 0
        s -= 3.0 if c.source.startswith(".github/") else 0  # a CI step, where a person types a make target
        s -= 1.0 if c.area and not terms & words(c.area) else 0  # another sub-project's command
        return s

    matched = _ranked(cmap.commands, score, MAX_COMMANDS, floor=1.5, tie=_plainness)
    core = []
    for kind in CORE_KINDS:
        pick = sorted((c for c in cmap.commands if c.kind == kind and not c.area),
                      key=lambda c: (source_rank(c.source) > 0, _plainness(c, kind)))
        core += [c for c in pick[:1] if c not in matched]
    return matched, core


def _plainness(c: Command, kind: str | None = None) -> tuple:
    """The command named for its kind first (`make lint`, `npm test`), then those a person types
    before CI steps, then the shortest."""
    kind = kind or c.kind
    exact = c.name.split(" (in ")[0].replace(":", " ").split()[-1:] == [kind]
    return (not exact, source_rank(c.source), bool(c.area), len(c.name), c.name)


def _ranked(items: list, score, n: int, floor: float = 0.0, tie=None) -> list:
    scored = [(score(x), i, x) for i, x in enumerate(items)]
    keep = [t for t in scored if t[0] >= floor and t[0] > 0]
    keep.sort(key=lambda t: (-t[0], tie(t[2]) if tie else t[1]))
    return [x for _, _, x in keep[:n]]


def _short(c: Command) -> str:
    """A command in a few tokens (`_how`), with where it is defined only when its name does not say (a
    guide, a CI step, a script of a sub-project)."""
    obvious = c.source.rsplit("/", 1)[-1] in ("Makefile", "package.json", "pyproject.toml") or c.source.endswith(".mk")
    return f"- {c.kind}: {_how(c)}" + ("" if obvious and not c.area else f" ({c.source})")


def _how(c: Command) -> str:
    """`name` → what it runs when that is a short command line, else the programs its steps run."""
    run = c.run.strip()
    shown = run and run != c.name and "$(" not in run and not run.endswith("\\") and len(run) <= 60
    tools = [p for p in programs(run) if p not in c.name] if run and not shown and run != c.name else []
    return (f"`{c.name}`" + (f" → `{run}`" if shown else "")
            + (f" → runs {', '.join(f'`{t}`' for t in tools[:3])}" if tools else ""))


def _core(cmds: list[Command]) -> list[str]:
    """The project's plain test, lint and build commands on one line (every task needs them)."""
    return ["- " + "; ".join(f"{c.kind} {_how(c)}" for c in cmds)] if cmds else []


def _program(e: EntryPoint, cmap: CodeMap) -> str:
    """A program's line: where it starts, and the plainest commands that build and run it (those naming
    its folder, `go run ./cmd/x`, or named for it, `make build-x`)."""
    at = re.compile(rf"(?<![\w/.-])(\./)?{re.escape(e.target)}(?![\w-])")
    named = words(e.name)
    how = []
    for kind in ("build", "run"):
        found = [(not (named and named <= words(c.name.split(" (in ")[0])), c) for c in cmap.commands
                 if c.kind == kind and not c.area
                 and (at.search(c.run) or at.search(c.name) or named and named <= words(c.name.split(" (in ")[0]))]
        if found:
            _, c = min(found, key=lambda x: (x[0], source_rank(x[1].source), x[1].source.count("/"), len(x[1].name)))
            shown = c.run if c.run.startswith(("go run", "cargo run", "python")) and len(c.run) <= 60 else c.name
            how.append(f"{kind} `{shown}`")
    return f"- program `{e.name}`: `{e.target}`" + "".join(f"; {h}" for h in how)


def _routes(cmap: CodeMap, task_words: set[str]) -> list[str]:
    """Where routes are registered (`lore.codemap.routes`), for a task that names endpoints, routes,
    handlers or controllers ("the API" alone may be an API client's task)."""
    if not task_words & ROUTES_NAMED or not cmap.routes:
        return []
    found = sorted(cmap.routes.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    return ["- routes registered in " + ", ".join(f"`{f}` ({n})" for f, n in found)]


def _tests(cmap: CodeMap, terms: set[str], n: int) -> list[str]:
    """Test folders named like the task's subject (the words every test task shares left out), on one
    line (`_test_line`), then the first layouts none of them is in (the first layout when none is named).

    The folders are the most shared words and files first, the best folder of each test layout before
    a second of the same layout: a repository that keeps unit tests beside the code and its end-to-end
    tests in a test tree (`src/lib/routes/admin-api/`, `src/test/e2e/api/admin/`) answers "where are
    the tests for X" in both, and one line holds both answers when a small pack keeps one line a part."""
    subject = terms - {"test", "tests", "testing", "spec"}
    named = [(len(subject & words(f)) + 0.5 * bool(subject & words(f.rsplit("/", 1)[-1])), c, f, t.framework, t.path)
             for t in cmap.tests for f, c in t.folders_about(subject, words)]
    named.sort(key=lambda x: (-x[0], -x[1]))
    picked: list[tuple] = []
    for first_of_layout in (True, False):
        for entry in named:
            _, _, f, _, layout = entry
            if (len(picked) < n and entry not in picked
                    and not (first_of_layout and any(p[4] == layout for p in picked))
                    and not any(f.startswith(p[2] + "/") or p[2].startswith(f + "/") for p in picked)):
                picked.append(entry)  # a sub-folder (or the folder above) of one picked adds nothing
    picked.sort(key=named.index)
    lines = [_test_line([(f, c, fw) for _, c, f, fw, _ in picked])] if picked else []
    others = [t for t in cmap.tests if not any(p[4] == t.path for p in picked)]  # a layout named above adds nothing
    return lines + [f"- tests: `{t.path}` ({t.files} files, {t.framework})"
                    for t in others[:max(0 if picked else 1, n - len(picked))]]


def _test_line(folders: list[tuple[str, int, str]]) -> str:
    """`- tests: `a/` (6 files), `b/` (28 files, Vitest)`: the framework once when they share it."""
    shared = len({fw for _, _, fw in folders}) == 1
    return "- tests: " + ", ".join(
        f"`{f}/` ({c} files" + ("" if shared and i < len(folders) - 1 else f", {fw}") + ")"
        for i, (f, c, fw) in enumerate(folders))


def _module_score(m: Module, terms: set[str]) -> float:
    """Words shared with the module's folder count twice, with its role or the names of its main files once."""
    files = set().union(*(words(f.rsplit("/", 1)[-1].rsplit(".", 1)[0]) for f in m.main_files)) if m.main_files else set()
    return 2 * len(terms & words(m.path)) + len(terms & (words(m.role) | files))


def _module(m: Module, terms: set[str]) -> str:
    """A module's line: folder, size, role, and its main files that share words with the task."""
    role = m.role if len(m.role) <= 80 else m.role[:77] + "..."
    named = [f.rsplit("/", 1)[-1] for f in m.main_files
             if terms & words(f.rsplit("/", 1)[-1].rsplit(".", 1)[0]) and f.rsplit("/", 1)[-1] not in role][:3]
    return (f"- code: `{m.path or '.'}/`" + (f" — {role}" if role else "")
            + (f"; see {', '.join(f'`{n}`' for n in named)}" if named else ""))



