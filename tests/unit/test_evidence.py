"""Accumulating evidence, proposing and retiring preferences, reasons and contradictions."""

from __future__ import annotations

import pytest

from lore.learn import (
    FeatureEvidence,
    FeedbackEvent,
    Observation,
    accumulate,
    contradicts,
    observe,
    proposal_from_reason,
    propose,
    still_holds,
)
from lore.learn.evidence import DECAY, MAX_EXAMPLES, parse_reason

OS_PATH = "import os\n\ndef out_dir(root):\n    return os.path.join(root, 'out')\n"
PATHLIB = "from pathlib import Path\n\ndef out_dir(root):\n    return Path(root) / 'out'\n"


def _event(outcome, proposed, final=None, at=0.0, language="python", reason=None):
    return FeedbackEvent(uri="file:///w/app.py", language=language, proposed=proposed, final=final,
                         outcome=outcome, at=at, reason=reason)


def _obs(prefers, weight=1.0, feature="paths.pathlib", at=0.0, example="x"):
    over = "os.path" if prefers == "pathlib" else "pathlib"
    return Observation(feature, prefers, over, weight, example, at)


def _feed(events):
    evidence: dict[str, FeatureEvidence] = {}
    for event in events:
        evidence = accumulate(evidence, observe(event))
    return evidence


def test_consistent_edits_yield_a_proposal_with_the_evidence():
    evidence = _feed([
        _event("modified", OS_PATH, PATHLIB, at=1.0),
        _event("modified", OS_PATH.replace("'out'", "'build'"), PATHLIB.replace("'out'", "'build'"), at=2.0),
        _event("accepted", "cache = Path.home() / '.cache'\n", at=3.0),
    ])
    paths = evidence["paths.pathlib"]
    assert paths.signals == 3
    # earlier weight fades by DECAY per hand edit (less for an acceptance's 0.5)
    fade = DECAY ** (0.5 / 1.5)
    assert paths.option_weights == {"pathlib": pytest.approx((1.5 * DECAY + 1.5) * fade + 0.5)}
    assert paths.last_at == 3.0
    proposal = propose(paths)
    assert proposal is not None
    assert (proposal.feature, proposal.prefers, proposal.over) == ("paths.pathlib", "pathlib", "os.path")
    assert proposal.title == "Prefer pathlib over os.path for file paths"
    assert proposal.confidence == 1.0
    assert "3 edit signals" in proposal.body and "pathlib 3.01" in proposal.body
    assert "`cache = Path.home() / '.cache'`" in proposal.body
    assert "`from pathlib import Path`" in proposal.body


def test_mixed_evidence_yields_no_proposal():
    evidence = accumulate({}, [_obs("pathlib", 1.5), _obs("os.path", 1.5), _obs("pathlib", 1.0),
                               _obs("os.path", 0.5)])
    assert propose(evidence["paths.pathlib"]) is None


@pytest.mark.parametrize(
    ("weights", "expected"),
    [
        pytest.param([1.5, 1.5], None, id="two-signals-too-few"),
        pytest.param([0.5, 0.5, 0.5], None, id="three-acceptances-too-light"),
        pytest.param([0.5, 0.5, 0.5, 0.5], None, id="four-acceptances-are-not-decisive"),
        pytest.param([0.5, 0.5, 0.5, 1.0], "pathlib", id="three-acceptances-and-a-rejection"),
        pytest.param([1.5, 0.5, 0.5], "pathlib", id="one-hand-edit-and-two-acceptances"),
    ],
)
def test_thresholds(weights, expected):
    evidence = accumulate({}, [_obs("pathlib", w) for w in weights])["paths.pathlib"]
    proposal = propose(evidence)
    assert (proposal.prefers if proposal else None) == expected


def test_share_threshold_is_inclusive_and_configurable():
    evidence = FeatureEvidence("paths.pathlib", {"pathlib": 4.0, "os.path": 1.0}, 3, decisive={"pathlib": 1})
    proposal = propose(evidence)
    assert proposal is not None and proposal.confidence == 0.8
    assert propose(evidence, min_share=0.9) is None
    assert propose(evidence, min_signals=4) is None
    assert "os.path 1" in proposal.body


