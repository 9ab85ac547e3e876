"""Staleness on code: the hover's "code changed since this decision" lines with "Still true" and
"Supersede" links, and the code lenses saying the same (`lore.verify` is in `memory_ops`). The answers come
from `lore.staleness` (git, cached on HEAD), computed on a worker thread: neither a hover nor a lens
waits for git (what is not known yet is checked after the answer and shown from the next one)."""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.links import command_uri, markdown_link
from lore.staleness import Staleness, StalenessChecker, describe

if TYPE_CHECKING:
    from lore.lsp.folders import Folder
    from lore.memory import Memory

log = logging.getLogger(__name__)
CHECK_AFTER_SECONDS = 0.05


def checker(folder: Folder) -> StalenessChecker:
    """The folder's staleness checker (made on first use, kept with the folder)."""
    found = getattr(folder, "staleness", None)
    if found is None:
        found = folder.staleness = StalenessChecker(folder.root)
    return found


def known_now(folder: Folder, memories: list[Memory], on_found: Callable[[], None]) -> dict[str, Staleness]:
    """Staleness already known for `memories`, without waiting for git (a first lens or hover never
    waits behind `git log -L` on a busy file: the hover of a memory not yet checked says it from the
    next hover on, the lens from the refresh `on_found` asks for); the rest are checked on a worker thread
    started `CHECK_AFTER_SECONDS` later (once the lens answer is written: the thread's Python work
    between git calls would otherwise take turns at the interpreter with writing it), the folder's
    one staleness thread (`Folder.staleness_pool`), and `on_found` is called (on the event loop) when that
    finds a stale memory the answer lacked."""
    if not memories:
        return {}
    check = checker(folder)
    found = {m.id: s for m in memories if (s := check.cached(m)) is not None}
    unknown = [m for m in memories if not check.known(m)]
    if unknown and not _checking.get(folder, set()) >= {m.id for m in unknown}:
        _checking.setdefault(folder, set()).update(m.id for m in unknown)
        loop = asyncio.get_running_loop()

        def done(t: asyncio.Future) -> None:
            _checking.get(folder, set()).difference_update(m.id for m in unknown)
            if t.cancelled() or t.exception() is not None:
                log.warning("staleness check failed", exc_info=None if t.cancelled() else t.exception())
            elif t.result() - set(found):
                on_found()

        def start() -> None:
            try:
                task = loop.run_in_executor(folder.staleness_pool,
                                            lambda: {m.id for m in unknown if check.check(m) is not None})
            except RuntimeError:  # the server is exiting (its executor shut down): nothing to check for
                _checking.get(folder, set()).difference_update(m.id for m in unknown)
                return
            task.add_done_callback(done)

        loop.call_later(CHECK_AFTER_SECONDS, start)
    return found


_checking: weakref.WeakKeyDictionary[Folder, set[str]] = weakref.WeakKeyDictionary()  # ids a worker checks


def hover_lines(command_links: bool, m: Memory, s: Staleness) -> list[str]:
    """The hover's lines for a stale memory: why, then "Still true" and "Supersede" (as command
    links when the client runs them)."""
    lines = ["⚠ " + escape_keeping_code(line) for line in describe(s, m.kind.value)]
    if command_links:
        lines.append(" · ".join([markdown_link("Still true", command_uri("lore.verify", {"id": m.id})),
                                 markdown_link("Supersede", command_uri("lore.supersede", {"id": m.id, "draft": True}))]))
    return lines


def escape(text: str) -> str:
    """Text with markdown markup characters escaped."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


def escape_keeping_code(text: str) -> str:
    """Markdown with the text outside code spans escaped (shas and names stay code)."""
    return "".join(part if part.startswith("`") and part.endswith("`") and len(part) > 1 else escape(part)
                   for part in re.split(r"(`[^`]*`)", text))


NAMED_CHARS = 40  # of a record's title, naming it on its lenses where one lens line shows several records


def lenses(where: types.Range, m: Memory, s: Staleness, among: int = 1) -> list[types.CodeLens]:
    """Two lenses over a stale memory's code: what changed ("Still true" on click) and "Supersede";
    both ask before they change anything (`lore.lsp.confirm`): a lens sits in one menu with viewing
    the record. When the lens above holds `among` > 1 records, both name the one they are about (a file lens of
    five records showed two "⚠ code changed since this decision" pairs, whose decision nobody could tell)."""
    why = describe(s, m.kind.value)[0].replace("`", "")
    short = why.split(" (", 1)[0]
    title = " ".join((m.title or "").split()) if among > 1 else ""
    name = title if len(title) <= NAMED_CHARS else title[:NAMED_CHARS - 1].rstrip() + "…"
    return [types.CodeLens(range=where, command=types.Command(
                title=f"⚠ {name + ': ' if name else ''}{short} — Still true", command="lore.verify",
                arguments=[{"id": m.id, "confirm": True}])),
            types.CodeLens(range=where, command=types.Command(
                title=f"Supersede {name}".rstrip(), command="lore.supersede",
                arguments=[{"id": m.id, "draft": True, "confirm": True}]))]
