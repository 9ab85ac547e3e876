"""The ids of a source kind are read again when the set of memories changes, and only then.

The memory generation (migration m005) moves when a memory is added, removed, renamed or read from
another kind of source; usage counts, baselines and status changes leave it, and the cached ids with it.
"""

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.memory import Kind, Memory, Provenance, SourceKind, Status
from lore.api import Lore


@pytest.fixture
def lore(tmp_workspace):
    lo = Lore(tmp_workspace, user_db=False, embedder=HashEmbedder())
    yield lo
    lo.close()


def test_source_ids_follow_the_set_of_memories_not_other_writes(lore):
    mems = lore.store.memories
    start = mems.generation()
    adr = lore.add(Memory(title="Use one queue", kind=Kind.DECISION,
                          provenance=Provenance(kind=SourceKind.ADR, path="docs/adr/1.md"))).memory
    assert mems.generation() > start
    assert mems.ids_from_sources(("adr",)) == {adr.id}

    added = mems.generation()
    lore.record_surfaced([adr.id])
    lore.set_status(adr.id, Status.DEPRECATED)
    adr = lore.get(adr.id)
    adr.body = "Every job goes through the one queue."
    lore.update(adr)
    assert mems.generation() == added, "usage counts, text and status leave the set of memories as it was"

    task = lore.add(Memory(title="fix the queue", kind=Kind.TASK,
                           provenance=Provenance(kind=SourceKind.GIT, commit="a" * 40, key="c1"))).memory
    assert mems.generation() > added
    assert mems.ids_from_sources(("adr",)) == {adr.id} and mems.ids_from_sources(("git",)) == {task.id}

    mems.rename_id(adr.id, "renamed00001")
    assert mems.ids_from_sources(("adr",)) == {"renamed00001"}
    mems.delete("renamed00001")
    assert mems.ids_from_sources(("adr",)) == frozenset()
