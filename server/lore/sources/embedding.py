"""The import's vectors: made for every section it wrote but the tasks, with the model loaded when it costs least."""

from __future__ import annotations

import logging

from lore.memory import SourceKind
from lore.sources.summary import ImportSummary

log = logging.getLogger(__name__)


def embed_sections(lore, summary: ImportSummary, progress, one_shot: bool) -> None:
    """Vectors for the sections the import wrote (the model is loaded only when some section lacks one).

    Tasks read from git history can be thousands: they are found by words at once and get their vectors
    from a running server's background worker, not while the user waits for the import; so do a
    documentation site's pages past the embedding caps when the language server imports
    (`summary.docs_later`, empty for a command)."""
    try:
        summary.embedded = lore.embed_pending(progress=(lambda d, t: progress(d, t, "embedding")) if progress else None,
                                              skip_kinds=(SourceKind.GIT.value,), skip_paths=tuple(summary.docs_later))
    except Exception as e:  # vectors are an optimisation: words still find everything
        log.warning("embedding after import failed", exc_info=True)
        summary.warnings.append(f"(embedding):1: vectors not computed: {e}")
    if one_shot and getattr(lore.embedder, "loaded", False):
        lore.embedder.unload()


def load_model_first(lore) -> None:
    """Load the model before a workspace's first import reads its files: loading needs about 200 MB more
    than the loaded session keeps, and at this point the process holds the least it will (a first import
    always has sections to embed when it has files to read)."""
    if not getattr(lore.embedder, "loaded", True):
        lore.ready_embedder()  # a model that cannot load is told by the embedding step, as before
