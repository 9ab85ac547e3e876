"""Background work: importing sources (at start, on demand, when files change) and embedding pending
memories on worker threads with their own `Lore`, with `$/progress` and cancellation; semantic
matches per symbol for hovers; file watchers. The first hover never waits for any of it."""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
from typing import TYPE_CHECKING, Any

import attrs
from lsprotocol import types

from lore.lsp.folders import Folder

if TYPE_CHECKING:
    from lore.lsp.docstate import DocState
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

WATCH_GLOBS = ("**/*.md", "**/*.mdc", "**/*.markdown", "**/*.rst", "**/*.adoc", "**/*.asciidoc", "**/.cursorrules",
               "**/.windsurfrules", "**/.clinerules", "**/*.instructions.md",
               # the metadata files items keep their status in (`sources.sidecar.SIDECARS`, not imported here:
               # it loads the parsers)
               "**/kep.yaml", "**/metadata.yaml", "**/metadata.yml")
CHANGE_DEBOUNCE_SECONDS = 0.5
POLL_SECONDS = 0.5  # a pull or a team file written elsewhere, without the client's watcher (watch.py)
SETTLE_SECONDS = 0.1  # once something moved: how soon to look again, to read it only once it stopped
REPORT_EVERY_SECONDS = 0.1
HISTORY_BATCH = 16  # history tasks embedded per turn of the worker (a few hundred ms on two cores)
_tokens = itertools.count(1)


def _jobs():
    """The jobs module, imported on first use (it loads the core; `initialize` must stay fast)."""
    from lore.lsp import jobs

    return jobs


def _semantic():
    """The meaning matches for a file's symbols, imported on first use (they load the core)."""
    from lore.recall import semantic

    return semantic


