"""`lore list` as a person reads a project's memory: decisions before the work history a repository's commits
give, newest first on request, and a tag matched before the list is cut."""

from __future__ import annotations

import json

import pytest

from lore.cli.main import main


def _cli(capsys, ws, *args):
    code = main(["-w", str(ws), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def ws(tmp_path, monkeypatch):
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    monkeypatch.setenv("LORE_USER_DB", str(tmp_path / "user.db"))
    return root


def _add(capsys, ws, kind, title, *extra):
    code, out, err = _cli(capsys, ws, "add", "--kind", kind, "--title", title, "--body", title + ".", *extra, "--json")
    assert code == 0, err
    return json.loads(out)["id"]


@pytest.fixture
def history(capsys, ws):
    """A decision, a convention and a fact added first, then six tasks (newer, as commits read after records are)."""
    old = [_add(capsys, ws, "decision", "Invoices are numbered per calendar year", "--tag", "adr"),
           _add(capsys, ws, "convention", "Money is held in integer cents"),
           _add(capsys, ws, "fact", "The billing service owns the invoices table")]
    tasks = [_add(capsys, ws, "task", f"Fix flaky invoice test number {i}") for i in range(6)]
    return old, tasks


def test_list_puts_decisions_and_conventions_before_the_newer_tasks(capsys, ws, history):
    old, tasks = history
    code, out, err = _cli(capsys, ws, "list", "-n", "4")
    rows = out.splitlines()
    assert code == 0 and [r.split()[0] for r in rows] == ["decision", "convention", "fact", "task"]
    assert [r.split()[-1] for r in rows[:3]] == old and rows[3].endswith(tasks[-1])  # newest task first among tasks
    assert "showing the first 4; more match" in err


def test_newest_lists_by_time_whatever_the_kind(capsys, ws, history):
    _, tasks = history
    code, out, _ = _cli(capsys, ws, "list", "--newest", "-n", "3", "--json")
    assert code == 0 and [m["id"] for m in json.loads(out)] == tasks[::-1][:3]


def test_a_tag_is_matched_before_the_list_is_cut(capsys, ws, history):
    old, _ = history
    code, out, err = _cli(capsys, ws, "list", "--tag", "adr", "--newest", "-n", "2", "--json")
    assert code == 0 and [m["id"] for m in json.loads(out)] == [old[0]] and "more match" not in err
