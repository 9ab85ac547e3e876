"""Where things live: the workspace root, its `.lore/` folder, the databases and backups."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from lore.store.safe_fs import check_target, real_folder, write_atomic

LORE_DIR = ".lore"
MEMORIES_DIR = "memories"
BACKUPS_DIR = "backups"
DB_FILES = ("lore.db", "lore.db-wal", "lore.db-shm", "lore.db-journal")
GITIGNORE = ("# Lore keeps its database private; memories/ is meant to be committed.\nlore.db\nlore.db-*\nbackups/\n"
             "*.corrupt-*\n# half-written files a killed process may leave\nmemories/*.tmp\n")
GIT_EXCLUDE = "".join(["# Lore's private database (team memories in .lore/memories/ are committed)\n"]
                      + [f"/.lore/{line}\n" for line in GITIGNORE.splitlines() if line and not line.startswith("#")])


def find_root(start: str | os.PathLike[str] | None = None) -> Path:
    """The enclosing repository root (a folder holding .git), else the start folder itself."""
    here = Path(start or os.getcwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def lore_dir(root: Path, *, create: bool = True) -> Path:
    """`<root>/.lore`, created owner-only with a .gitignore that keeps the database out of git.

    `.lore` and the folders Lore keeps in it must be real folders, and the database files must not be
    links (a repository may commit any of them): UnsafePathError otherwise, naming the path.
    """
    d = root / LORE_DIR
    real_folder(root, d, create=create)
    for sub in (MEMORIES_DIR, BACKUPS_DIR):
        real_folder(root, d / sub, create=False)
    if d.is_dir():
        for name in DB_FILES:
            check_target(root, d / name)
    if create and not os.path.lexists(d / ".gitignore") and not _exclude_in_git(root):
        try:
            write_atomic(root, d / ".gitignore", GITIGNORE, exclusive=True)
        except OSError:
            pass
    return d


def _exclude_in_git(root: Path) -> bool:
    """Keep the database out of git through the clone's own `.git/info/exclude` (never committed,
    so no clone has an untracked `.lore/.gitignore` that a teammate's commit would collide with
    on pull). False when the workspace has no `.git` folder or the file cannot be written."""
    git = _common_git_dir(root)
    if git is None:
        return False
    exclude = git / "info" / "exclude"
    try:
        text = exclude.read_text("utf-8") if exclude.is_file() and not exclude.is_symlink() else ""
        if GIT_EXCLUDE.splitlines()[1] in text.splitlines():
            return True
        real_folder(git, git / "info", mode=0o755)
        write_atomic(git, exclude, (text + ("\n" if text and not text.endswith("\n") else "")) + GIT_EXCLUDE)
        return True
    except (OSError, UnicodeDecodeError):
        return False


def _common_git_dir(root: Path) -> Path | None:
    """The git directory whose `info/exclude` applies to `root`: `.git` itself, or for a worktree or
    submodule (`.git` is a file saying `gitdir: …`) that directory's common one; None without git."""
    git = root / ".git"
    if git.is_symlink():
        return None
    if git.is_dir():
        return git
    try:
        line = git.read_text("utf-8").strip() if git.is_file() else ""
    except (OSError, UnicodeDecodeError):
        return None
    if not line.startswith("gitdir:"):
        return None
    found = Path(line[len("gitdir:"):].strip())
    found = found if found.is_absolute() else (root / found)
    try:
        common = (found / "commondir").read_text("utf-8").strip() if (found / "commondir").is_file() else ""
    except (OSError, UnicodeDecodeError):
        return None
    found = (found / common) if common else found
    return found.resolve() if found.is_dir() else None


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
    return db_path.parent / BACKUPS_DIR


def relative_path(root: Path, path: str | os.PathLike[str]) -> str | None:
    """Workspace-relative POSIX path of `path`, or None when it lies outside the workspace."""
    p = Path(path)
    if not p.is_absolute():
        p = root / p
    try:
        return p.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        return None
