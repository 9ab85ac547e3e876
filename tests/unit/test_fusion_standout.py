"""Fusion of words and meaning: a signal whose best match stands out weighs more than one whose
candidates all score alike (recall/fusion.py). Orders are asserted, never a weight."""

from __future__ import annotations

from lore.recall.fusion import EVEN_SHARE, standout, word_share
from lore.recall.search import SEMANTIC_FLOOR, _fuse, meaning_scores

# Twelve candidate sections: 1 and 2 are the ones the tests are about, 3..12 the rest.
OTHERS = range(3, 13)
OWNERS = {sid: f"m{sid}" for sid in range(1, 13)}


def fused_by(words: dict[int, float], sims: dict[int, float]):
    """`_fuse` as a search calls it: meaning is the cosines rescaled (`meaning_scores`)."""
    return _fuse(OWNERS, words, meaning_scores(list(sims.items())), sims)


def test_standout_tells_a_lone_best_from_a_crowd():
    lone = standout([1.0] + [0.1] * 10)
    crowd = standout([1.0] + [0.9] * 5 + [0.1] * 5)
    assert lone is not None and crowd is not None and lone > crowd


def test_standout_says_nothing_about_too_few_or_equal_scores():
    assert standout([1.0, 0.2]) is None
    assert standout([0.7] * 6) is None
    assert word_share([1.0, 0.2], [1.0, 0.5, 0.1]) == EVEN_SHARE
    assert word_share([0.7] * 6, [1.0, 0.5, 0.1]) == EVEN_SHARE


def test_the_signal_that_stands_out_gets_the_larger_share():
    sharp = [1.0] + [0.05] * 10
    flat = [1.0] + [0.95] * 9 + [0.0]
    assert word_share(sharp, flat) > EVEN_SHARE > word_share(flat, sharp)


def test_a_rare_word_match_beats_a_crowded_meaning_match():
    """A code fragment: section 1 alone holds its identifiers; by meaning every section is about
    as near as section 2, the nearest. Section 1 wins although section 2 also matches a word."""
    words = {1: 1.0, 2: 0.3, **{sid: 0.05 for sid in OTHERS}}
    sims = {1: 0.30, 2: 0.50, **{sid: 0.49 for sid in OTHERS}}
    fused = fused_by(words, sims)
    assert fused["m1"].score > fused["m2"].score


def test_a_standout_meaning_match_beats_a_crowded_word_match():
    """A paraphrase: it shares only common words, with every section about alike, while section 2
    is far nearer in meaning than any other. Section 2 wins over the best word match."""
    words = {1: 1.0, 2: 0.0, **{sid: 0.95 for sid in OTHERS}}
    sims = {1: 0.35, 2: 0.70, **{sid: 0.27 for sid in OTHERS}}
    fused = fused_by(words, sims)
    assert fused["m2"].score > fused["m1"].score


def test_meaning_has_no_cliff_at_the_floor():
    """Two sections alike by words, their cosines a hair either side of the floor, fuse alike: the
    meaning scale starts at the floor, so crossing it adds next to nothing (it used to add a good
    part of the best match's meaning at once and reshuffle near-ties)."""
    words = {1: 0.6, 2: 0.6, **{sid: 0.1 * (sid - 2) for sid in OTHERS}}
    sims = {1: SEMANTIC_FLOOR - 0.002, 2: SEMANTIC_FLOOR + 0.002, 3: 0.05, 4: 0.10, 5: 0.15, 6: 0.60,
            **{sid: 0.30 for sid in range(7, 13)}}
    fused = fused_by(words, sims)
    assert 0.0 <= fused["m2"].score - fused["m1"].score < 0.01
    assert fused["m6"].score > fused["m7"].score > fused["m2"].score  # far above the floor stays far above


def test_nothing_above_the_floor_gives_no_meaning():
    scores = meaning_scores([(1, SEMANTIC_FLOOR - 0.01), (2, SEMANTIC_FLOOR - 0.05), (3, 0.02)])
    assert set(scores.values()) == {0.0}
    assert meaning_scores([(1, 0.5), (2, 0.5), (3, 0.5)]) == {1: 1.0, 2: 1.0, 3: 1.0}  # all alike: all best


def test_words_scale_from_the_weakest_candidate_when_the_candidates_were_cut():
    """kumahq/kuma's question on forwarding Envoy admin calls between global replicas: the record found first by
    words and second by meaning ended third, behind one found 22nd by words and first by meaning. Relative to the best
    alone the 22nd word match kept two thirds of the best's score (common words match every section), so words
    hardly told the two apart. Cut at the limit, the weakest candidate is the noise level, as it is for meaning."""
    from lore.recall.search import word_scores

    rows = [(1, -10.0), (2, -8.0), *((sid, -6.6) for sid in range(3, 60)), (60, -6.0)]  # bm25: lower is better
    cut, whole = word_scores(rows, cut=True), word_scores(rows)
    assert cut[1] == whole[1] == 1.0 and cut[60] == 0.0 < whole[60]
    assert cut[3] < whole[3]  # a middling match: a smaller part of the best once the noise level is taken off
    assert word_scores([(1, -3.0), (2, -3.0)], cut=True) == {1: 1.0, 2: 1.0}  # all alike: all the best
    # the record found first by words and second by meaning outranks the one found late by words, first by meaning
    words = {1: 1.0, 2: 0.15, **{sid: 0.1 for sid in OTHERS}}
    sims = {1: 0.538, 2: 0.563, **{sid: 0.45 + 0.005 * (sid - 3) for sid in OTHERS}}
    assert fused_by(words, sims)["m1"].score > fused_by(words, sims)["m2"].score
