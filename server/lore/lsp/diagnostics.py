"""Diagnostics from decisions' rules: pulled (`textDocument/diagnostic`) by clients that can, pushed
(`textDocument/publishDiagnostics`) after each pause in typing to clients that cannot. Violations
sit at the offending code and name the decision; a team file's malformed rules sit on their lines.
The rules and their matching are `lore.enforce` / `lore.checks`; this file converts."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.enforce import DocumentProblems, LiveChecks, problems_in
from lore.enforce.conflicts import conflict_errors
from lore.lsp.positions import to_client

if TYPE_CHECKING:
    from lore.lsp.docstate import DocState
    from lore.lsp.folders import Folder
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)
SOURCE = "lore"
SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
            "info": types.DiagnosticSeverity.Information, "hint": types.DiagnosticSeverity.Hint}
PUSH_DELAY = 0.2


def live_checks(folder: Folder) -> LiveChecks:
    """The folder's enforced rules (made on first use, kept with the folder)."""
    if folder.checks is None:
        folder.checks = LiveChecks(folder.root)
    return folder.checks


async def problems_of(ls: LoreServer, state: DocState, symbols: bool = False) -> DocumentProblems:
    """The document's problems for its current text; rules loaded on the loop thread (its database),
    matched in a worker thread (`symbols`: with each violation's enclosing definition)."""
    lore = state.folder.open()
    if lore is None:
        return DocumentProblems()
    text = _source(ls, state.uri)
    conflicts = conflict_errors(lore, state.rel_path, text)
    checks = live_checks(state.folder).get(lore, ls.generation)
    if not checks.rules and not checks.errors:
        return DocumentProblems(conflicts=conflicts)
    found = await asyncio.get_running_loop().run_in_executor(
        ls.check_pool, functools.partial(problems_in, checks, state.rel_path, text, state.language, symbols=symbols))
    found.conflicts = conflicts
    return found


def to_diagnostics(ls: LoreServer, state: DocState, found: DocumentProblems) -> list[types.Diagnostic]:
    """LSP diagnostics for a document's problems (client position encoding)."""
    doc = ls.workspace.get_text_document(state.uri)
    lines = _source(ls, state.uri).splitlines(True)
    out = []
    for v in found.violations:
        where = types.Range(start=to_client(doc, lines, v.start_line, v.start_col),
                            end=to_client(doc, lines, v.end_line, v.end_col))
        out.append(types.Diagnostic(
            range=where, message=v.message, severity=SEVERITY.get(v.severity, types.DiagnosticSeverity.Warning),
            source=SOURCE, code=v.rule.key,
            code_description=types.CodeDescription(href=state.folder.uri_for(v.rule.file)) if v.rule.file else None,
            data={"memoryId": v.memory_id, "ruleId": v.rule.id}))
    for code, errors in (("rule-error", found.rule_errors), ("merge-conflict", found.conflicts)):
        for e in errors:
            end = len(lines[e.line].rstrip("\r\n")) if 0 <= e.line < len(lines) else 0
            out.append(types.Diagnostic(
                range=types.Range(start=types.Position(line=e.line, character=0),
                                  end=to_client(doc, lines, e.line, end)),
                message=e.message, severity=types.DiagnosticSeverity.Error, source=SOURCE, code=code))
    return out


def _source(ls: LoreServer, uri: str) -> str:
    """The document's text as the editor holds it ("" when it cannot be read)."""
    try:
        return ls.workspace.get_text_document(uri).source
    except (OSError, ValueError):
        return ""


async def on_diagnostic(ls: LoreServer, params: types.DocumentDiagnosticParams) -> types.FullDocumentDiagnosticReport:
    """`textDocument/diagnostic`: the document's full report (empty outside the folders)."""
    state = ls.doc_state(params.text_document.uri)
    if state is None or state.folder.error or not pulls(ls):
        return types.FullDocumentDiagnosticReport(items=[])
    try:
        found = await problems_of(ls, state)
    except Exception:
        log.error("checking %s failed", state.rel_path, exc_info=True)
        return types.FullDocumentDiagnosticReport(items=[])
    return types.FullDocumentDiagnosticReport(items=to_diagnostics(ls, state, found))


def pulls(ls: LoreServer) -> bool:
    """Whether the client asks for diagnostics itself and can be told to ask again when rules change
    (`workspace/diagnostic/refresh`); else the server publishes them, and answers pulls with nothing
    (Neovim 0.11 pulls but cannot be told: an exception recorded would leave its diagnostic shown)."""
    td = ls.client_capabilities.text_document
    ws = ls.client_capabilities.workspace
    return bool(td and td.diagnostic and ws and ws.diagnostics and ws.diagnostics.refresh_support)


def schedule_push(ls: LoreServer, state: DocState, delay: float = PUSH_DELAY) -> None:
    """Publish the document's diagnostics after `delay` (restarted by each change) when the client
    does not pull them."""
    if pulls(ls):
        return
    previous = ls.push_tasks.pop(state.uri, None)
    if previous is not None:
        previous.cancel()
    ls.push_tasks[state.uri] = ls.spawn(_push(ls, state, delay), f"diagnostics for {state.rel_path}")


async def _push(ls: LoreServer, state: DocState, delay: float) -> None:
    await asyncio.sleep(delay)
    if ls.documents.get(state.uri) is not state:
        return
    found = await problems_of(ls, state)
    version = ls.workspace.get_text_document(state.uri).version
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=state.uri, diagnostics=to_diagnostics(ls, state, found), version=version))


def refresh(ls: LoreServer) -> None:
    """Rules or exceptions may have changed: ask a pulling client to pull again, else push again."""
    if pulls(ls):
        ls.spawn(ls.workspace_diagnostic_refresh_async(None), "workspace/diagnostic/refresh")
        return
    for state in list(ls.documents.values()):
        schedule_push(ls, state, delay=0.0)


def closed(ls: LoreServer, uri: str) -> None:
    """A document closed: stop its pending push and clear what was published for it."""
    task = ls.push_tasks.pop(uri, None)
    if task is not None:
        task.cancel()
    if not pulls(ls):
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
