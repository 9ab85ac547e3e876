"""Learning end to end in the core: feedback → evidence → proposed preference → review → use."""

from __future__ import annotations

import time

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.learn import FeedbackEvent
from lore.learn.ledger import Ledger
from lore.learn.service import (
    confirm_preference,
    contradictions,
    list_preferences,
    purge_old_feedback,
    record_feedback,
    reject_preference,
)
from lore.memory import Kind, Memory, Scope, SourceKind, Status, ValidationError
from lore.wire.learning import feedback_json
from lore.api import Lore

OS_PATH = "import os\n\ndef {name}(root):\n    return os.path.join(root, '{name}')\n"
PATHLIB = "from pathlib import Path\n\ndef {name}(root):\n    return Path(root) / '{name}'\n"
PATHS_TITLE = "Prefer pathlib over os.path for file paths"
# Assembled so secret scanners do not flag this file.
GITHUB_TOKEN = "ghp_" + "1234567890abcdefghijklmnopqrstuvwxyzAB"


def _flip(name, *, to_pathlib=True, at=None, reason=None):
    """A suggestion in one style rewritten by hand into the other."""
    before, after = (OS_PATH, PATHLIB) if to_pathlib else (PATHLIB, OS_PATH)
    return FeedbackEvent(uri="file:///w/app/paths.py", language="python", proposed=before.format(name=name),
                         final=after.format(name=name), outcome="modified", origin="agent",
                         at=time.time() if at is None else at, reason=reason)


def _feed(lore, events, scope="user"):
    return [record_feedback(lore, event, scope=scope) for event in events]


def _paths(memories):
    return [m for m in memories if m.meta.get("feature") == "paths.pathlib"]


def _paths_preference(lore, **kw):
    found = [m for m in list_preferences(lore, **kw) if m.meta.get("feature") == "paths.pathlib"]
    return found[0] if found else None


def test_consistent_edits_propose_a_preference_with_its_evidence(lore):
    results = _feed(lore, [_flip("out_dir"), _flip("cache_dir")])
    assert all(not r.proposed for r in results)
    result = record_feedback(lore, _flip("log_dir"))
    assert [m.title for m in result.proposed] == [PATHS_TITLE]
    m = result.proposed[0]
    assert (m.kind, m.status, m.scope, m.provenance.kind) == (
        Kind.PREFERENCE, Status.PROPOSED, Scope.USER, SourceKind.FEEDBACK)
    assert m.meta["feature"] == "paths.pathlib" and m.meta["prefers"] == "pathlib"
    assert m.meta["evidence"]["signals"] == 3
    # earlier evidence fades by DECAY per hand edit: 1.5 * (0.8 ** 2 + 0.8 + 1)
    assert m.meta["evidence"]["weights"] == {"pathlib": 3.66}
    assert "3 edit signals" in m.body and "`from pathlib import Path`" in m.body
    assert m.anchors == [] and m.meta["languages"] == ["python"]
    assert lore.user.memories.get(m.id) is not None and lore.store.memories.get(m.id) is None
    json = feedback_json(result)
    assert json["proposed"][0]["evidence"]["signals"] == 3
    assert {"feature": "paths.pathlib", "prefers": "pathlib", "over": "os.path", "weight": 1.5,
            "example": "from pathlib import Path"} in json["observations"]
    # More of the same refreshes the evidence instead of proposing again.
    again = record_feedback(lore, _flip("tmp_dir"))
    assert not _paths(again.proposed) and [u.id for u in _paths(again.updated)] == [m.id]
    assert lore.get(m.id).meta["evidence"]["signals"] == 4


def test_workspace_scope_learns_in_the_workspace_database(lore):
    results = _feed(lore, [_flip(f"d{i}") for i in range(3)], scope="workspace")
    m = results[-1].proposed[0]
    assert m.scope is Scope.WORKSPACE and lore.store.memories.get(m.id) is not None
    assert Ledger(lore.user, "user").entry("paths.pathlib") is None


@pytest.mark.parametrize(
    "pattern",
    [
        pytest.param([True, False, True, False, True, False], id="alternating"),
        pytest.param([True, True, False, False], id="two-each"),
        pytest.param([True, True, False, True, False], id="three-to-two"),
    ],
)
def test_mixed_evidence_proposes_nothing(lore, pattern):
    results = _feed(lore, [_flip(f"d{i}", to_pathlib=p) for i, p in enumerate(pattern)])
    assert not [m for r in results for m in _paths(r.proposed)]
    assert _paths_preference(lore) is None


