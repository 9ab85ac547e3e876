"""What finding decision records by content costs, beside reading the files at all.

For every markdown file under the given folders (default: `../shared/corpora`), in one process:
the time to read it (what an import pays anyway), the time of the path-only `classify` (what file
watching pays per event) and the time of `decide` (path hints plus the first 8 KB of text, with the
numbered-series rule). Prints the median and total per step and how many files were taken as
decision records, per folder given.

    .venv/bin/python bench/discovery_bench.py [FOLDER ...] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from lore.sources.classify import classify  # noqa: E402
from lore.sources.detect import Series, decide  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "corpora"


def measure(root: Path, rounds: int) -> dict:
    """Per-file timings (µs) of read, classify and decide over one tree, best of `rounds`."""
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() in (".md", ".markdown", ".mdx") and p.is_file())
    best: dict[str, list[float]] = {}
    taken = 0
    for _ in range(rounds):
        read, path_only, content = [], [], []
        series, taken = Series(), 0
        for p in files:
            rel = p.relative_to(root).as_posix()
            t0 = time.perf_counter()
            text = p.read_bytes().decode("utf-8", errors="replace")
            t1 = time.perf_counter()
            classify(rel)
            t2 = time.perf_counter()
            taken += decide(rel, str(p), text, series).is_decision
            t3 = time.perf_counter()
            read.append((t1 - t0) * 1e6)
            path_only.append((t2 - t1) * 1e6)
            content.append((t3 - t2) * 1e6)
        if not best or sum(content) < sum(best["decide"]):
            best = {"read": read, "classify": path_only, "decide": content}
    return {"files": len(files), "taken": taken, **best}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    roots = args.folders or sorted(p for p in DEFAULT.iterdir() if p.is_dir())
    print(f"{'tree':42} {'files':>6} {'taken':>6} | {'read p50':>9} {'classify p50':>13} {'decide p50':>11} | "
          f"{'read total':>11} {'decide total':>13}")
    for root in roots:
        r = measure(root, args.rounds)
        if not r["files"]:
            continue
        print(f"{root.name[:42]:42} {r['files']:6} {r['taken']:6} | {statistics.median(r['read']):7.0f}µs "
              f"{statistics.median(r['classify']):11.0f}µs {statistics.median(r['decide']):9.0f}µs | "
              f"{sum(r['read']) / 1000:9.1f}ms {sum(r['decide']) / 1000:11.1f}ms")


if __name__ == "__main__":
    main()
