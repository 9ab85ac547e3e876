"""Search latency of `Lore.search` at 1k, 10k and 100k memories, beside a numpy brute-force scan.

Run: `.venv/bin/python bench/search_bench.py [--model DIR] [--sizes 1000,10000,100000] [--rounds 3]`
(DIR defaults to $LORE_MODEL_PATH, else the folder scripts/fetch-test-model builds).

Memories are synthetic but varied: each joins two real sentences taken from the ADR corpora in
../shared/corpora (about 3,000 distinct sentences, so 9 million pairs) plus an identifier, and
carries a kind, tags and, for a third of them, a path anchor. Embedding 100k texts with the real
model would take hours on a laptop, so the pool of sentences is embedded once with the real model
(cached under ~/.cache/lore/bench) and each memory's vector is the normalised sum of its two
sentences' vectors plus small Gaussian noise (sigma 0.01 per dimension): realistic neighbourhoods,
no two vectors equal. Databases are written through the store layer in large transactions.

For each size it prints p50/p99 in milliseconds of:
- `search+embed`: Lore.search with the real model embedding the query (what a user waits for);
- `search`: Lore.search with the query vector already computed (the same code, no model time);
- `search path=`: the same with a file path in the query (anchor matching);
- `fts` and `knn`: the word-index query and the vec0 KNN on their own;
- `numpy`: an exact brute-force KNN over the same vectors in memory (the memory-bandwidth floor).
Each line shows wall-clock p50 / p99 and the median process CPU time (all threads, so ONNX's two
threads count twice): on a busy machine CPU time tells what the work costs, wall time what a user
waits. Process start, model load and database build are excluded; build time is printed separately.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import yaml

from lore.embedding.embedder import DEFAULT_MODEL, FastEmbedder
from lore.memory import Anchor, Kind, Memory
from lore.recall import Query
from lore.recall.search import CANDIDATES, lexical
from lore.api import Lore
from lore.store import Store
from lore.store.memories import sections_of
from lore.text import content_hash

REPO = Path(__file__).resolve().parent.parent
CORPORA = REPO.parent / "shared" / "corpora"
if not CORPORA.is_dir():  # no shared folder beside the checkout: the vendored copies
    CORPORA = REPO / "tests" / "fixtures" / "corpora"
QUERIES = REPO / "tests" / "fixtures" / "retrieval" / "queries.yaml"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lore" / "bench"
NOISE = 0.01
KINDS = list(Kind)
TARGETS_MS = {10_000: 15.0, 100_000: 40.0}


def default_model_dir() -> str:
    """$LORE_MODEL_PATH, else the offline test model's default folder."""
    env = os.environ.get("LORE_MODEL_PATH")
    if env:
        return env
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return str(Path(cache) / "lore" / "test-model" / "all-MiniLM-L6-v2-int8")


def corpus_sentences() -> list[str]:
    """Distinct prose sentences (40-240 characters) from every markdown file of the corpora."""
    seen: set[str] = set()
    out: list[str] = []
    for path in sorted(CORPORA.rglob("*.md")):
        text = re.sub(r"```.*?```", " ", path.read_text(encoding="utf-8", errors="ignore"), flags=re.S)
        for para in re.split(r"\n\s*\n", text):
            para = " ".join(line.strip().lstrip("-*>#0123456789. ") for line in para.splitlines())
            for s in re.split(r"(?<=[.!?])\s+", para):
                s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s).strip()
                if 40 <= len(s) <= 240 and len(re.findall(r"[A-Za-z]{3,}", s)) >= 6 and s.lower() not in seen:
                    seen.add(s.lower())
                    out.append(s)
    return out


def load_embedder(model_dir: str) -> FastEmbedder:
    """The real model, loaded."""
    return FastEmbedder(DEFAULT_MODEL, model_dir).load()


def sentence_pool(embedder: FastEmbedder) -> tuple[list[str], np.ndarray]:
    """The corpus sentences and their real embeddings (cached by the sentences' hash)."""
    sentences = corpus_sentences()
    key = hashlib.sha256("\n".join(sentences).encode()).hexdigest()[:16]
    cached = CACHE / f"pool-{key}.npy"
    if cached.exists():
        return sentences, np.load(cached)
    start = time.perf_counter()
    vectors = np.asarray(embedder.embed(sentences), dtype=np.float32)
    print(f"embedded {len(sentences)} pool sentences in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.save(cached, vectors)
    return sentences, vectors


def _normalise(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v, axis=-1, keepdims=True)).astype(np.float32)


def synthetic(n: int, sentences: list[str], vectors: np.ndarray, seed: int = 7):
    """Yield (memory, section vector) pairs: two real sentences each, vectors summed plus noise."""
    rng = np.random.default_rng(seed)
    pairs = rng.integers(0, len(sentences), size=(n, 2))
    noise = rng.normal(0.0, NOISE, size=(n, vectors.shape[1])).astype(np.float32)
    for i, (j, k) in enumerate(pairs):
        words = sentences[j].split()
        title = " ".join(words[:10]).rstrip(".,:;")
        body = f"{' '.join(words[10:])} {sentences[k]} See module_{i % 4999}.".strip()
        anchors = [Anchor.parse(f"src/pkg{i % 311}/mod{i % 17}/**")] if i % 3 == 0 else []
        m = Memory(title=title, body=body, kind=KINDS[i % len(KINDS)], anchors=anchors,
                   tags=[f"area{i % 23}"], id=f"m{i:07d}")
        yield m, _normalise(vectors[j] + vectors[k] + noise[i])


