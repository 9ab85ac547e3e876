"""`python -m lore` runs the command line."""

from lore.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
