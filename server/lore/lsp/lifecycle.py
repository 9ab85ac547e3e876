"""The server's life: initialize (folders and options, nothing heavy), initialized (settings, databases,
watchers, the startup import), configuration and folder changes, shutdown."""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path

from lore.workspace import find_root

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

VSCODE_LIKE = ("visual studio code", "vscode", "code - oss", "code-server", "vscodium", "cursor", "windsurf")


def client_is_vscode_like(params: types.InitializeParams) -> bool:
    """Whether the client renders `command:` links in hovers (initializationOptions flag or client name)."""
    options = params.initialization_options
    if isinstance(options, dict) and isinstance(options.get("commandLinks"), bool):
        return options["commandLinks"]
    name = (params.client_info.name if params.client_info else "") or ""
    return any(word in name.lower() for word in VSCODE_LIKE)


def on_initialize(ls: LoreServer, params: types.InitializeParams) -> None:
    """Read initializationOptions and the workspace folders; nothing heavy happens here."""
    if ls.log_handler is not None:
        ls.log_handler.loop = asyncio.get_running_loop()
    ls.command_links = client_is_vscode_like(params)
    options = params.initialization_options
    if isinstance(options, dict):
        ls.apply_settings({k: v for k, v in options.items() if k != "commandLinks"}, "initializationOptions")
    uris = [f.uri for f in params.workspace_folders or []]
    if not uris and params.root_uri:
        uris = [params.root_uri]
    elif not uris and params.root_path:
        uris = [from_fs_path(params.root_path) or ""]
    if not uris:
        uris = [from_fs_path(str(find_root(ls.default_root))) or ""]
    ls.set_folders([u for u in uris if u])


async def on_initialized(ls: LoreServer, params: types.InitializedParams) -> None:
    """Pull settings, open the databases, register file watchers, start the startup import."""
    with ls.guard("initialized"):
        await ls.pull_settings()
        started = time.perf_counter()
        for folder in ls.folders:
            folder.open()
        ls.warm_anchors()
        ls.listen()
        log.info("opened %d workspace folder(s) in %.0f ms", len(ls.folders), 1000 * (time.perf_counter() - started))
        ls.send_status()
        await ls.background.register_watchers()
        ls.background.start()
        await asyncio.to_thread(warm_imports)


# Modules the first hover, lens or code action would import (kept out of start-up, which answers
# `initialize` first): `lore.lsp.preferences` and the preference learner behind it cost ~30 ms.
WARM_MODULES = ("lore.lsp.preferences", "lore.lsp.check_actions", "lore.lsp.anchor_actions")


def warm_imports() -> None:
    """Import `WARM_MODULES` (in a worker thread once the server is up), so the first hover does not wait."""
    for name in WARM_MODULES:
        importlib.import_module(name)


async def on_did_change_configuration(ls: LoreServer, params: types.DidChangeConfigurationParams) -> None:
    """Settings changed: pull them again (or take the pushed ones when the client cannot be asked)."""
    with ls.guard("didChangeConfiguration"):
        caps = ls.client_capabilities.workspace
        if caps and caps.configuration:
            await ls.pull_settings()
        elif isinstance(params.settings, dict):
            ls.apply_settings(params.settings.get("lore", params.settings), "didChangeConfiguration")


def on_did_change_folders(ls: LoreServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
    """Workspace folders were added or removed."""
    with ls.guard("didChangeWorkspaceFolders"):
        removed = {f.uri for f in params.event.removed}
        uris = [f.uri for f in ls.folders if f.uri not in removed] + [f.uri for f in params.event.added]
        ls.set_folders(uris)
        for folder in ls.folders:
            folder.open()
        ls.listen()
        ls.background.start()


def on_shutdown(ls: LoreServer, params: None) -> None:
    """Stop background work and close the databases."""
    with ls.guard("shutdown"):
        ls.close()
