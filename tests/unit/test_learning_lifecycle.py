"""Reasons in other words, merged duplicates, one-direction blocks, language scope, privacy."""

from __future__ import annotations

import time

import pytest

from lore.context import build_pack
from lore.learn import FeedbackEvent
from lore.learn.evidence import parse_reason
from lore.learn.lifecycle import same_choice, same_shape
from lore.learn.service import confirm_preference, list_preferences, record_feedback, reject_preference
from lore.memory import Anchor, Kind, Memory, Scope

TS_EXPORT = "export {d}class Flag{n} extends Base {{\n    name = 'x';\n}}\n"
OS_PATH = "import os\n\ndef {name}(root):\n    return os.path.join(root, '{name}')\n"
PATHLIB = "from pathlib import Path\n\ndef {name}(root):\n    return Path(root) / '{name}'\n"


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        pytest.param("use pathlib, not os.path", ("pathlib", "os.path"), id="prefers-over"),
        pytest.param("no default exports", ("not default exports", "default exports"), id="no-x"),
        pytest.param("prefer const", ("const", ""), id="prefers-only"),
        pytest.param("always use ===", ("===", ""), id="operator"),
        pytest.param("requests is banned in this repo", ("not requests", "requests"), id="banned"),
        pytest.param("no, the other file", None, id="no-comma-is-not-a-rule"),
        pytest.param("not what I asked for", None, id="not-style"),
        pytest.param("use the helper we already have in utils", None, id="too-long-to-name-a-choice"),
    ],
)
def test_reasons_in_many_phrasings(reason, expected):
    assert parse_reason(reason) == expected


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        pytest.param(("not default exports", "default exports"), ("export", "export default"), True,
                     id="reason-and-edit"),
        pytest.param(("named export", ""), ("export", "export default"), True, id="wanted-only"),
        pytest.param(("const", ""), ("const", "let"), True, id="prefers-only"),
        pytest.param(("httpx", "requests"), ("requests", "httpx"), False, id="opposite"),
        pytest.param(("pathlib", "os.path"), ("httpx", "requests"), False, id="unrelated"),
        pytest.param(("strict equality (===)", "=="), ("===", "=="), True, id="operator-in-words"),
    ],
)
def test_same_choice_in_other_words(a, b, same):
    assert same_choice(*a, *b) is same


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        pytest.param(("===", "=="), ("!==", "!="), True, id="strict-equality-both-ways"),
        pytest.param(("===", "=="), ("==", "==="), False, id="opposite"),
        pytest.param(("const", "let"), ("===", "=="), False, id="words-are-not-shapes"),
    ],
)
def test_operator_substitutions_of_one_shape_are_one_preference(a, b, same):
    assert same_shape(*a, *b) is same


def _ts(outcome, n, *, final=True, reason=None):
    return FeedbackEvent(uri="file:///w/src/flag.ts", language="typescript",
                         proposed=TS_EXPORT.format(d="default ", n=n),
                         final=TS_EXPORT.format(d="", n=n) if final else None, outcome=outcome, reason=reason)


def _flip(name, to_pathlib=True):
    before, after = (OS_PATH, PATHLIB) if to_pathlib else (PATHLIB, OS_PATH)
    return FeedbackEvent(uri="file:///w/app/p.py", language="python", proposed=before.format(name=name),
                         final=after.format(name=name), outcome="modified")


def test_edits_are_merged_into_the_preference_a_reason_stated(lore):
    stated = record_feedback(lore, _ts("rejected", 0, final=False, reason="no default exports")).proposed
    assert [m.title for m in stated] == ["Avoid default exports"]
    later = [record_feedback(lore, _ts("modified", i)) for i in range(1, 6)]
    assert not [m for r in later for m in r.proposed]  # no second "Prefer export over export default"
    assert [m.id for m in list_preferences(lore)] == [stated[0].id]
    assert list(lore.get(stated[0].id).meta["linked"].items()) == [("edit.js:export default \u2192 export", "export")]


def test_without_reasons_recurring_edits_propose_with_a_real_example(lore):
    proposed = [m for i in range(4) for m in record_feedback(lore, _ts("modified", i)).proposed]
    assert [m.title for m in proposed] == ["Prefer `export` over `export default`"]
    assert "export default class Flag0 extends Base { \u2192 export class Flag0 extends Base {" in proposed[0].body
    assert proposed[0].meta["languages"] == ["javascript", "typescript", "tsx"]


def test_a_rejected_preference_blocks_its_direction_and_its_rephrasings_only(lore):
    m = record_feedback(lore, FeedbackEvent(uri="file:///w/a.py", language="python", proposed="import requests\n",
                                            final=None, outcome="rejected", reason="avoid requests")).proposed[0]
    reject_preference(lore, m.id)
    for reason in ("requests is banned", "don't use requests", "no requests"):
        again = record_feedback(lore, FeedbackEvent(uri="file:///w/a.py", language="python",
                                                    proposed="import requests\n", final=None, outcome="rejected",
                                                    reason=reason))
        assert again.proposed == [], reason
    p = [m for i in range(4) for m in record_feedback(lore, _flip(f"d{i}")).proposed][0]
    reject_preference(lore, p.id)
    back = [m for i in range(6) for m in record_feedback(lore, _flip(f"b{i}", to_pathlib=False)).proposed]
    assert [(m.meta["prefers"], m.meta["over"]) for m in back] == [("os.path", "pathlib")]


def test_a_go_files_pack_carries_no_preference_about_other_languages(lore):
    py = [m for i in range(4) for m in record_feedback(lore, _flip(f"d{i}")).proposed][0]
    ts = [m for i in range(4) for m in record_feedback(lore, _ts("modified", i)).proposed][0]
    for m in (py, ts):
        confirm_preference(lore, m.id)
    decision = lore.add(Memory(title="Errors are wrapped at package boundaries", kind=Kind.DECISION,
                               body="Decided for every service.", scope=Scope.TEAM,
                               anchors=[Anchor.parse("app/**")])).memory

    def ids(path):
        return [i.memory.id for i in build_pack(lore, path=path).items]

    assert py.id not in ids("cmd/server/main.go") and ts.id not in ids("cmd/server/main.go")
    assert ids("app/p.py").index(decision.id) < ids("app/p.py").index(py.id)  # below team decisions
    assert ts.id in ids("src/flag.ts") and py.id not in ids("src/flag.ts")


def test_a_secret_in_prose_in_a_reason_is_redacted(lore):
    result = record_feedback(lore, FeedbackEvent(
        uri="file:///w/a.py", language="python", proposed="print(x)\n", final=None, outcome="rejected",
        reason="use logging, not print; the staging password is hunter2x"))
    assert result.redactions >= 1
    stored = " ".join(str(v) for row in lore.user.db.query("SELECT reason FROM feedback_events") for v in row)
    stored += " ".join(m.body for m in list_preferences(lore, include_rejected=True))
    assert "hunter2x" not in stored


def test_recording_applies_retention_even_when_the_caller_does_not_say(lore):
    old = FeedbackEvent(uri="file:///w/a.py", language="python", proposed="print(1)\n", final=None,
                        outcome="accepted", at=time.time() - 45 * 86400)
    record_feedback(lore, old, retention_days=None)
    record_feedback(lore, FeedbackEvent(uri="file:///w/b.py", language="python", proposed="x = 1\n", final=None,
                                        outcome="accepted"))  # what MCP record_feedback calls
    rows = lore.user.db.query("SELECT proposed FROM feedback_events ORDER BY at")
    assert [r[0] for r in rows] == [None, "x = 1\n"]
