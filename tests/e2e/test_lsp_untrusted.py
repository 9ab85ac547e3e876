"""Automatic imports off (an untrusted workspace): no repository file is read until asked."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsp_support import SERVER, command, hover, make_workspace, open_doc, start
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("untrusted"))
    lsp_client.ws = ws
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws],
                options={"import": {"onStartup": False}})
    lsp_client.doc = open_doc(lsp_client, ws / "app" / "repos.py")
    yield
    await lsp_client.shutdown_session()


async def test_team_files_are_not_read_until_reindex(client: LanguageClient):
    assert "Use the Repository pattern" not in (await hover(client, client.doc, 3, 8) or "")
    await command(client, "lore.reindex", {})
    assert "Use the Repository pattern" in (await hover(client, client.doc, 3, 8) or "")


async def test_a_team_file_written_later_waits_for_reindex_too(client: LanguageClient):
    """The server's own poll for pulls (lsp/watch.py) reads nothing either."""
    (client.ws / ".lore" / "memories" / "later.md").write_text(
        "---\nid: late000000001\nkind: decision\nstatus: active\n---\n# Queue webhook retries in Redis\n\nBody.\n")
    await asyncio.sleep(2.0)  # four poll periods
    query = {"query": "webhook retries Redis", "limit": 5}
    assert "late000000001" not in [h["id"] for h in (await command(client, "lore.search", query))["hits"]]
    await command(client, "lore.reindex", {})
    assert "late000000001" in [h["id"] for h in (await command(client, "lore.search", query))["hits"]]
