"""The offline test model loads in fastembed and its embeddings carry meaning."""

from __future__ import annotations

import math
import os
import subprocess
from pathlib import Path

import pytest
from fastembed import TextEmbedding

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


def _cosine(a, b) -> float:
    """Cosine similarity of two vectors."""
    dot = sum(x * y for x, y in zip(a, b))
    return dot / (math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b)))


@pytest.fixture(scope="module")
def embedder(model_dir: Path) -> TextEmbedding:
    """fastembed loaded from the offline copy only."""
    return TextEmbedding(MODEL_NAME, specific_model_path=str(model_dir))


@pytest.mark.model
@pytest.mark.parametrize(
    ("anchor", "paraphrase", "unrelated"),
    [
        pytest.param(
            "Use pathlib instead of os.path for file paths.",
            "Prefer pathlib over os.path when handling filesystem paths.",
            "The bakery sells fresh croissants every morning.",
            id="code-convention",
        ),
        pytest.param(
            "We store embeddings in SQLite with the sqlite-vec extension.",
            "Vectors are kept in an SQLite database using sqlite-vec.",
            "Our football team won the championship last weekend.",
            id="storage-decision",
        ),
    ],
)
def test_paraphrase_is_closer_than_unrelated(embedder, anchor, paraphrase, unrelated):
    vectors = [list(map(float, v)) for v in embedder.embed([anchor, paraphrase, unrelated])]
    assert [len(v) for v in vectors] == [384, 384, 384]
    related = _cosine(vectors[0], vectors[1])
    other = _cosine(vectors[0], vectors[2])
    assert related > other + 0.2, (related, other)


@pytest.mark.model
def test_model_env_points_at_model_dir(model_dir: Path):
    assert os.environ["LORE_MODEL_PATH"] == str(model_dir)
    assert (model_dir / "model.onnx").stat().st_size > 1_000_000


def test_without_model_the_model_path_is_empty():
    assert os.environ["LORE_MODEL_PATH"] == ""


def test_user_db_is_per_test_temporary(tmp_path_factory):
    user_db = Path(os.environ["LORE_USER_DB"])
    assert user_db.parent.is_relative_to(tmp_path_factory.getbasetemp())
    assert not user_db.exists()


def test_tmp_workspace_is_a_git_repository(tmp_workspace: Path):
    (tmp_workspace / "a.txt").write_text("a\n")
    subprocess.run(["git", "add", "a.txt"], cwd=tmp_workspace, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "first"], cwd=tmp_workspace, check=True)
    head = subprocess.run(["git", "log", "--format=%s"], cwd=tmp_workspace, check=True,
                          capture_output=True, text=True).stdout
    assert head.strip() == "first"
