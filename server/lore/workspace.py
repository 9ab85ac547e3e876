"""Where things live: the workspace root, its `.lore/` folder, the databases and backups."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

LORE_DIR = ".lore"
MEMORIES_DIR = "memories"
GITIGNORE = ("# Lore keeps its database private; memories/ is meant to be committed.\nlore.db\nlore.db-*\nbackups/\n"
             "*.corrupt-*\n# half-written files a killed process may leave\nmemories/*.tmp\n")


def find_root(start: str | os.PathLike[str] | None = None) -> Path:
    """The enclosing repository root (a folder holding .git), else the start folder itself."""
    here = Path(start or os.getcwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def lore_dir(root: Path, *, create: bool = True) -> Path:
    """`<root>/.lore`, created owner-only with a .gitignore that keeps the database out of git."""
    d = root / LORE_DIR
    if create and not d.exists():
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
    if create and not (d / ".gitignore").exists():
        try:
            (d / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
        except OSError:
            pass
    return d


def memories_dir(root: Path) -> Path:
    """Team memory files: `<root>/.lore/memories/`."""
    return root / LORE_DIR / MEMORIES_DIR


def workspace_db_path(root: Path) -> Path:
    """`LORE_DB` when set, else `<root>/.lore/lore.db`."""
    env = os.environ.get("LORE_DB")
    return Path(env) if env else root / LORE_DIR / "lore.db"


def user_db_path() -> Path:
    """The user-level database (memories that follow the user across repositories)."""
    env = os.environ.get("LORE_USER_DB")
    return Path(env) if env else Path(platformdirs.user_data_dir("lore")) / "user.db"


def backups_dir(db_path: Path) -> Path:
    """Automatic backups sit beside the database."""
    return db_path.parent / "backups"


def relative_path(root: Path, path: str | os.PathLike[str]) -> str | None:
    """Workspace-relative POSIX path of `path`, or None when it lies outside the workspace."""
    p = Path(path)
    if not p.is_absolute():
        p = root / p
    try:
        return p.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        return None
