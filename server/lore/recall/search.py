"""Hybrid search over one database: BM25 words and vector KNN, each scaled against the best match and fused by score
(each signal weighted by how far its best match stands out, fusion.py), then adjusted."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Sequence

import attrs

from lore.memory import (HIDDEN_STATUSES, NEWER_META, TEMPLATE_ONLY_META, Anchor, Kind, Memory, SourceKind, Status,
                         is_plain_doc)
from lore.recall.anchoring import GLOB_CHARS, MATCH_WEIGHT, best_match, glob_covers
from lore.recall.fusion import word_share
from lore.recall.numbered import cited_numbers, cites, record_number, uncited
from lore.recall.query import MEANING_SURE, Hit, Query
from lore.recall.query_text import holds_code, indexed_query
from lore.store import Store
from lore.text import query_words

CANDIDATES = 60
# An anchor at the query's place is a third signal worth as much as words or meaning; RRF_K keeps
# the old spacing between anchor kinds (a symbol anchor a little above a file, a file above a glob).
ANCHOR_SHARE = 0.5
RRF_K = 60
# Below this cosine similarity a memory found by meaning alone is noise, not a match.
SEMANTIC_FLOOR = 0.2
KIND_WEIGHT = {Kind.DECISION: 1.0, Kind.CONVENTION: 1.0, Kind.PREFERENCE: 1.0, Kind.WARNING: 1.0,
               Kind.FACT: 0.97, Kind.TASK: 0.93}
# How specific an anchor match is: a symbol first, a file second, a glob by how deep its fixed part
# reaches, a language last (turned into a strength by (RRF_K + 1) / (RRF_K + rank)).
ANCHOR_RANK = {"symbol": 1, "file": 2, "language": 12}
# By status value: a proposal is often the project's current thinking and a rejected decision is an
# answer ("we chose not to, because"); superseded ones rank below their successors (ordering.py). A retired record
# sinks below what the question found as strongly; for a question about succession ("which replaced …") it is
# followed, not outranked, by the successor lifted into its place at the strength of the match (`Hit.matched`).
STATUS_WEIGHT = {"active": 1.0, "proposed": 0.95, "rejected": 0.9, "superseded": 0.6, "deprecated": 0.6}
OTHER_STATUS_WEIGHT = 0.9
# A decision record nobody filled in (`TEMPLATE_ONLY_META`) says its title and no more, and its few words match a
# question as strongly as a record's whole text does (BM25 favours a short text): it weighs a step below records with
# content, as a rejected record does below an active one.
TEMPLATE_ONLY_WEIGHT = 0.85
# A record a later one partly supersedes or amends still governs the rest of what it says; it weighs
# like a proposal, a small step next to the gap between a strong and a weak match (sources/newer.py).
CHANGED_WEIGHT = 0.95
CHANGED_RELATIONS = ("partly superseded", "amended", "partly reversed")
# A name a question in words writes as code would (`ValuesChanges`, `FeatureStore`) that at most RARE_NAME
# memories write is evidence neither signal weighs enough: BM25 gives a rare term a high weight, yet one rare word
# among common ones ("besides the changelog") barely stands out of the ranking, and the sentence model does not know
# the name. Those memories gain up to NAME_SHARE, about the gap between a good and a middling match. A question
# holding code (a fragment) is left to the word index, which reads its identifiers whole and in words (`query_text`),
# but for a question that is one name alone (`hlm_add_test`, `fullyParallel`, `getIdempotencyKey()`): its words
# match many pages that say "test", and only the few writing the name whole are about it.
_NAME = re.compile(r"(?<![\w.])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w])")
_ONE_NAME = re.compile(r"^\s*`?([A-Za-z_$][\w$]*(?:[.:]{1,2}[A-Za-z_$][\w$]*)*)(?:\(\))?`?\s*$")
RARE_NAME = 2
NAME_SHARE = 0.25
MAX_NAMES = 8
# A question asking for a reason ("why do we…", "what was the rationale for…") asks what only a decision or a rule
# gives: documentation pages and the project's map, which explain what is rather than why, weigh a little less.
REASON_DOC_WEIGHT = 0.9
_ASKS_WHY = re.compile(r"^\W*(?:why\b|how come\b|for what reason\b|what (?:is|was|were) the (?:reasons?|rationale|motivation)\b"
                       r"|what (?:made|led) us\b)", re.I)
# A question that is a record's number alone ("ADR 5", "what is ADR 5") puts that record first; one that cites a number
# among other words ("what did ADR 12 say about caching") lifts it like a rare name (numbered.py), and those words
# alone are matched by words and meaning (`matched_text`).
CITED_FIRST = 2.0


def lexical(store: Store, text: str, limit: int = CANDIDATES) -> list[tuple[int, float]]:
    """(section id, bm25) best first, for the content words of `text` (bm25 is negative: lower is better);
    the words of a question holding code include its identifiers split into words (`indexed_query`)."""
    return store.sections.match_words(query_words(indexed_query(text)), limit)


def word_scores(rows: Sequence[tuple[int, float]], cut: bool = False) -> dict[int, float]:
    """Section id -> BM25 relative to the best match (1.0 for the best; 0 means no word matched). When the candidates
    were `cut` at the limit, the weakest of them is the noise level, and the scale starts there, as `meaning_scores`
    starts at the weakest cosine: a question's common words give every one of the many sections they match a good part
    of the best score, so relative to the best alone the 22nd candidate kept two thirds of it and words hardly told
    sections apart beside meaning. Fewer candidates than the limit are all the sections the words match: each a
    match, scaled against the best alone."""
    scores = [max(0.0, -r) for _, r in rows]
    best = max(scores, default=0.0)
    floor = min(scores) if cut and scores else 0.0
    if best - floor <= 1e-9:
        return {sid: 1.0 for sid, _ in rows}
    return {sid: (s - floor) / (best - floor) for (sid, _), s in zip(rows, scores)}


def meaning_scores(pairs: Sequence[tuple[int, float]]) -> dict[int, float]:
    """Section id -> cosine rescaled between the noise level (0) and the best candidate (1), or `MEANING_SURE`
    when the best candidate is further from the question than that (then nothing scores 1).

    The noise level is the weakest of the nearest candidates (what an unrelated text scores against
    this query), and never below `SEMANTIC_FLOOR`, under which a cosine is no match at all. So the
    scale starts where a match starts: a section just under the floor and one just over it score
    about the same (near 0) rather than 0 and a good part of the best, and a section far above the
    floor stays far above one near it. Nothing above the floor: every section scores 0.
    """
    if not pairs:
        return {}
    top = max(c for _, c in pairs)
    if top <= SEMANTIC_FLOOR:
        return {sid: 0.0 for sid, _ in pairs}
    floor = max(SEMANTIC_FLOOR, min(c for _, c in pairs) if len(pairs) > 1 else 0.0)
    span = max(top, MEANING_SURE) - floor
    if span <= 1e-6:  # all alike (above the floor): all the best
        return {sid: 1.0 if c > SEMANTIC_FLOOR else 0.0 for sid, c in pairs}
    return {sid: max(0.0, c - floor) / span for sid, c in pairs}


def _passes(m: Memory, q: Query) -> bool:
    if q.kinds and m.kind not in q.kinds:
        return False
    if q.scopes and m.scope not in q.scopes:
        return False
    if q.statuses:
        if m.status not in q.statuses:
            return False
    elif m.status in HIDDEN_STATUSES and not q.include_superseded and not _retired_record(m):
        return False
    if q.tags and not set(q.tags) <= set(m.tags):
        return False
    if q.since is not None and m.updated_at < q.since:
        return False
    if q.under:
        prefix = q.under.rstrip("/")
        places = [m.provenance.path or ""] + [a.value for a in m.anchors if a.kind == "path"] + \
                 [a.file or "" for a in m.anchors if a.kind == "symbol"]
        if not any(p == prefix or p.startswith(prefix + "/") or glob_covers(p, prefix + "/x") for p in places if p):
            return False
    return True


def _retired_record(m: Memory) -> bool:
    """A record the repository retired (superseded, deprecated): a search that finds it shows it, weighted
    down and marked with its status, rather than losing what the team once decided and why ("did we ever
    use magic links?"); the records it names as what took its place come just above it (for a question about
    succession, above the strength it was found with, and it follows them: ordering.py), so a question about the
    topic still reads the current answer first. A memory retired with `lore supersede` is not a record: its
    successor answers in its stead. A documentation page the repository keeps as retired (`docs/archive/`,
    `legacy-setup.md`, `sources/docs.retired_page`) is found the same way."""
    return m.provenance.kind is SourceKind.ADR or is_plain_doc(m)


def _anchor_rank(kind: str, anchor: Anchor) -> int:
    """Rank of an anchor match among anchor signals (deeper globs are more specific)."""
    if kind != "glob":
        return ANCHOR_RANK.get(kind, 12)
    depth = 0
    for part in anchor.value.split("/"):
        if GLOB_CHARS & set(part):
            break
        depth += 1
    return max(3, 7 - depth)


def _adjust(hit: Hit, q: Query, now: float) -> None:
    """Kind, status, confidence, age, use and anchors: factors that stay small next to the match itself. The
    score before the status and a later record's change weighed it down is kept (`Hit.matched`): a later record
    that takes the hit's place is lifted above that (ordering.py)."""
    m = hit.memory
    older = STATUS_WEIGHT.get(m.status.value, OTHER_STATUS_WEIGHT)
    factor = KIND_WEIGHT.get(m.kind, 1.0)
    if (is_plain_doc(m) or m.provenance.kind is SourceKind.CODE_MAP) and _ASKS_WHY.match(q.text):
        factor *= REASON_DOC_WEIGHT
    factor *= 0.8 + 0.2 * m.confidence
    if m.meta.get(TEMPLATE_ONLY_META):
        factor *= TEMPLATE_ONLY_WEIGHT
        hit.why.append("left as its template: title only")
    changed = sorted({r for r in (m.meta.get(NEWER_META) or {}).values() if r in CHANGED_RELATIONS})
    if changed:
        older *= CHANGED_WEIGHT
        hit.why.append(" and ".join(changed) + " by a later record")
    age_days = max(0.0, (now - m.updated_at) / 86400)
    factor *= 1.0 + 0.02 * math.exp(-age_days / 90)
    if m.used_count:
        factor *= 1.0 + 0.02 * math.log1p(min(m.used_count, 50))
        hit.why.append(f"used {m.used_count}×")
    if m.status is not Status.ACTIVE:
        if m.superseded_by:
            hit.why.append(f"{m.status.value} by {', '.join(m.superseded_by)}")
        else:
            hit.why.append(f"status {m.status.value}")
    if q.path or q.symbol or q.language:
        match = best_match(m.anchors, q.path, q.symbol, q.language)
        if match:
            kind, anchor = match
            hit.anchor_match = kind
            hit.score += ANCHOR_SHARE * (RRF_K + 1) / (RRF_K + _anchor_rank(kind, anchor))
            factor *= MATCH_WEIGHT[kind]
            hit.why.append(f"anchored to {kind} {anchor.to_text()}")
    if m.needs_review:
        hit.why.append("flagged for review: anchored code changed")
    hit.score *= factor
    if older < 1.0:
        hit.matched = hit.score
    hit.score *= older


