"""Time `run_import` on the three real decision corpora with the real embedding model.

Run: `LORE_TEST_MODEL_PATH=/tmp/lore-model .venv/bin/python bench/import_bench.py [--corpora DIR]`
(the folder comes from `/work/shared/tools/fetch-test-model DIR`). Each corpus is copied to a
temporary folder. Prints, per corpus and in total, the cold import (parse, store, embed every
section; the model is loaded before the clock starts, as a running server has it loaded) and a
re-import with nothing changed, each with memories per second. CPU time (all threads of the process)
is printed beside wall time: on a busy machine it shows what the work itself costs. Targets: cold ≤ 20 s for all three,
no-change ≤ 1 s. `--hash` swaps in the fake embedder to time the importer alone; `--beside-shipped N` imports with
the model's eight-bit copy (what Lore computes with, `lore.embedding.quantize`) and with the model as
shipped, alternating, N rounds each, and prints their ratio.
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

from lore.embedding import quantize
from lore.embedding.embedder import FastEmbedder, HashEmbedder
from lore.api import Lore
from lore.ingest import run_import

CORPORA = ("Unleash__unleash", "celestiaorg__celestia-app", "guardian__dotcom-rendering")
COLD_TARGET, WARM_TARGET = 20.0, 1.0


class TimedEmbedder:
    """The real embedder, counting the wall time spent embedding."""

    def __init__(self, inner: FastEmbedder | HashEmbedder):
        self.inner = inner
        self.model_id, self.dim = inner.model_id, inner.dim
        self.seconds = 0.0

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Embed and add the time taken to the running total."""
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.seconds += time.perf_counter() - start


def load_embedder(model: str, quantized: bool) -> FastEmbedder:
    """The real embedder, computing with the model's eight-bit copy or with the model as shipped."""
    previous = os.environ.get(quantize.ENV)
    os.environ[quantize.ENV] = "1" if quantized else "0"
    try:
        return FastEmbedder(model_path=model).load()
    finally:
        if previous is None:
            del os.environ[quantize.ENV]
        else:
            os.environ[quantize.ENV] = previous


def run_corpora(embedder: TimedEmbedder, corpora: Path, names: list[str], label: str = "") -> tuple[float, float]:
    """Import each corpus cold and again unchanged, printing a line each and the total; (cold, no change) seconds."""
    cold_total = warm_total = cpu_total = embed_total = 0.0
    memories_total = sections_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            root = Path(tmp) / name
            shutil.copytree(corpora / name, root)
            lore = Lore(root, user_db=Path(tmp) / "user.db", embedder=embedder)
            start, cpu, embedded_before = time.perf_counter(), time.process_time(), embedder.seconds
            cold = run_import(lore)
            cold_s, cold_cpu = time.perf_counter() - start, time.process_time() - cpu
            start = time.perf_counter()
            warm = run_import(lore)
            warm_s = time.perf_counter() - start
            count = sum(lore.counts().values())
            lore.close()
            embed_s = embedder.seconds - embedded_before
            embed_total += embed_s
            cold_total += cold_s
            cpu_total += cold_cpu
            warm_total += warm_s
            memories_total += count
            sections_total += cold.embedded
            print(f"{label}{name:28} cold {cold_s:6.2f}s (cpu {cold_cpu:6.2f}s, embedding {embed_s:6.2f}s)  {count:4d} memories  {count / cold_s:7.1f} memories/s  "
                  f"{cold.embedded:4d} sections embedded | no change {warm_s * 1000:6.1f} ms "
                  f"({warm.unchanged} files unchanged, {count / max(warm_s, 1e-9):9.0f} memories/s)")
    print(f"{label}{'all':28} cold {cold_total:6.2f}s (cpu {cpu_total:6.2f}s, embedding {embed_total:6.2f}s)  {memories_total:4d} memories  "
          f"{memories_total / cold_total:7.1f} memories/s  {sections_total:4d} sections embedded | no change "
          f"{warm_total * 1000:6.1f} ms")
    return cold_total, warm_total


def main() -> int:
    """Run the benchmark; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", default=str(Path(__file__).resolve().parents[2] / "shared" / "corpora"))
    parser.add_argument("--names", default=",".join(CORPORA),
                        help="comma-separated corpus folders under --corpora (default: the three shared ones)")
    parser.add_argument("--model", default=os.environ.get("LORE_TEST_MODEL_PATH") or os.environ.get("LORE_MODEL_PATH"))
    parser.add_argument("--hash", action="store_true",
                        help="use the fake hash embedder: times the importer itself, without the model")
    parser.add_argument("--target", type=float, default=COLD_TARGET,
                        help="cold import target in seconds (20 for the three shared corpora, 30 for ~100 ADRs)")
    parser.add_argument("--beside-shipped", type=int, default=0, metavar="ROUNDS",
                        help="also import with the model as shipped (not its eight-bit copy), alternating, ROUNDS rounds")
    args = parser.parse_args()
    if args.hash:
        args.model = None
    elif not args.model:
        print("set LORE_TEST_MODEL_PATH to the offline model folder (fetch-test-model DIR)", file=sys.stderr)
        return 2
    names, corpora = args.names.split(","), Path(args.corpora)
    if args.beside_shipped and not args.hash:
        embedders = {"int8": TimedEmbedder(load_embedder(args.model, True)),
                     "as shipped": TimedEmbedder(load_embedder(args.model, False))}
        assert embedders["int8"].inner.computation == "int8", "the model's eight-bit copy could not be made"
        colds: dict[str, list[float]] = {k: [] for k in embedders}
        warms: list[float] = []
        for r in range(args.beside_shipped):
            for key in (("as shipped", "int8") if r % 2 == 0 else ("int8", "as shipped")):
                cold, warm = run_corpora(embedders[key], corpora, names, f"[{key:10}] ")
                colds[key].append(cold)
                warms.append(warm)
        for key, values in colds.items():
            print(f"cold, all corpora, {key:10}: " + ", ".join(f"{v:.2f}" for v in values) + " s")
        ratios = [a / b for a, b in zip(colds["int8"], colds["as shipped"])]
        print("int8 / as shipped, per round: " + ", ".join(f"{x:.2f}" for x in ratios))
        cold_total, warm_total = statistics.median(colds["int8"]), max(warms)  # the target: the median int8 run
    else:
        inner = HashEmbedder() if args.hash else FastEmbedder(model_path=args.model).load()
        cold_total, warm_total = run_corpora(TimedEmbedder(inner), corpora, names)
    ok = cold_total <= args.target and warm_total <= WARM_TARGET
    print(f"targets: cold ≤ {args.target:.0f} s {'met' if cold_total <= args.target else 'MISSED'}, "
          f"no change ≤ {WARM_TARGET:.0f} s {'met' if warm_total <= WARM_TARGET else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
