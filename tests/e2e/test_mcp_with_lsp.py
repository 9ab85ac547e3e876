"""An agent remembers through MCP while the language server runs: the new memory shows in a hover."""

from __future__ import annotations

import sys

import pytest
import pytest_lsp
from lsp_support import SERVER, hover, make_workspace, open_doc, start
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("mcp-lsp"))
    lsp_client.ws = ws
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws])
    lsp_client.doc = open_doc(lsp_client, ws / "app" / "util.py")
    yield
    await lsp_client.shutdown_session()


async def test_memory_remembered_over_mcp_appears_in_a_hover(client: LanguageClient, tmp_path):
    assert "Helpers stay pure" not in (await hover(client, client.doc, 0, 5) or "")
    import os

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "lore", "-w", str(client.ws), "mcp"], cwd=str(client.ws),
        env={"LORE_EMBEDDER": "hash", "LORE_USER_DB": os.environ["LORE_USER_DB"]},
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            result = await session.call_tool("remember", {
                "title": "Helpers stay pure", "kind": "convention",
                "body": "`unrelated()` and the other functions in app/util.py have no side effects.", "anchors": ["app/util.py"],
            })
            assert not result.is_error
    text = await hover(client, client.doc, 0, 5)
    assert text is not None and "Helpers stay pure" in text
