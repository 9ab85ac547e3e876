"""Core parts some installations lack (context packs, feedback learning): found at call time,
with a clear error when absent rather than a crash or a missing command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Unavailable(RuntimeError):
    """A command needs a part of Lore this installation does not have; the message says which."""


def context_builder() -> Callable[..., dict]:
    """`(lore, path, symbol, task, budget) -> {markdown, tokens, ...}` from `lore.context`."""
    try:
        from lore.context import build_pack
    except ImportError as e:
        raise Unavailable(f"lore.context: context packs are not available in this installation ({e})") from None

    def build(lore: Any, *, path: str | None, symbol: str | None, task: str | None, budget: int) -> dict:
        return build_pack(lore, path=path, symbol=symbol, task=task, budget=budget).to_json()

    return build


def feedback_recorder() -> Callable[[Any, dict], Any]:
    """`(lore, feedback JSON) -> result` from `lore.learn` (its storage entry point)."""
    try:
        from lore import learn
    except ImportError as e:
        raise Unavailable(f"lore.feedback: learning from edits is not available ({e})") from None
    record = getattr(learn, "record_feedback", None)
    if record is None:
        raise Unavailable("lore.feedback: this installation of Lore cannot store feedback yet "
                          "(lore.learn has no record_feedback); nothing was recorded")
    return record


def feedback_result(folder: Any, result: Any, with_uri: Callable[[Any, dict], dict]) -> dict:
    """`{observations, proposed}` from what the learning engine returned."""
    from lore.jsonview import memory_json

    if isinstance(result, dict):
        return result
    observations = [_plain(o) for o in getattr(result, "observations", [])]
    proposed = [with_uri(folder, memory_json(m)) for m in getattr(result, "proposed", [])]
    return {"observations": observations, "proposed": proposed}


def _plain(value: Any) -> Any:
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    import attrs

    return attrs.asdict(value) if attrs.has(type(value)) else str(value)
