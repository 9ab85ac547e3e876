"""Jobs that run on a folder's worker thread with that thread's own `Lore`: importing sources with
the server's settings, and embedding pending sections until done or cancelled."""

from __future__ import annotations

from typing import Any

from lore import sources
from lore.ingest import run_import
from lore.api import Lore

TEAM_DIR = ".lore/memories/"


def is_source(rel_path: str, settings: Any = None, root: Any = None) -> bool:
    """Whether a changed file may hold memories (team files always; others as the importers say)."""
    if rel_path.startswith(TEAM_DIR) and rel_path.endswith(".md"):
        return True
    options = import_settings(settings) if settings is not None else None
    return bool(sources.is_source_path(rel_path, options, root))


def import_settings(settings: Any) -> sources.ImportSettings:
    """The importers' settings built from the server settings."""
    return sources.ImportSettings(adr_folders=list(settings.import_.adr_folders), ignore=list(settings.ignore),
                                  max_file_size=settings.import_.max_file_size)


def import_sources(lore: Lore, paths: list[str] | None, settings: Any, progress, cancelled) -> dict:
    """Import repository sources (or only `paths`) and team files; returns a JSON-ready summary."""
    result = run_import(lore, paths=paths, settings=import_settings(settings), progress=progress,
                        cancelled=cancelled)
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
