"""Local text embeddings, loaded lazily from a local folder or Lore's model cache: through the lean
loader in embed_onnx when it knows the model, else through fastembed.

Nothing is downloaded unless the user asks (`lore model fetch`, or `LORE_MODEL_DOWNLOAD=1`);
without a model Lore searches by words only and fills vectors in once a model loads.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import re
import threading
from pathlib import Path
from typing import Protocol

import platformdirs
from lore.embedding import onnx as embed_onnx
from lore.embedding import quantize
from lore.embedding.onnx import MeanPooledModel

from lore.embedding.heap import release_free_memory, return_large_buffers

log = logging.getLogger(__name__)

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
BATCH_SIZE = 16  # texts per batch at most (short texts: titles, one-line rules)
# Tokens per batch at most (estimated at 4 characters a token, each text capped at MAX_TOKENS).
# Peak memory grows with batch x length: 16 full-length sections took RSS from 305 MB to 540 MB;
# 4 of them (512 tokens) stay at the model's own 305 MB, and are faster on two cores.
BATCH_TOKENS = 512
# all-MiniLM-L6-v2 was trained on pairs of at most 128 tokens (sentence-transformers truncates at
# 256; the tokenizer config says 512, and 512-token batches drive ONNX Runtime past 4 GB). At 128 a
# section costs a third of the CPU of 256 (celestia-app's ADRs: 20 s against 54 s) and the
# retrieval tests hold; what lies beyond a section's first 128 tokens is found by its words.
MAX_TOKENS = 128


class Embedder(Protocol):
    """Turns texts into unit vectors."""

    model_id: str
    dim: int

    def embed(self, texts: list[str]) -> list[list[float]]:
        """One vector per text."""
        ...


class ModelUnavailable(RuntimeError):
    """The embedding model cannot be loaded; the message says why and what to do."""


def model_cache_dir() -> Path:
    """Where `lore model fetch` keeps downloaded models."""
    return Path(os.environ.get("LORE_MODEL_CACHE") or platformdirs.user_cache_dir("lore")) / "models"


class FastEmbedder:
    """The ONNX embedding model (lean loader or fastembed), loaded on first use, capped to a small thread
    count and batch size."""

    def __init__(self, model_name: str = DEFAULT_MODEL, model_path: str | None = None, *,
                 allow_download: bool = False, threads: int | None = None):
        self.model_name = model_name
        self.model_path = model_path or None
        self.allow_download = allow_download
        self.threads = threads or min(2, os.cpu_count() or 1)
        self.model_id = model_name
        self.dim = 0
        self._model = None
        self.loader: str | None = None  # "onnxruntime" (embed_onnx) or "fastembed", once loaded
        self.quantized: Path | None = None  # the quantised copy computing the model, when one does
        self._lock = threading.Lock()

    def load(self) -> FastEmbedder:
        """Load the model now; raises ModelUnavailable with a reason."""
        with self._lock:
            if self._model is not None:
                return self
            # The session's peak comes on top of what the process holds: give back what it no longer does,
            # and have the session's large buffers returned when freed (see heap.py).
            release_free_memory()
            return_large_buffers()
            lean = self._lean_folder()
            try:
                model = self._load_lean(lean) if lean else self._load_fastembed()
                probe = self._run(model, ["probe"])[0]
            except ModelUnavailable:
                raise
            except Exception as e:  # onnxruntime and fastembed raise many kinds; all mean "no model"
                where = self.model_path or model_cache_dir()
                hint = "" if self.model_path or self.allow_download else " (run `lore model fetch` to download it)"
                raise ModelUnavailable(f"cannot load {self.model_name} from {where}: {_short(e)}{hint}") from e
            self.dim = int(len(probe))
            self._model = model
            return self

    @property
    def loaded(self) -> bool:
        """Whether the session is in memory now."""
        return self._model is not None

    def unload(self) -> None:
        """Let the session go (a one-shot command done embedding); the next `embed` loads it again."""
        with self._lock:
            self._model = None
        release_free_memory()

    def _lean_folder(self) -> Path | None:
        """The model folder when the lean loader (embed_onnx) computes this model, else None."""

        if os.environ.get("LORE_EMBED_LOADER") == "fastembed":
            return None
        if self.model_path:
            folder = Path(self.model_path)
            return folder if embed_onnx.supports(self.model_name, folder) else None
        return embed_onnx.cached_folder(self.model_name, model_cache_dir())

    def _load_lean(self, folder: Path):
        """The model in `folder`, its linear layers in eight-bit integers when a quantised copy can be made
        and loaded (`lore.embedding.quantize`), else as shipped."""
        self.loader = "onnxruntime"
        self.quantized = quantize.quantized_copy(folder / embed_onnx.MODEL_FILE, model_cache_dir())
        if self.quantized is not None:
            try:
                return MeanPooledModel(folder, threads=self.threads, max_tokens=MAX_TOKENS, model_file=self.quantized)
            except Exception as e:  # a damaged copy: the model as shipped computes the same, slower
                log.warning("quantised model %s does not load (%s); using the model as shipped and removing"
                            " the copy (the next load makes it again)", self.quantized, e)
                self.quantized.unlink(missing_ok=True)
                self.quantized = None
        return MeanPooledModel(folder, threads=self.threads, max_tokens=MAX_TOKENS)

    @property
    def computation(self) -> str:
        """How the loaded model computes: "int8" (its quantised copy), "as shipped", or "" before loading."""
        if self._model is None:
            return ""
        return "int8" if self.quantized is not None else "as shipped"

    def _load_fastembed(self):
        try:
            from loguru import logger as _fastembed_logger

            _fastembed_logger.disable("fastembed")
        except ImportError:
            pass
        try:
            from fastembed import TextEmbedding
        except ImportError as e:
            raise ModelUnavailable(f"fastembed is not installed ({e})") from e
        # Without the arena ONNX Runtime hands batch buffers back instead of keeping the peak.
        kwargs: dict = {"threads": self.threads, "enable_cpu_mem_arena": False}
        if self.model_path:
            if not (Path(self.model_path) / "model.onnx").exists() and not any(Path(self.model_path).glob("*.onnx")):
                raise ModelUnavailable(f"no ONNX model in {self.model_path}")
            kwargs["specific_model_path"] = self.model_path
        else:
            kwargs["cache_dir"] = str(model_cache_dir())
            kwargs["local_files_only"] = not self.allow_download
        self.loader = "fastembed"
        model = TextEmbedding(self.model_name, **kwargs)
        _cap_tokens(model, MAX_TOKENS)
        return model

    def _run(self, model, batch: list[str]) -> list:
        """One batch through the loaded model: a vector (array) per text."""
        if self.loader == "onnxruntime":
            return list(model.embed(batch))
        return list(model.embed(batch, batch_size=len(batch)))

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Embed texts in capped batches (keeps memory in budget), similar lengths batched together."""
        self.load()
        texts = [t[:2000] for t in texts]
        # A batch is padded to its longest text; batching by length cut CPU time by a quarter to a
        # third on mixed-length memories, and by the tokens the model reads (not characters) a further
        # 5% of what is run (909 ADR sections embedded 64 at a time: 88,916 tokens -> 84,163). The lean
        # loader tokenizes every text once for both; fastembed's length is estimated.
        encode = getattr(self._model, "encode", None) if len(texts) > 1 else None
        encoded = encode(texts) if encode is not None else None
        tokens = ([sum(e.attention_mask) for e in encoded] if encoded is not None
                  else [estimated_tokens(t) for t in texts])
        order = sorted(range(len(texts)), key=lambda i: tokens[i])
        out: list[list[float]] = [[] for _ in texts]
        for chunk in batches(order, tokens):
            if encoded is not None:
                vectors = list(self._model.embed_encoded([encoded[j] for j in chunk]))
            else:
                vectors = self._run(self._model, [texts[j] for j in chunk])
            for j, v in zip(chunk, vectors):
                out[j] = v.tolist()
        return out


