"""An embedding cache for benchmarks: vectors keyed by the embedder's signature and the text's hash.

Reruns of the retrieval benchmark then embed only texts they have not seen (a changed section
split, a new corpus). The signature names the model folder and whatever changes what a text
embeds to (the token cap), so a changed embedder never reads vectors of the old one. The cache
lives in `~/.cache/lore/bench/embeddings.sqlite` unless told otherwise.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import apsw
import numpy as np

DEFAULT_PATH = Path.home() / ".cache" / "lore" / "bench" / "embeddings.sqlite"


class EmbeddingCache:
    """float32 vectors by key, in one SQLite file."""

    def __init__(self, path: Path = DEFAULT_PATH):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = apsw.Connection(str(path))
        self.db.setbusytimeout(60_000)  # other runs (test workers, benches) may be writing
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vec BLOB NOT NULL)")

    def get(self, keys: list[str]) -> dict[str, list[float]]:
        """Cached vectors of the keys that have one."""
        out: dict[str, list[float]] = {}
        for i in range(0, len(keys), 500):
            part = keys[i:i + 500]
            marks = ",".join("?" * len(part))
            for key, blob in self.db.execute(f"SELECT key, vec FROM vectors WHERE key IN ({marks})", part):
                out[key] = np.frombuffer(blob, dtype=np.float32).tolist()
        return out

    def put(self, items: dict[str, list[float]]) -> None:
        """Store vectors (one transaction)."""
        with self.db:
            for key, vec in items.items():
                self.db.execute("INSERT OR REPLACE INTO vectors(key, vec) VALUES (?, ?)",
                                (key, np.asarray(vec, dtype=np.float32).tobytes()))


class CachedEmbedder:
    """Wraps an embedder (anything with `embed`, `model_id`, `dim`, optionally `load`); embeds only misses."""

    def __init__(self, inner, cache: EmbeddingCache | None, signature: str):
        self.inner = inner
        self.cache = cache
        self.signature = signature
        self.model_id = inner.model_id
        self.dim = inner.dim
        self.misses = 0

    def load(self):
        """Load the wrapped model (Lore calls this before embedding)."""
        load = getattr(self.inner, "load", None)
        if load is not None:
            load()
        self.dim = self.inner.dim
        return self

    def _key(self, text: str) -> str:
        return hashlib.sha256(f"{self.signature}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Vectors for texts, from the cache where it has them."""
        keys = [self._key(t) for t in texts]
        found = self.cache.get(keys) if self.cache else {}
        todo = [i for i, k in enumerate(keys) if k not in found]
        if todo:
            self.misses += len(todo)
            fresh = self.inner.embed([texts[i] for i in todo])
            new = {keys[i]: v for i, v in zip(todo, fresh)}
            if self.cache:
                self.cache.put(new)
            found.update(new)
        return [list(found[k]) for k in keys]
