"""The `proposals` operation as JSON: list the memories agents proposed, confirm or reject one. The
CLI (`lore proposals --json`), the `lore.proposals` command and VS Code's "Review Proposed Memories"
all answer with this result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lore.agents.proposals import confirm_proposal, list_proposals, reject_proposal
from lore.memory import ValidationError
from lore.wire.views import memory_json

if TYPE_CHECKING:
    from lore.api import Lore

PROPOSAL_ACTIONS = ("list", "confirm", "reject")


def proposals_action(lore: Lore, action: str = "list", mid: str | None = None) -> dict:
    """List, confirm or reject; `{proposals, changed?}` as JSON (the memory JSON of each)."""
    if action not in PROPOSAL_ACTIONS:
        raise ValidationError(f"action must be one of {', '.join(PROPOSAL_ACTIONS)}, got {action!r}")
    out: dict = {}
    if action != "list":
        if not mid or not isinstance(mid, str):
            raise ValidationError(f"{action} needs the id of a proposed memory")
        review = confirm_proposal if action == "confirm" else reject_proposal
        out["changed"] = memory_json(review(lore, mid))
    out["proposals"] = [memory_json(m) for m in list_proposals(lore)]
    return out
