"""The language server in a hostile repository: renaming an anchored function rewrites the team
file without following a planted link out of the workspace, and an alias bomb in AGENTS.md costs
that one file while the server keeps answering."""

from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from lsp_support import SERVER, command, hover, make_workspace, open_doc, start
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

VICTIM = b"# the user's shell start-up file\nexport PATH=$HOME/bin:$PATH\n"
BOMB = "\n".join(['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
                 + [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 10)]
                 + ["description: *l9", "globs: *l9"])
JOBS = "def nightly_report(day):\n    return build(day)\n"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("hostile")
    ws = make_workspace(root)
    (ws / "AGENTS.md").write_text(f"---\n{BOMB}\n---\n# Rules\n\n## Style\n\nShort functions.\n")
    (ws / "app" / "jobs.py").write_text(JOBS)
    victim = root / "bashrc"
    victim.write_bytes(VICTIM)
    lsp_client.ws, lsp_client.victim = ws, victim
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("neovim@v0.11"), [ws],
                                  client_name="Neovim")
    yield
    await lsp_client.shutdown_session()


async def test_an_alias_bomb_does_not_stop_the_server(client: LanguageClient):
    doc = open_doc(client, client.ws / "app" / "repos.py")
    assert "Use the Repository pattern for data access" in await hover(client, doc, 3, 8)


async def test_anchor_following_never_writes_through_a_planted_link(client: LanguageClient):
    doc = open_doc(client, client.ws / "app" / "jobs.py")
    made = await command(client, "lore.remember", {
        "kind": "decision", "title": "Reports run at night", "body": "Load is low then.", "scope": "team",
        "uri": doc, "symbol": "app.jobs.nightly_report"})
    mid = made["memory"]["id"]
    team_file = client.ws / ".lore" / "memories" / "reports-run-at-night.md"
    assert team_file.is_file()
    os.symlink(client.victim, team_file.with_name(team_file.name + ".tmp"))
    renamed = JOBS.replace("nightly_report", "nightly_summary")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=renamed)]))
    (client.ws / "app" / "jobs.py").write_text(renamed)  # saved: anchors follow only a saved file
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=doc)))
    for _ in range(80):
        memory = (await command(client, "lore.show", {"id": mid, "open": False}))["memory"]
        if memory["anchors"] == ["symbol:python:app.jobs.nightly_summary"]:
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError(f"the anchor never followed the rename: {memory}")
    assert client.victim.read_bytes() == VICTIM
    assert "app.jobs.nightly_summary" in team_file.read_text()
