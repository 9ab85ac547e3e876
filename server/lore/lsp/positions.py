"""Positions between the client's encoding (UTF-8, UTF-16 or UTF-32, as negotiated) and symbols'
UTF-16 columns. Callers pass the document's lines once (`doc.lines` splits the text on each call)."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types
from pygls.workspace import TextDocument


def utf16_to_index(text: str, col: int) -> int:
    """Python string index of a UTF-16 column in a line."""
    if text.isascii():
        return min(col, len(text))
    units = 0
    for i, ch in enumerate(text):
        if units >= col:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def from_client(doc: TextDocument, lines: Sequence[str], position: types.Position) -> tuple[int, int]:
    """(line, UTF-16 column) of a client position."""
    server = doc.position_codec.position_from_client_units(lines, position)
    text = lines[server.line] if 0 <= server.line < len(lines) else ""
    prefix = text[: server.character]
    col = len(prefix) if prefix.isascii() else len(prefix.encode("utf-16-le")) // 2
    return server.line, col


def to_client(doc: TextDocument, lines: Sequence[str], line: int, utf16_col: int) -> types.Position:
    """The client position of a (line, UTF-16 column)."""
    text = lines[line] if 0 <= line < len(lines) else ""
    if text.isascii():
        return types.Position(line=line, character=min(utf16_col, len(text.rstrip("\r\n"))))
    index = utf16_to_index(text, utf16_col)
    units = doc.position_codec.client_num_units(text[:index])
    return types.Position(line=line, character=units)


def client_range(doc: TextDocument, lines: Sequence[str], line: int, start_col: int, end_col: int) -> types.Range:
    """A one-line client range from UTF-16 columns."""
    return types.Range(start=to_client(doc, lines, line, start_col), end=to_client(doc, lines, line, end_col))
