"""A code lens never waits for git: on a slow git (every call takes 0.4 s here, as `git log -L` can on
a busy file of a large history), the first lens of a file whose decision's code changed answers with
the decision's lens at once, without the staleness lens; git is asked on a worker thread, the server
then asks the client to fetch lenses again (`workspace/codeLens/refresh`), and the next answer says
"code changed since this decision" with "Still true" and "Supersede"."""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from test_lsp_staleness import open_changed_code

pytestmark = pytest.mark.asyncio(loop_scope="module")


def slow_git_dir() -> Path:
    """A new temporary folder holding a `git` that sleeps 0.4 s, then runs the real one."""
    real = shutil.which("git")
    folder = Path(tempfile.mkdtemp(prefix="lore-slow-git-"))
    atexit.register(shutil.rmtree, folder, True)
    script = folder / "git"
    script.write_text(f"#!/bin/sh\nsleep 0.4\nexec {real} \"$@\"\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return folder


SERVER = ["env", "LORE_EMBEDDER=hash", f"PATH={slow_git_dir()}{os.pathsep}{os.environ.get('PATH', '')}",
          sys.executable, "-m", "lore.lsp"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    await open_changed_code(lsp_client, tmp_path_factory.mktemp("lens-no-wait") / "ws")
    yield
    await lsp_client.shutdown_session()


async def lenses(client: LanguageClient) -> list[str]:
    """Every lens title of the document, each lens resolved as an editor does."""
    found = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=client.repos))) or []
    titles = []
    for lens in found:
        lens = lens if lens.command else await client.code_lens_resolve_async(lens)
        titles.append(lens.command.title)
    return titles


async def test_the_first_lens_does_not_wait_and_a_refresh_brings_the_staleness(client: LanguageClient):
    refreshes = initial = len(client.seen["refresh"])
    first = await lenses(client)
    assert any("Saves are published on the bus" in t for t in first), first
    assert not any(t.startswith("⚠") for t in first), first  # git takes seconds here: not waited for
    after: list[str] = []
    for _ in range(150):  # each refresh fetched as an editor does (others may come first: names, meaning)
        if len(client.seen["refresh"]) > refreshes:
            refreshes = len(client.seen["refresh"])
            after = await lenses(client)
            if any(t.startswith("⚠") for t in after):
                break
        await asyncio.sleep(0.1)
    assert refreshes > initial, "no codeLens/refresh once git answered"
    assert any(t.startswith("⚠ code changed since this decision: ") and t.endswith("— Still true") for t in after), after
    assert "Supersede" in after and any("Saves are published on the bus" in t for t in after)
