"""Building the language server: a `LoreServer` with its background worker and the handler of every
lsp/ module registered explicitly (the one module that imports them all)."""

from __future__ import annotations

from lsprotocol import types

from lore.lsp import actions, commands, diagnostics, documents, hover, lens, lifecycle, symbols
from lore.lsp.background import Background, on_progress_cancel, on_watched_files
from lore.lsp.server import LoreServer


def create_server() -> LoreServer:
    """A fresh server with every handler registered."""
    ls = LoreServer()
    ls.background = Background(ls)
    ls.refresh_diagnostics = diagnostics.refresh
    ls.feature(types.INITIALIZE)(lifecycle.on_initialize)
    ls.feature(types.INITIALIZED)(lifecycle.on_initialized)
    ls.feature(types.SHUTDOWN)(lifecycle.on_shutdown)
    ls.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(lifecycle.on_did_change_configuration)
    ls.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)(lifecycle.on_did_change_folders)
    ls.feature(types.TEXT_DOCUMENT_DID_OPEN)(documents.on_did_open)
    ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)(documents.on_did_change)
    ls.feature(types.TEXT_DOCUMENT_DID_SAVE)(documents.on_did_save)
    ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)(documents.on_did_close)
    ls.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(on_watched_files)
    ls.feature(types.TEXT_DOCUMENT_HOVER)(hover.on_hover)
    ls.feature(types.TEXT_DOCUMENT_CODE_LENS, types.CodeLensOptions(resolve_provider=True))(lens.on_code_lens)
    ls.feature(types.CODE_LENS_RESOLVE)(lens.on_code_lens_resolve)
    ls.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.Refactor]))(actions.on_code_action)
    ls.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
        identifier="lore", inter_file_dependencies=False, workspace_diagnostics=False))(diagnostics.on_diagnostic)
    ls.feature(types.WORKSPACE_SYMBOL)(symbols.on_workspace_symbol)
    ls.feature(types.WINDOW_WORK_DONE_PROGRESS_CANCEL)(on_progress_cancel)
    commands.register(ls)
    return ls