def test_later_contradictions_retire_a_preference():
    evidence = _feed([_event("modified", OS_PATH, PATHLIB)] * 3)
    proposal = propose(evidence["paths.pathlib"])
    assert proposal is not None
    holds, confidence = still_holds(evidence["paths.pathlib"], proposal.prefers)
    assert (holds, confidence) == (True, 1.0)

    # evidence fades: one contrary edit lowers the share, a second one ends it
    evidence = _feed([_event("modified", OS_PATH, PATHLIB)] * 3 + [_event("modified", PATHLIB, OS_PATH)])
    holds, confidence = still_holds(evidence["paths.pathlib"], "pathlib")
    kept = 1.5 * (DECAY ** 2 + DECAY + 1) * DECAY
    assert holds and confidence == pytest.approx(kept / (kept + 1.5), abs=1e-3)
    evidence = accumulate(evidence, observe(_event("modified", PATHLIB, OS_PATH)))
    holds, confidence = still_holds(evidence["paths.pathlib"], "pathlib")
    assert not holds and confidence < 0.6
    assert propose(evidence["paths.pathlib"]) is None


def test_still_holds_without_evidence():
    assert still_holds(FeatureEvidence(feature="paths.pathlib"), "pathlib") == (True, 1.0)


def test_accumulate_does_not_change_its_input_and_keeps_recent_examples():
    first = accumulate({}, [_obs("pathlib", example="a")])
    second = accumulate(first, [_obs("pathlib", example=f"e{i}", at=float(i)) for i in range(8)])
    assert first["paths.pathlib"].signals == 1
    assert first["paths.pathlib"].examples == ["[pathlib] a"]
    ev = second["paths.pathlib"]
    assert ev.signals == 9 and ev.last_at == 7.0
    assert len(ev.examples) == MAX_EXAMPLES
    assert ev.examples[-1] == "[pathlib] e7"


def test_three_option_feature_names_the_strongest_rival():
    observations = [Observation("strings.format", "f-string", "str.format", 1.5, "f'{x}'")] * 5
    observations.append(Observation("strings.format", "%-format", "f-string", 0.5, "'%s' % x"))
    proposal = propose(accumulate({}, observations)["strings.format"])
    assert proposal is not None
    assert proposal.over == "%-format"
    assert proposal.title == "Prefer f-strings over %-formatting for string formatting"


def test_unknown_feature_gets_a_generic_title():
    observations = [Observation("custom.thing", "A", "B", 1.0, "a()")] * 3
    proposal = propose(accumulate({}, observations)["custom.thing"])
    assert proposal is not None and proposal.title == "Prefer A"


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        pytest.param("use pathlib, not os.path", ("pathlib", "os.path"), id="use-not"),
        pytest.param("Please use `logging` instead of print.", ("logging", "print"), id="instead-of"),
        pytest.param("we prefer f-strings over .format()", ("f-strings", ".format()"), id="prefer-over"),
        pytest.param("we don't use print here", ("not print", "print"), id="dont-use"),
        pytest.param("avoid var in this codebase", ("not var", "var"), id="avoid"),
        pytest.param("unittest is banned", ("not unittest", "unittest"), id="banned"),
        pytest.param("const, not var", ("const", "var"), id="bare-not"),
        pytest.param("this is wrong", None, id="no-preference"),
        pytest.param("the loop runs forever instead of stopping when the queue drains", None,
                     id="long-sentence-is-not-a-preference"),
    ],
)
def test_parse_reason(reason, expected):
    assert parse_reason(reason) == expected


