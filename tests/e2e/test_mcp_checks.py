"""MCP `check_change` end to end with the SDK's own client over stdio: an agent asks before it writes."""

import json
import os
import sys

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

RULES = """---
id: httpx01
kind: decision
checks:
  - forbid_import: requests
    fix: httpx
---
# We use httpx, not requests
"""


def _payload(result):
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if isinstance(data, dict) and set(data) == {"result"} else data
    return json.loads(result.content[0].text)


@pytest.mark.asyncio
async def test_check_change_answers_with_locations_decisions_and_fixes(tmp_workspace, tmp_path):
    (tmp_workspace / ".lore/memories").mkdir(parents=True)
    (tmp_workspace / ".lore/memories/httpx.md").write_text(RULES)
    (tmp_workspace / "app.py").write_text("x = 1\n")
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "lore", "-w", str(tmp_workspace), "mcp"],
        env={"LORE_EMBEDDER": "hash", "LORE_USER_DB": str(tmp_path / "user.db"),
             **{k: os.environ[k] for k in ("PYTHONPATH",) if k in os.environ}}, cwd=str(tmp_workspace))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            assert tools["check_change"].annotations.read_only_hint is True

            diff = "--- a/app.py\n+++ b/app.py\n@@ -1 +1,2 @@\n x = 1\n+import requests\n"
            result = _payload(await session.call_tool("check_change", {"diff": diff}))
            [v] = result["violations"]
            assert (v["path"], v["line"], v["memory"]["title"]) == ("app.py", 2, "We use httpx, not requests")
            assert v["fix"] == {"title": "Use httpx (We use httpx, not requests)", "newText": "httpx",
                                "range": {"start": {"line": 1, "character": 7}, "end": {"line": 1, "character": 15}}}

            by_content = _payload(await session.call_tool("check_change", {
                "path": str(tmp_workspace / "svc" / "client.py"), "content": "import requests.auth\n"}))
            assert by_content["violations"][0]["path"] == "svc/client.py"
            clean = _payload(await session.call_tool("check_change", {"path": "app.py", "content": "import httpx\n"}))
            assert clean["clean"] is True and clean["violations"] == []

            bad = await session.call_tool("check_change", {"diff": "not a diff"})
            assert bad.is_error and "no file in the diff" in bad.content[0].text
            outside = await session.call_tool("check_change", {"path": "/etc/passwd", "content": "x"})
            assert outside.is_error and "outside the workspace" in outside.content[0].text
