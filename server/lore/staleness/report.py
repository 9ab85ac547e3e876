"""The staleness section of `lore doctor`: stale memories (code changed since written or verified,
names gone) and orphaned ones (anchors matching nothing), each with why, for a person to review."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from lore.staleness import git
from lore.staleness.checker import StalenessChecker, checkable
from lore.staleness.orphans import Workspace, orphaned
from lore.staleness.render import describe

if TYPE_CHECKING:
    from lore.memory import Memory

BUDGET_SECONDS = 60.0
_SKIP_DIRS = {".git", ".lore", "node_modules", ".venv", "venv", "__pycache__", "dist", "build"}


def workspace_files(root: Path) -> list[str]:
    """Tracked files, else every file under `root` outside vendored and build folders."""
    files = git.tracked_files(root)
    if files is not None:
        return files
    out = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS]
        rel = Path(folder).relative_to(root).as_posix()
        out += [n if rel == "." else f"{rel}/{n}" for n in names]
    return out


def staleness_report(root: Path, memories: list[Memory], budget: float = BUDGET_SECONDS) -> dict:
    """`{stale: [...], orphaned: [...], checked, unfinished}`; each entry names the memory and why."""
    checker = StalenessChecker(root)
    ws = Workspace(root, workspace_files(root))
    stale, orphans = [], []
    todo = [m for m in memories if checkable(m) and (m.anchors or m.kind.value in ("decision", "convention", "warning"))]
    todo.sort(key=lambda m: (m.kind.value != "decision", m.provenance.kind.value not in ("adr", "team-file")))
    start = time.monotonic()
    checked = 0
    for m in todo:
        if time.monotonic() - start > budget:
            break
        checked += 1
        gone = orphaned(ws, m) if m.anchors else []
        if gone:
            orphans.append(_entry(m) | {"anchors": gone})
        s = checker.check(m)
        if s is not None:
            stale.append(_entry(m) | {"why": describe(s, m.kind.value), "change": _change(s),
                                      "names_gone": s.names_gone})
    return {"stale": stale, "orphaned": orphans, "checked": checked, "unfinished": len(todo) - checked}


def _entry(m: Memory) -> dict:
    return {"id": m.id, "title": m.title, "kind": m.kind.value, "source": m.provenance.path}


def _change(s) -> dict | None:
    c = s.change
    if c is None:
        return None
    return {"commit": c.commit.sha, "at": c.commit.at, "subject": c.commit.subject, "path": c.path,
            "symbol": c.symbol}
