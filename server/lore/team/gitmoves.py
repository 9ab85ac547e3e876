"""What git says moved between two commits: renamed files, folders moved whole, and the old and new
text of changed files, read from git's objects (never from the working tree or an editor buffer).

Used to re-anchor team memories after a pull (lore.team.reanchor); every answer depends on the two
commits alone, so every clone asking about the same pair gets the same one.
"""

from __future__ import annotations

import logging
import subprocess
from pathlib import Path

import attrs

log = logging.getLogger(__name__)
GIT_TIMEOUT = 30


def git_dir(root: Path) -> Path | None:
    """The git directory of the repository holding `root` (`.git`, or where a worktree's `.git` file
    points), looked for in `root` and its parents; None outside a repository."""
    for folder in (root, *root.parents):
        dot = folder / ".git"
        if dot.is_dir():
            return dot
        if dot.is_file():
            try:
                line = dot.read_text(encoding="utf-8", errors="replace").strip()
            except OSError:
                return None
            if not line.startswith("gitdir:"):
                return None
            target = Path(line[len("gitdir:"):].strip())
            return target if target.is_absolute() else (folder / target).resolve()
    return None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return None


def head_commit(root: Path) -> str | None:
    """The commit checked out, read from git's files without running git (cheap enough for every
    command); None outside a repository, before the first commit, or when the refs cannot be read."""
    gd = git_dir(root)
    if gd is None:
        return None
    head = _read(gd / "HEAD")
    if not head:
        return None
    if not head.startswith("ref:"):
        return head if len(head) >= 40 else None
    ref = head[4:].strip()
    common = _read(gd / "commondir")
    shared = (gd / common).resolve() if common else gd
    for folder in dict.fromkeys((gd, shared)):
        value = _read(folder / ref)
        if value:
            return value
    packed = _read(shared / "packed-refs") or ""
    for line in packed.splitlines():
        sha, _, name = line.partition(" ")
        if name == ref:
            return sha
    return None


IN_PROGRESS = ("MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "BISECT_LOG", "rebase-merge", "rebase-apply")


def settled(root: Path) -> bool:
    """Whether the clone is on a branch with no merge, rebase, cherry-pick, revert or bisect under
    way: only then are team files rewritten (a detached HEAD or an operation in progress moves
    HEAD through commits that a person has not chosen to stay on)."""
    gd = git_dir(root)
    if gd is None:
        return False
    head = _read(gd / "HEAD") or ""
    return head.startswith("ref:") and not any((gd / name).exists() for name in IN_PROGRESS)


def run_git(root: Path, *args: str, stdin: bytes | None = None) -> bytes | None:
    """git's output in `root`, or None when git fails or is missing."""
    try:
        done = subprocess.run(["git", "-C", str(root), *args], input=stdin, capture_output=True,
                              timeout=GIT_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError) as e:
        log.debug("git %s failed: %s", args[0], e)
        return None
    return done.stdout if done.returncode == 0 else None


@attrs.define
class Moves:
    """The changes between two commits, paths relative to the workspace folder."""

    renamed: dict[str, str] = attrs.field(factory=dict)  # old path -> new path
    changed: dict[str, str] = attrs.field(factory=dict)  # old path -> new path of modified or renamed files
    gone: set[str] = attrs.field(factory=set)  # deleted paths


def moves(root: Path, old: str, new: str) -> Moves | None:
    """What moved from commit `old` to commit `new` (git's rename detection, `-M`); None when git
    cannot tell (a commit no longer exists, git is missing)."""
    out = run_git(root, "diff", "--name-status", "-z", "-M", "--relative", old, new, "--")
    if out is None:
        return None
    fields = out.decode("utf-8", "surrogateescape").split("\0")
    result = Moves()
    i = 0
    while i < len(fields) and fields[i]:
        status = fields[i]
        if status[:1] in "RC":
            a, b = fields[i + 1], fields[i + 2]
            i += 3
            if status[0] == "R":
                result.renamed[a] = b
                result.changed[a] = b
            continue
        path = fields[i + 1]
        i += 2
        if status[:1] == "M":
            result.changed[path] = path
        elif status[:1] == "D":
            result.gone.add(path)
    return result


def files_under(root: Path, commit: str, folder: str) -> list[str] | None:
    """The files below `folder` at `commit` (workspace-relative), None when git cannot tell."""
    out = run_git(root, "ls-tree", "-r", "-z", "--name-only", "--full-tree", commit, "--", folder)
    if out is None:
        return None
    prefix = run_git(root, "rev-parse", "--show-prefix")
    lead = (prefix or b"").decode("utf-8", "surrogateescape").strip()
    names = [n for n in out.decode("utf-8", "surrogateescape").split("\0") if n]
    return [n[len(lead):] for n in names if n.startswith(lead)]


def blobs(root: Path, wanted: list[tuple[str, str]]) -> dict[tuple[str, str], bytes]:
    """The contents of `(commit, path)` pairs, read in one `git cat-file --batch`; pairs git does
    not have are left out."""
    if not wanted:
        return {}
    prefix = (run_git(root, "rev-parse", "--show-prefix") or b"").decode("utf-8", "surrogateescape").strip()
    query = "".join(f"{commit}:{prefix}{path}\n" for commit, path in wanted).encode("utf-8", "surrogateescape")
    out = run_git(root, "cat-file", "--batch", stdin=query)
    if out is None:
        return {}
    found: dict[tuple[str, str], bytes] = {}
    pos = 0
    for key in wanted:
        end = out.find(b"\n", pos)
        if end < 0:
            break
        header = out[pos:end].split(b" ")
        pos = end + 1
        if len(header) != 3 or header[1] != b"blob":
            continue  # "<name> missing", or a tree
        size = int(header[2])
        found[key] = out[pos:pos + size]
        pos += size + 1
    return found
