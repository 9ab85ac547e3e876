"""Mapping between memory records and database rows."""

from __future__ import annotations

import json

from lore.memory import Anchor, Memory, Provenance, SourceKind, parse_kind, parse_scope, parse_status

MEMORY_COLUMNS = (
    "id, kind, title, body, rationale, status, scope, confidence, tags, source_kind, source_path, "
    "source_line, source_commit, source_hash, source_key, created_at, updated_at, last_surfaced_at, "
    "surfaced_count, used_count, dismissed_count, needs_review, date, meta, content_hash"
)


def memory_from_row(row: tuple) -> Memory:
    """Build a Memory (without anchors and links) from a MEMORY_COLUMNS row."""
    (mid, kind, title, body, rationale, status, scope, confidence, tags, skind, spath, sline, scommit,
     shash, skey, created, updated, surfaced_at, surfaced, used, dismissed, review, date, meta, _h) = row
    try:
        source_kind = SourceKind(skind)
    except ValueError:
        source_kind = SourceKind.MANUAL
    return Memory(
        id=mid,
        kind=parse_kind(kind),
        title=title,
        body=body,
        rationale=rationale,
        status=parse_status(status),
        scope=parse_scope(scope),
        confidence=confidence,
        tags=json.loads(tags or "[]"),
        provenance=Provenance(source_kind, spath, sline, scommit, shash, skey),
        created_at=created,
        updated_at=updated,
        last_surfaced_at=surfaced_at,
        surfaced_count=surfaced,
        used_count=used,
        dismissed_count=dismissed,
        needs_review=bool(review),
        date=date,
        meta=json.loads(meta or "{}"),
    )


def memory_params(m: Memory, chash: str) -> tuple:
    """Row values for MEMORY_COLUMNS, in order."""
    p = m.provenance
    return (
        m.id, m.kind.value, m.title, m.body, m.rationale, m.status.value, m.scope.value, m.confidence,
        json.dumps(m.tags), p.kind.value, p.path, p.line, p.commit, p.content_hash, p.key,
        m.created_at, m.updated_at, m.last_surfaced_at, m.surfaced_count, m.used_count,
        m.dismissed_count, int(m.needs_review), m.date, json.dumps(m.meta, sort_keys=True), chash,
    )


def anchor_from_row(row: tuple) -> Anchor:
    """Anchor from (kind, value, language, file, content_hash)."""
    return Anchor(row[0], row[1], language=row[2], file=row[3], content_hash=row[4])
