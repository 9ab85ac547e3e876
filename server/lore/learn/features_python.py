"""Finders for Python style choices, read from the `ast` of a snippet (quotes from tree-sitter).

Each finder returns every use of an option it recognises; it stays silent about code that does
not bear on the choice, so an unrelated snippet yields no uses at all.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from lore.learn.features import Use
from lore.learn.syntax import Snippet, shorten

_LOG_METHODS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
_LOGGER_NAMES = {"logging", "logger", "log", "_logger", "_log", "LOGGER", "LOG"}
_PATH_CLASSES = {"Path", "PurePath", "PosixPath", "WindowsPath", "PurePosixPath"}
_BROAD = {"Exception", "BaseException"}
_DATACLASS_DECORATORS = {"dataclass", "dataclasses.dataclass", "attrs.define", "attrs.frozen",
                         "attr.s", "attr.attrs", "attr.define", "attr.frozen", "define", "frozen"}
#: camelCase names that frameworks require, so they say nothing about the author's taste.
_MANDATED_NAMES = {"setUp", "tearDown", "setUpClass", "tearDownClass", "asyncSetUp",
                   "asyncTearDown", "setUpModule", "tearDownModule", "maxDiff"}


def _nodes(snippet: Snippet) -> tuple[ast.AST, ...]:
    return snippet.nodes


def _segment(snippet: Snippet, node: ast.AST) -> str:
    line = snippet.lines[node.lineno - 1]
    end = node.end_col_offset if node.end_lineno == node.lineno else len(line)
    return shorten(line[node.col_offset : end].decode("utf-8", errors="replace"), 60)


def _use(snippet: Snippet, node: ast.AST, option: str) -> Use:
    line, col = snippet.point(node.lineno - 1, node.col_offset)
    return Use(option, line, col, _segment(snippet, node))


def _dotted(node: ast.AST, *, through_calls: bool = True) -> str:
    """`a.b.c` for Name/Attribute chains (calls are looked through if asked), else ""."""
    parts = []
    while True:
        if isinstance(node, ast.Call) and through_calls:
            node = node.func
        elif isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Name):
            parts.append(node.id)
            return ".".join(reversed(parts))
        else:
            return ""


def find_paths(snippet: Snippet) -> list[Use]:
    """pathlib (Path objects, pathlib imports) versus os.path functions."""
    uses = []
    for node in _nodes(snippet):
        if isinstance(node, ast.Attribute) and _dotted(node.value) == "os.path":
            uses.append(_use(snippet, node, "os.path"))
        elif isinstance(node, ast.ImportFrom):
            names = {alias.name for alias in node.names}
            if node.module == "os.path" or (node.module == "os" and "path" in names):
                uses.append(_use(snippet, node, "os.path"))
            elif node.module == "pathlib":
                uses.append(_use(snippet, node, "pathlib"))
        elif isinstance(node, ast.Import):
            names = {alias.name for alias in node.names}
            if "os.path" in names:
                uses.append(_use(snippet, node, "os.path"))
            if "pathlib" in names:
                uses.append(_use(snippet, node, "pathlib"))
        elif isinstance(node, ast.Call):
            name = _dotted(node.func, through_calls=False)
            if name.split(".")[0] in _PATH_CLASSES or name.startswith("pathlib."):
                uses.append(_use(snippet, node, "pathlib"))
    return uses


def _first_param(func: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    params = func.args.posonlyargs + func.args.args
    return params[0].arg if params else None


def find_test_style(snippet: Snippet) -> list[Use]:
    """pytest-style tests (functions, plain asserts) versus unittest.TestCase classes."""
    uses = []
    for node in _nodes(snippet):
        if isinstance(node, ast.ClassDef):
            if any(_dotted(base).endswith("TestCase") for base in node.bases):
                uses.append(_use(snippet, node, "unittest"))
            elif node.name.startswith("Test") and not node.bases:
                uses.append(_use(snippet, node, "pytest"))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name.startswith("test") and _first_param(node) not in {"self", "cls"}:
                uses.append(_use(snippet, node, "pytest"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner, attr = _dotted(node.func.value), node.func.attr
            if owner == "self" and attr.startswith("assert") and attr[6:7].isupper():
                uses.append(_use(snippet, node, "unittest"))
            elif owner == "pytest":
                uses.append(_use(snippet, node, "pytest"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in {"unittest", "pytest"}:
                    uses.append(_use(snippet, node, alias.name))
    return uses


def find_string_format(snippet: Snippet) -> list[Use]:
    """f-strings versus str.format() versus %-formatting."""
    specs = {id(n.format_spec) for n in _nodes(snippet) if isinstance(n, ast.FormattedValue)}
    uses = []
    for node in _nodes(snippet):
        if isinstance(node, ast.JoinedStr) and id(node) not in specs:
            uses.append(_use(snippet, node, "f-string"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Constant)
            and isinstance(node.func.value.value, str)
        ):
            uses.append(_use(snippet, node, "str.format"))
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mod)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
        ):
            uses.append(_use(snippet, node, "%-format"))
    return uses


def find_output(snippet: Snippet) -> list[Use]:
    """logging calls versus print()."""
    uses = []
    for node in _nodes(snippet):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            uses.append(_use(snippet, node, "print"))
        elif isinstance(node.func, ast.Attribute):
            owner = _dotted(node.func.value).rsplit(".", 1)[-1]
            if node.func.attr in _LOG_METHODS and owner in _LOGGER_NAMES:
                uses.append(_use(snippet, node, "logging"))
            elif owner == "logging" and node.func.attr == "getLogger":
                uses.append(_use(snippet, node, "logging"))
    return uses


def _functions(snippet: Snippet) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in _nodes(snippet):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def find_annotations(snippet: Snippet) -> list[Use]:
    """Annotated versus unannotated function signatures (parameterless ones say nothing)."""
    uses = []
    for func in _functions(snippet):
        args = func.args
        params = args.posonlyargs + args.args + args.kwonlyargs
        params += [p for p in (args.vararg, args.kwarg) if p is not None]
        if params and params[0].arg in {"self", "cls"}:
            params = params[1:]
        annotated = func.returns is not None or any(p.annotation is not None for p in params)
        if annotated:
            uses.append(_use(snippet, func, "annotated"))
        elif params:
            uses.append(_use(snippet, func, "unannotated"))
    return uses


def find_quotes(snippet: Snippet) -> list[Use]:
    """Single versus double quotes on one-line string literals (from tree-sitter nodes)."""
    uses = []
    stack = [snippet.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "string":
            use = _quote_use(snippet, node)
            if use is not None:
                uses.append(use)
            continue  # strings nested in f-string replacement fields follow the outer quote
        stack.extend(node.children)
    return uses


def _quote_use(snippet: Snippet, node) -> Use | None:
    start = next((c for c in node.children if c.type == "string_start"), None)
    if start is None:
        return None
    delimiter = start.text.decode().lstrip("rRbBfFuU")
    if delimiter not in {"'", '"'}:
        return None  # triple-quoted strings follow docstring conventions, not quote taste
    body = snippet.source[start.end_byte : node.end_byte - 1]
    other = b'"' if delimiter == "'" else b"'"
    if other in body:
        return None
    line, col = snippet.point(*node.start_point)
    option = "single" if delimiter == "'" else "double"
    return Use(option, line, col, shorten(node.text.decode("utf-8", errors="replace"), 60))


def naming_style(name: str) -> str | None:
    """"snake_case", "camelCase" or None for names that are neither (x, Class, CONSTANT)."""
    core = name.strip("_")
    if not core or not core[0].islower() or not any(c.isalpha() for c in core):
        return None
    if "_" in core and core == core.lower():
        return "snake_case"
    if "_" not in core and core != core.lower():
        return "camelCase"
    return None


def _new_names(snippet: Snippet) -> Iterator[tuple[str, ast.AST]]:
    for node in _nodes(snippet):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
            args = node.args
            for arg in args.posonlyargs + args.args + args.kwonlyargs:
                yield arg.arg, arg
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node.id, node
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if _dotted(node.value) == "self":
                yield node.attr, node


def find_naming(snippet: Snippet) -> list[Use]:
    """snake_case versus camelCase for names the snippet introduces."""
    uses, seen = [], set()
    for name, node in _new_names(snippet):
        style = naming_style(name)
        if style is None or name in seen or name in _MANDATED_NAMES:
            continue
        seen.add(name)
        uses.append(_use(snippet, node, style))
    return uses


def find_exceptions(snippet: Snippet) -> list[Use]:
    """Specific exception types versus bare or broad except (re-raising handlers say nothing)."""
    uses = []
    for node in _nodes(snippet):
        if not isinstance(node, ast.ExceptHandler):
            continue
        caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
        broad = node.type is None or any(_dotted(t) in _BROAD for t in caught if t is not None)
        reraises = bool(node.body) and isinstance(node.body[-1], ast.Raise) and node.body[-1].exc is None
        if broad and not reraises:
            uses.append(_use(snippet, node, "broad"))
        elif not broad:
            uses.append(_use(snippet, node, "specific"))
    return uses


def _is_append(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Call)
        and isinstance(stmt.value.func, ast.Attribute)
        and stmt.value.func.attr in {"append", "add"}
    )


def find_comprehensions(snippet: Snippet) -> list[Use]:
    """Comprehensions versus for-loops whose only job is to append."""
    uses = []
    for node in _nodes(snippet):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp)):
            uses.append(_use(snippet, node, "comprehension"))
        elif isinstance(node, ast.For) and len(node.body) == 1 and not node.orelse:
            stmt = node.body[0]
            if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1:
                stmt = stmt.body[0]
            if _is_append(stmt):
                uses.append(_use(snippet, node, "loop-append"))
    return uses


def _is_boilerplate_init(cls: ast.ClassDef) -> bool:
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None:
        return False
    params = {a.arg for a in init.args.args[1:] + init.args.kwonlyargs}
    body = [s for s in init.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return len(body) >= 2 and all(
        isinstance(s, (ast.Assign, ast.AnnAssign))
        and _dotted(s.targets[0] if isinstance(s, ast.Assign) else s.target).startswith("self.")
        and isinstance(s.value, ast.Name)
        and s.value.id in params
        for s in body
    )


def find_dataclasses(snippet: Snippet) -> list[Use]:
    """Dataclass-style declarations versus classes with a hand-written assign-only __init__."""
    uses = []
    for node in _nodes(snippet):
        if not isinstance(node, ast.ClassDef):
            continue
        decorator = next((d for d in node.decorator_list if _dotted(d) in _DATACLASS_DECORATORS), None)
        if decorator is not None:
            uses.append(_use(snippet, decorator, "dataclass"))
        elif _is_boilerplate_init(node):
            uses.append(_use(snippet, node, "plain-class"))
    return uses


def _is_exit(stmt: ast.stmt) -> bool:
    return isinstance(stmt, (ast.Return, ast.Raise, ast.Continue, ast.Break))


def _is_trivial_return(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Return) and (stmt.value is None or isinstance(stmt.value, ast.Constant))


def _control_use(snippet: Snippet, body: list[ast.stmt]) -> Use | None:
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # docstring
    for stmt in body[:-1]:
        if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) <= 2 and _is_exit(stmt.body[-1]):
            return _use(snippet, stmt, "guard-clause")
    if len(body) == 2 and _is_trivial_return(body[1]):
        body = body[:1]
    if len(body) == 1 and isinstance(body[0], ast.If) and not body[0].orelse and len(body[0].body) >= 2:
        return _use(snippet, body[0], "nested-if")
    return None


def find_control_flow(snippet: Snippet) -> list[Use]:
    """Guard clauses that return early versus an if wrapping a whole function or loop body."""
    uses = []
    for node in _nodes(snippet):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.For, ast.AsyncFor, ast.While)):
            use = _control_use(snippet, node.body)
            if use is not None:
                uses.append(use)
    return uses
