"""`lore map`: the codebase map (layout, commands, entry points, key modules), built when the workspace changed."""

from __future__ import annotations


def register(sub) -> None:
    """Add `map` to the parser."""
    p = sub.add_parser("map", help="the codebase map: languages, frameworks, commands, entry points, key modules")
    p.add_argument("--json", action="store_true", help="print the map as JSON")
    p.add_argument("--rebuild", action="store_true", help="build the map again even when nothing changed")
    p.set_defaults(func=cmd_map)


def cmd_map(args) -> int:
    """lore map"""
    from lore.cli.common import open_lore
    from lore.cli.output import out, print_json
    from lore.codemap.render import map_markdown, to_json
    from lore.codemap.store import refresh_map

    with open_lore(args) as lore:
        result = refresh_map(lore, force=args.rebuild)
        lore.backup_if_dirty()
        if args.json:
            print_json(to_json(result.cmap))
        else:
            out.print(map_markdown(result.cmap), markup=False, highlight=False, soft_wrap=True)
    return 0
