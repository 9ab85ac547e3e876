"""What git says about the code a memory is anchored to: the newest commit touching a file or a
line range, a file's text at HEAD, and HEAD itself. One short `git` process per question, bounded
by a timeout; no answer (None) when git is missing, the folder is no repository or the path was
never committed."""

from __future__ import annotations

import logging
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import attrs

log = logging.getLogger(__name__)
TIMEOUT = 5
_US = "\x1f"
_FORMAT = f"%H{_US}%ct{_US}%s"
# Automated dependency updates change code without changing what it does: no decision is stale for them
# (`history.tasks.is_dependency_bump` reads the same commits). Nor is one for a commit typed `style` (Conventional
# Commits: "changes that do not affect the meaning of the code": white space, formatting; breakthrough-rc/wallchart's
# "style: fix formatting issues [pre-push hook]" was named as the change to a record's file).
_NOT_BUMPS = ["-i", "-E", "--invert-grep", r"--grep=^(bump [^ ]+ from |chore\(deps|build\(deps|fix\(deps|update dependency )",
              r"--grep=^Merge pull request #[0-9]+ from [^ ]*(dependabot|renovate)/",
              r"--grep=^style(\([^)]*\))?!?: "]


@attrs.define(frozen=True)
class Commit:
    """One commit: full sha, committer time (epoch seconds) and subject line."""

    sha: str
    at: int
    subject: str

    @property
    def short(self) -> str:
        """The first 7 hex digits of the sha."""
        return self.sha[:7]


def _git(root: Path, args: list[str], *, text: bool = True, timeout: float = TIMEOUT) -> str | bytes | None:
    """Output of `git -C root ARGS`, or None when git fails (logged at debug)."""
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        log.debug("git %s: %s", " ".join(args[:3]), e)
        return None
    if done.returncode != 0:
        log.debug("git %s: %s", " ".join(args[:3]), done.stderr[:200])
        return None
    return done.stdout.decode("utf-8", "replace") if text else done.stdout


MIN_TIMEOUT = 0.05  # the least a git process is given: a budget all but spent still lets a quick answer through


def _bounded(timeout: float | None, default: float) -> float:
    """`timeout` kept between `MIN_TIMEOUT` and `default`; `default` when none is given."""
    return default if timeout is None else max(MIN_TIMEOUT, min(timeout, default))


def _commit(out: str | bytes | None) -> Commit | None:
    if not out or not isinstance(out, str):
        return None
    line = next((x for x in out.splitlines() if _US in x), "")
    parts = line.split(_US, 2)
    if len(parts) != 3 or not parts[1].strip().isdigit():
        return None
    return Commit(parts[0].strip(), int(parts[1]), parts[2].strip())


def head(root: Path) -> str | None:
    """The sha HEAD points at, or None outside a repository (or before the first commit)."""
    out = _git(root, ["rev-parse", "--verify", "-q", "HEAD"])
    return out.strip() if isinstance(out, str) and out.strip() else None


def last_commit(root: Path, paths: list[str]) -> Commit | None:
    """The newest commit (by history order) that touched any of `paths`, automated dependency updates and
    formatting (`style:`) commits left out."""
    if not paths:
        return None
    return _commit(_git(root, ["log", "-1", f"--format={_FORMAT}", *_NOT_BUMPS, "--", *paths]))


def last_range_commit(root: Path, rel_path: str, start: int, end: int) -> Commit | None:
    """The newest commit that changed lines `start`..`end` (1-based, as at HEAD) of a file, dependency updates and
    formatting commits left out."""
    if start < 1 or end < start:
        return None
    out = _git(root, ["log", "-1", "-s", f"--format={_FORMAT}", *_NOT_BUMPS, f"-L{start},{end}:{rel_path}"])
    return _commit(out)


def at_head(root: Path, rel_path: str) -> bytes | None:
    """A file's bytes as committed at HEAD, or None when it is not there."""
    out = _git(root, ["show", f"HEAD:{rel_path}"], text=False)
    return out if isinstance(out, bytes) else None


def commit_of(root: Path, rev: str) -> Commit | None:
    """One commit by revision (sha, tag, HEAD)."""
    return _commit(_git(root, ["log", "-1", f"--format={_FORMAT}", rev, "--"]))


def words_present(root: Path, words: list[str], pathspec: tuple[str, ...] = (),
                  timeout: float | None = None) -> set[str] | None:
    """Which of `words` some tracked file (within `pathspec`) holds as a whole word: one `git grep`
    for all of them; None when git fails or takes longer than `timeout` (default twice `TIMEOUT`)."""
    if not words:
        return set()
    patterns = [arg for w in words for arg in ("-e", w)]
    try:
        done = subprocess.run(["git", "-C", str(root), "grep", "-o", "-h", "-I", "-w", "-F", *patterns, "--", ".",
                               *pathspec], capture_output=True, timeout=_bounded(timeout, TIMEOUT * 2), check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode not in (0, 1):
        return None
    return set(done.stdout.decode("utf-8", "replace").split()) & set(words)


_ERE_SPECIAL = re.compile(r"([.\[\]()*+?{}|^$\\])")


def whole_word(word: str) -> str:
    """A POSIX extended pattern (git's `--pickaxe-regex`) for `word` not inside a longer name: no letter, digit or `_`
    on either side (written out: `\\b` is not every platform's)."""
    escaped = _ERE_SPECIAL.sub(r"\\\1", word)
    return "(^|[^A-Za-z0-9_])" + escaped + "([^A-Za-z0-9_]|$)"


def changed_count_since(root: Path, word: str, since: float, pathspec: tuple[str, ...],
                        counts: Callable[[str], bool], timeout: float | None = None) -> Commit | None:
    """The newest commit after `since` that changed how many times `word` occurs as a whole word (`git log -S` with a
    pattern: `CreateUser` inside `GetOrCreateUser` is another name) in the files of `pathspec` that `counts` accepts by
    their path, among the newest `PICKAXE_COMMITS` commits that changed the count: where a named thing was added or
    taken away. None too when git takes longer than `timeout` (default `TIMEOUT`)."""
    out = _git(root, ["-c", "core.quotePath=false", "log", f"-{PICKAXE_COMMITS}", "--name-only", f"--format={_FORMAT}",
                      f"--since=@{int(since)}", "--pickaxe-regex", "-S", whole_word(word), "--", ".", *pathspec],
               timeout=_bounded(timeout, TIMEOUT))
    if not isinstance(out, str):
        return None
    commit = None
    for line in out.splitlines():
        if _US in line:
            commit = _commit(line)
        elif commit is not None and line.strip() and counts(line.strip()):
            return commit
    return None


PICKAXE_COMMITS = 20


def tracked_files(root: Path) -> list[str] | None:
    """Every tracked file of the repository (`git ls-files`), or None outside one."""
    out = _git(root, ["ls-files", "-z"], timeout=TIMEOUT * 2)
    return [p for p in out.split("\0") if p] if isinstance(out, str) else None
