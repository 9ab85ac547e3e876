"""`lore`: entry point, global options, and dispatch to the command modules."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from lore import __version__

# Every command: (module whose register(subparsers) adds it, its one-line help). Only the module of
# the command being run is imported: `lore --help` and `lore add` must not pay for the rest (a
# unit test checks this table against the modules).
COMMANDS = {
    "add": ("lore.cli.cmd_memory", "remember a decision, convention, preference, task, fact or warning"),
    "search": ("lore.cli.cmd_memory", "hybrid search with explanations"),
    "list": ("lore.cli.cmd_memory", "list memories"),
    "show": ("lore.cli.cmd_memory", "show one memory"),
    "supersede": ("lore.cli.cmd_memory", "mark a memory superseded by one or more others"),
    "forget": ("lore.cli.cmd_memory", "forget a memory (soft; `lore restore` brings it back)"),
    "restore": ("lore.cli.cmd_memory", "bring a forgotten or superseded memory back"),
    "doctor": ("lore.cli.cmd_doctor", "check the database, model and counts; --rebuild recovers"),
    "model": ("lore.cli.cmd_model", "download or check the embedding model"),
    "import": ("lore.cli.cmd_import", "import ADRs, rules files (AGENTS.md, CLAUDE.md, ...) and decision comments"),
    "serve": ("lore.cli.cmd_serve", "run the language server (stdio by default)"),
    "context": ("lore.cli.cmd_context", "print the memories that matter for a file, symbol or task (markdown)"),
    "mcp": ("lore.cli.cmd_mcp", "run the MCP server over stdio (tools: search_memory, get_context, ...)"),
    "feedback": ("lore.cli.cmd_feedback",
                 "report an accepted, rejected or modified suggested edit (JSON on stdin, or flags)"),
    "preferences": ("lore.cli.cmd_feedback", "review preferences learned from edits: list, confirm ID, reject ID"),
    "export": ("lore.cli.cmd_export", "write project memory into AGENTS.md / CLAUDE.md between markers"),
    "anchors": ("lore.cli.cmd_anchors", "list a memory's anchors; --add, --drop or --confirm one (kept across imports; for an imported record also in .lore/anchors.yaml, for the team)"),
    "proposals": ("lore.cli.cmd_proposals", "review memories agents proposed: list, confirm ID, reject ID"),
    "history": ("lore.cli.cmd_history", "the tasks (from git history) that changed a file, folder or symbol"),
    "review": ("lore.cli.cmd_review", "team-memory changes between two git revisions, as markdown; "
                                      "--contradictions: guidance that contradicts or repeats itself"),
    "init": ("lore.cli.cmd_merge", "make the repository ready for team memories (merge driver, folders)"),
    "merge-file": ("lore.cli.cmd_merge", "git merge driver for team memory files (run by git)"),
    "map": ("lore.cli.cmd_map", "the codebase map: languages, frameworks, commands, entry points, key modules"),
    "check": ("lore.cli.cmd_check", "check code against the rules of current decisions (exit 1 on a violation)"),
    "checks": ("lore.cli.cmd_check", "review rules of decisions: list, propose [--write], confirm KEY, reject KEY"),
}
COMMAND_MODULES = list(dict.fromkeys(module for module, _ in COMMANDS.values()))


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
    """The argument parser: the commands of `modules` in full (all when None), the others named only."""
    parser = argparse.ArgumentParser(
        prog="lore",
        description="Lore: persistent project memory for coding (decisions, conventions, preferences).",
    )
    parser.add_argument("-w", "--workspace", help="workspace folder (default: the enclosing repository root)")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more (repeat for debug)")
    parser.add_argument("--version", action="version", version=f"lore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES if modules is None else modules:
        importlib.import_module(name).register(sub)  # a command module that is missing is a broken install
    for command, (_, text) in COMMANDS.items():
        if command not in sub.choices:
            sub.add_parser(command, help=text)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    command = COMMANDS.get(_command_of(argv) or "")
    parser = build_parser([command[0]] if command else [])
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
