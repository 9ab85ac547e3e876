"""Hovers and lenses on a real repository's decisions (Jaeger's records over Go code at the paths
they name, `tests/fixtures/real_workspace.py`), through clients with VS Code's and Neovim's recorded
capabilities: a "Lore" header, plain sentences with no markdown syntax, reasons in words, lenses
naming the memory, a lens's command answering rendered text, and no file written from an unsaved
rename."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from fixtures.real_workspace import (ADR_001, ADR_005, ADR_010, ADR_013, BADGER_READER, TEAM_MEMORY, TEAM_TITLE,
                                     TRACESTORE_READER, build)
from lsp_support import SERVER, command, hover, open_doc, start, uri
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

RAW_MARKDOWN = ("|---", "| ---", "###", "```", "<!--", "\n#")


async def _session(lsp_client: LanguageClient, root: Path, caps: str, name: str) -> None:
    ws = build(root / "jaeger")
    lsp_client.ws = ws
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities(caps), [ws], client_name=name)
    lsp_client.reader = open_doc(lsp_client, ws / TRACESTORE_READER, "go")
    lsp_client.badger = open_doc(lsp_client, ws / BADGER_READER, "go")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def vscode(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    await _session(lsp_client, tmp_path_factory.mktemp("real-vscode"), "visual-studio-code", "Visual Studio Code")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def nvim(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    await _session(lsp_client, tmp_path_factory.mktemp("real-nvim"), "neovim@v0.11", "Neovim")
    yield
    await lsp_client.shutdown_session()


async def lens_titles(client: LanguageClient, doc: str) -> dict[int, tuple[str, dict]]:
    """Line -> (title, argument) of each resolved lens."""
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=doc)))
    out = {}
    for lens in lenses:
        resolved = await client.code_lens_resolve_async(lens)
        out[lens.range.start.line] = (resolved.command.title, resolved.command.arguments[0])
    return out


async def test_hover_on_the_interface_reads_in_plain_words(vscode: LanguageClient):
    text = await hover(vscode, vscode.reader, 3, 6)
    lines = text.splitlines()
    assert lines[0] == "**Lore**"
    adr = uri(vscode.ws / "docs/adr/013-storage-capability-declaration.md")
    assert f"⚖ **Decision** · [{ADR_013}]({adr}#L25)" in text  # its "## Decision", which the card quotes
    assert "A backend declares its own capabilities through a method on the storage reader interface." in text
    assert "*names `tracestore.Reader`*" in text
    assert ADR_010 in text
    assert not [m for m in RAW_MARKDOWN if m in text], text
    actions = [ln for ln in lines if ln.startswith("[013-storage-capability-decl")]
    assert actions and "[Show](command:lore.show" in actions[0] and "[Forget](command:lore.forget" in actions[0]


async def test_an_interface_record_is_not_repeated_on_each_of_its_methods(vscode: LanguageClient):
    text = await hover(vscode, vscode.reader, 4, 6) or ""
    assert ADR_013 not in text, "ADR-013 names `Reader`, not `GetTraces`: it is the interface's lens and hover"
    assert "which holds this method" not in text and "anchored to" not in text


async def test_lenses_name_the_memory(vscode: LanguageClient):
    on_reader = await lens_titles(vscode, vscode.reader)
    assert list(on_reader) == [0], "ADR-013 and ADR-010 name reader.go itself: the file's lens, not Reader's"
    assert on_reader[0][0] == f"This file: ⚖ {ADR_013} · +1"
    on_badger = await lens_titles(vscode, vscode.badger)
    assert on_badger[0][0] in (f"This file: ⚖ {ADR_005} · +1", f"This file: ⚖ {ADR_001} · +1")
    # ADR-013 writes `TraceReader` once, for the gRPC service, among 40 names: not badger's TraceReader
    assert on_badger[3] == ("§ Badger reads go through TraceReader", {"id": "badger0000001"})


async def test_the_lens_command_answers_rendered_text_of_every_memory(vscode: LanguageClient):
    title, args = (await lens_titles(vscode, vscode.reader))[0]
    shown = await command(vscode, "lore.show", {**args, "open": False})
    markdown = shown["markdown"]
    assert markdown.startswith(f"# {ADR_013}")
    assert f"# {ADR_010}" in markdown
    assert [m["title"] for m in shown["memories"]] == [ADR_013, ADR_010]
    assert "\nid: " not in markdown and "\nanchors:" not in markdown, "no front matter"


async def test_search_without_words_starts_with_the_files_memories(vscode: LanguageClient):
    hits = (await command(vscode, "lore.search", {"query": "", "uri": vscode.badger}))["hits"]
    assert {h["title"] for h in hits} >= {ADR_005, ADR_001}
    assert {tuple(h["why"]) for h in hits} <= {("governs this file",), ("anchored to a symbol here",)}
    assert all(h["summary"] and "#" not in h["summary"] for h in hits)
    worded = (await command(vscode, "lore.search", {"query": "badger record layout", "limit": 3}))["hits"]
    assert worded[0]["title"] == ADR_005 and worded[0]["summary"].startswith("The record layouts")


async def test_a_rename_without_saving_writes_no_file_and_saving_follows_it(vscode: LanguageClient):
    files = {p: p.read_bytes() for p in vscode.ws.rglob("*")  # every file but git's and the database's
             if p.is_file() and ".git" not in p.parts and not p.name.startswith("lore.db")}
    before = (await command(vscode, "lore.show", {"id": "badger0000001", "open": False}))["memory"]
    assert before["title"] == TEAM_TITLE and before["anchors"] == ["symbol:go:TraceReader"]
    path = vscode.ws / BADGER_READER
    renamed = path.read_text().replace("TraceReader", "BadgerReader")
    vscode.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=vscode.badger, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=renamed)]))
    await asyncio.sleep(1.5)
    changed = [p for p, data in files.items() if p.read_bytes() != data]
    assert not changed, f"an unsaved rename rewrote {changed}"
    memory = (await command(vscode, "lore.show", {"id": "badger0000001", "open": False}))["memory"]
    assert memory["anchors"] == ["symbol:go:TraceReader"]
    path.write_text(renamed)
    vscode.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=vscode.badger)))
    for _ in range(50):
        if "symbol:go:BadgerReader" in (vscode.ws / TEAM_MEMORY).read_text():
            break
        await asyncio.sleep(0.1)
    assert "- symbol:go:BadgerReader" in (vscode.ws / TEAM_MEMORY).read_text(), "saved: the anchor follows"


async def test_neovim_gets_the_same_text_with_plain_links(nvim: LanguageClient):
    text = await hover(nvim, nvim.reader, 3, 6)
    assert text.startswith("**Lore**\n")
    assert "*names `tracestore.Reader`*" in text
    assert "command:" not in text
    assert f"[013-storage-capability-decl….md:25]({uri(nvim.ws / 'docs/adr/013-storage-capability-declaration.md')}#L25)" in text
    assert not [m for m in RAW_MARKDOWN if m in text], text
    assert (await lens_titles(nvim, nvim.reader))[0][0] == f"This file: ⚖ {ADR_013} · +1"
