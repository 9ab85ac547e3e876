"""Links in hovers: a memory's source file (URI with `#L<line>`) and `command:` URIs for clients that run them."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING

from pygls.uris import from_fs_path

if TYPE_CHECKING:
    from lore.memory import Memory


def source_uri(root: Path, m: Memory, line: int | None = None) -> str | None:
    """File URI of a memory's source (workspace-relative path), with `#L<line>` when known: `line`
    (a section of it) or where the record starts."""
    path = m.provenance.path
    if not path:
        return None
    full = Path(path) if Path(path).is_absolute() else root / path
    uri = from_fs_path(str(full))
    if not uri:
        return None
    line = line or m.provenance.line
    return f"{uri}#L{line}" if line else uri


def source_label(m: Memory) -> str:
    """`docs/adr/0003-repos.md:12` for a memory's source."""
    path = m.provenance.path or m.provenance.kind.value
    return f"{path}:{m.provenance.line}" if m.provenance.line and m.provenance.path else path


def command_uri(command: str, args: dict) -> str:
    """A `command:` URI running a server command with one object argument (VS Code style)."""
    return f"command:{command}?{urllib.parse.quote(json.dumps([args], separators=(',', ':')))}"


def markdown_link(label: str, target: str) -> str:
    """A markdown link with the label's brackets escaped."""
    safe = label.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    return f"[{safe}]({target})"
