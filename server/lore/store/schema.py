"""Named migrations, applied in order and recorded in the database (`schema_migrations`)."""

from __future__ import annotations

from collections.abc import Callable

import apsw

from lore.text import cjk_bigrams, indexed_text


def m001_initial(db: apsw.Connection) -> None:
    """Memories, anchors, sections, word index, supersession links, embeddings, sources, meta."""
    db.execute(
        """
        CREATE TABLE memories (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL DEFAULT '',
            rationale TEXT,
            status TEXT NOT NULL,
            scope TEXT NOT NULL,
            confidence REAL NOT NULL DEFAULT 1.0,
            tags TEXT NOT NULL DEFAULT '[]',
            source_kind TEXT NOT NULL,
            source_path TEXT,
            source_line INTEGER,
            source_commit TEXT,
            source_hash TEXT,
            source_key TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            last_surfaced_at REAL,
            surfaced_count INTEGER NOT NULL DEFAULT 0,
            used_count INTEGER NOT NULL DEFAULT 0,
            dismissed_count INTEGER NOT NULL DEFAULT 0,
            needs_review INTEGER NOT NULL DEFAULT 0,
            date TEXT,
            meta TEXT NOT NULL DEFAULT '{}',
            content_hash TEXT NOT NULL
        );
        CREATE INDEX memories_source ON memories(source_path, source_key);
        CREATE INDEX memories_status_kind ON memories(status, kind);
        CREATE INDEX memories_updated ON memories(updated_at);
        CREATE TABLE supersessions (
            old_id TEXT NOT NULL,
            new_id TEXT NOT NULL,
            PRIMARY KEY (old_id, new_id)
        ) WITHOUT ROWID;
        CREATE INDEX supersessions_new ON supersessions(new_id);
        CREATE TABLE anchors (
            id INTEGER PRIMARY KEY,
            memory_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            value TEXT NOT NULL,
            language TEXT,
            file TEXT,
            content_hash TEXT
        );
        CREATE INDEX anchors_memory ON anchors(memory_id);
        CREATE INDEX anchors_value ON anchors(kind, value);
        CREATE INDEX anchors_file ON anchors(file);
        CREATE TABLE sections (
            id INTEGER PRIMARY KEY,
            memory_id TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            heading TEXT,
            text TEXT NOT NULL,
            line INTEGER,
            content_hash TEXT NOT NULL
        );
        CREATE INDEX sections_memory ON sections(memory_id);
        CREATE INDEX sections_hash ON sections(content_hash);
        CREATE VIRTUAL TABLE sections_fts USING fts5(
            title, heading, text, tokenize = 'porter unicode61 remove_diacritics 2'
        );
        CREATE TABLE embeddings (
            id INTEGER PRIMARY KEY,
            content_hash TEXT NOT NULL,
            model TEXT NOT NULL,
            UNIQUE (content_hash, model)
        );
        CREATE TABLE vector_models (
            model TEXT PRIMARY KEY,
            dim INTEGER NOT NULL,
            table_name TEXT NOT NULL
        );
        CREATE TABLE source_files (
            path TEXT PRIMARY KEY,
            content_hash TEXT,
            size INTEGER,
            mtime REAL,
            state TEXT NOT NULL,
            reason TEXT,
            importer TEXT,
            imported_at REAL
        );
        CREATE INDEX source_files_hash ON source_files(content_hash);
        CREATE TABLE dismissals (
            memory_id TEXT NOT NULL,
            anchor_key TEXT NOT NULL,
            count INTEGER NOT NULL DEFAULT 0,
            at REAL NOT NULL,
            PRIMARY KEY (memory_id, anchor_key)
        ) WITHOUT ROWID;
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
        """
    )


def m002_learning(db: apsw.Connection) -> None:
    """Learning from edit feedback: raw events (text purged after retention), observations, evidence."""
    db.execute(
        """
        CREATE TABLE feedback_events (
            id INTEGER PRIMARY KEY,
            at REAL NOT NULL,
            scope TEXT NOT NULL,
            uri TEXT NOT NULL,
            language TEXT NOT NULL,
            outcome TEXT NOT NULL,
            origin TEXT NOT NULL,
            proposed TEXT,
            final TEXT,
            reason TEXT,
            redactions INTEGER NOT NULL DEFAULT 0,
            purged_at REAL
        );
        CREATE INDEX feedback_events_at ON feedback_events(at);
        CREATE TABLE observations (
            id INTEGER PRIMARY KEY,
            event_id INTEGER,
            scope TEXT NOT NULL,
            feature TEXT NOT NULL,
            prefers TEXT NOT NULL,
            over TEXT NOT NULL,
            weight REAL NOT NULL,
            example TEXT NOT NULL DEFAULT '',
            at REAL NOT NULL
        );
        CREATE INDEX observations_feature ON observations(scope, feature);
        CREATE TABLE evidence (
            scope TEXT NOT NULL,
            feature TEXT NOT NULL,
            option_weights TEXT NOT NULL DEFAULT '{}',
            signals INTEGER NOT NULL DEFAULT 0,
            examples TEXT NOT NULL DEFAULT '[]',
            last_at REAL NOT NULL DEFAULT 0,
            memory_id TEXT,
            blocked_at REAL,
            PRIMARY KEY (scope, feature)
        ) WITHOUT ROWID;
        """
    )


