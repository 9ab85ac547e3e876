"""Memory records in one database: insert, update, read, list, links, anchors, sections, word index."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable

from lore.memory import HIDDEN_STATUSES, Anchor, Memory, Section, SourceKind, Status
from lore.store.db import Database
from lore.store.errors import NotFoundError
from lore.store.filters import COUNTED_COLUMNS, ORDERS, memory_filter
from lore.store.schema import index_section
from lore.store.rows import MEMORY_COLUMNS, anchor_from_row, memory_from_row, memory_params
from lore.text import content_hash, split_sections

PLACEHOLDERS = ", ".join("?" * len(MEMORY_COLUMNS.split(",")))


def memory_hash(m: Memory) -> str:
    """Hash of what a memory says (title, body, rationale), used to detect real changes."""
    return content_hash(m.text_for_index())


def sections_of(m: Memory) -> list[Section]:
    """The sections a memory is indexed as: an importer's own split, or a split at headings."""
    if m.sections:
        secs = list(m.sections)
        if not any(s.heading is None for s in secs):
            secs.insert(0, Section(None, m.title, m.provenance.line))
        return secs
    body = m.body if not m.rationale else f"{m.body}\n\nWhy: {m.rationale}"
    return split_sections(m.title, body, m.provenance.line)


class MemoryTable:
    """Reads and writes of memories and everything attached to them, inside the caller's transaction."""

    def __init__(self, db: Database):
        self.db = db
        self._id_cache: dict = {}

    def insert(self, m: Memory) -> None:
        """Insert a validated memory with its anchors, links and sections."""
        self.db.conn.execute(
            f"INSERT INTO memories({MEMORY_COLUMNS}) VALUES ({PLACEHOLDERS})", memory_params(m, memory_hash(m))
        )
        self._write_anchors(m.id, m.anchors)
        self._write_sections(m)
        for old in m.supersedes:
            self.link(old, m.id)

    def update(self, m: Memory, *, reindex: bool | None = None) -> None:
        """Rewrite a memory in place (same id); re-index its text only when the text changed."""
        old_hash = self.db.scalar("SELECT content_hash FROM memories WHERE id = ?", (m.id,))
        if old_hash is None:
            raise NotFoundError(f"no memory with id {m.id}")
        new_hash = memory_hash(m)
        cols = [c.strip() for c in MEMORY_COLUMNS.split(",")]
        sets = ", ".join(f"{c} = ?" for c in cols[1:])
        params = memory_params(m, new_hash)
        self.db.conn.execute(f"UPDATE memories SET {sets} WHERE id = ?", (*params[1:], m.id))
        self._write_anchors(m.id, m.anchors)
        if reindex or (reindex is None and (old_hash != new_hash or m.sections is not None)):
            self._write_sections(m)
        else:
            self._refresh_fts_titles(m)

    def _write_anchors(self, mid: str, anchors: Iterable[Anchor]) -> None:
        """Replace a memory's anchors; when only their code hashes changed, update those in place
        (the anchors' places stay put, so anchor lookup tables stay valid)."""
        anchors = list(anchors)
        rows = self.db.conn.execute(
            "SELECT rowid, kind, value, language, file, content_hash FROM anchors WHERE memory_id = ? ORDER BY rowid",
            (mid,),
        ).fetchall()
        if [r[1:5] for r in rows] == [(a.kind, a.value, a.language, a.file) for a in anchors]:
            for r, a in zip(rows, anchors):
                if r[5] != a.content_hash:
                    self.db.conn.execute("UPDATE anchors SET content_hash = ? WHERE rowid = ?", (a.content_hash, r[0]))
            return
        self.db.conn.execute("DELETE FROM anchors WHERE memory_id = ?", (mid,))
        for a in anchors:
            self.db.conn.execute(
                "INSERT INTO anchors(memory_id, kind, value, language, file, content_hash) VALUES (?,?,?,?,?,?)",
                (mid, a.kind, a.value, a.language, a.file, a.content_hash),
            )

    def _write_sections(self, m: Memory) -> None:
        self._delete_sections(m.id)
        for i, s in enumerate(sections_of(m)):
            h = content_hash(s.text)
            cur = self.db.conn.execute(
                "INSERT INTO sections(memory_id, ordinal, heading, text, line, content_hash) VALUES (?,?,?,?,?,?)",
                (m.id, i, s.heading, s.text, s.line, h),
            )
            rowid = self.db.conn.last_insert_rowid()
            del cur
            index_section(self.db.conn, rowid, m.title, s.heading, s.text)

    def _refresh_fts_titles(self, m: Memory) -> None:
        for sid, heading, text in self.db.query("SELECT id, heading, text FROM sections WHERE memory_id = ?", (m.id,)):
            self.db.conn.execute("DELETE FROM sections_fts WHERE rowid = ?", (sid,))
            index_section(self.db.conn, sid, m.title, heading, text)

    def _delete_sections(self, mid: str) -> None:
        ids = [r[0] for r in self.db.query("SELECT id FROM sections WHERE memory_id = ?", (mid,))]
        for sid in ids:
            self.db.conn.execute("DELETE FROM sections_fts WHERE rowid = ?", (sid,))
        self.db.conn.execute("DELETE FROM sections WHERE memory_id = ?", (mid,))

    def delete(self, mid: str) -> None:
        """Remove a memory and everything attached to it (explicit purge only)."""
        self._delete_sections(mid)
        self.db.conn.execute("DELETE FROM anchors WHERE memory_id = ?", (mid,))
        self.db.conn.execute("DELETE FROM supersessions WHERE old_id = ? OR new_id = ?", (mid, mid))
        self.db.conn.execute("DELETE FROM dismissals WHERE memory_id = ?", (mid,))
        self.db.conn.execute("DELETE FROM memories WHERE id = ?", (mid,))

    def rename_id(self, old: str, new: str) -> None:
        """Give a memory a new id, moving everything that refers to it (anchors, sections, links,
        dismissals, learned evidence). The new id must be free."""
        c = self.db.conn
        c.execute("UPDATE memories SET id = ? WHERE id = ?", (new, old))
        for table, col in (("anchors", "memory_id"), ("sections", "memory_id"), ("supersessions", "old_id"),
                           ("supersessions", "new_id"), ("dismissals", "memory_id"), ("evidence", "memory_id")):
            c.execute(f"UPDATE OR IGNORE {table} SET {col} = ? WHERE {col} = ?", (new, old))
            c.execute(f"DELETE FROM {table} WHERE {col} = ?", (old,))

    def link(self, old_id: str, new_id: str) -> None:
        """Record that `new_id` supersedes `old_id`."""
        self.db.conn.execute(
            "INSERT OR IGNORE INTO supersessions(old_id, new_id) VALUES (?, ?)", (old_id, new_id)
        )

    def unlink_successors(self, old_id: str) -> None:
        """Forget every successor of `old_id`."""
        self.db.conn.execute("DELETE FROM supersessions WHERE old_id = ?", (old_id,))

    def set_status(self, mid: str, status: Status) -> None:
        """Change a memory's status."""
        self.db.conn.execute(
            "UPDATE memories SET status = ?, updated_at = ? WHERE id = ?", (status.value, time.time(), mid)
        )

    def get(self, mid: str) -> Memory | None:
        """A memory with anchors and links, or None."""
        rows = self.db.query(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = ?", (mid,))
        if not rows:
            return None
        return self.hydrate([memory_from_row(rows[0])])[0]

    def find_prefix(self, prefix: str) -> list[str]:
        """Ids starting with `prefix` (users type short ids), compared literally: `%` and `_` are no wildcards."""
        if not prefix:
            return []
        # Text compares by code point, so [prefix, upper) holds every match and the primary key finds them.
        last = ord(prefix[-1])
        upper = prefix[:-1] + chr(last + 1) if last < 0xD7FF else "\U0010ffff" * 2
        return [r[0] for r in self.db.query("SELECT id FROM memories WHERE id >= ? AND id < ? AND substr(id, 1, ?) = ? "
                                            "ORDER BY id LIMIT 5", (prefix, upper, len(prefix), prefix))]

    def many(self, ids: Iterable[str]) -> dict[str, Memory]:
        """Memories by id (missing ids are left out)."""
        ids = list(dict.fromkeys(ids))
        out: dict[str, Memory] = {}
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            rows = self.db.query(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id IN ({marks})", tuple(chunk))
            for m in self.hydrate([memory_from_row(r) for r in rows]):
                out[m.id] = m
        return out

    def hydrate(self, memories: list[Memory]) -> list[Memory]:
        """Attach anchors and supersession links to memories read from rows."""
        if not memories:
            return memories
        by_id = {m.id: m for m in memories}
        ids = tuple(by_id)
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.db.query(
                f"SELECT memory_id, kind, value, language, file, content_hash FROM anchors "
                f"WHERE memory_id IN ({marks}) ORDER BY id", chunk
            ):
                by_id[row[0]].anchors.append(anchor_from_row(row[1:]))
            for old, new in self.db.query(
                f"SELECT old_id, new_id FROM supersessions WHERE old_id IN ({marks}) OR new_id IN ({marks})",
                chunk + chunk,
            ):
                if old in by_id and new not in by_id[old].superseded_by:
                    by_id[old].superseded_by.append(new)
                if new in by_id and old not in by_id[new].supersedes:
                    by_id[new].supersedes.append(old)
        return memories

    def matching(self, order: str = "updated", limit: int = -1, **filters) -> list[Memory]:
        """Memories matching keyword filters (`lore.store.filters.MemoryFilter`), in a named order
        (`filters.ORDERS`)."""
        where, params = memory_filter(**filters).where()
        rows = self.db.query(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE {where} ORDER BY {ORDERS[order]} LIMIT ?", (*params, limit)
        )
        return self.hydrate([memory_from_row(r) for r in rows])

    def unanchored_active(self, kinds: tuple[str, ...], limit: int = 200) -> list[Memory]:
        """Active memories of these kinds with no anchor (project-wide), most used and newest first."""
        marks = ",".join("?" * len(kinds))
        rows = self.db.query(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE status = 'active' AND kind IN ({marks}) AND id NOT IN "
            "(SELECT memory_id FROM anchors) ORDER BY used_count DESC, updated_at DESC LIMIT ?", (*kinds, limit))
        return self.hydrate([memory_from_row(r) for r in rows])

    def by_source(self, path: str) -> list[Memory]:
        """Memories imported from one source file."""
        return self.matching(source_path=path, order="source")

    def records(self) -> list[tuple[str, str | None, str]]:
        """(id, source file, title) of every memory imported from a decision record."""
        return [tuple(r) for r in self.db.query(
            "SELECT id, source_path, title FROM memories WHERE source_kind = ?", (SourceKind.ADR.value,))]

    def entries_per_file(self, kind: SourceKind) -> dict[str, int]:
        """Source file -> its memories of one kind of source, for the files holding more than one (a
        decision log's entries), not counting deprecated ones."""
        return dict(self.db.query(
            "SELECT source_path, COUNT(*) FROM memories WHERE source_kind = ? AND status != ? AND source_path IS NOT NULL"
            " GROUP BY source_path HAVING COUNT(*) > 1", (kind.value, Status.DEPRECATED.value)))

    def meta_by_source_kind(self, kind: SourceKind) -> list[tuple[str | None, dict]]:
        """The source file and meta data of every memory from one kind of source (for import reports), without
        hydrating them, deprecated ones aside."""
        return [(r[0], json.loads(r[1] or "{}")) for r in self.db.query(
            "SELECT source_path, meta FROM memories WHERE source_kind = ? AND status != ?",
            (kind.value, Status.DEPRECATED.value))]

    def ids_from_sources(self, kinds: tuple[str, ...]) -> frozenset[str]:
        """Ids of the memories whose source kind is one of `kinds`, cached until the set of memories
        changes (`generation`): a write elsewhere (a usage count, an anchor's baseline) keeps the
        answer, so a hover does not read thousands of task ids again after each one."""
        version = self.generation()
        key = ("ids-from-sources", kinds)
        cached = self._id_cache.get(key)
        if cached is None or cached[0] != version:
            rows = self.db.query(f"SELECT id FROM memories WHERE source_kind IN ({','.join('?' * len(kinds))})", kinds)
            cached = (version, frozenset(r[0] for r in rows))
            self._id_cache[key] = cached
        return cached[1]

    def generation(self) -> int:
        """Moves whenever a memory is added, removed, renamed or read from another kind of source (m005)."""
        return int(self.db.scalar("SELECT value FROM counters WHERE name = 'memories'") or 0)

    def count_live_imported(self) -> int:
        """Memories read from repository files (ADRs, rules files, comments) that recall shows by default."""
        return int(self.db.scalar(
            "SELECT count(*) FROM memories WHERE source_kind IN (?, ?, ?) AND status NOT IN (?, ?)",
            (SourceKind.ADR.value, SourceKind.RULES_FILE.value, SourceKind.COMMENT.value,
             *(s.value for s in HIDDEN_STATUSES))))

    def count_shown(self) -> tuple[int, int]:
        """(memories, tasks read from git history) that are active or proposed: what Lore holds for a
        person, and the history it keeps beside it."""
        found = dict(self.db.query(
            "SELECT source_kind = ?, count(*) FROM memories WHERE status IN (?, ?) GROUP BY 1",
            (SourceKind.GIT.value, Status.ACTIVE.value, Status.PROPOSED.value)))
        return int(found.get(0, 0)), int(found.get(1, 0))

    def count(self, **filters) -> int:
        """Number of memories matching keyword filters (`lore.store.filters.MemoryFilter`)."""
        where, params = memory_filter(**filters).where()
        return int(self.db.scalar(f"SELECT count(*) FROM memories WHERE {where}", params))

    def count_by(self, column: str) -> dict[str, int]:
        """Memories by the values of one column (`filters.COUNTED_COLUMNS`: status, kind or scope)."""
        if column not in COUNTED_COLUMNS:
            raise ValueError(f"cannot count memories by {column!r}")
        return {k: n for k, n in self.db.query(f"SELECT {column}, count(*) FROM memories GROUP BY {column}")}

    def mark_surfaced(self, ids: list[str], at: float) -> None:
        """Count that memories were shown (hover, lens, context pack)."""
        with self.db.transaction() as c:
            for mid in ids:
                c.execute("UPDATE memories SET surfaced_count = surfaced_count + 1, last_surfaced_at = ? WHERE id = ?",
                          (at, mid))

    def section_count(self) -> int:
        """How many indexed sections there are (the most a nearest-neighbour scan can return)."""
        return int(self.db.scalar("SELECT count(*) FROM sections"))

    def best_per_memory(self, pairs: list[tuple[int, float]]) -> dict[str, float]:
        """(section id, similarity) pairs -> memory id -> its best similarity."""
        out: dict[str, float] = {}
        for i in range(0, len(pairs), 500):
            chunk = dict(pairs[i:i + 500])
            marks = ",".join("?" * len(chunk))
            for sid, mid in self.db.query(f"SELECT id, memory_id FROM sections WHERE id IN ({marks})", tuple(chunk)):
                out[mid] = max(out.get(mid, -1.0), chunk[sid])
        return out

    def newer_links(self, ids: list[str], key: str) -> dict[str, dict]:
        """`{id: meta[key]}` of the memories among `ids` whose meta holds `key` (a JSON object), without
        reading anything else of them (the later records a lens must know of, `lore.recall.told_twice`)."""
        out: dict[str, dict] = {}
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            for mid, raw in self.db.query(f"SELECT id, json_extract(meta, ?) FROM memories WHERE id IN "
                                          f"({','.join('?' * len(chunk))}) AND json_type(meta, ?) = 'object'",
                                          (f"$.{key}", *chunk, f"$.{key}")):
                out[mid] = json.loads(raw)
        return out

    def committed_with(self, path: str) -> list[str]:
        """Ids of the records whose first commit changed the file `path` beside them (`COMMITTED_WITH_META`)."""
        return [r[0] for r in self.db.query(
            "SELECT m.id FROM memories m, json_each(m.meta, '$.committed_with.files') f "
            "WHERE m.meta LIKE '%\"committed_with\"%' AND f.value = ?", (path,))]

    def lens_rows(self, ids: list[str]) -> list[tuple]:
        """(id, kind, status, updated_at, source kind, source key, title) of memories, without reading their text (code lenses)."""
        out = []
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            out += self.db.query(f"SELECT id, kind, status, updated_at, source_kind, source_key, title FROM memories WHERE id IN "
                                 f"({','.join('?' * len(chunk))})", tuple(chunk))
        return out
