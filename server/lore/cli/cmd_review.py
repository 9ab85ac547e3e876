"""`lore review BASE..HEAD`: the team-memory changes of a branch as markdown (for a pull request);
`lore review --contradictions`: guidance that contradicts or repeats itself, both sides shown."""

from __future__ import annotations

from lore.cli.output import out, print_json
from lore.workspace import find_root


def register(sub) -> None:
    """Add `review` to the parser."""
    p = sub.add_parser("review", help="team-memory changes between two git revisions, as markdown; "
                                      "--contradictions: guidance that contradicts or repeats itself")
    p.add_argument("range", nargs="?", help="BASE..HEAD, for example main..HEAD")
    p.add_argument("--contradictions", action="store_true",
                   help="list guidance that contradicts itself (npm/pnpm, jest/vitest, tabs/spaces...) and "
                        "near-duplicate memories, with both sides; nothing is changed")
    p.add_argument("--no-model", action="store_true", help="with --contradictions: near-duplicates by words only")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_review)


def cmd_review(args) -> int:
    """lore review"""
    from pathlib import Path

    from lore.team.review import changes, markdown

    root = Path(args.workspace).resolve() if getattr(args, "workspace", None) else find_root()
    if args.contradictions:
        return _guidance(root, args)
    if not args.range:
        from lore.memory import ValidationError

        raise ValidationError("lore review needs BASE..HEAD (for example main..HEAD) or --contradictions")
    items = changes(root, args.range)
    if args.json:
        print_json([{"what": c.what, "path": c.path, "id": c.memory.id if c.memory else None,
                     "title": c.memory.title if c.memory else None, "detail": c.detail, "author": c.author, "pr": c.pr}
                    for c in items])
        return 0
    lore = _open(root)
    try:
        out.print(markdown(items, args.range, lambda mid: _title(lore, mid)), markup=False, highlight=False,
                  soft_wrap=True)
    finally:
        if lore is not None:
            lore.close()
    return 0


def _open(root):
    """The workspace database, read for titles of ids the files do not name (imported ADRs); None without one."""
    from lore.workspace import workspace_db_path

    if not workspace_db_path(root).exists():
        return None
    from lore.api import Lore

    try:
        return Lore(root, user_db=False, sync_team=False)
    except Exception:
        return None


def _title(lore, mid: str) -> str | None:
    if lore is None:
        return None
    try:
        return lore.get(mid).title
    except Exception:
        return None


def _guidance(root, args) -> int:
    """`lore review --contradictions`: the guidance review (lore.consistency) as markdown or JSON."""
    from lore.consistency import markdown, review
    from lore.api import Lore

    with Lore(root) as lore:
        memories = lore.list(limit=1_000_000)
        embedder = None if args.no_model else lore.ready_embedder()
        result = review(memories, embedder.embed if embedder else None)
    if args.json:
        print_json(result)
    else:
        out.print(markdown(result), markup=False, highlight=False, soft_wrap=True)
    return 0
