"""A lean loader for mean-pooled sentence models: onnxruntime and tokenizers, without fastembed.

Importing fastembed pulls in its image stack and costs about as much as creating the ONNX session;
a command that embeds one query pays both. This loader reads the same model folder and computes
what fastembed computes for the models it lists (`MEAN_POOLED`): the same tokenizer set-up
(truncation, batch-longest padding, special tokens), the same session options, mean pooling over
the attention mask in float64 and L2 normalisation, cast back to the model's float32. Other models
(and downloads) go through fastembed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# Models fastembed pools by the attention-mask mean and then normalises (PooledNormalizedEmbedding),
# with the Hugging Face repository fastembed downloads each from.
MEAN_POOLED = {"sentence-transformers/all-MiniLM-L6-v2": "Qdrant/all-MiniLM-L6-v2-onnx"}
MODEL_FILE = "model.onnx"
REQUIRED_FILES = (MODEL_FILE, "tokenizer.json", "tokenizer_config.json")


def supports(model_name: str, folder: Path) -> bool:
    """Whether this loader computes `model_name` from the files in `folder`."""
    return model_name in MEAN_POOLED and all((folder / name).is_file() for name in REQUIRED_FILES)


def cached_folder(model_name: str, cache: Path) -> Path | None:
    """The snapshot folder fastembed downloaded `model_name` into under `cache`, when there is one."""
    repo = MEAN_POOLED.get(model_name)
    if repo is None:
        return None
    snapshots = cache / ("models--" + repo.replace("/", "--")) / "snapshots"
    found = sorted(snapshots.glob("*/")) if snapshots.is_dir() else []
    return next((f for f in found if supports(model_name, f)), None)


def _valid_context(value) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= sys.maxsize:
        return None
    return value


def load_tokenizer(folder: Path, max_tokens: int):
    """The folder's tokenizer, set up as fastembed sets it up, then capped at `max_tokens`."""
    from tokenizers import AddedToken, Tokenizer

    config = json.loads((folder / "config.json").read_text()) if (folder / "config.json").is_file() else {}
    tok_config = json.loads((folder / "tokenizer_config.json").read_text())
    contexts = [c for c in (_valid_context(tok_config.get("model_max_length")),
                            _valid_context(tok_config.get("max_length"))) if c is not None]
    if not contexts:
        raise ValueError(f"no maximum context length in {folder / 'tokenizer_config.json'}")
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    truncation = tokenizer.truncation or {}
    tokenizer.enable_truncation(max_length=min(contexts),
                                direction=tok_config.get("truncation_side") or truncation.get("direction", "right"))
    special = folder / "special_tokens_map.json"
    for value in (json.loads(special.read_text()) if special.is_file() else {}).values():
        for token in value if isinstance(value, list) else [value]:
            tokenizer.add_special_tokens([token if isinstance(token, str) else AddedToken(**token)])
    padding = tokenizer.padding or {}
    pad_token = padding.get("pad_token") or tok_config.get("pad_token")
    if pad_token is None:
        raise ValueError(f"no pad token for {folder}")
    pad_id = padding.get("pad_id", config.get("pad_token_id"))
    if pad_id is None:
        pad_id = tokenizer.token_to_id(pad_token)
    tokenizer.enable_padding(direction=tok_config.get("padding_side") or padding.get("direction", "right"),
                             pad_id=pad_id, pad_type_id=padding.get("pad_type_id", 0), pad_token=pad_token,
                             pad_to_multiple_of=padding.get("pad_to_multiple_of"), length=None)
    current = (tokenizer.truncation or {}).get("max_length")
    if current is None or current > max_tokens:
        tokenizer.enable_truncation(max_length=max_tokens)
    return tokenizer


class MeanPooledModel:
    """One ONNX session and its tokenizer; `embed(texts)` gives one unit float32 vector per text."""

    def __init__(self, folder: Path, *, threads: int, max_tokens: int, model_file: Path | None = None):
        """The model in `folder` (its tokenizer files; its ONNX graph, or `model_file` when given: the
        same model quantised, `lore.embedding.quantize`)."""
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = threads
        # Without the arena ONNX Runtime hands batch buffers back instead of keeping the peak.
        options.enable_cpu_mem_arena = False
        # Idle worker threads sleep rather than spin: the same vectors for about 40% less CPU time (120 texts:
        # 5.4 s instead of 8.5-9.1 s), and no wall time lost on a machine whose cores are shared.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.add_session_config_entry("session.inter_op.allow_spinning", "0")
        self.session = ort.InferenceSession(str(model_file or folder / MODEL_FILE), sess_options=options,
                                            providers=["CPUExecutionProvider"])
        self.inputs = {node.name for node in self.session.get_inputs()}
        self.tokenizer = load_tokenizer(folder, max_tokens)

    def encode(self, texts: list[str]) -> list:
        """The tokenizer's encodings of texts (padded to the longest of them), for `embed_encoded`: a caller
        batching texts by the tokens the model reads tokenizes them once."""
        return self.tokenizer.encode_batch(texts)

    def embed(self, texts: list[str]):
        """Vectors of one batch (padded to its longest text), as a float32 array."""
        return self.embed_encoded(self.tokenizer.encode_batch(texts))

    def embed_encoded(self, encoded: list):
        """Vectors of encodings as one batch, padded only as far as its longest needs (the columns no
        text of the batch uses are dropped), as a float32 array."""
        import numpy as np

        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        used = mask.any(axis=0)
        if not used.all():
            ids, mask = ids[:, used], mask[:, used]
        feed = {"input_ids": ids}
        if "attention_mask" in self.inputs:
            feed["attention_mask"] = mask
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        tokens = self.session.run(None, feed)[0]
        summed = np.sum(tokens, axis=1, where=mask[:, :, np.newaxis].astype(bool), dtype=np.float64)
        pooled = summed / np.maximum(np.sum(mask, axis=1, keepdims=True), 1e-9)
        norm = np.maximum(np.linalg.norm(pooled, ord=2, axis=1, keepdims=True), 1e-12)
        return (pooled / norm).astype(tokens.dtype, copy=False)
