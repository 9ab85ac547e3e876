"""The store: migrations, schema checks, transactions, corruption."""

import apsw
import pytest

from lore.memory import Anchor, Memory, Status
from lore.store import CorruptDatabaseError, NewerSchemaError, Store
from lore.store import schema


def _mem(title="Data access rule", body="Services go through repositories.", **kw):
    return Memory(title=title, body=body, **kw).validate()


def test_fresh_database_applies_all_migrations(tmp_path):
    s = Store(tmp_path / "l.db")
    assert s.db.applied_migrations() == [n for n, _ in schema.MIGRATIONS]
    assert s.db.scalar("PRAGMA journal_mode") == "wal"
    s.close()


def test_old_database_is_migrated_forward(tmp_path, monkeypatch):
    path = tmp_path / "l.db"
    s = Store(path)
    s.close()
    ran = []

    def m999_extra(db):
        ran.append(True)
        db.execute("CREATE TABLE extra(x)")

    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + [("m999_extra", m999_extra)])
    import lore.store.db as dbmod

    monkeypatch.setattr(dbmod, "MIGRATIONS", schema.MIGRATIONS)
    s = Store(path)
    assert ran == [True]
    assert "m999_extra" in s.db.applied_migrations()
    s.close()
    s = Store(path)  # second open: nothing re-run
    assert ran == [True]
    s.close()


def test_newer_schema_is_refused_and_nothing_written(tmp_path):
    path = tmp_path / "l.db"
    s = Store(path)
    with s.transaction() as c:
        c.execute("INSERT INTO schema_migrations(name, applied_at) VALUES ('m900_from_the_future', 0)")
    s.close()
    before = path.read_bytes()
    with pytest.raises(NewerSchemaError, match="newer version of Lore"):
        Store(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda p: p.write_bytes(b"this is not a database" * 50), id="garbage"),
        pytest.param(lambda p: p.write_bytes(p.read_bytes()[:1500]), id="truncated"),
    ],
)
def test_corrupt_database_names_rebuild(tmp_path, damage):
    path = tmp_path / "l.db"
    s = Store(path)
    with s.transaction():
        for i in range(50):
            s.memories.insert(_mem(title=f"memory {i}", body="x" * 500))
    s.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.close()
    damage(path)
    with pytest.raises(CorruptDatabaseError, match="lore doctor --rebuild"):
        s2 = Store(path)
        s2.memories.matching()


def test_failing_write_leaves_nothing_half_written(tmp_path):
    s = Store(tmp_path / "l.db")
    m = _mem(anchors=[Anchor.parse("app/**")])
    with pytest.raises(apsw.ConstraintError):
        with s.transaction():
            s.memories.insert(m)
            s.memories.insert(m)  # same id: the second insert fails, the whole transaction goes
    assert s.memories.count() == 0
    assert s.db.scalar("SELECT count(*) FROM anchors") == 0
    assert s.db.scalar("SELECT count(*) FROM sections") == 0
    assert s.db.scalar("SELECT count(*) FROM sections_fts") == 0


def test_update_keeps_id_and_usage_and_reindexes(tmp_path):
    s = Store(tmp_path / "l.db")
    m = _mem()
    with s.transaction():
        s.memories.insert(m)
        s.db.conn.execute("UPDATE memories SET used_count = 7 WHERE id = ?", (m.id,))
    m = s.memories.get(m.id)
    m.body = "Services go through gateways."
    with s.transaction():
        s.memories.update(m)
    got = s.memories.get(m.id)
    assert got.used_count == 7 and got.body == "Services go through gateways."
    words = [r[0] for r in s.db.query("SELECT rowid FROM sections_fts WHERE sections_fts MATCH 'gateways'")]
    assert words and not s.db.query("SELECT rowid FROM sections_fts WHERE sections_fts MATCH 'repositories'")


def test_supersession_links_many(tmp_path):
    s = Store(tmp_path / "l.db")
    old, a, b = _mem(title="old"), _mem(title="a"), _mem(title="b")
    with s.transaction():
        for m in (old, a, b):
            s.memories.insert(m)
        s.memories.link(old.id, a.id)
        s.memories.link(old.id, b.id)
        s.memories.set_status(old.id, Status.SUPERSEDED)
    got = s.memories.get(old.id)
    assert sorted(got.superseded_by) == sorted([a.id, b.id])
    assert s.memories.get(a.id).supersedes == [old.id]


def test_vectors_are_keyed_by_content_hash_and_model(tmp_path):
    s = Store(tmp_path / "l.db")
    with s.transaction():
        s.memories.insert(_mem(title="one", body="same text"))
        s.memories.insert(_mem(title="one", body="same text"))  # identical text: one embedding
    v = s.vectors("model-a", 4)
    pending = v.pending()
    assert len(pending) == 1
    assert v.add([(h, [1.0, 0.0, 0.0, 0.0]) for h, _ in pending]) == 1
    assert v.pending() == []
    assert len(v.knn([1.0, 0.0, 0.0, 0.0], 5)) == 2  # both sections share the vector
    other = s.vectors("model-b", 4)
    assert len(other.pending()) == 1  # a model change re-embeds


def test_write_ahead_log_is_truncated_after_a_big_write(tmp_path):
    from lore.store.db import WAL_SIZE_LIMIT

    store = Store(tmp_path / "lore.db")
    with store.transaction() as c:
        c.execute("CREATE TABLE scratch (blob BLOB)")
        for _ in range(40):
            c.execute("INSERT INTO scratch VALUES (randomblob(1000000))")
    wal = tmp_path / "lore.db-wal"
    assert wal.stat().st_size > WAL_SIZE_LIMIT  # the big transaction went through the log
    store.db.conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    with store.transaction() as c:  # the next write starts the log over, and cuts it down to the limit
        c.execute("DELETE FROM scratch")
    assert wal.stat().st_size <= WAL_SIZE_LIMIT
    store.close()
