"""`lore doctor`: schema, model, counts and integrity; `--rebuild` to recover a damaged database."""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape

from lore.cli.output import out, print_json, printable, progress
from lore.api import Lore
from lore.maintenance.doctor import rebuild, report
from lore.workspace import find_root


def register(sub) -> None:
    """Add `doctor` to the parser."""
    p = sub.add_parser("doctor", help="check the database, model and counts; --rebuild recovers")
    p.add_argument("--rebuild", action="store_true",
                   help="rebuild the database from team files and sources, keeping private memories")
    p.add_argument("--no-model", action="store_true", help="do not try to load the embedding model")
    p.add_argument("--no-staleness", action="store_true",
                   help="skip the list of stale and orphaned memories (it asks git about every anchor)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_doctor)


def cmd_doctor(args) -> int:
    """lore doctor"""
    root = Path(args.workspace).resolve() if args.workspace else find_root()
    if args.rebuild:
        with progress("rebuilding") as update:
            result = rebuild(root, Lore, progress=update)
        if args.json:
            print_json(result)
        else:
            out.print(f"Rebuilt {result['database']}")
            if result.get("moved_to"):
                out.print(f"  old file kept at {result['moved_to']}")
            out.print(f"  private memories restored: {result['restored_private']} (from {result['source'] or 'nowhere: none found'})")
            if "import" in result:
                out.print(f"  imported: {result['import']}")
            for p in result["problems"]:
                out.print(f"  problem: {p}")
        return 0
    r = report(root, Lore, check_model=not args.no_model, check_staleness=not args.no_staleness)
    if args.json:
        print_json(r)
        return 0 if r["ok"] else 1
    out.print(f"workspace   {r['workspace']}")
    out.print(f"database    {r['database']}  (SQLite {r['sqlite']})")
    if "migrations" in r:
        m = r["migrations"]
        out.print(f"schema      {len(m['applied'])}/{len(m['known'])} migrations ({', '.join(m['applied'])})")
        out.print(f"integrity   {r['integrity'] if isinstance(r['integrity'], str) else 'FAILED'}")
        c = r["counts"]
        out.print(f"memories    {c['total']}  " + "  ".join(f"{k}={v}" for k, v in sorted(c['status'].items())))
        out.print(f"kinds       " + "  ".join(f"{k}={v}" for k, v in sorted(c['kind'].items())))
        out.print(f"sources     {c['sources']} files in the import ledger")
        model = r.get("model", {})
        line = f"model       {model.get('id')}: {model.get('state', 'not checked')}"
        if "vectors" in model:
            line += f"  vectors={model['vectors']} pending={model['pending']}"
        if model.get("computation"):
            line += f"  computed {model['computation']}"
        out.print(line)
        if model.get("error"):
            out.print(f"            {model['error']}")
        if "user_database" in r:
            out.print(f"user db     {r['user_database']['path']}  memories={r['user_database']['counts']['total']}")
        out.print(f"private     {r['private_memories']} memories; last backup: {r['backup'] or 'none yet'}")
    if r.get("staleness"):
        _print_staleness(r["staleness"])
    for p in r["problems"]:
        out.print(f"[bold red]problem[/]     {escape(printable(p))}", markup=True)
    out.print("ok" if r["ok"] else "problems found")
    return 0 if r["ok"] else 1


def _print_staleness(s: dict) -> None:
    """Stale and orphaned memories, one per line with why (review items, not problems)."""
    if s.get("error"):
        out.print(f"staleness   not checked: {escape(printable(s['error']))}", markup=True)
        return
    out.print(f"stale       {len(s['stale'])} of {s['checked']} memories checked"
              + (f" ({s['unfinished']} left unchecked: time budget)" if s.get("unfinished") else ""))
    for e in s["stale"]:
        out.print(f"  {e['id']}  {escape(printable(e['title']))}", markup=True)
        for why in e["why"]:
            out.print(f"      {escape(printable(why))}", markup=True)
    out.print(f"orphaned    {len(s['orphaned'])} memories with anchors that match nothing")
    for e in s["orphaned"]:
        out.print(f"  {e['id']}  {escape(printable(e['title']))}: "
                  + escape(printable(", ".join(e["anchors"]))), markup=True)
