"""Bulk add throughput, database bytes per memory, and process memory once the model is loaded.

Run: `.venv/bin/python bench/bulk_add_bench.py [--model DIR] [--count 2000] [--embedded 300]`

Memories are the synthetic ones of search_bench.py (two real corpus sentences each). Three ways of
adding, each into a fresh workspace through the public `Lore.add`:
- `no embedding`: `add(m, embed=False)`, one transaction per memory (what importers do before
  embedding in bulk);
- `add, then embed_pending`: the same, then one `embed_pending()` that embeds in batches;
- `add with embedding`: `add(m)`, which embeds each memory as it is written (the CLI `lore add` path).
Rates are per wall second and per CPU second of this process (all threads; the model uses two),
which says what the work costs when other processes share the machine. Bytes per memory include
the WAL after a checkpoint; with vectors, small counts are dominated by sqlite-vec's preallocated
chunk of 1,024 vectors (search_bench.py prints bytes per memory at 1k, 10k and 100k).
Memory is read from /proc/self/status (VmRSS now, VmHWM peak) in a fresh child process that only
imports Lore and loads the model, then embeds a realistic batch; the target is RSS <= 300 MB.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from search_bench import default_model_dir, load_embedder, rss_mb, sentence_pool, synthetic

from lore.embedding.embedder import DEFAULT_MODEL, FastEmbedder
from lore.api import Lore

RSS_TARGET_MB = 300


def _status() -> dict[str, int]:
    with open("/proc/self/status") as f:
        return {line.split(":")[0]: int(line.split()[1]) // 1024 for line in f if line.startswith(("VmRSS", "VmHWM"))}


def rss_probe(model_dir: str) -> dict[str, dict[str, int]]:
    """In this (fresh) process: memory after importing Lore, after the model loads, after embedding."""
    out = {"imported": _status()}
    embedder = FastEmbedder(DEFAULT_MODEL, model_dir).load()
    out["model loaded"] = _status()
    short = [f"Use the repository pattern for data access in module {i}." for i in range(64)]
    embedder.embed(short)
    out["64 short texts embedded"] = _status()
    long = [" ".join(f"Section {i} explains decision detail number {j}." for j in range(60)) for i in range(64)]
    embedder.embed(long)
    out["64 long (256-token) texts embedded"] = _status()
    return out


def db_bytes(root: Path) -> int:
    """Size of the workspace database with its WAL, after a checkpoint."""
    with Lore(root, user_db=False, sync_team=False, embedder=None) as lore:
        lore.store.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(p.stat().st_size for p in (root / ".lore").glob("lore.db*"))


def run(label: str, memories, embedder, embed_each: bool, embed_after: bool) -> float:
    """Add `memories` to a fresh (then removed) workspace; returns memories per second."""
    root = Path(tempfile.mkdtemp(prefix="lore-bulk-"))
    start, cpu = time.perf_counter(), time.process_time()
    with Lore(root, user_db=False, embedder=embedder, sync_team=False) as lore:
        for m in memories:
            lore.add(m, embed=embed_each)
        if embed_after:
            lore.embed_pending()
        assert lore.model_error is None, lore.model_error
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    rate = len(memories) / elapsed
    size = db_bytes(root)
    shutil.rmtree(root, ignore_errors=True)
    print(f"  {label:26s} {len(memories):6,d} memories  {rate:8.1f} memories/s  "
          f"(per CPU second {len(memories) / cpu:8.1f})  {size / len(memories):8,.0f} bytes/memory")
    return rate


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default=default_model_dir())
    parser.add_argument("--count", type=int, default=2000, help="memories added without embedding")
    parser.add_argument("--embedded", type=int, default=300, help="memories added with embedding")
    parser.add_argument("--rss-probe", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rss_probe:
        print(json.dumps(rss_probe(args.model)))
        return
    probe = subprocess.run([sys.executable, __file__, "--rss-probe", "--model", args.model],
                           capture_output=True, text=True, check=True)
    print(f"memory of a fresh process (target RSS <= {RSS_TARGET_MB} MB after the model loads):")
    for stage, fields in json.loads(probe.stdout.strip().splitlines()[-1]).items():
        print(f"  {stage:36s} RSS {fields['VmRSS']:5d} MB   peak {fields['VmHWM']:5d} MB")
    embedder = load_embedder(args.model)
    sentences, vectors = sentence_pool(embedder)
    print("\nbulk add (Lore.add, one transaction per memory):")
    run("no embedding", [m for m, _ in synthetic(args.count, sentences, vectors, seed=11)], embedder, False, False)
    run("add, then embed_pending", [m for m, _ in synthetic(args.embedded, sentences, vectors, seed=12)],
        embedder, False, True)
    run("add with embedding", [m for m, _ in synthetic(args.embedded, sentences, vectors, seed=13)],
        embedder, True, False)
    print(f"\nthis process: {rss_mb()}")


if __name__ == "__main__":
    main()
