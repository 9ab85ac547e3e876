"""Context packs: the memories that matter for a file, symbol or task, within a token budget."""

from lore.context.pack import ContextItem, ContextPack, build_pack
from lore.context.tokens import TokenCounter, token_counter

__all__ = ["ContextItem", "ContextPack", "TokenCounter", "build_pack", "token_counter"]
