"""Read commits from the `git` command, streamed: one `git log` process, parsed as it prints.

The `git` command rather than a library: it adds no dependency, every checkout that has a
history has it, and `git log --name-status -M` streams tens of thousands of commits with their
files and renames in a few seconds where pure-Python readers walk trees object by object.
"""

from __future__ import annotations

import logging
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

log = logging.getLogger(__name__)
_RS, _US, _END = "\x1e", "\x1f", "\x1d"
FORMAT = f"{_RS}%H{_US}%P{_US}%an{_US}%ae{_US}%at{_US}%B{_END}"
TIMEOUT = 10


class GitError(RuntimeError):
    """git is missing, the folder is no repository, or `git log` failed."""


@attrs.define
class Change:
    """One file a commit touched: status letter (A, M, D, R, C, T), its path, and the old path of a rename."""

    status: str
    path: str
    old: str | None = None


@attrs.define
class Commit:
    """One commit as `git log` printed it (files of a merge are its changes against the first parent)."""

    sha: str
    parents: list[str]
    author: str
    email: str
    at: int
    message: str
    changes: list[Change] = attrs.field(factory=list)

    @property
    def subject(self) -> str:
        """The first line of the message."""
        return self.message.split("\n", 1)[0].strip()

    @property
    def body(self) -> str:
        """The message after its first line."""
        parts = self.message.split("\n", 1)
        return parts[1].strip() if len(parts) > 1 else ""

    @property
    def is_merge(self) -> bool:
        """Whether the commit has more than one parent."""
        return len(self.parents) > 1


def git(root: Path, *args: str, timeout: float = TIMEOUT) -> str | None:
    """Output of a short git command, or None when it fails."""
    try:
        res = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                             encoding="utf-8", errors="replace", timeout=timeout, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return res.stdout if res.returncode == 0 else None


def is_repository(root: Path) -> bool:
    """Whether `root` is the top of a git work tree (or a bare repository) with commits."""
    return head(root) is not None


def head(root: Path) -> str | None:
    """The sha of HEAD, or None without git, a repository or a commit."""
    out = git(root, "rev-parse", "--verify", "-q", "HEAD")
    return (out or "").strip() or None


def files_at(root: Path, commit: str) -> frozenset[str] | None:
    """Every file of a commit's tree (`git ls-tree -r`), or None when git cannot list them."""
    out = git(root, "ls-tree", "-r", "-z", "--name-only", "--full-tree", commit, timeout=TIMEOUT * 4)
    return None if out is None else frozenset(p for p in out.split("\0") if p)


_SPAN = re.compile(r"^\s*(\d+)\s*\.?\s*(year|month|week|day|hour)s?\s+ago\s*$", re.I)
_SPAN_SECONDS = {"year": 365.25 * 86400, "month": 30.44 * 86400, "week": 7 * 86400, "day": 86400, "hour": 3600}


def window_start(root: Path, since: str, automated: Callable[[Commit], bool] | None = None) -> str:
    """What `git log --since` is given for a window: a span back from now ("2 years ago") counts back from the
    newest commit instead (`newest_time`: the newest that is no upkeep, when `automated` tells upkeep commits),
    so that a repository nobody has committed to lately keeps its last two years of history, and one a bot still
    bumps keeps its people's; any other value (a date, "" for none) as it is."""
    m = _SPAN.match(since or "")
    newest = newest_time(root, automated) if m else None
    if newest is None:
        return since
    start = newest - int(int(m.group(1)) * _SPAN_SECONDS[m.group(2).lower()])
    return time.strftime("%Y-%m-%d %H:%M:%S +0000", time.gmtime(max(start, 0)))


def newest_time(root: Path, automated: Callable[[Commit], bool] | None = None) -> int | None:
    """The commit time (what `--since` compares) of the newest commit `automated` does not tell as upkeep; of the newest commit when it tells every one (or is not given), None without a commit."""
    sha = "HEAD"
    if automated is not None:
        commits = log_commits(root)
        try:
            sha = next((c.sha for c in commits if not automated(c)), "HEAD")
        except GitError:
            pass
        finally:
            commits.close()
    out = (git(root, "log", "-1", "--format=%ct", sha) or "").strip()
    return int(out) if out.isdigit() else None


def count(root: Path, since_commit: str | None = None) -> int | None:
    """How many commits HEAD has (those after `since_commit` when given), None when git cannot tell."""
    out = (git(root, "rev-list", "--count", f"{since_commit}..HEAD" if since_commit else "HEAD") or "").strip()
    return int(out) if out.isdigit() else None


def is_ancestor(root: Path, old: str, new: str) -> bool:
    """Whether commit `old` is an ancestor of `new` (False when `old` is gone, e.g. after a rewrite)."""
    try:
        res = subprocess.run(["git", "-C", str(root), "merge-base", "--is-ancestor", old, new],
                             capture_output=True, timeout=TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return res.returncode == 0


def log_commits(root: Path, *, since_commit: str | None = None, max_count: int | None = None,
                since: str | None = None) -> Iterator[Commit]:
    """Commits newest first: those after `since_commit` when given, within the window."""
    args = ["git", "-C", str(root), "-c", "core.quotepath=false", "log", "--no-color", "-M", "--name-status",
            "--diff-merges=first-parent", f"--format={FORMAT}"]
    if max_count:
        args.append(f"--max-count={int(max_count)}")
    if since:
        args.append(f"--since={since}")
    args.append(f"{since_commit}..HEAD" if since_commit else "HEAD")
    args.append("--")
    try:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=1 << 16)
    except OSError as e:
        raise GitError(f"git cannot be run: {e}") from e
    try:
        yield from _records(proc.stdout)
    finally:
        proc.stdout.close()
        err = proc.stderr.read().decode("utf-8", "replace")
        proc.stderr.close()
        code = proc.wait()
    if code not in (0, None) and code > 0:
        raise GitError(f"git log failed ({code}): {err.strip()[:300]}")


def _records(stream) -> Iterator[Commit]:
    """Split git's output at record separators and parse each record as it completes."""
    pending = ""
    while True:
        chunk = stream.read(1 << 16)
        if not chunk:
            break
        pending += chunk.decode("utf-8", "replace")
        parts = pending.split(_RS)
        pending = parts.pop()
        for part in parts:
            if part:
                commit = parse_record(part)
                if commit is not None:
                    yield commit
    if pending.strip():
        commit = parse_record(pending)
        if commit is not None:
            yield commit


def parse_record(text: str) -> Commit | None:
    """One commit from `sha US parents US author US email US time US message END name-status lines`."""
    head_part, _, files = text.partition(_END)
    fields = head_part.split(_US, 5)
    if len(fields) < 6:
        return None
    sha, parents, author, email, at, message = fields
    try:
        when = int(at)
    except ValueError:
        return None
    return Commit(sha, parents.split(), author, email, when, message.strip(), _changes(files))


def _changes(text: str) -> list[Change]:
    out = []
    for line in text.splitlines():
        cols = line.split("\t")
        if len(cols) < 2 or not cols[0]:
            continue
        status = cols[0][0]
        if status in "RC" and len(cols) >= 3:
            out.append(Change(status, _unquote(cols[2]), _unquote(cols[1])))
        else:
            out.append(Change(status, _unquote(cols[1])))
    return out


def _unquote(path: str) -> str:
    """A path as git quotes unusual names ("a\\tb"), unquoted."""
    if len(path) >= 2 and path[0] == '"' and path[-1] == '"':
        try:
            raw = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
            return raw.encode("latin-1").decode("utf-8", "replace")
        except (UnicodeError, ValueError):
            return path[1:-1]
    return path
