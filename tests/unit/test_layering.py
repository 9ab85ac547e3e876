"""The layers of `server/lore`, checked on every module's imports (read with `ast`, nothing imported).

faces (`lore.lsp`, `lore.cli`, `lore.mcp`, `lore.__main__`) -> the core API (`lore.service`,
`lore.calls`) -> capabilities (`sources`, `recall`, `anchors`, `learn`, `context`, `codemap`,
`history`, `redact`, ...) -> `lore.store`, `lore.model`, `lore.text`. docs/ARCHITECTURE.md describes
them. The allow-lists below are today's known exceptions (issue 13): each must only shrink. A new
exception fails; so does an entry that is no longer needed, so the list is cut when a seam is fixed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from import_graph import FUNCTION, MODULE, TYPING, cycles, graph, scan, under

SERVER = Path(__file__).resolve().parents[2] / "server"
FACES = ("lore.lsp", "lore.cli", "lore.mcp", "lore.__main__")
API = ("lore.service", "lore.calls")
BASE = ("lore.store", "lore.model", "lore.text")
PROTOCOL_LIBRARIES = ("pygls", "lsprotocol")

# apsw outside lore.store (issue 13: all SQL and its errors belong in store/).
APSW_OUTSIDE_STORE = {"lore.cli.errors", "lore.doctor", "lore.mcp.server", "lore.recall.search"}
# The base layer reaching up (issue 13: the memory model runs redaction on construction).
BASE_REACHING_UP = {("lore.model", "lore.redact")}
# Capabilities that call back into the core API at run time (issue 13: `order_hits` -> `Lore.get`).
# (`lore.doctor` rebuilds through a `Lore`; `lore.relay` runs `lore.calls` for other processes.)
CAPABILITIES_CALLING_API = {("lore.doctor", "lore.service"), ("lore.relay", "lore.calls")}
# Import circles at module level (none today; keep it that way).
MODULE_LEVEL_CIRCLES: set[frozenset[str]] = set()
# Circles closed by imports inside functions, the usual way to dodge a circle (issue 13).
CODEMAP_HISTORY_SOURCES = frozenset({
    "lore.codemap.build", "lore.codemap.files", "lore.codemap.graph", "lore.codemap.store", "lore.codemap.tests",
    "lore.history", "lore.history.importer", "lore.history.query", "lore.history.records", "lore.history.settings",
    "lore.sources", "lore.sources.runner"})
CIRCLES_THROUGH_FUNCTIONS = {CODEMAP_HISTORY_SOURCES}
# Circles closed only by imports under `if TYPE_CHECKING:` (type hints naming an upper layer, issue 13).
CIRCLES_THROUGH_TYPE_HINTS = {
    CODEMAP_HISTORY_SOURCES,
    frozenset({"lore.recall.calibration", "lore.recall.governing", "lore.recall.ordering", "lore.recovery",
               "lore.service", "lore.teamsync"}),
    # (the handler modules name `LoreServer` in their signatures; diagnostics and check_actions are
    # handler modules like hover and lens)
    frozenset({"lore.lsp.actions", "lore.lsp.background", "lore.lsp.check_actions", "lore.lsp.commands",
               "lore.lsp.diagnostics", "lore.lsp.documents", "lore.lsp.hover", "lore.lsp.lens", "lore.lsp.memory_ops",
               "lore.lsp.preferences", "lore.lsp.server", "lore.lsp.symbols"}),
}


@pytest.fixture(scope="module")
def imports():
    found = scan(SERVER, "lore")
    assert len(found) > 100 and "lore.service" in found, f"no server package under {SERVER}"
    return found


def exact(found: set, allowed: set, what: str) -> None:
    """Fail on a new exception and on an allow-list entry that is no longer needed."""
    def show(items: set) -> list:
        return sorted(sorted(i) if isinstance(i, frozenset) else i for i in items)

    assert not found - allowed, f"new {what}: {show(found - allowed)}"
    assert not allowed - found, f"no longer {what} (cut the allow-list in {__file__}): {show(allowed - found)}"


def protocol_imports_outside_lsp(imports) -> set[tuple[str, str]]:
    return {(i.module, i.target) for found in imports.values() for i in found
            if under(i.target, PROTOCOL_LIBRARIES) and not under(i.module, "lore.lsp")}


def core_importing_faces(imports) -> set[tuple[str, str]]:
    return {(i.module, i.target) for found in imports.values() for i in found
            if under(i.target, FACES) and not under(i.module, FACES)}


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
            and not under(i.module, FACES + API)}


def test_pygls_and_lsprotocol_only_in_lsp(imports):
    found = protocol_imports_outside_lsp(imports)
    assert not found, f"pygls/lsprotocol imported outside lore.lsp: {sorted(found)}"


def test_core_imports_no_face(imports):
    found = core_importing_faces(imports)
    assert not found, f"the core imports a face (lsp, cli, mcp): {sorted(found)}"


def test_apsw_only_in_store(imports):
    exact(apsw_users_outside_store(imports), APSW_OUTSIDE_STORE, "apsw imports outside lore.store")


def test_base_layer_imports_nothing_above_it(imports):
    exact(base_reaching_up(imports), BASE_REACHING_UP, "imports from store/model/text up into the core")


def test_capabilities_do_not_call_the_api(imports):
    exact(capabilities_calling_api(imports), CAPABILITIES_CALLING_API, "run-time imports of the core API below it")


def test_no_import_circles_at_module_level(imports):
    found = set(cycles(graph(imports, (MODULE,)))) | set(cycles(graph(imports, (MODULE,), depth=2)))
    exact(found, MODULE_LEVEL_CIRCLES, "module-level import circles")


def test_circles_through_imports_in_functions_only_shrink(imports):
    exact(set(cycles(graph(imports, (MODULE, FUNCTION)))), CIRCLES_THROUGH_FUNCTIONS,
          "import circles (counting imports inside functions)")


def test_circles_through_type_hints_only_shrink(imports):
    exact(set(cycles(graph(imports, (MODULE, FUNCTION, TYPING)))), CIRCLES_THROUGH_TYPE_HINTS,
          "import circles (counting imports for type hints)")


def test_checks_catch_planted_violations(tmp_path):
    """The checks themselves: a small package with one violation of each kind."""
    files = {
        "lore/__init__.py": "",
        "lore/lsp/__init__.py": "import pygls\n",
        "lore/cli/__init__.py": "",
        "lore/store/__init__.py": "import apsw\n",
        "lore/model.py": "def f():\n    import lore.recall\n",
        "lore/service.py": "from lore import recall\n",
        "lore/recall/__init__.py": "from .search import search\n",
        "lore/recall/search.py": ("from typing import TYPE_CHECKING\nimport apsw\nfrom lsprotocol import types\n"
                                  "if TYPE_CHECKING:\n    from lore.cli import x\n"
                                  "def f():\n    from lore.service import Lore\n"),
        "lore/a.py": "from lore import b\n",
        "lore/b.py": "from . import a\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    planted = scan(tmp_path, "lore")
    assert protocol_imports_outside_lsp(planted) == {("lore.recall.search", "lsprotocol")}
    assert core_importing_faces(planted) == {("lore.recall.search", "lore.cli")}
    assert apsw_users_outside_store(planted) == {"lore.recall.search"}
    assert base_reaching_up(planted) == {("lore.model", "lore.recall")}
    assert capabilities_calling_api(planted) == {("lore.recall.search", "lore.service")}
    assert set(cycles(graph(planted, (MODULE,)))) == {frozenset({"lore.a", "lore.b"})}
    assert frozenset({"lore.recall", "lore.recall.search", "lore.service"}) in \
        set(cycles(graph(planted, (MODULE, FUNCTION))))
