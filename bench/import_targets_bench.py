"""`lore import` on real repositories against issue 19's targets: cold (files, map, history, vectors) and unchanged.

For each repository given (a git checkout or bare mirror; it is cloned afresh into a temporary folder
for each code path, so nothing of it is touched), `lore import` runs as a child process the way a user
runs it, with the real model:
- `cold`: a fresh clone with no `.lore` (every file read, the map built, the git history's window read,
  every section but the tasks embedded; the model loaded by the import itself);
- `unchanged`: the same command again, `--runs` times (the median is printed).
Each line prints wall time, the child's CPU time (user + system, all threads: on a shared machine it
is what the work costs) and its peak RSS (`ru_maxrss`), beside the targets: cold <= 60 s,
unchanged <= 1 s, RSS <= 300 MB. `--before DIR` (another checkout's `server/`, e.g.
`git archive <commit> server | tar -x -C /tmp/before`) runs the same commands on that code too, each
repository's lines side by side.

    .venv/bin/python bench/import_targets_bench.py /work/.mirror/GSA+notifications-api/repo \\
        /work/.mirror/Unleash+unleash/repo /work/.mirror/jaegertracing+jaeger/repo --before /tmp/before/server
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SERVER = Path(__file__).resolve().parents[1] / "server"
COLD_TARGET, UNCHANGED_TARGET, RSS_TARGET = 60.0, 1.0, 300.0
# The child reports its own peak RSS and CPU time as its last line on stderr.
CHILD = ("import resource, sys\n"
         "from lore.cli.main import main\n"
         "try:\n"
         "    rc = main(sys.argv[1:])\n"
         "finally:\n"
         "    u = resource.getrusage(resource.RUSAGE_SELF)\n"
         "    print('USAGE', u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr)\n"
         "sys.exit(rc)\n")


def run_import(root: Path, server: Path, env: dict) -> dict:
    """One `lore import --json` in a child process: wall seconds, CPU seconds, peak RSS (MB), its summary."""
    env = dict(env, PYTHONPATH=str(server))
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", CHILD, "-w", str(root), "import", "--json"], env=env,
                          capture_output=True, text=True)
    wall = time.monotonic() - start
    usage = next((line.split() for line in reversed(proc.stderr.splitlines()) if line.startswith("USAGE ")), None)
    if proc.returncode not in (0, 1) or usage is None:
        raise RuntimeError(f"lore import failed in {root} ({proc.returncode}): {proc.stderr[-800:]}")
    try:
        summary = json.loads(proc.stdout)
    except ValueError:
        summary = {}
    return {"wall": wall, "cpu": float(usage[2]), "rss": int(usage[1]) / 1024, "summary": summary}


def commits(repo: Path) -> int:
    """Commits reachable from HEAD."""
    out = subprocess.run(["git", "-C", str(repo), "rev-list", "--count", "HEAD"], capture_output=True, text=True)
    return int(out.stdout.strip() or 0)


def measure(repo: Path, name: str, server: Path, env: dict, runs: int, scratch: Path) -> dict:
    """Cold import of a fresh clone, then `runs` unchanged ones."""
    root = scratch / name.split("+")[-1]
    shutil.rmtree(root, ignore_errors=True)
    subprocess.run(["git", "clone", "--quiet", str(repo), str(root)], check=True)
    env = dict(env, LORE_USER_DB=str(scratch / "user.db"))  # the user's own memories are not touched
    try:
        cold = run_import(root, server, env)
        again = [run_import(root, server, env) for _ in range(runs)]
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return {"cold": cold, "unchanged": {k: statistics.median(r[k] for r in again) for k in ("wall", "cpu", "rss")},
            "unchanged_rss_max": max(r["rss"] for r in again)}


def mark(value: float, target: float) -> str:
    return "met" if value <= target else "MISSED"


def report(name: str, label: str, result: dict) -> None:
    """Two lines per code path: cold and unchanged, each beside its targets."""
    cold, again = result["cold"], result["unchanged"]
    s = cold["summary"]
    hist = s.get("history") or {}
    print(f"  {label:6} cold      {cold['wall']:7.2f} s wall  {cold['cpu']:7.2f} s cpu  peak RSS {cold['rss']:5.0f} MB"
          f"   [<= {COLD_TARGET:.0f} s {mark(cold['wall'], COLD_TARGET)}, cpu {mark(cold['cpu'], COLD_TARGET)}; "
          f"<= {RSS_TARGET:.0f} MB {mark(cold['rss'], RSS_TARGET)}]  {s.get('files_seen', 0)} files, "
          f"{s.get('embedded', 0)} sections embedded, {hist.get('commits', 0)} commits -> {hist.get('tasks', 0)} tasks")
    print(f"  {label:6} unchanged {again['wall']:7.2f} s wall  {again['cpu']:7.2f} s cpu  peak RSS {again['rss']:5.0f} MB"
          f"   [<= {UNCHANGED_TARGET:.0f} s {mark(again['wall'], UNCHANGED_TARGET)}, cpu "
          f"{mark(again['cpu'], UNCHANGED_TARGET)}; <= {RSS_TARGET:.0f} MB {mark(result['unchanged_rss_max'], RSS_TARGET)}]"
          f"  (median of the runs)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repos", nargs="+", type=Path, help="git checkouts or bare mirrors")
    ap.add_argument("--before", type=Path, help="another checkout's server/ folder, run beside this one")
    ap.add_argument("--runs", type=int, default=3, help="unchanged imports per repository (median printed)")
    ap.add_argument("--model", default=os.environ.get("LORE_MODEL_PATH") or os.environ.get("LORE_TEST_MODEL_PATH"))
    args = ap.parse_args()
    if not args.model:
        print("set LORE_MODEL_PATH (or --model) to the offline model folder (scripts/fetch-test-model)", file=sys.stderr)
        return 2
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "LORE_EMBEDDER")}
    env.update(LORE_MODEL_PATH=args.model)  # bytecode is cached, as in an installed Lore
    paths = [("after", SERVER)] + ([("before", args.before)] if args.before else [])
    ok = True
    with tempfile.TemporaryDirectory(prefix="lore-import-targets-") as tmp:
        for repo in args.repos:
            name = repo.parent.name if repo.name == "repo" else repo.name
            print(f"{name} ({commits(repo)} commits)", flush=True)
            for label, server in paths:
                result = measure(repo, name, server, env, args.runs, Path(tmp))
                report(name, label, result)
                sys.stdout.flush()
                if label == "after":
                    ok &= result["cold"]["wall"] <= COLD_TARGET and result["unchanged"]["wall"] <= UNCHANGED_TARGET \
                        and max(result["cold"]["rss"], result["unchanged_rss_max"]) <= RSS_TARGET
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
