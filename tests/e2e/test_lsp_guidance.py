"""The guidance review through the language server: `lore.guidance` answers contradictions and
near-duplicates as markdown, and an instruction file that is one side of a contradiction gets a
code lens opening the other side and one keeping this side (a click, never automatic)."""

from __future__ import annotations

import pytest
import pytest_lsp
from lsp_support import SERVER, command, open_doc, start
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

CLAUDE = "# Notes\n\n## Tooling\n\nUse pnpm for installs: `pnpm install`, then `pnpm test`.\n"
AGENTS = "# Agent guide\n\n## Commands\n\nInstall dependencies with `npm ci` and run `npm test` before every commit.\n"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = tmp_path_factory.mktemp("guidance") / "ws"
    (ws / ".git").mkdir(parents=True)
    (ws / "CLAUDE.md").write_text(CLAUDE)
    (ws / "AGENTS.md").write_text(AGENTS)
    lsp_client.ws = ws
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws])
    yield
    await lsp_client.shutdown_session()


async def test_the_review_command_shows_both_sides(client: LanguageClient):
    result = await command(client, "lore.guidance", {})
    assert len(result["contradictions"]) == 1
    assert "JavaScript package manager: npm or pnpm?" in result["markdown"]
    assert "pnpm install" in result["markdown"] and "npm ci" in result["markdown"]


async def test_a_lens_on_each_side_opens_the_other_and_keeps_this_one(client: LanguageClient):
    doc = open_doc(client, client.ws / "CLAUDE.md", language="markdown")
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=doc)))
    titles = [lens.command.title for lens in lenses]
    assert titles == ["⚠ JavaScript package manager: pnpm here, npm in AGENTS.md:3", "Keep this one"], titles
    assert lenses[0].range.start.line == 2
    show, keep = lenses[0].command, lenses[1].command
    other = show.arguments[0]["id"]
    assert show.command == "lore.show" and keep.command == "lore.supersede"
    assert keep.arguments[0]["id"] == other and keep.arguments[0]["by"] != [other]
