"""Decisions that check the code, in the editor: diagnostics pushed to a client that cannot pull
(Neovim 0.7's capabilities) or cannot be told to pull again (Neovim 0.11's), pulled by one that can
(with `workspace/diagnostic/refresh`, as VS Code), at the violating code and
naming the decision; a malformed rule on its team file's line while the other rules keep working;
nothing from a proposed rule or a superseded decision; the code actions "Apply the convention",
"Record an exception here…" (written to the team file, the diagnostic goes), "Open decision" and
"Propose superseding this decision"."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER, code_actions, command, make_workspace, open_doc, start, uri
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

HTTPX = """\
---
id: http000000001
kind: decision
status: active
checks:
  - forbid_import: requests
    id: no-requests
    fix: httpx
    severity: error
    message: We use httpx, not requests.
  - forbid_call: os.system
    state: proposed
---
# Use httpx for HTTP

We use httpx, not requests: one client with timeouts everywhere.
"""

MALFORMED = """\
---
id: noprint000001
kind: convention
status: active
checks:
  - forbid_import: telnetlib
    severity: fatal
  - forbid_call: print
    id: no-print
    message: Log, don't print.
---
# Log, don't print
"""

RETIRED = """\
---
id: retired000001
kind: decision
status: superseded
superseded_by: [http000000001]
checks:
  - forbid_import: urllib3
    id: no-urllib3
---
# No urllib3 (superseded)
"""

CLIENT_PY = """\
import os
import requests
import urllib3


def fetch(url):
    print(url)
    os.system("true")
    return requests.get(url)
"""


def workspace(root: Path) -> Path:
    ws = make_workspace(root)
    memories = ws / ".lore" / "memories"
    (memories / "use-httpx.md").write_text(HTTPX)
    (memories / "no-print.md").write_text(MALFORMED)
    (memories / "no-urllib3.md").write_text(RETIRED)
    (ws / "app" / "client.py").write_text(CLIENT_PY)
    return ws


async def pushed(client: LanguageClient, doc_uri: str, want, timeout: float = 10.0) -> list[types.Diagnostic]:
    """The newest diagnostics published for a document once `want(diagnostics)` holds."""
    end = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < end:
        found = client.diagnostics.get(doc_uri)
        if found is not None and want(found):
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"diagnostics never matched; last: {client.diagnostics.get(doc_uri)}")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def old(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    """Neovim 0.7's capabilities: no pull diagnostics, so the server publishes them."""
    ws = workspace(tmp_path_factory.mktemp("push"))
    lsp_client.ws = ws
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("neovim@v0.7"), [ws],
                                  client_name="Neovim")
    lsp_client.code = open_doc(lsp_client, ws / "app" / "client.py")
    yield
    await lsp_client.shutdown_session()


async def test_violations_are_pushed_at_the_code_naming_the_decision(old: LanguageClient):
    found = await pushed(old, old.code, lambda d: len(d) >= 2)
    by_code = {d.code: d for d in found}
    assert set(by_code) == {"http000000001/no-requests", "noprint000001/no-print"}, found
    requests = by_code["http000000001/no-requests"]
    assert requests.range.start == types.Position(line=1, character=7)
    assert requests.severity == types.DiagnosticSeverity.Error and requests.source == "lore"
    assert "We use httpx, not requests." in requests.message and "Use httpx for HTTP" in requests.message
    assert by_code["noprint000001/no-print"].range.start.line == 6
    assert by_code["noprint000001/no-print"].severity == types.DiagnosticSeverity.Warning


async def test_malformed_rule_is_an_error_on_its_team_file(old: LanguageClient):
    team = open_doc(old, old.ws / ".lore" / "memories" / "no-print.md", language="markdown")
    found = await pushed(old, team, lambda d: len(d) == 1)
    assert found[0].severity == types.DiagnosticSeverity.Error and found[0].range.start.line == 5
    assert "fatal" in found[0].message


OURS, SPLIT, THEIRS = "<" * 7, "=" * 7, ">" * 7  # spelled out, this file would be a conflicted file itself
CONFLICTED = f"""\
---
id: conflict00001
kind: convention
{OURS} HEAD
title: Tabs for indentation
{SPLIT}
title: Spaces for indentation
{THEIRS} theirs
---
# Indentation
"""


async def test_conflict_markers_in_a_team_file_are_an_error_on_their_line(old: LanguageClient):
    path = old.ws / ".lore" / "memories" / "indentation.md"
    path.write_text(CONFLICTED)
    team = open_doc(old, path, language="markdown")
    found = await pushed(old, team, lambda d: any(x.code == "merge-conflict" for x in d))
    conflict = next(x for x in found if x.code == "merge-conflict")
    assert conflict.range.start.line == 3 and conflict.severity == types.DiagnosticSeverity.Error
    assert conflict.message.startswith("merge conflict in .lore/memories/indentation.md:4")
    source = old.ws / "app" / "notes.md"  # markdown Lore does not read memories from: git's business
    source.write_text(f"# Notes\n{OURS} HEAD\na\n{SPLIT}\nb\n{THEIRS} x\n")
    other = open_doc(old, source, language="markdown")
    await asyncio.sleep(0.6)
    assert not [x for x in old.diagnostics.get(other, []) if x.code == "merge-conflict"]


