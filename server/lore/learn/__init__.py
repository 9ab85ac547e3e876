"""Learning a developer's preferences from what they did with suggested edits.

Pure functions only: `observe` turns one `FeedbackEvent` into `Observation`s, `accumulate`
folds them into per-feature evidence, `propose` and `still_holds` decide when a preference is
worth proposing or should be retired, and `contradicts` finds code that goes against one.
Storage is in `ledger` (events, observations, evidence per scope) and the faces call `service`
(record feedback, review preferences, find contradicting code, purge old feedback text).
"""

from lore.learn.events import FeedbackEvent
from lore.learn.evidence import (
    FeatureEvidence,
    Proposal,
    accumulate,
    contradicts,
    proposal_from_reason,
    propose,
    still_holds,
)
from lore.learn.extract import Observation, observe

__all__ = [
    "FeatureEvidence",
    "FeedbackEvent",
    "Observation",
    "Proposal",
    "accumulate",
    "contradicts",
    "observe",
    "proposal_from_reason",
    "propose",
    "still_holds",
]
