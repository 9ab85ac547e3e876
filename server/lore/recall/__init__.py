"""Recall: hybrid word + meaning search over memories, adjusted by anchors, status and use, explained."""

from lore.recall.anchoring import AnchorMatcher, match_anchor
from lore.recall.query import Hit, Query
from lore.recall.search import search_store

__all__ = ["AnchorMatcher", "Hit", "Query", "match_anchor", "search_store"]