@attrs.define
class _Best:
    """A memory's best section by the fused score, and its best signals (for the explanation)."""

    score: float = 0.0
    section: int | None = None
    lexical: int | None = None  # best section by words
    semantic: int | None = None  # best section by meaning
    similarity: float | None = None


def _fuse(owners: dict[int, str], words: dict[int, float], meaning: dict[int, float],
          sims: dict[int, float]) -> dict[str, _Best]:
    """Memory id -> its best section, each section scored by its own words and meaning together.

    A memory counts by its single best section, so a long document with many weak sections does
    not outrank a short one with one strong section. Words and meaning are each scaled to 0..1
    against this query's best match and weighed by how far that best match stands out among the raw
    scores (fusion.py; BM25 and cosine, so where the meaning scale starts does not move the weights).
    """
    out: dict[str, _Best] = {}
    share = word_share(words.values(), sims.values())
    for sid in dict.fromkeys([*words, *meaning]):
        mid = owners.get(sid)
        if mid is None:
            continue
        best = out.setdefault(mid, _Best())
        score = share * words.get(sid, 0.0) + (1.0 - share) * meaning.get(sid, 0.0)
        if score > best.score or best.section is None:
            best.score, best.section = score, sid
        if sid in words and (best.lexical is None or words[sid] > words[best.lexical]):
            best.lexical = sid
        if sid in sims and (best.similarity is None or sims[sid] > best.similarity):
            best.semantic, best.similarity = sid, sims[sid]
    return out


