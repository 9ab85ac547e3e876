"""What reaches a terminal or an agent from hostile text and broken databases: no control
sequences, no tracebacks, no wildcard ids, no silently clamped budgets."""

from __future__ import annotations

import json
import re
from pathlib import Path

import apsw
import pytest
from hostile_support import add_json, cli, write

from lore.context import build_pack
from lore.embedding.embedder import HashEmbedder
from lore.memory import ValidationError
from lore.api import Lore
from lore.store import NotFoundError

# What a hostile title may carry: clear screen, a window-title change, an OSC 8 link, a bell,
# a carriage return that hides what came before, the 8-bit CSI, a bidi override.
SEQUENCES = {
    "clear-screen": "\x1b[2J\x1b[H",
    "retitle": "\x1b]0;pwned\x07",
    "osc8-link": "\x1b]8;;https://evil.invalid\x1b\\click\x1b]8;;\x1b\\",
    "bell": "\x07\x07",
    "carriage-return": "safe\rEVIL",
    "c1-csi": "\x9b31m",
    "bidi-override": "\u202eevil\u202c",
}
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


def _plant(capsys, ws: Path, seq: str) -> str:
    write(ws, "docs/adr/0001-x.md", f"# 1. Cents{seq} title\n\n## Status\n\nAccepted\n\n## Decision\n\nUse{seq} cents.\n")
    code, out, err = cli(capsys, ws, "import")
    assert code == 0, err
    code, out, err = cli(capsys, ws, "list", "--json")
    return json.loads(out)[0]["id"]


@pytest.mark.parametrize("command", [
    pytest.param(lambda mid: ["show", mid], id="show"),
    pytest.param(lambda mid: ["list"], id="list"),
    pytest.param(lambda mid: ["search", "cents"], id="search"),
    pytest.param(lambda mid: ["context", "--task", "cents"], id="context"),
])
@pytest.mark.parametrize("seq", [pytest.param(v, id=k) for k, v in SEQUENCES.items()])
def test_no_control_sequence_reaches_the_terminal(capsys, ws, command, seq):
    mid = _plant(capsys, ws, seq)
    code, out, err = cli(capsys, ws, *command(mid))
    assert code == 0, err
    assert "Cents" in out
    assert not FORBIDDEN.search(out), repr(out)
    assert not FORBIDDEN.search(err), repr(err)


def test_json_output_escapes_c1_controls(capsys, ws):
    mid = _plant(capsys, ws, "\x9b2J")
    code, out, err = cli(capsys, ws, "show", mid, "--json")
    assert code == 0 and not FORBIDDEN.search(out)
    assert json.loads(out)["title"] == "1. Cents\x9b2J title"


def _damage_index(ws: Path) -> None:
    """Overwrite the root pages of the memory and search tables: the database opens, reading them fails."""
    db = ws / ".lore" / "lore.db"
    conn = apsw.Connection(str(db))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    page = conn.execute("PRAGMA page_size").fetchall()[0][0]
    roots = [r[0] for r in conn.execute("SELECT rootpage FROM sqlite_master WHERE name IN "
                                        "('memories', 'sections', 'anchors', 'sections_fts_data', 'sections_fts_idx')")]
    conn.close()
    data = bytearray(db.read_bytes())
    for root in roots:
        start = (root - 1) * page
        data[start: start + page] = b"\xa5" * page
    db.write_bytes(bytes(data))


@pytest.mark.parametrize("command", [
    pytest.param(["search", "cents"], id="search"),
    pytest.param(["list"], id="list"),
    pytest.param(["doctor", "--no-model"], id="doctor"),
])
def test_damaged_database_is_one_sentence(capsys, ws, command):
    for i in range(30):
        add_json(capsys, ws, "--title", f"Cents rule {i}", "--body", "Integers only. " * 20)
    _damage_index(ws)
    code, out, err = cli(capsys, ws, *command)
    assert "Traceback" not in err
    if command[0] != "doctor":
        assert code != 0 and "lore doctor --rebuild" in err and len(err.splitlines()) == 1
    else:
        assert code != 0 and "rebuild" in (out + err)


