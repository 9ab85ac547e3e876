"""Who decided a team memory and in which pull request, read from git: the author of the commit that
added its file, and the pull request that brought that commit into the checked-out line (a squash
merge's subject "Title (#12)", or a merge commit's "Merge pull request #12 from ...").

Recorded in the database (`meta["decided"]`, per clone, never in the file) when HEAD moves; shown
by `lore show` and `lore review`.
"""

from __future__ import annotations

import re
from pathlib import Path

from lore.team import gitmoves
from lore.memory import Scope

DECIDED = "decided"
_PR = (re.compile(r"^Merge pull request #(\d+)\b"), re.compile(r"\(#(\d+)\)\s*$"),
       re.compile(r"^Merged in .*\(pull request #(\d+)\)"), re.compile(r"See merge request \S*!(\d+)"))
_SEP = "\x1f"
_FORMAT = f"--format=%x00%H{_SEP}%an{_SEP}%ae{_SEP}%aI{_SEP}%s"


def pr_number(subject: str) -> int | None:
    """The pull request a commit subject names ("Merge pull request #12 ...", "Title (#12)"), or None."""
    for pattern in _PR:
        m = pattern.search(subject)
        if m:
            return int(m.group(1))
    return None


def _added(root: Path, folder: str, span: str, *more: str) -> dict[str, dict] | None:
    """path -> the newest commit in `span` that added it below `folder`; None when git fails."""
    out = gitmoves.run_git(root, "log", "--diff-filter=A", "--name-only", "--relative", "--no-renames", _FORMAT,
                           *more, span, "--", folder)
    if out is None:
        return None
    found: dict[str, dict] = {}
    for chunk in out.decode("utf-8", "replace").split("\0")[1:]:
        head, _, names = chunk.partition("\n")
        parts = head.split(_SEP)
        if len(parts) != 5:
            continue
        sha, name, email, date, subject = parts
        for path in filter(None, (n.strip() for n in names.splitlines())):
            found.setdefault(path, {"commit": sha, "by": f"{name} <{email}>", "at": date, "subject": subject})
    return found


def decided(root: Path, folder: str, since: str | None = None) -> dict[str, dict]:
    """path -> {"by", "at", "commit", "pr"} for the files added below `folder` in the checked-out
    history, or only in the commits since `since` (two `git log` runs in all); {} outside a repository."""
    span = f"{since}..HEAD" if since else "HEAD"
    authored = _added(root, folder, span)
    if authored is None and since:  # the commit last seen is gone (history rewritten): read it all
        span = "HEAD"
        authored = _added(root, folder, span)
    if not authored:
        return {}
    mainline = _added(root, folder, span, "--first-parent", "-m") or {}
    out = {}
    for path, c in authored.items():
        pr = pr_number(c["subject"])
        if pr is None and path in mainline:
            pr = pr_number(mainline[path]["subject"])
        out[path] = {"by": c["by"], "at": c["at"], "commit": c["commit"], "pr": pr}
    return out


def describe(info: dict | None) -> str | None:
    """"Dana <dana@example.com>, 2026-03-01, commit 1a2b3c4, PR #12" (None when nothing is known)."""
    if not info:
        return None
    parts = [info.get("by") or "", (info.get("at") or "")[:10], f"commit {(info.get('commit') or '')[:7]}"]
    if info.get("pr"):
        parts.append(f"PR #{info['pr']}")
    return ", ".join(p for p in parts if p)


def record(lore, folder: str, since: str | None = None) -> int:
    """Note who decided each team memory that has no record yet, from the commits since `since`
    (the commit last seen: files new to this clone were added there) or the whole history when
    None; how many were recorded."""

    missing = [m for m in lore.list(scopes=[Scope.TEAM], limit=10**9)
               if m.provenance.path and m.provenance.path.startswith(folder) and DECIDED not in m.meta]
    if not missing:
        return 0
    known = decided(lore.root, folder, since)
    done = 0
    for m in missing:
        info = known.get(m.provenance.path or "")
        if info is None:
            continue  # not committed yet: asked again when HEAD next moves
        with lore.store.transaction():
            fresh = lore.store.memories.get(m.id)
            if fresh is None:
                continue
            fresh.meta[DECIDED] = info
            lore.store.memories.update(fresh, reindex=False)
        done += 1
    return done
