"""Isolation: one workspace's memories never reach another; user memories never land in a
repository; `.lore/` and the databases are owner-only; no face of Lore touches the network."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lore.context.pack import build_pack
from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Memory, Scope
from lore.recall import Query
from lore.api import Lore

GUARD = textwrap.dedent('''
    """Test guard: record and refuse every non-local network attempt of this process."""
    import os
    import socket

    LOG = os.environ["LORE_NET_LOG"]

    def _local(host):
        host = host.decode() if isinstance(host, bytes) else str(host)
        return host in ("", "localhost", "::1", "None") or host.startswith("127.")

    def _refuse(what):
        with open(LOG, "a") as f:
            f.write(what + "\\n")
        raise OSError("network access refused by the test guard: " + what)

    _connect, _connect_ex, _getaddrinfo = socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo

    def connect(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6) and not _local(address[0]):
            _refuse(f"connect {address!r}")
        return _connect(self, address)

    def connect_ex(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6) and not _local(address[0]):
            _refuse(f"connect_ex {address!r}")
        return _connect_ex(self, address)

    def getaddrinfo(host, *args, **kwargs):
        if not _local(host):
            _refuse(f"getaddrinfo {host!r}")
        return _getaddrinfo(host, *args, **kwargs)

    socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = connect, connect_ex, getaddrinfo
''')
REPOS_PY = "class Repository:\n    def save(self, user):\n        return user\n"


def _workspace(parent: Path, name: str) -> Path:
    ws = parent / name
    (ws / "app").mkdir(parents=True)
    (ws / ".git").mkdir()
    (ws / "app" / "repos.py").write_text(REPOS_PY)
    return ws


def _open(ws: Path, user_db: Path) -> Lore:
    return Lore(ws, user_db=user_db, embedder=HashEmbedder())


# -- one workspace never sees another's memories ------------------------------------------------
@pytest.mark.parametrize("scope", [pytest.param(Scope.WORKSPACE, id="workspace"), pytest.param(Scope.TEAM, id="team")])
def test_workspace_memories_stay_in_their_workspace(scope, tmp_path):
    user_db = tmp_path / "user.db"
    a, b = _workspace(tmp_path, "a"), _workspace(tmp_path, "b")
    with _open(a, user_db) as lore_a:
        mine = lore_a.add(Memory(title="Zebracorn queues are sharded", body="zebracorn shards by tenant",
                                 scope=scope, anchors=[Anchor.parse("app/repos.py"),
                                                       Anchor.parse("symbol:python:app.repos.Repository")])).memory
        assert [h.memory.id for h in lore_a.search(Query("zebracorn shards"))] == [mine.id]
    with _open(b, user_db) as lore_b:
        assert lore_b.search(Query("zebracorn shards", path="app/repos.py", include_superseded=True)) == []
        assert lore_b.memories_at("app/repos.py", ["app.repos.Repository"], "python") == []
        assert lore_b.list(limit=1000) == []
        pack = build_pack(lore_b, path="app/repos.py", symbol="app.repos.Repository", task="queues sharded by tenant")
        assert "ebracorn" not in pack.markdown
    assert not (b / ".lore" / "memories").exists() or not any((b / ".lore" / "memories").iterdir())


def test_user_memories_follow_the_user_across_workspaces(tmp_path):
    user_db = tmp_path / "user.db"
    a, b = _workspace(tmp_path, "a"), _workspace(tmp_path, "b")
    with _open(a, user_db) as lore_a:
        mine = lore_a.add(Memory(title="I prefer early returns", scope=Scope.USER)).memory
    with _open(b, user_db) as lore_b:
        assert [h.memory.id for h in lore_b.search(Query("prefer early returns"))] == [mine.id]


# -- user-scope memories never land in a repository ---------------------------------------------
def _files_holding(root: Path, marker: bytes) -> list[str]:
    return [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() and marker in p.read_bytes()]


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


def test_user_memories_are_never_written_into_the_repository(tmp_path, monkeypatch):
    user_db = tmp_path / "user.db"
    ws = _workspace(tmp_path, "ws")
    team = ws / ".lore" / "memories"
    team.mkdir(parents=True)
    (team / "kept.md").write_text("---\nid: kept00000001\nkind: decision\n---\n# A team decision\n")
    before = _tree(team)
    env = dict(os.environ, LORE_EMBEDDER="hash", LORE_USER_DB=str(user_db))
    cli = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), "add", "--scope", "user", "--title",
                          "Quokkamarker one", "--body", "quokkamarker body"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert cli.returncode == 0, cli.stderr
    for args in (["export"], ["export", "--file", "CLAUDE.md"], ["import"]):
        r = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), *args], env=env, capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
    with _open(ws, user_db) as lore:
        mine = lore.add(Memory(title="Quokkamarker two", body="quokkamarker again", scope=Scope.USER,
                               anchors=[Anchor.parse("app/**")])).memory
        lore.update(Memory(**{**_fields(mine), "body": "quokkamarker changed"}))
        lore.record_surfaced([mine.id])
        assert {"Quokkamarker one", "Quokkamarker two"} <= {h.memory.title for h in lore.search(Query("quokkamarker"))}
    assert _files_holding(ws, b"uokkamarker") == []
    assert _tree(team) == before
    assert b"uokkamarker" in _db_bytes(user_db)


def _fields(m: Memory) -> dict:
    return {k: getattr(m, k) for k in ("id", "title", "body", "kind", "scope", "anchors", "provenance", "created_at")}


def _db_bytes(db: Path) -> bytes:
    """A database file and its WAL, as bytes."""
    wal = Path(str(db) + "-wal")
    return db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")


# -- owner-only files ----------------------------------------------------------------------------
def _modes(paths: list[Path]) -> dict[str, str]:
    return {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in paths if p.exists()}


def test_lore_folder_and_databases_are_owner_only(tmp_path):
    user_db = tmp_path / "userdata" / "lore" / "user.db"
    ws = _workspace(tmp_path, "ws")
    old = os.umask(0o022)  # the usual umask: files world-readable unless created otherwise
    try:
        env = dict(os.environ, LORE_EMBEDDER="hash", LORE_USER_DB=str(user_db))
        r = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), "add", "--title", "Private note"],
                           env=env, capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        with _open(ws, user_db) as lore:  # keep a connection so the WAL files exist while checked
            lore.add(Memory(title="Another private note"))
            lore.add(Memory(title="A user note", scope=Scope.USER))
            lore_dir = ws / ".lore"
            assert oct(stat.S_IMODE(lore_dir.stat().st_mode)) == "0o700"
            assert oct(stat.S_IMODE(user_db.parent.stat().st_mode)) == "0o700"
            dbs = [Path(str(db) + suffix) for db in (lore_dir / "lore.db", user_db) for suffix in ("", "-wal", "-shm")]
            modes = _modes(dbs)
            assert {"lore.db", "lore.db-wal", "user.db", "user.db-wal"} <= set(modes)
            assert {name: mode for name, mode in modes.items() if int(mode, 8) & 0o077} == {}
    finally:
        os.umask(old)


# -- nothing goes over the network ----------------------------------------------------------------
@pytest.fixture
def guarded(tmp_path):
    """Environment for child processes with the network guard loaded; the file attempts go to."""
    folder = tmp_path / "guard"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(GUARD)
    log = tmp_path / "network.log"
    path = os.pathsep.join(p for p in (str(folder), os.environ.get("PYTHONPATH", "")) if p)
    env = dict(os.environ, PYTHONPATH=path, LORE_NET_LOG=str(log), LORE_USER_DB=str(tmp_path / "user.db"))
    return env, log


def test_the_guard_catches_an_attempt(guarded):
    env, log = guarded
    code = ("import urllib.request\ntry:\n    urllib.request.urlopen('http://example.com', timeout=2)\n"
            "except OSError:\n    pass")
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=60)
    assert "example.com" in log.read_text()


EMBEDDERS = [pytest.param("hash", id="hash-embedder"), pytest.param("", id="model-not-configured")]


def _with_embedder(env: dict, embedder: str) -> dict:
    """The fake embedder, or the real one with no local model (and no download allowed)."""
    env = {k: v for k, v in env.items() if k not in ("LORE_EMBEDDER", "LORE_MODEL_DOWNLOAD")}
    return dict(env, LORE_EMBEDDER=embedder) if embedder else dict(env, LORE_MODEL_PATH="")


@pytest.mark.parametrize("embedder", EMBEDDERS)
def test_cli_and_import_stay_off_the_network(embedder, guarded, tmp_path):
    env, log = guarded
    env = _with_embedder(env, embedder)
    ws = _workspace(tmp_path, "ws")
    (ws / "docs" / "adr").mkdir(parents=True)
    adr = "# 1. Use queues\n\n## Status\n\nAccepted\n\n## Decision\n\nQueues.\n"
    (ws / "docs" / "adr" / "0001-queues.md").write_text(adr)
    (ws / "AGENTS.md").write_text("# Conventions\n\n- Use tabs in Makefiles.\n")
    commands = [["add", "--title", "Retry webhooks", "--anchor", "app/repos.py"], ["import"],
                ["search", "queues"], ["list"], ["context", "--file", "app/repos.py"], ["doctor"], ["export"]]
    for args in commands if embedder else commands[:3]:  # the model is only loaded by these
        r = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), *args], env=env, capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, (args, r.stderr)
        assert "network access refused" not in r.stderr
    assert not log.exists(), log.read_text()


def _rpc(proc: subprocess.Popen, message: dict) -> None:
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def _answer(proc: subprocess.Popen, rid: int) -> dict:
    """Read messages until the response to `rid`, answering the server's own requests with null."""
    while True:
        length = 0
        while (line := proc.stdout.readline().strip()):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        assert length, "the server closed its output"
        message = json.loads(proc.stdout.read(length))
        if message.get("id") == rid and "method" not in message:
            return message
        if "id" in message and "method" in message:
            _rpc(proc, {"id": message["id"], "result": None})


