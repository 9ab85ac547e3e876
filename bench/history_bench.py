"""History import on a real repository: cold time, unchanged re-run, one new commit, RSS, tasks.

    python bench/history_bench.py /path/to/repo-or-bare-git-dir [--max-commits N] [--since TEXT] [--embed]

Targets (issue 19): cold ≤ 60 s together with the codebase map, unchanged re-run ≤ 1 s, RSS ≤ 300 MB
on a history of ≥ 10,000 commits. The baseline printed beside the import is `git log` alone (the
same command, output discarded) in the same process, so the ratio says what grouping and storing cost.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from lore.history import HistorySettings, history_for, import_history  # noqa: E402
from lore.history.gitlog import GitError, log_commits  # noqa: E402
from lore.memory import Kind  # noqa: E402
from lore.api import Lore  # noqa: E402


def rss_mb() -> float:
    """Peak resident set size of this process, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--max-commits", type=int, default=5000)
    ap.add_argument("--since", default="2 years ago")
    ap.add_argument("--embed", action="store_true", help="embed the tasks with the configured model too")
    ap.add_argument("--samples", type=int, default=10)
    args = ap.parse_args()
    root = Path(args.repo).resolve()
    total = subprocess.run(["git", "-C", str(root), "rev-list", "--count", "HEAD"], capture_output=True,
                           text=True, check=True).stdout.strip()
    settings = HistorySettings(max_commits=args.max_commits, since=args.since)
    t = time.monotonic()
    n = 0
    try:
        for _ in log_commits(root, max_count=settings.max_commits or None, since=settings.since or None):
            n += 1
    except GitError as e:
        print(f"git log stopped after {n} commits: {e}")
    baseline = time.monotonic() - t
    with tempfile.TemporaryDirectory() as tmp:
        lore = Lore(root, db_path=Path(tmp) / "lore.db", user_db=False, sync_team=False,
                    embedder=None if args.embed else _no_embedder())
        t = time.monotonic()
        cold = import_history(lore, settings)
        cold_s = time.monotonic() - t
        embed_s = 0.0
        if args.embed:
            t = time.monotonic()
            embedded = lore.embed_pending()
            embed_s = time.monotonic() - t
            print(f"embedded {embedded} sections in {embed_s:.1f}s")
        t = time.monotonic()
        again = import_history(lore, settings)
        rerun_s = time.monotonic() - t
        print(f"repository: {root.name}: {total} commits in all; window {settings.max_commits} commits / {settings.since!r}")
        print(f"git log alone (baseline): {n} commits in {baseline:.2f}s")
        print(f"cold import:   {cold_s:6.2f}s (target ≤ 60 s with the map; {cold_s / max(baseline, 1e-9):.1f}× git log)"
              f"  — {cold.line()}")
        print(f"unchanged run: {rerun_s:6.3f}s (target ≤ 1 s) — {again.line()}")
        for w in cold.warnings[:3]:
            print(f"warning: {w}")
        print(f"peak RSS:      {rss_mb():6.0f} MB (target ≤ 300 MB)")
        tasks = lore.list(kinds=(Kind.TASK,), limit=100_000)
        by_type: dict[str, int] = {}
        for m in tasks:
            by_type[m.meta.get("type", "?")] = by_type.get(m.meta.get("type", "?"), 0) + 1
        print(f"tasks: {len(tasks)}; by type: {json.dumps(dict(sorted(by_type.items(), key=lambda kv: -kv[1])))}")
        print(f"reverted: {sum(1 for m in tasks if m.meta.get('reverted_by'))}; "
              f"multi-commit: {sum(1 for m in tasks if len(m.meta.get('commits', [])) > 1)}")
        rng = random.Random(19)
        for m in rng.sample(tasks, min(args.samples, len(tasks))):
            why = (m.rationale or "").replace("\n", " ")[:160]
            files = [a.value for a in m.anchors][:3]
            print(f"- {m.id} {m.date} {m.meta.get('type')} #{m.meta.get('pr')} {m.title!r} "
                  f"commits={len(m.meta.get('commits', []))} files={files} why={why!r}"
                  + (f" REVERTED by {m.meta['reverted_by']}" if m.meta.get("reverted_by") else ""))
        if tasks:
            probe = max(((a.value, 1) for m in tasks[:200] for a in m.anchors), default=("", 0))[0]
            t = time.monotonic()
            h = history_for(lore, probe)
            print(f"history_for({probe!r}): {(time.monotonic() - t) * 1000:.1f} ms — {h.summary}")
        lore.close()
    return 0


def _no_embedder():
    from lore.embedding.embedder import HashEmbedder

    return HashEmbedder()


if __name__ == "__main__":
    raise SystemExit(main())
