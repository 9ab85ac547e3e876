"""The learning ledger: events, observations and evidence rows, blocks, and the retention purge."""

from __future__ import annotations

import pytest

from lore.learn import FeatureEvidence, FeedbackEvent, Observation
from lore.learn.ledger import EvidenceEntry, Ledger
from lore.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "lore.db")
    yield s
    s.close()


def _event(at, proposed="print('hi')\n", reason=None):
    return FeedbackEvent(uri="file:///w/app.py", language="python", proposed=proposed, final=None,
                         outcome="rejected", at=at, reason=reason)


def _raw(store, event_id):
    return store.db.query("SELECT proposed, final, reason, purged_at FROM feedback_events WHERE id = ?",
                          (event_id,))[0]


def test_evidence_round_trips_with_memory_and_block(store):
    ledger = Ledger(store, "user")
    ev = FeatureEvidence("paths.pathlib", {"pathlib": 3.5, "os.path": 0.5}, 4,
                         ["[pathlib] Path(root) / 'out'"], 12.0)
    ledger.save(EvidenceEntry(ev, memory_id="abc123", blocked_at=None))
    got = ledger.entry("paths.pathlib")
    assert got == EvidenceEntry(ev, "abc123", None)
    ledger.block("paths.pathlib", 99.0)
    assert ledger.entry("paths.pathlib").blocked_at == 99.0
    assert ledger.entry("paths.pathlib").evidence == ev
    ledger.unblock("paths.pathlib")
    assert ledger.entry("paths.pathlib").blocked_at is None


def test_scopes_do_not_see_each_other(store):
    user, workspace = Ledger(store, "user"), Ledger(store, "workspace")
    user.save(EvidenceEntry(FeatureEvidence("quotes.python", {"single": 2.0}, 2)))
    workspace.block("naming.js", 5.0)
    assert set(user.entries(["quotes.python", "naming.js"])) == {"quotes.python"}
    assert [e.evidence.feature for e in workspace.all_entries()] == ["naming.js"]
    assert user.entry("naming.js") is None


def test_block_without_evidence_creates_an_empty_row(store):
    ledger = Ledger(store, "user")
    ledger.block("output.logging", 7.0)
    entry = ledger.entry("output.logging")
    assert entry.blocked_at == 7.0 and entry.evidence.signals == 0 and entry.evidence.total == 0


def test_observations_are_kept_per_feature(store):
    ledger = Ledger(store, "user")
    event_id = ledger.add_event(_event(1.0))
    obs = [Observation("output.logging", "logging", "print", 1.0, "instead of: print('hi')", 1.0),
           Observation("quotes.python", "double", "single", 1.0, "", 1.0)]
    ledger.add_observations(event_id, obs)
    assert ledger.observations("output.logging") == [obs[0]]
    assert ledger.event_count() == 1


def test_purge_drops_old_text_only(store):
    ledger = Ledger(store, "user")
    old = ledger.add_event(_event(100.0, reason="use logging"))
    new = ledger.add_event(_event(10_000.0, reason="use logging"))
    ledger.add_observations(old, [Observation("output.logging", "logging", "print", 1.0, "x", 100.0)])
    ledger.add_observations(new, [Observation("output.logging", "logging", "print", 1.0, "y", 10_000.0)])
    ledger.save(EvidenceEntry(FeatureEvidence("output.logging", {"logging": 2.0}, 2, ["[logging] x", "[logging] y"])))
    assert ledger.purge(before=5_000.0) == 1
    proposed, final, reason, purged_at = _raw(store, old)
    assert (proposed, final, reason) == (None, None, None) and purged_at is not None
    assert _raw(store, new)[:3] == ("print('hi')\n", None, "use logging")
    # examples drawn from old text go with it, in observations and in the evidence
    assert [o.example for o in ledger.observations("output.logging")] == ["", "y"]
    assert ledger.entry("output.logging").evidence.examples == ["[logging] y"]
    assert ledger.event_count() == 2
    assert ledger.purge(before=5_000.0) == 0


@pytest.mark.parametrize(
    ("weights", "examples"),
    [
        pytest.param("not json", "[]", id="broken-weights"),
        pytest.param("[1, 2]", "{}", id="wrong-types"),
    ],
)
def test_unreadable_evidence_reads_as_empty(store, weights, examples):
    with store.transaction() as c:
        c.execute("INSERT INTO evidence(scope, feature, option_weights, signals, examples, last_at) "
                  "VALUES ('user', 'f', ?, 3, ?, 0)", (weights, examples))
    entry = Ledger(store, "user").entry("f")
    assert entry.evidence.option_weights == {} and entry.evidence.examples == []
    assert entry.evidence.signals == 3
