"""Code actions "Anchor “<record>” to <symbol>" (or "to this file", and "(committed with it)" for a record whose
first commit changed the file): the records near the place and not anchored there yet (`lore.recall.suggest`), each
running `lore.anchorHere`. What a decision governs without naming it is found by the person reading the code, and
kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from lore.recall.suggest import COMMITTED, suggestions

if TYPE_CHECKING:
    from lore.lsp.docstate import DocState
    from lore.lsp.server import LoreServer

COMMAND = "lore.anchorHere"
TITLE_CHARS = 60


def short(title: str) -> str:
    """A record's title cut to fit a menu line."""
    return title if len(title) <= TITLE_CHARS else title[:TITLE_CHARS - 1].rstrip() + "…"


async def anchor_actions(ls: LoreServer, state: DocState, chain: list) -> list[types.CodeAction]:
    """The anchoring actions at a place: for the innermost symbol of `chain` with nearest records, its
    own (none before the background pass found them); outside every symbol, the file's."""
    symbol = next((s for s in reversed(chain) if s.qualified_name in state.near), None)
    if chain and symbol is None:
        return []
    names = list(state.near) or [s.qualified_name for s in state.symbols]
    found = await state.folder.run(
        lambda lore: suggestions(lore, state.rel_path, state.language, state.near,
                                 symbol.qualified_name if symbol else None, names), read=True)
    about = symbol.name if symbol else "this file"
    actions = []
    for s in found:
        title = f"Anchor “{short(s.memory.title)}” to {about}"
        title += " (committed with it)" if s.why == COMMITTED else ""
        args = {"id": s.memory.id, "uri": state.uri, **({"symbol": symbol.qualified_name} if symbol else {})}
        actions.append(types.CodeAction(title=title, kind=types.CodeActionKind.Refactor,
                                        command=types.Command(title=title, command=COMMAND, arguments=[args])))
    return actions
