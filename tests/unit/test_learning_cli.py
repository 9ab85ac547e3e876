"""`lore feedback` and `lore preferences` as an agent or a person runs them."""

from __future__ import annotations

import io
import json

import pytest

from lore.cli.main import main

OS_PATH = "import os\nout = os.path.join(root, '{name}')\n"
PATHLIB = "from pathlib import Path\nout = Path(root) / '{name}'\n"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def _run(capsys, monkeypatch, ws, *args, stdin=None):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin or ""))
    code = main(["-w", str(ws), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _event(ws, name):
    return json.dumps({"uri": (ws / "app.py").as_uri(), "languageId": "python", "outcome": "modified",
                       "origin": "agent", "proposedText": OS_PATH.format(name=name),
                       "finalText": PATHLIB.format(name=name)})


def test_json_events_on_stdin_propose_and_review_confirms(capsys, monkeypatch, tmp_workspace):
    ws = tmp_workspace
    proposed = []
    for name in ("a", "b", "c"):
        code, out, _ = _run(capsys, monkeypatch, ws, "feedback", "--json", stdin=_event(ws, name))
        assert code == 0
        proposed += json.loads(out)["proposed"]
    assert [p["title"] for p in proposed] == ["Prefer pathlib over os.path for file paths"]
    pid = proposed[0]["id"]
    code, out, _ = _run(capsys, monkeypatch, ws, "preferences", "--json")
    listed = json.loads(out)["preferences"]
    assert [(p["id"], p["status"], p["evidence"]["signals"]) for p in listed] == [(pid, "proposed", 3)]
    code, out, _ = _run(capsys, monkeypatch, ws, "preferences", "confirm", pid[:6])
    assert code == 0 and f"Confirmed {pid}" in out
    code, out, _ = _run(capsys, monkeypatch, ws, "preferences")
    assert pid in out and "active" in out
    code, out, _ = _run(capsys, monkeypatch, ws, "preferences", "reject", pid, "--json")
    assert json.loads(out)["changed"]["status"] == "deprecated" and json.loads(out)["preferences"] == []


def test_flags_build_the_event_and_a_reason_proposes(capsys, monkeypatch, tmp_workspace):
    code, out, _ = _run(capsys, monkeypatch, tmp_workspace, "feedback", "--uri", "app.py", "--outcome",
                        "rejected", "--proposed", "print(total)", "--reason", "use logging, not print",
                        "--scope", "workspace")
    assert code == 0
    assert "Observed output.logging: logging over print" in out
    assert "Proposed preference" in out and "Prefer logging over print() for output" in out


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        pytest.param([], "", "no feedback event", id="empty-stdin"),
        pytest.param([], "{not json", "not valid JSON", id="broken-json"),
        pytest.param([], "[1, 2]", "must be a JSON object", id="not-an-object"),
        pytest.param([], '{"uri": "file:///w/a.py", "outcome": "maybe", "proposedText": ""}',
                     "outcome must be one of", id="bad-outcome"),
        pytest.param(["--file", "/nonexistent/event.json"], "", "cannot read", id="missing-file"),
        pytest.param(["--scope", "workspace", "--retention-days", "-1"], "{}", "retention", id="bad-retention"),
    ],
)
def test_bad_input_is_one_clear_error(capsys, monkeypatch, tmp_workspace, args, stdin, message):
    code, out, err = _run(capsys, monkeypatch, tmp_workspace, "feedback", *args, stdin=stdin)
    assert code == 2 and message in " ".join(err.split()) and out == ""


def test_review_errors(capsys, monkeypatch, tmp_workspace):
    code, _, err = _run(capsys, monkeypatch, tmp_workspace, "preferences", "confirm")
    assert code == 2 and "needs the id" in err
    code, _, err = _run(capsys, monkeypatch, tmp_workspace, "preferences", "reject", "ffffffffffff")
    assert code == 1 and "no memory" in err
    code, out, _ = _run(capsys, monkeypatch, tmp_workspace, "preferences")
    assert code == 0 and "No learned preferences yet" in out
