"""`lore search` and `lore context` while a Lore server runs on the workspace: answered by the
server (no model loaded again), exactly as computed in-process; `lore add` gets its vector from it."""

from __future__ import annotations

import difflib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

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


def lore(ws: Path, *args: str, verbose: bool = False) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "lore", "-w", str(ws), *(["-vv"] if verbose else []), *args]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
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


@pytest.fixture
def workspace(tmp_workspace, model_dir):
    for kind, title, body, anchor in MEMORIES:
        lore(tmp_workspace, "add", "--kind", kind, "--title", title, "--body", body,
             *(["--anchor", anchor] if anchor else []))
    lore(tmp_workspace, "search", "warm up")  # fills the vectors the adds deferred
    return tmp_workspace


def answers(ws: Path, verbose: bool = False) -> tuple[list, list[str]]:
    out, logs = [], []
    for q in QUERIES:
        for extra in ([], ["--json"]):
            p = lore(ws, "search", q, *extra, verbose=verbose)
            out.append(p.stdout)
            logs.append(p.stderr)
    for args in (["--file", "app/http.py"], ["--file", "app/models.py", "--task", "store a refund amount"]):
        p = lore(ws, "context", *args, verbose=verbose)
        out.append(p.stdout)
        p = lore(ws, "context", *args, "--json", verbose=verbose)
        pack = json.loads(p.stdout)
        pack.pop("millis")
        out.append(pack)
        logs.append(p.stderr)
    return out, logs


@pytest.mark.parametrize("kind", ["lsp", "mcp"])
def test_a_running_server_answers_exactly_as_in_process(workspace, kind):
    # Packs count what they show: both runs start from the same database.
    db = workspace / ".lore" / "lore.db"
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0
    saved = db.read_bytes()
    alone, logs = answers(workspace)
    db.write_bytes(saved)
    assert not any("answered by the Lore server" in text for text in logs)
    server = start_server(workspace, kind)
    try:
        relayed, logs = answers(workspace, verbose=True)
        assert all("answered by the Lore server" in text for text in logs), logs[0][-2000:]
        for a, b in zip(relayed, alone):
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
    # The socket of the killed server is stale: commands compute in-process again.
    assert socket_path(workspace).exists()
    _, logs = answers(workspace, verbose=True)
    assert not any("answered by the Lore server" in text for text in logs)
