"""Shared pieces of the language server end-to-end tests: the server command, a fixture workspace,
client stubs for the requests the server sends, and waiting for the server to be ready."""

from __future__ import annotations

import contextlib

import asyncio
import sys
import textwrap
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import LanguageClient

SERVER = ["env", "LORE_EMBEDDER=hash", sys.executable, "-m", "lore.lsp"]
SERVER_WITH_MODEL = [sys.executable, "-m", "lore.lsp"]

REPOS_PY = '''\
"""Data access."""


class Repository:
    """Loads and saves users."""

    def save(self, user):
        return self.session.add(user)

    def load(self, user_id):
        return self.session.get(user_id)


def helper():
    return 42
'''

UTIL_PY = '''\
def unrelated():
    return "nothing remembered here"
'''

TEAM_MEMORY = '''\
---
id: repo000000001
kind: decision
status: active
anchors:
- symbol:python:app.repos.Repository
---
# Use the Repository pattern for data access

Services never call the ORM directly.

## Why

Keeps SQL out of business logic.
'''

FILE_MEMORY = '''\
---
id: file000000001
kind: convention
status: active
anchors:
- app/repos.py
---
# Repository methods return plain dicts

Callers never see ORM objects.
'''


def make_workspace(root: Path, name: str = "workspace") -> Path:
    """A folder with a small Python package and two team memories about it."""
    ws = root / name
    (ws / "app").mkdir(parents=True)
    (ws / ".git").mkdir()
    (ws / "app" / "__init__.py").write_text("")
    (ws / "app" / "repos.py").write_text(REPOS_PY)
    (ws / "app" / "util.py").write_text(UTIL_PY)
    memories = ws / ".lore" / "memories"
    memories.mkdir(parents=True)
    (memories / "use-repository.md").write_text(TEAM_MEMORY)
    (memories / "plain-dicts.md").write_text(FILE_MEMORY)
    return ws


def uri(path: Path) -> str:
    """File URI of a path."""
    return from_fs_path(str(path)) or ""


def install_stubs(client: LanguageClient) -> dict[str, list[Any]]:
    """Client-side handlers for what the server asks; returns what each one received."""
    seen: dict[str, list[Any]] = {"refresh": [], "edits": [], "status": [], "registrations": []}

    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def refresh(params: None) -> None:
        seen["refresh"].append(params)

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        seen["edits"].append(params)
        _apply(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        seen["registrations"].append(params)

    @client.feature("lore/status")
    def status(params: Any) -> None:
        seen["status"].append(params)

    return seen


def _apply(edit: types.WorkspaceEdit) -> None:
    """Do what an editor does with a create-and-insert edit: write the file."""
    from pygls.uris import to_fs_path

    for change in edit.document_changes or []:
        if isinstance(change, types.CreateFile):
            Path(to_fs_path(change.uri)).touch()
        elif isinstance(change, types.TextDocumentEdit):
            path = Path(to_fs_path(change.text_document.uri))
            path.write_text(path.read_text() + "".join(e.new_text for e in change.edits))


def status_field(params: Any, name: str) -> Any:
    """A field of a `lore/status` notification (a dict or an object, depending on the client)."""
    return params.get(name) if isinstance(params, dict) else getattr(params, name, None)


async def wait_ready(seen: dict[str, list[Any]], timeout: float = 30.0) -> None:
    """Until the server reported state "ready" (or "wordsOnly")."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        if any(status_field(s, "state") in ("ready", "wordsOnly") for s in seen["status"]):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"server never became ready; statuses: {seen['status']}")


async def start(client: LanguageClient, capabilities: types.ClientCapabilities, folders: list[Path],
                options: dict | None = None, client_name: str | None = None) -> dict[str, list[Any]]:
    """Initialize a session on `folders`, wait until ready; returns the stub records."""
    seen = install_stubs(client)
    await client.initialize_session(types.InitializeParams(
        capabilities=capabilities,
        workspace_folders=[types.WorkspaceFolder(uri=uri(f), name=f.name) for f in folders],
        root_uri=uri(folders[0]),
        initialization_options=options,
        client_info=types.ClientInfo(name=client_name) if client_name else None,
    ))
    await wait_ready(seen)
    return seen


def open_doc(client: LanguageClient, path: Path, language: str = "python", version: int = 1) -> str:
    """Send didOpen for a file; returns its URI."""
    doc_uri = uri(path)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=doc_uri, language_id=language, version=version, text=path.read_text())))
    return doc_uri


async def hover(client: LanguageClient, doc_uri: str, line: int, character: int) -> str | None:
    """The hover markdown at a position, or None."""
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=doc_uri),
        position=types.Position(line=line, character=character)))
    if result is None:
        return None
    contents = result.contents
    return contents.value if isinstance(contents, types.MarkupContent) else str(contents)


async def lens_ids(client: LanguageClient, doc_uri: str) -> list[tuple[int, list[str]]]:
    """(line, memory ids) of each code lens of a document, each lens resolved as an editor does."""
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=doc_uri))) or []
    out = []
    for lens in lenses:
        resolved = await client.code_lens_resolve_async(lens)
        args = resolved.command.arguments[0]
        out.append((lens.range.start.line, list(args.get("ids") or [args["id"]])))
    return out


async def command(client: LanguageClient, name: str, args: Any = None) -> Any:
    """Run a server command with one argument object."""
    return await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=name, arguments=None if args is None else [args]))


async def code_actions(client: LanguageClient, doc_uri: str, line: int, character: int,
                       trigger: types.CodeActionTriggerKind | None = None) -> list[dict]:
    """Code actions at a position as raw JSON: lsprotocol's client-side converter reads a CodeAction
    that carries a command as a bare Command, so the result is taken unconverted. `trigger`: asked for
    (Invoked) or a cursor move (Automatic); unset, as older clients send it."""
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=doc_uri),
        range=types.Range(start=types.Position(line=line, character=character),
                          end=types.Position(line=line, character=character)),
        context=types.CodeActionContext(diagnostics=[], trigger_kind=trigger))
    protocol = client.protocol
    with _untyped(protocol, types.TEXT_DOCUMENT_CODE_ACTION, message=False):
        return await protocol.send_request_async(types.TEXT_DOCUMENT_CODE_ACTION, params)


async def raw_request(client: LanguageClient, method: str, params: Any) -> Any:
    """Send a request with hand-written (possibly malformed) params, skipping client-side checks."""
    from pygls.protocol import JsonRPCProtocol

    protocol = client.protocol
    with _untyped(protocol, method):
        return await JsonRPCProtocol.send_request_async(protocol, method, params)


@contextlib.contextmanager
def _untyped(protocol, method: str, *, message: bool = True):
    """Skip typing for `method` only: other traffic meanwhile (log messages) must still be decoded."""
    originals = {"get_result_type": protocol.get_result_type}
    if message:
        originals["get_message_type"] = protocol.get_message_type
    for name, original in originals.items():
        setattr(protocol, name, lambda m, _o=original: None if m == method else _o(m))
    try:
        yield
    finally:
        for name in originals:
            delattr(protocol, name)


def dedent(text: str) -> str:
    """textwrap.dedent, for inline sources."""
    return textwrap.dedent(text)
