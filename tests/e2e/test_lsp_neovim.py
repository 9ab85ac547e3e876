"""The language server through clients with Neovim's recorded capabilities (0.11: UTF-8 positions,
pulled configuration; 0.7: no configuration pull, no showDocument): plain hovers, draft memories
through workspace/applyEdit, anchors following edits."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsp_support import SERVER, code_actions, command, hover, make_workspace, open_doc, start, uri
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

UNICODE_PY = '''\
GREETING = "héllo 😋"; x = 1


class Café:
    def naïve(self):
        return "😋😋"
'''


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("nvim"))
    (ws / "app" / "unicode.py").write_text(UNICODE_PY)
    lsp_client.ws = ws
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("neovim@v0.11"), [ws],
                                  client_name="Neovim")
    lsp_client.repos = open_doc(lsp_client, ws / "app" / "repos.py")
    yield
    await lsp_client.shutdown_session()


async def test_hover_has_plain_links_only(client: LanguageClient):
    text = await hover(client, client.repos, 3, 8)
    assert "Use the Repository pattern for data access" in text
    assert text.startswith("**Lore**\n")
    assert "command:" not in text
    assert "`repo000000001`" not in text, "no bare ids"
    assert "[use-repository.md:8](file://" in text


async def test_code_action_creates_a_memory_template_file_and_opens_it(client: LanguageClient):
    actions = await code_actions(client, client.repos, 7, 8)
    decision = actions[0]
    assert decision["title"] == "Remember a decision about save…"
    assert decision["command"]["command"] == "lore.draft"
    args = decision["command"]["arguments"][0]
    assert args == {"kind": "decision", "uri": client.repos, "symbol": "app.repos.Repository.save"}
    result = await command(client, "lore.draft", args)
    assert result["applied"] is True and result["shown"] is True
    edit = client.seen["edits"][-1].edit
    create, insert = edit.document_changes
    assert isinstance(create, types.CreateFile) and create.uri == result["uri"]
    text = insert.edits[0].new_text
    assert "symbol:python:app.repos.Repository.save" in text and "kind: decision" in text
    assert client.shown_documents[-1].uri == result["uri"]
    assert (client.ws / result["path"]).read_text() == text


async def test_saving_a_team_file_imports_it(client: LanguageClient):
    path = client.ws / ".lore" / "memories" / "save-is-idempotent.md"
    path.write_text("---\nkind: convention\nanchors:\n- symbol:python:app.repos.Repository.save\n---\n"
                    "# save() is idempotent\n\nCalling it twice stores one row.\n")
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path))))
    for _ in range(60):
        text = await hover(client, client.repos, 7, 10)
        if "save() is idempotent" in (text or ""):
            break
        await asyncio.sleep(0.1)
    assert "save\\(\\) is idempotent" in text or "save() is idempotent" in text


async def test_utf8_positions_find_the_symbol_after_wide_characters(client: LanguageClient):
    doc = open_doc(client, client.ws / "app" / "unicode.py")
    result = await command(client, "lore.remember", {
        "kind": "convention", "title": "naïve methods stay pure", "body": "No I/O.", "scope": "workspace",
        "uri": doc, "symbol": "app.unicode.Café.naïve"})
    assert result["memory"]["anchors"] == ["symbol:python:app.unicode.Café.naïve"]
    # Line 5 is `        return "😋😋"`; UTF-8 column 20 is inside the string, after one emoji.
    assert "naïve methods stay pure" in await hover(client, doc, 5, 20)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=doc)))
    (lens,) = [x for x in lenses if x.range.start.line == 4]
    assert (lens.range.start.character, lens.range.end.character) == (8, 14), "UTF-8 columns of naïve"


async def test_anchor_follows_a_rename_once_saved_and_a_changed_body_is_flagged(client: LanguageClient):
    path = client.ws / "app" / "jobs.py"
    source = "def nightly_report(day):\n    return build(day)\n\n\ndef other():\n    return 1\n"
    path.write_text(source)
    doc = open_doc(client, path)
    made = await command(client, "lore.remember", {
        "kind": "decision", "title": "Reports run at night", "body": "Load is low then.", "scope": "workspace",
        "uri": doc, "symbol": "app.jobs.nightly_report"})
    mid = made["memory"]["id"]
    renamed = source.replace("nightly_report", "nightly_summary")
    _replace_text(client, doc, 2, renamed)
    await asyncio.sleep(1.0)
    shown = (await command(client, "lore.show", {"id": mid, "open": False}))["memory"]
    assert shown["anchors"] == ["symbol:python:app.jobs.nightly_report"], "an unsaved rename moves no anchor"
    _save(client, doc, path, renamed)
    memory = await _wait_for(client, mid, lambda m: m["anchors"] == ["symbol:python:app.jobs.nightly_summary"])
    assert not memory["needsReview"]
    assert "Reports run at night" in await hover(client, doc, 1, 6)
    changed = renamed.replace("return build(day)", "if day.weekday() > 4:\n        return None\n    return fetch(day)")
    _replace_text(client, doc, 3, changed)
    _save(client, doc, path, changed)
    memory = await _wait_for(client, mid, lambda m: m["needsReview"])
    assert "flagged for review" in await hover(client, doc, 1, 6)


async def test_a_rename_without_saving_leaves_team_files_untouched(client: LanguageClient):
    team = {p: p.read_bytes() for p in (client.ws / ".lore" / "memories").glob("*.md")}
    source = (client.ws / "app" / "repos.py").read_text()
    assert "class Repository:" in source
    _replace_text(client, client.repos, 50, source.replace("class Repository:", "class UserStore:"))
    await asyncio.sleep(1.5)
    assert {p: p.read_bytes() for p in team} == team, "an unsaved buffer rewrote a team file"
    shown = (await command(client, "lore.show", {"id": "repo000000001", "open": False}))["memory"]
    assert shown["anchors"] == ["symbol:python:app.repos.Repository"]
    _replace_text(client, client.repos, 51, source)
    await asyncio.sleep(0.5)
    assert {p: p.read_bytes() for p in team} == team, "undoing the rename before saving changes nothing"


def _save(client: LanguageClient, doc: str, path, text: str) -> None:
    """What an editor does on save: the file on disk gets the buffer's text, then didSave."""
    path.write_text(text)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=doc)))


def _replace_text(client: LanguageClient, doc: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=doc, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def _wait_for(client: LanguageClient, mid: str, check) -> dict:
    memory = None
    for _ in range(50):
        memory = (await command(client, "lore.show", {"id": mid, "open": False}))["memory"]
        if check(memory):
            return memory
        await asyncio.sleep(0.1)
    raise AssertionError(f"memory never reached the expected state: {memory}")


async def test_supersede_without_successor_opens_a_draft_that_supersedes_it(client: LanguageClient):
    result = await command(client, "lore.supersede", {"id": "file000000001"})
    assert result["memory"]["id"] == "file000000001"
    draft = result["draft"]
    text = (client.ws / draft["path"]).read_text()
    assert "supersedes:\n- file000000001" in text
    assert "Repository methods return plain dicts (revised)" in text
    assert "- app/repos.py" in text, "the draft keeps the old memory's anchors"
    assert client.shown_documents[-1].uri == draft["uri"]
    shown = await command(client, "lore.show", {"id": "file000000001", "open": False})
    assert shown["memory"]["status"] == "active", "nothing changes until the draft is saved"
