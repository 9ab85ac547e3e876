"""Starting the server over stdio or TCP (`lore serve`, `python -m lore.lsp`)."""

from __future__ import annotations

import argparse
import logging
import sys

log = logging.getLogger(__name__)


def parse_address(text: str) -> tuple[str, int]:
    """`HOST:PORT` (or `PORT`) -> (host, port); ValueError with a clear message otherwise."""
    host, _, port = text.rpartition(":")
    try:
        number = int(port)
    except ValueError:
        raise ValueError(f"--tcp expects HOST:PORT, got {text!r}") from None
    if not 0 < number < 65536:
        raise ValueError(f"--tcp port {number} is outside 1..65535")
    return host or "127.0.0.1", number


def run(*, tcp: str | None = None, workspace: str | None = None, verbose: int = 0) -> int:
    """Serve until the client exits; stdio unless `tcp` is given."""
    from lore.lsp.logs import setup_logging
    from lore.lsp.app import create_server

    address = parse_address(tcp) if tcp else None
    # Background threads (imports, embeddings) hold the GIL for up to the switch interval at a time;
    # a shorter one keeps a hover from waiting behind them.
    sys.setswitchinterval(0.001)
    ls = create_server()
    ls.default_root = workspace
    setup_logging(ls, verbose)
    if address:
        log.warning("serving on %s:%d", *address)
        ls.start_tcp(*address)
    else:
        ls.start_io()
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `lore serve`."""
    parser.add_argument("--stdio", action="store_true", help="talk LSP over stdin/stdout (the default)")
    parser.add_argument("--tcp", metavar="HOST:PORT", help="listen on a TCP address instead of stdio")


def main(argv: list[str] | None = None) -> int:
    """`python -m lore.lsp [--stdio] [--tcp HOST:PORT] [-v]`."""
    parser = argparse.ArgumentParser(prog="python -m lore.lsp", description="The Lore language server.")
    add_arguments(parser)
    parser.add_argument("-w", "--workspace", help="folder to serve when the client names none")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more on stderr")
    args = parser.parse_args(argv)
    try:
        return run(tcp=args.tcp, workspace=args.workspace, verbose=args.verbose)
    except ValueError as e:
        parser.error(str(e))
        return 2
