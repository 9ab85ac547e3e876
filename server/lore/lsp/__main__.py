"""`python -m lore.lsp`: the language server without loading the rest of the command line."""

from lore.lsp.main import main

if __name__ == "__main__":
    raise SystemExit(main())
