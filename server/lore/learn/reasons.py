"""Preferences stated in the reason of a rejected or modified edit, tied to catalogue features.

`proposal_from_reason` reads the words ("use pathlib, not os.path"); when those words name two
options of one catalogue feature, the proposal is filed under that feature (`paths.pathlib`)
rather than a free-text one, so stated and observed evidence add up, hovers can check code
against it, and rejecting it blocks the feature itself. A reason that names a substitution mined
from edits (`requests` → `httpx`) is filed under that substitution in the same way.
"""

from __future__ import annotations

import attrs

from lore.learn import catalog
from lore.learn.events import FeedbackEvent
from lore.learn.evidence import Proposal, proposal_from_reason
from lore.learn.extract import Observation
from lore.learn.features import Feature
from lore.learn.substitutions import split_feature
from lore.learn.syntax import shorten
from lore.learn.lifecycle import same_choice
from lore.learn.substitutions import _word_set


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


def stated_preference(event: FeedbackEvent, candidates: list[str] = (),
                      mined: list[Observation] = ()) -> Stated | None:
    """The preference a rejection or modification states in its reason, if any.

    Filed under the catalogue feature the words name; else under the substitution the same edit
    made (a reason given with a hand edit explains that edit); else under a known substitution
    stating the same choice in other words; else under its own words.
    """
    proposal = proposal_from_reason(event)
    if proposal is None:
        return None
    match = _catalog_match(proposal.prefers, proposal.over, event.language)
    if match is not None:
        feature, prefers, over = match
        proposal = Proposal(feature.id, prefers, over, feature.title(prefers, over), proposal.body, 1.0)
    else:
        edit = _edit_match(proposal, candidates, mined)
        if edit is not None:
            feature_id, prefers, over, example = edit
            body = proposal.body.split("\n\n")[0]
            if example:
                body += f"\n\nExample (before \u2192 after):\n- `{example}`"
            proposal = Proposal(feature_id, prefers, over, f"Prefer `{prefers}` over `{over}`", body, 1.0)
    return Stated(proposal, shorten(f"stated: {event.reason}") if event.reason else "")


def _edit_match(proposal: Proposal, candidates: list[str],
                mined: list[Observation]) -> tuple[str, str, str, str] | None:
    """(feature, prefers, over, example) of the substitution a stated preference is about."""

    named = _word_set(f"{proposal.prefers} {proposal.over}")
    related = [o for o in mined if named & _word_set(f"{o.prefers} {o.over}")]
    if len(related) == 1:
        o = related[0]
        return o.feature, o.prefers, o.over, o.example
    for o in mined:
        if same_choice(proposal.prefers, proposal.over, o.prefers, o.over):
            return o.feature, o.prefers, o.over, o.example
    for feature in candidates:
        parts = split_feature(feature)
        if parts is not None and same_choice(proposal.prefers, proposal.over, parts[2], parts[1]):
            return feature, parts[2], parts[1], ""
    return None


def _catalog_match(prefers: str, over: str, language: str) -> tuple[Feature, str, str] | None:
    """(feature, preferred option, ruled-out option) when the words name options of one feature."""
    if prefers.startswith("not "):
        for feature, option in catalog.find_by_option(over, language):
            alternative = feature.alternative(option)
            if alternative is not None:
                return feature, alternative, option
        return None
    if not over:  # only a name or label will do: "prefer const" does not mean const/let over var
        for feature, option in catalog.find_by_option(prefers, language):
            alternative = feature.alternative(option)
            named = feature.option(option)
            if alternative is not None and named and prefers.lower() in {named.name.lower(), named.label.lower()}:
                return feature, option, alternative
        return None
    for feature, option in catalog.find_by_option(prefers, language):
        rival = next((o.name for o in feature.options if o.name != option and o.matches(over)), None)
        if rival is not None:
            return feature, option, rival
    return None
