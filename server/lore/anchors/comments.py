"""Comments in source files: tree-sitter comment nodes where a grammar exists, else a line scan.

Only comments are returned, not string literals: a Python docstring is not a comment.
Consecutive whole-line comments of the same style (`# a` / `# b` on adjacent lines) are merged
into one `Comment` spanning `line`..`end_line`, since that is how people write one remark;
trailing comments after code and block comments stay separate. The text has its markers
(`#`, `//`, `///`, `/* */`, leading `*`, `--`, `;`, `<!-- -->`, ...) removed.

The fallback scanner knows each language's comment markers and nothing else: a marker inside a
string literal is read as a comment. It never raises; binary content has no comments.

What Python documents its code with instead, a string written as a statement of its own, is read apart
(`docstrings`) for a reader that takes a doc comment and a docstring alike.
"""

from __future__ import annotations

import logging

import attrs
import tree_sitter

from lore.anchors import definition_rules, languages

log = logging.getLogger(__name__)

# Capture name "c"; symbols.py runs these together with its definition query.
COMMENT_QUERIES: dict[str, str] = {
    "python": "(comment) @c", "javascript": "(comment) @c", "typescript": "(comment) @c",
    "tsx": "(comment) @c", "go": "(comment) @c",
    "rust": "[(line_comment) (block_comment)] @c", "java": "[(line_comment) (block_comment)] @c",
    **definition_rules.COMMENT_QUERIES,
}

_C_BLOCK = (("/*", "*/"),)
_HASH = (("#",), ())
_SLASHES = (("//",), _C_BLOCK)
# language -> (line markers, (block opener, closer) pairs)
_SYNTAX: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {
    **dict.fromkeys(("python", "shell", "yaml", "toml", "make", "dockerfile", "perl", "r",
                     "elixir", "nim", "cmake", "terraform", "graphql", "julia"), _HASH),
    **dict.fromkeys(("nix", "hcl"), (("#",), _C_BLOCK)),
    **dict.fromkeys(("javascript", "typescript", "tsx", "go", "rust", "java", "c", "cpp",
                     "csharp", "objective-c", "swift", "kotlin", "scala", "dart", "scss", "less",
                     "zig", "proto", "jsonc", "groovy", "bicep", "solidity", "apex", "fsharp", "jsonnet"), _SLASHES),
    "ocaml": ((), (("(*", "*)"),)),
    "php": (("//", "#"), _C_BLOCK),
    "css": ((), _C_BLOCK),
    "ruby": (("#",), (("=begin", "=end"),)),
    "powershell": (("#",), (("<#", "#>"),)),
    "sql": (("--",), _C_BLOCK),
    "lua": (("--",), (("--[[", "]]"),)),
    "haskell": (("--",), (("{-", "-}"),)),
    **dict.fromkeys(("html", "xml", "markdown", "vue", "svelte"), ((), (("<!--", "-->"),))),
    **dict.fromkeys(("lisp", "clojure", "scheme", "ini", "asm"), ((";",), ())),
    **dict.fromkeys(("erlang", "latex"), (("%",), ())),
    "vim": (('"',), ()),
    "bat": (("REM ", "::"), ()),
}

_LINE_MARKERS = ("///", "//!", "//", "#", "--", ";", "%", "::", "REM ", '"')
_REPEATABLE = frozenset({"#", ";", "%"})
_BLOCK_MARKERS = (("/**", "*/"), ("/*!", "*/"), ("/*", "*/"), ("<!--", "-->"), ("{-", "-}"),
                  ("--[[", "]]"), ("<#", "#>"), ("=begin", "=end"), ("(*", "*)"))


@attrs.frozen
class Comment:
    """One comment (or run of adjacent whole-line comments); lines are 0-based.

    Line i of `text` is source line `line + i` (an opening `/**` alone on its line leaves an
    empty first text line); trailing blank lines are dropped.
    """

    line: int
    text: str
    end_line: int


@attrs.frozen
class _Raw:
    line: int
    end_line: int
    raw: str
    own_line: bool
    block: bool


