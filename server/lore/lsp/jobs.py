"""Jobs that run on a folder's worker thread with that thread's own `Lore`: importing sources,
embedding pending sections, and finding memories close in meaning to a file's symbols."""

from __future__ import annotations

import logging
from typing import Any

from lore.service import Lore
from lore.recall.calibration import calibrate, memory_spreads, nearest_memories, symbol_text
from lore.recall.search import SEMANTIC_FLOOR

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


__all__ = ["symbol_text"]


def semantic_matches(lore: Lore, rel_path: str, language: str | None,
                     symbols: list) -> dict[str, list[tuple[str, float]]] | None:
    """Qualified name -> [(memory id, similarity)] of memories close enough in meaning to show, past
    the workspace's calibrated bar (`lore.recall.calibration`); None without a model."""
    emb = lore.ready_embedder()
    if emb is None:
        return None
    spreads = memory_spreads(lore)
    symbols = symbols[:SEMANTIC_MAX_SYMBOLS]
    vectors = emb.embed([symbol_text(s, rel_path) for s in symbols])
    out: dict[str, list[tuple[str, float]]] = {}
    symbol_spreads: dict[str, tuple[float, float] | None] = {}
    for symbol, vector in zip(symbols, vectors):
        best, spread = nearest_memories(lore, vector, emb.model_id, SEMANTIC_PER_SYMBOL)
        best = [(mid, sim) for mid, sim in best if sim >= SEMANTIC_FLOOR]
        if best:
            out[symbol.qualified_name] = best
            symbol_spreads[symbol.qualified_name] = spread
    return calibrate(out, spreads, symbol_spreads)
