"""Two workspace folders, two databases, through Neovim 0.7's capabilities (settings only from
initializationOptions and pushed changes; no showDocument, no code lens refresh)."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsp_support import SERVER, command, hover, make_workspace, open_doc, start, uri
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("multiroot")
    first, second = make_workspace(base, "first"), make_workspace(base, "second")
    (second / ".lore" / "memories" / "use-repository.md").unlink()
    lsp_client.first, lsp_client.second = first, second
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("neovim@v0.7"), [first, second],
                                  options={"hover": {"maxItems": 1}, "relevanceThreshold": 7},
                                  client_name="Neovim")
    lsp_client.first_doc = open_doc(lsp_client, first / "app" / "repos.py")
    lsp_client.second_doc = open_doc(lsp_client, second / "app" / "repos.py")
    yield
    await lsp_client.shutdown_session()


async def test_each_folder_has_its_own_database(client: LanguageClient):
    assert (client.first / ".lore" / "lore.db").exists()
    assert (client.second / ".lore" / "lore.db").exists()
    assert "Use the Repository pattern" in await hover(client, client.first_doc, 3, 8)
    assert "Use the Repository pattern" not in (await hover(client, client.second_doc, 3, 8) or "")


async def test_initialization_options_apply_and_invalid_ones_warn(client: LanguageClient):
    text = await hover(client, client.first_doc, 3, 8)
    assert text.count("---") == 0, "hover.maxItems = 1 from initializationOptions"
    assert any("relevanceThreshold" in m.message for m in client.messages)


async def test_remember_goes_to_the_folder_holding_the_document(client: LanguageClient):
    result = await command(client, "lore.remember", {
        "kind": "warning", "title": "Second folder only", "body": "Lives in the second database.",
        "scope": "workspace", "uri": client.second_doc,
        "range": {"start": {"line": 14, "character": 4}, "end": {"line": 14, "character": 4}}})
    assert result["memory"]["anchors"] == ["symbol:python:app.repos.helper"]
    assert "Second folder only" in await hover(client, client.second_doc, 14, 5)
    assert "Second folder only" not in (await hover(client, client.first_doc, 14, 5) or "")
    in_first = await command(client, "lore.search", {"query": "second database", "uri": client.first_doc})
    in_second = await command(client, "lore.search", {"query": "second database", "uri": client.second_doc})
    assert not [h for h in in_first["hits"] if h["title"] == "Second folder only"]
    assert in_second["hits"][0]["title"] == "Second folder only"


async def test_workspace_symbols_cover_both_folders(client: LanguageClient):
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="plain dicts"))
    uris = {s.location.uri for s in found if s.name == "Repository methods return plain dicts"}
    assert len(uris) == 2


async def test_show_does_not_open_documents_without_client_support(client: LanguageClient):
    await command(client, "lore.show", {"id": "repo000000001"})
    assert client.shown_documents == []
    assert client.seen["refresh"] == [], "no codeLens refresh without refreshSupport"


async def test_pushed_configuration_change_applies(client: LanguageClient):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"lore": {"hover": {"enabled": False}}}))
    await asyncio.sleep(0.3)
    assert await hover(client, client.first_doc, 3, 8) is None
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"lore": {"hover": {"enabled": True}}}))
    await asyncio.sleep(0.3)
    assert await hover(client, client.first_doc, 3, 8) is not None


async def test_folders_added_and_removed_while_running(client: LanguageClient):
    third = make_workspace(client.first.parent, "third")
    client.workspace_did_change_workspace_folders(types.DidChangeWorkspaceFoldersParams(
        event=types.WorkspaceFoldersChangeEvent(
            added=[types.WorkspaceFolder(uri=uri(third), name="third")],
            removed=[types.WorkspaceFolder(uri=uri(client.second), name="second")])))
    doc = open_doc(client, third / "app" / "repos.py")
    text = None
    for _ in range(150):  # the new folder's team files and the document's symbols arrive in the background
        text = await hover(client, doc, 3, 8) or ""
        if "Use the Repository pattern" in text:
            break
        await asyncio.sleep(0.1)
    assert "Use the Repository pattern" in text
    assert (third / ".lore" / "lore.db").exists()
    assert await hover(client, client.second_doc, 3, 8) is None, "the removed folder is no longer served"
