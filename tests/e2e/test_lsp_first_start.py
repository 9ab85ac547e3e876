"""The first editor start after a plain `lore import` of a repository with a long git history: the
import leaves the history's tasks without vectors (they are found by their words), and the server says
"ready" before it embeds them, then embeds them in the background with their own `$/progress`
("Lore: embedding the git history and further pages of …"), answering lenses, hovers and searches
meanwhile; at the end every task has its vector. The same holds for a documentation site's pages past the
embedding caps (`docs.MAX_DOC_FILES`) that the server's own import takes: found by words at once, embedded in
that same background work. (Through the real server and the real CLI, with the hash embedder: what is
tested is the order of events, not meaning.)"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

import pytest
import pytest_lsp
from lsp_support import SERVER, hover, make_workspace, open_doc, status_field, uri
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")
COMMITS = 120
PAGES = 255  # documentation pages of one section each: 5 past the import's cap of 250 pages
LATER = PAGES - 250
HISTORY_TITLE = "Lore: embedding the git history and further pages of "


def history(ws, commits: int) -> None:
    """A git repository whose history has `commits` commits, each a pull request changing one file."""
    now = int(time.time())
    stream = []
    for n in range(commits):
        at = now - (commits - n) * 3600
        body = f"def step_{n}():\n    return {n}\n"
        message = f"feat(app): compute step {n} with the cache (#{100 + n})"
        stream += [f"commit refs/heads/main\nmark :{n + 1}\n"
                   f"author Ann <ann@example.com> {at} +0000\ncommitter Ann <ann@example.com> {at} +0000\n"
                   f"data {len(message)}\n{message}\n" + (f"from :{n}\n" if n else "")
                   + f"M 644 inline app/step_{n % 17}.py\ndata {len(body)}\n{body}\n"]
    subprocess.run(["rm", "-rf", str(ws / ".git")], check=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=ws, check=True)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=ws, input="".join(stream).encode(), check=True)
    subprocess.run(["git", "checkout", "-q", "-f", "main"], cwd=ws, check=True)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("first-start"))
    history(ws, COMMITS)
    env = {**os.environ, "LORE_EMBEDDER": "hash"}
    done = subprocess.run([sys.executable, "-m", "lore", "import", "--yes"], cwd=ws, env=env, capture_output=True,
                          text=True, check=True)
    assert f"→ {COMMITS} tasks" in done.stdout, done.stdout
    (ws / "docs").mkdir()  # pages added since: the server's own import takes them
    for n in range(PAGES):
        (ws / "docs" / f"page-{n:03}.md").write_text(f"# Page {n}\n\nHow the widget{n} setting works.\n")
    lsp_client.ws, lsp_client.events = ws, []

    @lsp_client.feature("lore/status")
    def status(params) -> None:  # with what the progress reports said at that moment
        ended = {token for token, reports in lsp_client.progress_reports.items()
                 if reports and isinstance(reports[-1], types.WorkDoneProgressEnd)}
        lsp_client.events.append((status_field(params, "state"), ended))

    @lsp_client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def refresh(params) -> None:
        return None

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params) -> None:
        return None

    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
        workspace_folders=[types.WorkspaceFolder(uri=uri(ws), name=ws.name)], root_uri=uri(ws),
        client_info=types.ClientInfo(name="Visual Studio Code")))
    yield
    await lsp_client.shutdown_session()


async def _until(what, timeout: float = 60.0):
    for _ in range(int(timeout / 0.05)):
        found = what()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


def _history(client: LanguageClient) -> tuple[str, list] | None:
    """(token, reports) of the history's embedding progress, once begun."""
    return next(((token, reports) for token, reports in client.progress_reports.items()
                 if reports and isinstance(reports[0], types.WorkDoneProgressBegin)
                 and reports[0].title.startswith(HISTORY_TITLE)), None)


def _ended(client: LanguageClient) -> bool:
    found = _history(client)
    return bool(found) and isinstance(found[1][-1], types.WorkDoneProgressEnd)


async def test_ready_comes_before_the_history_is_embedded_and_the_server_answers_meanwhile(client):
    await _until(lambda: any(state == "ready" for state, _ in client.events))
    repos = open_doc(client, client.ws / "app" / "repos.py")
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=repos)))
    assert lenses, "no lens on a file a team memory is anchored to"
    assert "Use the Repository pattern" in (await hover(client, repos, 3, 8) or "")
    found = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="lore.search", arguments=[{"query": "compute step 7 with the cache"}]))
    # a task from the history, by words while its vector may still be pending (the words of all 120 are the
    # same but for the step's number, which the word index does not look up: which step comes first is
    # for meaning to say, once the history is embedded)
    assert any(h["kind"] == "task" and "with the cache" in h["title"] for h in found["hits"]), found
    found = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="lore.search", arguments=[{"query": "widget253 setting"}]))
    assert found["hits"] and found["hits"][0]["title"] == "Page 253", found  # a page past the caps, by words
    token, _ = await _until(lambda: _history(client))
    await _until(lambda: _ended(client))
    ready_at = next(i for i, (state, _) in enumerate(client.events) if state == "ready")
    assert token not in client.events[ready_at][1], f"ready waited for the history's vectors: {client.events}"
    states = [state for state, _ in client.events]
    assert "indexing" not in states[ready_at:], f"the history made the status busy: {states}"
    reports = _history(client)[1]
    total = COMMITS + LATER
    assert any(isinstance(r, types.WorkDoneProgressReport) and r.message.startswith(f"{total}/{total}")
               for r in reports), reports


async def test_every_task_has_its_vector_once_the_history_progress_ends(client):
    await _until(lambda: _ended(client))
    from lore.api import Lore
    from lore.embedding.embedder import HashEmbedder

    with Lore(client.ws, user_db=False, embedder=HashEmbedder(), sync_team=False) as lore:
        assert not lore.store.unembedded(lore.model_id)
