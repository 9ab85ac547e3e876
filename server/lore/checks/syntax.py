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
import threading
import time

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


def read_sites(data: bytes, language: str, *, calls: bool = True, key: str = "") -> FileSites:
    """The imports (and calls, when asked) of a file's bytes; empty when it cannot be parsed.
    `key` names the document (its path): the tree of its previous version is kept per thread and
    reused, so after an edit only the changed region is parsed again."""
    if not has_syntax(language) or len(data) > MAX_SOURCE_BYTES or languages.looks_binary(data):
        return FileSites()
    return _read_cached(data, language, calls, key)


_trees = threading.local()
MAX_TREES = 16


def parse_again(language: str, data: bytes, key: str) -> tree_sitter.Tree | None:
    """Parse `data`, reusing the tree of the previous version of document `key` (same thread)."""
    cache: dict = _trees.__dict__.setdefault("by_key", {})
    old = cache.pop((language, key), None) if key else None
    if old is None:
        tree = languages.parse(language, data)
    else:
        tree = _incremental(language, old[0], old[1], data)
    if tree is not None and key:
        cache[(language, key)] = (data, tree)
        while len(cache) > MAX_TREES:
            cache.pop(next(iter(cache)))
    return tree


def _incremental(language: str, before: bytes, old: tree_sitter.Tree, data: bytes) -> tree_sitter.Tree | None:
    """The tree of `data` from the tree of `before`: the changed span found by comparing the texts,
    the old tree told of it, then parsed again within the parse budget."""
    active = languages.parser(language)
    if active is None:
        return None
    start = _common_prefix(before, data)
    tail = _common_suffix(before, data, len(before) - start, len(data) - start)
    old_end, new_end = len(before) - tail, len(data) - tail
    old.edit(start_byte=start, old_end_byte=old_end, new_end_byte=new_end, start_point=_point(before, start),
             old_end_point=_point(before, old_end), new_end_point=_point(data, new_end))
    deadline = time.monotonic() + languages.PARSE_BUDGET_SECONDS

    def read(offset: int, _point: object) -> bytes:
        return data[offset:offset + 65536]

    try:
        return active.parse(read, old, progress_callback=lambda *_: time.monotonic() > deadline)
    except ValueError:
        active.reset()
        return None


def _common_prefix(a: bytes, b: bytes) -> int:
    """Length of the common prefix: 4 KiB slices compared (in C) until one differs, then bytes."""
    n, i = min(len(a), len(b)), 0
    while i < n and a[i:i + 4096] == b[i:i + 4096]:
        i += 4096
    while i < n and a[i] == b[i]:
        i += 1
    return min(i, n)


def _common_suffix(a: bytes, b: bytes, most_a: int, most_b: int) -> int:
    """Length of the common suffix, at most the bytes left after the prefix on each side."""
    n, i = min(most_a, most_b), 0
    la, lb = len(a), len(b)
    while i + 4096 <= n and a[la - i - 4096:la - i] == b[lb - i - 4096:lb - i]:
        i += 4096
    while i < n and a[la - i - 1] == b[lb - i - 1]:
        i += 1
    return i


def _point(data: bytes, offset: int) -> tuple[int, int]:
    row = data.count(b"\n", 0, offset)
    return row, offset - (data.rfind(b"\n", 0, offset) + 1)


@functools.lru_cache(maxsize=8)
def _read_cached(data: bytes, language: str, calls: bool, key: str) -> FileSites:
    tree = parse_again(language, data, key)
    # One query for imports and calls: the tree is walked once.
    compiled = languages.query(language, IMPORT_QUERIES[language] + (CALL_QUERIES[language] if calls else ""))
    if tree is None or compiled is None:
        return FileSites()
    try:
        reader = _Reader(data, language)
        caps = tree_sitter.QueryCursor(compiled).captures(tree.root_node)
        imports = reader.imports(caps)
        found = tuple(sorted((s for s in map(reader.call, caps.get("callee", ())) if s is not None),
                             key=lambda s: (s.start, s.end)))
        return FileSites(tuple(imports), found, True)
    except Exception:  # a grammar surprise must not break a check: the file reads as having no sites
        log.warning("imports/calls not read (%s, %d bytes)", language, len(data), exc_info=True)
        return FileSites()


def _site(name: str, node: tree_sitter.Node, also: tuple[str, ...] = ()) -> Site:
    return Site(name, also, tuple(node.start_point), tuple(node.end_point))


