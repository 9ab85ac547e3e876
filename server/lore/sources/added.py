"""The day git first holds a file: for a decision record that writes no date of its own, when the team wrote it down,
as near as the repository knows (its first commit, followed through the renames since). Shown
beside the record as "in git since", never taken for the record's own date, which orders records and is what the
record says."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from lore.sources import gitrun

TIMEOUT = 10.0
_US = "\x1f"


def added_days(root: Path, paths: list[str]) -> dict[str, str]:
    """`{path: ISO day}` of the oldest commit adding each of `paths`, following the renames since (a record in
    `doc/arch/` that a later commit moved to `docs/arch/` counts from its first commit in `doc/arch/`); one `git log`
    over the history of files named like them. Paths git never added, or all of them when git is missing, fails or
    takes longer than `TIMEOUT`, are left out."""
    if not paths:
        return {}
    suffixes = sorted({PurePosixPath(p).suffix.lower() for p in paths if PurePosixPath(p).suffix})
    spec = [f":(glob,icase)**/*{s}" for s in suffixes] if len(suffixes) <= 8 and all(
        PurePosixPath(p).suffix for p in paths) else ["."]
    out = gitrun.output(root, "-c", "core.quotePath=false", "log", "-M", "--diff-filter=AR", "--name-status",
                        f"--format={_US}%cs", "--", *spec, timeout=TIMEOUT)
    if out is None:
        return {}
    wanted, found, day = set(paths), {}, None
    now: dict[str, str] = {}  # a path as an older commit wrote it -> the path it has now
    for line in out.splitlines():
        if line.startswith(_US):
            day = line[1:].strip()
            continue
        fields = line.split("\t")
        if not day or len(fields) < 2:
            continue
        if fields[0].startswith("R") and len(fields) == 3:
            now[fields[1]] = now.get(fields[2], fields[2])
        elif fields[0] == "A":
            current = now.get(fields[1], fields[1])
            if current in wanted:
                found[current] = day  # newest first: the last one seen is the oldest addition
    return found