def estimated_tokens(text: str) -> int:
    """Tokens of a text, estimated at 4 characters a token, capped at MAX_TOKENS."""
    return min(MAX_TOKENS, len(text) // 4 + 2)


def batches(order: list[int], tokens: list[int]) -> list[list[int]]:
    """Split text indexes (fewest tokens first) into batches of at most BATCH_SIZE texts and about
    BATCH_TOKENS tokens, a batch being as long as its longest (last) text times its size."""
    out: list[list[int]] = []
    chunk: list[int] = []
    for i in order:
        if chunk and (len(chunk) >= BATCH_SIZE or tokens[i] * (len(chunk) + 1) > BATCH_TOKENS):
            out.append(chunk)
            chunk = []
        chunk.append(i)
    if chunk:
        out.append(chunk)
    return out


def _cap_tokens(model, max_tokens: int) -> None:
    """Truncate inputs to `max_tokens` when the tokenizer allows a longer context."""
    tokenizer = getattr(getattr(model, "model", None), "tokenizer", None)
    current = (getattr(tokenizer, "truncation", None) or {}).get("max_length")
    if tokenizer is not None and (current is None or current > max_tokens):
        tokenizer.enable_truncation(max_length=max_tokens)


def _short(e: BaseException) -> str:
    return " ".join(str(e).split())[:200] or type(e).__name__


class HashEmbedder:
    """A deterministic bag-of-words embedder for tests and benchmarks where meaning does not matter."""

    def __init__(self, dim: int = 384):
        self.dim = dim
        self.model_id = f"hash-{dim}"

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Hash each word into a bucket; normalise."""
        out = []
        for text in texts:
            v = [0.0] * self.dim
            for w in re.findall(r"\w+", text.lower()):
                h = int.from_bytes(hashlib.blake2b(w.encode(), digest_size=8).digest(), "little")
                v[h % self.dim] += 1.0 if (h >> 63) else -1.0
            n = math.sqrt(sum(x * x for x in v)) or 1.0
            out.append([x / n for x in v])
        return out


def embedder_from_env(model_name: str | None = None, model_path: str | None = None) -> Embedder:
    """The embedder the environment asks for: LORE_EMBEDDER=hash for tests, else fastembed (not loaded yet)."""
    if os.environ.get("LORE_EMBEDDER") == "hash":
        return HashEmbedder()
    name = model_name or os.environ.get("LORE_MODEL") or DEFAULT_MODEL
    path = model_path if model_path is not None else os.environ.get("LORE_MODEL_PATH")
    return FastEmbedder(name, path or None, allow_download=os.environ.get("LORE_MODEL_DOWNLOAD") == "1")
