"""Where a file a decision links went: a link to a file of the project at an old commit
(`github.com/org/app/blob/265226b/app/services/edit_edition_service.rb`) names a file that existed
then; when that path is gone, the decision still governs the file it became.

In order, the first that answers:

1. the rename git recorded in the last commit touching the old path (followed through later
   renames), when the workspace has history;
2. the one file outside tests carrying the same name elsewhere (the file was moved);
3. the one file beside where it was, with the same extension, whose name holds the old name's words
   in order with words added (`edit_edition_service.rb` -> `edit_draft_edition_service.rb`: renamed
   to say more); an old name of one word is too weak for this.

Anything else (the file was deleted, or several candidates) anchors nothing.

A folder a decision links (`[command-bus](../../packages/command-bus)`) that is gone went where git
last moved its files (`folder_moved_to`): every file the last commit touching it renamed out of it
lands in one folder under the same relative path (`packages/message-dispatch`), followed through
later renames; a folder whose files were deleted or scattered anchors nothing.
"""

from __future__ import annotations

import logging
import subprocess
from pathlib import Path, PurePosixPath

from lore.sources import named
from lore.sources.layout import WorkspaceLayout

log = logging.getLogger(__name__)
GIT_TIMEOUT = 5
MAX_HOPS = 5


def moved_to(path: str, layout: WorkspaceLayout, root: Path) -> tuple[str, str] | None:
    """(the path a vanished file has now, how it was found), or None."""
    new = renamed_in_history(path, root)
    if new and layout.exists(new):
        return new, "renamed"
    name = PurePosixPath(path).name
    same = [f for f in layout.files if PurePosixPath(f).name == name and not named.TEST_PATH.search(f)
            and not layout.vendored(f)]
    if len(same) == 1:
        return same[0], "moved"
    near = renamed_in_place(path, layout)
    return (near, "renamed") if near else None


def renamed_in_place(path: str, layout: WorkspaceLayout) -> str | None:
    """The one file in the old file's folder, same extension, whose name's words hold the old name's
    words in order with at least one more (see the module docstring, 3)."""
    old = PurePosixPath(path)
    words = named.name_parts(old.stem)
    if len(words) < 2:
        return None
    folder = str(old.parent) if str(old.parent) != "." else ""
    prefix = folder + "/" if folder else ""
    found = []
    for f in layout.files:
        if not f.startswith(prefix) or "/" in f[len(prefix):] or not f.endswith(old.suffix):
            continue
        have = named.name_parts(PurePosixPath(f).stem)
        rest = iter(have)
        if len(have) > len(words) and all(w in rest for w in words):
            found.append(f)
    return found[0] if len(found) == 1 else None


def renamed_in_history(path: str, root: Path) -> str | None:
    """The path git last renamed `path` to, followed through later renames; None without history."""
    found = _follow(path, root, _renamed_by_last_commit)
    return None if found == path else found


def folder_moved_to(path: str, layout: WorkspaceLayout, root: Path) -> str | None:
    """The folder a vanished folder's files were all moved to, followed through later renames, when it
    exists; None without history or when its files went several ways or nowhere."""
    found = _follow(path, root, _folder_renamed_by_last_commit)
    return found if found not in (None, path) and found in layout.dirs else None


def _follow(path: str, root: Path, step) -> str | None:
    """Where `step` (the rename of a path by the last commit touching it) leads from `path`, hop by hop up
    to `MAX_HOPS`; `path` itself when nothing renamed it; None without history."""
    root = Path(root)
    if not (root / ".git").exists():
        return None
    current, seen = path, {path}
    for _ in range(MAX_HOPS):
        nxt = step(current, root)
        if nxt is None or nxt in seen:
            break
        current = nxt
        seen.add(nxt)
    return current


def _last_renames(path: str, root: Path) -> list[tuple[str, str]]:
    """(old path, new path) of each rename in the last commit touching `path`: that commit's whole diff is
    read (a diff limited to the old path shows a deletion, never the rename)."""
    try:
        last = _git(root, "log", "-n", "1", "--format=%H", "--", path).strip()
        if not last:
            return []
        out = _git(root, "show", "-M", "--name-status", "--format=", last)
    except (OSError, subprocess.SubprocessError) as e:
        log.info("git history of %s: %s", path, e)
        return []
    return [(cols[1], cols[2]) for cols in (line.split("\t") for line in out.splitlines())
            if len(cols) == 3 and cols[0].startswith("R")]


def _renamed_by_last_commit(path: str, root: Path) -> str | None:
    """Where the last commit touching `path` renamed it to."""
    return next((new for old, new in _last_renames(path, root) if old == path), None)


def _folder_renamed_by_last_commit(path: str, root: Path) -> str | None:
    """The one folder the last commit touching `path` moved its files to, each under the same relative path."""
    prefix, targets = path + "/", set()
    for old, new in _last_renames(path, root):
        if old.startswith(prefix):
            rest = old[len(prefix):]
            targets.add(new[:-len(rest) - 1] if new.endswith("/" + rest) else None)
    return targets.pop() if len(targets) == 1 else None


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=GIT_TIMEOUT,
                          check=True).stdout
