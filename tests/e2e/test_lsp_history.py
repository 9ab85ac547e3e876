"""A file's history on hovers through the language server: imported from a real git repository at
startup, read off the hot path when the file opens, one line under the memories, never alone."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time

import pytest
import pytest_lsp
from lsp_support import SERVER, hover, make_workspace, open_doc, start
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")


def _git(ws, *args: str, days_ago: int = 0) -> None:
    at = f"@{int(time.time()) - days_ago * 86400} +0000"
    env = dict(os.environ, GIT_AUTHOR_NAME="Ann", GIT_AUTHOR_EMAIL="ann@example.com", GIT_AUTHOR_DATE=at,
               GIT_COMMITTER_NAME="Ann", GIT_COMMITTER_EMAIL="ann@example.com", GIT_COMMITTER_DATE=at)
    subprocess.run(["git", *args], cwd=ws, env=env, check=True, capture_output=True)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("history"))
    shutil.rmtree(ws / ".git")
    _git(ws, "init", "-q", "-b", "main")
    _git(ws, "add", "app")
    _git(ws, "commit", "-q", "-m", "Add the users repository", days_ago=30)
    (ws / "app" / "repos.py").write_text((ws / "app" / "repos.py").read_text() + "\n\ndef extra():\n    return 1\n")
    _git(ws, "commit", "-q", "-am", "fix(repos): Load users in one query (#41)", days_ago=2)
    lsp_client.sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ws, capture_output=True, text=True,
                                    check=True).stdout.strip()
    lsp_client.ws = ws
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws])
    lsp_client.repos = open_doc(lsp_client, ws / "app" / "repos.py")
    lsp_client.util = open_doc(lsp_client, ws / "app" / "util.py")
    yield
    await lsp_client.shutdown_session()


async def _hover_with_history(client: LanguageClient, timeout: float = 30.0) -> str:
    text = ""
    for _ in range(int(timeout / 0.1)):
        text = await hover(client, client.repos, 3, 8) or ""
        if "**History**" in text:
            return text
        await asyncio.sleep(0.1)
    raise AssertionError(f"no history on the hover: {text!r}")


async def test_the_history_line_comes_after_the_memories(client: LanguageClient):
    text = await _hover_with_history(client)
    assert text.index("Use the Repository pattern") < text.index("**History**")
    history = text.split("**History** · ", 1)[1]
    # a "#" inside a line is literal markdown: left bare (Neovim's float would show the backslash)
    assert history.startswith("changed 2× this year; last: 'Load users in one query' (#41, ")
    assert "\n" not in history.strip()


async def test_history_never_makes_a_hover_alone(client: LanguageClient):
    await _hover_with_history(client)
    assert await hover(client, client.util, 1, 5) is None  # util.py has tasks but no memory here


async def _symbols(client: LanguageClient, query: str) -> list[types.SymbolInformation]:
    return list(await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=query)) or [])


async def test_workspace_symbols_find_tasks_by_words_commit_and_pull_request(client: LanguageClient):
    await _hover_with_history(client)  # the history is imported
    tasks = [s for s in await _symbols(client, "load users query") if s.kind == types.SymbolKind.Event]
    assert tasks and tasks[0].name == "Load users in one query (#41)"
    task = tasks[0]
    assert task.location.uri.endswith("/app/repos.py") and task.location.range.start.line == 0
    assert task.container_name.startswith("task (fix) · ") and task.container_name.endswith(client.sha[:12])
    for query in (client.sha[:7], client.sha, "#41"):
        found = await _symbols(client, query)
        assert found and (found[0].name, found[0].kind) == (task.name, types.SymbolKind.Event), query
    assert not [s for s in await _symbols(client, "#42") if s.kind == types.SymbolKind.Event]
    older = [s for s in await _symbols(client, "Add the users repository") if s.kind == types.SymbolKind.Event]
    assert older and older[0].name == "Add the users repository"


async def test_the_status_counts_history_tasks_apart_from_memories(client: LanguageClient):
    from lsp_support import command

    for _ in range(300):  # the startup import reads the history
        status = await command(client, "lore.status", {})
        if status["history"]:
            break
        await asyncio.sleep(0.1)
    assert status["history"] == 2  # the two commits
    assert status["memories"] == 2  # the two team memories of the workspace, not the commits
