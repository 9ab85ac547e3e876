"""The lean loader (onnxruntime + tokenizers) gives the vectors fastembed gives for the same model folder."""

from __future__ import annotations

import pytest

from lore.embedding.embedder import FastEmbedder, MAX_TOKENS
from lore.embedding.onnx import cached_folder, supports

pytestmark = pytest.mark.model

LONG = " ".join(f"word{i} of a decision record about caching and retries" for i in range(80))
TEXTS = [
    "probe", "", " ", "a", "Use PostgreSQL for persistence",
    "We chose a single SQLite database per workspace, with WAL and FTS5 for words.",
    "Prefer composition over inheritance in the rendering layer.",
    "Never log access tokens; redact secrets before storing memory text.",
    "Café naïve résumé — déjà vu, smörgåsbord, jalapeño",
    "数据库迁移必须向后兼容", "ミドルウェアの順序は重要です", "Привет, мир: кэширование ответов",
    "emoji 🚀🔥 in a title ✨", "tabs\tand\nnewlines\r\nmixed", "CamelCaseIdentifiersEverywhere snake_case_too",
    "def handler(request: Request) -> Response:\n    return Response(status=204)",
    "SELECT id, title FROM memories WHERE status = 'active' ORDER BY updated_at DESC",
    "https://example.com/docs/adr/0007-use-feature-flags.html#rollout",
    "x" * 3000, LONG, LONG[:600], LONG[:1200], "word " * 127, "word " * 128, "word " * 129,
    "ADR 12: the rendering service owns the cache; invalidation goes through the event bus.",
    "Tests run against a real database, not mocks.", "Don't use floats for money.",
    "The API returns 429 with Retry-After when the rate limit is hit.",
    "Feature flags are removed within two sprints of full rollout.",
    "Accessibility: every interactive element must be reachable by keyboard.",
    "Images are served through the image proxy with width and quality parameters.",
    "Dates are stored in UTC and rendered in the reader's time zone.",
    "Monorepo packages publish independently with changesets.",
    "Server-side rendering falls back to client rendering when the island fails.",
    "Lint rules are errors in CI and warnings locally.",
    "Use the design system's spacing tokens, never raw pixel values.",
    "ümlaut ÄÖÜ ß and İstanbul casing",
    "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "🙂", "\u200b zero width \u200b",
    "a " * 400, "The quick brown fox jumps over the lazy dog. " * 20,
    "Why: the old cron job double-charged customers when it overlapped with itself.",
    "Task: migrate the search index to the new schema before the release.",
    "Warning: the payments sandbox resets every night at 02:00 UTC.",
    "Commit messages say what changed and why, in the imperative.",
    "GraphQL resolvers never call other resolvers directly.",
]


@pytest.fixture(scope="module")
def both(model_dir):
    """The lean loader and fastembed on the model as shipped (the quantised copy is tested apart:
    test_embed_quantize)."""
    lean = FastEmbedder(model_path=str(model_dir), threads=2)
    reference = FastEmbedder(model_path=str(model_dir), threads=2)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LORE_EMBED_LOADER", "fastembed")
        reference.load()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LORE_MODEL_QUANTIZE", "0")
        lean.load()
    assert (lean.loader, reference.loader) == ("onnxruntime", "fastembed")
    assert lean.computation == "as shipped"
    return lean, reference


def test_the_lean_loader_matches_fastembed_on_fifty_texts(both):
    lean, reference = both
    assert len(TEXTS) >= 50
    assert lean.dim == reference.dim == 384
    ours, theirs = lean.embed(TEXTS), reference.embed(TEXTS)
    worst = max(abs(a - b) for u, v in zip(ours, theirs) for a, b in zip(u, v))
    assert worst <= 1e-6, worst


def test_each_text_alone_matches_too(both):
    lean, reference = both
    for text in TEXTS[::5]:
        a, b = lean.embed([text])[0], reference.embed([text])[0]
        assert max(abs(x - y) for x, y in zip(a, b)) <= 1e-6, text[:40]


def test_long_texts_are_cut_at_the_token_cap(both):
    lean, _ = both
    tokenizer = lean._model.tokenizer
    assert len(tokenizer.encode(LONG).ids) == MAX_TOKENS
    # Beyond the cap, more words change nothing.
    a, b = lean.embed([LONG, LONG + " and a tail that is cut away"])
    assert a == b


def test_supported_folders(model_dir, tmp_path):
    assert supports("sentence-transformers/all-MiniLM-L6-v2", model_dir)
    assert not supports("BAAI/bge-small-en-v1.5", model_dir)
    assert not supports("sentence-transformers/all-MiniLM-L6-v2", tmp_path)
    snap = tmp_path / "models--Qdrant--all-MiniLM-L6-v2-onnx" / "snapshots" / "abc"
    snap.mkdir(parents=True)
    assert cached_folder("sentence-transformers/all-MiniLM-L6-v2", tmp_path) is None
    for name in ("model.onnx", "tokenizer.json", "tokenizer_config.json"):
        (snap / name).write_bytes((model_dir / name).read_bytes())
    assert cached_folder("sentence-transformers/all-MiniLM-L6-v2", tmp_path) == snap


def test_an_unknown_model_goes_through_fastembed(model_dir):
    emb = FastEmbedder("some/unknown-model", str(model_dir))
    assert emb._lean_folder() is None
