"""`lore mcp`: serve the workspace's memory to agents over MCP (stdio)."""

from __future__ import annotations

from pathlib import Path

from lore.workspace import find_root


def register(sub) -> None:
    """Add `mcp` to the parser."""
    p = sub.add_parser("mcp", help="run the MCP server over stdio (tools: search_memory, get_context, ...)")
    p.set_defaults(func=cmd_mcp)


def cmd_mcp(args) -> int:
    """lore mcp"""
    from lore.mcp.server import build_server

    root = Path(args.workspace).resolve() if args.workspace else find_root()
    server, app = build_server(root)
    app.listen()
    try:
        server.run("stdio")
    finally:
        app.close()
    return 0
