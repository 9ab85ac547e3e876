"""Renamed and moved source files: same content under a new path, or a rename git recorded.

A rename moves the memories to the new path (ids, usage and links kept); the file is then read
as usual, so keys that depend on the path (Python module names) are matched by their text.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from lore.anchors import shared
from lore.memory import Anchor
from lore.sources import gitrun
from lore.sources.sync import imported_memories
from lore.text import content_hash

log = logging.getLogger(__name__)
GIT_TIMEOUT = 5
GIT_HEAD_META = "sources.git_head"


def detect(run, fresh: list, vanished: set[str]) -> list[tuple[str, str]]:
    """(old, new) pairs among files that vanished and files never seen before."""
    if not fresh or not vanished:
        return []
    pairs: list[tuple[str, str]] = []
    by_hash: dict[str, str] = {}
    for old in sorted(vanished):
        h = run.ledger[old].content_hash
        if h:
            by_hash.setdefault(h, old)
    taken: set[str] = set()
    for cand in fresh:
        try:
            text = Path(cand.path).read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        old = by_hash.get(content_hash(text))
        if old and old not in taken:
            pairs.append((old, cand.rel))
            taken.add(old)
    fresh_paths = {c.rel for c in fresh} - {new for _, new in pairs}
    for old, new in git_renames(run.root, run.store.get_meta(GIT_HEAD_META)):
        if old in vanished and old not in taken and new in fresh_paths:
            pairs.append((old, new))
            taken.add(old)
    return pairs


def git_head(root: Path) -> str | None:
    """The commit checked out, when the workspace is a git repository with commits."""
    if not (root / ".git").exists():
        return None
    out = gitrun.output(root, "rev-parse", "--verify", "-q", "HEAD", timeout=GIT_TIMEOUT)
    return out.strip() or None if out else None


def git_renames(root: Path, since: str | None) -> list[tuple[str, str]]:
    """Renames git sees since the commit of the last import (or HEAD), working tree included."""
    if not (root / ".git").exists():
        return []
    out: list[tuple[str, str]] = []
    for base in dict.fromkeys(b for b in (since, "HEAD") if b):
        text = gitrun.output(root, "diff", "--name-status", "-M", base, "--", timeout=GIT_TIMEOUT)
        for line in (text or "").splitlines():
            cols = line.split("\t")
            if len(cols) == 3 and cols[0].startswith("R"):
                out.append((cols[1], cols[2]))
    return out


def move(run, old: str, new: str) -> None:
    """Point the memories and the ledger row of `old` at `new`."""
    store = run.store
    with store.transaction():
        for m in imported_memories(store, old):
            m.provenance.path = new
            m.anchors = [_moved(a, old, new) for a in m.anchors]
            m.updated_at = time.time()
            store.memories.update(m, reindex=False)
        known = run.ledger.pop(old, None)
        if known is not None:
            store.sources.delete(old)
    if old in run.imports:
        run.imports[new] = run.imports.pop(old)
    _move_choices(run, old, new)
    log.info("source renamed: %s -> %s", old, new)


def _move_choices(run, old: str, new: str) -> None:
    """Carry the team's anchor choices for `old` over to `new` in `.lore/anchors.yaml` (and in the
    choices this import applies); left alone when the file could not be read (the import said why)."""
    if not run.choices:
        return
    entries = shared.moved(run.choices, old, new)
    if entries is None:
        return
    try:
        shared.write(run.root, entries)
    except OSError as e:
        run.summary.warnings.append(f"{shared.REL}: the choices of {old} not moved to {new}: {e}")
        return
    run.choices = entries


def _moved(a: Anchor, old: str, new: str) -> Anchor:
    if a.kind == "path" and a.value == old:
        return Anchor("path", new)
    if a.file == old:
        return Anchor(a.kind, a.value, language=a.language, file=new, content_hash=a.content_hash)
    return a
