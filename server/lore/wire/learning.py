"""Learning operations as JSON: record feedback, list, confirm or reject preferences. Every face
answers with these shapes (docs/PROTOCOL.md): the `lore.feedback` and `lore.preferences` commands,
`lore feedback --json` and `lore preferences --json`, and the MCP `record_feedback` tool."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lore.learn.events import FeedbackEvent
from lore.learn.extract import Observation
from lore.learn.service import (DEFAULT_RETENTION_DAYS, FeedbackResult, confirm_preference, list_preferences,
                                record_feedback, reject_preference)
from lore.memory import Memory, ValidationError
from lore.wire.views import memory_json

if TYPE_CHECKING:
    from lore.api import Lore

PREFERENCE_ACTIONS = ("list", "confirm", "reject")


def observation_json(o: Observation) -> dict:
    """One observation as JSON."""
    return {"feature": o.feature, "prefers": o.prefers, "over": o.over, "weight": o.weight,
            "example": o.example}


def preference_json(m: Memory) -> dict:
    """Memory JSON plus the learned feature and its evidence."""
    out = memory_json(m)
    out["feature"] = m.meta.get("feature")
    out["evidence"] = m.meta.get("evidence")
    return out


def feedback_json(result: FeedbackResult) -> dict:
    """The `lore.feedback` result (docs/PROTOCOL.md), camelCase."""
    return {
        "observations": [observation_json(o) for o in result.observations],
        "proposed": [preference_json(m) for m in result.proposed],
        "retired": [preference_json(m) for m in result.retired],
        "updated": [preference_json(m) for m in result.updated],
        "redactions": result.redactions,
    }


def event_json(*, uri: str | None, proposed: str | None, outcome: str | None, final: str | None = None,
               language: str | None = None, origin: str | None = None, reason: str | None = None) -> dict:
    """A feedback event as the `feedback` operation's JSON argument, from a face's named arguments
    (the one place their names meet the protocol's camelCase keys); unset ones are left out."""
    named = {"uri": uri, "languageId": language, "proposedText": proposed, "finalText": final,
             "outcome": outcome, "origin": origin, "reason": reason}
    return {k: v for k, v in named.items() if v is not None}


def feedback_from_json(lore: Lore, data: Any, *, retention_days: int | None = DEFAULT_RETENTION_DAYS) -> dict:
    """The `feedback` operation: parse the argument (the event's camelCase fields, optional `scope`),
    record it, the result JSON."""
    try:
        event = FeedbackEvent.from_json(data)
    except ValueError as e:
        raise ValidationError(str(e)) from None
    scope = data.get("scope") or "user"
    if not isinstance(scope, str):
        raise ValidationError(f"scope must be user or workspace, got {scope!r}")
    return feedback_json(record_feedback(lore, event, scope=scope, retention_days=retention_days))


def preferences_action(lore: Lore, action: str = "list", mid: str | None = None, *,
                       include_rejected: bool = False) -> dict:
    """The `preferences` operation: list, confirm or reject; `{preferences, changed?}` as JSON."""
    if action not in PREFERENCE_ACTIONS:
        raise ValidationError(f"action must be one of {', '.join(PREFERENCE_ACTIONS)}, got {action!r}")
    out: dict = {}
    if action != "list":
        if not mid or not isinstance(mid, str):
            raise ValidationError(f"{action} needs the id of a preference")
        review = confirm_preference if action == "confirm" else reject_preference
        out["changed"] = preference_json(review(lore, mid))
    out["preferences"] = [preference_json(m) for m in list_preferences(lore, include_rejected=include_rejected)]
    return out
