"""Writing a small tree of files for a test: the one helper every fixture repository uses; and a Lore
over such a tree with the hash embedder, for tests where meaning does not matter."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder


def write(root: Path, files: dict[str, str]) -> Path:
    """Write each relative path's text under `root` (folders made as needed, UTF-8); returns `root`."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@contextmanager
def hash_lore(root: Path, files: dict[str, str]) -> Iterator[Lore]:
    """`files` written under `root`, and a Lore on it with the hash embedder and a user database
    beside it; closed on exit."""
    lore = Lore(write(root, files), user_db=root.parent / "user.db", embedder=HashEmbedder())
    try:
        yield lore
    finally:
        lore.close()
