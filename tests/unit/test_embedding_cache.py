"""The kept vectors of the retrieval tests (tests/embedding_cache.py): what a cached embedder returns
is exactly what the model computes, and a change to the model or the embedding code is a new key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from embedding_cache import EmbeddingCache, baseline_embedder, lore_embedder, signature

from lore.embedding.embedder import FastEmbedder

TEXTS = ["Money is stored as integer cents", "Retry HTTP calls with backoff, at most five times",
         "Events go through the outbox table " * 40, "cents"]

pytestmark = pytest.mark.model


def test_cached_vectors_are_the_models_own(model_dir: Path, tmp_path: Path):
    cache = EmbeddingCache(tmp_path / "vectors.sqlite")
    first = lore_embedder(model_dir, cache).load()
    assert first.embed(TEXTS) == FastEmbedder(model_path=str(model_dir)).load().embed(TEXTS)
    assert first.misses == len(TEXTS)
    again = lore_embedder(model_dir, EmbeddingCache(tmp_path / "vectors.sqlite"))
    assert again.embed(TEXTS[::-1]) == first.embed(TEXTS)[::-1]
    assert again.misses == 0
    # The baseline's embedder is keyed apart from Lore's, though the model is the same.
    base = baseline_embedder(model_dir, cache)
    base.embed(TEXTS[:1])
    assert base.misses == 1


def test_a_changed_model_file_or_code_file_is_a_new_signature(model_dir: Path, tmp_path: Path):
    model = tmp_path / "model"
    shutil.copytree(model_dir, model)
    code = tmp_path / "embedder.py"
    code.write_text("MAX_TOKENS = 128\n")
    before = signature("lore", model, [code], root=tmp_path)
    assert signature("lore", model, [code], root=tmp_path) == before
    code.write_text("MAX_TOKENS = 256\n")
    assert signature("lore", model, [code], root=tmp_path) != before
    code.write_text("MAX_TOKENS = 128\n")
    (model / "tokenizer_config.json").write_text("{}")
    assert signature("lore", model, [code], root=tmp_path) != before
