"""Re-anchoring after a pull (lore.team.reanchor): what the sync of team files costs when the pull renamed
and moved anchored code, beside the same sync when the pull moved nothing, in one process.

A bare remote holds `--files` Python files and one team memory per file, anchored to the file and
to a function in it; the other clone renames a folder of half the files, renames one function in
each of `--renamed` files, and pushes; this clone pulls and syncs. Target: the sync stays well
under the 2 s that pull -> found allows (bench/pull_bench.py), and every anchor lands right.

Usage: python bench/reanchor_bench.py [--files 200] [--renamed 20]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from lore.embedding.embedder import HashEmbedder
from lore.api import Lore

CODE = "def job_{i}(day):\n    rows = load({i}, day)\n    return summarise(rows, {i})\n\n\ndef helper_{i}():\n    return {i}\n"
MEMORY = ("---\nid: mem{i:05d}\nkind: decision\nstatus: active\nanchors:\n  - {path}\n"
          "  - symbol:python:{module}.job_{i}\n---\n# Job {i} runs nightly\n\nJob {i} reads the replica.\n")


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "-c", "init.defaultBranch=main",
                    *args], cwd=cwd, check=True, capture_output=True)


def setup(root: Path, files: int) -> tuple[Path, Path]:
    seed = root / "seed"
    for i in range(files):
        folder = "jobs/nightly" if i % 2 == 0 else "jobs/other"
        path = f"{folder}/job_{i}.py"
        (seed / folder).mkdir(parents=True, exist_ok=True)
        (seed / path).write_text(CODE.format(i=i))
        (seed / ".lore" / "memories").mkdir(parents=True, exist_ok=True)
        (seed / ".lore" / "memories" / f"m{i}.md").write_text(
            MEMORY.format(i=i, path=path, module=path[:-3].replace("/", ".")))
    git(seed, "init", "-q")
    git(seed, "add", "-A")
    git(seed, "commit", "-qm", "start")
    git(root, "clone", "-q", "--bare", "seed", "remote.git")
    git(root, "clone", "-q", "remote.git", "mine")
    git(root, "clone", "-q", "remote.git", "theirs")
    return root / "mine", root / "theirs"


def open_lore(root: Path) -> Lore:
    return Lore(root, user_db=root.parent / "user.db", embedder=HashEmbedder(), sync_team=False)


def timed_sync(root: Path) -> float:
    with open_lore(root) as lore:
        start = time.perf_counter()
        lore.sync_team()
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--renamed", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    moved_times, still_times = [], []
    for _ in range(args.rounds):
        root = Path(tempfile.mkdtemp(prefix="lore-reanchor-"))
        try:
            mine, theirs = setup(root, args.files)
            timed_sync(mine)  # the first sync reads every file and remembers HEAD
            (theirs / "README.md").write_text("x\n")  # a pull that moves nothing
            git(theirs, "add", "-A")
            git(theirs, "commit", "-qm", "readme")
            git(theirs, "push", "-q", "origin", "HEAD")
            git(mine, "pull", "-q", "--no-rebase", "origin", "main")
            still_times.append(timed_sync(mine))
            git(theirs, "mv", "jobs/nightly", "jobs/night")
            for i in range(1, 2 * args.renamed, 2):
                path = theirs / f"jobs/other/job_{i}.py"
                path.write_text(path.read_text().replace(f"def job_{i}(", f"def run_job_{i}("))
            git(theirs, "add", "-A")
            git(theirs, "commit", "-qm", "move and rename")
            git(theirs, "push", "-q", "origin", "HEAD")
            git(mine, "pull", "-q", "--no-rebase", "origin", "main")
            moved_times.append(timed_sync(mine))
            with open_lore(mine) as lore:
                wrong = 0
                for i in range(args.files):
                    anchors = [a.to_text() for a in lore.get(f"mem{i:05d}").anchors]
                    if i % 2 == 0:
                        want = [f"jobs/night/job_{i}.py", f"symbol:python:jobs.night.job_{i}.job_{i}"]
                    elif i < 2 * args.renamed:
                        want = [f"jobs/other/job_{i}.py", f"symbol:python:jobs.other.job_{i}.run_job_{i}"]
                    else:
                        want = [f"jobs/other/job_{i}.py", f"symbol:python:jobs.other.job_{i}.job_{i}"]
                    wrong += anchors != want
        finally:
            shutil.rmtree(root, ignore_errors=True)
    print(f"{args.files} team memories; a pull moving {args.files // 2} files and renaming {args.renamed} functions")
    print(f"sync after the move:     p50 {statistics.median(moved_times):.3f} s  max {max(moved_times):.3f} s "
          f"({args.files // 2 + args.renamed} files rewritten; anchors wrong: {wrong})")
    print(f"sync after a quiet pull: p50 {statistics.median(still_times):.3f} s  (baseline, same process)")


if __name__ == "__main__":
    main()
