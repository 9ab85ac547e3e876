"""The language server face of Lore (pygls): hovers, code lenses, code actions, workspace symbols
and `lore.*` commands over one database per workspace folder."""
