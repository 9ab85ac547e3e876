"""Open documents: their folder, language and symbols (cached per version), and the debounced work
after each change: symbols, semantic matches for hovers, and anchors following edits once the file
is saved (an unsaved buffer never rewrites a memory: a rename typed and undone leaves team files as
they were)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.docstate import DocState

if TYPE_CHECKING:
    from lore.anchors import Symbol
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

DEBOUNCE_SECONDS = 0.3
LENS_FIRST_SECONDS = 0.25


def source_of(ls: LoreServer, uri: str) -> str:
    """A document's text: the editor's copy when open, else the file on disk ("" when unreadable)."""
    try:
        return ls.workspace.get_text_document(uri).source
    except (OSError, ValueError) as e:  # missing, a folder, not UTF-8 (UnicodeDecodeError)
        log.info("cannot read %s: %s", uri, e)
        return ""


def doc_key(ls: LoreServer, uri: str) -> tuple:
    """Identity of a document's current text."""
    return (ls.workspace.get_text_document(uri).version, hash(source_of(ls, uri)))


def lines_for(ls: LoreServer, state: DocState) -> list[str]:
    """The document's lines for its current text (cached: splitting a large file costs)."""
    key = doc_key(ls, state.uri)
    if key != state.lines_key:
        state.lines = source_of(ls, state.uri).splitlines(True)
        state.lines_key = key
    return state.lines


async def symbols_for(ls: LoreServer, state: DocState) -> list[Symbol]:
    """The document's symbols for its current text, extracted off the event loop and cached."""
    key = doc_key(ls, state.uri)
    if key == state.key:
        return state.symbols
    task = start_symbols(ls, state, key)
    symbols = await asyncio.shield(task)
    if state.pending_key == key:
        state.key, state.symbols = key, symbols
    return symbols


def start_symbols(ls: LoreServer, state: DocState, key: tuple | None = None) -> asyncio.Future:
    """The extraction of the document's symbols for its current text, started now in a worker thread
    unless already under way."""
    key = key or doc_key(ls, state.uri)
    if state.pending is None or state.pending_key != key:
        source = source_of(ls, state.uri)
        state.pending_key = key
        state.pending = asyncio.get_running_loop().run_in_executor(
            None, _extract, source, state.language, state.rel_path)
    return state.pending


def _extract(source: str, language: str | None, rel_path: str) -> list:
    if not language:
        return []
    from lore.anchors import extract_symbols

    return extract_symbols(source, language, rel_path)


def on_did_open(ls: LoreServer, params: types.DidOpenTextDocumentParams) -> None:
    """A document opened: schedule its symbols, anchor following and semantic matches."""
    with ls.guard("didOpen"):
        state = ls.doc_state(params.text_document.uri, params.text_document.language_id)
        if state is not None:
            schedule(ls, state, delay=0.0)
            _push_diagnostics(ls, state, 0.0)


def on_did_change(ls: LoreServer, params: types.DidChangeTextDocumentParams) -> None:
    """A document changed: redo its derived state after a pause in typing."""
    with ls.guard("didChange"):
        state = ls.doc_state(params.text_document.uri)
        if state is not None:
            schedule(ls, state, delay=DEBOUNCE_SECONDS)
            _push_diagnostics(ls, state, DEBOUNCE_SECONDS / 2)


def on_did_save(ls: LoreServer, params: types.DidSaveTextDocumentParams) -> None:
    """A document saved: re-import it when it is a memory source (ADR, rules file, team file), and
    let anchors follow what the saved file now holds."""
    with ls.guard("didSave"):
        state = ls.doc_state(params.text_document.uri)
        if state is not None:
            ls.background.changed_paths(state.folder, [state.rel_path])
            state.follow_pending = True
            schedule(ls, state, delay=0.0)


def on_did_close(ls: LoreServer, params: types.DidCloseTextDocumentParams) -> None:
    """A document closed: drop its state and pending work."""
    with ls.guard("didClose"):
        state = ls.documents.pop(params.text_document.uri, None)
        task = ls.doc_tasks.pop(params.text_document.uri, None)
        if task is not None:
            task.cancel()
        if state is not None and state.pending is not None:
            state.pending.cancel()
        if state is not None:
            from lore.lsp.diagnostics import closed

            closed(ls, params.text_document.uri)


def _push_diagnostics(ls: LoreServer, state: DocState, delay: float) -> None:
    """Publish the document's diagnostics after `delay`, for clients that do not pull them."""
    from lore.lsp.diagnostics import schedule_push

    schedule_push(ls, state, delay)