class Background:
    """Imports, embeddings and semantic matches for every folder, one job at a time per folder."""

    def __init__(self, ls: LoreServer):
        self.ls = ls
        self.locks: dict[Folder, asyncio.Lock] = {}
        self.cancels: dict[str, threading.Event] = {}
        self.changed: dict[Folder, set[str]] = {}
        self.change_timers: dict[Folder, asyncio.TimerHandle] = {}
        self.last_summary: dict[Folder, dict] = {}
        self.conflicts_shown: set[str] = set()
        self.watching: set[Folder] = set()
        self.history_embedding: set[Folder] = set()  # folders whose history tasks are being embedded

    def lock(self, folder: Folder) -> asyncio.Lock:
        """The lock that keeps one import per folder at a time."""
        return self.locks.setdefault(folder, asyncio.Lock())

    def start(self) -> None:
        """Startup work for every folder: import (when enabled), then embeddings."""
        for folder in self.ls.folders:
            if folder.error:
                continue
            if self.ls.settings.import_.on_startup:
                self.ls.spawn(self.reindex(folder), f"startup import of {folder.root}")
            else:
                self.ls.spawn(self.embed(folder), f"embedding for {folder.root}")
            if folder not in self.watching:
                self.watching.add(folder)
                self.ls.spawn(self.watch(folder), f"watching {folder.root} for pulls")

    # -- import --------------------------------------------------------------------------------
    async def reindex(self, folder: Folder, paths: list[str] | None = None) -> dict:
        """Import sources of one folder (all, or only `paths`) with progress; then embed."""
        async with self.lock(folder):
            self.ls.set_state("indexing")
            title = f"Lore: importing {folder.root.name}"
            async with self.progress(title) as (report, cancelled):
                summary = await folder.run(_jobs().import_sources, paths, self.ls.settings, report, cancelled,
                                           background=True)
            self.last_summary[folder] = summary
            log.info("import of %s: %s", folder.root, summary)
            self.tell_conflicts(summary.get("warnings") or ())
            if summary.get("held_back"):
                log.warning("import of %s held back %d deprecations of %d imported memories", folder.root,
                            summary["held_back"], summary.get("live_before", 0))
                self.ls.show(f"Lore: an import of {folder.root.name} would deprecate {summary['held_back']} of "
                             f"{summary.get('live_before', 0)} imported memories, so it did not. If decision records "
                             "sit in a folder Lore does not know, run `lore import --adr-folder F` once (it is "
                             "remembered); to accept the change, run `lore import --yes`.")
        await self.embed(folder)
        self.ls.memories_changed()
        self.refresh_semantic(folder)
        return summary

    def tell_conflicts(self, warnings) -> None:
        """A file refused for git conflict markers: logged each time, shown once per file and line."""
        shown = self.conflicts_shown
        for w in warnings:
            if not w.startswith("merge conflict in "):
                continue
            log.warning("%s", w)
            if w not in shown:
                shown.add(w)
                self.ls.show(f"Lore: {w}")

    async def embed(self, folder: Folder) -> None:
        """Embed memories that have no vector yet, but the tasks read from git history and the pages the
        last import took past its embedding caps; the state then says whether search has meaning or words
        only. Those (a first import leaves thousands of tasks, and a documentation site hundreds of pages,
        found by their words meanwhile) are embedded after, in the background (`embed_history`): the
        server is ready while they are."""
        later = tuple((self.last_summary.get(folder) or {}).get("documentation_embedded_later") or ())
        async with self.lock(folder):
            self.ls.set_state("indexing")
            async with self.progress(f"Lore: embedding {folder.root.name}") as (report, cancelled):
                done, problem = await folder.run(_jobs().embed_pending, report, cancelled, _jobs().HISTORY_KINDS,
                                                 later, background=True)
            log.info("embedded %d section(s) in %s", done, folder.root)
        if problem:
            self.ls.set_state("wordsOnly", problem)
            return
        self.ls.set_state("ready")
        if folder not in self.history_embedding:
            self.ls.spawn(self.embed_history(folder), f"embedding the git history of {folder.root}")

    async def embed_history(self, folder: Folder) -> None:
        """Embed what is left (the tasks read from git history) in small batches, with its own progress:
        the folder's lock is taken per batch, so an import, and the worker thread, so a document's work,
        waits for one batch at most, never for the whole history."""
        self.history_embedding.add(folder)
        try:
            total = await folder.run(_jobs().pending_sections, background=True)
            if not total:
                return
            done = 0
            later = (self.last_summary.get(folder) or {}).get("documentation_embedded_later")
            title = f"Lore: embedding the git history{' and further pages' if later else ''} of {folder.root.name}"
            async with self.progress(title) as (report, cancelled):
                while not cancelled() and folder in self.ls.folders:
                    async with self.lock(folder):
                        n = await folder.run(_jobs().embed_some, HISTORY_BATCH, background=True)
                    if not n:
                        break
                    done += n
                    report(done, max(total, done), "sections embedded")
            log.info("embedded %d section(s) of git history in %s", done, folder.root)
        finally:
            self.history_embedding.discard(folder)

    def changed_paths(self, folder: Folder, rel_paths: list[str], *, moved_head: bool = False) -> None:
        """Files changed on disk: re-import the ones that are memory sources, after a short pause;
        after HEAD moved, team files are synced even when no source changed (their anchors follow
        what git renamed, lore.reanchor).

        Not when automatic imports are off (an untrusted workspace): only `lore.reindex` imports then."""
        if not self.ls.settings.import_.on_startup:
            return
        sources = [p for p in rel_paths if _jobs().is_source(p, self.ls.settings, folder.root)]
        if not sources and not moved_head:
            return
        self.changed.setdefault(folder, set()).update(sources)
        timer = self.change_timers.pop(folder, None)
        if timer is not None:
            timer.cancel()
        loop = asyncio.get_running_loop()
        self.change_timers[folder] = loop.call_later(CHANGE_DEBOUNCE_SECONDS, self._import_changed, folder)

    def _import_changed(self, folder: Folder) -> None:
        self.change_timers.pop(folder, None)
        paths = sorted(self.changed.pop(folder, set()))
        if folder in self.ls.folders:
            self.ls.spawn(self.reindex(folder, paths), f"import of changed files in {folder.root}")

    async def watch(self, folder: Folder) -> None:
        """Poll for pulls and team files written elsewhere while the folder is open; what changed goes
        to `changed_paths` like a watched-file event. Nothing is read while automatic imports are off."""
        from lore.lsp.watch import PullWatch

        watch = PullWatch(folder.root)
        try:
            while folder in self.ls.folders and folder.error is None:
                if not self.ls.settings.import_.on_startup:
                    watch.last = None  # trusted again later: start from what is there then
                elif watch.last is None:
                    await asyncio.to_thread(watch.baseline)
                elif watch.poll():
                    if not watch.settled():  # a pull half done, or a file being written: look again soon
                        await asyncio.sleep(SETTLE_SECONDS)
                        continue
                    head = watch.head
                    paths = await asyncio.to_thread(watch.changes)
                    if (paths or watch.head != head) and self.ls.settings.import_.on_startup:
                        log.info("changed outside the editor in %s: %s", folder.root, ", ".join(paths[:10]))
                        self.changed_paths(folder, paths, moved_head=watch.head != head)
                await asyncio.sleep(POLL_SECONDS)
        finally:
            self.watching.discard(folder)

    def on_watched_files(self, params: types.DidChangeWatchedFilesParams) -> None:
        """`workspace/didChangeWatchedFiles`: re-import changed sources per folder."""
        with self.ls.guard("didChangeWatchedFiles"):
            by_folder: dict[Folder, list[str]] = {}
            for change in params.changes:
                folder = self.ls.folder_for(change.uri)
                rel = folder.rel_path(change.uri) if folder else None
                if folder is not None and rel is not None:
                    by_folder.setdefault(folder, []).append(rel)
            for folder, rels in by_folder.items():
                self.changed_paths(folder, rels)

    async def register_watchers(self) -> None:
        """Ask the client to watch memory sources, when it allows dynamic registration."""
        caps = self.ls.client_capabilities.workspace
        watched = caps.did_change_watched_files if caps else None
        if not (watched and watched.dynamic_registration):
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=g) for g in WATCH_GLOBS])
        registration = types.Registration(id="lore-watch-sources", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                          register_options=options)
        try:
            await self.ls.client_register_capability_async(types.RegistrationParams(registrations=[registration]))
        except Exception:
            log.warning("registering file watchers failed; sources are re-imported on save only", exc_info=True)

    # -- semantic matches for hovers ---------------------------------------------------------
    async def semantic_for(self, state: DocState, symbols: list) -> None:
        """Precompute memories close in meaning to each symbol of a document (hovers read the cache, and code
        actions the nearest records they offer to anchor)."""
        if not symbols or state.folder.error:
            return
        texts = {s.qualified_name: _semantic().symbol_text(s, state.rel_path) for s in symbols}
        generation = self.ls.generation
        fresh = state.semantic_generation == generation
        todo = [s for s in symbols if not fresh or state.semantic_texts.get(s.qualified_name) != texts[s.qualified_name]]
        if not todo:
            return
        started = time.perf_counter()
        found = await state.folder.run(_semantic().meaning_near, state.rel_path, state.language, todo,
                                       background=True)
        if found is None:
            return
        redone = {s.qualified_name for s in todo}
        kept = {name: v for name, v in state.semantic.items() if fresh and name in texts and name not in redone}
        state.semantic = {**kept, **found.shown}
        kept = {name: v for name, v in state.near.items() if fresh and name in texts and name not in redone}
        state.near = {**kept, **found.near}
        state.semantic_texts = {name: texts[name] for name in texts if fresh or name in redone}
        state.semantic_generation = generation
        log.info("semantic matches for %s: %d of %d symbol(s) in %.0f ms", state.rel_path, len(todo),
                 len(symbols), 1000 * (time.perf_counter() - started))

    def refresh_semantic(self, folder: Folder) -> None:
        """Memories changed: recompute semantic matches of the folder's open documents."""
        from lore.lsp.documents import schedule

        for state in list(self.ls.documents.values()):
            if state.folder is folder:
                schedule(self.ls, state, delay=0.0)

    # -- progress ------------------------------------------------------------------------------
    def progress(self, title: str) -> _Progress:
        """Work-done progress for one job (silent when the client does not support it)."""
        return _Progress(self, title)

    def on_progress_cancel(self, params: types.WorkDoneProgressCancelParams) -> None:
        """The user cancelled a job from its progress notification."""
        with self.ls.guard("workDoneProgress/cancel"):
            event = self.cancels.get(str(params.token))
            if event is not None:
                log.info("cancelling %s", params.token)
                event.set()

    def cancel_all(self) -> None:
        """Ask every running job to stop."""
        for event in self.cancels.values():
            event.set()
        for timer in self.change_timers.values():
            timer.cancel()


