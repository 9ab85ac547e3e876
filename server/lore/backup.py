"""Automatic backups of private memories (the ones no file can rebuild) and restoring them.

Team memories, ADRs, rules files and comments are rebuilt from the repository; what only the
database holds (workspace-scope memories added by hand, by agents or learned from feedback) is
written after each change to `.lore/backups/private-<time>.jsonl`, newest three kept.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import cattrs

from lore.model import Anchor, Memory, Provenance, SourceKind
from lore.safe_fs import real_folder, write_atomic
from lore.store import Store

log = logging.getLogger(__name__)
REBUILDABLE = (SourceKind.ADR, SourceKind.RULES_FILE, SourceKind.COMMENT, SourceKind.TEAM_FILE, SourceKind.CODE_MAP)
KEEP = 3
_conv = cattrs.Converter()


def is_private(m: Memory) -> bool:
    """A memory that no repository file can bring back."""
    return m.provenance.kind not in REBUILDABLE


def memory_record(m: Memory) -> dict:
    """A memory as a plain dict (every field)."""
    d = _conv.unstructure(m)
    d.pop("sections", None)
    return d


def memory_from_record(d: dict) -> Memory:
    """The inverse of memory_record."""
    d = dict(d)
    d["anchors"] = [_conv.structure(a, Anchor) for a in d.get("anchors", [])]
    d["provenance"] = _conv.structure(d.get("provenance") or {}, Provenance)
    d.pop("sections", None)
    return Memory(**d).validate()


def private_memories(store: Store) -> list[Memory]:
    """Every private memory in a database."""
    kinds = tuple(k.value for k in REBUILDABLE)
    marks = ",".join("?" * len(kinds))
    return store.memories.select(f"source_kind NOT IN ({marks})", kinds, order="created_at")


def write_backup(store: Store, folder: Path) -> Path | None:
    """Write the private memories and their dismissals; prune old backups. None when there is nothing."""
    memories = private_memories(store)
    if not memories:
        return None
    real_folder(folder.parent, folder)  # `.lore/backups` must be a real folder, never a link out
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + f"-{time.time_ns() % 1_000_000:06d}"
    path = folder / f"private-{stamp}.jsonl"
    dismissals = store.db.query("SELECT memory_id, anchor_key, count, at FROM dismissals")
    lines = [json.dumps({"memory": memory_record(m)}, ensure_ascii=False) + "\n" for m in memories]
    lines += [json.dumps({"dismissal": list(row)}) + "\n" for row in dismissals]
    write_atomic(folder.parent, path, "".join(lines), mode=0o600, sync=True)
    for old in sorted(folder.glob("private-*.jsonl"))[:-KEEP]:
        old.unlink(missing_ok=True)
    return path


def latest_backup(folder: Path) -> Path | None:
    """The newest backup file, if any."""
    files = sorted(f for f in folder.glob("private-*.jsonl") if not f.is_symlink()) if folder.is_dir() else []
    return files[-1] if files else None


def read_backup(path: Path) -> tuple[list[Memory], list[tuple], list[str]]:
    """Memories and dismissals from a backup; unreadable lines are reported, not fatal."""
    memories, dismissals, problems = [], [], []
    for i, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            if "memory" in rec:
                memories.append(memory_from_record(rec["memory"]))
            elif "dismissal" in rec:
                dismissals.append(tuple(rec["dismissal"]))
        except Exception as e:  # one bad line never loses the rest
            problems.append(f"{path.name}:{i}: {e}")
    return memories, dismissals, problems


def restore_into(store: Store, memories: list[Memory], dismissals: list[tuple]) -> int:
    """Insert memories (ids kept) that the database lacks; returns how many."""
    added = 0
    with store.transaction() as c:
        for m in memories:
            if store.memories.get(m.id) is not None:
                continue
            links = list(m.superseded_by)
            m.superseded_by = []
            store.memories.insert(m)
            for new in links:
                store.memories.link(m.id, new)
            added += 1
        for mid, key, count, at in dismissals:
            c.execute("INSERT OR REPLACE INTO dismissals(memory_id, anchor_key, count, at) VALUES (?,?,?,?)",
                      (mid, key, count, at))
    return added
