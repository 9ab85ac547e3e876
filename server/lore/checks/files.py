"""Check files on disk: the paths given (files or folders), or the whole workspace."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from lore.anchors.languages import language_for_path
from lore.checks.engine import applies, check_text
from lore.checks.model import Rule, RuleException, Violation

if TYPE_CHECKING:
    from lore.service import Lore

log = logging.getLogger(__name__)
MAX_FILE_BYTES = 2_000_000


class PathError(ValueError):
    """A path to check that is outside the workspace or does not exist."""


def relative(lore: Lore, path: str) -> str:
    """A workspace-relative path with forward slashes; PathError when outside the workspace."""
    p = Path(path)
    full = (p if p.is_absolute() else Path.cwd() / p).resolve() if not _plain_rel(lore, path) else lore.root / path
    try:
        rel = full.resolve().relative_to(lore.root).as_posix()
    except ValueError:
        raise PathError(f"{path}: outside the workspace {lore.root}") from None
    return "" if rel == "." else rel


def _plain_rel(lore: Lore, path: str) -> bool:
    """A relative path that names something under the root (preferred over the current folder)."""
    return not Path(path).is_absolute() and (lore.root / path).exists() and not (Path.cwd() / path).exists()


def files_to_check(lore: Lore, paths: Iterable[str]) -> list[str]:
    """Workspace-relative files: named files as given, folders walked (ignored, vendored and
    generated files left out), no paths: the whole workspace. PathError for a path that is missing."""
    from lore.codemap.files import list_files

    paths = list(paths)
    folders: list[str] = []
    out: list[str] = []
    for p in paths:
        rel = relative(lore, p)
        full = lore.root / rel
        if full.is_dir():
            folders.append(rel)
        elif full.is_file():
            out.append(rel)
        else:
            raise PathError(f"{p}: no such file or folder")
    if folders or not paths:
        every = list_files(lore.root).files
        if not paths or "" in folders:
            out += every
        else:
            out += [f for f in every if any(f.startswith(d.rstrip("/") + "/") for d in folders)]
    return sorted(set(out))


def check_paths(lore: Lore, paths: Iterable[str], rules: list[Rule] | None = None,
                exceptions: list[RuleException] | None = None) -> list[Violation]:
    """The violations in files on disk: `paths` are files or folders, relative to the workspace
    root or absolute inside it; folders are walked leaving out what git and `.loreignore` ignore
    and vendored or generated code; no paths: the whole workspace. PathError for a missing path.
    `rules` and `exceptions` are loaded from the team files when not given."""
    if rules is None:
        from lore.checks.load import load_checks

        found = load_checks(lore)
        rules, exceptions = found.rules, found.exceptions
    out: list[Violation] = []
    if not rules:
        return out
    for rel in files_to_check(lore, paths):
        language = language_for_path(rel)
        wanted = [r for r in rules if applies(r, rel, language)]
        if not wanted:
            continue
        text = read_text(lore.root / rel)
        if text is not None:
            out += check_text(wanted, rel, text, language, exceptions or (), symbols=True, reuse=False)
    return out


def read_text(path: Path) -> str | None:
    """A file's text, or None when it is a link, too large, binary or not UTF-8."""
    try:
        if path.is_symlink() or path.stat().st_size > MAX_FILE_BYTES:
            return None
        data = path.read_bytes()
    except OSError as e:
        log.warning("not checked: %s: %s", path, e)
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
