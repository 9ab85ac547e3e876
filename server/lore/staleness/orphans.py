"""Anchors that match nothing any more: a path or glob no file matches, a symbol its file no longer
defines (under that name or, after a rename, any), a file that is gone. Language anchors always
match. An orphaned anchor is reported, never removed: a person decides whether the memory moves,
is superseded or is forgotten."""

from __future__ import annotations

from pathlib import Path

from lore.anchors import extract_symbols, language_for_path
from lore.memory import Anchor, Memory
from lore.recall.anchoring import GLOB_CHARS, glob_covers, match_anchor
from lore.staleness.code import symbol_files


class Workspace:
    """The files of a workspace (tracked by git, else walked), read once per report."""

    def __init__(self, root: Path, files: list[str]):
        self.root = Path(root)
        self.files = files
        self._symbols: dict[str, list] = {}

    def symbols(self, rel: str) -> list:
        """The symbols a file defines now (cached)."""
        if rel not in self._symbols:
            lang = language_for_path(rel)
            try:
                data = (self.root / rel).read_bytes() if lang else b""
            except OSError:
                data = b""
            self._symbols[rel] = extract_symbols(data, lang, rel) if data and lang else []
        return self._symbols[rel]


def orphaned(ws: Workspace, m: Memory) -> list[str]:
    """The memory's anchors (as written) that match nothing in the workspace."""
    return [a.to_text() for a in m.anchors if not _matches_something(ws, a)]


def _matches_something(ws: Workspace, anchor: Anchor) -> bool:
    if anchor.kind == "language":
        return True
    if anchor.kind == "path":
        value = anchor.value.rstrip("/")
        if not GLOB_CHARS & set(value) and (ws.root / value).exists():
            return True
        return any(glob_covers(anchor.value, f) for f in ws.files)
    files = symbol_files(ws.root, anchor)
    if anchor.file and not (ws.root / anchor.file).is_file():
        return False
    if not files:
        return True  # no file to look in (another language, a name without a file): not evidence
    return any(match_anchor(anchor, rel, s.qualified_name) == "symbol" for rel in files for s in ws.symbols(rel))
