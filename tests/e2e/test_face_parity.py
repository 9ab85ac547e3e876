"""One operation, one result: the same operations through the three faces answer with the same shapes.

Each face gets its own copy of one workspace and runs the same script: remember two memories,
search, show one, remember a successor naming the first by a shortened id, supersede with
shortened ids, forget one (restorable), purge one, record one piece of feedback. The CLI runs as
`python -m lore ... --json`, the MCP server through the SDK's client over stdio, the language server
over stdio (raw JSON-RPC). Results are compared after taking off what a face adds by design (the
language server's `{memory, ...}` envelope and `source.uri`) and what differs by who wrote the
memory (an agent's memory through MCP waits as proposed): field names and types, status words,
the shortened ids resolved to the full ones.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsp_raw import RawServer, uri
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

FIRST = {"title": "Payments retry with exponential backoff", "kind": "decision",
         "body": "Five attempts, doubling from 2 s; the queue owns the retries.", "anchors": ["app/payments/**"]}
SECOND = {"title": "Refunds go through the ledger service", "kind": "convention",
          "body": "Never write refunds to the payments table directly.", "anchors": ["app/refunds.py"]}
SUCCESSOR = {"title": "Payments retry three times", "kind": "decision",
             "body": "Three attempts are enough since the queue deduplicates.", "anchors": ["app/payments/**"]}
QUERY = "payments retry backoff"
FEEDBACK = {"uri": "app/payments/client.py", "outcome": "accepted",
            "proposedText": "from pathlib import Path\n"}
# Differ by who wrote the memory or when, not by the face.
VOLATILE = {"id", "createdAt", "updatedAt", "date", "status", "source", "trust", "confidence", "usage",
            "supersedes", "supersededBy", "score", "similarity", "why", "section", "scope"}


def workspace(root: Path) -> Path:
    """A git workspace with a little code (the same for every face)."""
    (root / "app" / "payments").mkdir(parents=True)
    (root / "app" / "payments" / "client.py").write_text("def charge(amount):\n    return amount\n")
    (root / "app" / "refunds.py").write_text("def refund(amount):\n    return -amount\n")
    for args in (["init", "-q", "-b", "main"], ["config", "user.name", "Lore Tests"],
                 ["config", "user.email", "tests@lore.invalid"]):
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)
    return root


def face_env(tmp: Path) -> dict[str, str]:
    return {**os.environ, "LORE_EMBEDDER": "hash", "LORE_USER_DB": str(tmp / "user.db")}


def shape(value: Any) -> Any:
    """Field names and JSON types, recursively (the first item stands for a list)."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return type(value).__name__ if value is not None else None


def memory(data: dict) -> dict:
    """Memory JSON without what differs by author and time (and the language server's `source.uri`)."""
    return {k: v for k, v in data.items() if k not in VOLATILE}


# -- the faces --------------------------------------------------------------------------------------
def run_cli(ws: Path, env: dict[str, str]) -> dict[str, Any]:
    def cli(*args: str) -> Any:
        done = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), *args, "--json"],
                              capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def add(m: dict, *extra: str) -> dict:
        anchors = [a for anchor in m["anchors"] for a in ("--anchor", anchor)]
        return cli("add", "--title", m["title"], "--kind", m["kind"], "--body", m["body"], *anchors, *extra)

    out: dict[str, Any] = {"add": add(FIRST)}
    second = add(SECOND)
    out["search"] = cli("search", QUERY)
    out["show"] = cli("show", out["add"]["id"][:8])
    out["successor"] = add(SUCCESSOR, "--supersedes", out["add"]["id"][:8])
    out["supersede"] = cli("supersede", second["id"][:8], "--by", out["successor"]["id"][:8])
    out["forget"] = cli("forget", second["id"][:8])
    out["purge"] = cli("forget", out["successor"]["id"], "--purge")
    out["feedback"] = cli("feedback", "--uri", str(ws / FEEDBACK["uri"]), "--outcome", FEEDBACK["outcome"],
                          "--proposed", FEEDBACK["proposedText"])
    out["ids"] = {"first": out["add"]["id"], "second": second["id"], "successor": out["successor"]["id"]}
    return out


async def run_mcp(ws: Path, env: dict[str, str]) -> dict[str, Any]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "lore", "-w", str(ws), "mcp"],
                                   env=env, cwd=str(ws))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()

        async def tool(name: str, args: dict) -> Any:
            result = await session.call_tool(name, args)
            assert not result.is_error, result.content
            if result.structured_content is not None:
                data = result.structured_content
                return data.get("result", data) if isinstance(data, dict) and set(data) == {"result"} else data
            return json.loads(result.content[0].text)

        out: dict[str, Any] = {"add": await tool("remember", FIRST)}
        second = await tool("remember", SECOND)
        out["search"] = await tool("search_memory", {"query": QUERY, "full": True})  # whole hits, as the others
        out["compact"] = await tool("search_memory", {"query": QUERY})
        shown = await session.read_resource(f"lore://memory/{out['add']['id']}")
        out["show_markdown"] = shown.contents[0].text
        out["successor"] = await tool("remember", SUCCESSOR)
        out["forget"] = await tool("forget", {"id": second["id"][:8]})
        out["purge"] = await tool("forget", {"id": out["successor"]["id"], "purge": True})
        out["feedback"] = await tool("record_feedback", {"uri": str(ws / FEEDBACK["uri"]), "outcome": "accepted",
                                                         "proposed_text": FEEDBACK["proposedText"]})
        out["ids"] = {"first": out["add"]["id"], "second": second["id"], "successor": out["successor"]["id"]}
        return out


