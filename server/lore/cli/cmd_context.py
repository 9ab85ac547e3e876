"""`lore context`: a budgeted markdown pack of the memories that matter for a file, symbol or task."""

from __future__ import annotations

from lore.cli.common import call, workspace_root
from lore.cli.lines import wrap_markdown
from lore.cli.output import err, print_json, say
from lore.memory import ValidationError
from lore.workspace import relative_path


def register(sub) -> None:
    """Add `context` to the parser."""
    p = sub.add_parser("context", help="print the memories that matter for a file, symbol or task (markdown)")
    p.add_argument("--file", help="file the work is in")
    p.add_argument("--symbol", help="qualified symbol name")
    p.add_argument("--task", help="what you are about to do")
    p.add_argument("--budget", type=int, default=None,
                   help="token budget (default 1500; 400 for a --task alone: its map lines and best memories)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_context)


def cmd_context(args) -> int:
    """lore context"""
    root = workspace_root(args)
    path = None
    if args.file:
        path = relative_path(root, args.file)
        if path is None:
            raise ValidationError(f"{args.file} is outside the workspace {root}")
        if not (root / path).exists():  # a file about to be written is a fair question; a mistyped one should show
            err.print(f"note: {path} is not in the workspace; shown is what would govern a file there",
                      highlight=False)
    pack = call(args, root, "context", {"path": path, "symbol": args.symbol, "task": args.task, "budget": args.budget},
                notices=False)
    if args.json:
        print_json(pack)
    else:
        say(wrap_markdown(pack["markdown"]).rstrip("\n"))  # its last line says its tokens and memories
    return 0
