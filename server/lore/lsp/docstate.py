"""What the server knows about one open (or once hovered) document: its folder, symbols, lines,
meaning matches and history line, each with the key of the text it was computed for."""

from __future__ import annotations

import asyncio

import attrs

from lore.lsp.folders import Folder


@attrs.define(eq=False)
class DocState:
    """What the server knows about one document."""

    uri: str
    folder: Folder
    rel_path: str
    language: str | None
    key: tuple | None = None  # (version, source hash) the symbols were computed for
    symbols: list = attrs.field(factory=list)
    pending: asyncio.Future | None = None
    pending_key: tuple | None = None
    semantic: dict[str, list[tuple[str, float]]] = attrs.field(factory=dict)
    near: dict[str, list[tuple[str, float]]] = attrs.field(factory=dict)  # symbol -> its nearest records (`Meaning.near`)
    semantic_texts: dict[str, str] = attrs.field(factory=dict)  # symbol -> the text its matches were found for
    semantic_generation: int = -1  # `LoreServer.generation` the matches were computed at
    named: dict[str, tuple[str, ...]] = attrs.field(factory=dict)  # record id -> symbols of the file it names
    named_key: tuple | None = None  # (text key, `LoreServer.generation`) the names were found for
    lines: list[str] = attrs.field(factory=list)
    lines_key: tuple | None = None
    history: str | None = None  # the file's history in one line (`lore.history.file_line`)
    history_generation: int = -1  # the history generation it was read at
    follow_pending: bool = True  # opened or saved since anchors last followed the file on disk
    lens_key: tuple | None = None  # the text key the last code lens answer was computed for
    lens_served: asyncio.Event = attrs.field(factory=asyncio.Event)  # set by each code lens answer
