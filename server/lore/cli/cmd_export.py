"""`lore export --format agents-md`: keep a Lore section in AGENTS.md or CLAUDE.md up to date."""

from __future__ import annotations

from lore.cli.common import open_lore
from lore.cli.output import out, print_json
from lore.store.safe_fs import check_target
from lore.context.export import export_agents_md
from lore.memory import ValidationError
from lore.workspace import relative_path


def register(sub) -> None:
    """Add `export` to the parser."""
    p = sub.add_parser("export", help="write project memory into AGENTS.md / CLAUDE.md between markers")
    p.add_argument("--format", default="agents-md", choices=["agents-md"])
    p.add_argument("--file", default="AGENTS.md", help="target file in the workspace (AGENTS.md or CLAUDE.md)")
    p.add_argument("--budget", type=int, default=2000, help="token budget of the section")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_export)


def cmd_export(args) -> int:
    """lore export"""
    with open_lore(args) as lore:
        check_target(lore.root, lore.root / args.file)  # a link is named as one, wherever it points
        rel = relative_path(lore.root, args.file)
        if rel is None:
            raise ValidationError(f"{args.file} is outside the workspace")
        changed = export_agents_md(lore, lore.root / rel, budget=args.budget)
        if args.json:
            print_json({"file": rel, "changed": changed})
        else:
            out.print(f"{'Updated' if changed else 'Already up to date:'} {rel}")
    return 0
