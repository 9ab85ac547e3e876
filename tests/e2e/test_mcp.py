"""The MCP face end to end with the SDK's own client over stdio."""

import json
import sys

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


def _params(ws, tmp_path):
    return StdioServerParameters(
        command=sys.executable, args=["-m", "lore", "-w", str(ws), "mcp"],
        env={"LORE_EMBEDDER": "hash", "LORE_USER_DB": str(tmp_path / "user.db")}, cwd=str(ws),
    )


def _payload(result):
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if isinstance(data, dict) and set(data) == {"result"} else data
    return json.loads(result.content[0].text)


@pytest.mark.asyncio
async def test_tools_search_remember_context_forget(tmp_workspace, tmp_path):
    async with stdio_client(_params(tmp_workspace, tmp_path)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            assert set(tools) >= {"search_memory", "get_context", "remember", "record_feedback", "forget"}
            assert tools["search_memory"].annotations.read_only_hint is True
            assert tools["get_context"].annotations.read_only_hint is True
            assert tools["forget"].annotations.destructive_hint is True
            assert tools["remember"].annotations.read_only_hint is False

            made = _payload(await session.call_tool("remember", {
                "title": "Webhooks retry with exponential backoff", "kind": "decision",
                "body": "Five attempts, doubling from 2 s.", "anchors": ["app/webhooks/**"],
            }))
            assert made["source"]["kind"] == "agent"
            hits = _payload(await session.call_tool("search_memory", {"query": "webhooks retry backoff"}))
            assert hits[0]["id"] == made["id"] and hits[0]["why"]

            ctx = await session.call_tool("get_context", {"file": "app/webhooks/send.py", "budget": 400})
            text = ctx.content[0].text
            assert "Webhooks retry with exponential backoff" in text and "anchored to glob" in text

            resources = await session.list_resources()
            assert any(str(r.uri) == "lore://memories" for r in resources.resources)
            one = await session.read_resource(f"lore://memory/{made['id']}")
            assert "Five attempts" in one.contents[0].text

            bad = await session.call_tool("get_context", {"file": "/etc/passwd"})
            assert bad.is_error and "outside the workspace" in bad.content[0].text

            gone = _payload(await session.call_tool("forget", {"id": made["id"]}))
            assert gone["status"] == "deprecated"
            assert _payload(await session.call_tool("search_memory", {"query": "webhooks retry backoff"})) == []
