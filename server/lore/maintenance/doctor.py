"""Health report of a workspace's memory, and rebuilding a damaged database from files and backups."""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from lore.ingest import run_import
from lore.maintenance.backup import latest_backup, private_memories
from lore.maintenance.journal import journal_path, read_state, restore
from lore.store import Store, StoreError
from lore.store.db import sqlite_version
from lore.store.salvage import salvage
from lore.store.schema import MIGRATIONS
from lore.workspace import backups_dir, lore_dir, workspace_db_path
from lore.markup.conflicts import conflict_line, conflict_message
from lore.store.safe_fs import UnsafePathError, check_inside
from lore.memory import Status
from lore.staleness.report import staleness_report

if TYPE_CHECKING:
    from lore.api import Lore

log = logging.getLogger(__name__)


def report(root: Path, open_lore: Callable[[Path], Lore], *, check_model: bool = True,
           check_staleness: bool = True) -> dict:
    """Schema, integrity, counts, vectors, model and backup state, and (unless `check_staleness` is
    false) the stale and orphaned memories to review, as a dict (never raises). `open_lore(root)`
    opens the workspace (the core API's `Lore`, passed in by the face)."""
    out: dict = {"workspace": str(root), "database": str(workspace_db_path(root)), "ok": True, "problems": []}
    out["sqlite"] = sqlite_version()
    try:
        lore = open_lore(root)
    except StoreError as e:
        out["ok"] = False
        out["problems"].append(str(e))
        return out
    try:
        db = lore.store.db
        out["migrations"] = {"applied": db.applied_migrations(), "known": [n for n, _ in MIGRATIONS]}
        problems = db.integrity_check()
        out["integrity"] = "ok" if not problems else problems[:10]
        if problems:
            out["ok"] = False
            out["problems"].append("integrity check failed; run `lore doctor --rebuild`")
        conflicts = [e for e in lore.team_errors if e.startswith("merge conflict in ")] + _source_conflicts(lore)
        out["team_files"] = "ok" if not lore.team_errors else lore.team_errors[:20]
        if conflicts:
            out["ok"] = False
            out["problems"] += conflicts
        out["counts"] = _counts(lore.store)
        out["vec_version"] = lore.store.vec_version()
        if lore.user:
            out["user_database"] = {"path": lore.user.path, "counts": _counts(lore.user)}
        model: dict = {"id": lore.model_id}
        if check_model:
            emb = lore.ready_embedder()
            model["state"] = "ready" if emb else "unavailable"
            if getattr(emb, "loader", None):
                model["loader"] = emb.loader  # "onnxruntime" (Lore's own loader) or "fastembed"
            if getattr(emb, "computation", ""):
                model["computation"] = emb.computation  # "int8" (lore.embedding.quantize) or "as shipped"
            if getattr(emb, "quantized", None):
                model["quantized_copy"] = str(emb.quantized)
            if lore.model_error:
                model["error"] = lore.model_error
            if emb:
                index = lore.store.vectors(emb.model_id, emb.dim)
                model["vectors"] = index.count()
                model["pending"] = index.pending_count()
        out["model"] = model
        b = latest_backup(backups_dir(Path(lore.store.path)))
        out["backup"] = str(b) if b else None
        journal = journal_path(lore.store.path)
        out["journal"] = {"path": str(journal), "bytes": journal.stat().st_size if journal.exists() else 0}
        out["private_memories"] = len(private_memories(lore.store))
        if check_staleness:
            out["staleness"] = _staleness(root, lore)
    finally:
        lore.close()
    return out


def _staleness(root: Path, lore) -> dict:
    """Stale and orphaned memories (lore.staleness); a failure is reported, never raised."""
    try:
        memories = lore.list(statuses=(Status.ACTIVE, Status.PROPOSED), limit=100_000)
        return staleness_report(root, memories)
    except Exception as e:  # a review list must not take the health report down with it
        log.warning("staleness check failed", exc_info=True)
        return {"error": f"{type(e).__name__}: {e}", "stale": [], "orphaned": []}


def _source_conflicts(lore) -> list[str]:
    """Imported markdown files (ADRs, rules files) that now hold git conflict markers."""

    out = []
    for rel, sf in sorted(lore.store.sources.all().items()):
        if sf.state != "imported" or sf.importer == "team-file" or not rel.lower().endswith((".md", ".mdc", ".markdown")):
            continue
        try:
            check_inside(lore.root, lore.root / rel)
            at = conflict_line((lore.root / rel).read_bytes()[:1_048_576].decode("utf-8", "replace"))
        except (OSError, UnsafePathError):
            continue
        if at is not None:
            out.append(conflict_message(rel, at))
    return out


def _counts(store: Store) -> dict:
    c: dict = {"total": store.memories.count()}
    for col in ("status", "kind", "scope"):
        c[col] = store.memories.count_by(col)
    c["sources"] = store.source_count()
    return c


def rebuild(root: Path, open_lore: Callable[..., Lore], progress=None) -> dict:
    """Rebuild the database from team files and sources beside the old one, then swap it in.

    Private memories and learning state are merged from two places: every row still readable in
    the old database (read table by table, row by row, skipping damaged pages) and the newest
    snapshot with its journal replayed (every acknowledged write since); the newer version of a
    memory wins. The old file is kept beside the new one (never deleted). The new database is
    built under another name and renamed over the old one only when complete, so a rebuild that
    is killed half-way leaves the old database in place. `open_lore(root, db_path=...)` opens a
    workspace on a given database file (the core API's `Lore`, passed in by the face).
    """
    path = workspace_db_path(root)
    lore_dir(root, create=False)  # a linked .lore is refused before anything is read or removed through it
    result: dict = {"database": str(path), "restored_private": 0, "source": None, "problems": []}
    state = read_state(path)
    result["problems"] += state.problems
    sources = list(state.sources)
    if path.exists():
        memories, learning, problems = salvage(str(path))
        result["problems"] += problems
        result["salvaged_rows"] = len(memories) + sum(len(r) for r in learning.values())
        if memories or any(learning.values()):
            sources.insert(0, "old database")
        state.merge_memories(memories)
        for table, rows in learning.items():
            state.merge_rows(table, rows)
    result["source"] = ", ".join(sources) or None
    fresh = path.with_name(f"{path.name}-rebuild")
    _remove_database(fresh)  # left by a rebuild that was killed
    lore = open_lore(root, db_path=fresh)
    try:
        restore(lore.store, state)
        result["restored_private"] = len(private_memories(lore.store))
        lore._dirty.add(lore.store.path)
        result["import"] = run_import(lore, progress=progress).to_json()
        result["counts"] = _counts(lore.store)
    finally:
        lore.close()
    if path.exists():
        result["moved_to"] = str(_keep_aside(path))
    os.replace(fresh, path)
    return result


def _keep_aside(path: Path) -> Path:
    """Link the old database (and move its WAL files) to a `.corrupt-<time>` name; `path` stays in place."""
    stamp = time.strftime('%Y%m%dT%H%M%S')
    moved = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while moved.exists():
        n += 1
        moved = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.link(path, moved)
    except OSError:  # no hard links here: a copy keeps the old data just as well
        shutil.copy2(path, moved)
    for suffix in ("-wal", "-shm"):
        side = Path(str(path) + suffix)
        if side.exists():
            os.replace(side, Path(str(moved) + suffix))
    return moved


def _remove_database(path: Path) -> None:
    """Delete a database file and its WAL files."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)
