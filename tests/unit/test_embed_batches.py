"""Embedding batches: short texts many to a batch, long ones few, every text once, in order."""

from hypothesis import given
from hypothesis import strategies as st

from lore.embedding.embedder import BATCH_SIZE, BATCH_TOKENS, MAX_TOKENS, batches


def _tokens(length: int) -> int:
    return min(MAX_TOKENS, length // 4 + 2)


def test_short_texts_fill_a_batch_and_long_ones_share_the_token_budget():
    short = [40] * 40
    assert [len(b) for b in batches(list(range(40)), short)] == [BATCH_SIZE, BATCH_SIZE, 8]
    long = [3000] * 10
    assert [len(b) for b in batches(list(range(10)), long)] == [BATCH_TOKENS // MAX_TOKENS] * 2 + [2]


@given(st.lists(st.integers(min_value=0, max_value=5000), max_size=200))
def test_every_text_once_in_order_within_bounds(lengths):
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    found = batches(order, lengths)
    assert [i for b in found for i in b] == order
    for b in found:
        assert 1 <= len(b) <= BATCH_SIZE
        if len(b) > 1:  # a single over-long text still gets its own batch
            assert max(_tokens(lengths[i]) for i in b) * len(b) <= BATCH_TOKENS
