"""Run the stress suite (crash safety, concurrency) at large sizes and print the figures.

Run: `.venv/bin/python bench/stress_report.py [--ci] [-k EXPR]`. Without `--ci` the tests run with
LORE_STRESS=1 (50 killed imports and adds, 20 killed team-file rewrites and rebuilds, two servers
with 1500 remembers each beside the CLI and an importer); `--ci` runs the small CI sizes. The figure
lines the tests print (runs, acknowledged writes, lost, read latency p50/p99) are collected and
printed at the end with the pytest outcome. LORE_STRESS_READ_MS sets the p99 read bound (100 ms).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ["tests/stress/test_crash_safety.py", "tests/stress/test_concurrency.py"]
FIGURE = re.compile(r"^(crash/|concurrency:|hover:|lore\.search:|core search)")
OUTCOME = re.compile(r"\d+ (passed|failed|skipped|error)")


def main() -> int:
    """Run the suite and print what it measured."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ci", action="store_true", help="the small CI sizes instead of the stress sizes")
    parser.add_argument("-k", dest="keyword", help="pytest -k expression to run part of the suite")
    args = parser.parse_args()
    env = dict(os.environ)
    selection = "ci" if args.ci else "stress"
    if not args.ci:
        env["LORE_STRESS"] = "1"
    marker = "not stress" if args.ci else "stress"
    command = [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-m", marker, *TESTS]
    if args.keyword:
        command += ["-k", args.keyword]
    start = time.monotonic()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    lines = proc.stdout.splitlines()
    figures = [line.strip() for line in lines if FIGURE.match(line.strip())]
    print(f"stress report ({selection} sizes, {time.monotonic() - start:.0f} s):")
    for line in figures:
        print("  " + line)
    outcome = next((line for line in reversed(lines) if OUTCOME.search(line)), "no pytest summary")
    print("pytest: " + outcome.strip("= "))
    if proc.returncode:
        print("\n".join(lines[-60:]), file=sys.stderr)
        print(proc.stderr[-4000:], file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
