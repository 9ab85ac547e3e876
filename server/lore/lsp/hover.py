"""Hover: the memories governing the code under the cursor, as the core's cards (`lore.recall.card`)
under a "Lore" header; nothing when none is relevant."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.documents import lines_for, symbols_for
from lore.lsp.links import command_uri, source_uri
from lore.lsp.positions import from_client
from lore.lsp.staleness import hover_lines, known_now
from lore.recall.card import Card, card, escape, render_hover
from lore.recall.governing import Governing, enclosing, governing_at
from lore.recall.section_link import section_line

if TYPE_CHECKING:
    from lore.anchors import Symbol
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)


async def on_hover(ls: LoreServer, params: types.HoverParams) -> types.Hover | None:
    """`textDocument/hover`."""
    if not ls.settings.hover.enabled:
        return None
    state = ls.doc_state(params.text_document.uri)
    lore = state.folder.open() if state is not None else None
    if lore is None:
        return None
    doc = ls.workspace.get_text_document(state.uri)
    symbols = await symbols_for(ls, state)
    line, col = from_client(doc, lines_for(ls, state), params.position)
    chain = enclosing(symbols, line, col)
    items = governing_at(lore, state.rel_path, chain, state.language, state.semantic,
                         ls.settings.relevance_threshold, ls.settings.hover.max_items,
                         tuple(s.name for s in symbols), tuple(s.qualified_name for s in symbols), state.named)
    from lore.lsp.preferences import hover_section

    conflict = await hover_section(ls, state, line)
    if not items and not conflict:
        return None
    ls.surfaced(state.folder, [g.memory.id for g in items])
    stale = known_now(state.folder, [g.memory for g in items], _nothing)  # never waits for git
    cards = [cards_for(ls, state, g, chain, section_line(lore, g, chain)) for g in items]
    for c in cards:
        if (s := stale.get(c.memory.id)) is not None:
            c.extra += hover_lines(ls.command_links, c.memory, s)  # code changed since it was written
    text = render_hover(cards, [conflict or "", history_part(lore, state) or ""])
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def _nothing() -> None:
    """A hover is not refreshed: a staleness found after it shows from the next hover on."""


def cards_for(ls: LoreServer, state, g: Governing, chain: list[Symbol], line: int | None = None) -> Card:
    """One memory's card, its title linked to `line` of its source (the section that speaks of this
    place) when given, with command links for clients that run them."""
    symbol = chain[-1].qualified_name if chain else None

    def actions(m) -> list[tuple[str, str]]:
        if not ls.command_links:
            return []
        place = {"id": m.id, "uri": state.uri}
        if symbol:
            place["symbol"] = symbol
        return [("Show", command_uri("lore.show", {"id": m.id})),
                ("Not relevant here", command_uri("lore.notRelevant", place)),
                ("Forget", command_uri("lore.forget", {"id": m.id})),
                ("Supersede", command_uri("lore.supersede", {"id": m.id}))]

    return card(g, chain, source_uri(state.folder.root, g.memory, line), actions, line)


def history_part(lore, state) -> str | None:
    """The file's history in one line, from the cache the document's background work fills
    (`lore.lsp.documents.refresh_history`); None when no task touched the file or the cache is stale."""
    if not state.history or state.history_generation != lore.store.anchor_generation():
        return None
    return "**History** · " + escape(state.history)
