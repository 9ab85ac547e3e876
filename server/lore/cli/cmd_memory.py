"""Memory commands: add, search, list, show, supersede, forget, restore."""

from __future__ import annotations

import sys

from lore.wire import relay
from lore.cli.common import call, flush_notices, kinds, open_lore, parse_since, scopes, statuses, workspace_root
from lore.cli.lines import print_hits, print_memories
from lore.cli.output import emit_memory, notice, out, print_json, say
from lore.wire.views import added_json, forget_json, memory_json
from lore.memory import Anchor, Kind, Memory, Provenance, parse_kind, parse_scope, parse_source_kind
from lore.workspace import relative_path


def register(sub) -> None:
    """Add the memory commands to the parser."""
    p = sub.add_parser("add", help="remember a decision, convention, preference, task, fact or warning")
    p.add_argument("--kind", default="decision", help="|".join(k.value for k in Kind))
    p.add_argument("--title", required=True)
    p.add_argument("--body", default="", help="text, or - to read it from stdin")
    p.add_argument("--rationale", help="why")
    p.add_argument("--scope", default="workspace", help="workspace (private), team (committed file) or user")
    p.add_argument("--status", default="active")
    p.add_argument("--anchor", action="append", default=[],
                   help="path glob, symbol:<lang>:<qualified.name> or lang:<name> (repeatable)")
    p.add_argument("--tag", action="append", default=[])
    p.add_argument("--supersedes", action="append", default=[], help="id this memory replaces (repeatable)")
    p.add_argument("--source", default="manual", help="provenance kind (manual, agent, ...)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_add)

    p = sub.add_parser("search", help="hybrid search with explanations")
    p.add_argument("query", nargs="+")
    p.add_argument("--path", help="file the question is about (boosts memories anchored there)")
    p.add_argument("--symbol", help="qualified symbol the question is about")
    p.add_argument("--kind", action="append")
    p.add_argument("--scope", action="append")
    p.add_argument("--status", action="append")
    p.add_argument("--tag", action="append")
    p.add_argument("--since", help="updated within (7d, 12h) or since a date")
    p.add_argument("--under", help="only memories from or anchored under this folder")
    p.add_argument("--include-superseded", action="store_true",
                   help="also show memories superseded with `lore supersede` (records the repository retired "
                        "are shown when found, just below what replaced them)")
    p.add_argument("-n", "--limit", type=int, default=10)
    p.add_argument("-l", "--long", "-v", "--verbose", dest="long", action="store_true",
                   help="under each hit, what it says, its source and why it matched")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("list", help="list memories")
    p.add_argument("--kind", action="append")
    p.add_argument("--status", action="append")
    p.add_argument("--scope", action="append")
    p.add_argument("--tag", action="append")
    p.add_argument("--since")
    p.add_argument("-n", "--limit", type=int, default=200)
    p.add_argument("--newest", action="store_true",
                   help="newest first, whatever their kind (default: decisions and warnings first, then conventions, "
                        "preferences, facts and tasks, newest first within each)")
    p.add_argument("-l", "--long", "-v", "--verbose", dest="long", action="store_true",
                   help="under each memory, its source, scope and status")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("show", help="show one memory")
    p.add_argument("id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("supersede", help="mark a memory superseded by one or more others")
    p.add_argument("id")
    p.add_argument("--by", action="append", required=True, help="successor id (repeatable)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_supersede)

    p = sub.add_parser("forget", help="forget a memory (soft; `lore restore` brings it back)")
    p.add_argument("id")
    p.add_argument("--purge", action="store_true", help="delete for good (and its team file)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_forget)

    p = sub.add_parser("restore", help="bring a forgotten or superseded memory back")
    p.add_argument("id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_restore)


def cmd_add(args) -> int:
    """lore add"""
    body = sys.stdin.read() if args.body == "-" else args.body
    with open_lore(args) as lore:
        m = Memory(
            title=args.title, body=body, kind=parse_kind(args.kind), rationale=args.rationale,
            status=args.status, scope=parse_scope(args.scope),
            anchors=[Anchor.parse(a) for a in args.anchor], tags=args.tag,
            provenance=Provenance(parse_source_kind(args.source)), supersedes=list(args.supersedes),
        )
        # Stored and acknowledged now; the vector comes from the next search or a running server.
        result = lore.add(m, embed=False)
        relay.changed(lore.root)
        flush_notices(lore)
        for r in result.redactions:
            notice(r)
        if args.json:
            print_json(added_json(result.memory, result.redactions))
        else:
            where = f" in {result.file.relative_to(lore.root)}" if result.file else ""
            say(f"Remembered {result.memory.kind.value} {result.memory.id}{where}: {result.memory.title}")
    return 0


def cmd_search(args) -> int:
    """lore search"""
    root = workspace_root(args)
    params = {
        "text": " ".join(args.query), "path": relative_path(root, args.path) if args.path else None,
        "symbol": args.symbol, "kinds": [k.value for k in kinds(args.kind)],
        "scopes": [s.value for s in scopes(args.scope)], "statuses": [s.value for s in statuses(args.status)],
        "tags": list(args.tag or ()), "since": parse_since(args.since), "include_superseded": args.include_superseded,
        "limit": max(1, args.limit), "under": relative_path(root, args.under) if args.under else None,
    }
    hits = call(args, root, "search", params)
    scores = [h.pop("exactScore") for h in hits]
    if args.json:
        print_json(hits)
    else:
        print_hits(hits, scores, args.long)
    return 0


def cmd_list(args) -> int:
    """lore list"""
    with open_lore(args) as lore:
        limit = max(args.limit, 0)
        ms = lore.list(kinds=kinds(args.kind), statuses=statuses(args.status), scopes=scopes(args.scope),
                       tags=tuple(args.tag or ()), since=parse_since(args.since), limit=limit + 1,
                       order="updated" if args.newest else "kind")
        more, ms = len(ms) > limit, ms[:limit]
        if args.json:
            print_json([memory_json(m) for m in ms])
        else:
            print_memories(ms, args.long)
        if more:
            notice(f"showing the first {limit}; more match (`-n N` shows more; --kind, --status or --tag narrow the list)")
    return 0


def cmd_show(args) -> int:
    """lore show"""
    with open_lore(args) as lore:
        m = lore.get(args.id)
        emit_memory(m, args.json, lore.related_titles(m), None if args.json else lore.parts_of(m))
    return 0


def cmd_supersede(args) -> int:
    """lore supersede"""
    with open_lore(args) as lore:
        m = lore.supersede(args.id, args.by)
        if args.json:
            print_json(memory_json(m))
        else:
            out.print(f"{m.id} is superseded by {', '.join(m.superseded_by)}")
    return 0


def cmd_forget(args) -> int:
    """lore forget"""
    with open_lore(args) as lore:
        m = lore.forget(args.id, purge=args.purge)
        if args.json:
            print_json(forget_json(m, args.purge))
        elif args.purge:
            out.print(f"Deleted {m.id}: {m.title}")
        else:
            out.print(f"Forgot {m.id} (restore with `lore restore {m.id}`)")
    return 0


def cmd_restore(args) -> int:
    """lore restore"""
    with open_lore(args) as lore:
        m = lore.restore(args.id)
        if args.json:
            print_json({"id": m.id, "status": m.status.value})
        else:
            out.print(f"Restored {m.id}: {m.title}")
    return 0