def run_lsp(ws: Path, env: dict[str, str]) -> dict[str, Any]:
    server = RawServer(ws, env=env, timeout=60.0)
    try:
        server.initialize()
        server.wait_status()

        def command(name: str, args: dict) -> Any:
            answer = server.request("workspace/executeCommand", {"command": name, "arguments": [args]})
            assert "result" in answer, answer
            return answer["result"]

        team = {"scope": "workspace"}  # the CLI's and MCP's default scope (the command's is "team")
        added = command("lore.remember", {**FIRST, **team})
        out: dict[str, Any] = {"add": {**added["memory"], "redacted": added["redacted"]}}
        second = command("lore.remember", {**SECOND, **team})["memory"]
        out["search"] = command("lore.search", {"query": QUERY})["hits"]
        shown = command("lore.show", {"id": out["add"]["id"][:8], "open": False})
        out["show"], out["show_markdown"] = shown["memory"], shown["markdown"]
        successor = command("lore.remember", {**SUCCESSOR, **team, "supersedes": [out["add"]["id"][:8]]})
        out["successor"] = {**successor["memory"], "redacted": successor["redacted"]}
        out["supersede"] = command("lore.supersede", {"id": second["id"][:8], "by": [out["successor"]["id"][:8]]})
        out["forget"] = command("lore.forget", {"id": second["id"][:8]})
        out["purge"] = command("lore.forget", {"id": out["successor"]["id"], "purge": True})
        out["feedback"] = command("lore.feedback", {**FEEDBACK, "uri": uri(ws / FEEDBACK["uri"])})
        out["ids"] = {"first": out["add"]["id"], "second": second["id"], "successor": out["successor"]["id"]}
        return out
    finally:
        server.close()


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> dict[str, dict[str, Any]]:
    import asyncio

    found = {}
    for face in ("cli", "mcp", "lsp"):
        tmp = tmp_path_factory.mktemp(face)
        ws, env = workspace(tmp / "ws"), face_env(tmp)
        found[face] = asyncio.run(run_mcp(ws, env)) if face == "mcp" else \
            (run_cli if face == "cli" else run_lsp)(ws, env)
    return found


def test_remember_answers_the_same_memory_json(answers):
    cli, mcp, lsp = (answers[f]["add"] for f in ("cli", "mcp", "lsp"))
    assert shape(memory(cli)) == shape(memory(mcp)) == shape(memory(lsp))
    assert memory(cli) == memory(mcp) == memory(lsp)
    assert cli["redacted"] == mcp["redacted"] == lsp["redacted"] == []
    assert shape(cli["trust"]) == shape(mcp["trust"]) == shape(lsp["trust"])
    assert (cli["status"], mcp["status"], lsp["status"]) == ("active", "proposed", "active")  # an agent's waits


def test_search_answers_the_same_hits(answers):
    hits = {f: answers[f]["search"] for f in ("cli", "mcp", "lsp")}
    assert all(hits.values())
    for h in hits["lsp"]:
        (h.get("source") or {}).pop("uri", None)
    assert shape(hits["cli"][0]) == shape(hits["mcp"][0]) == shape(hits["lsp"][0])
    titles = {f: [h["title"] for h in found] for f, found in hits.items()}
    assert titles["cli"] == titles["mcp"] == titles["lsp"]
    assert titles["cli"][0] == FIRST["title"]
    compact = answers["mcp"]["compact"]  # an agent's default: the same hits, without their bodies
    assert [h["title"] for h in compact] == titles["mcp"] and all("body" not in h for h in compact)


def test_show_with_a_shortened_id_answers_the_memory(answers):
    cli, lsp = answers["cli"]["show"], answers["lsp"]["show"]
    assert cli["id"] == answers["cli"]["ids"]["first"] and lsp["id"] == answers["lsp"]["ids"]["first"]
    lsp.get("source", {}).pop("uri", None)
    assert shape(cli) == shape(lsp) and memory(cli) == memory(lsp)
    for face in ("mcp", "lsp"):
        assert FIRST["body"] in answers[face]["show_markdown"]


def test_shortened_ids_in_supersedes_resolve_in_every_face(answers):
    for face in ("cli", "lsp"):
        ids, successor = answers[face]["ids"], answers[face]["successor"]
        assert successor["supersedes"] == [ids["first"]], face
    cli, lsp = answers["cli"]["supersede"], answers["lsp"]["supersede"]["memory"]
    assert cli["supersededBy"] == [answers["cli"]["ids"]["successor"]]
    assert lsp["supersededBy"] == [answers["lsp"]["ids"]["successor"]]
    assert cli["status"] == lsp["status"] == "superseded"


def test_forget_and_purge_answer_the_same_status_words(answers):
    for face in ("cli", "mcp", "lsp"):
        ids = answers[face]["ids"]
        forgot, purged = dict(answers[face]["forget"]), dict(answers[face]["purge"])
        assert forgot.pop("title") and purged.pop("title"), face  # so a message can name the memory
        assert forgot == {"id": ids["second"], "status": "deprecated"}, face
        assert purged == {"id": ids["successor"], "status": "purged"}, face


def test_feedback_answers_the_same_result(answers):
    found = [answers[f]["feedback"] for f in ("cli", "mcp", "lsp")]
    assert shape(found[0]) == shape(found[1]) == shape(found[2])
    assert set(found[0]) == {"observations", "proposed", "retired", "updated", "redactions"}
