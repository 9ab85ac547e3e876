"""Evidence for learned preferences, and when it is strong enough to propose one.

Observations add weight to the option the developer chose (see `extract` for the weights).
A preference is proposed for a feature when

- at least 3 signals (observations) were seen: one or two edits are anecdotes — a developer
  rewrites one suggestion for reasons unrelated to style far more often than one would think;
- at least 80% of the weight points one way: a 4-to-1 split is a habit, a 3-to-2 split is a
  codebase in transition or two people with different tastes, and a wrong "you prefer X"
  costs more trust than a late one;
- at least 2.0 weight in total: three accepted suggestions (1.5) only show what was tolerated;
- at least one decisive signal (weight >= 1.0: a hand edit that flipped the choice, or a
  rejection): acceptances and choices left untouched inside a reworked edit only show what was
  tolerated, so four os.path -> pathlib rewrites propose pathlib and not "single quotes" or
  whatever else the edits happened to leave alone.

Substitutions mined from edits (`edit.` features, see `substitutions`) also need the new form
written by hand in at least 3 edits: a fix that recurs twice is still a coincidence.

Evidence fades: before each new observation of a feature, its earlier weights are multiplied by
DECAY (a hand edit's worth of decay per hand edit, less for lighter signals), so after a change
of mind a handful of edits outweighs a long history. A proposed preference is retired, and a
confirmed one flagged for review (see `lifecycle`), when later evidence brings its share below
60%. The gap between 80% to propose and 60% to retire keeps a preference from flapping
between proposed and retired on every single edit.

A rejection that says why ("use pathlib, not os.path") proposes a preference at once, from the
words of the reason: the developer stated it, nothing needs to be inferred.
"""

from __future__ import annotations

import logging
import re

import attrs

from lore.learn import catalog
from lore.learn.events import FeedbackEvent
from lore.learn.extract import Observation
from lore.learn.features import Feature
from lore.learn.substitutions import split_feature
from lore.learn.syntax import parse, shorten
from lore.learn.substitutions import uses_of

logger = logging.getLogger(__name__)

MIN_SIGNALS = 3
MIN_SHARE = 0.8
MIN_WEIGHT = 2.0
DECISIVE_WEIGHT = 1.0
RETIRE_BELOW = 0.6
MAX_EXAMPLES = 5
MIN_EDIT_FLIPS = 3
#: Weight kept by earlier evidence per hand edit (1.5) of new evidence; lighter signals decay less.
DECAY = 0.8
_FULL_WEIGHT = 1.5


@attrs.define
class FeatureEvidence:
    """Accumulated weight per option of one feature; examples are tagged "[option] code"."""

    feature: str
    option_weights: dict[str, float] = attrs.Factory(dict)
    signals: int = 0
    examples: list[str] = attrs.Factory(list)
    last_at: float = 0.0
    decisive: dict[str, int] = attrs.Factory(dict)  # option -> signals of weight >= DECISIVE_WEIGHT

    @property
    def total(self) -> float:
        """Total weight over all options."""
        return sum(self.option_weights.values())

    def share(self, option: str) -> float:
        """Share of the total weight that went to `option` (0.0 without evidence)."""
        total = self.total
        return self.option_weights.get(option, 0.0) / total if total else 0.0


@attrs.frozen
class Proposal:
    """A preference memory worth proposing to the developer."""

    feature: str
    prefers: str
    over: str
    title: str
    body: str
    confidence: float


def accumulate(evidence: dict[str, FeatureEvidence],
               observations: list[Observation]) -> dict[str, FeatureEvidence]:
    """Return new evidence with `observations` added; the input is left untouched."""
    result = {key: attrs.evolve(ev, option_weights=dict(ev.option_weights), examples=list(ev.examples),
                                decisive=dict(ev.decisive))
              for key, ev in evidence.items()}
    for obs in observations:
        ev = result.setdefault(obs.feature, FeatureEvidence(feature=obs.feature))
        fade = DECAY ** (min(obs.weight, _FULL_WEIGHT) / _FULL_WEIGHT)
        ev.option_weights = {k: v * fade for k, v in ev.option_weights.items()}
        ev.option_weights[obs.prefers] = ev.option_weights.get(obs.prefers, 0.0) + obs.weight
        ev.signals += 1
        if obs.weight >= DECISIVE_WEIGHT:
            ev.decisive[obs.prefers] = ev.decisive.get(obs.prefers, 0) + 1
        ev.last_at = max(ev.last_at, obs.at)
        if obs.example:
            tagged = f"[{obs.prefers}] {obs.example}"
            if tagged in ev.examples:
                ev.examples.remove(tagged)
            ev.examples.append(tagged)
            del ev.examples[:-MAX_EXAMPLES]
    return result


