"""What one source file imports, read with the tree-sitter grammars, plus its doc comment and whether it is a program."""

from __future__ import annotations

import re

import attrs
import tree_sitter

from lore.anchors import languages

_PY = """
(import_statement name: (dotted_name) @m)
(import_statement name: (aliased_import name: (dotted_name) @m))
(import_from_statement module_name: (_) @f name: (dotted_name) @n)
(import_from_statement module_name: (_) @f name: (aliased_import name: (dotted_name) @n))
(import_from_statement module_name: (_) @f (wildcard_import))
"""
_JS = """
(import_statement source: (string (string_fragment) @s))
(export_statement source: (string (string_fragment) @s))
(call_expression function: [(identifier) (import)] @fn arguments: (arguments . (string (string_fragment) @s)))
"""
_GO = "(import_spec path: (interpreted_string_literal) @s)"
_RUST = """
(use_declaration argument: (_) @s)
(mod_item name: (identifier) @mod !body)
"""
_JAVA = "(import_declaration (scoped_identifier) @s) (package_declaration (scoped_identifier) @pkg)"
QUERIES = {"python": _PY, "javascript": _JS, "typescript": _JS, "tsx": _JS, "go": _GO, "rust": _RUST, "java": _JAVA}
_GO_DOC = re.compile(rb"((?:^//[^\n]*\n)+)(?:\s*//go:build[^\n]*\n)?\s*package\s+\w+", re.M)
_PY_MAIN = re.compile(rb"""^if\s+__name__\s*==\s*['"]__main__['"]\s*:""", re.M)
_RUST_MAIN = re.compile(rb"^\s*(?:pub\s+)?(?:async\s+)?fn\s+main\s*\(", re.M)
_JAVA_MAIN = re.compile(rb"public\s+static\s+void\s+main\s*\(")


@attrs.define
class FileFacts:
    """Imports of one file as written (each a tuple of names to try, most specific first) and its doc."""

    imports: list[tuple[str, ...]] = attrs.field(factory=list)
    doc: str | None = None
    main: bool = False  # a program's entry: Go `package main`, `if __name__ == "__main__"`, `fn main`
    package: str | None = None  # Go package name, Java package


def read_file(language: str, data: bytes) -> FileFacts:
    """The imports, doc comment and program flag of one file (empty facts when it does not parse)."""
    facts = FileFacts()
    tree = languages.parse(language, data)
    compiled = languages.query(language, QUERIES[language])
    if tree is None or compiled is None:
        return facts
    for _, caps in tree_sitter.QueryCursor(compiled).matches(tree.root_node):
        _add(language, caps, data, facts)
    if language == "python":
        facts.doc = _python_doc(tree.root_node, data)
        facts.main = bool(_PY_MAIN.search(data))
    elif language == "go":
        pkg = next((c for c in tree.root_node.children if c.type == "package_clause"), None)
        if pkg is not None:
            facts.package = _text(pkg, data).split()[-1]
            facts.main = facts.package == "main"
        m = _GO_DOC.search(data[:8192])
        if m and m.start() < 4096:
            doc = _clean(b"\n".join(ln.lstrip(b"/ ") for ln in m.group(1).strip().split(b"\n")))
            facts.doc = doc if doc and doc.lower().startswith(("package ", "command ")) else None
    elif language == "rust":
        facts.main = bool(_RUST_MAIN.search(data))
        facts.doc = _clean(b"\n".join(ln.strip()[3:] for ln in data[:4096].split(b"\n") if ln.strip().startswith(b"//!")))
    elif language == "java":
        facts.main = bool(_JAVA_MAIN.search(data))
    return facts


def _add(language: str, caps: dict[str, list[tree_sitter.Node]], data: bytes, facts: FileFacts) -> None:
    if language == "python":
        if "m" in caps:
            facts.imports.append((_text(caps["m"][0], data),))
        elif "f" in caps:
            base = _text(caps["f"][0], data)
            if "n" in caps:
                name = _text(caps["n"][0], data)
                joined = base + name if base.endswith(".") else f"{base}.{name}"
                facts.imports.append((joined, base))
            else:
                facts.imports.append((base,))
    elif language in ("javascript", "typescript", "tsx"):
        fn = caps.get("fn")
        if fn and _text(fn[0], data) not in ("require", "import"):
            return
        facts.imports.append((_text(caps["s"][0], data),))
    elif language == "go":
        facts.imports.append((_text(caps["s"][0], data).strip('"'),))
    elif language == "rust":
        if "mod" in caps:
            facts.imports.append(("self::" + _text(caps["mod"][0], data),))
        else:
            path = re.split(r"::\{|\s+as\s+", _text(caps["s"][0], data))[0]
            facts.imports.append((path,))
    elif language == "java":
        if "pkg" in caps:
            facts.package = _text(caps["pkg"][0], data)
        else:
            facts.imports.append((_text(caps["s"][0], data),))


def _python_doc(root: tree_sitter.Node, data: bytes) -> str | None:
    for child in root.children:
        if child.type == "comment":
            continue
        if child.type == "expression_statement" and child.children and child.children[0].type == "string":
            raw = _text(child.children[0], data)
            return _clean(raw.strip("rRbBuU").strip("\"'").encode())
        return None
    return None


def _clean(raw: bytes) -> str | None:
    """The first paragraph of a doc text, on one line."""
    text = raw.decode("utf-8", "replace").strip()
    para = " ".join(text.split("\n\n", 1)[0].split())
    return para[:300] or None


def _text(node: tree_sitter.Node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")
