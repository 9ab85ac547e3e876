"""Code lenses: above each symbol with its own memories and at the top of a file with file-scoped
memories, each naming its first memory ("⚖ Use the Repository pattern · +1", `lore.recall.card`);
the command (`lore.show` of every memory of the lens, a rendered view) comes with `codeLens/resolve`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from lore.lsp.documents import lines_for, symbols_for
from lore.lsp.positions import client_range
from lore.recall.card import lens_title
from lore.recall.governing import LensItem, lens_groups

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

FILE_PREFIX = "This file: "


async def on_code_lens(ls: LoreServer, params: types.CodeLensParams) -> list[types.CodeLens] | None:
    """`textDocument/codeLens`: lenses with ranges and data; commands come with resolve."""
    if not ls.settings.code_lens.enabled:
        return None
    state = ls.doc_state(params.text_document.uri)
    lore = state.folder.open() if state is not None else None
    if lore is None:
        return None
    symbols = await symbols_for(ls, state)
    groups = lens_groups(lore, state.rel_path, symbols, state.language)
    if not groups:
        return []
    doc = ls.workspace.get_text_document(state.uri)
    lines = lines_for(ls, state)
    lenses = []
    for group in groups:
        title = lens_title(group.memories)
        if group.symbol is None:
            where = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
            title = FILE_PREFIX + title
        else:
            s = group.symbol
            where = client_range(doc, lines, s.name_line, s.name_col, s.name_end_col)
        data = {"uri": state.uri, "ids": [m.id for m in group.memories], "title": title}
        lenses.append(types.CodeLens(range=where, data=data))
    return lenses


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
