"""Context packs: build time in a 10k-memory workspace, and pack tokens against the files they summarise.

Run: .venv/bin/python bench/context_bench.py [--model DIR]
- build time: p50/p99 of `build_pack` for a file, with and without a task (the task adds one
  query embedding), in a workspace of 10,000 memories (2,000 anchored to folders and files).
  Target: <= 100 ms.
- compression: each shared corpus imported with the real model; the project pack at the default
  budget against the tokens of every file the import read (same tokenizer). Reported as a ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPORA = REPO.parent / "shared" / "corpora"


def _percentiles(samples: list[float]) -> tuple[float, float]:
    s = sorted(samples)
    return statistics.median(s), s[min(len(s) - 1, int(len(s) * 0.99))]


def bench_build(model_dir: str | None) -> None:
    from lore.context import build_pack
    from lore.embedding.embedder import FastEmbedder, HashEmbedder
    from lore.memory import Anchor, Kind, Memory
    from lore.api import Lore

    kinds = list(Kind)
    words = ("cache queue retry billing invoice session token schema migration index shard replica "
             "webhook payment refund ledger audit export import parser render template route handler").split()
    with tempfile.TemporaryDirectory() as tmp:
        lore = Lore(Path(tmp), user_db=False, embedder=HashEmbedder())
        t0 = time.perf_counter()
        with lore.store.transaction():
            for i in range(10_000):
                w = [words[(i * k) % len(words)] for k in (1, 3, 7, 11)]
                anchors = []
                if i % 5 == 0:
                    anchors = [Anchor.parse(f"src/{w[0]}/**")] if i % 10 else [Anchor.parse(f"src/{w[0]}/{w[1]}.py")]
                m = Memory(title=f"{w[0].title()} {w[1]} rule {i}", body=f"When touching {w[2]} use {w[3]} carefully.",
                           kind=kinds[i % len(kinds)], anchors=anchors).validate()
                lore.store.memories.insert(m)
        print(f"built 10,000 memories in {time.perf_counter() - t0:.1f} s")
        lore.embed_pending()
        if model_dir:
            # The pack's only model cost is one query embedding for the task; measured on its own so
            # the 10k vectors need not be made with the real model (minutes on 2 cores).
            real = FastEmbedder(model_path=model_dir).load()
            q = []
            for _ in range(30):
                t = time.perf_counter()
                real.embed(["add a refund webhook with retries"])
                q.append((time.perf_counter() - t) * 1000)
            p50, p99 = _percentiles(q[3:])
            print(f"real-model query embedding: p50 {p50:.1f} ms  p99 {p99:.1f} ms (add to 'file + task')")
        for label, task in (("file only", None), ("file + task", "add a refund webhook with retries")):
            times = []
            for i in range(60):
                t = time.perf_counter()
                pack = build_pack(lore, path=f"src/{words[i % len(words)]}/x.py", task=task, budget=1500)
                times.append((time.perf_counter() - t) * 1000)
            p50, p99 = _percentiles(times[5:])
            print(f"build_pack 10k memories, {label:12s}: p50 {p50:6.1f} ms  p99 {p99:6.1f} ms "
                  f"(target <= 100 ms; {len(pack.items)} items, {pack.tokens} tokens)")
        lore.close()


def bench_compression(model_dir: str | None) -> None:
    from lore.context import build_pack, token_counter
    from lore.embedding.embedder import FastEmbedder, HashEmbedder
    from lore.api import Lore
    from lore.ingest import run_import

    counter = token_counter(model_dir)
    for corpus in sorted(p for p in CORPORA.iterdir() if p.is_dir()):
        with tempfile.TemporaryDirectory() as tmp:
            ws = Path(tmp) / corpus.name
            shutil.copytree(corpus, ws)
            emb = FastEmbedder(model_path=model_dir) if model_dir else HashEmbedder()
            lore = Lore(ws, user_db=False, embedder=emb)
            run_import(lore)
            files = [p for p in ws.rglob("*.md") if ".lore" not in p.parts]
            source_tokens = sum(counter.count(p.read_text(encoding="utf-8", errors="replace")) for p in files)
            pack = build_pack(lore, budget=1500, counter=counter)
            ratio = source_tokens / max(1, pack.tokens)
            print(f"{corpus.name:32s} files {len(files):3d}  source {source_tokens:7d} tokens  "
                  f"pack {pack.tokens:5d} tokens ({len(pack.items)} memories)  ratio {ratio:5.1f}x  [{counter.method}]")
            lore.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=os.environ.get("LORE_TEST_MODEL_PATH"), help="local model folder")
    args = ap.parse_args()
    bench_build(args.model)
    bench_compression(args.model)
    return 0


if __name__ == "__main__":
    sys.exit(main())
