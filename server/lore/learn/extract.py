"""Turning one feedback event into observations about the developer's style choices.

Weights say how much an outcome tells us:

- accepted (0.5): the suggestion's choices were tolerated; people accept code they would not
  have written themselves, so this is a mild signal.
- rejected: the suggestion's choice was turned down, recorded as a preference for the
  alternative, and only for features with exactly one alternative (rejecting an f-string does
  not say whether `.format()` or `%` was wanted). A rejection is charged to what its reason
  names (1.0): "requests is banned" says nothing about the quotes or the prints in the rejected
  code, so a reason that names another feature, or no feature, charges none. A rejection
  without a reason is weak evidence (0.25, never decisive): code is turned down for many
  reasons, and style is rarely the one.
- modified, choice flipped (1.5): the developer rewrote os.path into pathlib by hand, the
  clearest signal there is. Choices left unchanged, or introduced by the developer's own edit,
  count as accepted (0.5); a choice the developer deleted outright says nothing.

For features with an idiomatic default (snake_case in Python, camelCase in JavaScript) only
events involving the unidiomatic option are observed: following the language's convention is
not a personal preference worth a memory.
"""

from __future__ import annotations

import logging

import attrs

from lore.learn import catalog
from lore.learn.events import FeedbackEvent
from lore.learn.features import Feature, Use, verdict
from lore.learn.syntax import Snippet, parse, shorten

logger = logging.getLogger(__name__)

WEIGHT_ACCEPTED = 0.5
WEIGHT_REJECTED = 1.0
WEIGHT_UNREASONED_REJECTION = 0.25
WEIGHT_FLIPPED = 1.5


@attrs.frozen
class Observation:
    """One piece of evidence: the developer chose `prefers` over `over` for `feature`."""

    feature: str
    prefers: str
    over: str
    weight: float
    example: str
    at: float = 0.0


def observe(event: FeedbackEvent, stated_feature: str | None = None) -> list[Observation]:
    """Observations about every feature the event's text bears on; `stated_feature` is the
    feature the event's reason names, if any (a reasoned rejection charges only that one)."""
    features = catalog.for_language(event.language)
    if not features:
        return []
    proposed = parse(event.proposed, event.language)
    final = None
    if event.outcome == "modified" and event.final is not None:
        final = parse(event.final, event.language)
    if proposed is None:
        return []
    observations = []
    for feature in features:
        try:
            if event.outcome == "rejected" and event.reason and feature.id != stated_feature:
                continue
            observation = _observe_feature(feature, event, proposed, final)
        except Exception:
            # A finder tripping over odd code must not cost the other features' evidence.
            logger.warning("feature %s failed on %s", feature.id, event.uri, exc_info=True)
            continue
        if observation is not None:
            observations.append(observation)
    return observations


def _observe_feature(feature: Feature, event: FeedbackEvent, proposed: Snippet,
                     final: Snippet | None) -> Observation | None:
    proposed_uses = feature.uses(proposed)
    before = verdict(proposed_uses)
    if event.outcome == "modified":
        final_uses = feature.uses(final) if final is not None else []
        after = verdict(final_uses)
        if _only_idiomatic(feature, before, after):
            return None
        if before is not None and after is not None and before != after:
            return _observation(feature, after, before, WEIGHT_FLIPPED, final, final_uses, event)
        if after is not None:
            return _observation(feature, after, _over(feature, after), WEIGHT_ACCEPTED, final,
                                final_uses, event)
        return None
    if before is None or _only_idiomatic(feature, before, None):
        return None
    if event.outcome == "accepted":
        return _observation(feature, before, _over(feature, before), WEIGHT_ACCEPTED, proposed,
                            proposed_uses, event)
    alternative = feature.alternative(before)
    if alternative is None:
        return None
    example = _example(proposed, proposed_uses, before)
    weight = WEIGHT_REJECTED if event.reason else WEIGHT_UNREASONED_REJECTION
    return Observation(feature.id, alternative, before, weight,
                       shorten(f"instead of: {example}") if example else "", event.at)


def _only_idiomatic(feature: Feature, *choices: str | None) -> bool:
    seen = {choice for choice in choices if choice is not None}
    return feature.idiomatic is not None and seen <= {feature.idiomatic}


def _over(feature: Feature, chosen: str) -> str:
    return " or ".join(feature.others(chosen))


def _observation(feature: Feature, prefers: str, over: str, weight: float,
                 snippet: Snippet | None, uses: list[Use], event: FeedbackEvent) -> Observation:
    example = _example(snippet, uses, prefers) if snippet is not None else ""
    return Observation(feature.id, prefers, over, weight, example, event.at)


def _example(snippet: Snippet, uses: list[Use], option: str) -> str:
    """The line holding the first use of `option`, as a one-line example."""
    use = next((u for u in uses if u.option == option), None)
    return snippet.line_text(use.line) if use else ""
