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

import logging
import re
import time
from typing import TYPE_CHECKING

import attrs

from lore.learn.events import FeedbackEvent
from lore.learn.evidence import accumulate, propose
from lore.learn.extract import WEIGHT_FLIPPED, WEIGHT_REJECTED, Observation, observe
from lore.learn.ledger import EvidenceEntry, Ledger, purge_events
from lore.learn.lifecycle import LEARNED_TAG, evidence_meta, iso, learn, memory
from lore.learn.reasons import stated_preference
from lore.learn.substitutions import PREFIX, counter_evidence, family_of, mine, reason_words
from lore.memory import Kind, Memory, Scope, Status, ValidationError, parse_scope
from lore.redact import redact, redact_path
from lore.store import Store
from lore.learn.evidence import contradicts
from lore.anchors import language_for_path

if TYPE_CHECKING:
    from lore.api import Lore

logger = logging.getLogger(__name__)

DAY = 86400.0
#: Days raw feedback text (and examples drawn from it) is kept when a face does not say otherwise.
DEFAULT_RETENTION_DAYS = 30


@attrs.define
class FeedbackResult:
    """What one feedback event taught: its observations, new proposals, retired preferences."""

    observations: list[Observation] = attrs.Factory(list)
    proposed: list[Memory] = attrs.Factory(list)
    retired: list[Memory] = attrs.Factory(list)
    updated: list[Memory] = attrs.Factory(list)
    redactions: int = 0


@attrs.frozen
class Contradiction:
    """A place in a document that goes against an active preference (0-based line and column)."""

    memory: Memory
    line: int
    col: int
    description: str


# -- recording ---------------------------------------------------------------------------------
def record_feedback(lore: Lore, event: FeedbackEvent, *, scope: str = "user",
                    retention_days: int | None = DEFAULT_RETENTION_DAYS) -> FeedbackResult:
    """Store a feedback event (redacted), learn from it, propose, retire or flag preferences, and
    drop feedback text older than `retention_days` (None keeps it: only for tests and imports)."""
    scope_value = _private_scope(scope)
    store = _store(lore, scope_value)
    ledger = Ledger(store, scope_value)
    clean, redactions = _redacted(event)
    family = family_of(clean.language)
    candidates = ledger.recent_features(f"{PREFIX}{family}:") if family else []
    mined = mine(clean)
    stated = stated_preference(clean, candidates, mined)
    observations = observe(clean, stated.feature if stated is not None else None)
    if not any(o.weight >= WEIGHT_FLIPPED for o in observations):
        # An edit the catalogue explains is not mined as well: its pieces (`os` -> `Path`) would
        # propose the same choice a second time in other words.
        observations += mined
    else:
        mined = []
    observations += counter_evidence(clean, candidates, {o.feature for o in observations},
                                     reason_words(clean.reason) if stated is not None or clean.reason else None)
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
            new = learn(lore, entry, proposal, clean.language, scope_value, result)
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
    fresh.meta["confirmedAt"] = iso(time.time())
    fresh = lore.update(fresh)
    old = memory(lore, str(fresh.meta.get("replaces") or ""))
    if old is not None and old.status is Status.ACTIVE:
        lore.supersede(old.id, [fresh.id])  # the flagged preference this one succeeds
    return fresh


def reject_preference(lore: Lore, mid: str) -> Memory:
    """Deprecate a preference; its feature is never proposed again in that scope."""
    m = _preference_memory(lore, mid)
    lore.set_status(m.id, Status.DEPRECATED)
    fresh = lore.get(m.id)
    fresh.meta.pop("retired", None)
    fresh.meta["rejectedAt"] = iso(time.time())
    feature = fresh.meta.get("feature")
    if feature and fresh.scope in (Scope.USER, Scope.WORKSPACE):
        Ledger(lore.store_for(fresh), fresh.scope.value).block(str(feature), time.time())
    return lore.update(fresh)


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
    return language_for_path(rel_path) or "plaintext"


# -- privacy -----------------------------------------------------------------------------------
def purge_old_feedback(lore: Lore, retention_days: int = 30) -> int:
    """Drop raw feedback text older than `retention_days` in every database; returns events purged."""
    if isinstance(retention_days, bool) or not isinstance(retention_days, (int, float)) or retention_days < 0:
        raise ValidationError(f"retention days must be a number of days >= 0, got {retention_days!r}")
    before = time.time() - float(retention_days) * DAY
    purged = 0
    for store in lore.stores():
        purged += purge_events(store, before)
    if purged:
        _forget_old_examples(lore, before)
    return purged


def _forget_old_examples(lore: Lore, before: float) -> None:
    """Rebuild learned preferences' evidence, examples and bodies from what the purge left."""
    for m in lore.list(kinds=[Kind.PREFERENCE], tags=[LEARNED_TAG], limit=10_000):
        feature, prefers = m.meta.get("feature"), str(m.meta.get("prefers") or "")
        if not feature or m.scope not in (Scope.USER, Scope.WORKSPACE):
            continue
        entry = Ledger(lore.store_for(m), m.scope.value).entry(str(feature))
        changed = False
        if entry is not None and m.meta.get("evidence", {}).get("examples") != entry.evidence.examples:
            m.meta["evidence"] = evidence_meta(entry.evidence, prefers)
            refreshed = propose(entry.evidence, min_signals=0, min_share=0.0, min_weight=0.0)
            if refreshed is not None and refreshed.prefers == prefers and not str(feature).startswith("reason."):
                m.body = refreshed.body
            changed = True
        if str(feature).startswith("reason.") and float(m.meta.get("statedAt") or 0) < before \
                and "\u201c" in m.body:
            m.body = f"Stated in the reason given for a suggested edit ({m.title})."
            changed = True
        if changed:
            lore.update(m)


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
    if event.reason:
        text, found = _PROSE_SECRET.subn(r"\1\2[REDACTED:secret-in-prose]", changes.get("reason", event.reason))
        if found:
            changes["reason"] = text
            count += found
    return (attrs.evolve(event, **changes) if changes else event), count


#: "the password is hunter2": a secret written in prose in a reason, which code scanners miss.
_PROSE_SECRET = re.compile(
    r"(?i)\b(password|passwd|passphrase|pwd|secret|token|api[ _-]?key|access[ _-]?key)\b"
    r"(\s*(?:is|was|=|:)\s*)(?!\[REDACTED)([^\s,;]{4,})")
