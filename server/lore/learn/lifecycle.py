"""What new evidence does to a feature's preference memory: propose, refresh, retire, flag, succeed.

A preference moves through: proposed (evidence became consistent, or a reason stated it) → active
(confirmed) or deprecated (rejected). Later evidence keeps its body and confidence current. When
it stops holding:

- a *proposed* preference is retired (deprecated, `meta["retired"]`): nobody relied on it yet;
- an *active* one is never dropped silently: it stays active, is flagged for review
  (`meta["review"]`) and, when the evidence now points the other way, its successor is proposed
  (`meta["replaces"]`); confirming the successor supersedes it.

A rejected preference blocks only its own direction: "prefer A over B" rejected still lets
"prefer B over A" be proposed later. A new proposal that states the same choice as an existing
preference (a reason "no default exports" and mined `export default` → `export` edits) is merged
into it instead of being proposed twice.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from typing import TYPE_CHECKING

from lore.learn import catalog
from lore.learn.evidence import FeatureEvidence, Proposal, propose, still_holds
from lore.learn.ledger import EvidenceEntry
from lore.learn.substitutions import _word_set, split_feature
from lore.learn.syntax import normalize_language, shorten
from lore.memory import MAX_TITLE, Kind, Memory, Provenance, Scope, SourceKind, Status
from lore.learn.syntax import family
from lore.anchors import language_for_path

if TYPE_CHECKING:
    from lore.api import Lore

logger = logging.getLogger(__name__)

LEARNED_TAG = "learned"
_FAMILY_LANGUAGES = {"python": ["python"], "js": ["javascript", "typescript", "tsx"], "go": ["go"],
                     "rust": ["rust"], "java": ["java"]}


def learn(lore: Lore, entry: EvidenceEntry, stated: Proposal | None, language: str, scope: str,
          result) -> Memory | None:
    """Update the feature's preference with new evidence; a new memory to propose, if any."""
    current = memory(lore, entry.memory_id)
    replaces = None
    if current is not None and current.status in (Status.PROPOSED, Status.ACTIVE):
        linked = (current.meta.get("linked") or {}).get(entry.evidence.feature)
        changed = reassess(lore, current, entry.evidence, linked)
        if changed.status is Status.DEPRECATED:
            result.retired.append(changed)
        elif changed.meta.get("review") and changed.status is Status.ACTIVE:
            replaces = changed
        else:
            result.updated.append(changed)
            return None
    elif current is not None and not current.meta.get("retired") and not current.meta.get("rejectedAt"):
        return None  # forgotten or superseded by the developer: theirs to revive
    proposal = stated or propose(entry.evidence)
    if proposal is None:
        return None
    if replaces is not None and proposal.prefers == replaces.meta.get("prefers"):
        return None
    if rejected_before(lore, proposal, scope):
        return None
    if current is not None and current.meta.get("retired") and current.meta.get("prefers") == proposal.prefers:
        result.proposed.append(revive(lore, current, proposal, entry.evidence))
        return None
    twin = find_twin(lore, proposal, language, scope)
    if twin is not None:
        entry.memory_id = twin.id
        twin.meta.setdefault("linked", {})[proposal.feature] = proposal.prefers
        result.updated.append(lore.update(twin))
        return None
    new = preference(proposal, entry.evidence, language, scope)
    if replaces is not None:
        new.meta["replaces"] = replaces.id
        replaces.meta["review"]["successor"] = new.id
        lore.update(replaces)
    return new


def revive(lore: Lore, m: Memory, proposal: Proposal, evidence: FeatureEvidence) -> Memory:
    """Propose a retired preference again (the same memory, not a duplicate) now it holds again."""
    lore.set_status(m.id, Status.PROPOSED)
    fresh = lore.get(m.id)
    fresh.meta.pop("retired", None)
    fresh.meta["evidence"] = evidence_meta(evidence, proposal.prefers)
    fresh.confidence = proposal.confidence
    fresh.body = proposal.body
    logger.info("proposed retired preference %s again", m.id)
    return lore.update(fresh)


def reassess(lore: Lore, m: Memory, evidence: FeatureEvidence, linked: str | None = None) -> Memory:
    """New confidence and body for a preference; retire or flag it when it no longer holds.

    `linked` is the option a merged feature's evidence (not the memory's own) counts as support."""
    own = linked is None
    prefers = str(m.meta.get("prefers") or "") if own else linked
    holds, confidence = still_holds(evidence, prefers)
    m.confidence = confidence
    if own:
        m.meta["evidence"] = evidence_meta(evidence, prefers)
    else:
        m.meta.setdefault("linkedEvidence", {})[evidence.feature] = evidence_meta(evidence, prefers)
    if not holds and m.status is Status.ACTIVE:
        if not m.meta.get("review"):
            m.meta["review"] = {"reason": f"later edits went the other way: {confidence:.0%} of the recent "
                                          f"evidence still prefers {prefers}", "at": iso(time.time())}
            logger.info("flagged preference %s for review: %s", m.id, m.meta["review"]["reason"])
    elif not holds:
        m.status = Status.DEPRECATED
        m.meta["retired"] = {"reason": f"later edits went the other way: {confidence:.0%} of the evidence still "
                                       f"prefers {prefers}", "at": iso(time.time())}
        logger.info("retired preference %s: %s", m.id, m.meta["retired"]["reason"])
    else:
        m.meta.pop("review", None)
    if own and holds and not str(m.meta.get("feature", "")).startswith("reason."):
        refreshed = propose(evidence, min_signals=0, min_share=0.0, min_weight=0.0)
        if refreshed is not None and refreshed.prefers == prefers:
            m.body = refreshed.body
    return lore.update(m)


