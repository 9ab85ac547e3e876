"""`lore model fetch|status`: download the embedding model on request (the only network use)."""

from __future__ import annotations

import os

from lore.cli.output import out, print_json
from lore.embedding.embedder import DEFAULT_MODEL, FastEmbedder, ModelUnavailable, model_cache_dir


def register(sub) -> None:
    """Add `model` to the parser."""
    p = sub.add_parser("model", help="download or check the embedding model")
    p.add_argument("action", choices=["fetch", "status"])
    p.add_argument("--name", default=os.environ.get("LORE_MODEL") or DEFAULT_MODEL)
    p.add_argument("--path", default=os.environ.get("LORE_MODEL_PATH") or None, help="local model folder")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_model)


def cmd_model(args) -> int:
    """lore model fetch / status"""
    emb = FastEmbedder(args.name, args.path, allow_download=args.action == "fetch")
    try:
        emb.load()
        state = {"model": args.name, "state": "ready", "dim": emb.dim, "path": args.path or str(model_cache_dir())}
        code = 0
    except ModelUnavailable as e:
        state = {"model": args.name, "state": "unavailable", "error": str(e)}
        code = 1
    if args.json:
        print_json(state)
    elif code == 0:
        out.print(f"{args.name}: ready ({emb.dim} dimensions) from {state['path']}")
    else:
        out.print(f"{args.name}: unavailable: {state['error']}")
    return code