class _Reader:
    """Reads one file's import and call nodes, collecting the names imports bind. Node text is
    sliced from the file's bytes (`node.text` asks the parse's read callback again, ~0.2 ms a node)."""

    def __init__(self, data: bytes, language: str):
        self.data = data
        self.language = language
        self.bindings: dict[str, str] = {}
        self.sites: list[Site] = []

    def text(self, node: tree_sitter.Node | None) -> str:
        """A node's source text."""
        return "" if node is None else self.data[node.start_byte:node.end_byte].decode("utf-8", "replace")

    def imports(self, caps: dict) -> list[Site]:
        """The import sites of the captured statements, in document order."""
        read = {"python": self._python, "go": self._go, "java": self._java, "rust": self._rust}.get(self.language, self._js)
        nodes = caps.get("imp", []) + caps.get("use", []) + [n.parent for n in caps.get("fn", []) if n.parent is not None]
        for node in sorted(nodes, key=lambda n: n.start_byte):
            read(node)
        return self.sites

    def _python(self, node: tree_sitter.Node) -> None:
        if node.type == "import_statement":
            for name in node.children_by_field_name("name"):
                dotted_name = name.child_by_field_name("name") if name.type == "aliased_import" else name
                module = self.text(dotted_name)
                self.sites.append(_site(module, dotted_name))
                if name.type == "aliased_import":
                    self.bindings[self.text(name.child_by_field_name("alias"))] = module
            return
        mod = node.child_by_field_name("module_name")
        base = self.text(mod)
        if mod is None or base.startswith("."):
            return  # a relative import names this project's own modules
        names = []
        for name in node.children_by_field_name("name"):
            dotted_name = name.child_by_field_name("name") if name.type == "aliased_import" else name
            full = f"{base}.{self.text(dotted_name)}"
            names.append(full)
            alias = name.child_by_field_name("alias") if name.type == "aliased_import" else dotted_name
            self.bindings[self.text(alias)] = full
        self.sites.append(_site(base, mod, tuple(names)))

    def _js(self, node: tree_sitter.Node) -> None:
        if node.type == "call_expression":
            fn = node.child_by_field_name("function")
            if fn is None or self.text(fn) not in ("require", "import"):
                return
            frag = node.child_by_field_name("arguments").named_children[0].named_children[0]
            module = self.text(frag)
            self.sites.append(_site(module, frag))
            decl = node.parent
            if decl is not None and decl.type == "variable_declarator":
                self._js_bind(decl.child_by_field_name("name"), module)
            return
        source = node.child_by_field_name("source")
        frag = next((c for c in source.named_children if c.type == "string_fragment"), None) if source else None
        if frag is None:
            return
        module = self.text(frag)
        self.sites.append(_site(module, frag))
        clause = next((c for c in node.named_children if c.type == "import_clause"), None)
        for part in clause.named_children if clause else ():
            if part.type == "identifier":
                self.bindings[self.text(part)] = module
            elif part.type == "namespace_import":
                self.bindings[self.text(part.named_children[0])] = module
            elif part.type == "named_imports":
                for spec in part.named_children:
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias") or name
                    self.bindings[self.text(alias)] = f"{module}.{self.text(name)}"

    def _js_bind(self, target: tree_sitter.Node | None, module: str) -> None:
        if target is None:
            return
        if target.type == "identifier":
            self.bindings[self.text(target)] = module
        elif target.type == "object_pattern":
            for part in target.named_children:
                if part.type == "shorthand_property_identifier_pattern":
                    self.bindings[self.text(part)] = f"{module}.{self.text(part)}"
                elif part.type == "pair_pattern":
                    key, value = part.child_by_field_name("key"), part.child_by_field_name("value")
                    if value is not None and value.type == "identifier":
                        self.bindings[self.text(value)] = f"{module}.{self.text(key)}"

    def _go(self, node: tree_sitter.Node) -> None:
        path = node.child_by_field_name("path")
        content = next(iter(path.named_children), None) if path is not None else None
        if content is None:
            return
        module = self.text(content)
        self.sites.append(_site(module, content))
        alias = node.child_by_field_name("name")
        segments = [s for s in module.split("/") if not re.fullmatch(r"v\d+", s)]
        local = self.text(alias) if alias is not None else (segments[-1] if segments else module)
        if local not in ("_", "."):
            self.bindings[local.replace("-", "_")] = module

    def _java(self, node: tree_sitter.Node) -> None:
        name = next((c for c in node.named_children if c.type in ("scoped_identifier", "identifier")), None)
        if name is not None:
            module = self.text(name)
            self.sites.append(_site(module, name))
            self.bindings[module.rsplit(".", 1)[-1]] = module

    def _rust(self, node: tree_sitter.Node) -> None:
        path = re.split(r"::\{|\s+as\s+", self.text(node))[0]
        self.sites.append(_site(path, node))
        self.bindings[path.rsplit("::", 1)[-1]] = path

    def dotted(self, node: tree_sitter.Node, depth: int = 0) -> str:
        """A callee as a dotted name: `a.b.c`; a call inside the chain is written `f()`, anything else `*`."""
        if depth > 32:
            return "*"
        if node.type in _DOTTED:
            left, right = _DOTTED[node.type]
            obj = node.child_by_field_name(left)
            sep = "::" if node.type == "scoped_identifier" else "."
            head = self.dotted(obj, depth + 1) if obj is not None else ""
            tail = self.text(node.child_by_field_name(right))
            return f"{head}{sep}{tail}" if head else tail
        if node.type in ("call", "call_expression", "method_invocation"):
            fn = node.child_by_field_name("function") or node.child_by_field_name("name")
            return (self.dotted(fn, depth + 1) if fn is not None else "*") + "()"
        if node.type in _NAME_NODES or node.type == "generic_type":
            text = self.text(node)
            return "".join(text.split()) if " " in text or "\n" in text else text
        return "*"

    def call(self, node: tree_sitter.Node) -> Site | None:
        """The call site of a captured callee, its name resolved through import bindings."""
        if self.language == "java" and node.type == "identifier" and node.parent is not None:
            obj = node.parent.child_by_field_name("object")
            name = f"{self.dotted(obj)}.{self.text(node)}" if obj is not None else self.text(node)
        else:
            name = self.dotted(node)
        if not name or name == "*":
            return None
        head, sep, rest = name.partition("::" if self.language == "rust" and "::" in name else ".")
        resolved = self.bindings.get(head)
        also = (f"{resolved}{sep}{rest}" if rest else resolved,) if resolved and resolved != head else ()
        return _site(name, node, also)