@attrs.define
class _Progress:
    """Async context: yields (report(done, total, text) usable from any thread, cancelled())."""

    owner: Background
    title: str
    token: str = attrs.field(factory=lambda: f"lore-{next(_tokens)}")
    enabled: bool = False
    last: float = 0.0

    async def __aenter__(self) -> tuple[Any, Any]:
        ls = self.owner.ls
        caps = ls.client_capabilities.window
        cancel = threading.Event()
        self.owner.cancels[self.token] = cancel
        if caps and caps.work_done_progress:
            try:
                await ls.work_done_progress.create_async(self.token)
                ls.work_done_progress.begin(self.token, types.WorkDoneProgressBegin(
                    title=self.title, cancellable=True, percentage=0))
                self.enabled = True
            except Exception:
                log.warning("window/workDoneProgress/create failed", exc_info=True)
        loop = asyncio.get_running_loop()

        def report(done: int, total: int | None, text: str | None = None) -> None:
            now = time.monotonic()
            if self.enabled and (now - self.last >= REPORT_EVERY_SECONDS or (total and done >= total)):
                self.last = now
                loop.call_soon_threadsafe(self._report, done, total, text)

        return report, cancel.is_set

    def _report(self, done: int, total: int | None, text: str | None) -> None:
        percentage = min(100, int(100 * done / total)) if total else None
        message = f"{done}/{total}" if total else str(done)
        if text:
            message += f" {short_text(text)}"
        self.owner.ls.work_done_progress.report(self.token, types.WorkDoneProgressReport(
            message=message, percentage=percentage, cancellable=True))

    async def __aexit__(self, *exc) -> None:
        cancelled = self.owner.cancels.pop(self.token, threading.Event()).is_set()
        if self.enabled:
            message = "cancelled" if cancelled else ("failed" if exc[0] else "done")
            self.owner.ls.work_done_progress.end(self.token, types.WorkDoneProgressEnd(message=message))


def on_watched_files(ls: LoreServer, params: types.DidChangeWatchedFilesParams) -> None:
    """`workspace/didChangeWatchedFiles`."""
    ls.background.on_watched_files(params)


PROGRESS_TEXT_CHARS = 32


def short_text(text: str) -> str:
    """A progress message's detail kept short and steady: a path becomes its file name, cut to fit."""
    name = text.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or text
    return name if len(name) <= PROGRESS_TEXT_CHARS else name[: PROGRESS_TEXT_CHARS - 1] + "…"


def on_progress_cancel(ls: LoreServer, params: types.WorkDoneProgressCancelParams) -> None:
    """`window/workDoneProgress/cancel`."""
    ls.background.on_progress_cancel(params)
