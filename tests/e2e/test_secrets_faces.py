"""Secrets through the language server (`lore.remember`, `lore.feedback`) and MCP (`remember`,
`record_feedback`), each a real process on its real transport: afterwards (and while the server still
runs, its WAL files included) the bytes of every database file and everything under `.lore/` are
searched for each secret: none may be stored anywhere. tests/unit/test_secrets_paths.py covers the
CLI and the importers in process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from lsp_raw import RawServer, uri
from secret_leaks import SAMPLES, leaks, stored_files

from lore.redact import KINDS


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def test_no_secret_is_stored_through_the_language_server(tmp_path: Path):
    ws, user_db = tmp_path / "ws", tmp_path / "user.db"
    (ws / "app").mkdir(parents=True)
    (ws / ".git").mkdir()
    (ws / "app" / "deploy.py").write_text("def deploy():\n    return 1\n")
    server = RawServer(ws, env={"LORE_USER_DB": str(user_db)})
    try:
        server.initialize()
        server.wait_status()
        doc = uri(ws / "app" / "deploy.py")
        where = {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 12}}
        for i, kind in enumerate(sorted(KINDS)):
            for scope in ("team", "workspace", "user"):
                answer = server.request("workspace/executeCommand", {"command": "lore.remember", "arguments": [{
                    "kind": "decision", "title": f"Deploy note {i} {scope}", "body": SAMPLES[kind],
                    "rationale": SAMPLES[kind], "scope": scope, "uri": doc, "range": where}]})
                assert answer["result"]["redacted"], (kind, answer)
            answer = server.request("workspace/executeCommand", {"command": "lore.feedback", "arguments": [{
                "uri": doc, "languageId": "python", "range": where, "proposedText": SAMPLES[kind],
                "finalText": "token = os.environ['TOKEN']\n", "outcome": "modified", "origin": "inline-completion",
                "reason": SAMPLES[kind]}]})
            assert "result" in answer, (kind, answer)
        assert "Traceback" not in server.stderr()
        assert any(p.name.endswith("-wal") for p in stored_files(ws, user_db))
        assert leaks(ws, user_db, sorted(KINDS)) == {}  # while the server runs: its WAL files too
    finally:
        server.close()
    assert leaks(ws, user_db, sorted(KINDS)) == {}


@pytest.mark.asyncio
async def test_no_secret_is_stored_through_mcp(tmp_path: Path):
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    ws, user_db = tmp_path / "ws", tmp_path / "user.db"
    ws.mkdir()
    params = StdioServerParameters(command=sys.executable, args=["-m", "lore", "-w", str(ws), "mcp"],
                                   env={"LORE_EMBEDDER": "hash", "LORE_USER_DB": str(user_db),
                                        # the code under test, not another installed copy
                                        **{k: os.environ[k] for k in ("PYTHONPATH",) if k in os.environ}},
                                   cwd=str(ws))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for i, kind in enumerate(sorted(KINDS)):
            for scope in ("workspace", "team"):
                made = await session.call_tool("remember", {"title": f"Deploy note {i} {scope}", "scope": scope,
                                                            "body": SAMPLES[kind], "rationale": SAMPLES[kind]})
                assert not made.is_error, made.content
            fed = await session.call_tool("record_feedback", {
                "uri": "app/deploy.py", "proposed_text": SAMPLES[kind], "final_text": "x = os.environ['T']\n",
                "outcome": "modified", "language_id": "python", "reason": SAMPLES[kind]})
            assert not fed.is_error, fed.content
        fed = await session.call_tool("record_feedback", {  # code that happens to be JSON is still text
            "uri": "app/config.json", "proposed_text": '{"retries": 5}', "final_text": '{"retries": 3}',
            "outcome": "modified", "reason": "[nit] fewer retries"})
        assert not fed.is_error, fed.content
        assert any(p.name.endswith("-wal") for p in stored_files(ws, user_db))
        assert leaks(ws, user_db, sorted(KINDS)) == {}  # while the server runs: its WAL files too
    assert leaks(ws, user_db, sorted(KINDS)) == {}
