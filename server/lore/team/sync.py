"""Keep the database in step with `.lore/memories/*.md`: edits are picked up on the next command."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import attrs

from lore.memory import SourceKind, Status
from lore.store.safe_fs import UnsafePathError, check_inside
from lore.store import SourceFile, Store
from lore.text import content_hash
from lore.workspace import memories_dir
from lore.markup.scrub import scrub_memory

log = logging.getLogger(__name__)
IMPORTER = "team-file"
MAX_TEAM_FILE = 1_048_576


@attrs.frozen
class TeamFolder:
    """A workspace's team files and the database that mirrors them; `fresh` collects the ids a sync
    added or changed (the caller embeds them before its next search)."""

    root: Path
    store: Store
    fresh: list[str] = attrs.field(factory=list)


@attrs.define
class TeamSyncResult:
    """What a sync changed."""

    added: int = 0
    updated: int = 0
    deprecated: int = 0
    errors: list[str] = attrs.field(factory=list)


def record_team_file(root: Path, store: Store, path: Path) -> None:
    """Note a team file Lore itself wrote, so the next sync sees it as unchanged."""
    rel = path.relative_to(root).as_posix()
    data = path.read_bytes()
    st = path.stat()
    store.sources.put(SourceFile(rel, content_hash(data.decode("utf-8", "replace")), st.st_size,
                                      st.st_mtime, "imported", None, IMPORTER, time.time()))


def sync_team_files(root: Path, store: Store, fresh: list[str] | None = None) -> TeamSyncResult:
    """Import new or changed team files into STORE; deprecate memories whose file disappeared (ids of the
    memories added or changed are appended to FRESH). Cheap when nothing changed."""
    team = TeamFolder(root, store, fresh if fresh is not None else [])
    result = TeamSyncResult()
    folder = memories_dir(team.root)
    ledger = {p: sf for p, sf in team.store.sources.all().items() if sf.importer == IMPORTER}
    seen: set[str] = set()
    files = sorted(folder.glob("*.md")) if folder.is_dir() else []
    if files:
        from lore.team import files as teamfiles  # YAML: imported only when there are team files
    for path in files:
        rel = path.relative_to(team.root).as_posix()
        seen.add(rel)
        try:
            check_inside(team.root, path)
            st = path.stat()
            known = ledger.get(rel)
            if known and known.state == "imported" and known.size == st.st_size and known.mtime == st.st_mtime:
                continue
            if st.st_size > MAX_TEAM_FILE:
                raise teamfiles.TeamFileError(f"{rel}:1: skipped: {st.st_size} bytes is over the limit of "
                                              f"{MAX_TEAM_FILE} bytes for a team file")
            text = path.read_bytes().decode("utf-8")
            chash = content_hash(text)
            if known and known.content_hash == chash and known.state == "imported":
                team.store.sources.put(attrs.evolve(known, mtime=st.st_mtime, size=st.st_size))
                continue
            _import_one(team, rel, text, result)
            team.store.sources.put(SourceFile(rel, chash, st.st_size, st.st_mtime, "imported", None, IMPORTER, time.time()))
        except (UnicodeDecodeError, teamfiles.TeamFileError, UnsafePathError, OSError, RecursionError) as e:
            msg = str(e) if isinstance(e, teamfiles.TeamFileError) else f"{rel}: {e}"
            result.errors.append(msg)
            log.warning("team file skipped: %s", msg)
    for rel, sf in ledger.items():
        if rel not in seen and sf.state == "imported":
            for m in team.store.memories.by_source(rel):
                if m.status is not Status.DEPRECATED:
                    with team.store.transaction():
                        team.store.memories.set_status(m.id, Status.DEPRECATED)
                    result.deprecated += 1
            team.store.sources.put(attrs.evolve(sf, state="removed", reason="file deleted"))
    return result


def _import_one(team: TeamFolder, rel: str, text: str, result: TeamSyncResult) -> None:
    from lore.team import files as teamfiles

    m = teamfiles.parse(text, rel)
    # Looked up inside the write transaction: another process may be adding this very memory (and
    # its file) right now, and only the transaction's snapshot is sure to show its row.
    with team.store.transaction():
        existing = team.store.memories.get(m.id)
        owner = _claimed_elsewhere(team, existing, rel)
        if owner is not None:  # raised before anything is written: the transaction changes nothing
            raise teamfiles.TeamFileError(f"{rel}:1: skipped: id {m.id} is the id of {owner} already; give one "
                                          f"of them another id (nothing was changed)")
        _redact(m, rel, result)
        for stale in team.store.memories.by_source(rel):
            if stale.id != m.id:
                _file_id_wins(team, stale, m.id, existing is None, result)
                existing = existing or team.store.memories.get(m.id)
        if existing is None:
            now = time.time()
            m.created_at = m.created_at or now
            m.updated_at = m.updated_at or now
            team.store.memories.insert(m)
            result.added += 1
        else:
            m.created_at = m.created_at or existing.created_at
            m.updated_at = m.updated_at or existing.updated_at  # the file's time: the same in every clone
            for k in ("surfaced_count", "used_count", "dismissed_count", "last_surfaced_at", "needs_review"):
                setattr(m, k, getattr(existing, k))
            if "decided" in existing.meta:  # who decided, from git (lore.team.provenance): this clone's record
                m.meta["decided"] = existing.meta["decided"]
            team.store.memories.update(m)
            result.updated += 1
        team.fresh.append(m.id)
        team.store.memories.unlink_successors(m.id)
        for new in m.superseded_by:
            team.store.memories.link(m.id, new)
        for old in m.supersedes:
            team.store.memories.link(old, m.id)
            prior = team.store.memories.get(old)
            if prior is not None and prior.status in (Status.ACTIVE, Status.PROPOSED) and m.visible:
                team.store.memories.set_status(old, Status.SUPERSEDED)


def _claimed_elsewhere(team: TeamFolder, row, rel: str) -> str | None:
    """Another team file that holds the memory `row` (the database's row for the id a file gives) and
    still names that id (two files giving one id: the second would overwrite the first's memory), else
    None. A file renamed or deleted, or edited to another id, leaves the id free."""
    from lore.team import files as teamfiles

    other = row.provenance.path if row is not None and row.provenance.kind is SourceKind.TEAM_FILE else None
    if not other or other == rel:
        return None
    try:
        text = (team.root / other).read_bytes().decode("utf-8")
        return other if teamfiles.parse(text, other).id == row.id else None
    except (OSError, UnicodeDecodeError, teamfiles.TeamFileError, RecursionError):
        return None


def _file_id_wins(team: TeamFolder, stale, file_id: str, free: bool, result: TeamSyncResult) -> None:
    """The file now names another id than the database row made from it (an add/add conflict
    resolved with `--theirs`, an id edited by hand): the file's id wins. The row takes the file's
    id, keeping its usage and links; when a row with that id exists already, the stale row is
    deprecated (restorable) instead."""
    if free:
        team.store.memories.rename_id(stale.id, file_id)
        log.info("team file %s: memory %s now has the file's id %s", stale.provenance.path, stale.id, file_id)
    elif stale.status is not Status.DEPRECATED:
        team.store.memories.set_status(stale.id, Status.DEPRECATED)
        result.deprecated += 1


def _redact(m, rel: str, result: TeamSyncResult) -> None:
    """A team file edited by hand may hold a secret: the database keeps it redacted, the user is told."""

    for note in scrub_memory(m):
        message = f"{rel}: {note}; remove it from the file"
        result.errors.append(message)
        log.warning("%s", message)
