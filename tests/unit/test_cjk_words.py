"""Chinese, Japanese and Korean text is found by its words: the word index reads a run of those letters by its
letter pairs, at write and at search, and a database written before is indexed again once."""

from __future__ import annotations

from lore.memory import Kind, Memory
from lore.recall import Query
from lore.store import Store
from lore.text import cjk_bigrams, indexed_text, query_words

# Shaped on akaitigo/open-pos docs/adr/004 (MIT): its records are written in Japanese.
TENANT = Memory(title="ADR-004: マルチテナント設計", kind=Kind.DECISION,
                body="テナント間のデータ分離は Hibernate の tenantFilter で行う。全テーブルに organization_id を持つ。")
OTHER = Memory(title="ADR-005: 金額の扱い", kind=Kind.DECISION, body="金額は整数の銭で保持し、丸め誤差を避ける。")


def test_a_run_of_cjk_letters_is_read_by_its_letter_pairs():
    assert cjk_bigrams("テナント") == ["テナ", "ナン", "ント"]
    assert cjk_bigrams("use 分離 and x") == ["分離"]
    assert cjk_bigrams("No CJK here, déjà vu.") == [] and indexed_text("plain") == "plain"
    assert query_words("テナントデータの分離方法")[:3] == ["テナントデータの分離方法", "テナ", "ナン"]
    assert "分離" in query_words("テナントデータの分離方法")


def test_a_question_in_japanese_finds_the_record_by_its_words(lore):
    lore.add(TENANT.validate(), embed=False)
    lore.add(OTHER.validate(), embed=False)
    hits = lore.search(Query("テナントデータの分離方法"))
    assert hits and hits[0].memory.title.startswith("ADR-004")
    assert hits[0].lexical_rank == 1
    assert lore.search(Query("丸め誤差"))[0].memory.title.startswith("ADR-005")


def test_a_database_written_before_is_indexed_by_letter_pairs_once(tmp_path):
    path = tmp_path / "l.db"
    s = Store(path)
    m = TENANT.validate()
    with s.db.transaction():
        s.memories.insert(m)
    sid = s.db.scalar("SELECT id FROM sections WHERE memory_id = ?", (m.id,))
    with s.db.transaction():  # as the index stood before: the text alone, and the migration not yet applied
        s.db.conn.execute("DELETE FROM sections_fts WHERE rowid = ?", (sid,))
        s.db.conn.execute("INSERT INTO sections_fts(rowid, title, heading, text) VALUES (?,?,?,?)",
                          (sid, m.title, "", m.body))
        s.db.conn.execute("DELETE FROM schema_migrations WHERE name = 'm007_cjk_word_pairs'")
    assert s.sections.match_words(["分離"], 10) == []
    s.close()
    s = Store(path)
    assert [r for r, _ in s.sections.match_words(["分離"], 10)] == [sid]
    assert "m007_cjk_word_pairs" in s.db.applied_migrations()
    s.close()
