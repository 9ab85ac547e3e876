"""`lore serve [--stdio] [--tcp HOST:PORT]`: run the language server."""

from __future__ import annotations

from lore.cli.output import error


def register(subparsers) -> None:
    """Add the `serve` command."""
    from lore.lsp.main import add_arguments

    p = subparsers.add_parser("serve", help="run the language server (stdio by default)",
                              description="Run the Lore language server for editors (LSP over stdio or TCP).")
    add_arguments(p)
    p.set_defaults(func=serve)


def serve(args) -> int:
    """Serve until the client exits."""
    from lore.lsp.main import run

    try:
        return run(tcp=args.tcp, workspace=args.workspace, verbose=args.verbose)
    except ValueError as e:
        error(str(e))
        return 2
