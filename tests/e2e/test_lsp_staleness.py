"""Staleness people can see, through the language server on a real git history: the hover on a
symbol whose code changed after its decision was written says so, naming the commit, with "Still
true" and "Supersede" links; the lens says it too; "Still true" (`lore.verify`) writes `verified:`
into the team file and the hover stops saying it."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER, command, hover, open_doc, start
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")
DAY = 86400

V1 = "class Repository:\n    def save(self, item):\n        return self.bus.publish(item)\n"
V2 = "class Repository:\n    def save(self, item):\n        self.items.append(item)\n        return item\n"
MEMORY = """\
---
id: bus000000001
kind: decision
status: active
anchors:
- symbol:python:app.repos.Repository.save
---
# Saves are published on the bus

`Repository.save` hands every item to the bus.
"""


def git(ws: Path, *args: str, at: float | None = None) -> None:
    env = dict(os.environ)
    if at is not None:
        env.update(GIT_AUTHOR_DATE=f"@{int(at)} +0000", GIT_COMMITTER_DATE=f"@{int(at)} +0000")
    subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True, env=env)

def changed_code_workspace(ws: Path) -> Path:
    """A git workspace at `ws` whose decision (`MEMORY`, on `app/repos.py`) was written 30 days ago,
    when the code was `V1`, and whose code was changed to `V2` 14 days ago."""
    (ws / "app").mkdir(parents=True)
    (ws / ".lore" / "memories").mkdir(parents=True)
    git(ws, "init", "-q", "-b", "main")
    git(ws, "config", "user.name", "Lore Tests")
    git(ws, "config", "user.email", "tests@lore.invalid")
    (ws / "app" / "__init__.py").write_text("")
    (ws / "app" / "repos.py").write_text(V1)
    (ws / ".lore" / "memories" / "bus.md").write_text(MEMORY)
    now = time.time()
    git(ws, "add", "-A")
    git(ws, "commit", "-q", "-m", "saves go through the bus", at=now - 30 * DAY)
    (ws / "app" / "repos.py").write_text(V2)
    git(ws, "commit", "-q", "-am", "keep items in memory", at=now - 14 * DAY)
    return ws


async def open_changed_code(lsp_client: LanguageClient, folder: Path) -> None:
    """Start a session as VS Code on a `changed_code_workspace` in `folder` and open its repository
    file (`lsp_client.ws`, `.seen`, `.repos`)."""
    ws = changed_code_workspace(folder)
    lsp_client.ws = ws
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws],
                                  client_name="Visual Studio Code")
    lsp_client.repos = open_doc(lsp_client, ws / "app" / "repos.py")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    await open_changed_code(lsp_client, tmp_path_factory.mktemp("stale") / "ws")
    yield
    await lsp_client.shutdown_session()


async def stale_hover(client: LanguageClient) -> str:
    text = ""
    for _ in range(20):  # the first hover may answer before git has (it is cached for the next)
        text = await hover(client, client.repos, 1, 9) or ""
        if "code changed since" in text:
            break
        await asyncio.sleep(0.2)
    return text


async def test_the_hover_names_the_commit_that_changed_the_code(client: LanguageClient):
    text = await stale_hover(client)
    assert "Saves are published on the bus" in text
    sha = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], cwd=client.ws, capture_output=True,
                         text=True).stdout.strip()
    assert f"code changed since this decision: `{sha}`, 2 weeks ago" in text, text
    assert "command:lore.verify" in text and "Still true" in text and "command:lore.supersede" in text


async def test_the_lens_says_it_and_offers_still_true(client: LanguageClient):
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=client.repos)))
    titles = [lens.command.title for lens in lenses if lens.command]
    assert any(t.startswith("⚠ code changed since this decision: ") and t.endswith("— Still true") for t in titles)
    assert "Supersede" in titles


async def run_lens_answering(client: LanguageClient, title: str, answer: str | None) -> tuple[dict, list]:
    """Run the stale lens whose title starts with `title` as Neovim's `codelens.run` does, the person
    answering the server's question with `answer`; (the command's result, the questions asked)."""
    asked: list = []
    if not hasattr(client, "answer"):
        @client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)
        def ask(params: types.ShowMessageRequestParams):
            client.asked.append(params)
            return next((a for a in params.actions or [] if a.title == client.answer), None)
    client.answer, client.asked = answer, asked
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=client.repos)))
    lens = next(lens for lens in lenses if lens.command and lens.command.title.startswith(title))
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=lens.command.command, arguments=lens.command.arguments))
    return result, asked


async def test_the_lens_asks_before_it_changes_anything(client: LanguageClient):
    memory = client.ws / ".lore" / "memories" / "bus.md"
    for title, answer in (("⚠ code changed", "Cancel"), ("⚠ code changed", None), ("Supersede", "Cancel")):
        result, asked = await run_lens_answering(client, title, answer)
        assert result["cancelled"] is True
        assert len(asked) == 1 and "Saves are published on the bus" in asked[0].message
        assert "verified" not in memory.read_text()
    assert not [p for p in (client.ws / ".lore").rglob("*.md") if p != memory]  # no successor drafted
    result, asked = await run_lens_answering(client, "⚠ code changed", "Still true")
    assert "cancelled" not in result and result["verifiedCommit"]
    assert "verified_commit: " in memory.read_text()


async def test_still_true_is_kept_in_the_team_file_and_the_hover_stops_saying_it(client: LanguageClient):
    result = await command(client, "lore.verify", {"id": "bus000000001"})
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=client.ws, capture_output=True, text=True).stdout.strip()
    assert result["verifiedCommit"] == head
    text = (client.ws / ".lore" / "memories" / "bus.md").read_text()
    assert f"verified_commit: {head}" in text and "verified: " in text
    after = await hover(client, client.repos, 1, 9) or ""
    assert "Saves are published on the bus" in after and "code changed since" not in after
