"""Learning end to end: record feedback, propose and retire preference memories, review, use.

Every face calls these functions (the `lore.feedback` and `lore.preferences` commands, `lore
feedback` and `lore preferences`, hovers). Learned state lives in the database of its scope: the
user database for "user" (the default: taste follows the developer across repositories) and the
workspace database for "workspace" (a repository-specific habit).

A feature's preference memory moves through: proposed (evidence became consistent, or a
rejection stated a reason) → active (confirmed) or deprecated (rejected: the feature is then
never proposed again in that scope). Contradicting evidence lowers a proposed or active
preference's confidence and retires it (deprecated, `meta["retired"]`) once it no longer holds;
a retired feature may be proposed again later when the evidence turns consistent again.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from typing import TYPE_CHECKING

import attrs

from lore.jsonview import memory_json
from lore.learn import catalog
from lore.learn.events import FeedbackEvent
from lore.learn.evidence import FeatureEvidence, Proposal, accumulate, propose, still_holds
from lore.learn.extract import WEIGHT_REJECTED, Observation, observe
from lore.learn.ledger import EvidenceEntry, Ledger, purge_events
from lore.learn.reasons import stated_preference
from lore.learn.syntax import normalize_language, shorten
from lore.model import (MAX_TITLE, Kind, Memory, Provenance, Scope, SourceKind, Status, ValidationError,
                        parse_scope)
from lore.redact import redact, redact_path
from lore.store import Store

if TYPE_CHECKING:
    from lore.service import Lore

logger = logging.getLogger(__name__)

LEARNED_TAG = "learned"
DAY = 86400.0


@attrs.define
class FeedbackResult:
    """What one feedback event taught: its observations, new proposals, retired preferences."""

    observations: list[Observation] = attrs.Factory(list)
    proposed: list[Memory] = attrs.Factory(list)
    retired: list[Memory] = attrs.Factory(list)
    updated: list[Memory] = attrs.Factory(list)
    redactions: int = 0

    def to_json(self) -> dict:
        """The `lore.feedback` result (docs/PROTOCOL.md), camelCase."""
        return {
            "observations": [observation_json(o) for o in self.observations],
            "proposed": [preference_json(m) for m in self.proposed],
            "retired": [preference_json(m) for m in self.retired],
            "updated": [preference_json(m) for m in self.updated],
            "redactions": self.redactions,
        }


@attrs.frozen
class Contradiction:
    """A place in a document that goes against an active preference (0-based line and column)."""

    memory: Memory
    line: int
    col: int
    description: str


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


# -- recording ---------------------------------------------------------------------------------
def record_feedback(lore: Lore, event: FeedbackEvent, *, scope: str = "user",
                    retention_days: int | None = None) -> FeedbackResult:
    """Store a feedback event (redacted), learn from it, propose or retire preferences."""
    scope_value = _private_scope(scope)
    store = _store(lore, scope_value)
    ledger = Ledger(store, scope_value)
    clean, redactions = _redacted(event)
    observations = observe(clean)
    stated = stated_preference(clean)
    if stated is not None and not any(o.feature == stated.feature for o in observations):
        observations.append(Observation(stated.feature, stated.prefers, stated.over, WEIGHT_REJECTED,
                                        stated.example, clean.at))
    result = FeedbackResult(observations=observations, redactions=redactions)
    to_add: list[Memory] = []
    with store.transaction():
        event_id = ledger.add_event(clean, redactions)
        ledger.add_observations(event_id, observations)
        entries = ledger.entries({o.feature for o in observations})
        fresh = accumulate({f: e.evidence for f, e in entries.items()}, observations)
        for feature, evidence in fresh.items():
            entry = entries.get(feature) or EvidenceEntry(evidence)
            entry.evidence = evidence
            proposal = stated.proposal if stated is not None and stated.feature == feature else None
            new = _learn(lore, entry, proposal, clean.language, scope_value, result)
            if new is not None:
                entry.memory_id = new.id
                to_add.append(new)
            ledger.save(entry)
    for memory in to_add:
        result.proposed.append(lore.add(memory).memory)
        logger.info("proposed preference %s (%s): %s", memory.id, scope_value, memory.title)
    if retention_days is not None:
        purge_old_feedback(lore, retention_days)
    return result


def feedback_from_json(lore: Lore, data, *, retention_days: int | None = None) -> dict:
    """The `lore.feedback` command: parse the argument (optional `scope`), record it, result JSON."""
    try:
        event = FeedbackEvent.from_json(data)
    except ValueError as e:
        raise ValidationError(str(e)) from None
    scope = data.get("scope") or "user"
    if not isinstance(scope, str):
        raise ValidationError(f"scope must be user or workspace, got {scope!r}")
    return record_feedback(lore, event, scope=scope, retention_days=retention_days).to_json()


def _learn(lore: Lore, entry: EvidenceEntry, stated: Proposal | None, language: str, scope: str,
           result: FeedbackResult) -> Memory | None:
    """Update the feature's preference with new evidence; a new memory to propose, if any."""
    current = _memory(lore, entry.memory_id)
    if current is not None and current.status in (Status.PROPOSED, Status.ACTIVE):
        changed = _reassess(lore, current, entry.evidence)
        if changed.status is Status.DEPRECATED:
            result.retired.append(changed)
        else:
            result.updated.append(changed)
            return None
    elif current is not None and not current.meta.get("retired"):
        return None  # rejected, forgotten or superseded by the developer: theirs to revive
    if entry.blocked_at is not None:
        return None
    proposal = stated or propose(entry.evidence)
    if proposal is None:
        return None
    return _preference(proposal, entry.evidence, language, scope)


