"""A record the repository retired: found by a search (weighted down, its status said), just below the
record that took its place, which comes with it even when the question's words miss it; found alone
when nothing took its place; its successor read from its revision history when its status does not
name one."""

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


def test_search_finds_a_retired_record_and_puts_what_replaced_it_just_above(tmp_path: Path):
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
        hits = lore.search(Query("Fluentd"))
        titles = [h.memory.title for h in hits]
        assert titles[:2] == ["5. Ship logs with Vector", "4. Ship logs with Fluentd"], titles
        retired = hits[1]
        assert retired.memory.status is Status.DEPRECATED and any(w.startswith("deprecated by") for w in retired.why)
        assert any(w.startswith("successor of") for w in hits[0].why), "found through the record it replaced"
    finally:
        lore.close()



def test_a_strong_match_on_a_retired_record_lifts_its_weaker_successor_instead_of_sinking_below_it():
    """The retired record is what the question found; its successor, barely found, comes just above it,
    rather than the retired record dropping below everything the successor scored under."""
    from lore.memory import Memory
    from lore.recall.ordering import order_hits
    from lore.recall.query import Hit

    successor = Memory(id="vector0000005", title="5. Ship logs with Vector")
    retired = Memory(id="fluentd000004", title="4. Ship logs with Fluentd", status=Status.DEPRECATED,
                     superseded_by=[successor.id])
    other = Memory(id="metrics000006", title="6. Sidecar containers for metrics")
    hits = [Hit(retired, 0.6), Hit(other, 0.5), Hit(successor, 0.1)]
    ranked = order_hits({m.id: m for m in (successor, retired, other)}.__getitem__, hits, Query("Fluentd sidecar"))
    assert [h.memory.id for h in ranked] == [successor.id, retired.id, other.id]


def test_a_successor_is_lifted_above_the_strength_its_retired_record_was_found_with():
    """claim-additional-payments: "which replaced GOV.UK Verify" found the deprecated Verify record best, but its
    status weight had lowered it under a changelog naming Verify in passing, and its successor was lifted only
    above the lowered score. The pair keeps the strength of the match: the successor, then the retired record."""
    import time

    from lore.memory import Memory
    from lore.recall.ordering import order_hits
    from lore.recall.query import Hit
    from lore.recall.search import _adjust

    successor = Memory(id="dqt0000000012", title="12. Automate DQT integration")
    retired = Memory(id="verify0000008", title="8. Use GOV.UK Verify", status=Status.DEPRECATED,
                     superseded_by=[successor.id])
    changelog = Memory(id="changelog0001", title="Changelog")
    q, now = Query("which replaced GOV.UK Verify"), time.time()
    hits = [Hit(retired, 0.9), Hit(changelog, 0.7), Hit(successor, 0.5)]
    for h in hits:
        _adjust(h, q, now)
    assert hits[0].score < hits[1].score  # weighted down for its status
    ranked = order_hits({m.id: m for m in (successor, retired, changelog)}.__getitem__, hits, q)
    assert [h.memory.id for h in ranked] == [successor.id, retired.id, changelog.id]


def test_a_question_not_about_succession_keeps_a_retired_record_weighed_down():
    """opensafely job-server: "what other way in do we offer …" found a deprecated record strongly; lifting it and
    its successor back to that strength put both above the current record answering the question."""
    import time

    from lore.memory import Memory
    from lore.recall.ordering import asks_succession, order_hits
    from lore.recall.query import Hit
    from lore.recall.search import _adjust

    successor = Memory(id="sunset0000029", title="29. Sunset interactive")
    retired = Memory(id="magic00000011", title="11. Magic link login", status=Status.DEPRECATED,
                     superseded_by=[successor.id])
    current = Memory(id="token00000015", title="15. Login by token")
    q, now = Query("what other way in do we offer people without a login"), time.time()
    hits = [Hit(retired, 0.9), Hit(current, 0.8), Hit(successor, 0.3)]
    for h in hits:
        _adjust(h, q, now)
    ranked = order_hits({m.id: m for m in (successor, retired, current)}.__getitem__, hits, q)
    assert ranked[0].memory.id == current.id
    assert asks_succession("which replaced GOV.UK Verify") and asks_succession("Do iOS apps still use it?")
    assert not asks_succession("what other way in do we offer")


def test_a_retired_record_found_weakly_keeps_its_status_weight():
    """A successor the question found better than the retired record leads on its own; the retired record is
    not lifted back to the strength of its match."""
    import time

    from lore.memory import Memory
    from lore.recall.ordering import order_hits
    from lore.recall.query import Hit
    from lore.recall.search import _adjust

    successor = Memory(id="vector0000005", title="5. Ship logs with Vector")
    retired = Memory(id="fluentd000004", title="4. Ship logs with Fluentd", status=Status.DEPRECATED,
                     superseded_by=[successor.id])
    other = Memory(id="metrics000006", title="6. Sidecar containers for metrics")
    q, now = Query("Vector agents"), time.time()
    hits = [Hit(successor, 0.9), Hit(other, 0.6), Hit(retired, 0.7)]
    for h in hits:
        _adjust(h, q, now)
    ranked = order_hits({m.id: m for m in (successor, retired, other)}.__getitem__, hits, q)
    assert [h.memory.id for h in ranked] == [successor.id, other.id, retired.id]


def test_the_third_and_later_rules_of_one_file_follow_the_hits_of_other_files():
    """A guide is read as one memory per rule: eight rules of one style guide were eight of the first ten answers
    to a question about one of them. Decisions of one file (a decision log's entries) keep their places."""
    from lore.memory import Kind, Memory, Provenance
    from lore.recall.ordering import order_hits
    from lore.recall.query import Hit

    rules = [Memory(id=f"rule{i:09d}", title=f"Rule {i}", kind=Kind.CONVENTION,
                    provenance=Provenance(path="CONTRIBUTING.md")) for i in range(4)]
    page = Memory(id="page000000001", title="Testing page", kind=Kind.FACT, provenance=Provenance(path="docs/testing.md"))
    log = [Memory(id=f"log{i:010d}", title=f"Entry {i}", provenance=Provenance(path="DECISIONS.md")) for i in range(3)]
    hits = [Hit(m, 0.9 - 0.01 * i) for i, m in enumerate(rules)] + [Hit(page, 0.5)] + \
        [Hit(m, 0.4 - 0.01 * i) for i, m in enumerate(log)]
    ranked = order_hits({h.memory.id: h.memory for h in hits}.__getitem__, hits, Query("testing"))
    assert [h.memory.id for h in ranked] == [rules[0].id, rules[1].id, page.id, *(m.id for m in log),
                                             rules[2].id, rules[3].id]