def schedule(ls: LoreServer, state: DocState, delay: float) -> None:
    """(Re)start the debounced work for a document, cancelling the previous run."""
    previous = ls.doc_tasks.pop(state.uri, None)
    if previous is not None:
        previous.cancel()
    task = asyncio.ensure_future(_after_change(ls, state, delay))
    ls.doc_tasks[state.uri] = task
    task.add_done_callback(lambda t: _finished(ls, state.uri, t))


def _finished(ls: LoreServer, uri: str, task: asyncio.Task) -> None:
    if ls.doc_tasks.get(uri) is task:
        del ls.doc_tasks[uri]
    if not task.cancelled() and task.exception() is not None:
        log.warning("document work for %s failed", uri, exc_info=task.exception())


async def _after_change(ls: LoreServer, state: DocState, delay: float) -> None:
    if delay:
        await asyncio.sleep(delay)
    lore = state.folder.open()
    if lore is not None and state.key != doc_key(ls, state.uri):
        start_symbols(ls, state)
        with ls.guard("anchor tables"):  # built while the worker parses, so the first lens need not
            lore.warm_anchor_tables(state.rel_path)
    symbols = await symbols_for(ls, state)
    await lens_first(ls, state)
    if lore is not None:
        with ls.guard("file history"):
            await refresh_history(state, lore)
    if lore is None or not symbols:
        return
    if state.follow_pending and is_saved(ls, state):
        state.follow_pending = False
        await follow(ls, state, symbols)
    with ls.guard("records naming symbols"):
        await refresh_named(ls, state, symbols)
    await ls.background.semantic_for(state, symbols)


async def lens_first(ls: LoreServer, state: DocState) -> None:
    """Let the code lens request an editor sends right after opening (or editing) a document be
    answered before the document's work for hovers starts (history, names, meaning matches): on
    two cores, that work's threads would halve the interpreter time the lens gets. Waits at most
    `LENS_FIRST_SECONDS`, and not at all for a client that does not show lenses."""
    caps = ls.client_capabilities.text_document
    if not (ls.settings.code_lens.enabled and caps and caps.code_lens):
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + LENS_FIRST_SECONDS
    while state.lens_key != state.key and (left := deadline - loop.time()) > 0:
        state.lens_served.clear()
        try:
            await asyncio.wait_for(state.lens_served.wait(), left)
        except asyncio.TimeoutError:
            return


def lens_served(state: DocState, key: tuple | None) -> None:
    """A code lens answer was computed for the text `key` (`lens_first` stops waiting)."""
    state.lens_key = key
    state.lens_served.set()


async def refresh_named(ls: LoreServer, state: DocState, symbols: list) -> None:
    """Find the records naming the document's symbols (`lore.recall.naming`) on the folder's worker;
    when that changes the file's lens (records naming more than `PER_FILE` symbols), ask the client
    to fetch lenses again."""
    key = (state.key, ls.generation)
    if state.named_key == key:
        return
    from lore.recall.naming import named_in_file

    found = await state.folder.run(named_in_file, symbols, ls.generation, background=True)
    if found is None:
        return
    from lore.recall.calibration import PER_FILE

    lensed = {mid for mid, quals in found.items() if len(quals) > PER_FILE}
    changed = lensed != {mid for mid, quals in state.named.items() if len(quals) > PER_FILE}
    state.named, state.named_key = found, key
    caps = ls.client_capabilities.workspace
    lens = caps.code_lens if caps else None
    if changed and lens and lens.refresh_support:
        ls.spawn(ls.workspace_code_lens_refresh_async(None), "codeLens/refresh")


def is_saved(ls: LoreServer, state: DocState) -> bool:
    """Whether the editor's text of a document is the file on disk (nothing unsaved)."""
    try:
        on_disk = (state.folder.root / state.rel_path).read_bytes().decode("utf-8")  # line endings kept
    except (OSError, ValueError):
        return False
    return on_disk == source_of(ls, state.uri)


async def follow(ls: LoreServer, state: DocState, symbols: list) -> None:
    """Let the symbol anchors of a saved file follow renames and flag changed code."""
    from lore.recall.follow import follow_anchors

    # on the folder's background worker: requests waiting for these symbols answer meanwhile
    result = await state.folder.run(follow_anchors, state.rel_path, symbols, ls.baselines, background=True)
    for mid, old, new in result.renamed:
        log.info("memory %s now anchored to %s (was %s)", mid, new, old)
    if result.changed:
        ls.memories_changed()


async def refresh_history(state: DocState, lore) -> None:
    """Read the file's one-line history on the background worker when tasks changed since the last
    read (hovers only read the cached line)."""
    if state.history_generation == lore.store.anchor_generation():
        return
    from lore.history import file_line

    found = await state.folder.run(file_line, state.rel_path, background=True)
    if found is not None:
        state.history_generation, state.history = found
