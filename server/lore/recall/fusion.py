"""How much words and meaning each weigh for one query: by how far each signal's best match stands out.

Both signals are scaled to 0..1 against their own best candidate (search.py), which makes every
query's best word match and best meaning match look equally sure. They are not: a code fragment
shares rare identifiers with one section and means little to the sentence model, so its nearest
sections all sit at about the same cosine; a paraphrase shares only common words with many
sections while one section is far nearer in meaning than the rest. A signal whose best candidate
stands far above its other candidates (in standard deviations of their scores) has found
something; one whose candidates all score alike has not, and it weighs less.
"""

from __future__ import annotations

from collections.abc import Iterable

# Words and meaning weigh the same when there is nothing to tell them apart by.
EVEN_SHARE = 0.5
# Fewer candidates than this say nothing about how a signal's scores spread.
MIN_CANDIDATES = 3


def standout(scores: Iterable[float]) -> float | None:
    """How many standard deviations the best score sits above the mean of all; None when the
    scores cannot tell (too few of them, or all the same)."""
    vals = list(scores)
    if len(vals) < MIN_CANDIDATES:
        return None
    mean = sum(vals) / len(vals)
    sd = (sum((v - mean) ** 2 for v in vals) / len(vals)) ** 0.5
    if sd <= 1e-9:
        return None
    return (max(vals) - mean) / sd


def word_share(words: Iterable[float], meaning: Iterable[float]) -> float:
    """The weight of the word signal in a section's fused score (meaning gets the rest): each
    signal in proportion to how far its best candidate stands out from its other candidates."""
    by_words, by_meaning = standout(words), standout(meaning)
    if by_words is None or by_meaning is None or by_words + by_meaning <= 0:
        return EVEN_SHARE
    return by_words / (by_words + by_meaning)
