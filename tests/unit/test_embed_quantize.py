"""The embedding model's quantised copy (lore.embedding.quantize): made once, used from then on, close to
the model as shipped, and never in the way when it cannot be made or loaded."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from lore.embedding import quantize
from lore.embedding.embedder import FastEmbedder

pytestmark = pytest.mark.model

TEXTS = [
    "Use PostgreSQL for persistence, with one schema per tenant.",
    "We chose a single SQLite database per workspace, with WAL and FTS5 for words.",
    "Never log access tokens; redact secrets before storing memory text.",
    "def handler(request: Request) -> Response:\n    return Response(status=204)",
    "Server-side rendering falls back to client rendering when the island fails.",
    "Feature flags are removed within two sprints of full rollout.",
    "数据库迁移必须向后兼容",
    " ".join(f"word{i} of a decision record about caching and retries" for i in range(40)),
]


def _cosine(a, b) -> float:
    return sum(x * y for x, y in zip(a, b)) / math.sqrt(sum(x * x for x in a) * sum(y * y for y in b))


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("LORE_MODEL_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("LORE_MODEL_QUANTIZE", raising=False)
    return tmp_path / "cache" / "models"


@pytest.fixture(scope="module")
def shipped(model_dir):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LORE_MODEL_QUANTIZE", "0")
        emb = FastEmbedder(model_path=str(model_dir), threads=2).load()
    assert emb.computation == "as shipped" and emb.quantized is None
    return emb


def test_the_copy_is_made_once_and_computes_close_to_the_model_as_shipped(model_dir, cache, shipped):
    emb = FastEmbedder(model_path=str(model_dir), threads=2).load()
    assert emb.computation == "int8"
    copy = emb.quantized
    assert copy is not None and copy.is_relative_to(cache / "quantized") and copy.is_file()
    assert copy.stat().st_size < (model_dir / "model.onnx").stat().st_size * 2
    cosines = [_cosine(a, b) for a, b in zip(emb.embed(TEXTS), shipped.embed(TEXTS))]
    assert min(cosines) >= 0.98, cosines
    assert sum(cosines) / len(cosines) >= 0.99, cosines
    # Not the same computation: were it, the copy would be pointless.
    assert max(cosines) < 0.999999, cosines
    made = copy.stat().st_mtime_ns
    again = FastEmbedder(model_path=str(model_dir), threads=2).load()
    assert again.quantized == copy and copy.stat().st_mtime_ns == made
    assert again.embed(TEXTS[:2]) == emb.embed(TEXTS[:2])


def test_the_copy_is_named_for_the_source_file(model_dir, cache, tmp_path):
    source = model_dir / "model.onnx"
    twin = tmp_path / "twin" / "model.onnx"
    twin.parent.mkdir()
    twin.write_bytes(source.read_bytes())
    assert quantize.copy_path(source, cache) != quantize.copy_path(twin, cache)
    first = quantize.copy_path(twin, cache)
    os.utime(twin, ns=(twin.stat().st_atime_ns, twin.stat().st_mtime_ns + 10**9))
    assert quantize.copy_path(twin, cache) != first  # a model replaced in place gets a new copy


def test_switched_off_the_model_is_used_as_shipped(model_dir, cache, monkeypatch):
    monkeypatch.setenv("LORE_MODEL_QUANTIZE", "off")
    emb = FastEmbedder(model_path=str(model_dir), threads=2).load()
    assert emb.computation == "as shipped"
    assert not (cache / "quantized").exists()


def test_after_a_failed_quantisation_the_model_is_used_as_shipped_until_a_day_has_passed(
        model_dir, cache, tmp_path, shipped):
    copy = tmp_path / "copy"
    copy.mkdir()
    for f in model_dir.iterdir():
        (copy / f.name).write_bytes(f.read_bytes())
    target = quantize.copy_path(copy / "model.onnx", cache)
    target.parent.mkdir(parents=True)
    (target.parent / "failed.txt").write_text("ValueError: not a model\n")
    emb = FastEmbedder(model_path=str(copy), threads=2).load()
    assert emb.computation == "as shipped" and not target.exists()  # not tried again at this load
    assert emb.embed(TEXTS[:1]) == shipped.embed(TEXTS[:1])
    assert quantize.failure(target) == "ValueError: not a model"
    os.utime(target.parent / "failed.txt", (0, 0))
    assert quantize.failure(target) is None
    assert FastEmbedder(model_path=str(copy), threads=2).load().computation == "int8"  # a day later it is


def test_a_source_that_is_not_there_is_no_copy(tmp_path, cache):
    assert quantize.quantized_copy(tmp_path / "missing.onnx", cache) is None


def test_the_child_reports_why_it_failed(tmp_path, cache):
    garbage = tmp_path / "garbage" / "model.onnx"
    garbage.parent.mkdir()
    garbage.write_bytes(b"\x00not an onnx model")
    assert quantize.quantized_copy(garbage, cache) is None
    reason = quantize.failure(quantize.copy_path(garbage, cache))
    assert reason and "Error" in reason
    assert not quantize.copy_path(garbage, cache).exists()


def test_a_damaged_copy_is_replaced_by_the_model_as_shipped_and_removed(model_dir, cache, shipped, caplog):
    target = quantize.copy_path(model_dir / "model.onnx", cache)
    target.parent.mkdir(parents=True)
    target.write_bytes(b"truncated")
    emb = FastEmbedder(model_path=str(model_dir), threads=2).load()
    assert emb.computation == "as shipped"
    assert emb.embed(TEXTS[:1]) == shipped.embed(TEXTS[:1])
    assert not target.exists()
    assert "does not load" in caplog.text
