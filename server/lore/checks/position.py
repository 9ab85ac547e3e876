"""Turn byte points (tree-sitter) and string offsets (regular expressions) into LSP positions:
0-based lines and UTF-16 columns, computed only for the lines asked about."""

from __future__ import annotations

import bisect
import re


class Positions:
    """Positions within one file's text and its UTF-8 bytes."""

    def __init__(self, text: str, data: bytes):
        self.text = text
        self.data = data
        self._starts: list[int] | None = None
        self._byte_starts: list[int] | None = None

    def _lines(self) -> list[int]:
        if self._starts is None:
            self._starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        return self._starts

    def _byte_lines(self) -> list[int]:
        if self._byte_starts is None:
            self._byte_starts = [0] + [m.end() for m in re.finditer(b"\n", self.data)]
        return self._byte_starts

    def point(self, point: tuple[int, int]) -> tuple[int, int]:
        """(line, UTF-16 column) of a tree-sitter (row, byte column) point."""
        row, byte_col = point
        starts = self._byte_lines()
        if row >= len(starts):
            return row, byte_col
        prefix = self.data[starts[row]: starts[row] + byte_col]
        if prefix.isascii():
            return row, byte_col
        return row, len(prefix.decode("utf-8", "replace").encode("utf-16-le", "surrogatepass")) // 2

    def offset(self, index: int) -> tuple[int, int]:
        """(line, UTF-16 column) of a character offset into the text."""
        starts = self._lines()
        row = bisect.bisect_right(starts, index) - 1
        return row, self.col16(row, index - starts[row])

    def col16(self, row: int, chars: int) -> int:
        """The UTF-16 column of the `chars`-th character of line `row`."""
        starts = self._lines()
        if row >= len(starts):
            return chars
        prefix = self.text[starts[row]: starts[row] + chars]
        return chars if prefix.isascii() else len(prefix.encode("utf-16-le", "surrogatepass")) // 2