@pytest.mark.parametrize(("error", "words"), [
    pytest.param(apsw.CorruptError("database disk image is malformed"), "lore doctor --rebuild", id="corrupt"),
    pytest.param(apsw.ReadOnlyError("attempt to write a readonly database"), "read-only", id="read-only"),
    pytest.param(apsw.FullError("database or disk is full"), "full", id="disk-full"),
    pytest.param(apsw.IOError("disk I/O error"), "lore doctor", id="io-error"),
    pytest.param(apsw.BusyError("database is locked"), "another Lore process", id="busy"),
    pytest.param(PermissionError(13, "Permission denied", "/x/.lore/memories/a.md"), "a.md", id="permission"),
])
@pytest.mark.parametrize("command", [
    pytest.param(["add", "--title", "A new one"], id="add"),
    pytest.param(["search", "cents"], id="search"),
])
def test_database_errors_are_sentences(capsys, ws, monkeypatch, error, words, command):
    add_json(capsys, ws, "--title", "Cents", "--body", "x")

    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr("lore.api.Lore.add", fail)
    monkeypatch.setattr("lore.api.Lore.search", fail)
    code, out, err = cli(capsys, ws, *command)
    assert code != 0
    assert words in err and "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("given", [
    pytest.param("%%%%", id="percent"),
    pytest.param("____", id="underscore"),
    pytest.param("%_%_", id="mixed"),
    pytest.param("ab%%", id="trailing-percent"),
    pytest.param("' OR 1=1 --", id="quote"),
])
def test_forget_with_wildcards_matches_nothing(tmp_path, ws, given):
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        from lore.memory import Memory

        m = lore.add(Memory(title="The only memory", body="b"), embed=False).memory
        with pytest.raises((NotFoundError, ValidationError)):
            lore.forget(given)
        assert lore.get(m.id).status.value == "active"


def test_forget_by_real_prefix_still_works(tmp_path, ws):
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        from lore.memory import Memory

        m = lore.add(Memory(title="The only memory", body="b"), embed=False).memory
        assert lore.forget(m.id[:6]).status.value == "deprecated"


@pytest.mark.parametrize(("tool", "arguments"), [
    pytest.param("forget", {"id": "%%%%"}, id="mcp-forget-percent"),
    pytest.param("forget", {"id": "%%%%", "purge": True}, id="mcp-purge-percent"),
    pytest.param("get_context", {"budget": 0}, id="mcp-budget-zero"),
])
def test_mcp_hostile_arguments_are_tool_errors(tmp_path, ws, tool, arguments):
    import asyncio

    from mcp.server.mcpserver.exceptions import ToolError

    from lore.mcp.server import build_server
    from lore.memory import Memory

    mcp, app = build_server(ws)
    try:
        m = app.lore.add(Memory(title="The only memory", body="b"), embed=False).memory
        with pytest.raises(ToolError):
            asyncio.run(mcp.call_tool(tool, arguments))
        assert app.lore.get(m.id).status.value == "active"
    finally:
        app.close()


@pytest.mark.parametrize("budget", [pytest.param(0, id="zero"), pytest.param(-5, id="negative"),
                                    pytest.param(10, id="below-minimum")])
def test_budget_too_small_is_an_error(capsys, tmp_path, ws, budget):
    add_json(capsys, ws, "--title", "Cents", "--body", "x")
    code, out, err = cli(capsys, ws, "context", "--budget", str(budget))
    assert code == 2 and "budget" in err
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        with pytest.raises(ValidationError):
            build_pack(lore, budget=budget)


def test_pack_that_leaves_everything_out_says_so(tmp_path, ws):
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        from lore.memory import Memory

        for i in range(5):
            lore.add(Memory(title=f"Long rule {i} " + "about money " * 20, body="word " * 400), embed=False)
        pack = build_pack(lore, budget=50)
        assert not pack.items and pack.left_out == 5
        assert "No memories apply" not in pack.markdown
        assert "None of the 5 memories" in pack.markdown
