"""Imports and calls of one source file, read from its tree-sitter syntax tree.

Each import and each call is a `Site`: the name as written (a module, a dotted callee), the
names it also counts as (Python `from os import path` imports `os` and `os.path`; a callee
through an import alias, `np.array` -> `numpy.array`), and the byte range a fix replaces.
Queries run in the grammar's C code; Python touches only the import statements and callees.
"""

from __future__ import annotations

import functools
import logging
import re

import attrs
import tree_sitter

from lore.anchors import languages

log = logging.getLogger(__name__)
MAX_SOURCE_BYTES = 4 * 1024 * 1024

_JS_IMPORTS = """
(import_statement) @imp
(export_statement source: (_)) @imp
(call_expression function: [(identifier) (import)] @fn arguments: (arguments . (string (string_fragment))))  @req
"""
_JS_CALLS = "(call_expression function: (_) @callee) (new_expression constructor: (_) @callee)"
IMPORT_QUERIES = {
    "python": "(import_statement) @imp (import_from_statement) @imp",
    "javascript": _JS_IMPORTS, "typescript": _JS_IMPORTS, "tsx": _JS_IMPORTS,
    "go": "(import_spec) @imp",
    "java": "(import_declaration) @imp",
    "rust": "(use_declaration argument: (_) @use)",
}
CALL_QUERIES = {
    "python": "(call function: (_) @callee)",
    "javascript": _JS_CALLS, "typescript": _JS_CALLS, "tsx": _JS_CALLS,
    "go": "(call_expression function: (_) @callee)",
    "java": "(method_invocation name: (identifier) @callee) (object_creation_expression type: (_) @callee)",
    "rust": "(call_expression function: (_) @callee) (macro_invocation macro: (_) @callee)",
}
SEPARATORS = {"python": ".", "javascript": "/", "typescript": "/", "tsx": "/", "go": "/", "java": ".",
              "rust": "::"}
_NAME_NODES = {"identifier", "property_identifier", "field_identifier", "type_identifier", "package_identifier",
               "shorthand_property_identifier", "this", "self", "super", "scoped_identifier", "scoped_type_identifier"}
_DOTTED = {"attribute": ("object", "attribute"), "member_expression": ("object", "property"),
           "selector_expression": ("operand", "field"), "field_access": ("object", "field"),
           "scoped_identifier": ("path", "name"), "field_expression": ("value", "field")}


@attrs.frozen
class Site:
    """One import or call: its name as written, other names it counts as, and its byte range."""

    name: str
    also: tuple[str, ...]
    start: tuple[int, int]  # (row, byte column), as tree-sitter points
    end: tuple[int, int]

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the site answers to, as written first."""
        return (self.name, *self.also)


@attrs.frozen
class FileSites:
    """The imports and calls of one file (empty for a language without a grammar here)."""

    imports: tuple[Site, ...] = ()
    calls: tuple[Site, ...] = ()
    parsed: bool = False


def has_syntax(language: str | None) -> bool:
    """Whether imports and calls of `language` can be read."""
    return bool(language) and language in IMPORT_QUERIES and languages.has_grammar(language)


def read_sites(data: bytes, language: str, *, calls: bool = True) -> FileSites:
    """The imports (and calls, when asked) of a file's bytes; empty when it cannot be parsed."""
    if not has_syntax(language) or len(data) > MAX_SOURCE_BYTES or languages.looks_binary(data):
        return FileSites()
    return _read_cached(data, language, calls)


@functools.lru_cache(maxsize=8)
def _read_cached(data: bytes, language: str, calls: bool) -> FileSites:
    tree = languages.parse(language, data)
    imp_q = languages.query(language, IMPORT_QUERIES[language])
    if tree is None or imp_q is None:
        return FileSites()
    try:
        imports, bindings = _imports(tree_sitter.QueryCursor(imp_q).captures(tree.root_node), language, data)
        found: tuple[Site, ...] = ()
        call_q = languages.query(language, CALL_QUERIES[language]) if calls else None
        if call_q is not None:
            nodes = tree_sitter.QueryCursor(call_q).captures(tree.root_node).get("callee", [])
            found = tuple(s for s in (_call(n, bindings, language) for n in nodes) if s is not None)
        return FileSites(tuple(imports), found, True)
    except Exception:  # a grammar surprise must not break a check: the file reads as having no sites
        log.warning("imports/calls not read (%s, %d bytes)", language, len(data), exc_info=True)
        return FileSites()


