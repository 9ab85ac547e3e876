"""The bad-input corpus through the language server (`python -m lore.lsp` over stdio, raw JSON-RPC):
a workspace full of hostile files still starts and answers; odd documents opened in the editor get
hovers and lenses; `lore.remember` with anchors outside the workspace or undecodable text answers
InvalidParams naming the problem; an unusable database puts the server in state "error" with a
message saying why, requests still answer, and nothing is written. No traceback on stderr.
"""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import apsw
import pytest
from lsp_raw import RawServer, uri

INVALID_PARAMS = -32602
REPOS_PY = 'class Repository:\n    """Loads users."""\n\n    def save(self, user):\n        return user\n'
TEAM = "---\nid: keep00000001\nkind: decision\nanchors:\n- app/repos.py\n---\n# Keep the repository thin\n\nThe `Repository` class only loads and saves.\n"


def workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / "app").mkdir(parents=True)
    (ws / ".git").mkdir()
    (ws / "app" / "repos.py").write_text(REPOS_PY)
    (ws / ".lore" / "memories").mkdir(parents=True)
    (ws / ".lore" / "memories" / "keep.md").write_text(TEAM)
    return ws


def add_corpus(ws: Path) -> dict[str, bytes]:
    """Hostile files (bytes by relative path), written into WS."""
    files = {
        "docs/adr/0001-blob.md": random.Random(1).randbytes(4096),
        "docs/adr/0002-latin1.md": b"# Caf\xe9\n\n\xff\xfe \xc3\x28\n",
        "app/nul.py": b"# DECISION: no NULs\nx = '\x00'\n",
        "docs/adr/0003-lists.md": b"# Deeply nested lists\n\n" + b"- " * 10_000 + b"leaf\n",
        "docs/adr/0004-quotes.md": b"# Deeply nested quotes\n\n" + b">" * 10_000 + b" leaf\n",
        "docs/adr/0005-yaml.md": b"---\nstatus: [unclosed\n---\n# Broken front matter\n\nBody.\n",
        ".lore/memories/outside.md": b"---\nkind: decision\nanchors:\n- ../../etc/**\n---\n# Outside\n\nx\n",
        "app/deep.py": b"".join(b"    " * min(i, 90) + b"# note\n" for i in range(5000)),
    }
    for rel, data in files.items():
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_bytes(data)
    os.symlink("loop2", ws / "app" / "loop1")
    os.symlink("loop1", ws / "app" / "loop2")
    os.symlink("..", ws / "app" / "up")
    return files


@pytest.fixture
def started(tmp_path: Path):
    servers: list[RawServer] = []

    def start(ws: Path, states=("ready", "wordsOnly")) -> RawServer:
        server = RawServer(ws, env={"LORE_USER_DB": str(tmp_path / "user.db")}, timeout=60.0)
        servers.append(server)
        server.initialize()
        server.wait_status(states)
        return server

    yield start
    for server in servers:
        server.close()


def command(server: RawServer, name: str, args: dict) -> dict:
    return server.request("workspace/executeCommand", {"command": name, "arguments": [args]})


def hover(server: RawServer, doc: str, line: int, character: int) -> dict:
    return server.request("textDocument/hover", {"textDocument": {"uri": doc},
                                                 "position": {"line": line, "character": character}})


def open_doc(server: RawServer, doc: str, text: str, language: str = "python") -> None:
    server.notify("textDocument/didOpen", {"textDocument": {"uri": doc, "languageId": language, "version": 1,
                                                            "text": text}})


def assert_no_traceback(server: RawServer) -> None:
    assert "Traceback" not in server.stderr(), server.stderr()


def test_hostile_workspace_starts_imports_and_answers(tmp_path: Path, started):
    ws = workspace(tmp_path)
    files = add_corpus(ws)
    server = started(ws)
    assert "Keep the repository thin" in (hover(server, uri(ws / "app" / "repos.py"), 0, 8)["result"] or {}
                                         ).get("contents", {}).get("value", "")
    found = command(server, "lore.search", {"query": "Deeply nested"})["result"]["hits"]
    assert {"Deeply nested lists", "Deeply nested quotes"} <= {h["title"] for h in found}
    for rel, data in files.items():  # the editor shows each one (undecodable bytes replaced, as editors do)
        doc = uri(ws / rel)
        open_doc(server, doc, data.decode("utf-8", "replace"), "markdown" if rel.endswith(".md") else "python")
        for line, character in ((0, 0), (3, 5), (10_000, 3), (0, 100_000)):
            assert "result" in hover(server, doc, line, character)
        assert "result" in server.request("textDocument/codeLens", {"textDocument": {"uri": doc}})
    assert command(server, "lore.status", {})["result"]["state"] in ("ready", "wordsOnly")
    assert_no_traceback(server)


def test_fifty_megabyte_document_is_answered(tmp_path: Path, started):
    ws = workspace(tmp_path)
    server = started(ws)
    doc = uri(ws / "app" / "huge.py")
    text = REPOS_PY + "x = 1  # filler line for a very large generated module\n" * 920_000
    assert len(text) > 50_000_000
    open_doc(server, doc, text)
    assert "result" in hover(server, doc, 0, 8)
    assert "result" in hover(server, doc, 919_999, 3)
    server.notify("textDocument/didChange", {"textDocument": {"uri": doc, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 5, "character": 0}, "end": {"line": 5, "character": 0}}, "text": "\x00\ud800"}]})
    assert "result" in hover(server, doc, 5, 1)
    assert_no_traceback(server)


