"""Importers: ADRs, agent and team rules files, decision comments in code, documentation pages.

Each importer turns one repository file into memories (`parse_file` in `lore.ingest.parse` picks
the importer); discovery (`discover`) says which files may hold memories. The import run that keeps
a workspace in step lives in `lore.ingest`.
"""

from lore.sources.discover import is_source_path
from lore.sources.summary import ImportSettings, ImportSummary

__all__ = ["ImportSettings", "ImportSummary", "is_source_path"]
