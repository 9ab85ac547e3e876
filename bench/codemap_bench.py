"""Codebase map: cold build and store, unchanged refresh, `lore import` cold and unchanged, peak RSS.

For each workspace given (a checkout; `git archive HEAD | tar -x` is enough), in one process:
- `walk`: listing the files alone (the floor of an unchanged refresh), as the baseline;
- `map cold`: `refresh_map` into a fresh database (walk, manifests, tree-sitter import graph, PageRank,
  fact memories written);
- `map unchanged`: `refresh_map` again (a walk and a hash);
then, in a child process each, `lore import` cold and again unchanged (decisions, rules, comments,
the map, embeddings with the real model), with the child's peak RSS.
Targets (issue 19): cold import ≤ 60 s with history, unchanged ≤ 1 s, RSS ≤ 300 MB.

    .venv/bin/python bench/codemap_bench.py /tmp/cmr/Unleash+unleash /tmp/cmr/jaegertracing+jaeger
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from lore.codemap.files import list_files  # noqa: E402
from lore.codemap.store import refresh_map  # noqa: E402
from lore.embedding.embedder import HashEmbedder  # noqa: E402
from lore.api import Lore  # noqa: E402


def timed(fn):
    t = time.monotonic()
    out = fn()
    return out, time.monotonic() - t


def in_process(root: Path, scratch: Path) -> None:
    _, walk = timed(lambda: list_files(root))
    with Lore(root, db_path=scratch / "map.db", user_db=scratch / "user.db", embedder=HashEmbedder()) as lore:
        cold, t_cold = timed(lambda: refresh_map(lore, force=True))
        again, t_again = timed(lambda: refresh_map(lore))
    print(f"  walk (baseline)      {walk:7.2f} s  ({cold.cmap.files} files)")
    print(f"  map cold             {t_cold:7.2f} s  ({len(cold.cmap.modules)} modules, {cold.added} memories)")
    print(f"  map unchanged        {t_again:7.2f} s  rebuilt={again.rebuilt}   target <= 1 s")


def import_run(root: Path, env: dict) -> tuple[float, float, str]:
    cmd = [sys.executable, "-c", "import resource,sys; from lore.cli.main import main; rc = main(sys.argv[1:]); "
           "print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); sys.exit(rc)",
           "-w", str(root), "import", "--json"]
    t = time.monotonic()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    took = time.monotonic() - t
    rss = next((int(line.split()[1]) / 1024 for line in proc.stderr.splitlines() if line.startswith("RSS ")), 0.0)
    return took, rss, proc.stderr[-400:] if proc.returncode else ""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="+", type=Path)
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent / "server"))
    for root in args.roots:
        print(f"{root.name}")
        scratch = Path(tempfile.mkdtemp(prefix="lore-map-bench-"))
        try:
            in_process(root, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(root / ".lore", ignore_errors=True)
        env["LORE_USER_DB"] = str(scratch / "user.db")  # the user's own memories are not touched
        scratch.mkdir(exist_ok=True)
        for label in ("cold", "unchanged"):
            took, rss, err = import_run(root, env)
            target = "<= 60 s" if label == "cold" else "<= 1 s"
            print(f"  lore import {label:<9} {took:7.2f} s  peak RSS {rss:6.0f} MB   target {target}, <= 300 MB"
                  + (f"  FAILED: {err}" if err else ""))
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"bench process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
