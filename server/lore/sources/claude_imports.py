"""CLAUDE.md `@path` imports: read the files a CLAUDE.md pulls in, never outside the repository."""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

from lore.markup.hidden import strip_hidden
from lore.sources.classify import AGENTS, classify

_IMPORT = re.compile(r"(?<![\w@`/.])@((?:~|\.{1,2})?/?[\w.][\w.\-/]*)")
_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"`[^`]*`")
MAX_DEPTH = 5


def find_imports(text: str) -> list[tuple[int, str]]:
    """(1-based line, path as written) of each `@path` outside code and hidden comments."""
    text = strip_hidden(text)
    found = []
    in_fence = False
    for i, line in enumerate(text.splitlines(), 1):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for m in _IMPORT.finditer(_CODE_SPAN.sub("", line)):
            found.append((i, m.group(1).rstrip(".,;:)")))
    return found


def resolve_imports(root: Path, rel_path: str, text: str, max_size: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The (path, text) of each file imported (recursively), and warnings for refused or missing ones."""
    out: list[tuple[str, str]] = []
    warnings: list[str] = []
    seen = {rel_path}
    real_root = os.path.realpath(root)
    todo = [(rel_path, text, 1)]
    while todo:
        source, body, depth = todo.pop(0)
        for line, raw in find_imports(body):
            where = f"{source}:{line}"
            if raw.startswith(("~", "/")):
                warnings.append(f"{where}: import @{raw} points outside the repository; not read")
                continue
            rel = posixpath.normpath(posixpath.join(posixpath.dirname(source), raw))
            full = os.path.realpath(root / rel)
            if rel.startswith("../") or rel == ".." or not full.startswith(real_root + os.sep):
                warnings.append(f"{where}: import @{raw} points outside the repository; not read")
                continue
            if not os.path.isfile(full):
                if posixpath.splitext(raw)[1]:
                    warnings.append(f"{where}: import @{raw} not found")
                continue
            if rel in seen or classify(rel) == AGENTS:
                continue  # read in its own right, or already included
            if depth > MAX_DEPTH:
                warnings.append(f"{where}: import @{raw} nested more than {MAX_DEPTH} deep; not read")
                continue
            seen.add(rel)
            try:
                if os.path.getsize(full) > max_size:
                    warnings.append(f"{where}: import @{raw} is larger than the size limit; not read")
                    continue
                data = Path(full).read_bytes()
                itext = data.decode("utf-8")
            except (OSError, UnicodeDecodeError) as e:
                warnings.append(f"{where}: import @{raw} unreadable ({e.__class__.__name__})")
                continue
            out.append((rel, itext))
            todo.append((rel, itext, depth + 1))
    return out, warnings