def rejected_before(lore: Lore, proposal: Proposal, scope: str) -> bool:
    """True when the developer rejected this choice already, in these or other words (not its opposite)."""
    for m in lore.list(kinds=[Kind.PREFERENCE], statuses=[Status.DEPRECATED], limit=10_000):
        if not m.meta.get("rejectedAt") or m.scope.value != scope:
            continue
        prefers, over = str(m.meta.get("prefers") or ""), str(m.meta.get("over") or "")
        if (m.meta.get("feature") == proposal.feature and prefers == proposal.prefers) or \
                same_choice(proposal.prefers, proposal.over, prefers, over):
            return True
    return False


def _close(a: set[str], b: set[str]) -> bool:
    return bool(a) and bool(b) and (a <= b or b <= a)


def _sides(prefers: str, over: str) -> tuple[set[str], set[str]]:
    """Words that set each side apart ("export" over "export default": {}, {"default"})."""
    p = set() if prefers.startswith("not ") else _word_set(prefers)
    o = _word_set(over)
    return p - o, o - p


def same_choice(p1: str, o1: str, p2: str, o2: str) -> bool:
    """True when (prefers, over) pairs state the same choice in other words ("not X" prefers nothing named)."""
    (a_p, a_o), (b_p, b_o) = _sides(p1, o1), _sides(p2, o2)
    if a_p & b_o or a_o & b_p:
        return False  # opposite directions
    if not a_o or not b_o:  # one names only what is wanted ("use a named export")
        return _close(a_p, b_p) or _close(_word_set(p1), _word_set(p2))
    return _close(a_o, b_o) or _close(a_p, b_p)


def find_twin(lore: Lore, proposal: Proposal, language: str, scope: str) -> Memory | None:
    """A proposed or active learned preference stating the same choice for the same language."""
    languages = set(languages_of(proposal.feature, language))
    for m in lore.list(kinds=[Kind.PREFERENCE], statuses=[Status.PROPOSED, Status.ACTIVE], limit=10_000):
        if LEARNED_TAG not in m.tags or m.scope.value != scope or m.meta.get("feature") == proposal.feature:
            continue
        if languages and not languages & set(m.meta.get("languages") or []):
            continue
        prefers, over = str(m.meta.get("prefers") or ""), str(m.meta.get("over") or "")
        if same_choice(proposal.prefers, proposal.over, prefers, over) or \
                same_shape(proposal.prefers, proposal.over, prefers, over):
            return m
    return None


def _affix(prefers: str, over: str) -> str | None:
    """What an operator substitution adds or drops ("==" -> "===": "+="), None for other edits."""
    if not prefers or not over or any(ch.isalnum() or ch.isspace() for ch in prefers + over):
        return None
    if prefers.startswith(over):
        return "+" + prefers[len(over):]
    if over.startswith(prefers):
        return "-" + over[len(prefers):]
    return None


def same_shape(p1: str, o1: str, p2: str, o2: str) -> bool:
    """True for operator substitutions making the same change ("==" -> "===" and "!=" -> "!==")."""
    a = _affix(p1, o1)
    return a is not None and a == _affix(p2, o2)


def preference(proposal: Proposal, evidence: FeatureEvidence, language: str, scope: str) -> Memory:
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
            "languages": languages_of(proposal.feature, language),
            "evidence": evidence_meta(evidence, proposal.prefers),
            "statedAt": evidence.last_at,
        },
    )


def evidence_meta(evidence: FeatureEvidence, prefers: str) -> dict:
    """The evidence behind a preference, as stored in `meta["evidence"]`."""
    return {
        "signals": evidence.signals,
        "weights": {k: round(v, 3) for k, v in sorted(evidence.option_weights.items())},
        "share": round(evidence.share(prefers), 3),
        "examples": list(evidence.examples),
        "lastAt": iso(evidence.last_at) if evidence.last_at else None,
    }


def languages_of(feature_id: str, language: str) -> list[str]:
    """Languages a preference is about (what scopes it in context packs)."""
    feature = catalog.get(feature_id)
    if feature is not None:
        return [name for fam in sorted(feature.families) for name in _FAMILY_LANGUAGES.get(fam, [])]
    parts = split_feature(feature_id)
    if parts is not None:
        return list(_FAMILY_LANGUAGES.get(parts[0], [parts[0]]))
    normalized = normalize_language(language)
    if normalized is None:
        return []

    return list(_FAMILY_LANGUAGES.get(family(normalized) or "", [normalized]))


def applies_to_path(m: Memory, path: str | None) -> bool:
    """False for a learned preference about other languages than the file's (unknown: it applies)."""
    languages = m.meta.get("languages") if m.kind is Kind.PREFERENCE else None
    if not path or not languages:
        return True

    language = language_for_path(path)
    return language is None or language in languages or normalize_language(language) in languages


def memory(lore: Lore, mid: str | None) -> Memory | None:
    """A memory of any database by id, or None."""
    if not mid:
        return None
    for store in lore.stores():
        m = store.memories.get(mid)
        if m is not None:
            return m
    return None


def iso(ts: float) -> str:
    """A UTC timestamp as ISO 8601."""
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
