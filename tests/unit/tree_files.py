"""Writing a small tree of files for a test: the one helper every fixture repository uses."""

from __future__ import annotations

from pathlib import Path


def write(root: Path, files: dict[str, str]) -> Path:
    """Write each relative path's text under `root` (folders made as needed, UTF-8); returns `root`."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
