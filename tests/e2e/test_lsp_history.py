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
    assert history.startswith("changed 2× this year; last: 'Load users in one query' (\\#41, ")  # markdown-escaped
    assert "\n" not in history.strip()


async def test_history_never_makes_a_hover_alone(client: LanguageClient):
    await _hover_with_history(client)
    assert await hover(client, client.util, 1, 5) is None  # util.py has tasks but no memory here
