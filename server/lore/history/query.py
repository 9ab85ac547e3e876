"""`history_for`: the tasks that touched a file, folder or symbol, and a one-line summary of them."""

from __future__ import annotations

import re
import time
from pathlib import Path

import attrs

from lore.history import gitlog
from lore.memory import Memory
from lore.sources.parsed import short_title
from lore.store import history as q

YEAR = 365 * 86400
_IDENT = re.compile(r"^[A-Za-z_$][\w$]*(?:[.:#][A-Za-z_$][\w$]*)*$")


@attrs.define
class History:
    """What the history says about one place."""

    target: str
    kind: str  # "path" | "symbol"
    paths: list[str]
    tasks: list[Memory]
    total: int
    summary: str

    def to_json(self) -> dict:
        """Plain JSON data (tasks newest first)."""
        return {"target": self.target, "kind": self.kind, "paths": self.paths, "summary": self.summary,
                "total": self.total, "tasks": [task_json(m) for m in self.tasks]}


def task_json(m: Memory) -> dict:
    """One task memory as JSON."""
    return {"id": m.id, "title": m.title, "date": m.date, "type": m.meta.get("type"), "pr": m.meta.get("pr"),
            "commits": m.meta.get("commits", []), "authors": m.meta.get("authors", []), "why": m.rationale or "",
            "reverted_by": m.meta.get("reverted_by"), "files": [a.value for a in m.anchors if a.kind == "path"][:20]}


def history_for(lore, target: str, limit: int = 10, now: float | None = None) -> History:
    """Tasks for a workspace-relative path (file or folder) or a symbol name, newest first."""
    target = target.strip().replace("\\", "/").strip("/")
    root = Path(lore.root)
    db = lore.store.db
    kind, paths = "path", [target]
    ids = q.tasks_at_paths(db, paths) if target else []
    if not ids and target and not (root / target).exists() and _IDENT.match(target):
        kind = "symbol"
        name = re.split(r"[.:#]", target)[-1]
        paths = list(dict.fromkeys([*q.symbol_files(db, target), *q.symbol_files(db, name), *_defining_files(root, name)]))
        ids = list(dict.fromkeys([*q.tasks_at_paths(db, paths), *q.tasks_mentioning(db, name)]))
    tasks = sorted(lore.store.memories.many(ids).values(), key=lambda m: m.meta.get("at") or 0, reverse=True)
    return History(target, kind, paths, tasks[:max(1, limit)], len(tasks), summary_line(tasks, now))


def file_line(lore, path: str, now: float | None = None) -> tuple[int, str | None]:
    """A file's history in one line for hovers, with the history generation it was read at (the
    database's anchor generation: it moves when tasks are imported or their anchors change);
    None when no task touched the file."""
    generation = lore.store.anchor_generation()
    path = path.strip().replace("\\", "/").strip("/")
    ids = q.tasks_at_paths(lore.store.db, [path]) if path else []
    if not ids:
        return generation, None
    tasks = sorted(lore.store.memories.many(ids).values(), key=lambda m: m.meta.get("at") or 0, reverse=True)
    return generation, summary_line(tasks, now) if tasks else None


def summary_line(tasks: list[Memory], now: float | None = None) -> str:
    """"changed 3× this year; last: 'Move the job queue to SKIP LOCKED' (#1234, 2024-03)"."""
    if not tasks:
        return "no recorded changes"
    now = time.time() if now is None else now
    recent = sum(1 for m in tasks if (m.meta.get("at") or 0) >= now - YEAR)
    last = tasks[0]
    where = ", ".join(x for x in (f"#{last.meta['pr']}" if last.meta.get("pr") else "", (last.date or "")[:7]) if x)
    oldest = (tasks[-1].date or "")[:7]
    count = f"changed {recent}× this year" if recent else f"changed {len(tasks)}× since {oldest} (not this year)"
    if recent and recent < len(tasks):
        count += f" ({len(tasks)}× since {oldest})"
    reverted = " — reverted" if last.meta.get("reverted_by") else ""
    return f"{count}; last: '{short_title(last.title, 80)}' ({where}){reverted}"


def _defining_files(root: Path, name: str) -> list[str]:
    """Files that define `name` (a definition keyword before it), found with `git grep`."""
    if not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
        return []
    pattern = (r"(def|class|func|function|type|interface|struct|enum|trait|const|let|var|fn|impl)\s+"
               r"(\([^)]*\)\s*)?" + re.escape(name) + r"\b")
    out = gitlog.git(root, "grep", "-l", "-I", "-E", pattern, "--", ".")
    return [line for line in (out or "").splitlines() if line][:20]
