"""A task as a memory: kind `task`, source `git`, id from its commit, anchored to its files."""

from __future__ import annotations

import json
import time
from collections import Counter

from lore.memory import Anchor, Kind, Memory, Provenance, Scope, Section, SourceKind, Status
from lore.markup.scrub import scrub_memory
from lore.sources.parsed import short_title
from lore.history.tasks import Task
from lore.text import content_hash

MAX_FILE_ANCHORS = 30
MAX_PATHS_KEPT = 300  # a task anchored to folders keeps its files' own list up to this many (`meta["paths"]`)
MAX_WHY = 4000
MAX_COMMITS_LISTED = 20
SECTION_WHY = 1200
OWNED = ("pr", "commits", "at", "started", "type", "scope", "authors", "files", "reverts", "subject", "paths",
         "gone", "history_hash")
KEPT_ON_UPDATE = ("reverted_by", "reverted_title")
_USAGE = ("created_at", "last_surfaced_at", "surfaced_count", "used_count", "dismissed_count", "needs_review")


def task_id(task: Task) -> str:
    """The memory id of a task: the first 12 digits of the commit that names it (so `lore show <sha>` finds it)."""
    return task.key[:12]


def day(ts: int) -> str:
    """A commit time as YYYY-MM-DD (UTC)."""
    return time.strftime("%Y-%m-%d", time.gmtime(ts))


def anchors_for(files: list[str]) -> list[Anchor]:
    """Path anchors for a task's files; a sweeping change is anchored to its folders instead, those holding most
    of its files first. Never to the whole repository: a file at the root stays a file anchor (counting one), and
    a folder inside another folder kept is left to it."""
    files = [f for f in files if f and not f.startswith("/")]
    if len(files) <= MAX_FILE_ANCHORS:
        return [Anchor("path", f) for f in files]
    counts = Counter(f.rpartition("/")[0] for f in files)
    places = list(dict.fromkeys((f.rpartition("/")[0], True) if "/" in f else (f, False) for f in files))
    places.sort(key=lambda p: -counts[p[0]] if p[1] else -1)  # stable: ties keep the order of `files`
    kept: list[tuple[str, bool]] = []
    for path, folder in places:
        if len(kept) >= MAX_FILE_ANCHORS:
            break
        if folder and any(glob and path.startswith(k + "/") for k, glob in kept):
            continue
        if folder:
            kept = [(k, glob) for k, glob in kept if not (glob and k.startswith(path + "/"))]
        kept.append((path, folder))
    kept.sort(key=places.index)
    return [Anchor("path", f"{path}/**" if folder else path) for path, folder in kept]


def to_memory(task: Task, present: frozenset[str] | None = None) -> Memory:
    """The memory a task is stored as (secrets scrubbed). It is anchored to those of its files `present` holds
    (the files at HEAD; all when not given), or to their folders: a file deleted since, or a folder holding none of
    them any more, is no place to show the task, though its text names it and `meta["gone"]` keeps it for the deleted
    path's history (`store.history.tasks_at_paths`)."""
    label = task.type + (f"({task.scope})" if task.scope else "")
    head = " · ".join(x for x in (label, f"#{task.pr}" if task.pr else "", day(task.at),
                                   ", ".join(task.authors[:3])) if x)
    lines = [head, "", "Commits:"]
    lines += [f"- {c.sha[:10]} {c.subject}" for c in task.commits[:MAX_COMMITS_LISTED]]
    if len(task.commits) > MAX_COMMITS_LISTED:
        lines.append(f"- … and {len(task.commits) - MAX_COMMITS_LISTED} more")
    shown = task.files[:40]
    lines += ["", "Files: " + ", ".join(shown) + (f" (+{len(task.files) - len(shown)} more)" if len(task.files) > 40 else "")]
    why = task.why[:MAX_WHY].strip()
    title = short_title(task.title, 200) or task.key[:12]
    paths = [f for f in task.files if f and not f.startswith("/")]
    anchored = [f for f in paths if present is None or f in present]
    m = Memory(
        title=title, body="\n".join(lines), kind=Kind.TASK, rationale=why or None, status=Status.ACTIVE,
        scope=Scope.WORKSPACE, anchors=anchors_for(anchored),
        provenance=Provenance(SourceKind.GIT, None, None, commit=task.key, key=task.key),
        tags=["git", task.type], id=task_id(task), date=day(task.at),
        meta={"pr": task.pr, "commits": [c.sha[:12] for c in task.commits], "at": task.at, "started": task.started,
              "type": task.type, "scope": task.scope, "authors": task.authors[:5], "files": len(task.files),
              "reverts": list(task.reverts),
              "subject": next((c.subject for c in task.commits if c.sha == task.key), task.commits[0].subject)},
    )
    if len(anchored) > MAX_FILE_ANCHORS and len(paths) <= MAX_PATHS_KEPT:
        m.meta["paths"] = paths  # anchored to folders: which of their files it touched (`store.history.tasks_at_paths`)
    gone = [f for f in paths if present is not None and f not in present]
    if gone and len(gone) <= MAX_PATHS_KEPT:
        m.meta["gone"] = gone  # deleted since: no anchor, but still this task's in the path's history
    m.sections = [Section(None, f"{title}\n{why[:SECTION_WHY]}".strip(), None)]
    scrub_memory(m)
    m.meta["history_hash"] = fingerprint(m)
    return m.validate()


def fingerprint(m: Memory) -> str:
    """Hash of what an import writes on a task memory."""
    data = {"t": m.title, "b": m.body, "r": m.rationale, "a": [a.value for a in m.anchors], "g": sorted(m.tags),
            "d": m.date, "m": {k: m.meta[k] for k in OWNED if k != "history_hash" and k in m.meta}}
    return content_hash(json.dumps(data, sort_keys=True, default=str))


def merged(new: Memory, old: Memory) -> Memory | None:
    """`new` as the next version of the stored `old` (usage and user state kept), or None when the
    import would change nothing."""
    if old.meta.get("history_hash") == new.meta.get("history_hash") and old.status is not Status.DEPRECATED:
        return None
    for k in _USAGE:
        setattr(new, k, getattr(old, k))
    new.meta = {**{k: v for k, v in old.meta.items() if k not in OWNED}, **new.meta}
    if "reverted_by" in new.meta and "reverted" not in new.tags:
        new.tags = sorted({*new.tags, "reverted"})
    if old.meta.get("user_status"):
        new.status = old.status
    new.updated_at = time.time()
    return new


def mark_reverted(m: Memory, by: Memory) -> bool:
    """Note on `m` that task `by` reverted it; False when it already says so."""
    if m.meta.get("reverted_by") == by.id:
        return False
    m.meta["reverted_by"] = by.id
    m.meta["reverted_title"] = by.title
    m.tags = sorted({*m.tags, "reverted"})
    m.updated_at = time.time()
    return True
