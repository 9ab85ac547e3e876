"""Counting tokens: the embedding model's own tokenizer when a local copy exists, else an estimate.

The estimate (documented in the README) is max(characters / 4, words × 1.3), which over-counts
WordPiece tokens of English prose and code slightly, so a pack sized by it stays within budget.
"""

from __future__ import annotations

import functools
import logging
import math
import os
import re
from pathlib import Path

import attrs
from lore.embedding.embedder import model_cache_dir

log = logging.getLogger(__name__)


@attrs.define
class TokenCounter:
    """Counts tokens of text; `method` says how."""

    method: str
    _tokenizer: object | None = None

    def count(self, text: str) -> int:
        """Tokens in `text` (without special tokens)."""
        if not text:
            return 0
        if self._tokenizer is not None:
            return len(self._tokenizer.encode(text, add_special_tokens=False).ids)
        return estimate(text)


def estimate(text: str) -> int:
    """A conservative token estimate for when no tokenizer is at hand."""
    return max(math.ceil(len(text) / 4), math.ceil(len(re.findall(r"\S+", text)) * 1.3))


def _find_tokenizer(model_path: str | None) -> Path | None:
    candidates = []
    if model_path:
        candidates.append(Path(model_path) / "tokenizer.json")

    cache = model_cache_dir()
    if cache.is_dir():
        candidates += sorted(cache.glob("**/tokenizer.json"))
    return next((c for c in candidates if c.is_file()), None)


def token_counter(model_path: str | None = None) -> TokenCounter:
    """The best counter available: the local model's tokenizer, else the estimate. `model_path`
    defaults to `LORE_MODEL_PATH` as it is now (not as it was at the first call)."""
    return _counter_for(_find_tokenizer(model_path if model_path is not None else os.environ.get("LORE_MODEL_PATH")))


@functools.lru_cache(maxsize=4)
def _counter_for(path: Path | None) -> TokenCounter:
    """The counter of one tokenizer file (loaded once per process), or the estimate."""
    if path is not None:
        try:
            from tokenizers import Tokenizer

            tok = Tokenizer.from_file(str(path))
            tok.no_truncation()
            tok.no_padding()
            return TokenCounter(f"tokenizer:{path.parent.name}", tok)
        except Exception:  # a broken tokenizer file falls back to the estimate
            log.warning("cannot load tokenizer %s; estimating tokens", path, exc_info=True)
    return TokenCounter("estimate: max(chars/4, words*1.3)")
