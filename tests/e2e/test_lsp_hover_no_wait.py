"""A hover never waits for git: the first hover over a decision whose code changed answers with the
decision at once, without "code changed since" (git takes tens of milliseconds on a small history, and
hundreds on a busy file of a large one); git is asked on a worker thread after the answer, and a
later hover says it."""

from __future__ import annotations

import asyncio
import sys

import pytest
import pytest_lsp
from lsp_support import hover
from pytest_lsp import ClientServerConfig, LanguageClient
from test_lsp_staleness import open_changed_code

pytestmark = pytest.mark.asyncio(loop_scope="module")


SERVER = ["env", "LORE_EMBEDDER=hash", sys.executable, "-m", "lore.lsp"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    await open_changed_code(lsp_client, tmp_path_factory.mktemp("hover-no-wait") / "ws")
    yield
    await lsp_client.shutdown_session()


async def test_the_first_hover_does_not_wait_and_a_later_one_says_the_code_changed(client: LanguageClient):
    first = await hover(client, client.repos, 1, 9) or ""
    assert "Saves are published on the bus" in first
    assert "code changed since" not in first, "the hover waited for git"
    later = ""
    for _ in range(150):  # git is asked after the first answer; what it says is kept for the next hover
        await asyncio.sleep(0.1)
        later = await hover(client, client.repos, 1, 9) or ""
        if "code changed since" in later:
            break
    assert "code changed since this decision" in later, later
