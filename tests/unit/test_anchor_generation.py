"""Anchor lookup tables are rebuilt when what they hold changes, and only then.

The anchor generation (migration m004) moves when an anchor's place or an anchored memory's status
changes, by this connection or another; usage counts and code-hash baselines leave it alone.
"""

import attrs
import pytest

from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Memory
from lore.api import Lore


@pytest.fixture
def lore(tmp_workspace):
    lo = Lore(tmp_workspace, user_db=False, embedder=HashEmbedder())
    yield lo
    lo.close()


def _ids(lore, path, symbols=()):
    return sorted(m.id for m, _ in lore.memories_at(path, list(symbols)))


def test_generation_moves_with_places_and_status_only(lore):
    store = lore.store
    start = store.anchor_generation()
    m = lore.add(Memory(title="Repositories own SQL", anchors=[Anchor("symbol", "Repo.save", "python", "app/repo.py")])).memory
    added = store.anchor_generation()
    assert added > start

    lore.record_surfaced([m.id])
    m.anchors = [attrs.evolve(m.anchors[0], content_hash="abc:def")]  # a baseline: same place, new hash
    m = lore.update(m)
    assert store.anchor_generation() == added
    assert lore.get(m.id).anchors[0].content_hash == "abc:def"

    m.body = "Services never call the ORM."
    lore.update(m)
    assert store.anchor_generation() == added

    m = lore.get(m.id)
    m.anchors = [attrs.evolve(m.anchors[0], value="Repo.store")]  # a rename moves the anchor
    lore.update(m)
    renamed = store.anchor_generation()
    assert renamed > added

    lore.forget(m.id)
    assert store.anchor_generation() > renamed


def test_cached_tables_follow_changes_from_another_connection(lore, tmp_workspace):
    m = lore.add(Memory(title="App code is typed", anchors=[Anchor.parse("app/**")])).memory
    assert _ids(lore, "app/a.py") == [m.id]
    other = Lore(tmp_workspace, user_db=False, embedder=HashEmbedder())
    try:
        n = other.add(Memory(title="Handlers validate input", anchors=[Anchor.parse("app/handlers/**")])).memory
        assert _ids(lore, "app/handlers/h.py") == sorted([m.id, n.id])
        other.forget(m.id)
        assert _ids(lore, "app/handlers/h.py") == [n.id]
        other.restore(m.id)
        moved = other.get(n.id)
        moved.anchors = [Anchor.parse("lib/**")]
        other.update(moved)
        assert _ids(lore, "app/handlers/h.py") == [m.id]
        assert _ids(lore, "lib/x.py") == [n.id]
    finally:
        other.close()


def test_cached_tables_survive_unrelated_writes(lore):
    m = lore.add(Memory(title="Repositories own SQL", anchors=[Anchor.parse("app/repos/**")])).memory
    lore.memories_at("app/repos/r.py")
    matcher = lore._matcher(lore.store)
    lore.record_surfaced([m.id])
    lore.add(Memory(title="No anchors here", body="words"))  # adds no anchor
    lore.memories_at("app/repos/r.py")
    assert lore._matcher(lore.store) is matcher
    lore.add(Memory(title="Another place", anchors=[Anchor.parse("lib/**")]))
    lore.memories_at("app/repos/r.py")
    assert lore._matcher(lore.store) is not matcher
