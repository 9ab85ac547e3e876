"""The Lore language server's state: `LoreServer` holds settings, folders, documents and tasks. It
imports no handler: `lore.lsp.app.create_server` builds one and registers every handler."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from lore import __version__
from lore.lsp.docstate import DocState
from lore.lsp.folders import Folder, folder_for, folder_root
from lore.lsp.protocol import LoreProtocol
from lore.lsp.settings import Settings, parse_settings

log = logging.getLogger(__name__)

STATUS_NOTIFICATION = "lore/status"
SURFACED_FLUSH_SECONDS = 5.0


class LoreServer(LanguageServer):
    """Language server state: settings, one `Folder` per workspace folder, documents, tasks."""

    def __init__(self) -> None:
        super().__init__("lore", __version__, protocol_cls=LoreProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.settings = Settings()
        self.command_links = False
        self.folders: list[Folder] = []
        self.documents: dict[str, Any] = {}
        self.doc_tasks: dict[str, asyncio.Task] = {}
        self.push_tasks: dict[str, asyncio.Task] = {}  # pending publishDiagnostics (lore.lsp.diagnostics)
        # one thread matches rules, so a document's syntax tree is reused by its next check
        self.check_pool = ThreadPoolExecutor(1, thread_name_prefix="lore-checks")
        # set by `lore.lsp.app`: re-checks open documents against decisions' rules after memories change
        self.refresh_diagnostics: Callable[[LoreServer], None] | None = None
        self.tasks: set[asyncio.Task] = set()
        # code-hash baselines of team memories' anchors; touched only on the folders' background workers
        self.baselines: dict[tuple[str, str], str] = {}
        self.background = None  # the Background of imports and embeddings, set by `lore.lsp.app.create_server`
        self.state = "starting"
        self.state_message: str | None = None
        self._status_sent: dict | None = None
        self._surfaced: dict[Folder, set[str]] = {}
        self._embedder = None
        self._shown_problems: set[str] = set()
        self.log_handler = None
        self.generation = 0  # bumped whenever memories change (semantic matches are then recomputed)
        self.default_root: str | None = None

    # -- tasks and errors ------------------------------------------------------------------
    def spawn(self, coro, name: str) -> asyncio.Task:
        """Run a coroutine as a task the server keeps (and logs when it fails)."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)

        def done(t: asyncio.Task) -> None:
            self.tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                log.error("%s failed", name, exc_info=t.exception())

        task.add_done_callback(done)
        return task

    @contextlib.contextmanager
    def guard(self, what: str) -> Iterator[None]:
        """For notification handlers: log any failure, never raise."""
        try:
            yield
        except Exception:
            log.error("handling %s failed", what, exc_info=True)

    def report_server_error(self, error: Exception, source) -> None:
        """Log a failure pygls caught in a handler (pygls' hook). Nothing is shown to the user: a request
        that failed answers with its JSON-RPC error, a notification handler's failure is only logged."""
        log.error("server error (%s): %s", getattr(source, "__name__", source), error)

    def show(self, message: str, kind: types.MessageType = types.MessageType.Error) -> None:
        """`window/showMessage`, filtered by `lore.notifications`."""
        level = self.settings.notifications
        if level == "off" or (level == "errors" and kind is not types.MessageType.Error):
            log.info("%s", message)
            return
        self.window_show_message(types.ShowMessageParams(type=kind, message=message))

    # -- folders and documents -------------------------------------------------------------
    def embedder(self):
        """The embedder shared by every folder (the model is loaded once, in the background)."""
        if self._embedder is None:
            from lore.embedding.embedder import embedder_from_env

            model = self.settings.model
            self._embedder = embedder_from_env(model.name, model.path or None)
        return self._embedder

    def set_folders(self, uris: list[str]) -> None:
        """Open a `Folder` for each workspace folder URI (closing ones no longer listed)."""
        keep = {f.uri: f for f in self.folders}
        folders = []
        for uri in dict.fromkeys(uris):
            root = folder_root(uri)
            if root is None:
                continue
            folders.append(keep.pop(uri, None) or Folder(uri, root, self.embedder, lambda: self.settings.import_.on_startup))
        for gone in keep.values():
            gone.close()
        self.folders = folders
        self.documents = {u: d for u, d in self.documents.items() if d.folder in folders}

    def folder_for(self, uri: str) -> Folder | None:
        """The workspace folder holding a document."""
        return folder_for(self.folders, uri)

    def doc_state(self, uri: str, language_id: str | None = None):
        """The state of a document in one of the folders, created on first use; None outside them."""
        state = self.documents.get(uri)
        if state is not None:
            return state
        folder = self.folder_for(uri)
        rel = folder.rel_path(uri) if folder else None
        if folder is None or rel is None:
            return None
        from lore.anchors import language_for_id, language_for_path

        language = (language_for_id(language_id) if language_id else None) or language_for_path(rel)
        state = DocState(uri, folder, rel, language)
        self.documents[uri] = state
        return state

    # -- settings --------------------------------------------------------------------------
    def apply_settings(self, raw: Any, origin: str) -> None:
        """Take new settings; invalid values fall back to defaults with one message per new problem."""
        settings, problems = parse_settings(raw)
        fresh = [p for p in problems if p not in self._shown_problems]
        if fresh:
            self._shown_problems.update(fresh)
            # An error, not a warning: the user has to fix the setting, so "errors" (the default) shows it.
            self.show(f"Lore: invalid settings ({origin}): " + "; ".join(fresh), types.MessageType.Error)
        old = self.settings
        self.settings = settings
        if (old.code_lens.enabled, old.hover.enabled) != (settings.code_lens.enabled, settings.hover.enabled):
            self.memories_changed(status=False)
        log.info("settings from %s applied", origin)

    async def pull_settings(self) -> None:
        """Ask the client for the `lore` section (when it supports `workspace/configuration`)."""
        caps = self.client_capabilities.workspace
        if not (caps and caps.configuration):
            return
        try:
            result = await self.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section="lore")]))
        except Exception:
            log.warning("workspace/configuration failed", exc_info=True)
            return
        if result and result[0] is not None:
            self.apply_settings(result[0], "workspace/configuration")

    # -- memories changed: lenses, status ----------------------------------------------------
    def memories_changed(self, status: bool = True) -> None:
        """Memories changed somewhere: refresh code lenses (when the client can) and the status."""
        self.generation += 1
        self.refresh_lenses()
        if status:
            self.send_status()
        if self.refresh_diagnostics is not None:
            with self.guard("refreshing diagnostics"):
                self.refresh_diagnostics(self)
        asyncio.get_running_loop().call_later(0.05, self.warm_anchors)

    def refresh_lenses(self) -> None:
        """Ask the client to fetch code lenses again (when it can): something they show changed."""
        caps = self.client_capabilities.workspace
        lens = caps.code_lens if caps else None
        if lens and lens.refresh_support:
            self.spawn(self.workspace_code_lens_refresh_async(None), "codeLens/refresh")

    def listen(self) -> None:
        """Let `lore search`, `lore context` and `lore add` of other processes reach every folder."""
        loop = asyncio.get_running_loop()
        for folder in self.folders:
            folder.listen(lambda f=folder: loop.call_soon_threadsafe(self.changed_elsewhere, f))

    def changed_elsewhere(self, folder: Folder) -> None:
        """Another process wrote memories in a folder: embed them, refresh lenses and status."""
        if folder in self.folders:
            self.spawn(self.background.embed(folder), f"embedding for {folder.root}")
            self.memories_changed()

    def warm_anchors(self) -> None:
        """Build the anchor lookup tables now, so the next hover or lens does not pay for it."""
        with self.guard("warming anchor tables"):
            for folder in self.folders:
                if folder.lore is not None:
                    folder.lore.warm_anchor_tables()

    def status(self) -> dict:
        """The `lore/status` object: memories across folders (tasks read from git history counted
        apart, as `history`), state and an optional message."""
        total = history = 0
        for folder in self.folders:
            lore = folder.open()
            if lore is not None:
                memories, tasks = lore.shown_counts()
                total, history = total + memories, history + tasks
        errors = [f.error for f in self.folders if f.error]
        state, message = ("error", errors[0]) if errors else (self.state, self.state_message)
        out: dict[str, Any] = {"memories": total, "history": history, "state": state}
        if message:
            out["message"] = message
        return out

    def send_status(self) -> None:
        """Send `lore/status` when the state or the count changed."""
        try:
            status = self.status()
        except Exception:
            log.warning("could not compute the status", exc_info=True)
            return
        if status != self._status_sent:
            self._status_sent = status
            self.protocol.notify(STATUS_NOTIFICATION, status)

    def set_state(self, state: str, message: str | None = None) -> None:
        """Change the server state (starting, indexing, ready, wordsOnly, error) and tell the client."""
        self.state, self.state_message = state, message
        self.send_status()

    # -- surfaced counters, written in batches off the hover path --------------------------
    def surfaced(self, folder: Folder, ids: list[str]) -> None:
        """Remember that memories were shown; counted in the database a few seconds later."""
        if not ids:
            return
        pending = self._surfaced.setdefault(folder, set())
        if not pending:
            asyncio.get_running_loop().call_later(SURFACED_FLUSH_SECONDS, self._flush_surfaced, folder)
        pending.update(ids)

    def _flush_surfaced(self, folder: Folder) -> None:
        ids = sorted(self._surfaced.pop(folder, set()))
        if ids and folder.lore is not None and folder in self.folders:  # not once the server closed it
            # A write waits for other processes' writes: never on the event loop, which serves hovers.
            self.spawn(folder.run(lambda lore: lore.record_surfaced(ids), background=True),
                       "recording surfaced memories")

    def close(self) -> None:
        """Stop background work and close every database."""
        for task in [*self.tasks, *self.doc_tasks.values()]:
            task.cancel()
        self.background.cancel_all()
        self.check_pool.shutdown(wait=False, cancel_futures=True)
        for folder in self.folders:
            folder.close()
        self.folders, self.documents = [], {}  # callbacks already scheduled must not find closed databases
