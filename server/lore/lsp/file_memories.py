"""`lore.search` with no words and a document: the memories that govern that file and its symbols,
as hits with a reason in words, so a search opened in an editor starts with what matters there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lore.wire.views import memory_json
from lore.recall.card import place_reason
from lore.recall.gist import gist

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer


async def file_memories(ls: LoreServer, uri: str, limit: int) -> list[dict]:
    """Hits (score 1, `why` in words, `summary`) for the memories anchored to a document's file, its
    folders or its symbols; [] for a document outside the workspace folders."""
    from lore.lsp.documents import symbols_for

    state = ls.doc_state(uri)
    if state is None or state.folder.open() is None:
        return []
    symbols = await symbols_for(ls, state)
    names = list(dict.fromkeys(s.qualified_name for s in symbols))
    found = await state.folder.run(lambda lore: lore.memories_at(state.rel_path, names, state.language), read=True)
    out = []
    for m, match in found[:limit]:
        data = memory_json(m)
        if data["source"].get("path"):
            data["source"]["uri"] = state.folder.uri_for(data["source"]["path"])
        data.update(score=1.0, why=[place_reason(match)], similarity=None, section=None,
                    summary=gist(m.body, m.rationale))
        out.append(data)
    return out
