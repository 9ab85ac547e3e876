"""The command line at 80 columns: one line per hit or memory with a strength a person reads,
details on request, packs wrapped with their quotes kept, and JSON unchanged; `lore list` puts decisions before the
work history a repository's commits give, newest first on request, with a tag matched before the list is cut."""

from __future__ import annotations

import json
import re

import pytest

from lore.cli.lines import fit, wrap_markdown
from lore.cli.main import main

TITLES = ["Webhook deliveries are signed with HMAC-SHA256 and retried with exponential backoff for a day",
          "Webhook payloads carry a version field", "Invoices are numbered per calendar year"]


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


def _add(capsys, ws, title, body, *extra):
    code, out, err = _cli(capsys, ws, "add", "--title", title, "--body", body, *extra, "--json")
    assert code == 0, err
    return json.loads(out)["id"]


def test_search_and_list_are_one_line_each_at_80_columns(capsys, ws):
    ids = [_add(capsys, ws, t, "Signed with a shared secret. " * 12) for t in TITLES]
    code, out, _ = _cli(capsys, ws, "search", "webhook", "signed")
    lines = out.splitlines()
    assert code == 0 and 1 <= len(lines) <= 3
    assert all(len(ln) <= 80 for ln in lines)
    assert lines[0].startswith("strong decision") and lines[0].endswith(ids[0])
    assert not re.search(r"\d\.\d{3}", out), "no raw fusion scores"
    assert "HMAC-SHA256…" in lines[0]  # cut after a whole word, not inside one
    code, out, _ = _cli(capsys, ws, "search", "webhook", "signed", "--long")
    detailed = out.splitlines()
    assert len(detailed) > len(lines) and all(len(ln) <= 80 for ln in detailed)
    assert "    Signed with a shared secret." in detailed[1] and "why:" in out
    code, out, _ = _cli(capsys, ws, "list")
    assert len(out.splitlines()) == 3 and all(len(ln) <= 80 for ln in out.splitlines())
    code, out, _ = _cli(capsys, ws, "list", "-l")
    assert len(out.splitlines()) == 9 and "workspace · active · your own" in out


def test_a_list_cut_at_its_limit_says_so(capsys, ws):
    for t in TITLES:
        _add(capsys, ws, t, "Signed.")
    code, out, err = _cli(capsys, ws, "list", "-n", "2")
    assert code == 0 and len(out.splitlines()) == 2
    assert "showing the first 2; more match" in err and "-n N" in err
    code, out, err = _cli(capsys, ws, "list", "-n", "3")
    assert len(out.splitlines()) == 3 and "more match" not in err
    code, out, err = _cli(capsys, ws, "list", "-n", "1", "--json")
    assert len(json.loads(out)) == 1 and "more match" in err  # the notice goes to stderr, the JSON stays whole


def test_json_keeps_its_shape(capsys, ws):
    _add(capsys, ws, TITLES[0], "Signed.")
    code, out, _ = _cli(capsys, ws, "search", "webhook", "--json")
    hit = json.loads(out)[0]
    assert {"id", "kind", "status", "title", "body", "score", "why", "anchors", "source", "trust"} <= set(hit)


def test_context_wraps_with_quotes_kept(capsys, ws):
    _add(capsys, ws, TITLES[0], "Deliveries are retried with backoff. " * 10)
    code, out, _ = _cli(capsys, ws, "context", "--task", "webhook deliveries signed")
    assert code == 0 and all(len(ln) <= 80 for ln in out.splitlines() if " " in ln.strip())
    quoted = [ln for ln in out.splitlines() if "retried with backoff" in ln]
    assert len(quoted) > 2 and all(ln.startswith("  > ") for ln in quoted)