def _text(node: tree_sitter.Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""


def _site(name: str, node: tree_sitter.Node, also: tuple[str, ...] = ()) -> Site:
    return Site(name, also, tuple(node.start_point), tuple(node.end_point))


def _imports(caps: dict, language: str, data: bytes) -> tuple[list[Site], dict[str, str]]:
    sites: list[Site] = []
    bindings: dict[str, str] = {}
    reader = {"python": _python_import, "go": _go_import, "java": _java_import, "rust": _rust_use}.get(language, _js_import)
    nodes = caps.get("imp", []) + caps.get("use", []) + [n.parent for n in caps.get("fn", []) if n.parent is not None]
    for node in sorted(nodes, key=lambda n: n.start_byte):
        reader(node, sites, bindings)
    return sites, bindings


def _python_import(node: tree_sitter.Node, sites: list[Site], bindings: dict[str, str]) -> None:
    if node.type == "import_statement":
        for name in node.children_by_field_name("name"):
            dotted = name.child_by_field_name("name") if name.type == "aliased_import" else name
            module = _text(dotted)
            sites.append(_site(module, dotted))
            if name.type == "aliased_import":
                bindings[_text(name.child_by_field_name("alias"))] = module
        return
    mod = node.child_by_field_name("module_name")
    base = _text(mod)
    if mod is None or base.startswith("."):
        return  # a relative import names this project's own modules
    names = []
    for name in node.children_by_field_name("name"):
        dotted = name.child_by_field_name("name") if name.type == "aliased_import" else name
        full = f"{base}.{_text(dotted)}"
        names.append(full)
        alias = name.child_by_field_name("alias") if name.type == "aliased_import" else dotted
        bindings[_text(alias)] = full
    sites.append(_site(base, mod, tuple(names)))


def _js_import(node: tree_sitter.Node, sites: list[Site], bindings: dict[str, str]) -> None:
    if node.type == "call_expression":
        fn = node.child_by_field_name("function")
        if fn is None or _text(fn) not in ("require", "import"):
            return
        frag = node.child_by_field_name("arguments").named_children[0].named_children[0]
        module = _text(frag)
        sites.append(_site(module, frag))
        decl = node.parent
        if decl is not None and decl.type == "variable_declarator":
            _js_bind(decl.child_by_field_name("name"), module, bindings)
        return
    source = node.child_by_field_name("source")
    frag = next((c for c in source.named_children if c.type == "string_fragment"), None) if source else None
    if frag is None:
        return
    module = _text(frag)
    sites.append(_site(module, frag))
    clause = next((c for c in node.named_children if c.type == "import_clause"), None)
    for part in clause.named_children if clause else ():
        if part.type == "identifier":
            bindings[_text(part)] = module
        elif part.type == "namespace_import":
            bindings[_text(part.named_children[0])] = module
        elif part.type == "named_imports":
            for spec in part.named_children:
                name = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias") or name
                bindings[_text(alias)] = f"{module}.{_text(name)}"


def _js_bind(target: tree_sitter.Node | None, module: str, bindings: dict[str, str]) -> None:
    if target is None:
        return
    if target.type == "identifier":
        bindings[_text(target)] = module
    elif target.type == "object_pattern":
        for part in target.named_children:
            if part.type == "shorthand_property_identifier_pattern":
                bindings[_text(part)] = f"{module}.{_text(part)}"
            elif part.type == "pair_pattern":
                key, value = part.child_by_field_name("key"), part.child_by_field_name("value")
                if value is not None and value.type == "identifier":
                    bindings[_text(value)] = f"{module}.{_text(key)}"


def _go_import(node: tree_sitter.Node, sites: list[Site], bindings: dict[str, str]) -> None:
    path = node.child_by_field_name("path")
    content = next((c for c in path.named_children), None) if path is not None else None
    if content is None:
        return
    module = _text(content)
    sites.append(_site(module, content))
    alias = node.child_by_field_name("name")
    segments = [s for s in module.split("/") if not re.fullmatch(r"v\d+", s)]
    local = _text(alias) if alias is not None else (segments[-1] if segments else module)
    if local not in ("_", "."):
        bindings[local.replace("-", "_")] = module


def _java_import(node: tree_sitter.Node, sites: list[Site], bindings: dict[str, str]) -> None:
    name = next((c for c in node.named_children if c.type in ("scoped_identifier", "identifier")), None)
    if name is not None:
        module = _text(name)
        sites.append(_site(module, name))
        bindings[module.rsplit(".", 1)[-1]] = module


def _rust_use(node: tree_sitter.Node, sites: list[Site], bindings: dict[str, str]) -> None:
    path = re.split(r"::\{|\s+as\s+", _text(node))[0]
    sites.append(_site(path, node))
    bindings[path.rsplit("::", 1)[-1]] = path


def dotted(node: tree_sitter.Node, depth: int = 0) -> str:
    """A callee as a dotted name: `a.b.c`; a call inside the chain is written `f()`, anything else `*`."""
    if depth > 32:
        return "*"
    if node.type in _DOTTED:
        left, right = _DOTTED[node.type]
        obj = node.child_by_field_name(left)
        sep = "::" if node.type == "scoped_identifier" else "."
        head = dotted(obj, depth + 1) if obj is not None else ""
        return f"{head}{sep}{_text(node.child_by_field_name(right))}" if head else _text(node.child_by_field_name(right))
    if node.type in ("call", "call_expression", "method_invocation"):
        fn = node.child_by_field_name("function") or node.child_by_field_name("name")
        return (dotted(fn, depth + 1) if fn is not None else "*") + "()"
    if node.type in _NAME_NODES or node.type == "generic_type":
        return re.sub(r"\s+", "", _text(node))
    return "*"


def _call(node: tree_sitter.Node, bindings: dict[str, str], language: str) -> Site | None:
    target = node
    if language == "java" and node.type == "identifier" and node.parent is not None:
        obj = node.parent.child_by_field_name("object")
        name = f"{dotted(obj)}.{_text(node)}" if obj is not None else _text(node)
    else:
        name = dotted(node)
    if not name or name == "*":
        return None
    head, sep, rest = name.partition("::" if language == "rust" and "::" in name else ".")
    resolved = bindings.get(head)
    also = (f"{resolved}{sep}{rest}" if rest else resolved,) if resolved and resolved != head else ()
    return _site(name, target, also)
