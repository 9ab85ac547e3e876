"""Memories agents proposed, waiting for a person: list them, confirm one (active) or reject it
(forgotten, restorable). The CLI (`lore proposals`), the `lore.proposals` command and VS Code's
"Review Proposed Memories" all call `lore.wire.proposals.proposals_action`, which shapes the result."""

from __future__ import annotations

import datetime as dt
import time
from typing import TYPE_CHECKING

from lore.memory import Memory, SourceKind, Status, ValidationError

if TYPE_CHECKING:
    from lore.api import Lore



def _now() -> str:
    return dt.datetime.fromtimestamp(time.time(), dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def list_proposals(lore: Lore) -> list[Memory]:
    """Agent-written memories still proposed, newest first."""
    found = lore.list(statuses=[Status.PROPOSED], limit=10_000)
    return [m for m in found if m.provenance.kind is SourceKind.AGENT]


def _proposal(lore: Lore, mid: str) -> Memory:
    m = lore.get(mid)
    if m.provenance.kind is not SourceKind.AGENT:
        raise ValidationError(f"memory {m.id} was not proposed by an agent (its source is {m.provenance.kind.value})")
    return m


def confirm_proposal(lore: Lore, mid: str) -> Memory:
    """Make an agent's memory active; from now on it is trusted like the person's own (or the team's)."""
    m = _proposal(lore, mid)
    if m.status in (Status.SUPERSEDED,):
        raise ValidationError(f"memory {m.id} was superseded; confirm its successor instead")
    lore.set_status(m.id, Status.ACTIVE)
    fresh = lore.get(m.id)
    fresh.meta.pop("rejectedAt", None)
    fresh.meta["confirmedAt"] = _now()
    return lore.update(fresh, touch=False)


def reject_proposal(lore: Lore, mid: str) -> Memory:
    """Forget an agent's memory (deprecated, restorable with `lore restore`)."""
    m = _proposal(lore, mid)
    lore.set_status(m.id, Status.DEPRECATED)
    fresh = lore.get(m.id)
    fresh.meta["rejectedAt"] = _now()
    return lore.update(fresh, touch=False)
