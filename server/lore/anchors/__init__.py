"""Anchors: code structure from tree-sitter (symbols, comments) and following symbols across edits."""

from lore.anchors.comments import Comment, extract_comments
from lore.anchors.languages import has_grammar, language_for_id, language_for_path
from lore.anchors.symbols import Symbol, extract_symbols, module_name_for_path, symbol_at
from lore.anchors.tracking import relocate

__all__ = [
    "Comment", "Symbol", "extract_comments", "extract_symbols", "has_grammar",
    "language_for_id", "language_for_path", "module_name_for_path", "relocate", "symbol_at",
]
