"""The `lore` command line."""
