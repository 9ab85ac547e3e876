"""`lore proposals`: the review list of memories agents wrote, as a person runs it."""

from __future__ import annotations

import io
import json

import pytest

from lore.cli.main import main


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def _run(capsys, monkeypatch, ws, *args):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["-w", str(ws), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_agent_memories_wait_in_the_review_list(capsys, monkeypatch, tmp_workspace):
    ws = tmp_workspace
    code, out, _ = _run(capsys, monkeypatch, ws, "proposals")
    assert code == 0 and "No memories waiting for review" in out
    code, out, _ = _run(capsys, monkeypatch, ws, "add", "--json", "--source", "agent", "--title",
                        "Queue workers [bold]restart[/bold] nightly", "--body", "Cron at 03:00.")
    agent = json.loads(out)
    assert agent["status"] == "proposed" and agent["trust"]["kind"] == "agent-proposed"
    code, out, _ = _run(capsys, monkeypatch, ws, "add", "--json", "--title", "Typed settings", "--scope", "team")
    person = json.loads(out)
    assert person["status"] == "active"

    code, out, _ = _run(capsys, monkeypatch, ws, "proposals")
    assert code == 0 and agent["id"] in out and "[bold]" in out, "titles are shown as written, not as markup"
    assert person["id"] not in out
    code, out, _ = _run(capsys, monkeypatch, ws, "proposals", "confirm", agent["id"][:6])
    assert code == 0 and f"Confirmed {agent['id']}" in out
    code, out, _ = _run(capsys, monkeypatch, ws, "show", agent["id"], "--json")
    assert json.loads(out)["status"] == "active" and json.loads(out)["trust"]["kind"] == "own"

    code, out, _ = _run(capsys, monkeypatch, ws, "add", "--json", "--source", "agent", "--title", "Skip flaky tests")
    other = json.loads(out)["id"]
    code, out, _ = _run(capsys, monkeypatch, ws, "proposals", "reject", other, "--json")
    data = json.loads(out)
    assert data["changed"]["status"] == "deprecated" and data["proposals"] == []

    code, _, err = _run(capsys, monkeypatch, ws, "proposals", "confirm", person["id"])
    assert code != 0 and "not proposed by an agent" in err
    code, _, err = _run(capsys, monkeypatch, ws, "proposals", "confirm")
    assert code != 0 and "needs the id" in err
