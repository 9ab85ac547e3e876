"""The learning ledger of one database: feedback events, their observations and per-feature evidence.

Each database keeps its own scope's learning (the user database for "user", the workspace
database for "workspace"). Raw event text (proposed, final, reason) is already redacted when it
arrives here and is dropped by `purge` once the retention period is over; observations and
evidence hold only short derived examples and persist.

An evidence row also remembers the preference memory proposed from it (`memory_id`) and whether
the developer rejected that feature (`blocked_at`): a blocked feature is never proposed again in
this scope.
"""

from __future__ import annotations

import json
import logging

import attrs

from lore.learn.events import FeedbackEvent
from lore.learn.evidence import MAX_EXAMPLES, FeatureEvidence
from lore.learn.extract import Observation
from lore.store import Store
from lore.store.learning import LearningTables
from lore.store.learning import purge_events as purge_stored_events

logger = logging.getLogger(__name__)


@attrs.define
class EvidenceEntry:
    """Stored evidence for one feature in one scope, with its preference memory and block mark."""

    evidence: FeatureEvidence
    memory_id: str | None = None
    blocked_at: float | None = None


class Ledger:
    """Reads and writes the learning tables of one `Store` for one scope ("user" or "workspace")."""

    def __init__(self, store: Store, scope: str):
        self.store = store
        self.db = store.db
        self.scope = scope
        self.tables = LearningTables(store.db, scope)

    def add_event(self, event: FeedbackEvent, redactions: int = 0) -> int:
        """Store one (already redacted) feedback event; returns its id."""
        return self.tables.add_event(event.at, event.uri, event.language, event.outcome, event.origin,
                                     event.proposed, event.final, event.reason, redactions)

    def add_observations(self, event_id: int | None, observations: list[Observation]) -> None:
        """Store the observations drawn from one event."""
        self.tables.add_observations(event_id, [(o.feature, o.prefers, o.over, o.weight, o.example, o.at)
                                                for o in observations])

    def observations(self, feature: str) -> list[Observation]:
        """Every stored observation of one feature, oldest first."""
        return [Observation(*row) for row in self.tables.observations(feature)]

    def entries(self, features: set[str] | list[str]) -> dict[str, EvidenceEntry]:
        """Stored evidence for the given features (missing ones are left out)."""
        return {row[0]: _entry(row) for row in self.tables.evidence(sorted(set(features)))}

    def entry(self, feature: str) -> EvidenceEntry | None:
        """Stored evidence for one feature, or None."""
        return self.entries([feature]).get(feature)

    def all_entries(self) -> list[EvidenceEntry]:
        """Every evidence row of this scope, most recent evidence first."""
        return [_entry(row) for row in self.tables.all_evidence()]

    def save(self, entry: EvidenceEntry) -> None:
        """Insert or replace one feature's evidence row."""
        ev = entry.evidence
        self.tables.save_evidence(ev.feature, json.dumps(ev.option_weights, sort_keys=True), ev.signals,
                                  json.dumps(ev.examples), ev.last_at, entry.memory_id, entry.blocked_at,
                                  json.dumps(ev.decisive, sort_keys=True))

    def block(self, feature: str, at: float) -> None:
        """Never propose `feature` again in this scope (the developer rejected it)."""
        entry = self.entry(feature) or EvidenceEntry(FeatureEvidence(feature=feature))
        entry.blocked_at = at
        self.save(entry)

    def unblock(self, feature: str) -> None:
        """Allow `feature` to be proposed again (a rejected preference was confirmed after all)."""
        self.tables.unblock(feature)

    def purge(self, before: float) -> int:
        """Drop the raw text of this database's events older than `before` (every scope)."""
        return purge_events(self.store, before)

    def recent_features(self, prefix: str, limit: int = 200) -> list[str]:
        """Features of this scope whose id starts with `prefix`, most recent evidence first."""
        return self.tables.recent_features(prefix, limit)

    def event_count(self) -> int:
        """Number of feedback events recorded in this scope."""
        return self.tables.event_count()


def purge_events(store: Store, before: float) -> int:
    """Drop the raw text of events older than `before`, and the examples drawn from it (in
    observations and in the evidence rows, rebuilt from the examples left); returns how many
    events lost their text."""
    purged = purge_stored_events(store.db, before, MAX_EXAMPLES)
    if purged:
        logger.info("dropped the text of %d feedback events older than the retention period", purged)
    return purged


def _entry(row: tuple) -> EvidenceEntry:
    feature, weights, signals, examples, last_at, memory_id, blocked_at, decisive = row
    evidence = FeatureEvidence(
        feature=feature,
        option_weights={str(k): float(v) for k, v in _json(weights, {}).items()},
        signals=int(signals),
        examples=[str(e) for e in _json(examples, [])],
        last_at=float(last_at),
        decisive={str(k): int(v) for k, v in _json(decisive, {}).items()},
    )
    return EvidenceEntry(evidence, memory_id, blocked_at)


def _json(text: str, default):
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        logger.warning("unreadable evidence value %r; treating it as empty", text)
        return default
    return value if isinstance(value, type(default)) else default
