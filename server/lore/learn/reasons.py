"""Preferences stated in the reason of a rejected or modified edit, tied to catalogue features.

`proposal_from_reason` reads the words ("use pathlib, not os.path"); when those words name two
options of one catalogue feature, the proposal is filed under that feature (`paths.pathlib`)
rather than a free-text one, so stated and observed evidence add up, hovers can check code
against it, and rejecting it blocks the feature itself.
"""

from __future__ import annotations

import attrs

from lore.learn import catalog
from lore.learn.events import FeedbackEvent
from lore.learn.evidence import Proposal, proposal_from_reason
from lore.learn.features import Feature
from lore.learn.syntax import shorten


@attrs.frozen
class Stated:
    """A preference the developer put in words, and a one-line example for its evidence."""

    proposal: Proposal
    example: str

    @property
    def feature(self) -> str:
        """Feature id the statement is filed under."""
        return self.proposal.feature

    @property
    def prefers(self) -> str:
        """The option the developer asked for ("not X" when they only ruled X out)."""
        return self.proposal.prefers

    @property
    def over(self) -> str:
        """The option the developer ruled out."""
        return self.proposal.over


def stated_preference(event: FeedbackEvent) -> Stated | None:
    """The preference a rejection or modification states in its reason, if any."""
    proposal = proposal_from_reason(event)
    if proposal is None:
        return None
    match = _catalog_match(proposal.prefers, proposal.over, event.language)
    if match is not None:
        feature, prefers, over = match
        proposal = Proposal(feature.id, prefers, over, feature.title(prefers, over), proposal.body, 1.0)
    return Stated(proposal, shorten(f"stated: {event.reason}") if event.reason else "")


def _catalog_match(prefers: str, over: str, language: str) -> tuple[Feature, str, str] | None:
    """(feature, preferred option, ruled-out option) when the words name options of one feature."""
    if prefers.startswith("not "):
        for feature, option in catalog.find_by_option(over, language):
            alternative = feature.alternative(option)
            if alternative is not None:
                return feature, alternative, option
        return None
    for feature, option in catalog.find_by_option(prefers, language):
        rival = next((o.name for o in feature.options if o.name != option and o.matches(over)), None)
        if rival is not None:
            return feature, option, rival
    return None