def _reassess(lore: Lore, m: Memory, evidence: FeatureEvidence) -> Memory:
    """New confidence for a preference; retire it when the evidence no longer holds."""
    prefers = str(m.meta.get("prefers") or "")
    holds, confidence = still_holds(evidence, prefers)
    m.confidence = confidence
    m.meta["evidence"] = evidence_meta(evidence, prefers)
    if not holds:
        m.status = Status.DEPRECATED
        m.meta["retired"] = {
            "reason": f"later edits went the other way: {confidence:.0%} of the evidence still "
                      f"prefers {prefers}",
            "at": _iso(time.time()),
        }
        logger.info("retired preference %s: %s", m.id, m.meta["retired"]["reason"])
    elif m.status is Status.PROPOSED and not str(m.meta.get("feature", "")).startswith("reason."):
        refreshed = propose(evidence, min_signals=0, min_share=0.0, min_weight=0.0)
        if refreshed is not None and refreshed.prefers == prefers:
            m.body = refreshed.body
    return lore.update(m)


def _preference(proposal: Proposal, evidence: FeatureEvidence, language: str, scope: str) -> Memory:
    """A proposed preference memory for a proposal, listing its evidence."""
    return Memory(
        title=shorten(proposal.title, MAX_TITLE),
        body=proposal.body,
        kind=Kind.PREFERENCE,
        status=Status.PROPOSED,
        scope=Scope(scope),
        provenance=Provenance(kind=SourceKind.FEEDBACK, key=f"feature:{proposal.feature}"),
        confidence=proposal.confidence,
        tags=[LEARNED_TAG],
        meta={
            "feature": proposal.feature,
            "prefers": proposal.prefers,
            "over": proposal.over,
            "languages": _languages(proposal.feature, language),
            "evidence": evidence_meta(evidence, proposal.prefers),
        },
    )


def evidence_meta(evidence: FeatureEvidence, prefers: str) -> dict:
    """The evidence behind a preference, as stored in `meta["evidence"]`."""
    return {
        "signals": evidence.signals,
        "weights": {k: round(v, 3) for k, v in sorted(evidence.option_weights.items())},
        "share": round(evidence.share(prefers), 3),
        "examples": list(evidence.examples),
        "lastAt": _iso(evidence.last_at) if evidence.last_at else None,
    }


def _languages(feature_id: str, language: str) -> list[str]:
    """Languages the preference is about. Kept in meta, not as anchors: an unanchored preference is
    project-wide, which is what puts it into every context pack."""
    feature = catalog.get(feature_id)
    if feature is not None:
        languages = {"python": ["python"], "js": ["javascript", "typescript"]}
        return [name for family in sorted(feature.families) for name in languages.get(family, [])]
    normalized = normalize_language(language)
    return [normalized] if normalized else []


# -- review ------------------------------------------------------------------------------------
def list_preferences(lore: Lore, *, include_rejected: bool = False) -> list[Memory]:
    """Proposed and active preference memories (and deprecated ones when asked), proposed first."""
    statuses = [Status.PROPOSED, Status.ACTIVE] + ([Status.DEPRECATED] if include_rejected else [])
    found = lore.list(kinds=[Kind.PREFERENCE], statuses=statuses, limit=10_000)
    order = {Status.PROPOSED: 0, Status.ACTIVE: 1, Status.DEPRECATED: 2}
    return sorted(found, key=lambda m: (order.get(m.status, 3), -m.updated_at))