def test_confirming_makes_it_active_and_contradicting_code_is_found(lore):
    m = _feed(lore, [_flip(f"d{i}") for i in range(3)])[-1].proposed[0]
    code = OS_PATH.format(name="build_dir")
    assert contradictions(lore, "app/build.py", "python", code) == []  # proposed only: silent
    active = confirm_preference(lore, m.id[:6])
    assert active.status is Status.ACTIVE and active.id == m.id
    found = contradictions(lore, "app/build.py", "python", code)
    assert [(c.memory.id, c.line, c.col) for c in found] == [(m.id, 3, 11)]
    assert "prefer pathlib" in found[0].description
    assert contradictions(lore, "app/build.py", "python", PATHLIB.format(name="x")) == []
    assert contradictions(lore, "app/build.js", "javascript", "const p = path.join(a, b);\n") == []
    assert len(contradictions(lore, "app/build.py", "", code)) == 1  # language from the file name


def test_rejecting_blocks_the_feature_in_that_scope_only(lore):
    m = _paths(_feed(lore, [_flip(f"d{i}") for i in range(3)])[-1].proposed)[0]
    rejected = reject_preference(lore, m.id)
    assert rejected.status is Status.DEPRECATED and "rejectedAt" in rejected.meta
    assert _paths_preference(lore) is None
    assert _paths_preference(lore, include_rejected=True).id == m.id
    later = _feed(lore, [_flip(f"e{i}") for i in range(5)])
    assert not [p for r in later for p in _paths(r.proposed)]
    assert Ledger(lore.user, "user").entry("paths.pathlib").evidence.signals == 8
    # The workspace scope keeps its own judgement.
    elsewhere = _feed(lore, [_flip(f"w{i}") for i in range(3)], scope="workspace")
    assert [p.scope for p in elsewhere[-1].proposed] == [Scope.WORKSPACE]
    # Confirming the rejected one after all lifts the block.
    assert confirm_preference(lore, m.id).status is Status.ACTIVE
    assert Ledger(lore.user, "user").entry("paths.pathlib").blocked_at is None


def test_a_proposed_preference_that_later_edits_contradict_is_retired(lore):
    _feed(lore, [_flip(f"d{i}") for i in range(4)])
    m = _paths_preference(lore)
    first = record_feedback(lore, _flip("back1", to_pathlib=False))
    assert not _paths(first.retired)
    assert 0.6 <= lore.get(m.id).confidence < 1.0
    retired = []
    for i in range(4):
        retired += _paths(record_feedback(lore, _flip(f"back{i + 2}", to_pathlib=False)).retired)
        if retired:
            break
    assert [r.id for r in retired] == [m.id]
    gone = lore.get(m.id)
    assert gone.status is Status.DEPRECATED and gone.confidence < 0.6
    assert "other way" in gone.meta["retired"]["reason"]
    assert contradictions(lore, "a.py", "python", OS_PATH.format(name="x")) == []


def test_a_confirmed_preference_contradicted_later_is_flagged_and_its_successor_proposed(lore):
    _feed(lore, [_flip(f"d{i}") for i in range(10)])
    m = _paths_preference(lore)
    confirm_preference(lore, m.id)
    successor, contrary = None, 0
    while successor is None and contrary < 12:
        contrary += 1
        result = record_feedback(lore, _flip(f"back{contrary}", to_pathlib=False))
        successor = next((p for p in _paths(result.proposed) if p.meta["prefers"] == "os.path"), None)
        assert not _paths(result.retired)  # never silently dropped
    assert successor is not None and contrary <= 8  # evidence fades: a change of mind shows quickly
    flagged = lore.get(m.id)
    assert flagged.status is Status.ACTIVE and "other way" in flagged.meta["review"]["reason"]
    assert flagged.meta["review"]["successor"] == successor.id and successor.meta["replaces"] == m.id
    confirm_preference(lore, successor.id)
    assert lore.get(m.id).status is Status.SUPERSEDED


@pytest.mark.parametrize(
    ("reason", "code", "feature", "title"),
    [
        pytest.param("use pathlib, not os.path", OS_PATH.format(name="d"), "paths.pathlib", PATHS_TITLE,
                     id="catalog-feature"),
        pytest.param("don't use print", "print('saved', path)\n", "output.logging",
                     "Prefer logging over print() for output", id="ruled-out-option"),
        pytest.param("avoid requests here", "import requests\n", "reason.avoid-requests", "Avoid requests",
                     id="free-text"),
    ],
)
def test_a_rejection_with_a_reason_proposes_at_once(lore, reason, code, feature, title):
    event = FeedbackEvent(uri="file:///w/a.py", language="python", proposed=code, final=None,
                          outcome="rejected", reason=reason)
    result = record_feedback(lore, event)
    assert [(p.meta["feature"], p.title) for p in result.proposed] == [(feature, title)]
    assert reason in result.proposed[0].body


