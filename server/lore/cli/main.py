"""`lore`: entry point, global options, and dispatch to the command modules."""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys

from lore import __version__

# Each module has register(subparsers); its parsers set `func(args) -> int`.
COMMAND_MODULES = [
    "lore.cli.cmd_memory",
    "lore.cli.cmd_anchors",
    "lore.cli.cmd_doctor",
    "lore.cli.cmd_model",
    "lore.cli.cmd_import",
    "lore.cli.cmd_serve",
    "lore.cli.cmd_context",
    "lore.cli.cmd_mcp",
    "lore.cli.cmd_feedback",
    "lore.cli.cmd_proposals",
    "lore.cli.cmd_export",
    "lore.cli.cmd_map",
]


# Commands whose module must load on its own: the language server's start-up time matters.
FAST_COMMANDS = {"serve": "lore.cli.cmd_serve", "mcp": "lore.cli.cmd_mcp"}


def _command_of(argv: list[str]) -> str | None:
    """The subcommand named in argv (skipping global options and their values)."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("-w", "--workspace"):
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def build_parser(modules: list[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser (with every command, or only those of `modules`)."""
    parser = argparse.ArgumentParser(
        prog="lore",
        description="Lore: persistent project memory for coding (decisions, conventions, preferences).",
    )
    parser.add_argument("-w", "--workspace", help="workspace folder (default: the enclosing repository root)")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more (repeat for debug)")
    parser.add_argument("--version", action="version", version=f"lore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in modules or COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    fast = FAST_COMMANDS.get(_command_of(argv) or "")
    parser = build_parser([fast] if fast else None)
    args = parser.parse_args(argv)
    level = logging.WARNING - 10 * min(args.verbose, 2)
    logging.basicConfig(level=level, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from lore.cli.errors import run_guarded

    return run_guarded(args.func, args)


if __name__ == "__main__":
    raise SystemExit(main())
