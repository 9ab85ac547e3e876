"""Parsing of edit snippets for the preference extractors.

A suggested edit is usually a fragment: a few statements cut out of a function, an indented
method body, a half-finished block. Python goes through `ast` first (dedenting if needed); when
the fragment still does not parse, tree-sitter finds the statements that are intact and each
is parsed on its own, so one broken line does not hide the rest: the fragment is cut at
each line of its outermost indentation, and a piece that still fails is taken apart by
tree-sitter's error recovery. JavaScript, TypeScript, Go, Rust
and Java are parsed with tree-sitter only.

Positions inside a `Snippet` follow the parsers (0-based rows for tree-sitter, 1-based lines
for `ast`, byte columns for both); `Snippet.point` turns them into 0-based (line, character).
"""

from __future__ import annotations

import ast
import functools
import logging
import textwrap

import attrs
import tree_sitter

logger = logging.getLogger(__name__)

_LANGUAGE_IDS = {
    "python": "python",
    "py": "python",
    "javascript": "javascript",
    "javascriptreact": "javascript",
    "js": "javascript",
    "jsx": "javascript",
    "typescript": "typescript",
    "ts": "typescript",
    "typescriptreact": "tsx",
    "tsx": "tsx",
    "go": "go",
    "golang": "go",
    "rust": "rust",
    "rs": "rust",
    "java": "java",
}

_FAMILIES = {"python": "python", "javascript": "js", "typescript": "js", "tsx": "js", "go": "go",
             "rust": "rust", "java": "java"}

EXAMPLE_CHARS = 120
#: `ast.parse` raises RecursionError (and can run out of memory) on absurdly nested code.
_UNPARSEABLE = (SyntaxError, ValueError, RecursionError, MemoryError)
#: Bound on `ast.parse` calls when taking a broken fragment apart.
_MAX_SALVAGE_ATTEMPTS = 2000


def normalize_language(language_id: str) -> str | None:
    """Map an editor language id to a supported grammar name, or None when unsupported."""
    return _LANGUAGE_IDS.get(language_id.strip().lower())


def family(language: str) -> str | None:
    """Return the feature family ("python" or "js") of a normalized language."""
    return _FAMILIES.get(language)


@functools.cache
def _parser(language: str) -> tree_sitter.Parser:
    if language == "python":
        import tree_sitter_python as grammar

        capsule = grammar.language()
    elif language == "javascript":
        import tree_sitter_javascript as grammar

        capsule = grammar.language()
    elif language == "go":
        import tree_sitter_go as grammar

        capsule = grammar.language()
    elif language == "rust":
        import tree_sitter_rust as grammar

        capsule = grammar.language()
    elif language == "java":
        import tree_sitter_java as grammar

        capsule = grammar.language()
    else:
        import tree_sitter_typescript as grammar

        capsule = grammar.language_tsx() if language == "tsx" else grammar.language_typescript()
    return tree_sitter.Parser(tree_sitter.Language(capsule))


@attrs.frozen
class Snippet:
    """One parsed piece of code: its text, tree-sitter tree and (for Python) its `ast`."""

    language: str
    text: str
    source: bytes
    tree: tree_sitter.Tree
    module: ast.Module | None
    lines: tuple[bytes, ...]
    #: Every `ast` node of `module`, walked once because each feature reads them all.
    nodes: tuple[ast.AST, ...] = ()

    def point(self, row: int, byte_col: int) -> tuple[int, int]:
        """Convert a 0-based row and byte column into a 0-based (line, character)."""
        lines = self.lines
        if row >= len(lines):
            return row, byte_col
        prefix = lines[row][:byte_col].decode("utf-8", errors="replace")
        return row, len(prefix)

    def line_text(self, row: int) -> str:
        """Return one line, stripped and shortened to fit an example."""
        lines = self.lines
        if not 0 <= row < len(lines):
            return ""
        return shorten(lines[row].decode("utf-8", errors="replace").strip())


