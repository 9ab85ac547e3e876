"""`lore review BASE..HEAD`: the team-memory changes of a branch as markdown (for a pull request)."""

from __future__ import annotations

from lore.cli.output import out, print_json
from lore.workspace import find_root


def register(sub) -> None:
    """Add `review` to the parser."""
    p = sub.add_parser("review", help="team-memory changes between two git revisions, as markdown")
    p.add_argument("range", help="BASE..HEAD, for example main..HEAD")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_review)


def cmd_review(args) -> int:
    """lore review"""
    from pathlib import Path

    from lore.team.review import changes, markdown

    root = Path(args.workspace).resolve() if getattr(args, "workspace", None) else find_root()
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
