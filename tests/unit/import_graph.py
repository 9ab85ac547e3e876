"""The imports of a Python package read with `ast` (nothing is imported), for the layering test.

Every `import` and `from ... import` of every module is recorded with where it runs: at module level,
inside a function (run when the function is called), or under `if TYPE_CHECKING:` (never run).
Relative imports are resolved; `from pkg import name` names the submodule `pkg.name` when it is one.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

MODULE, FUNCTION, TYPING = "module", "function", "typing"


@dataclass(frozen=True)
class Import:
    """One imported name: the importing module, the module imported, its line and when it runs."""

    module: str
    target: str
    line: int
    when: str


def under(name: str, prefixes: tuple[str, ...] | str) -> bool:
    """Whether a dotted module name is one of `prefixes` or inside one of them."""
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def modules(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """Dotted name -> (file, is a package) for every module of `package` found under `root`."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and isinstance(test, (ast.Name, ast.Attribute)) and \
        (getattr(test, "id", None) or getattr(test, "attr", None)) == "TYPE_CHECKING"


def _imports_of(name: str, path: Path, is_package: bool, known: dict) -> list[Import]:
    package = name if is_package else name.rpartition(".")[0]
    out: list[Import] = []

    def visit(node: ast.AST, when: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = when
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and when == MODULE:
                inner = FUNCTION
            if _is_type_checking(child):
                inner = TYPING
            if isinstance(child, ast.Import):
                out.extend(Import(name, a.name, child.lineno, when) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - (child.level - 1)]
                    base = ".".join(parts + ([child.module] if child.module else []))
                for a in child.names:
                    full = f"{base}.{a.name}"
                    out.append(Import(name, full if full in known else base, child.lineno, when))
            if _is_type_checking(child):
                visit(child, TYPING)
            else:
                visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), MODULE)
    return out


def scan(root: Path, package: str) -> dict[str, list[Import]]:
    """Module name -> its imports, for every module of `package` under `root`."""
    known = modules(root, package)
    return {name: _imports_of(name, path, is_package, known) for name, (path, is_package) in known.items()}


def resolve(target: str, known: dict) -> str | None:
    """The package module an import runs: the target itself or its nearest enclosing module."""
    while target not in known and "." in target:
        target = target.rpartition(".")[0]
    return target if target in known else None


def graph(imports: dict[str, list[Import]], whens: tuple[str, ...], depth: int | None = None) -> dict[str, set[str]]:
    """Module -> modules it runs on import, for the imports that run `whens`.

    Importing `a.b.c` also runs the packages `a` and `a.b` (those not already enclosing the importer).
    With `depth`, names are cut to their first `depth` parts (2: `lore.recall`, `lore.api`)."""
    edges: dict[str, set[str]] = defaultdict(set)
    for module, found in imports.items():
        for imp in found:
            target = resolve(imp.target, imports) if imp.when in whens else None
            if target is None:
                continue
            parts = target.split(".")
            runs = [target] + [".".join(parts[:i]) for i in range(1, len(parts))
                               if not under(module, ".".join(parts[:i]))]
            for t in runs:
                a, b = (module, t) if depth is None else (".".join(module.split(".")[:depth]),
                                                          ".".join(t.split(".")[:depth]))
                if a != b:
                    edges[a].add(b)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one member (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found