def build(db_path: Path, n: int, sentences: list[str], vectors: np.ndarray, batch: int = 5000) -> np.ndarray:
    """Write `n` synthetic memories and their vectors; returns the vectors (one per section)."""
    store = Store(db_path)
    index = store.vectors(DEFAULT_MODEL, vectors.shape[1])
    out = np.empty((n, vectors.shape[1]), dtype=np.float32)
    items: list[tuple[Memory, np.ndarray]] = []

    def flush() -> None:
        with store.transaction():
            pending = []
            for m, vec in items:
                store.memories.insert(m)
                (section,) = sections_of(m)
                pending.append((content_hash(section.text), vec))
            index.add(pending)
        items.clear()

    for i, (m, vec) in enumerate(synthetic(n, sentences, vectors)):
        out[i] = vec
        items.append((m, vec))
        if len(items) >= batch:
            flush()
    if items:
        flush()
    store.close()
    return out


class PrecomputedEmbedder:
    """Answers with query vectors computed beforehand by the real model (times search without the model)."""

    model_id = DEFAULT_MODEL

    def __init__(self, table: dict[str, list[float]]):
        self.table = table
        self.dim = len(next(iter(table.values())))

    def embed(self, texts: list[str]) -> list[list[float]]:
        """The stored vector of each text."""
        return [self.table[t] for t in texts]


def percentiles(samples: list[tuple[float, float]]) -> str:
    """Wall `p50 / p99` and CPU p50, in milliseconds."""
    wall = sorted(w * 1000 for w, _ in samples)
    p99 = wall[min(len(wall) - 1, int(round(0.99 * (len(wall) - 1))))]
    cpu = statistics.median(c * 1000 for _, c in samples)
    return f"{statistics.median(wall):8.2f} / {p99:8.2f}   cpu p50 {cpu:8.2f}"


def timed(fn, items, rounds: int) -> list[tuple[float, float]]:
    """(wall, process CPU) seconds of fn(item) for every item, `rounds` times, after a warm-up."""
    for item in items[:5]:
        fn(item)
    out = []
    for _ in range(rounds):
        for item in items:
            start, cpu = time.perf_counter(), time.process_time()
            fn(item)
            out.append((time.perf_counter() - start, time.process_time() - cpu))
    return out


def measure(root: Path, db: Path, matrix: np.ndarray, embedder: FastEmbedder, queries: list[dict],
            rounds: int) -> dict[str, list[tuple[float, float]]]:
    """Latency samples of every measured operation on one database."""
    texts = [q["text"] for q in queries]
    try:  # the text the search embeds for a question, in checkouts that have it (older ones embed it as typed)
        from lore.recall.query_text import embedded_query
    except ImportError:
        def embedded_query(t: str) -> str:
            return t
    forms = list(dict.fromkeys([*texts, *(embedded_query(t) for t in texts)]))
    table = dict(zip(forms, embedder.embed(forms)))
    results: dict[str, list[tuple[float, float]]] = {}
    with Lore(root, db_path=db, user_db=False, embedder=embedder, sync_team=False) as lore:
        results["search+embed"] = timed(lambda t: lore.search(Query(t)), texts, rounds)
    with Lore(root, db_path=db, user_db=False, embedder=PrecomputedEmbedder(table), sync_team=False) as lore:
        results["search"] = timed(lambda t: lore.search(Query(t)), texts, rounds)
        results["search path="] = timed(
            lambda t: lore.search(Query(t, path="src/pkg42/mod3/handlers.py")), texts, rounds)
        results["fts"] = timed(lambda t: lexical(lore.store, t, CANDIDATES), texts, rounds)
        index = lore.store.existing_vectors(DEFAULT_MODEL)
        results["knn"] = timed(lambda t: index.knn(table[t], CANDIDATES), texts, rounds)
    qmat = {t: np.asarray(v, dtype=np.float32) for t, v in table.items()}

    def brute(t: str) -> np.ndarray:
        sims = matrix @ qmat[t]
        top = np.argpartition(-sims, CANDIDATES)[:CANDIDATES]
        return top[np.argsort(-sims[top])]

    results["numpy"] = timed(brute, texts, rounds)
    return results


def rss_mb() -> str:
    """VmRSS and VmHWM of this process."""
    fields = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS", "VmHWM")):
                fields[line.split(":")[0]] = int(line.split()[1]) // 1024
    return f"RSS {fields.get('VmRSS')} MB, peak {fields.get('VmHWM')} MB"


def main() -> None:
    """Build each database size, measure, print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=default_model_dir())
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", help="keep databases here (reused when present)")
    args = parser.parse_args()
    embedder = load_embedder(args.model)
    sentences, vectors = sentence_pool(embedder)
    queries = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    work = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="lore-search-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"pool: {len(sentences)} real sentences; {len(queries)} queries x {args.rounds} rounds; {rss_mb()}")
    for n in (int(s) for s in args.sizes.split(",")):
        db = work / f"bench-{n}.db"
        start = time.perf_counter()
        if db.exists():
            matrix = np.stack([v for _, v in synthetic(n, sentences, vectors)])
        else:
            matrix = build(db, n, sentences, vectors)
        built = time.perf_counter() - start
        size = db.stat().st_size + sum(p.stat().st_size for p in work.glob(f"{db.name}-*"))
        print(f"\n{n:,} memories (build {built:.1f} s, {size / n:,.0f} bytes/memory)")
        results = measure(work, db, matrix, embedder, queries, args.rounds)
        for name, samples in results.items():
            print(f"  {name:14s} wall p50 / p99 ms {percentiles(samples)}")
        target = TARGETS_MS.get(n)
        for name in ("search+embed", "search") if target else ():
            p50 = statistics.median(w for w, _ in results[name]) * 1000
            print(f"  target {name} p50 <= {target:.0f} ms: {'met' if p50 <= target else 'MISSED'} ({p50:.1f} ms)")
        print(f"  {rss_mb()}")
    if not args.dir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
