"""`workspace/symbol`: memory search, so Ctrl+T and Telescope search memory with no client code.
A hit's location is its source (ADR, rules file, team file), else the file it is anchored to."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.folders import Folder
from lore.memory import Kind, Memory

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

LIMIT = 100
SYMBOL_KIND = {Kind.DECISION: types.SymbolKind.Interface, Kind.CONVENTION: types.SymbolKind.Struct,
               Kind.PREFERENCE: types.SymbolKind.Property, Kind.TASK: types.SymbolKind.Event,
               Kind.FACT: types.SymbolKind.Constant, Kind.WARNING: types.SymbolKind.Enum}


async def on_workspace_symbol(ls: LoreServer, params: types.WorkspaceSymbolParams) -> list[types.SymbolInformation]:
    """Memories matching the query (recent ones for an empty query), across folders."""
    out: list[tuple[float, types.SymbolInformation]] = []
    for folder in ls.folders:
        if folder.error:
            continue
        found = await folder.run(_find, params.query)
        for score, m in found:
            info = symbol_info(ls, folder, m)
            if info is not None:
                out.append((score, info))
    out.sort(key=lambda p: -p[0])
    return [info for _, info in out[:LIMIT]]


def _find(lore, text: str) -> list[tuple[float, Memory]]:
    from lore.recall import Query

    if not text.strip():
        return [(m.updated_at / 1e10, m) for m in lore.list(limit=LIMIT) if m.visible]
    return [(h.score, h.memory) for h in lore.search(Query(text, limit=LIMIT))]


def location(folder: Folder, m: Memory) -> tuple[str, int] | None:
    """(folder-relative file, 0-based line) a memory points at: its source, else its anchored file."""
    if m.provenance.path:
        return m.provenance.path, max(0, (m.provenance.line or 1) - 1)
    for anchor in m.anchors:
        if anchor.kind == "symbol" and anchor.file:
            return anchor.file, 0
        if anchor.kind == "path" and not set("*?[") & set(anchor.value) and (folder.root / anchor.value).is_file():
            return anchor.value, 0
    return None


def symbol_info(ls: LoreServer, folder: Folder, m: Memory) -> types.SymbolInformation | None:
    """A memory as a workspace symbol (None when it points at no file and the client has no memory view)."""
    where = location(folder, m)
    if where is not None:
        uri = folder.uri_for(where[0])
        line = where[1]
    elif ls.command_links:
        uri, line = f"lore-memory:/memory/{m.id}/memory.md", 0
    else:
        return None
    start = types.Position(line=line, character=0)
    return types.SymbolInformation(
        name=m.title, kind=SYMBOL_KIND.get(m.kind, types.SymbolKind.Object),
        location=types.Location(uri=uri, range=types.Range(start=start, end=start)),
        container_name=f"{m.kind.value} · {m.id}",
    )