BAD_REMEMBERS = [
    pytest.param({"anchors": ["../../etc/passwd"]}, "points outside the workspace", id="anchor-dotdot"),
    pytest.param({"anchors": ["app/../../x.py"]}, "points outside the workspace", id="anchor-dotdot-inside"),
    pytest.param({"anchors": ["/etc/passwd"]}, "is an absolute path", id="anchor-absolute"),
    pytest.param({"uri": "file:///etc/passwd"}, "is not inside a workspace folder", id="uri-outside"),
    pytest.param({"uri": "untitled:Untitled-1"}, "is not inside a workspace folder", id="uri-untitled"),
    pytest.param({"title": "lone \ud800 surrogate"}, "not valid UTF-8", id="lone-surrogate"),
    pytest.param({"body": "nul \x00 byte"}, "NUL", id="nul"),
    pytest.param({"title": "x" * 5000}, "title is 5000 characters", id="huge-title"),
    pytest.param({"kind": "rumour"}, "rumour", id="unknown-kind"),
]


def test_remember_refuses_bad_input_and_stores_nothing(tmp_path: Path, started):
    ws = workspace(tmp_path)
    server = started(ws)
    before = sorted(p.name for p in (ws / ".lore" / "memories").iterdir())
    count = command(server, "lore.status", {})["result"]["memories"]
    for param in BAD_REMEMBERS:
        extra, message = param.values
        answer = command(server, "lore.remember", {"kind": "decision", "title": "Bad", "body": "x", **extra})
        assert answer.get("error", {}).get("code") == INVALID_PARAMS, (param.id, answer)
        assert message in answer["error"]["message"], (param.id, answer)
    assert command(server, "lore.status", {})["result"]["memories"] == count
    assert sorted(p.name for p in (ws / ".lore" / "memories").iterdir()) == before
    assert_no_traceback(server)


def _newer(ws: Path) -> None:
    db = apsw.Connection(str(ws / ".lore" / "lore.db"))
    db.execute("INSERT INTO schema_migrations(name, applied_at) VALUES ('m900_from_the_future', 0)")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def _truncated(ws: Path) -> None:
    path = ws / ".lore" / "lore.db"
    os.truncate(path, path.stat().st_size // 3)


def _file(ws: Path) -> None:
    subprocess.run(["rm", "-rf", str(ws / ".lore")], check=True)
    (ws / ".lore").write_text("not a folder\n")


UNUSABLE = [
    pytest.param(_newer, "written by a newer version of Lore", id="newer-schema"),
    pytest.param(_truncated, "lore doctor --rebuild", id="truncated"),
    pytest.param(_file, ".lore is a file, not a folder", id="lore-is-a-file"),
]


@pytest.mark.parametrize(("spoil", "message"), UNUSABLE)
def test_unusable_database_is_reported_and_left_alone(tmp_path: Path, started, spoil, message: str):
    ws = workspace(tmp_path)
    started(ws).close()  # imports the team memory into a fresh database
    spoil(ws)
    lore_dir = ws / ".lore"
    before = lore_dir.read_bytes() if lore_dir.is_file() else {
        p.name: p.read_bytes() for p in lore_dir.rglob("*") if p.is_file() and "-wal" not in p.name}
    server = started(ws, states=("error",))
    status = command(server, "lore.status", {})["result"]
    assert status["state"] == "error" and message in status["message"], status
    assert hover(server, uri(ws / "app" / "repos.py"), 0, 8)["result"] is None
    answer = command(server, "lore.remember", {"kind": "decision", "title": "New", "body": "x"})
    assert "error" in answer and "could not be opened" in answer["error"]["message"], answer
    server.close()
    after = lore_dir.read_bytes() if lore_dir.is_file() else {
        p.name: p.read_bytes() for p in lore_dir.rglob("*") if p.is_file() and "-wal" not in p.name}
    assert after == before
    assert "Traceback" not in server.stderr(), server.stderr()


def test_read_only_lore_folder_is_reported_and_nothing_lost(tmp_path: Path, started):
    from read_only import read_only

    ws = workspace(tmp_path)
    first = started(ws)
    made = command(first, "lore.remember", {"kind": "decision", "title": "Private rule", "body": "x",
                                            "scope": "workspace"})["result"]["memory"]["id"]
    first.close()
    with read_only(ws / ".lore"):
        server = started(ws, states=("error",))
        status = command(server, "lore.status", {})["result"]
        assert "is its folder read-only?" in status["message"], status
        assert hover(server, uri(ws / "app" / "repos.py"), 0, 8)["result"] is None
        answer = command(server, "lore.remember", {"kind": "decision", "title": "New", "body": "x"})
        assert "could not be opened" in answer["error"]["message"], answer
        server.close()
        assert_no_traceback(server)
    again = started(ws)
    shown = command(again, "lore.show", {"id": made, "open": False})["result"]["memory"]
    assert shown["title"] == "Private rule"
    assert "Keep the repository thin" in hover(again, uri(ws / "app" / "repos.py"), 0, 8)["result"]["contents"]["value"]