def confirm_preference(lore: Lore, mid: str) -> Memory:
    """Make a proposed (or earlier rejected) preference active."""
    m = _preference_memory(lore, mid)
    if m.status is Status.SUPERSEDED:
        raise ValidationError(f"preference {m.id} was superseded; confirm its successor instead")
    feature = m.meta.get("feature")
    if feature:
        Ledger(lore.store_for(m), m.scope.value).unblock(str(feature))
    if m.status is Status.ACTIVE:
        return m
    lore.set_status(m.id, Status.ACTIVE)
    fresh = lore.get(m.id)
    fresh.meta.pop("retired", None)
    fresh.meta["confirmedAt"] = _iso(time.time())
    return lore.update(fresh)


def reject_preference(lore: Lore, mid: str) -> Memory:
    """Deprecate a preference; its feature is never proposed again in that scope."""
    m = _preference_memory(lore, mid)
    lore.set_status(m.id, Status.DEPRECATED)
    fresh = lore.get(m.id)
    fresh.meta.pop("retired", None)
    fresh.meta["rejectedAt"] = _iso(time.time())
    feature = fresh.meta.get("feature")
    if feature and fresh.scope in (Scope.USER, Scope.WORKSPACE):
        Ledger(lore.store_for(fresh), fresh.scope.value).block(str(feature), time.time())
    return lore.update(fresh)


PREFERENCE_ACTIONS = ("list", "confirm", "reject")


def preferences_action(lore: Lore, action: str = "list", mid: str | None = None, *,
                       include_rejected: bool = False) -> dict:
    """The `lore.preferences` command: list, confirm or reject; `{preferences, changed?}` as JSON."""
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


def _preference_memory(lore: Lore, mid: str) -> Memory:
    m = lore.get(mid)
    if m.kind is not Kind.PREFERENCE:
        raise ValidationError(f"memory {m.id} is a {m.kind.value}, not a preference")
    return m


# -- use ---------------------------------------------------------------------------------------
def active_learned(lore: Lore) -> list[Memory]:
    """Active preferences that name a learned feature (the ones code can be checked against)."""
    found = lore.list(kinds=[Kind.PREFERENCE], statuses=[Status.ACTIVE], limit=10_000)
    return [m for m in found if m.meta.get("feature") and m.meta.get("prefers")]


def contradictions(lore: Lore, rel_path: str, language: str, text: str) -> list[Contradiction]:
    """Places in `text` that go against an active preference, in document order."""
    return contradictions_in(active_learned(lore), language or _language_of(rel_path), text)


def contradictions_in(preferences: list[Memory], language: str, text: str) -> list[Contradiction]:
    """Pure part of `contradictions` (no database): safe to run off the event loop."""
    from lore.learn.evidence import contradicts

    found: list[Contradiction] = []
    for m in preferences:
        try:
            places = contradicts(str(m.meta["feature"]), str(m.meta["prefers"]), language, text)
        except Exception:
            logger.warning("checking preference %s failed", m.id, exc_info=True)
            continue
        found += [Contradiction(m, line, col, description) for line, col, description in places]
    found.sort(key=lambda c: (c.line, c.col, c.memory.id))
    return found


def _language_of(rel_path: str) -> str:
    from lore.anchors import language_for_path

    return language_for_path(rel_path) or "plaintext"


# -- privacy -----------------------------------------------------------------------------------
def purge_old_feedback(lore: Lore, retention_days: int = 30) -> int:
    """Drop raw feedback text older than `retention_days` in every database; returns events purged."""
    if isinstance(retention_days, bool) or not isinstance(retention_days, (int, float)) or retention_days < 0:
        raise ValidationError(f"retention days must be a number of days >= 0, got {retention_days!r}")
    before = time.time() - float(retention_days) * DAY
    return sum(purge_events(store, before) for store in lore.stores())


# -- helpers -----------------------------------------------------------------------------------
def _private_scope(scope: str) -> str:
    value = parse_scope(scope)
    if value is Scope.TEAM:
        raise ValidationError("learned preferences are private: scope must be user or workspace")
    return value.value


def _store(lore: Lore, scope: str) -> Store:
    if scope == Scope.USER.value:
        if lore.user is None:
            raise ValidationError("the user database is disabled here; use scope workspace")
        return lore.user
    return lore.store


def _redacted(event: FeedbackEvent) -> tuple[FeedbackEvent, int]:
    """The event with secrets removed from proposed, final and reason text, and how many."""
    count = 0
    changes = {}
    for field in ("proposed", "final", "reason", "uri", "language"):
        value = getattr(event, field)
        if value:
            r = redact_path(value) if field == "uri" else redact(value)
            if r.changed:
                changes[field] = r.text
                count += len(r.redactions)
    return (attrs.evolve(event, **changes) if changes else event), count


def _memory(lore: Lore, mid: str | None) -> Memory | None:
    if not mid:
        return None
    for store in lore.stores():
        m = store.memories.get(mid)
        if m is not None:
            return m
    return None


def _iso(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