def _rare_name_shares(store: Store, text: str) -> dict[str, tuple[float, list[str]]]:
    """Memory id -> its share of `NAME_SHARE` and the names it earned it by: the names of the question's (`_NAME`)
    it writes that at most `RARE_NAME` memories write, over all the names the question writes (a fragment of code
    naming ten things spreads the share thin; a question about one name gives it whole)."""
    out: dict[str, tuple[float, list[str]]] = {}
    alone, code = _ONE_NAME.match(text), holds_code(text)
    if code and not alone:
        return out  # a fragment of code: the word index already reads its identifiers whole and in words
    names = [(alone.group(1).lower(), alone.group(1))] if code else list({n.lower(): n for n in _NAME.findall(text)}.items())
    if len(names) > MAX_NAMES:
        return out  # naming this many things gives no one name a share worth a query each
    for folded, name in names:
        rows = store.sections.match_words([folded], 50)
        owners = set(store.sections.owners([sid for sid, _ in rows]).values())
        if 0 < len(owners) <= RARE_NAME:
            for mid in owners:
                share, said = out.get(mid, (0.0, []))
                out[mid] = (share + NAME_SHARE / len(names), said + [name])
    return out


def _cited_records(store: Store, text: str) -> dict[str, tuple[str, int]]:
    """Memory id -> the citation (word, number) by which the question names that record of `store`."""
    cited, _ = cited_numbers(text)
    if not cited:
        return {}
    out: dict[str, tuple[str, int]] = {}
    for mid, path, title in store.memories.records():
        n = record_number(path, title)
        for word, wanted in cited:
            if n == wanted and cites(word, path):
                out[mid] = (word, wanted)
    return out


