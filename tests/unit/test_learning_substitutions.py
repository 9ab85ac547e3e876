"""Substitutions mined from hand edits in any language with a grammar, and what counts against them."""

from __future__ import annotations

import pytest

from lore.learn import FeedbackEvent
from lore.learn.substitutions import (
    WEIGHT_KEPT,
    WEIGHT_REASONED_REJECTION,
    WEIGHT_UNREASONED_REJECTION,
    counter_evidence,
    feature_id,
    mine,
    reason_words,
    split_feature,
)


def _modified(language, before, after, reason=None):
    return FeedbackEvent(uri=f"file:///w/x.{language}", language=language, proposed=before, final=after,
                         outcome="modified", reason=reason, at=5.0)


GO_WRAP = 'func load(p string) error {\n\tif err := read(p); err != nil {\n\t\treturn fmt.Errorf("load %s: %{v}", p, err)\n\t}\n\treturn nil\n}\n'
GO_ANY = "func keys(m map[string]{t}) []string {{\n\treturn nil\n}}\n"
TS_LET = "export function total(items: Item[]) {{\n    {kw} sum = items.length;\n    return sum;\n}}\n"
TS_EXPORT = "export {d}class Flag extends Base {{\n    name = 'x';\n}}\n"
PY_HTTP = "def fetch(url):\n    resp = {lib}.get(url, timeout=5)\n    return resp.json()\n"


@pytest.mark.parametrize(
    ("language", "before", "after", "over", "prefers"),
    [
        pytest.param("go", GO_WRAP.replace("{v}", "v"), GO_WRAP.replace("{v}", "w"), "%v", "%w", id="go-error-verb"),
        pytest.param("go", GO_ANY.format(t="interface{}"), GO_ANY.format(t="any"), "interface{}", "any",
                     id="go-any"),
        pytest.param("typescript", TS_LET.format(kw="let"), TS_LET.format(kw="const"), "let", "const",
                     id="ts-const"),
        pytest.param("typescript", TS_EXPORT.format(d="default "), TS_EXPORT.format(d=""), "export default",
                     "export", id="ts-named-export"),
        pytest.param("typescript", "if (a == b) { go(); }\n", "if (a === b) { go(); }\n", "==", "===",
                     id="ts-strict-equality"),
        pytest.param("python", PY_HTTP.format(lib="requests"), PY_HTTP.format(lib="httpx"), "requests", "httpx",
                     id="python-library"),
    ],
)
def test_a_hand_edit_yields_its_substitution(language, before, after, over, prefers):
    found = mine(_modified(language, before, after))
    assert [(o.over, o.prefers, o.weight) for o in found] == [(over, prefers, 1.5)]
    assert split_feature(found[0].feature)[1:] == (over, prefers)
    assert "\u2192" in found[0].example  # a real before -> after line pair


@pytest.mark.parametrize(
    ("before", "after"),
    [
        pytest.param("def f(n):\n    return n < 10\n", "def f(n):\n    return n <= 10\n", id="comparison-fix"),
        pytest.param("def f():\n    return 0\n", "def f():\n    return 1\n", id="literal"),
        pytest.param("def f(a, b):\n    return a + b\n", "def f(a, b):\n    return a - b\n", id="operator"),
        pytest.param("def f(a):\n    x = a < 1\n    y = a < 2\n    return x\n",
                     "def f(a):\n    x = a <= 1\n    y = a < 2\n    return x\n", id="one-of-several-uses"),
        pytest.param("def f(a):\n    # old note\n    return a\n", "def f(a):\n    # new note\n    return a\n",
                     id="comment"),
        pytest.param("def f(a):\n    return g(a, 'x')\n", "def f(a):\n    return g(a) / 'x'\n",
                     id="lone-punctuation"),
    ],
)
def test_fixes_literals_comments_and_punctuation_are_not_candidates(before, after):
    assert [(o.over, o.prefers) for o in mine(_modified("python", before, after))] == []


def test_accepted_and_rejected_events_are_not_mined():
    for outcome in ("accepted", "rejected"):
        event = FeedbackEvent(uri="file:///w/a.py", language="python", proposed=PY_HTTP.format(lib="requests"),
                              final=None, outcome=outcome)
        assert mine(event) == []


HTTPX = feature_id("python", ("requests",), ("httpx",))


@pytest.mark.parametrize(
    ("outcome", "code", "reason", "expected"),
    [
        pytest.param("modified", PY_HTTP.format(lib="requests"), None, [("requests", WEIGHT_KEPT)],
                     id="old-form-kept-in-a-hand-edit"),
        pytest.param("accepted", PY_HTTP.format(lib="httpx"), None, [("httpx", WEIGHT_KEPT)], id="new-form-accepted"),
        pytest.param("rejected", PY_HTTP.format(lib="requests"), None,
                     [("httpx", WEIGHT_UNREASONED_REJECTION)], id="rejected-without-reason"),
        pytest.param("rejected", PY_HTTP.format(lib="requests"), "requests is banned here",
                     [("httpx", WEIGHT_REASONED_REJECTION)], id="rejected-reason-names-it"),
        pytest.param("rejected", PY_HTTP.format(lib="requests"), "wrong function", [], id="rejected-for-another-reason"),
        pytest.param("accepted", "def f():\n    return 1\n", None, [], id="unrelated-code"),
    ],
)
def test_counter_evidence_for_known_candidates(outcome, code, reason, expected):
    event = FeedbackEvent(uri="file:///w/a.py", language="python", proposed=code,
                          final=code if outcome == "modified" else None, outcome=outcome, reason=reason)
    found = counter_evidence(event, [HTTPX], set(), reason_words(reason))
    assert [(o.prefers, o.weight) for o in found] == expected


def test_candidates_of_another_language_are_ignored():
    event = FeedbackEvent(uri="file:///w/a.go", language="go", proposed="package x\n\nvar requests = 1\n",
                          final=None, outcome="accepted")
    assert counter_evidence(event, [HTTPX], set(), None) == []


@pytest.mark.parametrize(
    ("feature", "prefers", "language", "code", "expected"),
    [
        pytest.param("edit.go:%v \u2192 %w", "%w", "go", 'package x\n\nfunc f() error {\n\treturn fmt.Errorf("x: %v", err)\n}\n',
                     [(3, 23, "%v: prefer `%w` over `%v`")], id="go-verb-in-a-string"),
        pytest.param("edit.js:let \u2192 const", "const", "typescript", "const b = 2;\nlet a = 1;\n",
                     [(1, 0, "let: prefer `const` over `let`")], id="ts-keyword"),
        pytest.param("edit.js:let \u2192 const", "const", "python", "let = 1\n", [], id="other-language"),
    ],
)
def test_code_that_goes_against_a_mined_preference_is_found(feature, prefers, language, code, expected):
    from lore.learn.evidence import contradicts

    assert contradicts(feature, prefers, language, code) == expected