def test_old_feedback_text_is_purged_but_evidence_and_preferences_stay(lore):
    old = time.time() - 40 * 86400
    m = [record_feedback(lore, _flip(f"d{i}", at=old + i), retention_days=None) for i in range(3)]
    m += [record_feedback(lore, _flip("recent"), retention_days=None)]
    pref = _paths_preference(lore)
    assert purge_old_feedback(lore, 30) == 3
    # examples drawn from the old text are gone from the evidence and the preference too
    examples = lore.get(pref.id).meta["evidence"]["examples"]
    assert examples == Ledger(lore.user, "user").entry("paths.pathlib").evidence.examples
    assert not any("d0" in e or "d1" in e or "d2" in e for e in examples)
    rows = lore.user.db.query("SELECT proposed, final, purged_at FROM feedback_events ORDER BY at")
    assert [r[0] is None and r[1] is None for r in rows] == [True, True, True, False]
    assert Ledger(lore.user, "user").entry("paths.pathlib").evidence.signals == 4
    assert lore.get(pref.id).meta["evidence"]["signals"] == 4 and m
    assert purge_old_feedback(lore, 30) == 0
    record_feedback(lore, _flip("now"), retention_days=0)
    assert lore.user.db.scalar("SELECT count(*) FROM feedback_events WHERE proposed IS NOT NULL") == 0
    with pytest.raises(ValidationError):
        purge_old_feedback(lore, -1)


def test_secrets_are_redacted_before_anything_is_stored(lore):
    code = f'TOKEN = "{GITHUB_TOKEN}"\nprint("token", TOKEN)\n'
    event = FeedbackEvent(uri="file:///w/a.py", language="python", proposed=code, final=None,
                          outcome="rejected", reason=f"never print {GITHUB_TOKEN}; use logging, not print")
    result = record_feedback(lore, event)
    assert result.redactions >= 2
    stored = " ".join(str(v) for row in lore.user.db.query("SELECT * FROM feedback_events") for v in row)
    stored += " ".join(str(v) for row in lore.user.db.query("SELECT * FROM observations") for v in row)
    stored += " ".join(str(v) for row in lore.user.db.query("SELECT * FROM evidence") for v in row)
    stored += " ".join(m.body + m.title for m in list_preferences(lore, include_rejected=True))
    assert GITHUB_TOKEN not in stored and "[REDACTED:github-token]" in stored


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param({"scope": "team"}, "private", id="team-scope"),
        pytest.param({"scope": "galaxy"}, "invalid scope", id="unknown-scope"),
    ],
)
def test_bad_scopes_are_refused_and_nothing_is_stored(lore, kwargs, message):
    with pytest.raises(ValidationError, match=message):
        record_feedback(lore, _flip("x"), **kwargs)
    assert lore.user.db.scalar("SELECT count(*) FROM feedback_events") == 0


def test_user_scope_needs_the_user_database(tmp_workspace):
    with Lore(tmp_workspace, user_db=False, embedder=HashEmbedder()) as lo:
        with pytest.raises(ValidationError, match="user database"):
            record_feedback(lo, _flip("x"))
        assert record_feedback(lo, _flip("x"), scope="workspace").observations


def test_review_refuses_memories_that_are_not_preferences(lore):
    decision = lore.add(Memory(title="Use Postgres", kind=Kind.DECISION)).memory
    for review in (confirm_preference, reject_preference):
        with pytest.raises(ValidationError, match="not a preference"):
            review(lore, decision.id)
    manual = lore.add(Memory(title="Prefer tabs", kind=Kind.PREFERENCE, status=Status.PROPOSED,
                             scope=Scope.USER)).memory
    assert [m.id for m in list_preferences(lore)] == [manual.id]
    assert reject_preference(lore, manual.id).status is Status.DEPRECATED


def test_an_active_preference_reaches_context_packs_and_search(lore):
    from lore.context import build_pack
    from lore.recall import Query

    m = _paths(_feed(lore, [_flip(f"d{i}") for i in range(3)])[-1].proposed)[0]
    confirm_preference(lore, m.id)
    pack = build_pack(lore, path="app/build.py", budget=800)
    assert m.id in [item.memory.id for item in pack.items] and PATHS_TITLE in pack.markdown
    assert m.id in [h.memory.id for h in lore.search(Query("pathlib file paths"))]
