"""Through the real server: a decision record committed with the code it decides on is offered, first, by the file's
"Anchor “…” to this file" action, and is not shown on that file until a person takes the offer (then its lens is);
a file the commit did not change is not offered it first. Shaped on Adyen/adyen-commercetools (MIT), whose
"Idempotency key" record was committed with the handlers that send the key."""

from __future__ import annotations

import asyncio
import os
import subprocess

import pytest
import pytest_lsp
from lsp_support import SERVER, code_actions, command, lens_ids, open_doc, start, uri
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

RECORD = "# 8. Idempotency key\n\n## Status\n\nAccepted\n\n## Decision\n\nEvery capture and refund sends a key.\n"
# A record the file's words find (its folder and name), committed without it.
OTHER = "# 9. Extension flows\n\n## Status\n\nAccepted\n\n## Decision\n\nThe extension's flows live in one file.\n"


def _git(ws, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": "2023-05-02T10:00:00", "GIT_COMMITTER_DATE": "2023-05-02T10:00:00"}
    subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True, env=env)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = tmp_path_factory.mktemp("committed") / "workspace"
    (ws / "extension").mkdir(parents=True)
    for args in (["init", "-q", "-b", "main"], ["config", "user.name", "Lore Tests"],
                 ["config", "user.email", "tests@lore.invalid"], ["config", "commit.gpgsign", "false"]):
        _git(ws, *args)
    (ws / "extension" / "settings.yaml").write_text("region: eu\n")
    _git(ws, "add", "-A")
    _git(ws, "commit", "-q", "-m", "start")
    (ws / "docs" / "adr").mkdir(parents=True)
    (ws / "docs" / "adr" / "0008-idempotency-key.md").write_text(RECORD)
    (ws / "extension" / "flows.yaml").write_text("flows:\n  header: true\n")  # its words find record 9, not 8
    _git(ws, "add", "-A")
    _git(ws, "commit", "-q", "-m", "Send an idempotency key with captures")
    (ws / "docs" / "adr" / "0009-extension-flows.md").write_text(OTHER)
    _git(ws, "add", "-A")
    _git(ws, "commit", "-q", "-m", "Flows of the extension")
    lsp_client.ws = ws
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws])
    yield
    await lsp_client.shutdown_session()


async def _offers(client: LanguageClient, rel: str) -> list[dict]:
    for _ in range(100):  # the first import runs in the background
        found = await code_actions(client, uri(client.ws / rel), 0, 0)
        offers = [a for a in found or [] if a["title"].startswith("Anchor “")]
        if offers:
            return offers
        await asyncio.sleep(0.2)
    return []


async def test_the_file_committed_with_a_record_is_offered_it_first_and_shows_it_once_taken(client: LanguageClient):
    offers = await _offers(client, "extension/flows.yaml")
    assert offers[0]["title"] == "Anchor “8. Idempotency key” to this file (committed with it)"
    doc = open_doc(client, client.ws / "extension" / "flows.yaml")
    assert [i for _, found in await lens_ids(client, doc) for i in found] == []  # offered, not shown unasked
    args = offers[0]["command"]["arguments"][0]
    done = await command(client, "lore.anchorHere", args)
    assert done["anchor"] == "extension/flows.yaml"
    assert args["id"] in {i for _, found in await lens_ids(client, doc) for i in found}


async def test_a_file_the_commit_did_not_change_is_not_offered_it_first(client: LanguageClient):
    await _offers(client, "extension/flows.yaml")  # the import is done (the test before took the offer)
    found = await code_actions(client, uri(client.ws / "extension" / "settings.yaml"), 0, 0)
    offers = [a["title"] for a in found or [] if a["title"].startswith("Anchor “")]
    assert not any("(committed with it)" in t for t in offers)
