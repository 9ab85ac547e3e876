"""Reading and writing repository files without following a link out of the workspace.

A repository is untrusted: it may commit a symbolic link where Lore writes (`.lore/memories/x.md.tmp`
-> `~/.bashrc`) or reads (a team file -> `~/.ssh/config`). Every file Lore writes goes through
`write_atomic`: an exclusive, randomly named, no-follow temporary file in the target's folder, then
`os.replace`; the target itself must not be a link and its folder must resolve inside the confining
root. Every file Lore reads from a repository is checked with `check_inside` first. Folders Lore
owns (`.lore`, `.lore/memories`, `.lore/backups`) must be real folders (`real_folder`).
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from lore.store.errors import StoreError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
TMP_SUFFIX = ".tmp"


class UnsafePathError(StoreError):
    """A file or folder Lore refuses to touch (a link, or a path leading outside the workspace)."""


def _shown(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def inside(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Does `path`, every link resolved, lie inside `root` (itself resolved)?"""
    base = os.path.realpath(root)
    real = os.path.realpath(path)
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def check_inside(root: Path, path: Path) -> None:
    """UnsafePathError naming `path` when it resolves outside `root` (a link pointing out)."""
    if not inside(root, path):
        raise UnsafePathError(f"{_shown(path, root)} is a link to {os.path.realpath(path)}, outside the workspace; "
                              "not read")


def real_folder(root: Path, folder: Path, *, create: bool = True, mode: int = 0o700) -> Path:
    """`folder` (under `root`) as a real folder: each part from `root` down is checked, missing ones made.

    A part that is a link (dangling or not) or a file raises UnsafePathError naming it and saying
    what to do; with create=False a missing part simply ends the walk.
    """
    if create:
        root.mkdir(parents=True, exist_ok=True)  # the workspace itself is the user's choice, not the repository's
    current = root
    for part in folder.relative_to(root).parts:
        current = current / part
        try:
            st = os.lstat(current)
        except FileNotFoundError:
            if not create:
                return folder
            try:
                os.mkdir(current, mode)
            except FileExistsError:
                st = os.lstat(current)  # made by another process meanwhile: check what it is
            else:
                continue
        if stat.S_ISLNK(st.st_mode):
            raise UnsafePathError(f"{_shown(current, root)} is a symbolic link (to {os.readlink(current)}); Lore keeps "
                                  "its files in a real folder: replace the link with a folder")
        if not stat.S_ISDIR(st.st_mode):
            raise UnsafePathError(f"{_shown(current, root)} is a file, not a folder: Lore keeps its files there; "
                                  "move the file away")
    return folder


def check_target(root: Path, path: Path) -> os.stat_result | None:
    """UnsafePathError when `path` is a link (Lore never writes through one) or its folder leads outside;
    else the target's own status (None when it does not exist yet)."""
    if not inside(root, path.parent):
        raise UnsafePathError(f"{_shown(path, root)}: its folder resolves outside the workspace "
                              f"({os.path.realpath(path.parent)}); not written")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        raise UnsafePathError(f"{_shown(path, root)} is a symbolic link (to {os.readlink(path)}); Lore does not write "
                              "through links: replace it with a regular file")
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(f"{_shown(path, root)} is not a regular file; not written")
    return st


def write_atomic(root: Path, path: Path, data: str | bytes, *, mode: int = 0o644, exclusive: bool = False,
                 sync: bool = False) -> None:
    """Write `path` whole or not at all, never through a link; `exclusive` refuses an existing file.

    A new file gets `mode` (less the umask); a rewritten one keeps its permissions.
    The temporary file is created with O_CREAT|O_EXCL|O_NOFOLLOW under a random name in the target's
    folder (the same file system, so the rename is atomic); a link planted at any name Lore might use
    is never opened. UnsafePathError for a refused target, OSError for the rest.
    """
    st = check_target(root, path)
    if exclusive and st is not None:
        raise FileExistsError(17, "already exists", str(path))
    if st is not None:
        mode = stat.S_IMODE(st.st_mode)  # rewriting keeps the file's permissions
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}{TMP_SUFFIX}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, mode)
    try:
        if st is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)  # the umask would narrow the permissions it had
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            if sync:
                f.flush()
                os.fsync(f.fileno())
        if exclusive and os.path.lexists(path):
            raise FileExistsError(17, "already exists", str(path))
        os.replace(tmp, path)  # a link put there meanwhile is replaced, never written through
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise

