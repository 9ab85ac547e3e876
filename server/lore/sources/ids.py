"""Ids of imported memories, the same in every clone: derived from the file's workspace-relative
path and the memory's key within it (the ADR, a rules file's heading, a comment's place).

A team memory that supersedes an imported ADR names the ADR's id in its file; because every clone
derives the same id from the same path and heading, the link resolves everywhere. Workspaces made
before ids were derived get their imported memories re-id'd once (links, anchors, usage and
dismissals move with them) and team files naming an old id are brought in step.
"""

from __future__ import annotations

import hashlib
import logging

from lore.memory import Scope, SourceKind, Status
from lore.store import Store

log = logging.getLogger(__name__)
IDS_META = "import_ids"
IDS_VERSION = "path-key-1"
IMPORTED = (SourceKind.ADR, SourceKind.RULES_FILE, SourceKind.COMMENT)


def import_id(path: str, key: str) -> str:
    """The id of the memory imported from `path` under `key`: 12 hex digits, the same in every clone."""
    return hashlib.sha256(f"import:{path}\0{key}".encode()).hexdigest()[:12]


def adopt_id(store: Store, current: str, wanted: str, renamed: dict[str, str]) -> str:
    """Give the memory `current` the id `wanted` when that id is free; the id it ends with.
    Every rename is noted in `renamed` (old -> new) so files naming the old id can follow."""
    if current == wanted or store.memories.get(wanted) is not None:
        return current
    store.memories.rename_id(current, wanted)
    renamed[current] = wanted
    return wanted


def migrate_ids(store: Store) -> dict[str, str]:
    """Once per database: re-id imported memories made with random ids; old -> new ids."""
    if store.get_meta(IDS_META) == IDS_VERSION:
        return {}
    renamed: dict[str, str] = {}
    with store.transaction():
        for m in store.memories.matching(source_kinds=IMPORTED, with_source_key=True, order="id"):
            if m.provenance.path and m.provenance.key:
                adopt_id(store, m.id, import_id(m.provenance.path, m.provenance.key), renamed)
    store.set_meta(IDS_META, IDS_VERSION)
    if renamed:
        log.info("imported memories re-id'd from path and key: %d", len(renamed))
    return renamed


def keep_superseded(store: Store, mid: str) -> None:
    """An imported memory that a live memory supersedes (a team file's `supersedes:` read before the
    ADR was imported, in a fresh clone) is superseded, whatever its own file says."""
    m = store.memories.get(mid)
    if m is None or m.status not in (Status.ACTIVE, Status.PROPOSED) or "user_status" in m.meta:
        return
    live = store.memories.many(m.superseded_by)
    if any(s.visible for s in live.values()):
        store.memories.set_status(mid, Status.SUPERSEDED)


def relink_team_files(lore, renamed: dict[str, str]) -> None:
    """Team files naming a re-id'd memory in `supersedes`/`superseded_by` get the new id (an
    automatic rewrite: only those lines change, the same bytes in every clone)."""
    if not renamed:
        return
    new_ids = set(renamed.values())
    for m in lore.store.memories.matching(scopes=[Scope.TEAM]):
        if new_ids & set(m.supersedes + m.superseded_by) and m.provenance.kind in (SourceKind.TEAM_FILE,
                                                                                     SourceKind.AGENT):
            try:
                lore.refresh_team_file(m)
            except Exception as e:  # a file that cannot be rewritten now (a conflict) keeps the old id
                log.warning("team file %s keeps an old id: %s", m.provenance.path, e)
