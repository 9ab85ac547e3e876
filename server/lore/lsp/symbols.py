"""`workspace/symbol`: memory search, so Ctrl+T and Telescope search memory with no client code.
A hit's location is its source (ADR, rules file, team file), else the file it is anchored to.

Tasks read from git history are found too: by their words and meaning like every memory, and first
of all by a commit (`3f2a9c1`, 7 to 40 hex digits) or a pull request (`#1234`) they hold. A task
shows as an event named with its pull request, dated, at the file it touched most."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from lsprotocol import types

from lore.lsp.folders import Folder
from lore.memory import Kind, Memory

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)

LIMIT = 100
_SHA = re.compile(r"^[0-9a-f]{7,40}$")
_PR = re.compile(r"^#(\d+)$")
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
    tasks = _tasks_named(lore, text.strip())
    found = [(h.score, h.memory) for h in lore.search(Query(text, limit=LIMIT)) if h.memory.id not in tasks]
    return [(10.0 + i, m) for i, m in enumerate(reversed(tasks.values()))] + found


def _tasks_named(lore, text: str) -> dict[str, Memory]:
    """The git tasks a query names by a commit or a pull request number (in that order of trust)."""
    from lore.store import history as q

    ids: list[str] = []
    if _SHA.match(text.lower()):
        hit = q.task_with_commit(lore.store.db, text.lower())
        ids += [hit] if hit else []
    elif _PR.match(text):
        ids += q.tasks_with_pr(lore.store.db, _PR.match(text).group(1))
    found = lore.store.memories.many(ids)
    return {i: found[i] for i in ids if i in found and found[i].visible}


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
    name, container = m.title, f"{m.kind.value} · {m.id}"
    if m.kind is Kind.TASK:
        pr = m.meta.get("pr")
        name += f" (#{pr})" if pr and f"#{pr}" not in name else ""
        container = " · ".join(x for x in (f"task ({m.meta.get('type')})" if m.meta.get("type") else "task", m.date,
                                            "reverted" if m.meta.get("reverted_by") else "", m.id) if x)
    return types.SymbolInformation(
        name=name, kind=SYMBOL_KIND.get(m.kind, types.SymbolKind.Object),
        location=types.Location(uri=uri, range=types.Range(start=start, end=start)),
        container_name=container,
    )
