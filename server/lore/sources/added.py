"""The day git first holds a file: for a decision record that writes no date of its own, when the team wrote it down,
as near as the repository knows (its first commit there; a record moved with `git mv` counts from the move). Shown
beside the record as "in git since", never taken for the record's own date, which orders records and is what the
record says."""

from __future__ import annotations

from pathlib import Path

from lore.sources import gitrun

TIMEOUT = 10.0
_US = "\x1f"


def added_days(root: Path, paths: list[str]) -> dict[str, str]:
    """`{path: ISO day}` of the oldest commit adding each of `paths` (one `git log` for them all); paths git never
    added, or all of them when git is missing, fails or takes longer than `TIMEOUT`, are left out."""
    if not paths:
        return {}
    out = gitrun.output(root, "-c", "core.quotePath=false", "log", "--diff-filter=A", "--no-renames",
                        f"--format={_US}%cs", "--name-only", "--", *paths, timeout=TIMEOUT)
    if out is None:
        return {}
    wanted, found, day = set(paths), {}, None
    for line in out.splitlines():
        if line.startswith(_US):
            day = line[1:].strip()
        elif day and line in wanted:
            found[line] = day  # newest first: the last one seen is the oldest addition
    return found
