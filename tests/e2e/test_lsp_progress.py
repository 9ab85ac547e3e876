"""Background imports: `$/progress` from begin to end, cancellation from the client, and files the
client watches being imported when they change."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsp_support import SERVER, command, hover, make_workspace, open_doc, start, uri
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")
ADRS = 400


def _adr(n: int) -> str:
    return (f"# {n}. Use component {n} for step {n}\n\nDate: 2026-01-01\n\n## Status\n\nAccepted\n\n"
            f"## Context\n\nStep {n} needs a component.\n\n## Decision\n\nWe use component {n}.\n\n"
            f"## Consequences\n\nComponent {n} is a dependency.\n")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("progress"))
    adr = ws / "docs" / "adr"
    adr.mkdir(parents=True)
    for n in range(1, ADRS + 1):
        (adr / f"{n:04d}-component-{n}.md").write_text(_adr(n))
    lsp_client.ws = ws
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws],
                                  options={"import": {"onStartup": False}}, client_name="Visual Studio Code")
    lsp_client.repos = open_doc(lsp_client, ws / "app" / "repos.py")
    yield
    await lsp_client.shutdown_session()


async def test_reindex_can_be_cancelled_from_its_progress(client: LanguageClient):
    before = set(client.progress_reports)
    running = asyncio.ensure_future(command(client, "lore.reindex", {}))
    token = None
    for _ in range(200):
        fresh = [t for t in client.progress_reports if t not in before and client.progress_reports[t]]
        if fresh:
            token = fresh[0]
            break
        await asyncio.sleep(0.01)
    assert token is not None, "no progress began"
    begin = client.progress_reports[token][0]
    assert begin.cancellable and begin.title.startswith("Lore: importing")
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    result = await asyncio.wait_for(running, 60)
    assert result["summary"]["cancelled"] is True
    assert result["summary"]["files_seen"] < ADRS + 3
    end = client.progress_reports[token][-1]
    assert isinstance(end, types.WorkDoneProgressEnd) and end.message == "cancelled"


async def test_full_reindex_imports_everything_with_progress_reports(client: LanguageClient):
    before = set(client.progress_reports)
    result = await command(client, "lore.reindex", {})
    assert result["summary"]["cancelled"] is False
    status = await command(client, "lore.status", {})
    assert status["memories"] >= ADRS
    reports = [v for t in set(client.progress_reports) - before for v in client.progress_reports[t]]
    assert any(isinstance(v, types.WorkDoneProgressReport) and v.percentage is not None for v in reports)


async def test_watched_team_file_is_imported_when_it_changes(client: LanguageClient):
    registered = [r for p in client.seen["registrations"] for r in p.registrations]
    assert any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in registered)
    # Automatic imports were off for the cancellation test; watched files import only when they are on.
    client.set_configuration({"lore": {"import": {"onStartup": True}}})
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await asyncio.sleep(0.5)
    path = client.ws / ".lore" / "memories" / "load-is-lazy.md"
    path.write_text("---\nkind: warning\nanchors:\n- symbol:python:app.repos.Repository.load\n---\n"
                    "# load() hits the database every time\n\nCache at the call site.\n")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri(path), type=types.FileChangeType.Created)]))
    text = ""
    for _ in range(100):
        text = await hover(client, client.repos, 10, 10) or ""
        if "hits the database" in text:
            break
        await asyncio.sleep(0.1)
    assert "hits the database every time" in text


async def test_garbage_notifications_do_not_stop_the_server(client: LanguageClient):
    from pygls.protocol import JsonRPCProtocol

    protocol = client.protocol
    protocol.get_message_type = lambda name: None
    try:
        JsonRPCProtocol.notify(protocol, types.TEXT_DOCUMENT_DID_OPEN, {"textDocument": 7})
        JsonRPCProtocol.notify(protocol, types.WORKSPACE_DID_CHANGE_WATCHED_FILES, {"changes": "all"})
    finally:
        del protocol.get_message_type
    await asyncio.sleep(0.2)
    assert "Use the Repository pattern" in await hover(client, client.repos, 3, 8)