@pytest.mark.parametrize("embedder", EMBEDDERS)
def test_language_server_stays_off_the_network(embedder, guarded, tmp_path):
    env, log = guarded
    ws = _workspace(tmp_path, "ws")
    proc = subprocess.Popen([sys.executable, "-m", "lore", "serve"], env=_with_embedder(env, embedder),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    uri = ws.as_uri()
    doc = (ws / "app" / "repos.py").as_uri()
    try:
        _rpc(proc, {"id": 1, "method": "initialize", "params": {
            "processId": None, "rootUri": uri, "capabilities": {}, "workspaceFolders": [{"uri": uri, "name": "ws"}]}})
        assert "result" in _answer(proc, 1)
        _rpc(proc, {"method": "initialized", "params": {}})
        _rpc(proc, {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": doc, "languageId": "python", "version": 1, "text": REPOS_PY}}})
        remembered = {"kind": "decision", "title": "Repositories return dicts", "body": "wombatmarker",
                      "scope": "user", "anchors": ["app/repos.py"]}
        calls = [("workspace/executeCommand", {"command": "lore.remember", "arguments": [remembered]}),
                 ("textDocument/hover", {"textDocument": {"uri": doc}, "position": {"line": 0, "character": 8}}),
                 ("workspace/executeCommand", {"command": "lore.search", "arguments": [{"query": "dicts"}]}),
                 ("workspace/executeCommand", {"command": "lore.reindex", "arguments": [{}]}),
                 ("workspace/executeCommand", {"command": "lore.context", "arguments": [{"uri": doc}]})]
        for rid, (method, params) in enumerate(calls, 2):
            _rpc(proc, {"id": rid, "method": method, "params": params})
            assert "error" not in _answer(proc, rid), method
        _rpc(proc, {"id": 99, "method": "shutdown", "params": None})
        _answer(proc, 99)
        _rpc(proc, {"method": "exit", "params": None})
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert not log.exists(), log.read_text()
    assert _files_holding(ws, b"wombatmarker") == []  # a user memory: kept out of the repository
    assert b"wombatmarker" in _db_bytes(tmp_path / "user.db")


@pytest.mark.parametrize("embedder", EMBEDDERS)
async def test_mcp_server_stays_off_the_network(embedder, guarded, tmp_path):
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    env, log = guarded
    ws = _workspace(tmp_path, "ws")
    params = StdioServerParameters(command=sys.executable, args=["-m", "lore", "-w", str(ws), "mcp"],
                                   env=_with_embedder(env, embedder), cwd=str(ws))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await session.list_tools()
        made = await session.call_tool("remember", {"title": "Webhooks retry", "body": "numbatmarker",
                                                    "scope": "user"})
        assert not made.is_error
        for name, args in (("search_memory", {"query": "webhooks"}), ("get_context", {"file": "app/repos.py"})):
            assert not (await session.call_tool(name, args)).is_error
    assert not log.exists(), log.read_text()
    assert _files_holding(ws, b"numbatmarker") == []
    assert b"numbatmarker" in _db_bytes(tmp_path / "user.db")