def shorten(text: str, limit: int = EXAMPLE_CHARS) -> str:
    """Collapse whitespace and cut `text` to at most `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse(text: str, language_id: str) -> Snippet | None:
    """Parse `text` in the given language; None when the language has no grammar here."""
    language = normalize_language(language_id)
    return None if language is None else _parse(text, language)


# Hovers check one document against several preferences in a row: reuse its parse.
@functools.lru_cache(maxsize=8)
def _parse(text: str, language: str) -> Snippet:
    source = text.encode("utf-8", errors="surrogatepass")
    tree = _parser(language).parse(source)
    module = _parse_python(text, source) if language == "python" else None
    nodes = tuple(ast.walk(module)) if module is not None else ()
    return Snippet(language=language, text=text, source=source, tree=tree, module=module,
                   lines=tuple(source.split(b"\n")), nodes=nodes)


def _parse_python(text: str, source: bytes) -> ast.Module:
    try:
        return ast.parse(text)
    except _UNPARSEABLE:
        pass
    try:
        whole = _parse_piece(source, 0, 0)
    except (RecursionError, MemoryError):
        whole = None
    if whole is not None:
        return whole
    body: list[ast.stmt] = []
    for row, chunk in _chunks(source):
        try:
            piece = _parse_piece(chunk, row, 0)
        except (RecursionError, MemoryError):
            continue
        if piece is not None:
            body.extend(piece.body)
        else:
            _salvage(chunk, _parser("python").parse(chunk).root_node, row, body)
    logger.debug("salvaged %d Python statements from a fragment", len(body))
    return ast.Module(body=body, type_ignores=[])


def _chunks(source: bytes) -> list[tuple[int, bytes]]:
    """Split at each line of the fragment's outermost indentation: (first row, text) pairs."""
    lines = source.split(b"\n")
    code = [(len(line) - len(line.lstrip()), row) for row, line in enumerate(lines)
            if line.strip() and not line.lstrip().startswith(b"#")]
    if not code:
        return []
    outer = min(indent for indent, _ in code)
    starts = [row for indent, row in code if indent == outer]
    if starts[0] != 0:
        starts.insert(0, 0)
    bounds = zip(starts, starts[1:] + [len(lines)])
    return [(start, b"\n".join(lines[start:end])) for start, end in bounds]


def _salvage(source: bytes, root: tree_sitter.Node, row_offset: int, body: list[ast.stmt]) -> None:
    """Parse every intact node under `root`, descending only into the broken ones."""
    stack = list(reversed(root.named_children))
    attempts = 0
    while stack and attempts < _MAX_SALVAGE_ATTEMPTS:
        node = stack.pop()
        if node.type == "comment":
            continue
        if not node.has_error and node.type != "ERROR":
            attempts += 1
            row, col = node.start_point
            try:
                piece = _parse_piece(source[node.start_byte : node.end_byte], row + row_offset, col)
            except (RecursionError, MemoryError):
                piece = None
            if piece is not None:
                body.extend(piece.body)
            # An intact node that `ast` still refuses (nesting limits) has no better parts.
            continue
        stack.extend(reversed(node.named_children))


def _parse_piece(piece: bytes, row: int, col: int) -> ast.Module | None:
    """Parse source that starts at (row, byte col) of the snippet, keeping positions right."""
    text = (b" " * col + piece).decode("utf-8", errors="replace")
    dedented = textwrap.dedent(text)
    first = text.split("\n", 1)[0]
    margin = len(first.encode()) - len(dedented.split("\n", 1)[0].encode())
    try:
        module = ast.parse(dedented)
    except (SyntaxError, ValueError):
        return None
    for node in ast.walk(module):
        if hasattr(node, "lineno"):
            node.lineno += row
            node.col_offset += margin
            if getattr(node, "end_lineno", None) is not None:
                node.end_lineno += row
                node.end_col_offset += margin
    return module
