"""One import run over a workspace: repository sources (`lore.sources`), team files (`lore.team`), the
code map (`lore.codemap`) and git history (`lore.history`), kept in step with what changed.

`run_import` discovers source files, re-reads only those that changed (by size and time, then
content hash) and keeps their memories in step: same ids for the same things, removed things
deprecated rather than deleted, renamed files followed.
"""

from lore.ingest.runner import run_import

__all__ = ["run_import"]
