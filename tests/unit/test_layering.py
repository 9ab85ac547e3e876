"""The layers of `server/lore`, checked on every module's imports (read with `ast`, nothing imported).

faces (`lore.lsp`, `lore.cli`, `lore.mcp`, `lore.__main__`, sharing `lore.wire`) -> the core API
(`lore.api`) -> capabilities (`recall`, `anchors`, `sources`, `ingest`, `team`, `learn`, `context`, ...)
-> base (`lore.store`, `lore.markup`, `lore.memory`, `lore.text`, `lore.redact`); no SQL outside
`lore.store`, no import circle. docs/ARCHITECTURE.md describes them. The allow-lists below are exact: a
new exception fails, and so does an entry that is no longer needed, so a list is cut when a seam is fixed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from import_graph import FUNCTION, MODULE, TYPING, cycles, graph, modules, scan, under

SERVER = Path(__file__).resolve().parents[2] / "server"
FACES = ("lore.lsp", "lore.cli", "lore.mcp", "lore.__main__")
WIRE = ("lore.wire",)  # what the faces share: result shapes, JSON operations, the relay socket
API = ("lore.api",)
BASE = ("lore.store", "lore.memory", "lore.text", "lore.markup", "lore.redact")
PROTOCOL_LIBRARIES = ("pygls", "lsprotocol")

# SQL text: a statement's opening words, in the upper case every query of the project is written in.
SQL = re.compile(r"\b(SELECT\b[\s\S]*\bFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
                 r"CREATE\s+(TABLE|INDEX|VIRTUAL|TRIGGER)|PRAGMA\s+\w+)\b")
# apsw outside lore.store (none: the store raises `StoreError`s and names the driver's error `DriverError`).
APSW_OUTSIDE_STORE: set[str] = set()
# Circles between top-level packages closed only by type hints: capabilities take the `Lore` they work on
# as an argument (`recovery.attach`, `governing_at`, `proposals.confirm_proposal`) and name it in hints.
PACKAGE_CIRCLES_THROUGH_TYPE_HINTS = {frozenset({"lore.agents", "lore.api", "lore.maintenance", "lore.recall", "lore.staleness", "lore.team"})}  # team: re-anchoring matches anchors with recall.anchoring; staleness: its checks take the `Lore`
# Imports inside functions below the faces: each keeps a heavy library out of start-up, and none closes a
# circle (the circle checks count imports inside functions). The faces' own (`lore.cli`, `lore.lsp`,
# `lore.mcp`) load the core on first use, so that `lore --help`, a call a running server answers and the
# language server's `initialize` come back before it loads.
YAML = "PyYAML loads only when team files are read or written"
TREE_SITTER = "tree-sitter loads when a workspace is calibrated, not when the language server starts"
RELAY = "a `lore search` or `lore context` a running server answers never loads the store or the core"
START_UP_IMPORTS = {
    ("lore.api.writing", "lore.team.files"): YAML,
    ("lore.team.sync", "lore.team.files"): YAML,
    ("lore.recall.calibration", "lore.anchors.languages"): TREE_SITTER,
    ("lore.recall.calibration", "lore.anchors.symbols"): TREE_SITTER,
    ("lore.recall.calibration", "lore.sources.named"): TREE_SITTER,
    ("lore.recall.naming", "lore.sources.named"): "tree-sitter loads when the naming index is first built, on a worker",
    ("lore.recall.naming", "lore.sources.unchanged"): "the importers load when the naming index is first built, on a worker",
    ("lore.store.vectors", "lore.store.bitindex"): "numpy loads on the first search by meaning",
    ("lore.store.vectors", "lore.store.exactscan"): "numpy loads on the first search by meaning",
    ("lore.text", "lore.markup.markdown"): "markdown-it and PyYAML load when a long body is split into sections",
    ("lore.wire.calls", "lore.workspace"): RELAY,
    ("lore.wire.calls", "lore.wire.views"): RELAY,
    ("lore.wire.calls", "lore.recall"): RELAY,
    ("lore.wire.calls", "lore.context"): RELAY,
    ("lore.wire.relay", "lore.wire.calls"): RELAY,
    ("lore.wire.calls", "lore.staleness.annotate"): RELAY,
    ("lore.context.select", "lore.anchors"): "tree-sitter loads when a pack names a file's symbols",
    ("lore.team.reanchor", "lore.team.files"): YAML,
    ("lore.checks.engine", "lore.anchors.enclosing"): "tree-sitter loads when a rule is first checked",
    ("lore.checks.rulefile", "lore.anchors.languages"): "tree-sitter loads when a rule is first checked",
    ("lore.team.reanchor", "lore.anchors"): "tree-sitter loads only when a pull moved anchored code",
    ("lore.team.reanchor", "lore.anchors.languages"): "tree-sitter loads only when a pull moved anchored code",
    ("lore.team.reanchor", "lore.anchors.tracking"): "tree-sitter loads only when a pull moved anchored code",
}


# The package root: the version (`lore/__init__.py`), `__main__` and three shared leaf modules
# (docs/ARCHITECTURE.md says why each stays); the core API (`api/`) and every capability are folders.
ROOT_MODULES = {"lore", "lore.__main__", "lore.memory", "lore.text", "lore.workspace"}


@pytest.fixture(scope="module")
def imports():
    found = scan(SERVER, "lore")
    assert len(found) > 100 and "lore.api" in found, f"no server package under {SERVER}"
    return found


def exact(found: set, allowed: set, what: str) -> None:
    """Fail on a new exception and on an allow-list entry that is no longer needed."""
    def show(items: set) -> list:
        return sorted(sorted(i) if isinstance(i, frozenset) else i for i in items)

    assert not found - allowed, f"new {what}: {show(found - allowed)}"
    assert not allowed - found, f"no longer {what} (cut the allow-list in {__file__}): {show(allowed - found)}"


def sql_outside_store(root: Path) -> set[tuple[str, int]]:
    """(module, line) of every string (f-string parts included) outside `lore.store` that holds SQL."""
    found = set()
    for name, (path, _) in modules(root, "lore").items():
        if under(name, "lore.store"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings \
                    and SQL.search(node.value):
                found.add((name, node.lineno))
    return found


def protocol_imports_outside_lsp(imports) -> set[tuple[str, str]]:
    return {(i.module, i.target) for found in imports.values() for i in found
            if under(i.target, PROTOCOL_LIBRARIES) and not under(i.module, "lore.lsp")}


def core_importing_faces(imports) -> set[tuple[str, str]]:
    return {(i.module, i.target) for found in imports.values() for i in found
            if under(i.target, FACES + WIRE) and not under(i.module, FACES + WIRE)}


def apsw_users_outside_store(imports) -> set[str]:
    return {i.module for found in imports.values() for i in found
            if under(i.target, "apsw") and not under(i.module, "lore.store")}


def base_reaching_up(imports) -> set[tuple[str, str]]:
    return {(i.module, ".".join(i.target.split(".")[:2])) for found in imports.values() for i in found
            if i.when in (MODULE, FUNCTION) and under(i.module, BASE) and under(i.target, "lore")
            and not under(i.target, BASE) and i.target != "lore"}


def capabilities_calling_api(imports) -> set[tuple[str, str]]:
    return {(i.module, i.target) for found in imports.values() for i in found
            if i.when in (MODULE, FUNCTION) and under(i.target, API)
            and not under(i.module, FACES + WIRE + API)}


def core_function_imports(imports) -> set[tuple[str, str]]:
    return {(i.module, i.target) for found in imports.values() for i in found
            if i.when == FUNCTION and under(i.target, "lore") and not under(i.module, FACES)}


def loose_root_modules(root: Path) -> set[str]:
    """Modules directly in the package root (not in a capability folder)."""
    return {"lore" if p.stem == "__init__" else f"lore.{p.stem}" for p in (root / "lore").glob("*.py")}


def test_package_root_holds_only_shared_leaves():
    exact(loose_root_modules(SERVER), ROOT_MODULES, "modules at the package root")


def test_sql_only_in_store():
    found = sql_outside_store(SERVER)
    assert not found, f"SQL outside lore.store (give the store a function for it): {sorted(found)}"


def test_pygls_and_lsprotocol_only_in_lsp(imports):
    found = protocol_imports_outside_lsp(imports)
    assert not found, f"pygls/lsprotocol imported outside lore.lsp: {sorted(found)}"


def test_core_imports_no_face(imports):
    found = core_importing_faces(imports)
    assert not found, f"the core imports a face (lsp, cli, mcp): {sorted(found)}"


def test_apsw_only_in_store(imports):
    exact(apsw_users_outside_store(imports), APSW_OUTSIDE_STORE, "apsw imports outside lore.store")


def test_base_layer_imports_nothing_above_it(imports):
    found = base_reaching_up(imports)
    assert not found, f"store/markup/memory/text/redact import the core above them: {sorted(found)}"


def test_capabilities_do_not_call_the_api(imports):
    found = capabilities_calling_api(imports)
    assert not found, f"run-time imports of the core API below it (pass the Lore in): {sorted(found)}"


def test_no_import_circles(imports):
    """None between modules or between packages, counting imports inside functions (so no import in a
    function dodges one) and, between modules, type hints too."""
    found = set()
    for whens in ((MODULE,), (MODULE, FUNCTION), (MODULE, FUNCTION, TYPING)):
        found |= set(cycles(graph(imports, whens)))
    for whens in ((MODULE,), (MODULE, FUNCTION)):
        found |= set(cycles(graph(imports, whens, depth=2)))
    assert not found, f"import circles: {sorted(sorted(c) for c in found)}"


def test_package_circles_through_type_hints_only_shrink(imports):
    exact(set(cycles(graph(imports, (MODULE, FUNCTION, TYPING), depth=2))), PACKAGE_CIRCLES_THROUGH_TYPE_HINTS,
          "circles between packages through type hints")


def test_imports_inside_functions_are_for_start_up_only(imports):
    exact(core_function_imports(imports), set(START_UP_IMPORTS), "imports inside functions below the faces")


def test_checks_catch_planted_violations(tmp_path):
    """The checks themselves: a small package with one violation of each kind."""
    files = {
        "lore/__init__.py": "",
        "lore/lsp/__init__.py": "import pygls\n",
        "lore/cli/__init__.py": "",
        "lore/store/__init__.py": "import apsw\n",
        "lore/memory.py": "def f():\n    import lore.recall\n",
        "lore/api/__init__.py": "from lore import recall\n",
        "lore/recall/__init__.py": "from .search import search\n",
        "lore/store/rows.py": "ROWS = 'SELECT id FROM memories'\n",
        "lore/recall/search.py": ("from typing import TYPE_CHECKING\nimport apsw\nfrom lsprotocol import types\n"
                                  "def g(db, t):\n    return db.query(f'SELECT id FROM {t} WHERE x = ?', (1,))\n"
                                  "if TYPE_CHECKING:\n    from lore.cli import x\n"
                                  "def f():\n    from lore.api import Lore\n"),
        "lore/a.py": "from lore import b\n",
        "lore/b.py": "from . import a\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    planted = scan(tmp_path, "lore")
    assert sql_outside_store(tmp_path) == {("lore.recall.search", 5)}
    assert loose_root_modules(tmp_path) - ROOT_MODULES == {"lore.a", "lore.b"}
    assert protocol_imports_outside_lsp(planted) == {("lore.recall.search", "lsprotocol")}
    assert core_importing_faces(planted) == {("lore.recall.search", "lore.cli")}
    assert apsw_users_outside_store(planted) == {"lore.recall.search"}
    assert base_reaching_up(planted) == {("lore.memory", "lore.recall")}
    assert core_function_imports(planted) == {("lore.memory", "lore.recall"), ("lore.recall.search", "lore.api")}
    assert capabilities_calling_api(planted) == {("lore.recall.search", "lore.api")}
    assert set(cycles(graph(planted, (MODULE,)))) == {frozenset({"lore.a", "lore.b"})}
    assert frozenset({"lore.recall", "lore.recall.search", "lore.api"}) in \
        set(cycles(graph(planted, (MODULE, FUNCTION))))
