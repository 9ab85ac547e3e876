"""Embedding batches: short texts many to a batch, long ones few, every text once, in order; texts are
sorted and batched by the tokens the model reads when its tokenizer can count them."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from lore.embedding.embedder import BATCH_SIZE, BATCH_TOKENS, MAX_TOKENS, FastEmbedder, batches, estimated_tokens


def test_short_texts_fill_a_batch_and_long_ones_share_the_token_budget():
    short = [estimated_tokens("x" * 40)] * 40
    assert [len(b) for b in batches(list(range(40)), short)] == [BATCH_SIZE, BATCH_SIZE, 8]
    long = [estimated_tokens("x" * 3000)] * 10
    assert [len(b) for b in batches(list(range(10)), long)] == [BATCH_TOKENS // MAX_TOKENS] * 2 + [2]


@given(st.lists(st.integers(min_value=1, max_value=MAX_TOKENS), max_size=200))
def test_every_text_once_in_order_within_bounds(tokens):
    order = sorted(range(len(tokens)), key=lambda i: tokens[i])
    found = batches(order, tokens)
    assert [i for b in found for i in b] == order
    for b in found:
        assert 1 <= len(b) <= BATCH_SIZE
        if len(b) > 1:  # a single over-long text still gets its own batch
            assert max(tokens[i] for i in b) * len(b) <= BATCH_TOKENS


class Encoding:
    def __init__(self, text):
        self.text, self.attention_mask = text, [1] * min(MAX_TOKENS, len(text.split()) + 2)


class CountingModel:
    """A model whose tokenizer reads one token a word: code is dense in tokens, prose is not."""

    def __init__(self):
        self.batches: list[list[str]] = []
        self.encoded = 0

    def encode(self, texts):
        self.encoded += len(texts)
        return [Encoding(t) for t in texts]

    def embed_encoded(self, encodings):
        self.batches.append([e.text for e in encodings])
        return np.ones((len(encodings), 4), dtype=np.float32)

    def embed(self, texts):
        self.batches.append(list(texts))
        return np.ones((len(texts), 4), dtype=np.float32)


def test_texts_are_batched_by_the_tokens_the_model_counts_not_by_their_length():
    model = CountingModel()
    embedder = FastEmbedder()
    embedder._model, embedder.loader, embedder.dim = model, "onnxruntime", 4
    long_few = ["x" * 1200] * 4  # 1,200 characters (an estimated 128 tokens), 3 tokens each
    short_many = ["a b " * 50] * 4  # 200 characters (an estimated 52), 102 tokens each
    vectors = embedder.embed(short_many + long_few)
    assert len(vectors) == 8 and all(len(v) == 4 for v in vectors)
    assert model.batches == [long_few + short_many[:1], short_many[1:]], \
        "fewest tokens first; 4 x 3 + 102 and 4 x 102 tokens fit 512 (by length: 4 x 52, then 4 x 128)"
    assert model.encoded == 8, "each text tokenized once"
    embedder.embed(["one text"])
    assert model.batches[-1] == ["one text"]
