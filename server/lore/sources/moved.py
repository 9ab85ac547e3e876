"""Where a file a decision links went: a link to a file of the project at an old commit
(`github.com/org/app/blob/265226b/app/services/edit_edition_service.rb`) names a file that existed
then; when that path is gone, the decision still governs the file it became.

In order, the first that answers:

1. the rename git recorded in the last commit touching the old path (followed through later
   renames), when the workspace has history;
2. the one file outside tests carrying the same name elsewhere (the file was moved), unless its name is one word
   (`types.ts`, `index.js`: a name many files take) and history shows the commit deleting it added no such file
   (Siteimprove/alfa's `alfa-dom/src/types.ts`, deleted in a rewrite, is not `alfa-xpath/src/types.ts`);
3. the one file beside where it was, with the same extension, whose name holds the old name's words
   in order with words added (`edit_edition_service.rb` -> `edit_draft_edition_service.rb`: renamed
   to say more); an old name of one word is too weak for this;
4. the one file the commit deleting it added, with the same extension, whose name keeps the old name's words but
   its last (`app/workers/recover_lost_jobs_worker.rb` -> `app/jobs/recover_lost_jobs_job.rb`: a small file git
   did not call renamed).

Anything else (the file was deleted, or several candidates) anchors nothing.

A folder a decision links (`[command-bus](../../packages/command-bus)`) that is gone went where git
last moved its files (`folder_moved_to`): every file the last commit touching it renamed out of it
lands in one folder under the same relative path (`packages/message-dispatch`), followed through
later renames; a folder whose files were deleted or scattered anchors nothing.

A path a record writes (`charts/model-serving/templates/_helpers.tpl`) that is gone is asked the same of history
(`renamed_in_history`, then `folder_moved_to`), but not guessed from names. History is read once per import
(`History`: one `git log` of the renames and deletions), so every such question costs a look-up.
"""

from __future__ import annotations

import logging
import posixpath
from functools import cached_property
from pathlib import Path, PurePosixPath

from lore.sources import gitrun, named
from lore.sources.layout import WorkspaceLayout

log = logging.getLogger(__name__)
HISTORY_TIMEOUT = 30  # one `git log` of the whole history, for a workspace's import
MAX_HOPS = 5


def moved_to(path: str, layout: WorkspaceLayout, history: History) -> tuple[str, str] | None:
    """(the path a vanished file has now, how it was found), or None."""
    new = renamed_in_history(path, layout, history)
    if new:
        return new, "renamed"
    name = PurePosixPath(path).name
    same = [f for f in layout.files if PurePosixPath(f).name == name and not named.TEST_PATH.search(f)
            and not layout.vendored(f)]
    if len(same) == 1 and not _deleted_outright(path, same[0], history):
        return same[0], "moved"
    near = renamed_in_place(path, layout) or replaced_in_commit(path, layout, history)
    return (near, "renamed") if near else None


def _deleted_outright(path: str, namesake: str, history: History) -> bool:
    """Whether a file of a one-word name was deleted, as history tells, by a commit that did not add `namesake`: the
    one file so named now is another file, not the old one moved."""
    return len(named.name_parts(PurePosixPath(path).stem)) <= 1 and history.deleted(path) \
        and namesake not in history.added_with(path)


def replaced_in_commit(path: str, layout: WorkspaceLayout, history: History) -> str | None:
    """The one file, with the same extension, that the commit deleting `path` added, whose name keeps every word of
    the old name but the last, two or more of them (`recover_lost_jobs_worker.rb` -> `recover_lost_jobs_job.rb`: a
    file git did not call renamed, too small to compare), when it exists now (see the module docstring, 4)."""
    old = PurePosixPath(path)
    words = named.name_parts(old.stem)
    if len(words) < 3:
        return None
    found = [f for f in history.added_with(path) if f.endswith(old.suffix) and f in layout.files
             and named.name_parts(PurePosixPath(f).stem)[:-1] == words[:-1]]
    return found[0] if len(found) == 1 else None


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


def renamed_in_history(path: str, layout: WorkspaceLayout, history: History) -> str | None:
    """The file git last renamed `path` to, followed through later renames, when it exists; None without history."""
    found = _follow(path, history.renamed, layout.exists)
    return found if found not in (None, path) and found in layout.files else None


def folder_moved_to(path: str, layout: WorkspaceLayout, history: History) -> str | None:
    """The folder a vanished folder's files were all moved to, followed through later renames, when it
    exists; None without history or when its files went several ways or nowhere."""
    found = _follow(path, history.folder_renamed, layout.dirs.__contains__)
    return found if found not in (None, path) and found in layout.dirs else None


