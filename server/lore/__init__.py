"""Lore: a persistent project memory for coding, delivered as a language server."""

__version__ = "0.1.0"