def test_rejection_reason_proposes_a_preference():
    proposal = proposal_from_reason(_event("rejected", "x = os.path.join(a, b)", reason="use pathlib, not os.path"))
    assert proposal is not None
    assert proposal.feature == "reason.avoid-os.path"  # filed under what is ruled out: rephrasings meet
    assert (proposal.prefers, proposal.over) == ("pathlib", "os.path")
    assert proposal.title == "Prefer pathlib over os.path"
    assert "use pathlib, not os.path" in proposal.body
    assert "x = os.path.join(a, b)" not in proposal.body  # the rejected code is no example of the preference

    avoid = proposal_from_reason(_event("rejected", "print(x)", reason="we don't use print here"))
    assert avoid is not None
    assert (avoid.feature, avoid.title, avoid.prefers) == ("reason.avoid-print", "Avoid print", "not print")


@pytest.mark.parametrize(
    "event",
    [
        pytest.param(_event("rejected", "x", reason=None), id="no-reason"),
        pytest.param(_event("accepted", "x", reason="use pathlib, not os.path"), id="accepted"),
        pytest.param(_event("rejected", "x", reason="wrong variable"), id="not-a-preference"),
    ],
)
def test_no_proposal_from_reason(event):
    assert proposal_from_reason(event) is None


CODE = (
    "import os\n"
    "from pathlib import Path\n"
    "\n"
    "def build(root):\n"
    "    out = os.path.join(root, 'build')\n"
    "    if not os.path.isdir(out):\n"
    "        Path(out).mkdir()\n"
)


def test_contradicts_finds_os_path_when_pathlib_is_preferred():
    found = contradicts("paths.pathlib", "pathlib", "python", CODE)
    assert [(line, col) for line, col, _ in found] == [(4, 10), (5, 11)]
    assert found[0][2] == "os.path.join: prefer pathlib"


@pytest.mark.parametrize(
    ("feature", "prefers", "language", "code", "expected"),
    [
        pytest.param("paths.pathlib", "os.path", "python", CODE, [(1, 0), (6, 8)], id="reverse"),
        pytest.param("reason.pathlib-over-os-path", "pathlib", "python", CODE, [(4, 10), (5, 11)],
                     id="reason-feature-by-option"),
        pytest.param("reason.avoid-print", "not print", "python", "x = 1\nprint(x)\n", [(1, 0)],
                     id="reason-avoid"),
        pytest.param("declarations.const", "const/let", "typescript",
                     "const a = 1;\nfunction f() {\n  var b = 2;\n}\n", [(2, 2)], id="ts-var"),
        pytest.param("paths.pathlib", "pathlib", "javascript", "path.join(a, b);\n", [], id="wrong-language"),
        pytest.param("reason.avoid-goto", "not goto", "python", "print(1)\n", [], id="unknown-option"),
        pytest.param("paths.pathlib", "pathlib", "python", "))) broken (((\n", [], id="garbage"),
    ],
)
def test_contradicts(feature, prefers, language, code, expected):
    assert [(line, col) for line, col, _ in contradicts(feature, prefers, language, code)] == expected


def test_contradicts_reports_characters_not_bytes():
    found = contradicts("paths.pathlib", "pathlib", "python", "name = 'é'; p = os.path.join(a, name)\n")
    assert [(line, col) for line, col, _ in found] == [(0, 16)]


def test_choices_left_alone_in_reworked_edits_propose_nothing():
    """Four os.path -> pathlib rewrites propose pathlib, not what the edits happened to keep."""
    from lore.learn.events import FeedbackEvent
    from lore.learn.extract import observe

    evidence = {}
    for i in range(4):
        event = FeedbackEvent(
            uri="file:///w/app.py", language="python", outcome="modified",
            proposed=f"import os\nname = 'x{i}'\np = os.path.join('a', name)\n",
            final=f"from pathlib import Path\nname = 'x{i}'\np = Path('a') / name\n",
        )
        evidence = accumulate(evidence, observe(event))
    proposals = {f: propose(ev) for f, ev in evidence.items()}
    assert proposals["paths.pathlib"] is not None and proposals["paths.pathlib"].prefers == "pathlib"
    assert [f for f, p in proposals.items() if p is not None] == ["paths.pathlib"]
