"""The map lines a task needs: the commands, modules, tests and entry points whose names share words
with the task (a few families of everyday words widen it: "endpoint" also finds routes and
controllers, "migration" the database), then the project's plainest test, lint and build commands.

An orientation task ("add a new API endpoint", "add a migration", "where are the tests for X") is
answered by a handful of lines of the map: where such code lives, what to copy, what to run."""

from __future__ import annotations

import re

from lore.codemap.model import CodeMap, Command, Module
from lore.codemap.render import command_line

#: Words that say nothing about where to look.
STOP = frozenset("""a an and are as at be by can do does for from how i in into is it make me my new of on or our
the this to up use we what when where which who why with add find change changes after before its there""".split())
TEST_WORDS = frozenset({"test", "tests", "spec", "e2e", "testing", "integration"})
#: Everyday words of one family find each other.
FAMILIES = (
    frozenset({"endpoint", "api", "route", "router", "routes", "handler", "controller", "rest", "http", "blueprint"}),
    frozenset({"migration", "migrate", "database", "db", "schema", "alembic"}),
    TEST_WORDS,
    frozenset({"mock", "mocks", "mockery", "fake"}),
    frozenset({"component", "page", "frontend", "ui"}),
    frozenset({"storage", "store"}),
    frozenset({"lint", "linter", "format", "fmt"}),
    frozenset({"build", "compile", "bundle"}),
    frozenset({"locally", "local", "start", "serve", "dev"}),
    frozenset({"generate", "regenerate", "codegen", "gen"}),
    frozenset({"job", "worker", "celery", "queue", "scheduled", "schedule", "cron", "beat"}),
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
MAX_COMMANDS, MAX_MODULES, MAX_TESTS, MAX_ENTRIES = 5, 4, 3, 3
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def words(text: str) -> set[str]:
    """Lower-case words of a text, identifiers split (camelCase, snake_case, paths), plurals singular."""
    out = set()
    for w in _WORD.findall(text or ""):
        w = w.lower()
        out.add(w)
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            out.add(w[:-1])
    return out - STOP


def task_terms(task: str) -> tuple[set[str], set[str]]:
    """(the task's words widened by their families, the kinds of command it names)."""
    own = words(task)
    terms = set(own)
    for fam in FAMILIES:
        if own & fam:
            terms |= fam
    return terms, {KIND_OF[w] for w in terms if w in KIND_OF}


def task_map_lines(cmap: CodeMap, task: str) -> list[str]:
    """The map lines for a task, most useful first; [] when nothing in the map shares a word with it."""
    terms, kinds = task_terms(task)
    cmds = _commands(cmap, terms, kinds)
    mods = _ranked(cmap.modules[:80], lambda m: _module_score(m, terms), MAX_MODULES, floor=2)
    tests = _tests(cmap, terms, MAX_TESTS if "test" in kinds else 2)
    entries = _ranked([e for e in cmap.entry_points if e.kind == "program"],
                      lambda e: len(terms & words(f"{e.name} {e.target}")), MAX_ENTRIES, floor=1)
    if not (cmds[0] or mods or tests or entries):
        entries = [e for e in cmap.entry_points if e.kind == "program"][:2]
    lines = _titled("Commands for this task:", [_short(c) for c in cmds[0]])
    lines += _titled("Commands the project runs:", [_short(c) for c in cmds[1]])
    lines += _titled("Where:", [_module(m, terms) for m in mods])
    lines += _titled("Tests:", tests)
    lines += _titled("Entry points:", [f"- {e.kind} `{e.name}`: `{e.target}` ({e.source})" for e in entries])
    return lines


def _commands(cmap: CodeMap, terms: set[str], kinds: set[str]) -> tuple[list[Command], list[Command]]:
    """(commands sharing words or a kind with the task, the plainest test/lint/build commands besides)."""
    def score(c: Command) -> float:
        name = words(c.name.split(" (in ")[0]) - {"npm", "pnpm", "yarn", "poetry"}
        if not (terms & name or c.kind in kinds):
            return 0
        s = 2 * len(terms & name) + min(1.0, 0.5 * len(terms & words(c.run))) + (1.5 if c.kind in kinds else 0)
        s -= 3.0 if c.source.startswith(".github/") else 0  # a CI step, where a person types a make target
        s -= 1.0 if c.area and not terms & words(c.area) else 0  # another sub-project's command
        return s

    matched = _ranked(cmap.commands, score, MAX_COMMANDS, floor=1.5, tie=_plainness)
    core = []
    for kind in CORE_KINDS:
        pick = sorted((c for c in cmap.commands if c.kind == kind and not c.area), key=lambda c: _plainness(c, kind))
        core += [c for c in pick[:1] if c not in matched]
    return matched, core


def _plainness(c: Command, kind: str | None = None) -> tuple:
    """The command named for its kind first (`make lint`, `npm test`), then those a person types
    before CI steps, then the shortest."""
    kind = kind or c.kind
    exact = c.name.split(" (in ")[0].replace(":", " ").split()[-1:] == [kind]
    return (not exact, c.source.startswith(".github/"), bool(c.area), len(c.name), c.name)


def _ranked(items: list, score, n: int, floor: float = 0.0, tie=None) -> list:
    scored = [(score(x), i, x) for i, x in enumerate(items)]
    keep = [t for t in scored if t[0] >= floor and t[0] > 0]
    keep.sort(key=lambda t: (-t[0], tie(t[2]) if tie else t[1]))
    return [x for _, _, x in keep[:n]]


def _short(c: Command) -> str:
    line = command_line(c)
    return line if len(line) <= 140 else command_line(Command(c.name, c.run[:60] + "...", c.source, c.kind, c.area))


def _tests(cmap: CodeMap, terms: set[str], n: int) -> list[str]:
    """Test folders named like the task's subject (the words every test task shares left out), most
    shared words and files first, then the first layouts."""
    subject = terms - {"test", "tests", "testing", "spec"}
    named = [(len(subject & words(f)), c, f, t.framework) for t in cmap.tests for f, c in t.folders_about(subject, words)]
    named.sort(key=lambda x: (-x[0], -x[1]))
    lines = [f"- `{f}/`: {c} test files ({fw})" for _, c, f, fw in named[:n]]
    return lines + [f"- `{t.path}`: {t.files} files ({t.framework})" for t in cmap.tests[:max(1, n - len(lines))]]


def _module_score(m: Module, terms: set[str]) -> float:
    """Words shared with the module's folder count twice, with its role or the names of its main files once."""
    files = set().union(*(words(f.rsplit("/", 1)[-1].rsplit(".", 1)[0]) for f in m.main_files)) if m.main_files else set()
    return 2 * len(terms & words(m.path)) + len(terms & (words(m.role) | files))


def _module(m: Module, terms: set[str]) -> str:
    """A module's line: folder, size, role, and its main files that share words with the task."""
    role = m.role if len(m.role) <= 110 else m.role[:107] + "..."
    named = [f.rsplit("/", 1)[-1] for f in m.main_files
             if terms & words(f.rsplit("/", 1)[-1].rsplit(".", 1)[0]) and f.rsplit("/", 1)[-1] not in role][:3]
    return (f"- `{m.path or '.'}/` ({m.files} {m.language} files)" + (f" — {role}" if role else "")
            + (f"; see {', '.join(f'`{n}`' for n in named)}" if named else ""))


def _titled(title: str, lines: list[str]) -> list[str]:
    return [title, *lines] if lines else []

