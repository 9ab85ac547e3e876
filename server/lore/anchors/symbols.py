"""Code symbols (functions, classes, methods, types, ...) extracted with tree-sitter.

Positions: lines are 0-based; **every column is in UTF-16 code units**, the LSP default position
encoding, so a symbol after an emoji on the same line lines up with what the editor shows.

Qualified names are the names of the enclosing definitions joined with dots. Python prefixes the
module path derived from the file path (`app/repos.py` -> `app.repos.UserRepository.save`),
because Python import paths are file paths. Other languages get no module prefix
(`ApiClient.get`, Go `Stack.Push`, Rust `impl Stack { fn push }` -> `Stack.push`), because their
module names are not reliably derivable from a path and an anchor also records its file.
A scope written in a definition's name joins its qualified name (Ruby `class Admin::User` ->
`Admin.User`, C++ `void Widget::draw()` -> `Widget.draw`; see `definition_rules`).
Overloads and redefinitions share a qualified name. An anonymous function or class a JS/TS module
exports as its default (`export default () => {...}` in `Button.tsx`) is named as importers name it,
after its file (`default_export_name`: `Button`), its name placed on the `default` keyword.

Kinds: function, method, constructor, class (also Java records, Kotlin objects), interface (also
Java annotation types), struct, enum, trait, type, module, macro, constant (Ruby). A definition's
range includes its decorators, attributes and `export`/`const` statement; `docstring` is the Python docstring, or
for other languages the comment block directly above the definition with no blank line between.
`body_hash` covers the whole range, `shape_hash` the same text without comments and without the
definition's own name; both ignore whitespace.

Binary content, files larger than `MAX_SOURCE_BYTES` and files that do not parse within the
parse time budget have no symbols.
Results for the last few (content, language, module) inputs are cached: lists are fresh copies of
immutable `Symbol`s.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import inspect
import logging
import re
from pathlib import PurePosixPath

import attrs
import tree_sitter

from lore.anchors import comments, languages
from lore.anchors.definition_nodes import (body_of, definition_kind, definition_name, is_definition,
                                           python_docstring_span, qualify, statement_of)

log = logging.getLogger(__name__)

MAX_SOURCE_BYTES = 1024 * 1024  # larger files are generated or minified: no symbols
_SIGNATURE_LIMIT = 200
_ATTACHED = frozenset({"decorator", "attribute_item"})
_HAS_ATTACHED = frozenset({"javascript", "typescript", "tsx", "rust"})
_PACKAGE_INIT = {"python": "__init__", "javascript": "index", "typescript": "index",
                 "tsx": "index", "rust": "mod"}
_DEFAULT_EXPORTS = frozenset({"javascript", "typescript", "tsx"})
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")


_LATER = object()  # a detail not computed yet (`Symbol.signature` ...): see `_Details`
_DETAILS = ("_signature", "_docstring", "_body_hash", "_shape_hash")


@attrs.frozen(eq=False, repr=False)
class Symbol:
    """A named definition in a file; lines 0-based, columns in UTF-16 code units.

    `signature`, `docstring`, `body_hash` and `shape_hash` are computed from the file's text on
    first ask (a third of an extraction's cost, and a code lens needs none of them); a symbol made
    by hand gives them. Equal symbols have equal fields, those four included."""

    name: str
    qualified_name: str
    kind: str
    start_line: int
    start_col: int
    end_line: int
    end_col: int
    name_line: int
    name_col: int
    name_end_col: int
    _signature: str | None
    _docstring: str | None
    parent: str | None
    _body_hash: str | None
    _shape_hash: str | None
    _details: _Details | None = None

    @property
    def signature(self) -> str:
        """The definition's first line(s) up to its body, whitespace collapsed, at most 200 characters."""
        return self._detail("_signature", "signature")

    @property
    def docstring(self) -> str | None:
        """The Python docstring, or the comment block directly above the definition."""
        return self._detail("_docstring", "docstring")

    @property
    def body_hash(self) -> str:
        """Hash of the whole range without whitespace."""
        return self._detail("_body_hash", "body_hash")

    @property
    def shape_hash(self) -> str:
        """Hash of the range without comments, whitespace and the definition's own name."""
        return self._detail("_shape_hash", "shape_hash")

    def _detail(self, slot: str, name: str):
        value = getattr(self, slot)
        if value is _LATER:
            value = getattr(self._details, name)()
            object.__setattr__(self, slot, value)
            if all(getattr(self, other) is not _LATER for other in _DETAILS):
                object.__setattr__(self, "_details", None)  # the file's text and comments can go
        return value

    def _key(self) -> tuple:
        return (self.name, self.qualified_name, self.kind, self.start_line, self.start_col, self.end_line,
                self.end_col, self.name_line, self.name_col, self.name_end_col, self.signature, self.docstring,
                self.parent, self.body_hash, self.shape_hash)

    def __eq__(self, other: object) -> bool:
        return self._key() == other._key() if isinstance(other, Symbol) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Symbol({self.qualified_name!r}, {self.kind}, lines {self.start_line}-{self.end_line}, "
                f"name at {self.name_line}:{self.name_col}-{self.name_end_col})")


def module_name_for_path(rel_path: str, language: str) -> str:
    """Dotted module name of a path: `app/repos.py` -> `app.repos`, `src/app/__init__.py` -> `src.app`."""
    path = PurePosixPath(rel_path.replace("\\", "/"))
    parts = [p for p in path.with_suffix("").parts if p not in ("", ".", "/")] if path.name else []
    if parts and parts[-1] == _PACKAGE_INIT.get(language):
        parts.pop()
    return ".".join(parts)


def default_export_name(rel_path: str, language: str) -> str:
    """The name of what a JS/TS module exports as its default when the export names nothing itself
    (`export default () => {...}`): the name importers give it, its file's (`Button.tsx` -> `Button`),
    for an `index` file its folder's (`button/index.tsx` -> `button`); "" when that is no identifier
    (`Button.stories.tsx`, `[id].tsx`) or `language` has no default exports."""
    if language not in _DEFAULT_EXPORTS:
        return ""
    path = PurePosixPath(rel_path.replace("\\", "/"))
    name = path.stem
    if name == _PACKAGE_INIT[language]:
        name = path.parent.name
    return name if _IDENTIFIER.fullmatch(name) else ""


def symbol_at(symbols: list[Symbol], line: int, col: int) -> Symbol | None:
    """The innermost symbol whose range contains the position (UTF-16 column)."""
    containing = [s for s in symbols
                  if (s.start_line, s.start_col) <= (line, col) <= (s.end_line, s.end_col)]
    # Ranges nest, so the innermost starts last; on a tie it ends first.
    return max(containing, key=lambda s: (s.start_line, s.start_col, -s.end_line, -s.end_col),
               default=None)


def extract_symbols(source: str | bytes, language: str, rel_path: str = "") -> list[Symbol]:
    """All definitions in a file in document order, nested ones included; [] without a grammar."""
    data = source.encode("utf-8", "replace") if isinstance(source, str) else bytes(source)
    if not data or len(data) > MAX_SOURCE_BYTES or languages.looks_binary(data):
        return []
    module = module_name_for_path(rel_path, language) if language == "python" else ""
    default = default_export_name(rel_path, language)
    return list(_extract_cached(data, languages.dialect(language, data), module, default))


def warm(language: str) -> bool:
    """Load `language`'s grammar and compile its symbol query now (tens of milliseconds, once per
    process), so that the first file of that language does not pay for it; whether it has symbols."""
    return _symbol_query(language) is not None


def _symbol_query(language: str) -> tree_sitter.Query | None:
    definitions = languages.DEFINITION_QUERIES.get(language)
    if definitions is None or not languages.has_grammar(language):
        return None
    return languages.query(language, definitions + comments.COMMENT_QUERIES.get(language, ""))


# Hover, code lens and code actions ask for the same document version in quick succession.
@functools.lru_cache(maxsize=16)
def _extract_cached(data: bytes, language: str, module: str, default_name: str = "") -> tuple[Symbol, ...]:
    compiled = _symbol_query(language)
    tree = languages.parse(language, data) if compiled is not None else None
    if tree is None:
        return ()
    try:
        nodes = tree_sitter.QueryCursor(compiled).captures(tree.root_node)
        builder = _Builder(data, language, nodes.get("c", []), default_name)
        defs = [n for n in nodes.get("def", []) if is_definition(n, data, language)]
        return tuple(builder.build(defs, nodes.get("container", []), module))
    except Exception:  # symbols are an enrichment: a parser surprise must not break a handler
        log.warning("symbol extraction failed (%s, %d bytes)", language, len(data), exc_info=True)
        return ()


class _Builder:
    """Turns captured definition nodes of one parsed file into `Symbol`s."""

    def __init__(self, data: bytes, language: str, comment_nodes: list[tree_sitter.Node],
                 default_name: str = "") -> None:
        self.data = data
        self.language = language
        self.default_name = default_name  # of an anonymous default export (`default_export_name`)
        self.lines = None if data.isascii() else data.split(b"\n")
        found = sorted(comment_nodes, key=lambda n: n.start_byte)
        self.comment_starts = [n.start_byte for n in found]
        self.comment_ranges = [(n.start_byte, n.end_byte) for n in found]

    def build(self, defs: list[tree_sitter.Node], containers: list[tree_sitter.Node],
              prefix: str) -> list[Symbol]:
        emit = {node.id for node in defs}
        ordered = sorted({n.id: n for n in defs + containers}.values(),
                         key=lambda n: (n.start_byte, -n.end_byte))
        # Syntax nodes nest, so in this order the scopes still open at a node enclose it.
        open_scopes: list[tuple[int, str, str]] = []  # (end byte, qualified name, node type)
        symbols = []
        for node in ordered:
            while open_scopes and open_scopes[-1][0] <= node.start_byte:
                open_scopes.pop()
            enclosing = open_scopes[-1] if open_scopes else None
            name_node, name, scope = definition_name(node, self.data, self.language, self.default_name)
            if not name or "\n" in name or "\r" in name:
                continue  # a name across lines is a parse error's (`namespace "` with its string unclosed)
            parent, qualified = qualify(node, self.data, self.language, enclosing, scope, name, prefix)
            open_scopes.append((node.end_byte, qualified, node.type))
            if node.id in emit:
                kind = definition_kind(node, self.data, self.language, enclosing[2] if enclosing else None, scope)
                symbols.append(self._symbol(node, name_node, name, qualified, kind, parent))
        return symbols

    def _symbol(self, node: tree_sitter.Node, name_node: tree_sitter.Node, name: str,
                qualified: str, kind: str, parent: str | None) -> Symbol:
        outer = first = statement_of(node)
        if self.language in _HAS_ATTACHED:
            while (previous := first.prev_named_sibling) is not None and previous.type in _ATTACHED:
                first = previous
        start_byte, end_byte = first.start_byte, outer.end_byte
        start_row, start_col = first.start_point
        end_row, end_col = outer.end_point
        if end_col == 0 and end_row > start_row:  # a C macro ends with its line's newline
            end_row, end_col = end_row - 1, end_byte - 1 - (self.data.rfind(b"\n", 0, end_byte - 1) + 1)
        name_row, name_col = name_node.start_point
        name_end = name_node.end_point[1] if name_node.end_point[0] == name_row else None
        raw, wanted = self.data[name_node.start_byte:name_node.end_byte], name.encode("utf-8")
        at = raw.find(wanted)
        if raw != wanted and at >= 0 and b"\n" not in raw[:at + len(wanted)]:
            name_col, name_end = name_col + at, name_col + at + len(wanted)  # a name cleaned of its node's spaces
        return Symbol(
            name=name, qualified_name=qualified, kind=kind,
            start_line=start_row, start_col=self._col(start_row, start_col),
            end_line=end_row, end_col=self._col(end_row, end_col),
            name_line=name_row, name_col=self._col(name_row, name_col),
            name_end_col=self._col(name_row, name_end) if name_end is not None else
            self._col(name_node.end_point[0], name_node.end_point[1]),
            signature=_LATER, docstring=_LATER, parent=parent, body_hash=_LATER, shape_hash=_LATER,
            details=self._details(node, outer, start_byte, end_byte, name_node),
        )

    def _details(self, node: tree_sitter.Node, outer: tree_sitter.Node, start_byte: int, end_byte: int,
                 name_node: tree_sitter.Node) -> _Details:
        signature_start = node.start_byte if outer.type == "decorated_definition" else outer.start_byte
        body = body_of(node)
        return _Details(self, start_byte, end_byte, name_node.start_byte, name_node.end_byte, signature_start,
                        body.start_byte if body is not None else None, node.end_byte,
                        python_docstring_span(node) if self.language == "python" else None)

    def _col(self, row: int, byte_col: int) -> int:
        """Convert a tree-sitter byte column to UTF-16 code units."""
        if self.lines is None or row >= len(self.lines):
            return byte_col
        prefix = self.lines[row][:byte_col]
        if prefix.isascii():
            return byte_col
        return len(prefix.decode("utf-8", "replace").encode("utf-16-le")) // 2

    def _leading_comment(self, start: int) -> str | None:
        """The comments directly above a definition: no blank line or code in between."""
        data, found = self.data, []
        index = bisect.bisect_left(self.comment_starts, start) - 1
        while index >= 0:
            comment_start, comment_end = self.comment_ranges[index]
            gap = data[comment_end:start]
            newlines = gap.count(b"\n") + data[comment_start:comment_end].endswith(b"\n")
            line_start = data.rfind(b"\n", 0, comment_start) + 1
            if gap.strip() or newlines > 1 or data[line_start:comment_start].strip():
                break  # code or a blank line in between, or a trailing comment of a code line
            found.append(data[comment_start:comment_end].decode("utf-8", "replace"))
            start, index = comment_start, index - 1
        if not found:
            return None
        return _clean_doc("\n".join(comments.clean_comment_text(t) for t in reversed(found)))

    def _without_comments(self, start: int, end: int) -> bytes:
        pieces, cursor = [], start
        index = bisect.bisect_left(self.comment_starts, start)
        while index < len(self.comment_ranges) and self.comment_ranges[index][0] < end:
            comment_start, comment_end = self.comment_ranges[index]
            pieces.append(self.data[cursor:comment_start])
            cursor = max(cursor, comment_end)
            index += 1
        pieces.append(self.data[cursor:end])
        return b" ".join(pieces)

    def _signature(self, start: int, body_start: int | None, node_end: int) -> str:
        """A definition's text from `start` up to its body (else its first line), before any comment."""
        if body_start is not None and body_start > start:
            end = body_start
        else:
            end = self.data.find(b"\n", start, node_end)
            end = node_end if end < 0 else end
        index = bisect.bisect_left(self.comment_starts, start)
        if index < len(self.comment_starts):
            end = min(end, max(start, self.comment_starts[index]))
        raw = self.data[start:end]
        text = " ".join(raw.decode("utf-8", "replace").split()).rstrip("{:;").rstrip()
        if not text:
            text = " ".join(self.data[start:node_end].decode("utf-8", "replace").split())
        return text if len(text) <= _SIGNATURE_LIMIT else text[:_SIGNATURE_LIMIT - 1] + "…"


@attrs.frozen
class _Details:
    """How one symbol's signature, docstring and hashes are computed when first asked for: its file's
    builder (text and comments) and byte offsets read off the syntax tree during extraction (no node
    is kept: a kept node would keep the file's whole tree alive)."""

    builder: _Builder
    start_byte: int  # the range, decorators and attached comments' code included
    end_byte: int
    name_start: int
    name_end: int
    signature_start: int
    body_start: int | None
    node_end: int
    docstring_span: tuple[int, int] | None  # Python: the docstring's text between its quotes

    def signature(self) -> str:
        return self.builder._signature(self.signature_start, self.body_start, self.node_end)

    def docstring(self) -> str | None:
        b = self.builder
        if b.language != "python":
            return b._leading_comment(self.start_byte)
        if self.docstring_span is None:
            return None
        return _clean_doc(b.data[self.docstring_span[0]:self.docstring_span[1]].decode("utf-8", "replace"))

    def body_hash(self) -> str:
        return _hash(self.builder.data[self.start_byte:self.end_byte])

    def shape_hash(self) -> str:
        """The shape leaves out the definition's own name (only that occurrence: a wrapper whose body
        calls `self.inner.save()` keeps its shape when `save` is renamed) and comments."""
        b = self.builder
        return _hash(b._without_comments(self.start_byte, self.name_start) + b" "
                     + b._without_comments(self.name_end, self.end_byte))


def _clean_doc(text: str) -> str | None:
    cleaned = inspect.cleandoc(text)
    return cleaned or None


def _hash(text: bytes) -> str:
    """Hash of code without its whitespace: reindenting or `f(a,b)` -> `f(a, b)` is no change."""
    # Dropping all whitespace also equates `a b` with `ab`; edits that only do that are rare,
    # and this is several times faster than keeping the spaces that separate two words.
    return hashlib.blake2b(b"".join(text.split()), digest_size=16).hexdigest()