def _cited_shares(store: Store, text: str, alone: bool) -> dict[str, tuple[float, str]]:
    """Memory id -> its lift and the citation it earned it by, for the records a question cites by number (first
    when the question is `alone`: nothing but the citations and stop words)."""
    cited = _cited_records(store, text)
    return {mid: (CITED_FIRST if alone else NAME_SHARE, f"{word.upper()} {n}") for mid, (word, n) in cited.items()}


def matched_text(stores: Sequence[Store], text: str) -> str:
    """The text a question's words and meaning are matched by: the question less its citations that name a record
    of one of `stores` (`numbered.uncited`; the record is found by the citation, `_cited_shares`), empty when
    nothing else is left."""
    return uncited(text, {c for store in stores for c in _cited_records(store, text).values()})


def _ranks(fused: dict[str, _Best], key) -> dict[str, int]:
    """Memory id -> rank (1 = best) among memories that have the signal `key` picks."""
    have = [(mid, key(b)) for mid, b in fused.items() if key(b) is not None]
    have.sort(key=lambda p: -p[1])
    return {mid: i for i, (mid, _) in enumerate(have, 1)}


def search_store(store: Store, q: Query, query_vector: Sequence[float] | None = None,
                 model: str | None = None, *, candidates: int = CANDIDATES,
                 extra_ids: Sequence[str] = (), matched: str | None = None) -> list[Hit]:
    """Hits from one database (not yet merged with other databases), best first; its words are looked up in the
    question's `matched` text (`matched_text`, of this database alone when not given)."""
    text = matched_text([store], q.text) if matched is None else matched
    words = query_words(indexed_query(text)) if text else []
    # a word the index matched begins a word of the text: "ci" is no word of "decisions"
    starts = re.compile("(?<![a-z0-9])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")") \
        if words else None
    lex_rows = lexical(store, text, candidates) if text else []
    pairs: list[tuple[int, float]] = []
    if query_vector is not None and model:
        index = store.existing_vectors(model)
        if index is not None:
            pairs = index.knn(query_vector, candidates)
    word_n, meaning_n, sims = word_scores(lex_rows, cut=len(lex_rows) >= candidates), meaning_scores(pairs), dict(pairs)
    fused = _fuse(store.sections.owners(list(dict.fromkeys([*word_n, *meaning_n]))), word_n, meaning_n, sims)
    lex_rank = _ranks(fused, lambda b: word_n.get(b.lexical) if b.lexical is not None else None)
    sem_rank = _ranks(fused, lambda b: b.similarity)
    named = _rare_name_shares(store, text) if text else {}
    cited = _cited_shares(store, q.text, alone=not text)
    ids = list(dict.fromkeys([*fused, *extra_ids, *cited]))
    memories = store.memories.many(ids)
    sections = store.sections.by_id([b.section for b in fused.values() if b.section is not None])
    now = time.time()
    hits: list[Hit] = []
    for mid in ids:
        m = memories.get(mid)
        if m is None or not _passes(m, q):
            continue
        best = fused.get(mid)
        lift, citation = cited.get(mid, (0.0, ""))
        if best is None:
            hits.append(Hit(m, lift, why=[f"is {citation}"] if citation else [], asked=lift >= CITED_FIRST))
            _adjust(hits[-1], q, now)
            continue
        if mid not in lex_rank and mid not in extra_ids and not lift and (best.similarity or 0.0) < SEMANTIC_FLOOR:
            continue
        share, names = named.get(mid, (0.0, []))
        hit = Hit(m, best.score + share + lift, section=sections.get(best.section), similarity=best.similarity,
                  lexical_rank=lex_rank.get(mid), semantic_rank=sem_rank.get(mid), asked=lift >= CITED_FIRST)
        if hit.lexical_rank:
            text = hit.section.text.lower() if hit.section else ""
            found = set(starts.findall(text)) if starts is not None else set()
            matched = [w for w in words if w in found]
            hit.coverage = coverage(words, f"{m.title}\n{text}")
            hit.why.append(f"words {', '.join(matched[:4]) or 'matched'} (rank {hit.lexical_rank})")
        if hit.semantic_rank:
            hit.why.append(f"meaning {hit.similarity:.2f} (rank {hit.semantic_rank})")
        if names:
            hit.why.append(f"writes {', '.join(f'`{n}`' for n in names[:3])}, which few memories write")
        if citation:
            hit.why.append(f"is {citation}")
        _adjust(hit, q, now)
        hits.append(hit)
    _mark_said(store, hits, words)
    hits.sort(key=lambda h: -h.score)
    return hits


def coverage(words: Sequence[str], text: str) -> float | None:
    """The share of the question's content `words` that `text` writes, a word's ending aside ("commands" is written
    where "command" is, "retried" where "retry" is: a word matches a word of the text beginning with its first
    letters, all but its last three of a word of five letters or more); None without words."""
    if not words:
        return None
    tokens = set(re.findall(r"[a-z0-9]+", text.lower()))
    roots = [w if len(w) < 5 else w[:max(4, len(w) - 3)] for w in words]
    return sum(1 for r in roots if any(t.startswith(r) for t in tokens)) / len(words)


def _mark_said(store: Store, hits: list[Hit], words: Sequence[str]) -> None:
    """On a record and a later one that amends it, both hits, the question's words each one writes: which
    of the two answers the question is read from them too (ordering.py)."""
    found = {h.memory.id for h in hits}
    pairs = [(h.memory.id, new) for h in hits for new, r in (h.memory.meta.get(NEWER_META) or {}).items()
             if r == "amended" and new in found]
    involved = sorted({mid for pair in pairs for mid in pair})
    if not involved or not words:
        return
    said = store.sections.words_in(involved, words)
    for h in hits:
        if h.memory.id in involved:
            h.said = frozenset(said.get(h.memory.id, ()))
