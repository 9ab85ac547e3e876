"""Learned preferences in the editor: a hover section and a code action on code that contradicts an
active preference ("Contradicts your preference: Prefer pathlib over os.path").

A document is checked once per version and set of active preferences, off the event loop; hovers
and code actions then read the cached result by line. The active preferences themselves are
re-read only when another connection wrote to a database (`PRAGMA data_version`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import attrs
from lsprotocol import types

from lore.learn.service import Contradiction, active_learned, contradictions_in
from lore.lsp.documents import doc_key, source_of
from lore.lsp.links import command_uri, markdown_link

if TYPE_CHECKING:
    from lore.lsp.docstate import DocState
    from lore.lsp.server import LoreServer
    from lore.memory import Memory

log = logging.getLogger(__name__)

#: Larger documents are not checked: parsing them would hold a worker for too long.
MAX_CHECK_CHARS = 300_000
MAX_DOCUMENTS = 64
ACTION_PREFIX = "Open preference: "


@attrs.define
class _Checked:
    key: tuple
    by_line: dict[int, list[Contradiction]]


@attrs.define
class PreferenceChecks:
    """Per-server cache: active preferences per folder, contradictions per document version."""

    preferences: dict[str, tuple[tuple, list]] = attrs.Factory(dict)
    documents: dict[str, _Checked] = attrs.Factory(dict)
    pending: dict[tuple, asyncio.Task] = attrs.Factory(dict)


def checks(ls: LoreServer) -> PreferenceChecks:
    """The server's cache (created on first use, kept on the server object like its other state)."""
    found = getattr(ls, "preference_checks", None)
    if found is None:
        found = PreferenceChecks()
        ls.preference_checks = found
    return found


def _active(ls: LoreServer, state: DocState) -> list[Memory]:
    """Active learned preferences of the document's folder (user and workspace), cached."""
    lore = state.folder.open()
    if lore is None:
        return []
    cache = checks(ls).preferences
    version = tuple(store.db.data_version() for store in lore.stores())
    cached = cache.get(state.folder.uri)
    if cached is None or cached[0] != version:
        cached = (version, active_learned(lore))
        cache[state.folder.uri] = cached
    return cached[1]


async def contradictions_for(ls: LoreServer, state: DocState) -> dict[int, list[Contradiction]]:
    """Contradictions in the document's current text, by 0-based line (computed once per version)."""
    preferences = _active(ls, state)
    if not preferences or not state.language:
        return {}
    fingerprint = tuple((m.id, m.updated_at) for m in preferences)
    key = (doc_key(ls, state.uri), fingerprint)
    cache = checks(ls)
    checked = cache.documents.get(state.uri)
    if checked is not None and checked.key == key:
        return checked.by_line
    text = source_of(ls, state.uri)
    if len(text) > MAX_CHECK_CHARS:
        return {}
    task = cache.pending.get((state.uri, key))
    if task is None:
        task = asyncio.ensure_future(asyncio.to_thread(contradictions_in, preferences, state.language, text))
        cache.pending[(state.uri, key)] = task
        task.add_done_callback(lambda _t: cache.pending.pop((state.uri, key), None))
    try:
        found = await asyncio.shield(task)
    except Exception:
        log.warning("checking %s against preferences failed", state.uri, exc_info=True)
        return {}
    by_line: dict[int, list[Contradiction]] = {}
    for c in found:
        by_line.setdefault(c.line, []).append(c)
    cache.documents.pop(state.uri, None)
    cache.documents[state.uri] = _Checked(key, by_line)
    while len(cache.documents) > MAX_DOCUMENTS:
        cache.documents.pop(next(iter(cache.documents)))
    return by_line


async def hover_section(ls: LoreServer, state: DocState, line: int) -> str | None:
    """Markdown for the preferences the code on `line` contradicts, or None."""
    try:
        found = (await contradictions_for(ls, state)).get(line, [])
    except Exception:
        log.warning("preference hover failed for %s", state.uri, exc_info=True)
        return None
    if not found:
        return None
    parts = []
    for m, places in _by_memory(found):
        lines = [f"**Contradicts your preference:** {_escape(m.title)}"]
        detail = "; ".join(dict.fromkeys(_escape(c.description) for c in places))
        lines.append(detail)
        evidence = m.meta.get("evidence") or {}
        note = f"*learned preference · {m.confidence:.0%} of {evidence.get('signals', 0)} signals*"
        if ls.command_links:
            note += " · " + markdown_link("Open preference", command_uri("lore.show", {"id": m.id}))
        else:
            note += f" · `{m.id}`"
        lines.append(note)
        parts.append("  \n".join(lines))
    return "\n\n---\n\n".join(parts)


async def code_actions(ls: LoreServer, state: DocState, params: types.CodeActionParams) -> list[types.CodeAction]:
    """"Open preference: …" for each preference contradicted on the selected lines."""
    only = params.context.only
    kinds = [str(getattr(k, "value", k)) for k in only or ()]
    if kinds and not any(k in ("", types.CodeActionKind.QuickFix.value) for k in kinds):
        return []
    try:
        by_line = await contradictions_for(ls, state)
    except Exception:
        log.warning("preference code actions failed for %s", state.uri, exc_info=True)
        return []
    start, end = params.range.start.line, params.range.end.line
    found = [c for line in range(start, end + 1) for c in by_line.get(line, [])]
    actions = []
    for m, _places in _by_memory(found):
        title = ACTION_PREFIX + m.title
        actions.append(types.CodeAction(
            title=title, kind=types.CodeActionKind.QuickFix,
            command=types.Command(title=title, command="lore.show", arguments=[{"id": m.id}]),
        ))
    return actions


def _by_memory(found: list[Contradiction]) -> list[tuple[Memory, list[Contradiction]]]:
    groups: dict[str, tuple[Memory, list[Contradiction]]] = {}
    for c in found:
        groups.setdefault(c.memory.id, (c.memory, []))[1].append(c)
    return list(groups.values())


def _escape(text: str) -> str:
    """Memory text shown literally in markdown."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)
