"""`lore proposals`: review memories agents wrote (MCP `remember`, `lore add --source agent`):
list them, confirm one (active) or reject it (forgotten, restorable)."""

from __future__ import annotations

from lore.cli.common import open_lore
from lore.cli.output import out, print_json
from lore.memory import ValidationError
from lore.wire.proposals import PROPOSAL_ACTIONS, proposals_action
from lore.agents.trust import plain


def register(sub) -> None:
    """Add `proposals` to the parser."""
    p = sub.add_parser("proposals", help="review memories agents proposed: list, confirm ID, reject ID")
    p.add_argument("action", nargs="?", default="list", choices=PROPOSAL_ACTIONS)
    p.add_argument("id", nargs="?", help="memory id (or unique prefix) for confirm and reject")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_proposals)


def cmd_proposals(args) -> int:
    """lore proposals"""
    if args.action == "list" and args.id:
        raise ValidationError("list takes no id; use `lore proposals confirm ID` or `reject ID`")
    with open_lore(args) as lore:
        result = proposals_action(lore, args.action, args.id)
    if args.json:
        print_json(result)
        return 0
    changed = result.get("changed")
    if changed:
        line = f"{'Confirmed' if args.action == 'confirm' else 'Rejected'} {changed['id']}: {plain(changed['title'])}"
        if args.action == "reject":
            line += f" (restore with `lore restore {changed['id']}`)"
        out.print(line, markup=False)
        return 0
    if not result["proposals"]:
        out.print("No memories waiting for review: agents' proposals appear here.", markup=False)
        return 0
    _table(result["proposals"])
    out.print("Confirm with `lore proposals confirm ID`, reject with `lore proposals reject ID`.", markup=False)
    return 0


def _table(proposals: list[dict]) -> None:
    """The review list; cells are plain text (an agent's title is never markup or a terminal escape)."""
    from rich.table import Table
    from rich.text import Text

    t = Table()
    for col in ("id", "kind", "scope", "title", "body"):
        t.add_column(col, overflow="fold")
    for m in proposals:
        t.add_row(*(Text(plain(v)) for v in (m["id"], m["kind"], m["scope"], m["title"], m["body"][:400])))
    out.print(t)
