"""Helpers shared by command modules: opening the workspace, asking a running server, parsing filters."""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lore.cli.output import notice
from lore.memory import ValidationError, parse_kind, parse_scope, parse_status

if TYPE_CHECKING:
    from lore.api import Lore

log = logging.getLogger(__name__)


@contextlib.contextmanager
def open_lore(args, **kwargs) -> Iterator[Lore]:
    """The workspace named by -w (or found from the current folder), closed at the end. The core's
    notices are printed when it opens (a team file refused for a merge conflict is told by every
    command) and when the command ends (a database replaced meanwhile, a model that did not load)."""
    from lore.api import Lore

    lore = Lore(getattr(args, "workspace", None), **kwargs)
    flush_notices(lore)
    try:
        yield lore
    finally:
        try:
            flush_notices(lore)
        finally:
            lore.close()


def workspace_root(args) -> Path:
    """The workspace folder, as `Lore` finds it (without opening the database)."""
    from lore.workspace import find_root

    return Path(args.workspace).resolve() if getattr(args, "workspace", None) else find_root()


def call(args, root: Path, op: str, params: dict[str, Any], *, notices: bool = True) -> Any:
    """The result of a core call (`lore.wire.calls`): from a Lore server running on the workspace when one
    answers (it has the model loaded), else computed here; the notices are printed either way."""
    from lore.wire import calls, relay
    from lore.embedding.embedder import embedder_from_env

    params = {**params, "where": calls.where(root, embedder_from_env().model_id)}
    try:
        reply = relay.ask(root, op, params)
    except relay.RelayError as e:
        raise ValidationError(str(e)) from None
    if reply is None:
        with open_lore(args) as lore:
            reply = calls.answer(lore, op, params)
    else:
        log.debug("%s answered by the Lore server on %s", op, relay.socket_path(root))
    for text in reply["notices"] if notices else ():
        notice(text)
    return reply["result"]


def flush_notices(lore: Lore) -> None:
    """Print each notice the core raised, once."""
    for text in lore.notices:
        notice(text)
    lore.notices.clear()


def parse_since(text: str | None) -> float | None:
    """`7d`, `12h`, `30m` or an ISO date -> unix time."""
    if not text:
        return None
    m = re.fullmatch(r"(\d+)\s*([dhmw])", text.strip())
    if m:
        n, unit = int(m.group(1)), m.group(2)
        return time.time() - n * {"m": 60, "h": 3600, "d": 86400, "w": 604800}[unit]
    try:
        d = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ValidationError(f"invalid --since {text!r}: use 7d, 12h, 2w or a date like 2026-01-31") from None
    return d.replace(tzinfo=d.tzinfo or dt.timezone.utc).timestamp()


def kinds(values) -> tuple:
    """Parsed --kind values."""
    return tuple(parse_kind(v) for v in values or ())


def statuses(values) -> tuple:
    """Parsed --status values."""
    return tuple(parse_status(v) for v in values or ())


def scopes(values) -> tuple:
    """Parsed --scope values."""
    return tuple(parse_scope(v) for v in values or ())
