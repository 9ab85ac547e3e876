"""Learned preferences in the editor: a hover section and a code action on code that contradicts an
active preference ("Contradicts your preference: Prefer pathlib over os.path").

The core decides what contradicts what and caches it (`lore.learn.checking`); this module runs the
check off the event loop, once per document version however many requests wait for it, and renders
the answer.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import attrs
from lsprotocol import types

from lore.learn import checking
from lore.learn.service import Contradiction, contradictions_in
from lore.lsp.documents import doc_key, source_of
from lore.lsp.links import command_uri, markdown_link

if TYPE_CHECKING:
    from lore.lsp.docstate import DocState
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

ACTION_PREFIX = "Open preference: "


@attrs.define
class EditorChecks:
    """The server's preference checks: the core's cache and the checks running now."""

    cache: checking.PreferenceChecks = attrs.Factory(checking.PreferenceChecks)
    pending: dict[tuple, asyncio.Task] = attrs.Factory(dict)


def checks(ls: LoreServer) -> EditorChecks:
    """The server's checks (created on first use, kept on the server object like its other state)."""
    found = getattr(ls, "preference_checks", None)
    if found is None:
        found = EditorChecks()
        ls.preference_checks = found
    return found


async def contradictions_for(ls: LoreServer, state: DocState) -> checking.ByLine:
    """Contradictions in the document's current text, by 0-based line (computed once per version)."""
    lore = state.folder.open()
    if lore is None:
        return {}
    editor = checks(ls)
    preferences = editor.cache.active(lore, state.folder.uri)
    if not preferences or not state.language:
        return {}
    key = checking.document_key(doc_key(ls, state.uri), preferences)
    known = editor.cache.known(state.uri, key)
    if known is not None:
        return known
    text = source_of(ls, state.uri)
    if not checking.checkable(text):
        return {}
    task = editor.pending.get((state.uri, key))
    if task is None:
        task = asyncio.ensure_future(asyncio.to_thread(contradictions_in, preferences, state.language, text))
        editor.pending[(state.uri, key)] = task
        task.add_done_callback(lambda _t: editor.pending.pop((state.uri, key), None))
    try:
        found: list[Contradiction] = await asyncio.shield(task)
    except Exception:
        log.warning("checking %s against preferences failed", state.uri, exc_info=True)
        return {}
    return editor.cache.keep(state.uri, key, found)


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
    for m, places in checking.by_preference(found):
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
    for m, _places in checking.by_preference(found):
        title = ACTION_PREFIX + m.title
        actions.append(types.CodeAction(
            title=title, kind=types.CodeActionKind.QuickFix,
            command=types.Command(title=title, command="lore.show", arguments=[{"id": m.id}]),
        ))
    return actions


def _escape(text: str) -> str:
    """Memory text shown literally in markdown."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)
