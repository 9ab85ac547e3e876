"""Workspace folders: one database each, a `Lore` for the event loop (cheap reads: hovers, lenses)
and worker threads with their own `Lore` (commands; imports and embeddings in the background)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from pygls.uris import from_fs_path, to_fs_path

log = logging.getLogger(__name__)
T = TypeVar("T")


class Folder:
    """One workspace folder and the `Lore` instances that serve it, one per thread."""

    def __init__(self, uri: str, root: Path, embedder: Callable[[], Any],
                 trusted: Callable[[], bool] = lambda: True):
        self.uri = uri
        self.root = root
        self._trusted = trusted  # False: read no repository file (team files included) on its own
        self._embedder = embedder  # called when a database is first opened (not during initialize)
        self.lore = None  # the event loop thread's Lore, opened by `open()`
        self.error: str | None = None
        self._commands = ThreadPoolExecutor(1, thread_name_prefix=f"lore-cmd-{root.name}")
        self._background = ThreadPoolExecutor(1, thread_name_prefix=f"lore-bg-{root.name}")
        self._reads = ThreadPoolExecutor(1, thread_name_prefix=f"lore-read-{root.name}")
        # git's answers on whether anchored code changed (lore.lsp.staleness): one at a time, apart from the
        # default executor, where a document's symbols are extracted for its first lens. On a large history a
        # check takes seconds (`git log -L`), and several at once would hold that lens back behind them.
        self.staleness_pool = ThreadPoolExecutor(1, thread_name_prefix=f"lore-stale-{root.name}")
        self._local = threading.local()
        self._worker_lores: list[Any] = []
        self._lock = threading.Lock()
        self.checks = None  # the folder's enforced rules (lore.lsp.diagnostics), loaded on first use
        self.guidance = None  # (generation, contradictions) of the guidance review (lore.lsp.guidance)
        self.staleness = None  # the folder's StalenessChecker (lore.lsp.staleness), made on first use
        self.relay = None  # answers `lore search`/`lore context` of other processes (see listen)

    def open(self):
        """The event loop's `Lore` (opened on first call; team files are synced by the workers)."""
        if self.lore is None and self.error is None:
            from lore.api import Lore
            from lore.store import StoreError

            try:
                self.lore = Lore(self.root, embedder=self._embedder(), sync_team=False)
            except Exception as e:
                self.error = f"cannot open the Lore database of {self.root}: {e}"
                # A StoreError already says what is wrong (newer schema, damaged, read-only): no traceback.
                log.error("%s", self.error, exc_info=not isinstance(e, StoreError))
        return self.lore

    def listen(self, on_changed: Callable[[], None]) -> None:
        """Answer other processes' `search` and `context` calls on the folder's socket (`lore.wire.relay`),
        each on the relay thread's own `Lore`; `on_changed()` when one says it wrote memories."""
        if self.relay is not None or self.error is not None:
            return
        from lore.wire.relay import RelayServer, answer_with

        relay = RelayServer(self.root, answer_with(self._relay_lore), on_changed, warm=self._worker_lore)
        if relay.start():
            self.relay = relay

    def _relay_lore(self):
        """The relay thread's `Lore`, with team-file edits picked up first (as a command's own would)."""
        lore = self._worker_lore()
        if self._trusted():
            lore.sync_team()
        return lore

    def _worker_lore(self):
        lore = getattr(self._local, "lore", None)
        if lore is None:
            from lore.api import Lore

            lore = Lore(self.root, embedder=self._embedder(), sync_team=self._trusted())
            self._local.lore = lore
            with self._lock:
                self._worker_lores.append(lore)
        return lore

    async def run(self, fn: Callable[..., T], *args: Any, background: bool = False, read: bool = False) -> T:
        """Run `fn(lore, *args)` on a worker thread with that thread's own `Lore`.

        `read` runs it on the thread for reads, so a search never queues behind a command that
        waits for another process's write."""
        pool = self._background if background else self._reads if read else self._commands
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, lambda: fn(self._worker_lore(), *args))

    def rel_path(self, uri: str) -> str | None:
        """Folder-relative POSIX path of a document URI, or None when it lies outside."""
        path = to_fs_path(uri)
        if not path:
            return None
        try:
            return Path(path).resolve().relative_to(self.root).as_posix()
        except (ValueError, OSError):
            return None

    def uri_for(self, rel_path: str) -> str:
        """A file URI for a folder-relative path."""
        return from_fs_path(str(self.root / rel_path)) or ""

    def close(self) -> None:
        """Stop the relay and the worker threads, and close every database connection."""
        if self.relay is not None:
            self.relay.close()
            self.relay = None
        for pool in (self._commands, self._background, self._reads, self.staleness_pool):
            pool.shutdown(wait=False, cancel_futures=True)
        for lore in [self.lore, *self._worker_lores]:
            if lore is not None:
                try:
                    lore.close()
                except Exception:
                    log.debug("closing a database failed", exc_info=True)


def folder_root(uri: str) -> Path | None:
    """The filesystem path of a folder URI (resolved), or None for non-file URIs."""
    path = to_fs_path(uri)
    return Path(path).resolve() if path else None


def folder_for(folders: list[Folder], uri: str) -> Folder | None:
    """The innermost folder holding a document URI."""
    best: Folder | None = None
    for folder in folders:
        if folder.rel_path(uri) is not None and (best is None or len(folder.root.parts) > len(best.root.parts)):
            best = folder
    return best
