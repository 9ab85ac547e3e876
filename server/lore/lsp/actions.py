"""Code actions "Remember a decision about <symbol>…" / "Remember a convention…" (and "Anchor “<record>”
to <symbol>", `lore.lsp.anchor_actions`), and memory templates:
a team memory file created from a template through `workspace/applyEdit` and opened (the `lore.draft`
command), for clients without input boxes. Saving the file imports it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.documents import lines_for, symbols_for
from lore.recall.governing import enclosing
from lore.lsp.positions import from_client
from lore.memory import Anchor, Kind, Memory, Scope, SourceKind, Provenance

if TYPE_CHECKING:
    from lore.lsp.folders import Folder
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

# Commands of the VS Code extension that ask for title, body and scope with input boxes.
CLIENT_COMMANDS = {"decision": "lore.rememberDecision", "convention": "lore.rememberConvention"}
PLACEHOLDER_BODY = {
    "decision": "What was decided, in a sentence or two.",
    "convention": "The rule to follow, with a short example.",
}
PLACEHOLDER_WHY = "Why: the reason, the alternatives considered, and what would change the decision."


async def on_code_action(ls: LoreServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """`textDocument/codeAction`: remember a decision or convention about the symbol at the selection."""
    state = ls.doc_state(params.text_document.uri)
    if state is None or state.folder.error:
        return None
    from lore.lsp.preferences import code_actions as preference_actions

    found = await preference_actions(ls, state, params)
    from lore.lsp.check_actions import violation_actions

    found = await violation_actions(ls, state, params) + (found or [])
    only = params.context.only
    if only and not any(types.CodeActionKind.Refactor.value.startswith(k) or k.startswith("refactor")
                        for k in only):
        return found or None
    symbols = await symbols_for(ls, state)
    doc = ls.workspace.get_text_document(state.uri)
    line, col = from_client(doc, lines_for(ls, state), params.range.start)
    chain = enclosing(symbols, line, col)
    symbol = chain[-1] if chain else None
    about = symbol.name if symbol else state.rel_path.rsplit("/", 1)[-1]
    titles = {"decision": f"Remember a decision about {about}…", "convention": "Remember a convention…"}
    actions = []
    for kind, title in titles.items():
        if ls.command_links:
            command = types.Command(title=title, command=CLIENT_COMMANDS[kind])
        else:
            args = {"kind": kind, "uri": state.uri}
            if symbol:
                args["symbol"] = symbol.qualified_name
            command = types.Command(title=title, command="lore.draft", arguments=[args])
        actions.append(types.CodeAction(title=title, kind=types.CodeActionKind.Refactor, command=command))
    from lore.lsp.anchor_actions import anchor_actions

    if params.context.trigger_kind != types.CodeActionTriggerKind.Automatic:  # asked for, not a cursor move
        with ls.guard("anchoring actions"):
            actions += await anchor_actions(ls, state, chain)
    return found + actions


def template_memory(kind: Kind, title: str, anchors: list[Anchor], supersedes: list[str] | None = None) -> Memory:
    """A placeholder team memory to be completed by the user."""
    return Memory(
        title=title, kind=kind, scope=Scope.TEAM, anchors=anchors,
        body=PLACEHOLDER_BODY.get(kind.value, "What to remember."), rationale=PLACEHOLDER_WHY,
        supersedes=list(supersedes or []), provenance=Provenance(SourceKind.TEAM_FILE),
    )


async def create_template_file(ls: LoreServer, folder: Folder, m: Memory) -> dict:
    """Create `.lore/memories/<slug>.md` for a memory template (applyEdit when possible, else on disk) and open it."""
    from lore.team import files as teamfiles
    from lore.workspace import memories_dir

    path = teamfiles.file_name(m, memories_dir(folder.root))
    rel = path.relative_to(folder.root).as_posix()
    uri = folder.uri_for(rel)
    text = teamfiles.render(m)
    applied = await _apply_create(ls, uri, text)
    if not applied:
        teamfiles.write_text(folder.root, path, text, exclusive=True)
    shown = await _show(ls, uri)
    return {"uri": uri, "path": rel, "applied": applied, "shown": shown}


async def _apply_create(ls: LoreServer, uri: str, text: str) -> bool:
    caps = ls.client_capabilities.workspace
    edit_caps = caps.workspace_edit if caps else None
    operations = [str(getattr(op, "value", op)) for op in (edit_caps.resource_operations or [])] if edit_caps else []
    if not (caps and caps.apply_edit and "create" in operations):
        return False
    start = types.Position(line=0, character=0)
    edit = types.WorkspaceEdit(document_changes=[
        types.CreateFile(uri=uri, options=types.CreateFileOptions(ignore_if_exists=True)),
        types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=None),
            edits=[types.TextEdit(range=types.Range(start=start, end=start), new_text=text)],
        ),
    ])
    try:
        result = await ls.workspace_apply_edit_async(
            types.ApplyWorkspaceEditParams(edit=edit, label="Lore: new memory"))
    except Exception:
        log.warning("workspace/applyEdit failed; writing the file directly", exc_info=True)
        return False
    if not result.applied:
        log.warning("the client did not apply the edit (%s); writing the file directly", result.failure_reason)
    return bool(result.applied)


async def _show(ls: LoreServer, uri: str) -> bool:
    caps = ls.client_capabilities.window
    if not (caps and caps.show_document and caps.show_document.support):
        return False
    try:
        result = await ls.window_show_document_async(types.ShowDocumentParams(uri=uri, take_focus=True))
    except Exception:
        log.warning("window/showDocument failed", exc_info=True)
        return False
    return bool(result and result.success)
