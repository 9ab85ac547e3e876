"""What a codebase map holds: languages, frameworks, commands, entry points, ranked modules, tests."""

from __future__ import annotations

import re

import attrs

_KINDS = (
    ("test", re.compile(r"\b(test|tests|spec|pytest|jest|vitest|mocha|e2e|unit|integration|coverage|tox|nox)\b", re.I)),
    ("lint", re.compile(r"\b(lint|eslint|ruff|flake8|pylint|mypy|vet|golangci|clippy|check|typecheck|tsc|biome|"
                        r"prettier|fmt|format|black|isort)\b", re.I)),
    ("build", re.compile(r"\b(build|compile|bundle|dist|install|webpack|vite build|docker build|package)\b", re.I)),
    ("generate", re.compile(r"\b(gen|generate|codegen|proto|protoc|buf|swagger|openapi|mock|mocks)\b", re.I)),
    ("migrate", re.compile(r"\b(migrat\w*|alembic|db:|flask db|makemigrations|schema)\b", re.I)),
    ("run", re.compile(r"\b(start|run|serve|dev|server|up|watch|debug)\b", re.I)),
)


_WRAPPERS = re.compile(r"^(?:(?:poetry|uv|pipenv|hatch|pdm|npm|pnpm|yarn|bun)\s+(?:run|exec)\s+|npx\s+|"
                       r"go\s+tool\s+|python3?\s+-m\s+|cd\s+\S+\s+&&\s+|\$\(\w+\)\s+)+")
_OTHER = re.compile(r"^(clean|help|all|default|deps|tidy|version|release|publish|ci|prepare|postinstall|preinstall|"
                    r"prepack|postpack|prepublish|prepublishOnly|postpublish)$", re.I)


def unwrap(run: str) -> str:
    """A command line without the runners before its program (`poetry run`, `npx`, `python -m`, `cd x &&`)."""
    return _WRAPPERS.sub("", run.strip())


def command_kind(name: str, run: str = "") -> str:
    """build, test, lint, generate, migrate, run or other: the name decides first, then the program it runs."""
    # The words of the name itself: not `make `/`npm run `/`bun run ` before it nor the area after it (`make
    # start-db (in test-migrations)` starts a database, it runs no test; `npm run prepack` is a hook, not a way to run
    # anything).
    base = re.sub(r"^(?:make|(?:npm|yarn|pnpm|bun) run) ", "", name.split(" (in ")[0])
    if _OTHER.match(base):
        return "other"
    program = " ".join(_WRAPPERS.sub("", run.strip()).split()[:2])
    for text in (base, program):
        for kind, pattern in _KINDS:
            if pattern.search(text.replace("_", " ").replace("-", " ").replace(":", " ")):
                return kind
    return "other"


def source_rank(source: str) -> int:
    """0 for a file that defines commands (a manifest, a makefile), 1 for a guide that documents them,
    2 for a CI workflow that calls them."""
    if source.startswith(".github/") or source.endswith(".gitlab-ci.yml"):
        return 2
    return 1 if source.lower().endswith((".md", ".markdown")) else 0


@attrs.define
class Command:
    """A command the project defines: a package script, a Makefile target, a CI step, a tool section."""

    name: str
    run: str
    source: str  # workspace-relative file that defines it
    kind: str = ""
    area: str = ""  # folder the command belongs to ("" = the whole project)
    doc: str = ""  # for a command a guide documents: the words introducing it ("Create a migration:")

    def __attrs_post_init__(self) -> None:
        self.kind = self.kind or command_kind(self.name, self.run)


@attrs.define
class EntryPoint:
    """Where a program starts: a console script, a `main` package, a package.json bin or main."""

    name: str
    target: str  # module:function, file or folder
    source: str
    kind: str = "program"  # program | library | service


@attrs.define
class Module:
    """One folder of source code in the import graph."""

    path: str  # workspace-relative folder ("" = the root)
    language: str
    files: int
    rank: float = 0.0
    imported_by: int = 0  # other modules importing this one
    imports: int = 0  # other modules this one imports
    role: str = ""
    role_source: str = ""  # doc comment | README | name | file names
    main_files: list[str] = attrs.field(factory=list)  # its biggest non-test files (top modules only)

    @property
    def key(self) -> str:
        """Stable identity of this module's map item."""
        return f"module:{self.path or '.'}"


@attrs.define
class TestLayout:
    """Where tests live and what runs them."""

    path: str
    framework: str
    files: int
    folders: dict[str, int] = attrs.field(factory=dict)  # the folders holding its test files, most first

    def folders_about(self, terms: set[str], split) -> list[tuple[str, int]]:
        """Its folders whose own names (below the layout's root) share a word with `terms` (words by `split`)."""
        root = self.path.split("**", 1)[0].rstrip("/")
        return [(f, n) for f, n in self.folders.items()
                if terms & split(f[len(root):] if root and f.startswith(root) else f)]


@attrs.define
class CodeMap:
    """A compressed map of one workspace."""

    name: str
    languages: dict[str, int] = attrs.field(factory=dict)  # language -> source files
    frameworks: dict[str, str] = attrs.field(factory=dict)  # framework -> manifest naming it
    manifests: list[str] = attrs.field(factory=list)
    commands: list[Command] = attrs.field(factory=list)
    entry_points: list[EntryPoint] = attrs.field(factory=list)
    modules: list[Module] = attrs.field(factory=list)  # ranked, most central first
    tests: list[TestLayout] = attrs.field(factory=list)
    readmes: dict[str, str] = attrs.field(factory=dict)  # folder -> its README's first paragraph
    routes: dict[str, int] = attrs.field(factory=dict)  # file -> routes registered in it, most first
    workspaces: list[str] = attrs.field(factory=list)  # sub-projects (package workspaces, Go modules, crates)
    left_out: dict[str, int] = attrs.field(factory=dict)  # why -> files
    left_out_dirs: list[str] = attrs.field(factory=list)
    files: int = 0

    def add_framework(self, name: str, source: str) -> None:
        """Note a framework once, with the first manifest naming it."""
        self.frameworks.setdefault(name, source)

    def top_modules(self, n: int = 12) -> list[Module]:
        """The most central modules."""
        return self.modules[:n]
