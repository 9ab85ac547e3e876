"""Final ordering of hits from several databases: merge, and keep every superseded memory below its successors.

A question about succession ("which replaced GOV.UK Verify", "do we still …") that found a retired record
strongly and its successor weakly (or not at all) keeps the strength of the match: the successor is lifted to
just above the score the retired record was found with before its status weighed it down (`Hit.matched`,
search.py), or brought in there, and the retired record follows it, both above a changelog that names Verify in
passing. Any other question keeps the retired record weighed down and its successor just above it, so the pair
does not crowd out the current record that answers the question.

Three relations between records found at import (`meta["import_newer"]`, see `sources/newer.py`)
act here, where both records are hits: a proposal that graduated into a record, a record a
later one reverses by its title ("Remove monorepo" after "Monorepo"), and a retired page whose note
says the team moved on to what a record chose (`legacy-setup.md`, "before we moved towards using
devcontainers", replaced by "Encourage use of devcontainers"), or a record whose choice the workspace dropped for
what a later one chose for the same purpose ("Use Contour for Ingress", replaced by "Use Gateway API for
Ingress"). The later record says what
holds now on the very topic the earlier one was found for, so it takes the earlier one's place (its
score is lifted to just above it) and the earlier one follows it. A record partly superseded or
amended still governs the rest of what it says: it is only weighted down a little (search.py), and
it gives its place to the later record only for a question the amendment answers better, that is
when the later record is a hit found by the question's words that is also nearer to it in meaning
than the earlier record is (the question is about what was changed, not about the rest), or, for an
amendment, that writes a word of the question the earlier record nowhere writes (`Hit.said`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lore.memory import HIDDEN_STATUSES, NEWER_META, NEWER_PARTS_META, TEMPLATE_ONLY_META, Kind, Memory
from lore.recall.query import Hit, Query

# Relations (sources/newer.py) under which the later record takes the earlier one's place.
TAKES_PLACE = ("graduated", "reversed", "replaced")
# Relations under which it does so only where it answers the question better (`_answers_better`).
CHANGES_PART = ("amended", "partly superseded", "partly reversed")


def order_hits(get: Callable[[str], Memory], hits: list[Hit], q: Query) -> list[Hit]:
    """Sort by score; a superseded hit always ranks below each successor (added just above a retired hit
    when missing, read with `get`, which raises for a memory that is gone), unless the question asked for it by
    its number alone (`Hit.asked`: "ADR 12" is that record, then what replaced it)."""
    by_id = {h.memory.id: h for h in hits}
    for h in list(hits):
        if h.memory.status not in HIDDEN_STATUSES and not q.include_superseded:
            continue
        for succ_id in h.memory.superseded_by:
            if succ_id in by_id:
                continue
            try:
                succ = get(succ_id)
            except Exception:
                continue
            extra = Hit(succ, h.score * (0.99 if h.asked else 1.01), [f"successor of {h.memory.id}"])
            by_id[succ.id] = extra
            hits.append(extra)
    _lift_successors(hits, by_id, asks_succession(q.text))
    hits.sort(key=lambda h: -h.score)
    changed = True
    guard = 0
    while changed and guard < 10:
        changed = False
        guard += 1
        for h in hits:
            later = newer_ids(h, by_id)
            if not later or h.asked:
                continue
            succ_scores = [by_id[s].score for s in later if s in by_id]
            if succ_scores and h.score >= min(succ_scores):
                h.score = min(succ_scores) * 0.99
                changed = True
        hits.sort(key=lambda h: -h.score)
    _explain(hits, by_id)
    return _fold_rules(hits)


MAX_RULES_PER_FILE = 2
_RULE_KINDS = frozenset({Kind.CONVENTION, Kind.PREFERENCE, Kind.WARNING})


def _fold_rules(hits: list[Hit]) -> list[Hit]:
    """The hits in order, but the third and later rules (conventions, preferences, warnings) imported from one file
    after the hits of every other file: a rules file or guide is read as one memory per rule, and eight rules of
    one style guide would otherwise be eight of the first ten answers. Decisions, a decision log's entries among
    them, keep their places (a successor stays above what it superseded)."""
    per_file: dict[str, int] = {}
    kept: list[Hit] = []
    later: list[Hit] = []
    for h in hits:
        path = h.memory.provenance.path if h.memory.kind in _RULE_KINDS else None
        if path:
            per_file[path] = per_file.get(path, 0) + 1
            if per_file[path] > MAX_RULES_PER_FILE:
                later.append(h)
                continue
        kept.append(h)
    return kept + later


def _answers_better(old: Hit, new: Hit | None, relation: str) -> bool:
    """Whether a later record that amends or partly supersedes `old` answers this question better: it is
    found by the question's words too, and its best section is nearer to the question in meaning; or,
    for an amendment, it writes a word of the question that `old` nowhere writes.

    An amendment is written as a change to the earlier record, about its subject: what it says that the
    earlier one does not is the change, so a question asking for it ("… and in what order are they
    layered?") asks what only the amendment answers. A record that supersedes part of another is a
    decision of its own, most of whose words are its own subject's: that it shares a word of the question
    the earlier one lacks says nothing about the part it replaced. A later record nobody filled in
    (`TEMPLATE_ONLY_META`) says its title and no more: it answers no question better than the record it changed.
    """
    if new is None or new.lexical_rank is None or new.memory.meta.get(TEMPLATE_ONLY_META):
        return False
    if new.similarity is not None and new.similarity > (old.similarity or 0.0):
        return True
    return relation == "amended" and new.said is not None and old.said is not None and bool(new.said - old.said)


def taking_place(newer: dict[str, str]) -> dict[str, str]:
    """Of a record's links to later records (`meta[NEWER_META]`: id -> relation), those that take its
    place wherever it is shown (`TAKES_PLACE`)."""
    return {i: r for i, r in newer.items() if r in TAKES_PLACE}


def _taken_over(h: Hit, by_id: dict[str, Hit] | None = None) -> dict[str, str]:
    """Later memory id -> relation, for the later records that take a hit's place in a ranking: by
    their relation, because the part of the record the hit was found by is one they replaced, or
    because they changed part of it and answer the question better (among the hits `by_id`)."""
    m = h.memory
    newer = m.meta.get(NEWER_META) or {}
    out = taking_place(newer)
    for i, r in newer.items():
        if r in CHANGES_PART and by_id and _answers_better(h, by_id.get(i), r):
            out[i] = r
    line = h.section.line if h.section is not None else None
    for new_id, spans in (m.meta.get(NEWER_PARTS_META) or {}).items():
        if line is not None and any(a <= line <= b for a, b in spans):
            out.setdefault(new_id, "part superseded")
    return out


def newer_ids(h: Hit, by_id: dict[str, Hit] | None = None) -> list[str]:
    """Ids of the memories a hit must rank below: its successors and the records that took its place
    (among the hits `by_id`, when given)."""
    m = h.memory
    return [*m.superseded_by, *(i for i in _taken_over(h, by_id) if i not in m.superseded_by)]


# A question about what replaced something, or whether it still holds: "which replaced GOV.UK Verify", "do iOS apps
# still consume …", "what do we use instead of Fluentd".
_SUCCESSION = re.compile(r"\b(?:replac\w*|super[sc]ed\w*|successor|succeeded|instead|in place of|took over|took the place|"
                         r"deprecat\w*|retired?|obsolete\w*|still|nowadays|anymore|any more|no longer|moved? (?:on|away))\b",
                         re.I)


def asks_succession(text: str) -> bool:
    """Whether a question asks what replaced something or whether it still holds (`_SUCCESSION`)."""
    return bool(_SUCCESSION.search(text or ""))


def _lift_successors(hits: list[Hit], by_id: dict[str, Hit], succession: bool = False) -> None:
    """A successor, or a later record that took an earlier hit's place, scores at least just above the earlier
    hit; a proposal that graduated into a record follows that record directly (one decision told twice: the
    record states the outcome, the proposal the design behind it). For a question about succession
    (`asks_succession`), the earlier hit's strength is the one it was found with (its score before its status
    weighed it down, `Hit.matched`), and the earlier hit, when it lifted one, takes that strength back to follow
    it: "which replaced GOV.UK Verify" is answered by the pair. Any other question keeps a retired record weighed
    down, and its successor only just above it: the pair does not crowd the current record that answers it."""
    for h in sorted(hits, key=lambda h: -h.score):
        if h.asked:
            continue  # asked for by its number: it stays first
        strength = max(h.score, h.matched or 0.0) if succession else h.score
        lifted = False
        for new_id in dict.fromkeys([*h.memory.superseded_by, *_taken_over(h, by_id)]):
            new = by_id.get(new_id)
            if new is not None and new.score < strength * 1.01:
                new.score = strength * 1.01
                new.why.append(f"current record for {h.memory.title or h.memory.id}")
                lifted = True
        if lifted:
            h.score = strength
    for h in hits:
        graduated = [by_id[i].score for i, r in _taken_over(h).items() if r == "graduated" and i in by_id]
        if graduated and h.score < max(graduated) * 0.99:
            h.score = max(graduated) * 0.99


def _explain(hits: list[Hit], by_id: dict[str, Hit]) -> None:
    """Say on a hit which later hit changed it ("reversed by …"), so the older record reads as older."""
    for h in hits:
        for new_id, relation in {**(h.memory.meta.get(NEWER_META) or {}), **_taken_over(h, by_id)}.items():
            if new_id in by_id:
                h.why.append(f"{relation} by {by_id[new_id].memory.title or new_id}")


def without_copies(hits: list[Hit]) -> list[Hit]:
    """`hits` but a guide's copy of a page it imports (a CLAUDE.md's `@docs/architecture.md`, its sections read into
    the guide, `meta["imported_from"]`) when that page is itself among them: one text shown once, from the page
    where it is written (Accenture/mercury's search showed both)."""
    pages = {h.memory.provenance.path for h in hits if h.memory.provenance.path}
    return [h for h in hits if h.memory.meta.get("imported_from") not in pages]
