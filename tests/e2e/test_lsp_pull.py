"""A team memory pushed from another clone is found after `git pull`, with a client that never sends
`workspace/didChangeWatchedFiles`: the server notices the pull itself (lsp/watch.py)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER, command, make_workspace, start, status_field
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = [pytest.mark.asyncio(loop_scope="module"),
              pytest.mark.skipif(shutil.which("git") is None, reason="needs git")]

PUSHED = """\
---
id: hook000000001
kind: decision
status: active
---
# Retry webhook deliveries with exponential backoff

Failed webhook deliveries are retried with exponential backoff and jitter, at most eight times.
"""


def git(cwd: Path, *args: str) -> None:
    """Run git quietly as a named person; fail the test on an error."""
    subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "-c", "init.defaultBranch=main",
                    *args], cwd=cwd, check=True, capture_output=True)


def clones(root: Path) -> tuple[Path, Path]:
    """A bare remote holding the fixture workspace, and two clones of it."""
    seed = make_workspace(root, "seed")
    shutil.rmtree(seed / ".git")
    git(seed, "init", "-q")
    git(seed, "add", "-A")
    git(seed, "commit", "-qm", "start")
    git(root, "clone", "-q", "--bare", str(seed), "remote.git")
    git(root, "clone", "-q", "remote.git", "mine")
    git(root, "clone", "-q", "remote.git", "theirs")
    return root / "mine", root / "theirs"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    mine, theirs = clones(tmp_path_factory.mktemp("pull"))
    lsp_client.mine, lsp_client.theirs = mine, theirs
    capabilities = pytest_lsp.client_capabilities("visual-studio-code")
    capabilities.workspace.did_change_watched_files = None  # an editor that watches nothing
    lsp_client.seen = await start(lsp_client, capabilities, [mine])
    yield
    await lsp_client.shutdown_session()


async def statuses_after(seen: dict, count: int, timeout: float) -> None:
    """Until a `lore/status` with state ready (or wordsOnly) arrives after the first `count` ones."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        if any(status_field(s, "state") in ("ready", "wordsOnly") for s in seen["status"][count:]):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"no status after the pull; statuses: {seen['status'][count:]}")


async def push_then_pull(client: LanguageClient, message: str) -> float:
    """Commit and push all of `theirs`, pull it into `mine`, wait for the server's status after the
    pull; the time of the pull (`time.perf_counter`)."""
    git(client.theirs, "add", "-A")
    git(client.theirs, "commit", "-qm", message)
    git(client.theirs, "push", "-q", "origin", "HEAD")
    count = len(client.seen["status"])
    git(client.mine, "pull", "-q", "--no-rebase", "origin", "main")
    pulled = time.perf_counter()
    await statuses_after(client.seen, count, timeout=15.0)
    return pulled


async def test_a_pulled_team_memory_is_found_first(client: LanguageClient):
    query = {"query": "webhook delivery retry backoff", "limit": 5}
    before = await command(client, "lore.search", query)
    assert "hook000000001" not in [h["id"] for h in before["hits"]]

    (client.theirs / ".lore" / "memories" / "retry-webhooks.md").write_text(PUSHED)
    pulled = await push_then_pull(client, "remember: webhook retries")
    found = await command(client, "lore.search", query)
    latency = time.perf_counter() - pulled
    assert found["hits"][0]["id"] == "hook000000001", found["hits"]
    assert any(w.startswith("meaning ") for w in found["hits"][0]["why"]), "embedded at once, not found by words only"
    print(f"pull -> found first: {latency:.2f} s")


ADR = "# 1. Utilities stay free of I/O\n\n## Status\n\nAccepted\n\n## Decision\n\nHelpers do no I/O.\n"


async def test_a_pull_that_changes_only_the_anchor_choices_is_applied(client: LanguageClient):
    """Another clone anchored an imported record to `app/util.py` (`.lore/anchors.yaml`); the pull moves
    no source the record came from, and the server applies the choice anyway."""
    (client.theirs / "docs" / "adr").mkdir(parents=True)
    (client.theirs / "docs" / "adr" / "0001-utilities.md").write_text(ADR)
    await push_then_pull(client, "decide: utilities")
    hits = (await command(client, "lore.search", {"query": "utilities free of I/O", "limit": 5}))["hits"]
    adr = next(h["id"] for h in hits if h["title"] == "1. Utilities stay free of I/O")
    util = {"query": "", "uri": (client.mine / "app" / "util.py").as_uri()}
    assert adr not in [h["id"] for h in (await command(client, "lore.search", util))["hits"]]

    (client.theirs / ".lore" / "anchors.yaml").write_text("docs/adr/0001-utilities.md#adr:\n  added: [app/util.py]\n")
    await push_then_pull(client, "anchor the utilities decision")
    assert adr in [h["id"] for h in (await command(client, "lore.search", util))["hits"]]


async def test_nothing_is_imported_while_nothing_changes(client: LanguageClient):
    count = len(client.seen["status"])
    await asyncio.sleep(1.5)
    assert client.seen["status"][count:] == []
