"""The commit that first brought a file into git, followed through the renames since, and what it tells of a decision
record: the day (for a record that writes no date of its own, when the team wrote it down, as near as the repository
knows; shown beside the record as "in git since", never taken for the record's own date, which orders records and is
what the record says), and the other files that commit changed (`committed_with`): a record committed with the code it
decides on names the places a person may anchor it to, offered, never shown on the code unasked."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from lore.sources import gitrun
from lore.sources.named import TEST_PATH

TIMEOUT = 10.0
_US = "\x1f"


def added_days(root: Path, paths: list[str]) -> dict[str, str]:
    """`{path: ISO day}` of the oldest commit adding each of `paths` (see `first_commits`)."""
    return {p: day for p, (day, _) in first_commits(root, paths).items()}


def first_commits(root: Path, paths: list[str]) -> dict[str, tuple[str, str]]:
    """`{path: (ISO day, commit)}` of the oldest commit adding each of `paths`, following the renames since (a record
    in `doc/arch/` that a later commit moved to `docs/arch/` counts from its first commit in `doc/arch/`); one `git log`
    over the history of files named like them. Paths git never added, or all of them when git is missing, fails or
    takes longer than `TIMEOUT`, are left out."""
    if not paths:
        return {}
    suffixes = sorted({PurePosixPath(p).suffix.lower() for p in paths if PurePosixPath(p).suffix})
    spec = [f":(glob,icase)**/*{s}" for s in suffixes] if len(suffixes) <= 8 and all(
        PurePosixPath(p).suffix for p in paths) else ["."]
    out = gitrun.output(root, "-c", "core.quotePath=false", "log", "-M", "--diff-filter=AR", "--name-status",
                        f"--format={_US}%cs %H", "--", *spec, timeout=TIMEOUT)
    if out is None:
        return {}
    wanted, found, day, commit = set(paths), {}, None, ""
    now: dict[str, str] = {}  # a path as an older commit wrote it -> the path it has now
    for line in out.splitlines():
        if line.startswith(_US):
            day, _, commit = line[1:].strip().partition(" ")
            continue
        fields = line.split("\t")
        if not day or len(fields) < 2:
            continue
        if fields[0].startswith("R") and len(fields) == 3:
            now[fields[1]] = now.get(fields[2], fields[2])
        elif fields[0] == "A":
            current = now.get(fields[1], fields[1])
            if current in wanted:
                found[current] = (day, commit)  # newest first: the last one seen is the oldest addition
    return found


MAX_CHANGED = 30  # files a commit changes beyond which it is a sweep (a first import, a reformat), not one change
_SHOW_CHUNK = 200


def changed_files(root: Path, commits: list[str]) -> dict[str, list[str]]:
    """`{commit: [path, …]}`: the files each of `commits` changed, as its paths were then (renames not followed),
    for the commits changing at most `MAX_CHANGED` files; a merge lists none. Git asked once per `_SHOW_CHUNK`
    commits; nothing when it is missing, fails or takes longer than `TIMEOUT`."""
    out: dict[str, list[str]] = {}
    unique = sorted(set(c for c in commits if c))
    for i in range(0, len(unique), _SHOW_CHUNK):
        text = gitrun.output(root, "-c", "core.quotePath=false", "log", "--no-walk=unsorted", "--no-renames",
                             "--name-only", f"--format={_US}%H", *unique[i:i + _SHOW_CHUNK], timeout=TIMEOUT)
        if text is None:
            return out
        commit, files = None, []
        for line in text.splitlines() + [_US]:
            if line.startswith(_US):
                if commit and 0 < len(files) <= MAX_CHANGED:
                    out[commit] = files
                commit, files = line[1:].strip(), []
            elif line.strip():
                files.append(line.strip())
    return out


# Files that name only dependencies and their versions, or are pictures or pages: no code a record decides on.
_NOT_CODE = (".md", ".mdx", ".markdown", ".txt", ".rst", ".adoc", ".png", ".svg", ".jpg", ".jpeg", ".gif", ".webp",
             ".pdf", ".ico", ".drawio", ".excalidraw", ".snap")
_IGNORE_FILE = re.compile(r"\.\w*ignore")  # `.gitignore`, `.prettierignore`: what a tool skips, touched in passing
_LOCKS = frozenset({"package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock", "bun.lockb",
                    "go.sum", "Cargo.lock", "poetry.lock", "uv.lock", "pdm.lock", "Pipfile.lock", "Gemfile.lock",
                    "composer.lock", "mix.lock", "packages.lock.json", "gradle.lockfile"})


def committed_with(record: str, firsts: dict[str, tuple[str, str]], changed: dict[str, list[str]],
                   records: set[str], here: Callable[[str], bool]) -> tuple[str, list[str]] | None:
    """(commit, files) of the code the commit adding `record` changed beside it (`changed_files`), for a commit that
    added no other record (two records committed with code cannot say which decided on what; a folder's index or
    template is none, `_folder_page`): files still `here` (in the workspace, outside vendored folders), neither
    pages nor pictures nor lock or ignore files, the code before its tests; None when there are none."""
    day_commit = firsts.get(record)
    if day_commit is None or not day_commit[1]:
        return None
    commit = day_commit[1]
    if sum(1 for r in records if r != record and firsts.get(r, ("", ""))[1] == commit and not _folder_page(r)):
        return None
    files = [f for f in changed.get(commit, []) if f != record and f not in records and here(f)
             and not f.lower().endswith(_NOT_CODE) and not _IGNORE_FILE.fullmatch(PurePosixPath(f).name)
             and PurePosixPath(f).name not in _LOCKS]
    files.sort(key=lambda f: bool(TEST_PATH.search(f)))  # the code first, its tests after
    return (commit, files) if files else None


_FOLDER_PAGES = frozenset({"readme", "index", "_index", "toc", "summary", "contents"})


def _folder_page(rel: str) -> bool:
    """Whether a page of a records' folder is the folder's index or a template (`docs/adr/README.md`,
    `template.md`), not a record: added with the first record, it leaves that record the commit's one."""
    stem = PurePosixPath(rel).stem.lower()
    return stem in _FOLDER_PAGES or "template" in stem