async def test_code_actions_on_a_violation(old: LanguageClient):
    actions = await code_actions(old, old.code, 1, 9)
    titles = [a["title"] for a in actions]
    assert titles[:4] == ["Apply the convention: Use httpx (Use httpx for HTTP)", "Record an exception here…",
                          "Open decision “Use httpx for HTTP”", "Propose superseding this decision"], titles
    edit = actions[0]["edit"]["changes"][old.code][0]
    assert edit["newText"] == "httpx" and edit["range"]["start"] == {"line": 1, "character": 7}
    assert actions[2]["command"] == {"title": "Open decision", "command": "lore.show",
                                     "arguments": [{"id": "http000000001"}]}
    assert actions[3]["command"]["arguments"] == [{"id": "http000000001", "draft": True}]


async def test_record_an_exception_writes_it_and_the_diagnostic_goes(old: LanguageClient):
    actions = await code_actions(old, old.code, 6, 5)
    record = next(a for a in actions if a["title"] == "Record an exception here…")
    args = record["command"]["arguments"][0]
    assert args == {"uri": old.code, "memoryId": "noprint000001", "ruleId": "no-print", "symbol": "app.client.fetch"}
    result = await command(old, "lore.recordException", {**args, "reason": "a script's output"})
    assert result["reason"] == "a script's output"
    text = (old.ws / ".lore" / "memories" / "no-print.md").read_text()
    assert "reason: a script's output" in text and "symbol: app.client.fetch" in text
    found = await pushed(old, old.code, lambda d: {x.code for x in d} == {"http000000001/no-requests"})
    assert len(found) == 1


async def test_an_exception_without_a_reason_is_refused(old: LanguageClient):
    with pytest.raises(Exception, match="reason"):
        await command(old, "lore.recordException", {"uri": old.code, "memoryId": "http000000001",
                                                    "ruleId": "no-requests", "line": 1, "reason": " "})


def pulling() -> types.ClientCapabilities:
    """Neovim 0.11's capabilities plus `workspace/diagnostic/refresh`, as VS Code has it."""
    caps = pytest_lsp.client_capabilities("neovim@v0.11")
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return caps


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def new(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    """A client that pulls diagnostics and takes refresh requests."""
    ws = workspace(tmp_path_factory.mktemp("pull"))
    lsp_client.ws = ws
    lsp_client.seen = await start(lsp_client, pulling(), [ws], client_name="Visual Studio Code")
    lsp_client.code = open_doc(lsp_client, ws / "app" / "client.py")
    yield
    await lsp_client.shutdown_session()


async def pull(client: LanguageClient, doc_uri: str) -> list[types.Diagnostic]:
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=doc_uri)))
    return report.items


async def test_pulled_diagnostics_and_nothing_pushed(new: LanguageClient):
    found = await pull(new, new.code)
    assert {d.code for d in found} == {"http000000001/no-requests", "noprint000001/no-print"}
    await asyncio.sleep(0.5)
    assert new.code not in new.diagnostics


async def test_edits_are_checked_as_typed_and_the_fix_is_the_convention(new: LanguageClient):
    new.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=new.code, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=1, character=7), end=types.Position(line=1, character=15)),
            text="httpx")]))
    found = await pull(new, new.code)
    assert {d.code for d in found} == {"noprint000001/no-print"}


async def test_an_exception_asks_the_client_to_pull_again(new: LanguageClient):
    before = new.diagnostic_refresh_count
    await command(new, "lore.recordException", {"uri": new.code, "memoryId": "noprint000001", "ruleId": "no-print",
                                                "symbol": "app.client.fetch", "reason": "a script"})
    end = asyncio.get_running_loop().time() + 5
    while new.diagnostic_refresh_count == before and asyncio.get_running_loop().time() < end:
        await asyncio.sleep(0.05)
    assert new.diagnostic_refresh_count > before
    assert list(await pull(new, new.code)) == []


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def nvim11(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    """Neovim 0.11's own capabilities: it pulls, but cannot be asked to pull again."""
    ws = workspace(tmp_path_factory.mktemp("nvim11"))
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("neovim@v0.11"), [ws],
                                  client_name="Neovim")
    lsp_client.code = open_doc(lsp_client, ws / "app" / "client.py")
    yield
    await lsp_client.shutdown_session()


async def test_a_client_that_cannot_be_told_to_pull_again_gets_them_pushed(nvim11: LanguageClient):
    found = await pushed(nvim11, nvim11.code, lambda d: len(d) == 2)
    assert {d.code for d in found} == {"http000000001/no-requests", "noprint000001/no-print"}
    assert list(await pull(nvim11, nvim11.code)) == [], "pulled too, the same diagnostics would show twice"


async def test_unknown_documents_have_no_diagnostics(new: LanguageClient):
    assert list(await pull(new, uri(new.ws.parent / "elsewhere.py"))) == []