def propose(evidence: FeatureEvidence, *, min_signals: int = MIN_SIGNALS,
            min_share: float = MIN_SHARE, min_weight: float = MIN_WEIGHT) -> Proposal | None:
    """A proposal when the evidence is consistent enough (see module docstring), else None."""
    if evidence.signals < min_signals or evidence.total < min_weight:
        return None
    prefers = max(evidence.option_weights, key=evidence.option_weights.__getitem__)
    confidence = evidence.share(prefers)
    if confidence < min_share or not evidence.decisive.get(prefers):
        return None
    edit = split_feature(evidence.feature)
    if edit is not None and min_signals and evidence.decisive.get(prefers, 0) < MIN_EDIT_FLIPS:
        return None
    feature = catalog.get(evidence.feature)
    over = _over(evidence, prefers, feature)
    if feature is not None:
        title = feature.title(prefers, over)
    elif edit is not None:
        title = f"Prefer `{prefers}` over `{over}`"
    else:
        title = f"Prefer {prefers} over {over}" if over else f"Prefer {prefers}"
    return Proposal(evidence.feature, prefers, over, title, _body(evidence, prefers, feature),
                    round(confidence, 3))


def _over(evidence: FeatureEvidence, prefers: str, feature: Feature | None) -> str:
    edit = split_feature(evidence.feature)
    if edit is not None:
        return edit[1] if prefers == edit[2] else edit[2]
    rivals = {k: v for k, v in evidence.option_weights.items() if k != prefers and v > 0}
    if rivals:
        return max(rivals, key=rivals.__getitem__)
    if feature is not None:
        return " or ".join(feature.others(prefers))
    return ""


def _body(evidence: FeatureEvidence, prefers: str, feature: Feature | None) -> str:
    label = feature.label if feature else str
    weights = ", ".join(
        f"{label(option)} {round(weight, 2):g}"
        for option, weight in sorted(evidence.option_weights.items(), key=lambda kv: -kv[1])
    )
    lines = [
        f"Learned from {evidence.signals} edit signals: {weights} after decay "
        f"({evidence.share(prefers):.0%} for {label(prefers)}; a hand edit counts 1.5, "
        "a rejection 1.0 with a reason naming it and 0.25 without one, an acceptance 0.5).",
    ]
    tag = f"[{prefers}] "
    examples = [e[len(tag):] for e in evidence.examples if e.startswith(tag)]
    if examples:
        heading = "Examples (before \u2192 after):" if evidence.feature.startswith("edit.") else "Examples:"
        lines += ["", heading] + [f"- `{example}`" for example in examples]
    return "\n".join(lines)


def still_holds(evidence: FeatureEvidence, prefers: str, *,
                retire_below: float = RETIRE_BELOW) -> tuple[bool, float]:
    """(holds, confidence) of a preference given all evidence so far; no evidence holds."""
    if evidence.total <= 0:
        return True, 1.0
    share = evidence.share(prefers)
    return share >= retire_below, round(share, 3)


_FILLER = re.compile(
    r"\s+(?:here|please|anymore|in this (?:repo(?:sitory)?|project|codebase|file|module|package))\b.*$",
    re.IGNORECASE,
)
_LEAD = r"(?:please\s+|we\s+|always\s+|just\s+)*"
_REASON_PATTERNS = (
    re.compile(_LEAD + r"(?:use|prefer|write|go with|stick to|stick with)\s+(?P<prefers>.+?)"
               r"\s*(?:,\s*|\s+)(?:not|instead of|over|rather than|and not)\s+(?P<over>.+)", re.I),
    re.compile(_LEAD + r"(?:don'?t|do not|never|shouldn'?t|should not|no longer)\s+use\s+(?P<over>.+)",
               re.I),
    re.compile(_LEAD + r"(?:avoid|no more|no|drop|stop using|get rid of)\s+(?P<over>[^,].*)", re.I),
    re.compile(r"(?P<over>.+?)\s+(?:is|are)\s+(?:banned|not allowed|forbidden|discouraged)\b.*", re.I),
    re.compile(r"(?P<prefers>[^,]+?)\s*(?:,\s*not|\s+over|\s+instead of|\s+rather than)\s+(?P<over>.+)",
               re.I),
)
#: "prefer const", "always use ===", "use a named export": what is wanted, nothing named against it.
_PREFERS_ONLY = re.compile(_LEAD + r"(?:use|prefer|write|go with|stick to|stick with)\s+(?P<prefers>[^,]+?)"
                           r"(?:\s+(?:please|instead|here))?", re.I)