Migration = tuple[str, Callable[[apsw.Connection], None]]

def m003_decisive_evidence(db: apsw.Connection) -> None:
    """Evidence remembers how many decisive signals (hand edits, rejections) each option had."""
    db.execute("ALTER TABLE evidence ADD COLUMN decisive TEXT NOT NULL DEFAULT '{}'")


def m004_anchor_generation(db: apsw.Connection) -> None:
    """A counter that moves only when what anchor lookups see changes (an anchor's place, or a memory's status).

    Anchor lookup tables are rebuilt when it moves, not on every write: usage counts, baseline
    hashes and section updates leave them valid.
    """
    db.execute("CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")
    db.execute("INSERT INTO counters(name, value) VALUES ('anchors', 0)")
    bump = "UPDATE counters SET value = value + 1 WHERE name = 'anchors'"
    db.execute(f"CREATE TRIGGER anchors_generation_insert AFTER INSERT ON anchors BEGIN {bump}; END")
    db.execute(f"CREATE TRIGGER anchors_generation_delete AFTER DELETE ON anchors BEGIN {bump}; END")
    db.execute(
        "CREATE TRIGGER anchors_generation_update AFTER UPDATE ON anchors WHEN "
        "old.memory_id IS NOT new.memory_id OR old.kind IS NOT new.kind OR old.value IS NOT new.value "
        f"OR old.language IS NOT new.language OR old.file IS NOT new.file BEGIN {bump}; END"
    )
    db.execute(
        "CREATE TRIGGER anchors_generation_status AFTER UPDATE OF status ON memories "
        f"WHEN old.status IS NOT new.status BEGIN {bump}; END"
    )


def m005_memory_generation(db: apsw.Connection) -> None:
    """A counter that moves only when the set of memories changes (one added, removed, renamed, or
    read from another kind of source): the ids of a source kind stay valid across usage counts,
    baselines and status changes, which a hover would otherwise pay for by reading thousands of
    task ids again."""
    db.execute("INSERT INTO counters(name, value) VALUES ('memories', 0)")
    bump = "UPDATE counters SET value = value + 1 WHERE name = 'memories'"
    db.execute(f"CREATE TRIGGER memories_generation_insert AFTER INSERT ON memories BEGIN {bump}; END")
    db.execute(f"CREATE TRIGGER memories_generation_delete AFTER DELETE ON memories BEGIN {bump}; END")
    db.execute(
        "CREATE TRIGGER memories_generation_update AFTER UPDATE OF id, source_kind ON memories WHEN "
        f"old.id IS NOT new.id OR old.source_kind IS NOT new.source_kind BEGIN {bump}; END"
    )


def m006_vector_generation(db: apsw.Connection) -> None:
    """A counter that moves only when the stored vectors change (one added, dropped or rewritten): an
    in-memory copy of them (`store.exactscan`) stays valid across every other write, hovers' usage counts
    included."""
    db.execute("INSERT INTO counters(name, value) VALUES ('vectors', 0)")
    bump = "UPDATE counters SET value = value + 1 WHERE name = 'vectors'"
    db.execute(f"CREATE TRIGGER vectors_generation_insert AFTER INSERT ON embeddings BEGIN {bump}; END")
    db.execute(f"CREATE TRIGGER vectors_generation_delete AFTER DELETE ON embeddings BEGIN {bump}; END")
    db.execute(f"CREATE TRIGGER vectors_generation_update AFTER UPDATE ON embeddings BEGIN {bump}; END")


def index_section(db: apsw.Connection, sid: int, title: str, heading: str | None, text: str) -> None:
    """Write one section's row of the word index, as `text.indexed_text` reads it (every writer of `sections_fts`)."""
    db.execute("INSERT INTO sections_fts(rowid, title, heading, text) VALUES (?,?,?,?)",
               (sid, indexed_text(title), indexed_text(heading or ""), indexed_text(text)))


def m007_cjk_word_pairs(db: apsw.Connection) -> None:
    """The word index reads Chinese, Japanese and Korean text by its letter pairs (`text.indexed_text`): the sections
    written before are indexed again where they hold such text (the rest is stored as it was)."""
    rows = db.execute("SELECT s.id, m.title, s.heading, s.text FROM sections s JOIN memories m ON m.id = s.memory_id")
    for sid, title, heading, text in list(rows):
        if cjk_bigrams(f"{title}\n{heading or ''}\n{text}"):
            db.execute("DELETE FROM sections_fts WHERE rowid = ?", (sid,))
            index_section(db, sid, title, heading, text)


MIGRATIONS: list[Migration] = [
    ("m001_initial", m001_initial),
    ("m002_learning", m002_learning),
    ("m003_decisive_evidence", m003_decisive_evidence),
    ("m004_anchor_generation", m004_anchor_generation),
    ("m005_memory_generation", m005_memory_generation),
    ("m006_vector_generation", m006_vector_generation),
    ("m007_cjk_word_pairs", m007_cjk_word_pairs),
]

