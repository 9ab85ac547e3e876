"""Code lenses: above each symbol with its own memories and at the top of a file with file-scoped
memories, each naming its first memory ("⚖ Use the Repository pattern · +1", `lore.recall.card`);
the command (`lore.show` of every memory of the lens, a rendered view) comes with `codeLens/resolve`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from lore.lsp.documents import lens_served, lines_for, symbols_for
from lore.lsp.positions import client_range
from lore.recall.card import lens_title
from lore.recall.governing import LensItem, lens_groups, memories_by_id
from lore.lsp.staleness import lenses as stale_lenses

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

FILE_PREFIX = "This file: "
MAX_STALE_CHECKS = 20
GUIDANCE_SUFFIXES = (".md", ".mdc", ".markdown", ".txt", ".cursorrules", ".clinerules", ".windsurfrules")


async def on_code_lens(ls: LoreServer, params: types.CodeLensParams) -> list[types.CodeLens] | None:
    """`textDocument/codeLens`: lenses with ranges and data; commands come with resolve."""
    if not ls.settings.code_lens.enabled:
        return None
    state = ls.doc_state(params.text_document.uri)
    lore = state.folder.open() if state is not None else None
    if lore is None:
        return None
    symbols = await symbols_for(ls, state)
    key = state.key
    try:
        return await _lenses(ls, state, lore, symbols)
    finally:
        lens_served(state, key)


async def _lenses(ls: LoreServer, state, lore, symbols) -> list[types.CodeLens]:
    """The lenses of a document with these symbols."""
    groups = lens_groups(lore, state.rel_path, symbols, state.language, state.named)
    contradicting = await _contradictions(ls, state)
    if not groups:
        return contradicting
    doc = ls.workspace.get_text_document(state.uri)
    lines = lines_for(ls, state)
    lenses = []
    stale = _stale(ls, state, lore, groups)
    for group in groups:
        title = lens_title(group.memories)
        if group.left_off:  # the rest of the records naming a crowded type: search finds them by its name
            title += f" · {group.left_off} more name it"
        if group.symbol is None:
            where = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
            title = FILE_PREFIX + title
        else:
            s = group.symbol
            where = client_range(doc, lines, s.name_line, s.name_col, s.name_end_col)
        data = {"uri": state.uri, "ids": [m.id for m in group.memories], "title": title}
        lenses.append(types.CodeLens(range=where, data=data))
        for item in group.memories:
            if item.id in stale:
                lenses += stale_lenses(where, *stale[item.id], among=len(group.memories))
    return lenses + contradicting


async def _contradictions(ls: LoreServer, state) -> list[types.CodeLens]:
    """Lenses on a guidance file's sides of contradictions (lore.lsp.guidance); none on code files."""
    if state.language not in (None, "markdown") or not state.rel_path.endswith(GUIDANCE_SUFFIXES):
        return []
    from lore.lsp.guidance import contradictions_of, lenses

    return lenses(state.rel_path, await contradictions_of(state.folder, ls.generation))


def _stale(ls: LoreServer, state, lore, groups) -> dict:
    """`{id: (memory, staleness)}` for the lensed memories whose code changed since they were
    written, as far as already known: git is asked on a worker thread, and the client is asked to
    fetch lenses again when that finds more (`lore.lsp.staleness.known_now`)."""
    from lore.lsp.staleness import known_now

    ids = list(dict.fromkeys(item.id for group in groups for item in group.memories))[:MAX_STALE_CHECKS]
    by_id = memories_by_id(lore, ids, [])  # one query, not one per lensed memory
    memories = [by_id[i] for i in ids if i in by_id]
    found = known_now(state.folder, memories, ls.refresh_lenses)
    return {m.id: (m, found[m.id]) for m in memories if m.id in found}


def on_code_lens_resolve(ls: LoreServer, lens: types.CodeLens) -> types.CodeLens:
    """`codeLens/resolve`: the title and the `lore.show` command of a lens."""
    data = lens.data
    ids = data.get("ids") if isinstance(data, dict) else None
    title = data.get("title") if isinstance(data, dict) else None
    if not ids or not isinstance(ids, list) or not all(isinstance(i, str) for i in ids) or not isinstance(title, str):
        raise JsonRpcInvalidParams("codeLens/resolve: this lens was not made by Lore (data needs ids and title)")
    args = {"id": ids[0]} if len(ids) == 1 else {"id": ids[0], "ids": ids}
    lens.command = types.Command(title=title, command="lore.show", arguments=[args])
    return lens


def count_label(items: list[LensItem]) -> str:
    """"2 decisions · 1 convention" for the memories of a lens."""
    counts: dict[str, int] = {}
    for m in items:
        counts[m.kind] = counts.get(m.kind, 0) + 1
    return " · ".join(f"{n} {kind}{'' if n == 1 else 's'}" for kind, n in counts.items())