def extract_comments(source: str | bytes, language: str) -> list[Comment]:
    """Comments of a file in document order, with comment markers stripped."""
    data = source.encode("utf-8", "replace") if isinstance(source, str) else bytes(source)
    if languages.looks_binary(data):
        return []
    try:
        raws = _tree_sitter_comments(data, languages.dialect(language, data))
        if raws is None:
            raws = _scan_comments(data.decode("utf-8", "replace"), language)
    except Exception:  # a comment reader must never take a handler down
        log.warning("reading comments (%s) failed", language, exc_info=True)
        return []
    return [Comment(line=r.line, text=clean_comment_text(r.raw, keep_lines=True), end_line=r.end_line)
            for r in _merge(raws)]


def reads_comments(language: str) -> bool:
    """Whether the comments of `language` are read: a grammar with a comment query, or its markers known."""
    return language in _SYNTAX or language in COMMENT_QUERIES and languages.has_grammar(language)


_DOCSTRING_QUERY = "(expression_statement . (string) @s .)"


def docstrings(source: bytes, language: str) -> list[str]:
    """A Python file's docstrings, quotes and all: each string written as a statement of its own (a module's,
    class's or function's first, or one under an attribute), in document order. Empty for other languages,
    without a grammar and for binary content."""
    compiled = languages.query(language, _DOCSTRING_QUERY) if language == "python" else None
    if compiled is None or languages.looks_binary(source):
        return []
    tree = languages.parse(language, source)
    nodes = tree_sitter.QueryCursor(compiled).captures(tree.root_node).get("s", []) if tree is not None else []
    return [source[n.start_byte:n.end_byte].decode("utf-8", "replace") for n in sorted(nodes, key=lambda n: n.start_byte)]


def _comment_nodes(root: tree_sitter.Node, language: str) -> list[tree_sitter.Node]:
    """The comment nodes under `root` in document order (empty without a grammar)."""
    compiled = languages.query(language, COMMENT_QUERIES.get(language, ""))
    if compiled is None:
        return []
    return sorted(tree_sitter.QueryCursor(compiled).captures(root).get("c", []),
                  key=lambda n: n.start_byte)


def _node_last_line(node: tree_sitter.Node) -> int:
    """The last line a node covers, not counting a trailing newline it swallowed."""
    row, col = node.end_point
    return row - 1 if col == 0 and row > node.start_point[0] else row


def clean_comment_text(raw: str, keep_lines: bool = False) -> str:
    """Comment text without its markers, per-line leading `*` and surrounding blank lines.

    With `keep_lines`, blank lines at the start stay, so text line i is comment line i.
    """
    text = raw.strip()
    for opener, closer in _BLOCK_MARKERS:
        if text.startswith(opener):
            text = text[len(opener):]
            text = text[:-len(closer)] if text.endswith(closer) else text
            lines = [_strip_prefix(line.strip(), ("*",)) for line in text.split("\n")]
            return _trim_blank(lines, keep_lines)
    lines = [_strip_prefix(line.strip(), _LINE_MARKERS) for line in text.split("\n")]
    return _trim_blank(lines, keep_lines)


def _strip_prefix(line: str, markers: tuple[str, ...]) -> str:
    for marker in markers:
        if line.startswith(marker):
            line = line[len(marker):]
            if marker in _REPEATABLE:  # `;;`, `##`, `%%` are one marker
                line = line.lstrip(marker)
            return line[1:].rstrip() if line.startswith(" ") else line.rstrip()
    return line.rstrip()


def _trim_blank(lines: list[str], keep_leading: bool) -> str:
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not keep_leading and not lines[0].strip():
        lines.pop(0)
    return "\n".join(lines)


