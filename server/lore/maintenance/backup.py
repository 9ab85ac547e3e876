"""Automatic backups of private memories (the ones no file can rebuild) and the learning state.

Team memories, ADRs, rules files and comments are rebuilt from the repository; what only the
database holds (workspace-scope memories added by hand, by agents or learned from feedback, and
the feedback events, observations, evidence and dismissals learning uses) is written as a full
snapshot to `.lore/backups/private-<time>.jsonl` (newest three kept), and every write transaction
in between is appended to a journal beside it (see lore.maintenance.journal).
"""

from __future__ import annotations

import enum
import json
import logging
import time
from pathlib import Path

import attrs

from lore.memory import Anchor, Memory, Provenance, SourceKind
from lore.store.safe_fs import real_folder, write_atomic
from lore.store import Store
from lore.store.journal_rows import LEARNING_TABLES, learning_rows

log = logging.getLogger(__name__)
REBUILDABLE = (SourceKind.ADR, SourceKind.RULES_FILE, SourceKind.COMMENT, SourceKind.TEAM_FILE, SourceKind.CODE_MAP)
KEEP = 3


def is_private(m: Memory) -> bool:
    """A memory that no repository file can bring back."""
    return m.provenance.kind not in REBUILDABLE


def memory_record(m: Memory) -> dict:
    """A memory as a plain dict (every field; enums as their values)."""
    d = attrs.asdict(m, value_serializer=lambda _, __, v: v.value if isinstance(v, enum.Enum) else v)
    d.pop("sections", None)
    return d


def memory_from_record(d: dict) -> Memory:
    """The inverse of memory_record."""
    import cattrs  # only restoring needs it

    _conv = cattrs.Converter()
    d = dict(d)
    d["anchors"] = [_conv.structure(a, Anchor) for a in d.get("anchors", [])]
    d["provenance"] = _conv.structure(d.get("provenance") or {}, Provenance)
    d.pop("sections", None)
    return Memory(**d).validate()


def private_memories(store: Store) -> list[Memory]:
    """Every private memory in a database."""
    return store.memories.matching(not_source_kinds=REBUILDABLE, order="created")


def write_backup(store: Store, folder: Path) -> Path | None:
    """Write the private memories and the learning rows as one snapshot; prune old snapshots.
    None when there is nothing to keep."""
    memories = private_memories(store)
    learning = {t: learning_rows(store.db.conn, t) for t in LEARNING_TABLES}
    if not memories and not any(learning.values()):
        return None
    real_folder(folder.parent, folder)  # `.lore/backups` must be a real folder, never a link out
    now = time.time_ns()  # the name sorts by time: seconds, then microseconds within the second
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now / 1e9)) + f"-{now // 1000 % 1_000_000:06d}"
    path = folder / f"private-{stamp}.jsonl"
    lines = [json.dumps({"memory": memory_record(m)}, ensure_ascii=False) + "\n" for m in memories]
    lines += [json.dumps({"row": [table, row]}, ensure_ascii=False) + "\n"
              for table, rows in learning.items() for row in rows]
    write_atomic(folder.parent, path, "".join(lines), mode=0o600, sync=True)
    for old in sorted(folder.glob("private-*.jsonl"))[:-KEEP]:
        old.unlink(missing_ok=True)
    return path


def latest_backup(folder: Path) -> Path | None:
    """The newest backup file, if any."""
    files = sorted(f for f in folder.glob("private-*.jsonl") if not f.is_symlink()) if folder.is_dir() else []
    return files[-1] if files else None
