"""Queries over task memories read from git history (source kind `git`)."""

from __future__ import annotations

import json

from lore.store.db import Database

_GIT_TASK = "SELECT id FROM memories WHERE source_kind = 'git' AND kind = 'task'"
_META = "CASE WHEN json_valid(m.meta) THEN m.meta ELSE '{}' END"  # a memory `m`'s meta, never a malformed one


def tasks_at_paths(db: Database, paths: list[str]) -> list[str]:
    """Ids of git tasks anchored to any of `paths`, to a file under one of them (a folder), or to a
    `folder/**` glob covering one of them; a task anchored to folders that keeps the list of its files
    (`meta.paths`) only when one of them is the path or under it; and tasks that touched files deleted since, which
    they keep unanchored (`meta.gone`), for a deleted path or a folder that held it."""
    ids: dict[str, None] = {}
    for path in paths:
        path = path.strip("/")
        rows = db.query(
            "SELECT DISTINCT a.memory_id FROM anchors a JOIN memories m ON m.id = a.memory_id WHERE a.kind = 'path' "
            f"AND a.memory_id IN ({_GIT_TASK}) AND (a.value = ? OR substr(a.value, 1, ?) = ? OR "
            "(a.value LIKE '%/**' AND substr(?, 1, length(a.value) - 2) = substr(a.value, 1, length(a.value) - 2) "
            f"AND (json_type({_META}, '$.paths') IS NULL OR EXISTS (SELECT 1 FROM json_each({_META}, '$.paths') p "
            "WHERE p.value = ? OR substr(p.value, 1, ?) = ?))))",
            (path, len(path) + 1, path + "/", path + "/", path, len(path) + 1, path + "/"),
        )
        ids.update(dict.fromkeys(r[0] for r in rows))
        rows = db.query(f"SELECT m.id FROM memories m WHERE m.id IN ({_GIT_TASK}) AND json_type({_META}, '$.gone') = "
                        f"'array' AND EXISTS (SELECT 1 FROM json_each({_META}, '$.gone') p WHERE p.value = ? OR "
                        "substr(p.value, 1, ?) = ?)", (path, len(path) + 1, path + "/"))
        ids.update(dict.fromkeys(r[0] for r in rows))
    return list(ids)


def tasks_mentioning(db: Database, word: str, limit: int = 50) -> list[str]:
    """Ids of git tasks whose title or why names `word` (case-insensitive, literal)."""
    pattern = "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows = db.query(f"SELECT id FROM memories WHERE id IN ({_GIT_TASK}) AND (title LIKE ? ESCAPE '\\' OR "
                    "rationale LIKE ? ESCAPE '\\') ORDER BY date DESC LIMIT ?", (pattern, pattern, limit))
    return [r[0] for r in rows]


def task_with_commit(db: Database, sha: str) -> str | None:
    """The id of the git task that holds a commit (its sha or a prefix of at least 7 digits) among its own commits;
    a task that only names the sha (the commits it reverts) holds no such commit."""
    short = sha[:12].lower()
    if len(short) < 7 or not all(ch in "0123456789abcdef" for ch in short):
        return None
    rows = db.query(f"SELECT m.id FROM memories m, json_each({_META}, '$.commits') c WHERE m.id IN ({_GIT_TASK}) "
                    "AND substr(c.value, 1, ?) = ? LIMIT 1", (len(short), short))
    return rows[0][0] if rows else None


def tasks_with_pr(db: Database, pr: str, limit: int = 20) -> list[str]:
    """Ids of git tasks of one pull (or merge) request number, newest first."""
    if not pr.isdigit():
        return []
    rows = db.query(f"SELECT id FROM memories WHERE id IN ({_GIT_TASK}) AND json_extract(meta, '$.pr') = ? "
                    "ORDER BY date DESC LIMIT ?", (pr, limit))
    return [r[0] for r in rows]


def symbol_files(db: Database, name: str) -> list[str]:
    """Files where anchored symbols named `name` (or ending in `.name`) live."""
    rows = db.query("SELECT DISTINCT file FROM anchors WHERE kind = 'symbol' AND file IS NOT NULL AND "
                    "(value = ? OR substr(value, -?) = ?)", (name, len(name) + 1, "." + name))
    return [r[0] for r in rows]


def rename_path_anchors(db: Database, renames: dict[str, str]) -> int:
    """Point git tasks' path anchors, and the files listed of tasks anchored to folders (`meta.paths`), at files'
    new names; returns how many anchors moved."""
    moved = 0
    for old, new in renames.items():
        if old == new:
            continue
        db.conn.execute(f"UPDATE anchors SET value = ? WHERE kind = 'path' AND value = ? AND memory_id IN ({_GIT_TASK})",
                        (new, old))
        moved += db.conn.changes()
    rows = db.query(f"SELECT m.id, m.meta FROM memories m WHERE m.id IN ({_GIT_TASK}) AND "
                    f"json_type({_META}, '$.paths') = 'array'")
    for mid, text in rows:
        meta = json.loads(text)
        paths = [renames.get(p, p) if isinstance(p, str) else p for p in meta["paths"]]
        if paths != meta["paths"]:
            meta["paths"] = paths
            db.conn.execute("UPDATE memories SET meta = ? WHERE id = ?", (json.dumps(meta), mid))
    return moved
