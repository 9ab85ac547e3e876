"""Changes the client's file watcher may never report: a `git pull` (or checkout, merge, reset) that
moved HEAD, and team files written by another process. A poll compares a few `stat` results (the
team folder's mtime, git's HEAD, ORIG_HEAD and FETCH_HEAD, the HEAD reflog) with the last ones, in
microseconds; only when they differ, and have stopped moving, does it list what changed (team files
by size and time, other files by `git diff --name-only` between the old and the new HEAD) for the
incremental import.

A pull writes the work tree first and moves HEAD after: read in between, it would look like two
changes (team files written here, then HEAD moved) and be imported twice. So what moved is read only
once it is `settled`: the same stat results at two polls in a row, and no git command holding the
index lock or the lock of HEAD or its branch."""

from __future__ import annotations

import logging
import os
import subprocess
import time
from pathlib import Path

from lore.team.gitmoves import git_dir

log = logging.getLogger(__name__)

TEAM_DIR = Path(".lore") / "memories"
GIT_FILES = ("HEAD", "ORIG_HEAD", "FETCH_HEAD", "logs/HEAD")
GIT_TIMEOUT_SECONDS = 10
STALE_LOCK_SECONDS = 60  # an index.lock older than this was left by a git command that died


def _stamp(path: str | Path) -> tuple[int, int]:
    """(mtime in ns, size) of a path, (0, -1) when it does not exist."""
    try:
        st = os.stat(path)
    except OSError:
        return 0, -1
    return st.st_mtime_ns, st.st_size


class PullWatch:
    """What one folder looked like at the last poll; `changes()` says which files moved since."""

    def __init__(self, root: Path):
        self.root = root
        self.git = git_dir(root)
        self.last: tuple | None = None
        self.team: dict[str, tuple[int, int]] = {}
        self.head: str | None = None
        self.moving: tuple | None = None
        git_files = [os.fspath(self.git / name) for name in GIT_FILES] if self.git is not None else []
        self.watched = [os.fspath(root / TEAM_DIR), *git_files]

    def signature(self) -> tuple:
        """The cheap part: a handful of stat calls that change whenever a pull or a team file does."""
        return tuple(map(_stamp, self.watched))

    def baseline(self) -> None:
        """Take the current state as seen (at start: the startup import reads what is there)."""
        self.last = self.signature()
        self.team = self._team_files()
        self.head = self._head()

    def poll(self) -> bool:
        """Whether anything may have changed since the last call (stat only; no file is read)."""
        return self.signature() != self.last

    def settled(self) -> bool:
        """Whether what moved has stopped: the stat results are those of the previous call, and no git
        command holds a lock (a checkout or merge still writing the tree, or moving HEAD).
        The first call after a change answers False: call it again a moment later."""
        now = self.signature()
        still, self.moving = now == self.moving, now
        return still and not self._git_writing()

    def _git_writing(self) -> bool:
        """Whether a git command holds the index lock (writing the work tree) or the lock of HEAD or of
        its branch (moving them, which may wait on a disk flush); a lock left by a dead git is ignored."""
        now = time.time()
        for lock in self._locks():
            try:
                if now - lock.stat().st_mtime < STALE_LOCK_SECONDS:
                    return True
            except OSError:
                continue
        return False

    def _locks(self) -> list[Path]:
        if self.git is None:
            return []
        locks = [self.git / "index.lock", self.git / "HEAD.lock"]
        try:
            head = (self.git / "HEAD").read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            return locks
        if head.startswith("ref: refs/"):
            ref = head[len("ref: "):]
            common = self.git
            try:  # a linked worktree keeps its branches in the main repository's git directory
                common = (self.git / (self.git / "commondir").read_text(encoding="utf-8").strip()).resolve()
            except OSError:
                pass
            locks += [self.git / f"{ref}.lock", common / f"{ref}.lock"]
        return locks

    def changes(self) -> list[str]:
        """Folder-relative paths changed since the last baseline (team files and files HEAD moved)."""
        self.last = self.signature()
        team = self._team_files()
        changed = {rel for rel in team.keys() | self.team.keys() if team.get(rel) != self.team.get(rel)}
        self.team = team
        head = self._head()
        if head != self.head and head is not None and self.head is not None:
            changed.update(self._diff(self.head, head))
        self.head = head
        return sorted(changed)

    def _team_files(self) -> dict[str, tuple[int, int]]:
        folder = self.root / TEAM_DIR
        try:
            names = [e.name for e in os.scandir(folder) if e.name.endswith(".md")]
        except OSError:
            return {}
        return {(TEAM_DIR / n).as_posix(): _stamp(folder / n) for n in names}

    def _git(self, *args: str) -> str | None:
        try:
            done = subprocess.run(["git", "-C", str(self.root), *args], capture_output=True, text=True,
                                  timeout=GIT_TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.SubprocessError) as e:
            log.debug("git %s failed: %s", args[0], e)
            return None
        return done.stdout if done.returncode == 0 else None

    def _head(self) -> str | None:
        if self.git is None:
            return None
        out = self._git("rev-parse", "--verify", "-q", "HEAD")
        return out.strip() or None if out else None

    def _diff(self, old: str, new: str) -> list[str]:
        """Files that differ between two commits, relative to the folder (which may sit inside the repository)."""
        out = self._git("diff", "--name-only", "--no-renames", "--relative", "-z", old, new)
        return [p for p in out.split("\0") if p] if out else []
