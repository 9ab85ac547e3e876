"""How strongly a search hit matched, in words: relative to the best hit, but never more than weak for a hit found
by meaning alone and not near (`context.hits.faint`)."""

from __future__ import annotations

from lore.context.hits import faint, hit_compact, strength
from lore.memory import Kind, Memory
from lore.recall.query import MEANING_SURE, Hit


def _hit(score: float, similarity: float | None, lexical: int | None = None, why=None, **kw) -> Hit:
    m = Memory(kind=Kind.DECISION, title="3. As an interface", body="The bot answers in the group.")
    return Hit(m, score, why=why if why is not None else [f"meaning {similarity:.2f} (rank 1)"],
               similarity=similarity, lexical_rank=lexical, semantic_rank=1, **kw)


def test_the_best_of_a_weak_answer_found_by_meaning_alone_is_weak():
    """cil-copilot: "how are participants paid for attending daily syncs" showed a record at cosine 0.23, no word of
    the question in it, as a strong match because it was the best hit."""
    best = _hit(0.4, 0.23)
    assert faint(best) and hit_compact(best, 0.4)["match"] == "weak"
    assert strength(1.0, faint=True) == "weak" and strength(1.0) == "strong"


def test_evidence_beyond_meaning_keeps_the_relative_label():
    near = _hit(0.9, MEANING_SURE + 0.2)
    worded = _hit(0.9, 0.2, lexical=1, why=["words bot (rank 1)", "meaning 0.20 (rank 1)"])
    cited = _hit(2.0, 0.2, why=["meaning 0.20 (rank 1)", "is ADR 3"])
    anchored = _hit(0.9, 0.2, anchor_match="file")
    for h in (near, worded, cited, anchored):
        assert not faint(h) and hit_compact(h, h.score)["match"] == "strong", h.why


def test_one_word_of_a_long_question_beside_a_far_meaning_is_weak():
    """Logitar/CQRS: "how are failed commands retried, exponential backoff" showed the README ("Implementation of the
    Command Query Responsibility Segregation pattern."), which writes only "command", at cosine 0.29, as strong."""
    thin = _hit(0.9, 0.29, lexical=1, why=["words commands (rank 1)", "meaning 0.29 (rank 3)"], coverage=0.2)
    assert faint(thin) and hit_compact(thin, 0.9)["match"] == "weak"
    most = _hit(0.9, 0.29, lexical=1, why=["words commands, retried (rank 1)", "meaning 0.29 (rank 3)"], coverage=0.6)
    near = _hit(0.9, MEANING_SURE + 0.01, lexical=1, why=["words commands (rank 1)"], coverage=0.2)
    named = _hit(0.9, 0.29, lexical=1, why=["words commands (rank 1)", "writes `RetryAlgorithm`, which few memories "
                                            "write"], coverage=0.2)
    for h in (most, near, named):
        assert not faint(h) and hit_compact(h, h.score)["match"] == "strong", h.why


def test_a_search_hit_knows_the_share_of_the_questions_words_it_writes(lore):
    """The share `faint` reads is the question's content words the matching section writes."""
    from lore.memory import Memory as M
    from lore.recall.query import Query
    lore.add(M(kind=Kind.FACT, title="CQRS", body="Implementation of the Command Query Responsibility Segregation."))
    hits = lore.search(Query(text="how are failed commands retried with exponential backoff"))
    assert hits and hits[0].coverage == 1 / 5  # failed, commands, retried, exponential, backoff
