"""Importers: ADRs, agent and team rules files, decision comments in code, and team memory files.

`run_import` discovers source files in a workspace, re-reads only those that changed (by size and
time, then content hash) and keeps their memories in step: same ids for the same things, removed
things deprecated rather than deleted, renamed files followed.
"""

from lore.sources.runner import is_source_path, run_import
from lore.sources.summary import ImportSettings, ImportSummary

__all__ = ["ImportSettings", "ImportSummary", "is_source_path", "run_import"]
