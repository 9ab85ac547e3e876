"""`lore search` and `lore context` while a Lore server runs on the workspace: answered by the
server (no model loaded again), exactly as computed in-process; `lore add` gets its vector from it."""

from __future__ import annotations

import contextlib
import difflib
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lore.cli.main import main
from lore.embedding.embedder import DEFAULT_MODEL
from lore.wire.relay import socket_path
from lore.store import Store

MEMORIES = [
    ("decision", "Use the repository pattern for data access", "Services never call the ORM directly.", "app/**"),
    ("convention", "Money is stored as integer cents", "Never use floats for prices, totals or taxes.", None),
    ("warning", "Retry HTTP calls with backoff", "429 and 503 are retried with jitter, at most five times.",
     "app/http.py"),
    ("preference", "Small pure functions over classes", "Prefer functions that take and return data.", None),
    ("decision", "Events go through the outbox table", "Publishing happens after the transaction commits.",
     "app/events.py"),
]
QUERIES = ["how are prices stored", "where do events get published"]


def lore(ws: Path, *args: str, verbose: bool = False, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "lore", "-w", str(ws), *(["-vv"] if verbose else []), *args]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
    assert p.returncode == 0, p.stderr
    return p


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


def start_server(ws: Path, kind: str) -> subprocess.Popen:
    """`lore serve` (after an LSP handshake naming the workspace) or `lore mcp`; returns once it listens."""
    cmd = [sys.executable, "-m", "lore", "-w", str(ws), "serve" if kind == "lsp" else "mcp"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if kind == "lsp":
        uri = ws.as_uri()
        proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": os.getpid(), "rootUri": uri, "capabilities": {},
            "workspaceFolders": [{"uri": uri, "name": ws.name}]}}))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        proc.stdin.flush()
    deadline = time.monotonic() + 60
    while not socket_path(ws).exists():
        assert proc.poll() is None and time.monotonic() < deadline, "the server never opened its socket"
        time.sleep(0.05)
    return proc


@pytest.fixture(scope="module")
def computed_alone(tmp_path_factory, model_dir):
    """A workspace holding MEMORIES (with vectors), a copy of it as it was then, and the answers the
    commands compute in-process on it: the same for every kind of server, so computed once."""
    ws = tmp_path_factory.mktemp("relay") / "workspace"
    ws.mkdir()
    env = {**os.environ, "LORE_MODEL_PATH": str(model_dir),
           "LORE_USER_DB": str(tmp_path_factory.mktemp("relay-user") / "user.db")}
    for args in (["init", "-q", "-b", "main"], ["config", "user.name", "Lore Tests"],
                 ["config", "user.email", "tests@lore.invalid"], ["config", "commit.gpgsign", "false"]):
        subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True)
    for kind, title, body, anchor in MEMORIES:
        lore(ws, "add", "--kind", kind, "--title", title, "--body", body,
             *(["--anchor", anchor] if anchor else []), env=env)
    lore(ws, "search", "warm up", env=env)  # fills the vectors the adds deferred
    db = ws / ".lore" / "lore.db"
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0
    pristine = ws.parent / "pristine"
    shutil.copytree(ws, pristine, symlinks=True)
    return ws, pristine, answers_here(ws, env)


def answers_here(ws: Path, env: dict) -> list:
    """What `answers` prints, computed in this process by the command line's `main` with no server
    running (the model loaded once, not once a command); the width is the one a pipe gets."""
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(io.StringIO()) as out:
        for name in ("LORE_MODEL_PATH", "LORE_USER_DB"):
            mp.setenv(name, env[name])
        mp.setenv("COLUMNS", os.environ.get("COLUMNS", "80"))
        printed = []
        for args in answer_commands():
            out.seek(0)
            out.truncate()
            assert main(["-w", str(ws), *args]) == 0
            printed.append(out.getvalue())
    return [json.loads(text) if "--json" in args and args[0] == "context" else text
            for args, text in zip(answer_commands(), printed)]


def answer_commands() -> list[list[str]]:
    """The searches and context packs `answers` runs, in its order."""
    commands = [["search", q, *extra] for q in QUERIES for extra in ([], ["--json"])]
    for args in (["--file", "app/http.py"], ["--file", "app/models.py", "--task", "store a refund amount"]):
        commands += [["context", *args], ["context", *args, "--json"]]
    return commands


@pytest.fixture
def workspace(computed_alone, model_dir):
    """The workspace as it was before any command read it (a test adds a memory and kills a server)."""
    ws, pristine, _ = computed_alone
    shutil.rmtree(ws)
    shutil.copytree(pristine, ws, symlinks=True)
    socket_path(ws).unlink(missing_ok=True)  # a killed server's, when it lives outside the workspace
    return ws


def answers(ws: Path, verbose: bool = False) -> tuple[list, list[str]]:
    """What each of `answer_commands` prints, each run as its own `lore` process, and the logs of the
    searches and of the context packs as JSON."""
    out, logs = [], []
    for args in answer_commands():
        p = lore(ws, *args, verbose=verbose)
        out.append(json.loads(p.stdout) if args[0] == "context" and "--json" in args else p.stdout)
        if args[0] == "search" or "--json" in args:
            logs.append(p.stderr)
    return out, logs


@pytest.mark.parametrize("kind", ["lsp", "mcp"])
def test_a_running_server_answers_exactly_as_in_process(workspace, computed_alone, kind):
    # Packs count what they show: both runs start from the same workspace (computed_alone's copy).
    alone = computed_alone[2]
    server = start_server(workspace, kind)
    try:
        relayed, logs = answers(workspace, verbose=True)
        assert all("answered by the Lore server" in text for text in logs), logs[0][-2000:]
        for a, b in zip(relayed, alone, strict=True):
            for pack in (a, b):
                if isinstance(pack, dict):
                    pack.pop("millis", None)
            assert a == b, "\n".join(difflib.unified_diff(str(b).splitlines(), str(a).splitlines(), lineterm=""))
        # A memory added now gets its vector from the server, without any search.
        lore(workspace, "add", "--title", "Feature flags expire after two sprints")
        store = Store(workspace / ".lore" / "lore.db")
        try:
            deadline = time.monotonic() + 60
            while store.vectors(DEFAULT_MODEL, 384).pending_count():
                assert time.monotonic() < deadline, "the added memory never got a vector"
                time.sleep(0.1)
        finally:
            store.close()
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(30)
    # The socket of the killed server is stale: commands compute in-process again (a search and a
    # context pack: the two commands a server answers; each loads the model, so one of each).
    assert socket_path(workspace).exists()
    for args in (["search", QUERIES[0], "--json"], ["context", "--file", "app/http.py", "--json"]):
        p = lore(workspace, *args, verbose=True)
        assert "answered by the Lore server" not in p.stderr, p.stderr[-2000:]
        assert json.loads(p.stdout), p.stdout
