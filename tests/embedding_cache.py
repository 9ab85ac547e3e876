"""Vectors of the real model, computed once per text: the retrieval tests embed the vendored corpora
(thousands of sections) and the same texts come back in every run and in more than one test.

An embedder is wrapped in `bench/embed_cache.CachedEmbedder`, which embeds only texts it has no
vector for. The key is a signature of everything that decides what a text embeds to, and the
text: the model folder's files (bytes), the source of the code that turns text into vectors (for
Lore, the `lore.embedding` package; for the baseline, `bench/plain_hybrid.py`), the versions of
onnxruntime, tokenizers, fastembed, numpy and onnx, and whether models are quantised
(`lore.embedding.quantize`). A changed model, token cap, pooling or library therefore
never reads an old vector: it embeds afresh. The vectors are the model's own (float32, as the
embedders return them), so a test's scores are the same as without the cache.

Where the vectors are kept: LORE_TEST_EMBED_CACHE=PATH (a SQLite file), by default
`~/.cache/lore/test-embeddings.sqlite` beside the offline model, so later runs and clones reuse
them; LORE_TEST_EMBED_CACHE=0 keeps them for one pytest session only (in memory), so every vector
is computed by the model in that run.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib import metadata
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "bench"))

from embed_cache import CachedEmbedder, EmbeddingCache  # noqa: E402
from plain_hybrid import ModelEmbedder  # noqa: E402

from lore.embedding import quantize  # noqa: E402
from lore.embedding.embedder import FastEmbedder  # noqa: E402

DEFAULT_PATH = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lore" / "test-embeddings.sqlite"
LORE_CODE = sorted((REPO_ROOT / "server" / "lore" / "embedding").glob("*.py"))
BASELINE_CODE = [REPO_ROOT / "bench" / "plain_hybrid.py"]
LIBRARIES = ("onnxruntime", "tokenizers", "fastembed", "numpy", "onnx")


def open_cache() -> EmbeddingCache:
    """The cache LORE_TEST_EMBED_CACHE names (see the module docstring)."""
    value = os.environ.get("LORE_TEST_EMBED_CACHE", "")
    if value.lower() in ("0", "off", "no", "false"):
        return EmbeddingCache(Path(":memory:"))
    return EmbeddingCache(Path(value) if value else DEFAULT_PATH)


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "-"


def signature(kind: str, model_dir: Path, code: list[Path], *, root: Path = REPO_ROOT) -> str:
    """`kind:` and a hash of the model files, the code (files under ROOT) and the library versions
    behind a vector."""
    digest = hashlib.sha256()
    for path in sorted(p for p in model_dir.iterdir() if p.is_file()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for path in code:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for name in LIBRARIES:
        digest.update(f"{name}=={_version(name)}\0".encode())
    digest.update(f"quantize={quantize.enabled()}\0".encode())
    return f"{kind}:{digest.hexdigest()}"


def lore_embedder(model_dir: Path, cache: EmbeddingCache, *, threads: int = 1) -> CachedEmbedder:
    """Lore's own embedder (lore.embedding.embedder.FastEmbedder) on the real model, cached."""
    inner = FastEmbedder(model_path=str(model_dir), threads=threads)
    return CachedEmbedder(inner, cache, signature("lore", model_dir, LORE_CODE))


def baseline_embedder(model_dir: Path, cache: EmbeddingCache, *, threads: int = 1) -> CachedEmbedder:
    """The plain baseline's embedder (bench/plain_hybrid.ModelEmbedder) on the real model, cached."""
    return CachedEmbedder(ModelEmbedder(str(model_dir), threads=threads), cache,
                          signature("baseline", model_dir, BASELINE_CODE))
