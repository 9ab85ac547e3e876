"""Jobs that run on a folder's worker thread with that thread's own `Lore`: importing sources with
the server's settings, and embedding pending sections until done or cancelled."""

from __future__ import annotations

from typing import Any

from lore import sources
from lore.anchors.shared import REL as CHOICES_FILE
from lore.ingest import run_import
from lore.api import Lore
from lore.memory import SourceKind

TEAM_DIR = ".lore/memories/"


def is_source(rel_path: str, settings: Any = None, root: Any = None) -> bool:
    """Whether a changed file may hold memories or what is chosen about them (team files and the team's
    anchor choices always; others as the importers say)."""
    if rel_path.startswith(TEAM_DIR) and rel_path.endswith(".md") or rel_path == CHOICES_FILE:
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
                        cancelled=cancelled, embed_later=True)
    return result.to_json()


HISTORY_KINDS = (SourceKind.GIT.value,)  # tasks read from git history: embedded after the server is ready


def embed_pending(lore: Lore, progress, cancelled, skip_kinds: tuple[str, ...] = (),
                  skip_paths: tuple[str, ...] = ()) -> tuple[int, str | None]:
    """Embed sections without vectors in batches until done or cancelled, those of memories whose
    source kind is in `skip_kinds` or whose source file is in `skip_paths` aside: (count, problem or None)."""
    if lore.ready_embedder() is None:
        return 0, lore.model_error or "no embedding model"
    done = 0
    while not cancelled():
        n = lore.embed_pending(limit=256, skip_kinds=skip_kinds, skip_paths=skip_paths)
        if n == 0:
            break
        done += n
        progress(done, None, "sections embedded")
    return done, None


def pending_sections(lore: Lore) -> int:
    """How many section texts of every database still lack a vector of the folder's model (0 without
    a model)."""
    model = lore.model_id
    if model is None or lore.model_error:
        return 0
    total = 0
    for store in lore.stores():
        index = store.existing_vectors(model) if store.unembedded(model) else None  # a full count only then
        total += index.pending_count() if index is not None else 0
    return total


def embed_some(lore: Lore, limit: int) -> int:
    """Embed at most `limit` sections still lacking a vector (of any memory); how many were."""
    if lore.ready_embedder() is None:
        return 0
    return lore.embed_pending(limit=limit)