def _follow(path: str, step, here) -> str | None:
    """Where `step` (the rename of a path by the last commit touching it) leads from `path`, hop by hop up
    to `MAX_HOPS` or to a path `here` in the workspace; `path` itself when nothing renamed it."""
    current, seen = path, {path}
    for _ in range(MAX_HOPS):
        nxt = step(current)
        if nxt is None or nxt in seen:
            break
        current = nxt
        seen.add(nxt)
        if here(current):
            break
    return current


class History:
    """The renames and deletions git recorded, read once on the first question (one `git log` over the whole
    history): the newest commit removing a path that is gone is the last commit touching it. Empty without
    history, or when git fails or takes longer than `HISTORY_TIMEOUT`."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.cut_short: str | None = None  # how far git read when it stopped part-way, and why
        self._added: dict[str, list[str]] = {}

    def added_with(self, path: str) -> list[str]:
        """The files added by the commit that deleted `path` (its last removal, not a rename); [] otherwise."""
        sha = self._read[3].get(path)
        if sha is None:
            return []
        if sha not in self._added:
            got = gitrun.output(self.root, "-c", "core.quotepath=false", "show", "-M", "--diff-filter=A", "--name-only",
                                "--format=", sha)
            self._added[sha] = [line for line in (got or "").splitlines() if line]
        return self._added[sha]

    def deleted(self, path: str) -> bool:
        """Whether history records the last removal of `path` as a deletion (not a rename)."""
        return path in self._read[3]

    def renamed(self, path: str) -> str | None:
        """Where the last commit touching `path` renamed it to."""
        return self._read[0].get(path)

    def folder_renamed(self, path: str) -> str | None:
        """The one folder the last commit touching folder `path` moved its files to, each under the same relative
        path."""
        _, last, commits, _ = self._read
        if path not in last:
            return None
        prefix, targets = path + "/", set()
        for old, new in commits[last[path]]:
            if old.startswith(prefix):
                rest = old[len(prefix):]
                targets.add(new[:-len(rest) - 1] if new.endswith("/" + rest) else None)
        return targets.pop() if len(targets) == 1 else None

    @cached_property
    def _read(self) -> tuple[dict[str, str], dict[str, int], list[list[tuple[str, str]]], dict[str, str]]:
        """(file -> where its last removal renamed it, folder -> the newest commit removing a file under it,
        each commit's renames, file -> the commit that last removed it by deleting it), commits numbered newest
        first."""
        renamed: dict[str, str] = {}
        deleted: dict[str, str] = {}
        removed: set[str] = set()
        last: dict[str, int] = {}
        commits: list[list[tuple[str, str]]] = []
        for number, (sha, changes) in enumerate(self._log()):
            commits.append([(old, new) for old, new in changes if new is not None])
            for old, new in changes:
                if old not in removed:
                    removed.add(old)
                    if new is not None:
                        renamed[old] = new
                    else:
                        deleted[old] = sha
                folder = posixpath.dirname(old)
                while folder and folder not in last:
                    last[folder] = number
                    folder = posixpath.dirname(folder)
        return renamed, last, commits, deleted

    def _log(self) -> list[tuple[str, list[tuple[str, str | None]]]]:
        """Each commit, newest first: its hash and its removals, (old path, new path of a rename or None for a
        deletion). When git
        stops part-way (a partial clone lacking a blob an older commit's renames need, or out of time), the commits
        it listed before are kept, and the history is marked `cut_short`."""
        if not (self.root / ".git").exists():
            return []
        got = gitrun.output_so_far(self.root, "-c", "core.quotepath=false", "log", "-M", "--diff-filter=RD",
                                   "--name-status", "--format=%x1e%H", "HEAD", "--", timeout=HISTORY_TIMEOUT)
        if got is None:
            return []
        records = got.text.split("\x1e")[1:]
        if got.timed_out:
            records = records[:-1]  # the last commit may be listed in part
        if got.stopped and records:
            self.cut_short = f"read up to {len(records)} commit{'' if len(records) == 1 else 's'}: git {got.stopped}"
            log.info("rename history of %s cut short, %s", self.root, self.cut_short)
        elif got.stopped:
            log.info("git history of %s: %s", self.root, got.stopped)
        return [(record.split("\n", 1)[0].strip(),
                 [(cols[1], cols[2] if cols[0].startswith("R") else None)
                  for cols in (line.split("\t") for line in record.splitlines())
                  if (len(cols) == 3 and cols[0].startswith("R")) or (len(cols) == 2 and cols[0] == "D")])
                for record in records]
