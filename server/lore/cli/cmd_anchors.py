"""`lore anchors`: list a memory's anchors (derived, with why, or confirmed) and the code committed with it (offered),
add, drop or confirm one (an imported record's choices are shared in `.lore/anchors.yaml`, `lore.anchors.shared`)."""

from __future__ import annotations

from lore.anchors.choices import change_anchors, offered, views
from lore.cli.common import open_lore
from lore.cli.output import out, print_json


def register(sub) -> None:
    """Add `anchors` to the parser."""
    p = sub.add_parser("anchors", help="list a memory's anchors; --add, --drop or --confirm one (kept across imports; for an imported record also in .lore/anchors.yaml, for the team)")
    p.add_argument("id")
    p.add_argument("--add", action="append", default=[],
                   help="path glob, symbol:<lang>:<qualified.name>[@file] or lang:<name> (repeatable)")
    p.add_argument("--drop", action="append", default=[], help="an anchor to remove and keep removed (repeatable)")
    p.add_argument("--confirm", action="append", default=[], help="a derived anchor a person vouches for (repeatable)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_anchors)


def cmd_anchors(args) -> int:
    """lore anchors"""
    with open_lore(args) as lore:
        if args.add or args.drop or args.confirm:
            m = change_anchors(lore, args.id, add=args.add, drop=args.drop, confirm=args.confirm)
        else:
            m = lore.get(args.id)
        rows = views(m)
        commit, files = offered(m)
        if args.json:
            print_json({"id": m.id, "anchors": [
                {"anchor": v.key, "state": v.state, "why": v.why} for v in rows],
                "dropped": list(m.meta.get("anchors_dropped") or []),
                "offered": [{"anchor": f, "why": f"committed with the record in {commit[:12]}"} for f in files]})
            return 0
        out.print(f"{m.id}: {m.title}", markup=False)
        for v in rows:
            out.print(f"  {v.state:<9} {v.key}" + (f"  ({v.why})" if v.why else ""), markup=False)
        for k in m.meta.get("anchors_dropped") or []:
            out.print(f"  dropped   {k}", markup=False)
        if not rows and not m.meta.get("anchors_dropped"):
            out.print("  no anchors")
        if files:
            out.print(f"  committed with it in {commit[:12]}, not anchored (add one with --add PATH):", markup=False)
            for f in files:
                out.print(f"  offered   {f}", markup=False)
    return 0