def test_fit_and_wrap():
    assert fit("one two three four", 12) == "one two…"
    assert fit("short", 12) == "short"
    md = "- **decision** · " + "why " * 30 + "\n  > " + "word " * 40 + "\n"
    wrapped = wrap_markdown(md, 40).splitlines()
    assert all(len(ln) <= 40 for ln in wrapped)
    assert wrapped[0].startswith("- ") and wrapped[1].startswith("  ")
    assert [ln for ln in wrapped if "word" in ln] and all(ln.startswith("  > ") for ln in wrapped if "word" in ln)


def test_a_long_title_keeps_its_status_mark_at_80_columns(capsys, ws):
    """govuk-aws 0004, superseded, with a long title: cut to the columns, its line still says "(superseded)"."""
    old = _add(capsys, ws, "4. DNS definitions for hosts and services in each environment and stack of the platform",
               "Hosts are named in a private zone per stack.")
    new = _add(capsys, ws, "15. DNS infrastructure", "One zone per environment.")
    assert _cli(capsys, ws, "supersede", old, "--by", new)[0] == 0
    for args in (("list",), ("search", "DNS hosts zone stack", "--include-superseded")):
        code, out, _ = _cli(capsys, ws, *args)
        line = next(ln for ln in out.splitlines() if ln.endswith(old))
        assert code == 0 and len(line) <= 80 and "… (superseded)" in line, line


def test_a_long_hit_names_the_line_of_the_section_that_matched(capsys, ws):
    # liquidmetal-dev/flintlock 0005 (MPL-2.0): "§ Context" was printed beside the record's first line.
    adr = ws / "docs" / "adr" / "0005-network-device-name.md"
    adr.parent.mkdir(parents=True)
    adr.write_text("# 5. Network Device Name on Host\n\n## Status\n\nAccepted\n\n## Context\n\n"
                   "Device names on the host can't be longer than 15 bytes, so long names are cut.\n\n"
                   "## Decision\n\nWe name each device after a hash of its machine's id.\n", encoding="utf-8")
    code, _, err = _cli(capsys, ws, "import", "--yes")
    assert code == 0, err
    code, out, _ = _cli(capsys, ws, "search", "device", "names", "longer", "than", "15", "bytes", "-l", "-n", "1")
    assert "docs/adr/0005-network-device-name.md:7 § Context" in out
    # Logitar/CQRS, alphagov/static: the record's decision was quoted above "§ Context"; what is quoted is the section's
    said = out.splitlines()[1].strip()
    assert said.startswith("Device names on the host can't be longer than 15 bytes"), out


def test_a_task_a_later_commit_reverted_says_so_in_a_row(capsys):
    """UKHomeOffice/hocs-frontend: "why did we drop Enzyme" ranked the reverted first attempt first, marked nothing."""
    from lore.cli.lines import print_memories
    from lore.memory import Kind, Memory

    print_memories([Memory(title="HOCS-4982: Replace Enzyme with React Testing Library", kind=Kind.TASK,
                           tags=["git", "reverted"]),
                    Memory(title="HOCS-4982: Replace Enzyme again", kind=Kind.TASK, tags=["git"])])
    rows = capsys.readouterr().out.splitlines()
    assert "(reverted)" in rows[0] and "(reverted)" not in rows[1]


def _add_kind(capsys, ws, kind, title, *extra):
    return _add(capsys, ws, title, title + ".", "--kind", kind, *extra)


@pytest.fixture
def history(capsys, ws):
    """A decision, a convention and a fact added first, then six tasks (newer, as commits read after records are)."""
    old = [_add_kind(capsys, ws, "decision", "Invoices are numbered per calendar year", "--tag", "adr"),
           _add_kind(capsys, ws, "convention", "Money is held in integer cents"),
           _add_kind(capsys, ws, "fact", "The billing service owns the invoices table")]
    tasks = [_add_kind(capsys, ws, "task", f"Fix flaky invoice test number {i}") for i in range(6)]
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
    code, out, _ = _cli(capsys, ws, "list", "--tag", "adr", "--tag", "draft", "--json")
    assert code == 0 and json.loads(out) == []  # every tag given, not any
