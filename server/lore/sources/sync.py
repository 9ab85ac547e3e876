"""Bring one file's memories in the database in step with what its parser produced.

Existing memories are matched by (source path, key): a match is updated in place (same id, usage
counters kept), a new key is inserted, a key that disappeared is deprecated (never deleted). A
memory whose key changed but whose text did not (a renamed heading, a moved comment) keeps its
id. A status the user set explicitly (`meta["user_status"]`) survives re-imports.
"""

from __future__ import annotations

import json
import logging
import time

from lore.anchors.choices import apply_choices
from lore.memory import (BODY_PART_META, COMMITTED_WITH_META, DOC_META, GIT_ADDED_META, WIDESPREAD_META, Memory,
                         SourceKind, Status, ValidationError, new_id)
from lore.markup.scrub import scrub_memory
from lore.sources.parsed import Parsed
from lore.sources.ids import adopt_id, keep_superseded
from lore.sources.summary import ImportSummary
from lore.store import Store
from lore.text import content_hash

log = logging.getLogger(__name__)
IMPORTED_KINDS = (SourceKind.ADR, SourceKind.RULES_FILE, SourceKind.COMMENT)
# meta keys an importer writes; anything else (user_status, learned state) is kept across imports
OWNED_META = {"status_text", "status_unknown", "adr_number", "refs", "applies_to", "description", "imported_from",
              "imported_line", "marker", "symbol", "decision_makers", "deciders", "consulted", "informed",
              "authors", "author", "import_hash", "removed_from_source", "derived_anchors", BODY_PART_META,
              WIDESPREAD_META, "read_from", "log_lines", GIT_ADDED_META, COMMITTED_WITH_META}
_USAGE = ("created_at", "last_surfaced_at", "surfaced_count", "used_count", "dismissed_count", "needs_review")


def imported_memories(store: Store, rel_path: str) -> list[Memory]:
    """Memories an importer made from one file (team files and manual memories are not ours)."""
    return [m for m in store.memories.by_source(rel_path) if m.provenance.kind in IMPORTED_KINDS]


def redact_parsed(m: Memory, summary: ImportSummary) -> None:
    """Remove secrets from every stored text of a parsed memory; note each redaction in the summary."""
    where = f"{m.provenance.path}:{m.provenance.line or 1}"
    summary.warnings += [f"{where}: {note}" for note in scrub_memory(m)]


def fingerprint(m: Memory) -> str:
    """Hash of everything an import sets on a memory, to skip writes when nothing changed."""
    data = {
        "t": m.title, "b": m.body, "r": m.rationale, "s": m.status.value, "k": m.kind.value,
        "a": [[a.kind, a.value, a.language, a.file, a.content_hash] for a in m.anchors],
        "g": sorted(m.tags), "d": m.date, "l": m.provenance.line, "p": m.provenance.path,
        "x": [[s.heading, s.text, s.line] for s in m.sections or ()],
        "m": {k: v for k, v in m.meta.items() if k in OWNED_META and k != "import_hash"},
    }
    return content_hash(json.dumps(data, sort_keys=True, default=str))


def matched(existing: list[Memory], parsed: list[Memory]) -> tuple[list[tuple[Memory, Memory | None]], list[Memory]]:
    """Each parsed memory with the old one it is the new version of (None for a new one), and the old ones no
    parsed memory takes the place of (what writing the file deprecates): by key, then by `_pair`."""
    by_key = {m.provenance.key: m for m in existing if m.provenance.key}
    leftovers: list[Memory] = []
    writes: list[tuple[Memory, Memory | None]] = []
    for d in parsed:
        old = by_key.pop(d.provenance.key, None)
        if old is None:
            leftovers.append(d)
        else:
            writes.append((d, old))
    remaining = list(by_key.values())
    for d in leftovers:
        writes.append((d, _pair(d, remaining)))
    return writes, remaining


def sync_file(store: Store, rel_path: str, parsed: Parsed, summary: ImportSummary) -> None:
    """Write one file's parsed memories: update matches in place, insert new ones, deprecate vanished ones."""
    now = time.time()
    valid: list[Memory] = []
    for d in parsed.memories:
        redact_parsed(d, summary)
        try:
            d.validate()
        except ValidationError as e:
            summary.warnings.append(f"{rel_path}:{d.provenance.line or 1}: {e}")
            continue
        valid.append(d)
    writes, remaining = matched(imported_memories(store, rel_path), valid)
    for d, old in writes:
        if old is None:
            if store.memories.get(d.id) is not None:  # the derived id is taken (a file renamed back): a fresh one
                d.id = new_id()
            d.created_at = d.updated_at = now
            apply_choices(d)  # the team's choices about its anchors (`lore.anchors.shared`), in a fresh clone
            d.meta["import_hash"] = fingerprint(d)
            store.memories.insert(d)
            summary.added += 1
        else:
            old.id = adopt_id(store, old.id, d.id, summary.renamed_ids)  # made before ids were derived, or moved
            if _merge(d, old, now):
                store.memories.update(d)
                summary.updated += 1
        keep_superseded(store, d.id)
    for old in remaining:
        if old.status is not Status.DEPRECATED and "user_status" not in old.meta:
            old.status = Status.DEPRECATED
            old.meta["removed_from_source"] = True
            old.updated_at = now
            store.memories.update(old, reindex=False)
            summary.deprecated += 1


# The keys of a memory that is a whole page: read as documentation, or as a decision record.
WHOLE_PAGE_KEYS = frozenset({DOC_META, "adr"})


def _pair(d: Memory, remaining: list[Memory]) -> Memory | None:
    """An unmatched old memory that is evidently the same one: same text, or same place and kind, or the whole
    page read as documentation before and as a decision record now, or the other way round (it took a status,
    or its metadata file says one: the page is the same, and keeps its id, uses and links)."""
    for test in (lambda o: (o.title, o.body, o.kind) == (d.title, d.body, d.kind),
                 lambda o: o.body == d.body and o.kind == d.kind,
                 lambda o: _family(o.provenance.key) == _family(d.provenance.key) and o.kind == d.kind
                 and _family(d.provenance.key) != "",
                 lambda o: {o.provenance.key, d.provenance.key} == WHOLE_PAGE_KEYS):
        for o in remaining:
            if test(o):
                remaining.remove(o)
                return o
    return None


def _family(key: str | None) -> str:
    return (key or "").rsplit("/", 1)[0] if "/" in (key or "") else ""


def _merge(d: Memory, old: Memory, now: float) -> bool:
    """Make the parsed memory `d` the new version of `old` (same id, usage, user state); False when nothing changed."""
    d.id = old.id
    for k in _USAGE:
        setattr(d, k, getattr(old, k))
    user_status = old.meta.get("user_status")
    if user_status:
        d.status = old.status
    kept = {k: v for k, v in old.meta.items() if k not in OWNED_META}
    d.meta = {**kept, **d.meta}
    apply_choices(d)
    fp = fingerprint(d)
    if fp == old.meta.get("import_hash") and not old.meta.get("removed_from_source") \
            and old.provenance.key == d.provenance.key and old.status == d.status:
        return False
    d.meta["import_hash"] = fp
    d.supersedes = list(old.supersedes)
    d.superseded_by = list(old.superseded_by)
    d.updated_at = now
    return True
