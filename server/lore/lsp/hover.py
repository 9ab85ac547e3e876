"""Hover: the memories governing the code under the cursor, as markdown; nothing when none is relevant."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.documents import lines_for, symbols_for
from lore.recall.governing import Governing, enclosing, governing_at
from lore.lsp.links import command_uri, markdown_link, source_label, source_uri
from lore.lsp.positions import from_client

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

KIND_LABEL = {"decision": "Decision", "convention": "Convention", "preference": "Preference",
              "task": "Task", "fact": "Fact", "warning": "Warning"}
WHY_CHARS = 160


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
                         tuple(s.name for s in symbols), tuple(s.qualified_name for s in symbols))
    from lore.lsp.preferences import hover_section

    conflict = await hover_section(ls, state, line)
    if not items and not conflict:
        return None
    ls.surfaced(state.folder, [g.memory.id for g in items])
    symbol = chain[-1].qualified_name if chain else None
    history = history_part(lore, state)
    from lore.lsp.staleness import staleness_of

    stale = await staleness_of(state.folder, [g.memory for g in items])
    text = "\n\n---\n\n".join([render(ls, state, g, symbol, stale.get(g.memory.id)) for g in items] + ([conflict] if conflict else [])
                              + ([history] if history else []))
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def render(ls: LoreServer, state, g: Governing, symbol: str | None, stale=None) -> str:
    """One memory in a hover: kind and title, a one-line why, status, source and actions, and what
    changed since it was written (`stale`, a `lore.staleness.Staleness`) with "Still true"."""
    m = g.memory
    lines = [f"**{KIND_LABEL.get(m.kind.value, m.kind.value)}** · {escape(m.title)}"]
    why = one_line(m.rationale or m.body)
    if why:
        lines.append(escape(why))
    status = [_match_text(g)]
    if m.superseded_by:
        status.append("superseded by " + ", ".join(f"`{i}`" for i in m.superseded_by))
    elif m.status.value != "active":
        status.append(m.status.value)
    lines.append("*" + " · ".join(status) + "*")
    if m.needs_review:
        lines.append("⚠ **Flagged for review**: the anchored code changed since this was written")
    if stale is not None:
        from lore.lsp.staleness import hover_lines

        lines += hover_lines(ls.command_links, m, stale)
    lines.append(" · ".join(_links(ls, state, g, symbol)))
    return "  \n".join(lines)


def history_part(lore, state) -> str | None:
    """The file's history in one line, from the cache the document's background work fills
    (`lore.lsp.documents.refresh_history`); None when no task touched the file or the cache is stale."""
    if not state.history or state.history_generation != lore.store.anchor_generation():
        return None
    return "**History** · " + escape(state.history)


def _match_text(g: Governing) -> str:
    if g.match == "meaning":
        return f"related by meaning ({g.similarity:.2f})"
    return {"symbol": "anchored to this symbol", "named": "names this symbol; governs this file",
            "file": "anchored to this file",
            "glob": "anchored to this folder"}.get(g.match, g.match)


def _links(ls: LoreServer, state, g: Governing, symbol: str | None) -> list[str]:
    m = g.memory
    links = []
    uri = source_uri(state.folder.root, m)
    if uri:
        links.append(markdown_link(source_label(m), uri))
    if ls.command_links:
        place = {"id": m.id, "uri": state.uri}
        if symbol:
            place["symbol"] = symbol
        links += [
            markdown_link("Show", command_uri("lore.show", {"id": m.id})),
            markdown_link("Forget", command_uri("lore.forget", {"id": m.id})),
            markdown_link("Not relevant here", command_uri("lore.notRelevant", place)),
            markdown_link("Supersede", command_uri("lore.supersede", {"id": m.id})),
        ]
    else:
        links.append(f"`{m.id}`")
    return links


def one_line(text: str | None) -> str:
    """The first sentence or line of a text, cut to a hover-friendly length."""
    if not text:
        return ""
    first = next((line.strip() for line in text.strip().splitlines() if line.strip()), "")
    first = first.lstrip("#>-* ").strip()
    end = first.find(". ")
    if 0 < end < WHY_CHARS:
        first = first[: end + 1]
    return first if len(first) <= WHY_CHARS else first[: WHY_CHARS - 1] + "…"


def escape(text: str) -> str:
    """Text with markdown markup characters escaped (memory text is shown literally)."""
    out = []
    for ch in text:
        if ch in "\\`*_[]<>#|":
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)