_MAX_PREFERS_ONLY_WORDS = 3
_MAX_WORDS = 4


def _phrase(text: str | None) -> str | None:
    """A cleaned option phrase, or None when it is too long to name a style choice."""
    if text is None:
        return None
    text = _FILLER.sub("", text.strip().split(";")[0].split(". ")[0])
    text = text.lstrip(" \t,:;\"'`").rstrip(" \t.,!:;\"'`")
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    text = re.sub(r"^(?:the|a|an)\s+", "", text, flags=re.I)
    if not text or len(text.split()) > _MAX_WORDS:
        return None
    return text


def parse_reason(reason: str) -> tuple[str, str] | None:
    """(prefers, over) stated by a reason; prefers is "not X" when only X is ruled out, over is ""
    when only what is wanted is named."""
    text = " ".join(reason.replace("`", "").split())
    for number, pattern in enumerate(_REASON_PATTERNS):
        match = pattern.fullmatch(text.rstrip(".!"))
        if match is None:
            continue
        over = _phrase(match.group("over"))
        groups = match.groupdict()
        prefers = _phrase(groups["prefers"]) if "prefers" in groups else (over and f"not {over}")
        # A bare "X over Y" without a verb is only trusted in a short reason.
        if number == len(_REASON_PATTERNS) - 1 and len(text.split()) > 2 * _MAX_WORDS:
            return None
        if prefers and over:
            return prefers, over
    match = _PREFERS_ONLY.fullmatch(text.rstrip(".!"))
    prefers = _phrase(match.group("prefers")) if match else None
    if prefers and len(prefers.split()) <= _MAX_PREFERS_ONLY_WORDS:
        return prefers, ""
    return None


def _slug(text: str) -> str:
    return re.sub(r"[\s`'\"]+", "-", text.lower()).strip("-")[:60] or "preference"


def proposal_from_reason(event: FeedbackEvent) -> Proposal | None:
    """A preference stated in the reason of a rejected or modified edit, if it states one."""
    if event.outcome not in {"rejected", "modified"} or not event.reason:
        return None
    parsed = parse_reason(event.reason)
    if parsed is None:
        return None
    prefers, over = parsed
    if prefers.startswith("not "):
        feature_id, title = f"reason.avoid-{_slug(over)}", f"Avoid {over}"
    elif not over:
        feature_id, title = f"reason.prefer-{_slug(prefers)}", f"Prefer {prefers}"
    else:
        feature_id, title = f"reason.avoid-{_slug(over)}", f"Prefer {prefers} over {over}"
    body = f"Stated when a suggested edit was {event.outcome}: \u201c{shorten(event.reason, 300)}\u201d"
    return Proposal(feature_id, prefers, over, title, body, 1.0)


def _targets(feature_id: str, prefers: str, language: str) -> list[tuple[Feature, str | None]]:
    """(feature, disfavoured option or None for "anything but prefers") pairs to check."""
    feature = catalog.get(feature_id)
    if feature is not None:
        return [(feature, None)] if feature.applies_to(language) else []
    if prefers.startswith("not "):
        return [(f, option) for f, option in catalog.find_by_option(prefers[4:], language)]
    return [(f, None) for f, _ in catalog.find_by_option(prefers, language)]


def contradicts(feature: str, prefers: str, language: str, code: str) -> list[tuple[int, int, str]]:
    """(line, col, description) of each use in `code` of an option the preference rules out."""
    edit = split_feature(feature)
    if edit is not None:
        over = edit[1] if prefers == edit[2] else edit[2]
        return uses_of(language, edit[0], over, code, f"prefer `{prefers}` over `{over}`")
    targets = _targets(feature, prefers, language)
    if not targets:
        return []
    snippet = parse(code, language)
    if snippet is None:
        return []
    preferred = prefers[4:] if prefers.startswith("not ") else prefers
    found = []
    for target, disfavoured in targets:
        wanted = _canonical(target, preferred)
        try:
            uses = target.uses(snippet)
        except Exception:
            logger.warning("feature %s failed while checking %s", target.id, feature, exc_info=True)
            continue
        for use in uses:
            if disfavoured is not None and use.option == disfavoured:
                found.append((use.line, use.col, f"{use.text}: avoid {target.label(disfavoured)}"))
            elif disfavoured is None and use.option != wanted:
                found.append((use.line, use.col, f"{use.text}: prefer {target.label(wanted)}"))
    return sorted(set(found))


def _canonical(feature: Feature, words: str) -> str:
    """The option name `words` refers to in `feature` (names, labels and aliases all work)."""
    option = next((o for o in feature.options if o.matches(words)), None)
    return option.name if option else words
