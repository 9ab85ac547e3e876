"""Jobs that run on a folder's worker thread with that thread's own `Lore`: importing sources,
embedding pending sections, and finding memories close in meaning to a file's symbols."""

from __future__ import annotations

import logging
from typing import Any

from lore.recall import Query, search_store
from lore.service import Lore
from lore.text import identifier_words

log = logging.getLogger(__name__)

TEAM_DIR = ".lore/memories/"
SEMANTIC_PER_SYMBOL = 5
SEMANTIC_MAX_SYMBOLS = 2000


def _sources():
    """The source importers (`lore.sources`), or None while that package is not installed."""
    try:
        from lore import sources
    except ImportError:
        return None
    return sources if hasattr(sources, "run_import") else None


def is_source(rel_path: str, settings: Any = None, root: Any = None) -> bool:
    """Whether a changed file may hold memories (team files always; others as the importers say)."""
    if rel_path.startswith(TEAM_DIR) and rel_path.endswith(".md"):
        return True
    sources = _sources()
    if sources is None:
        return False
    options = import_settings(sources, settings) if settings is not None else None
    return bool(sources.is_source_path(rel_path, options, root))


def import_settings(sources: Any, settings: Any) -> Any:
    """The importers' settings built from the server settings."""
    return sources.ImportSettings(adr_folders=list(settings.import_.adr_folders), ignore=list(settings.ignore),
                                  max_file_size=settings.import_.max_file_size)


def import_sources(lore: Lore, paths: list[str] | None, settings: Any, progress, cancelled) -> dict:
    """Import repository sources (or only `paths`) and team files; returns a JSON-ready summary."""
    sources = _sources()
    if sources is None:
        from lore.teamsync import sync_team_files

        team = sync_team_files(lore)
        return {"added": team.added, "updated": team.updated, "deprecated": team.deprecated,
                "warnings": team.errors, "note": "only team files: source importers are not installed"}
    result = sources.run_import(lore, paths=paths, settings=import_settings(sources, settings),
                               progress=progress, cancelled=cancelled)
    return result.to_json()


def embed_pending(lore: Lore, progress, cancelled) -> tuple[int, str | None]:
    """Embed sections without vectors in batches until done or cancelled: (count, problem or None)."""
    if lore.ready_embedder() is None:
        return 0, lore.model_error or "no embedding model"
    done = 0
    while not cancelled():
        n = lore.embed_pending(limit=256)
        if n == 0:
            break
        done += n
        progress(done, None, "sections embedded")
    return done, None


def symbol_text(symbol: Any, rel_path: str) -> str:
    """What a symbol is about, in words: its name, then its docstring, else its signature and path.

    Code punctuation and module paths pull a small sentence model away from prose, so they are
    used only when the symbol has no docstring to speak for it.
    """
    name = identifier_words(symbol.name)
    if symbol.docstring:
        return f"{name}\n{symbol.docstring}"[:2000]
    signature = identifier_words(symbol.signature or "")
    where = identifier_words(rel_path.rsplit(".", 1)[0])
    return f"{name}\n{signature}\nin {where}"[:2000]


def semantic_matches(lore: Lore, rel_path: str, language: str | None,
                     symbols: list) -> dict[str, list[tuple[str, float]]] | None:
    """Qualified name -> [(memory id, similarity)] of memories close in meaning; None without a model."""
    emb = lore.ready_embedder()
    if emb is None:
        return None
    symbols = symbols[:SEMANTIC_MAX_SYMBOLS]
    vectors = emb.embed([symbol_text(s, rel_path) for s in symbols])
    out: dict[str, list[tuple[str, float]]] = {}
    for symbol, vector in zip(symbols, vectors):
        query = Query("", path=rel_path, symbol=symbol.qualified_name, language=language,
                      limit=SEMANTIC_PER_SYMBOL)
        found: dict[str, float] = {}
        for store in lore.stores():
            for hit in search_store(store, query, vector, emb.model_id):
                if hit.similarity is not None:
                    found[hit.memory.id] = max(found.get(hit.memory.id, 0.0), hit.similarity)
        best = sorted(found.items(), key=lambda p: -p[1])[:SEMANTIC_PER_SYMBOL]
        if best:
            out[symbol.qualified_name] = best
    return out
