"""`search` and `context` as JSON in, JSON out: what `lore search` and `lore context` compute, in
their own process or in a Lore server already running on the workspace (see `lore.wire.relay`), through
the same functions, so both give the same answer. Both embed the few sections `lore add` left
without a vector first (fill_pending).

Arguments are plain JSON values (workspace-relative paths, enum values as text); each call returns
`{"result": ..., "notices": [...]}` with the notices the core raised on the way.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lore.memory import SourceKind, ValidationError, parse_kind, parse_scope, parse_status

if TYPE_CHECKING:
    from lore.api import Lore

log = logging.getLogger(__name__)
OPS = ("search", "context")
# Sections a call embeds before it runs: the few memories added since the last search or import
# (a larger backlog is the work of `lore import`, `lore doctor` or a running server).
PENDING_ON_SEARCH = 32


def where(root: Path, model_id: str | None) -> dict[str, Any]:
    """What a call is about besides its arguments: the databases and the model (a server answers
    another process only when these agree)."""
    from lore.workspace import user_db_path, workspace_db_path

    return {"db": os.path.realpath(workspace_db_path(Path(root))), "user_db": os.path.realpath(user_db_path()),
            "model": model_id}


def fill_pending(lore: Lore) -> None:
    """Embed up to PENDING_ON_SEARCH sections still waiting for a vector (memories `lore add`
    stored without one), so they are found by meaning from the first search after them. A write:
    servers' own reads skip it (their workers embed). Failures leave the sections for later; a
    database unchanged since it was last found complete is not scanned again (~10 ms at 10k)."""
    emb = lore.ready_embedder()
    if emb is None:
        return
    for store in lore.stores():
        key = f"no-pending:{emb.model_id}"
        cached = store.cache.get(key)
        if cached is not None and cached[0] == store.db.data_version():
            continue
        try:
            index = store.vectors(emb.model_id, emb.dim)
            batch = index.pending(PENDING_ON_SEARCH, (SourceKind.GIT.value,))  # history: a server's worker
            if batch:
                index.add(list(zip([h for h, _ in batch], emb.embed([t for _, t in batch]))))
            if len(batch) < PENDING_ON_SEARCH:
                store.cache[key] = (store.db.data_version(), True)
        except Exception:  # e.g. a read-only database: search what has vectors
            log.warning("embedding pending sections before a search failed", exc_info=True)


def search(lore: Lore, args: dict[str, Any]) -> list[dict[str, Any]]:
    """Hits as hit_json gives them, each with `exactScore` (the unrounded score, for tables)."""
    from lore.wire.views import hit_json
    from lore.recall import Query

    q = Query(
        str(args.get("text") or ""), path=args.get("path"), symbol=args.get("symbol"),
        kinds=tuple(parse_kind(k) for k in args.get("kinds") or ()),
        scopes=tuple(parse_scope(s) for s in args.get("scopes") or ()),
        statuses=tuple(parse_status(s) for s in args.get("statuses") or ()),
        tags=tuple(str(t) for t in args.get("tags") or ()), since=args.get("since"),
        include_superseded=bool(args.get("include_superseded")), limit=max(1, int(args.get("limit") or 10)),
        under=args.get("under"),
    )
    if q.text.strip():
        fill_pending(lore)
    from lore.staleness.annotate import flag_hits

    out = []
    for h in flag_hits(lore.root, lore.search(q)):
        data = hit_json(h)
        data["exactScore"] = h.score
        out.append(data)
    return out


def context(lore: Lore, args: dict[str, Any]) -> dict[str, Any]:
    """The context pack's JSON (markdown, tokens, budget, counter, items...)."""
    from lore.context import build_pack

    if args.get("task"):
        fill_pending(lore)
    return build_pack(lore, path=args.get("path"), symbol=args.get("symbol"), task=args.get("task"),
                      budget=None if args.get("budget") is None else int(args["budget"])).to_json()


def answer(lore: Lore, op: str, args: dict[str, Any]) -> dict[str, Any]:
    """Run one call; `{"result", "notices"}`. Unknown calls and bad arguments raise ValidationError."""
    if op not in OPS:
        raise ValidationError(f"unknown call {op!r}")
    if not isinstance(args, dict):
        raise ValidationError("call arguments must be an object")
    result = (search if op == "search" else context)(lore, args)
    notices = list(lore.notices)
    lore.notices.clear()
    return {"result": result, "notices": notices}
