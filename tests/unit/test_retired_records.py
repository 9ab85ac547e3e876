"""A record the repository retired: hidden from search when a later record takes its place, found
(weighted down, its status said) when nothing does, and its successor read from its revision history
when its status does not name one."""

from pathlib import Path

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.memory import Status
from lore.recall import Query
from lore.sources.adr import parse_adr
from lore.sources.status import retired_for

RETIRED_ALONE = """# 3. Queue jobs in Redis

Status: Superseded

## Context
Workers poll for nightly reconciliation jobs.

## Decision
Queue the nightly reconciliation jobs in Redis lists.
"""
RETIRED_FOR_5 = """# 4. Ship logs with Fluentd

Status: Deprecated

## Revision History

| Revision | Date       | Description                 |
|----------|------------|-----------------------------|
| final    | 2024/07/17 | Deprecate in favor of ADR-5 |

## Decision
Ship container logs with a Fluentd sidecar.
"""
SUCCESSOR = """# 5. Ship logs with Vector

Status: Accepted

## Decision
Ship container logs with Vector agents instead of sidecars.
"""


def test_a_revision_row_names_the_successor_of_a_retired_record():
    assert [r.number for r in retired_for(["| final | 2024/07/17 | Deprecate in favor of ADR-5 |"])] == [5]
    assert retired_for(["| 2 | 2023/01/01 | Deprecated the old flag |", "| 1 | 2022 | Use ADR-5 for logs |"]) == []
    parsed = parse_adr("docs/adr/0004-fluentd.md", RETIRED_FOR_5)
    assert parsed.memories[0].status is Status.DEPRECATED
    assert [r["number"] for r in parsed.memories[0].meta["refs"]["superseded_by"]] == [5]


def test_search_finds_a_retired_record_nothing_replaced_and_hides_one_a_later_record_replaced(tmp_path: Path):
    ws = tmp_path / "ws"
    (ws / "docs" / "adr").mkdir(parents=True)
    for name, text in (("0003-redis-queue.md", RETIRED_ALONE), ("0004-fluentd.md", RETIRED_FOR_5),
                       ("0005-vector.md", SUCCESSOR)):
        (ws / "docs" / "adr" / name).write_text(text)
    lore = Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        hits = lore.search(Query("nightly reconciliation jobs Redis lists"))
        alone = next(h for h in hits if h.memory.title.startswith("3."))
        assert alone.memory.status is Status.SUPERSEDED and any("superseded" in w for w in alone.why)
        titles = [h.memory.title for h in lore.search(Query("ship container logs Fluentd sidecar"))]
        assert titles and not any(t.startswith("4.") for t in titles)
        assert any(t.startswith("5.") for t in titles)
    finally:
        lore.close()
