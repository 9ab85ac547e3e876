"""A decision log through the real server: each entry of `DECISIONS.md` is its own decision, shown on the
code its own text names (the file's lens) and not on the code another
entry names; editing the log changes the entry, and search finds it by its words."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsp_support import SERVER, command, lens_ids, make_workspace, open_doc, start
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

LOG = """\
# Implementation decisions

Each entry records a design choice made where the spec left room; entries are append-only.

## D1 — Temporary hostnames: adjective, noun and four hex digits

Random hostnames follow adjective-noun-hex. The word lists live in `app/wordlists.py`, about three
hundred of each, which gives millions of names before the hex suffix.

## D2 — Sessions are stored in the database, signed and encrypted

Dashboard sessions live in a `sessions` table through `app/sessions.py`, so that logging out invalidates
them at once, and the cookie carries only a signed, encrypted id.
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("decisionlog"))
    (ws / "DECISIONS.md").write_text(LOG)
    (ws / "app" / "wordlists.py").write_text("ADJECTIVES = ['bright', 'calm']\nNOUNS = ['otter', 'heron']\n")
    (ws / "app" / "sessions.py").write_text("def open_session(user):\n    return {'user': user}\n")
    lsp_client.ws = ws
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws])
    yield
    await lsp_client.shutdown_session()


async def _titles_on(client: LanguageClient, rel: str) -> set[str]:
    doc = open_doc(client, client.ws / rel)
    ids = {i for _, found in await lens_ids(client, doc) for i in found}
    shown = await command(client, "lore.search", {"query": "hostnames sessions decisions", "limit": 20})
    titles = {h["id"]: h["title"] for h in shown["hits"]}
    return {titles.get(i, i) for i in ids}


async def test_each_entry_is_shown_on_the_code_it_names(client: LanguageClient):
    on_words = await _titles_on(client, "app/wordlists.py")
    on_sessions = await _titles_on(client, "app/sessions.py")
    assert any(t.startswith("D1 — Temporary hostnames") for t in on_words)
    assert not any(t.startswith("D2") for t in on_words)
    assert any(t.startswith("D2 — Sessions are stored") for t in on_sessions)
    assert not any(t.startswith("D1") for t in on_sessions)


async def test_an_edited_entry_is_read_again(client: LanguageClient):
    (client.ws / "DECISIONS.md").write_text(LOG.replace("signed and encrypted", "kept for thirty days"))
    await command(client, "lore.reindex", {})
    for _ in range(50):
        found = await command(client, "lore.search", {"query": "sessions kept for thirty days", "limit": 3})
        if found["hits"] and "thirty days" in found["hits"][0]["title"]:
            break
        await asyncio.sleep(0.2)
    assert found["hits"][0]["title"] == "D2 — Sessions are stored in the database, kept for thirty days"
    assert found["hits"][0]["kind"] == "decision"
