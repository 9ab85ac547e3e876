"""A process that searches again scans an exact in-memory copy of the vectors instead of vec0
(`lore.store.exactscan`): the same answers, made only once the vectors stand still, dropped when they
change."""

from __future__ import annotations

import numpy as np
import pytest

from lore.store import Store
from lore.store import vectors as vectors_module
from test_vector_prefilter import DIM, clustered


@pytest.fixture
def index(tmp_path, monkeypatch):
    """An index of 500 vectors, told that is enough for the copy."""
    monkeypatch.setattr(vectors_module, "EXACT_FROM", 100)
    store = Store(tmp_path / "lore.db")
    idx = store.vectors("model-x", DIM)
    data = clustered(500, seed=1)
    idx.add([(f"h{i}", v) for i, v in enumerate(data)])
    yield store, idx, data
    store.close()


def vec0(store: Store, idx, q: np.ndarray, k: int) -> list[tuple[int, float]]:
    return store.db.query(f"SELECT rowid, distance FROM {idx.table} WHERE embedding MATCH ? AND k = ? "
                          "ORDER BY distance", (q.astype(np.float32).tobytes(), k))


def test_the_copy_answers_as_the_vec0_scan_once_the_vectors_stood_still(index):
    store, idx, data = index
    copy = idx._exact()
    queries = clustered(20, seed=2)
    assert copy.search(queries[0], 10) is None, "a first search (a one-shot CLI) reads no copy"
    for q in queries:
        found = copy.search(q, 10)
        expected = vec0(store, idx, q, 10)
        assert [r for r, _ in found] == [r for r, _ in expected]
        assert max(abs(a - b) for (_, a), (_, b) in zip(found, expected)) < 1e-5
    assert copy.search(np.zeros(DIM, dtype=np.float32), 10) == []


def test_a_vector_added_or_pruned_drops_the_copy_until_the_vectors_stand_still_again(index):
    store, idx, data = index
    copy = idx._exact()
    copy.search(data[0], 5), copy.search(data[0], 5)
    assert copy.search(data[0], 5)[0][0] == 1
    new = clustered(1, seed=9)[0]
    idx.add([("new", new)])
    assert copy.search(new, 5) is None, "the vectors moved: scanned by vec0 this time"
    assert copy.search(new, 1) == [(501, pytest.approx(0.0, abs=1e-6))]
    with store.transaction() as c:
        c.execute("DELETE FROM sections")  # no section uses any vector now
    assert idx.prune() == 501
    assert copy.search(new, 5) is None
    assert copy.search(new, 5) == []


def test_knn_reads_the_copy_from_the_second_search_and_gives_the_same_sections(index, monkeypatch):
    store, idx, data = index
    with store.transaction() as c:
        for i in range(500):
            c.execute("INSERT INTO sections(memory_id, ordinal, heading, text, line, content_hash) "
                      "VALUES (?, 0, NULL, 'x', 1, ?)", (f"m{i}", f"h{i}"))
    scans = []
    real = store.db.query
    monkeypatch.setattr(store.db, "query", lambda sql, p=(): scans.append(sql) or real(sql, p))
    first = idx.knn(data[7], 5)
    second = idx.knn(data[7], 5)
    assert [sid for sid, _ in first] == [sid for sid, _ in second]
    assert [sim for _, sim in second] == pytest.approx([sim for _, sim in first], abs=1e-5)
    assert first[0][1] == pytest.approx(1.0, abs=1e-6)
    assert sum("MATCH" in s for s in scans) == 1, "vec0 scanned for the first search only"


def test_a_database_without_the_vectors_generation_is_scanned_by_vec0(index):
    store, idx, data = index
    with store.transaction() as c:
        c.execute("DELETE FROM counters WHERE name = 'vectors'")
    copy = idx._exact()
    assert copy.search(data[0], 5) is None and copy.search(data[0], 5) is None


def test_the_vectors_generation_moves_with_the_vectors_only(index):
    store, idx, data = index
    generation = store.db.scalar("SELECT value FROM counters WHERE name = 'vectors'")
    assert generation == 500
    store.set_meta("x", "y")
    assert store.db.scalar("SELECT value FROM counters WHERE name = 'vectors'") == 500
    idx.add([("h0", data[0])])  # already stored: nothing new
    assert store.db.scalar("SELECT value FROM counters WHERE name = 'vectors'") == 500
    idx.add([("other", data[1])])
    assert store.db.scalar("SELECT value FROM counters WHERE name = 'vectors'") == 501
