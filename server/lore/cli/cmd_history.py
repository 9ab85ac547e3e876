"""`lore history PATH|SYMBOL`: what changed a file, folder or symbol, and why (tasks read from git)."""

from __future__ import annotations


def register(sub) -> None:
    """Add `history` to the parser."""
    p = sub.add_parser("history", help="the tasks (from git history) that changed a file, folder or symbol")
    p.add_argument("target", help="workspace-relative file or folder, or a symbol name")
    p.add_argument("-n", "--limit", type=int, default=10, help="tasks to list (default 10)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_history)


def cmd_history(args) -> int:
    """lore history"""
    from lore.cli.common import open_lore
    from lore.cli.output import out, print_json
    from lore.history import history_for
    from lore.workspace import relative_path

    with open_lore(args) as lore:
        target = args.target
        if "/" in target or "\\" in target or (lore.root / target).exists() or target.startswith("."):
            rel = relative_path(lore.root, target)
            target = rel if rel is not None else target
        h = history_for(lore, target, limit=args.limit)
        if args.json:
            print_json(h.to_json())
            return 0
        out.print(f"{h.target}: {h.summary}", markup=False, highlight=False)
        for m in h.tasks:
            pr = f" #{m.meta['pr']}" if m.meta.get("pr") else ""
            reverted = f"  [reverted by {m.meta['reverted_by']}]" if m.meta.get("reverted_by") else ""
            out.print(f"  {m.date}  {m.id[:10]}  {m.meta.get('type', 'change'):<9} {m.title}{pr}{reverted}",
                      markup=False, highlight=False)
            why = " ".join((m.rationale or "").split())
            if why:
                out.print(f"      why: {why[:200]}{'…' if len(why) > 200 else ''}", markup=False, highlight=False)
        if h.total > len(h.tasks):
            out.print(f"  … {h.total - len(h.tasks)} more (-n {h.total})", markup=False, highlight=False)
    return 0