def _tree_sitter_comments(data: bytes, language: str) -> list[_Raw] | None:
    if language not in COMMENT_QUERIES or not languages.has_grammar(language):
        return None
    tree = languages.parse(language, data)
    if tree is None:
        return []
    raws = []
    for node in _comment_nodes(tree.root_node, language):
        line_start = data.rfind(b"\n", 0, node.start_byte) + 1
        raw = data[node.start_byte:node.end_byte].decode("utf-8", "replace").rstrip("\r\n")
        raws.append(_Raw(
            line=node.start_point[0], end_line=_node_last_line(node), raw=raw,
            own_line=not data[line_start:node.start_byte].strip(),
            block=raw.lstrip().startswith(("/*", "=begin")),
        ))
    return raws


def _scan_comments(text: str, language: str) -> list[_Raw]:
    syntax = _SYNTAX.get(language)
    if syntax is None:
        return []
    line_markers, blocks = syntax
    # Only \n ends a line, as for tree-sitter rows; a \r before it is dropped.
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if lines and not lines[-1]:
        lines.pop()  # what follows the final newline is not a line with content
    raws: list[_Raw] = []
    opened: tuple[int, int, str] | None = None  # row, column, closer of an unclosed block
    for row, line in enumerate(lines):
        pos = 0
        while pos <= len(line):
            if opened is not None:
                start_row, start_col, closer = opened
                end = line.find(closer, pos)
                if end < 0:
                    break
                pos = end + len(closer)
                raws.append(_block(lines, start_row, start_col, row, pos))
                opened = None
                continue
            found = _next_marker(line, pos, line_markers, blocks)
            if found is None:
                break
            index, marker, closer = found
            if closer is None:
                raws.append(_Raw(row, row, line[index:], not line[:index].strip(), False))
                break
            opened, pos = (row, index, closer), index + len(marker)
    if opened is not None:
        raws.append(_block(lines, opened[0], opened[1], len(lines) - 1, None))
    return raws


def _block(lines: list[str], row: int, col: int, end_row: int, end_col: int | None) -> _Raw:
    """A block comment from (row, col) to (end_row, end_col) exclusive; None: end of line."""
    if row == end_row:
        raw = lines[row][col:end_col]
    else:
        raw = "\n".join([lines[row][col:], *lines[row + 1:end_row], lines[end_row][:end_col]])
    return _Raw(row, end_row, raw, not lines[row][:col].strip(), True)


def _next_marker(line: str, pos: int, line_markers: tuple[str, ...],
                 blocks: tuple[tuple[str, str], ...]) -> tuple[int, str, str | None] | None:
    """The earliest comment opener at or after `pos`: (index, marker, closer or None)."""
    best: tuple[int, str, str | None] | None = None
    for opener, closer in blocks:
        index = line.find(opener, pos)
        if index >= 0 and (best is None or index < best[0]):
            best = (index, opener, closer)
    for marker in line_markers:
        index = line.find(marker, pos)
        # A line marker counts only at a word boundary, so `http://x` and `a#b` are not comments.
        while index > 0 and not line[index - 1].isspace():
            index = line.find(marker, index + 1)
        if index >= 0 and (best is None or index < best[0]):
            best = (index, marker, None)
    return best


def _merge(raws: list[_Raw]) -> list[_Raw]:
    # Lines are collected per group and joined once: growing one string line by line (and taking its
    # marker again each time) was quadratic, minutes for a file of a few hundred thousand comment lines.
    groups: list[tuple[_Raw, str, list[_Raw]]] = []  # (first line, its marker, every line)
    for raw in raws:
        marker = _marker(raw.raw)
        if groups:
            first, first_marker, members = groups[-1]
            if (not raw.block and not first.block and raw.own_line and first.own_line
                    and raw.line == members[-1].end_line + 1 and marker == first_marker):
                members.append(raw)
                continue
        groups.append((raw, marker, [raw]))
    return [first if len(members) == 1 else
            attrs.evolve(first, end_line=members[-1].end_line, raw="\n".join(r.raw for r in members))
            for first, _, members in groups]


def _marker(raw: str) -> str:
    stripped = raw.lstrip()
    return next((m for m in _LINE_MARKERS if stripped.startswith(m)), "")
