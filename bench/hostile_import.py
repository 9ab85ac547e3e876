"""What one hostile file costs `lore import`: wall time and peak memory of the whole command.

Each case is a small repository (one good ADR, plus one hostile file: an alias bomb, a 20,000-deep
nesting, a wide alias of a long string, a huge value, in AGENTS.md / an ADR / a team file / a
cursor rule). `lore import` runs in a child process (the hash embedder, no model) and the child's
peak RSS comes from `wait4`; the first line is the same repository without
the hostile file, run the same way, as the baseline. Children are capped at 2 GB of address space
and 120 s, so the unbounded parser of an older checkout shows as "killed" instead of filling the
machine. The issue's targets: at most 30 s and 500 MB for any single hostile file.

    .venv/bin/python bench/hostile_import.py
    .venv/bin/python bench/hostile_import.py --server /path/to/older/checkout/server   # before
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "server"), str(ROOT / "tests" / "unit")]
from test_hostile_yaml import FILES, FRONTS, GOOD_ADR  # noqa: E402  (the cases the tests use)

CAP_BYTES = 2 * 1024 ** 3
CAP_SECONDS = 120


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP_BYTES, CAP_BYTES))


def run_case(file_key: str | None, front_key: str | None, server: Path) -> tuple[str, float, float]:
    """(outcome, seconds, peak MB) of `lore import` in a fresh repository with one hostile file."""
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp) / "repo"
        (ws / ".git").mkdir(parents=True)
        (ws / "docs/adr").mkdir(parents=True)
        (ws / "docs/adr/0002-cents.md").write_text(GOOD_ADR)
        if file_key:
            rel, template = FILES[file_key]
            (ws / rel).parent.mkdir(parents=True, exist_ok=True)
            (ws / rel).write_text(template.format(front=FRONTS[front_key]))
        env = {**os.environ, "PYTHONPATH": str(server), "LORE_EMBEDDER": "hash", "LORE_MODEL_PATH": "",
               "LORE_USER_DB": str(Path(tmp) / "user.db")}
        start = time.monotonic()
        child = subprocess.Popen([sys.executable, "-m", "lore", "-w", str(ws), "import", "--json"], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_cap)
        while True:  # wait4 gives this child's own peak RSS
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > CAP_SECONDS:
                child.kill()
                pid, status, usage = os.wait4(child.pid, 0)
                return f"killed after {CAP_SECONDS} s", time.monotonic() - start, usage.ru_maxrss / 1024
            time.sleep(0.02)
        code = os.waitstatus_to_exitcode(status)
        child.returncode = code
        outcome = "ok" if code == 0 else f"exit {code}"
        return outcome, time.monotonic() - start, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="*", default=list(FILES))
    parser.add_argument("--fronts", nargs="*", default=list(FRONTS))
    parser.add_argument("--server", type=Path, default=ROOT / "server",
                        help="the `server` folder to run (another checkout's, to compare)")
    args = parser.parse_args()
    print(f"{'case':32} {'outcome':22} {'seconds':>8} {'peak MB':>8}   target: <= 30 s, <= 500 MB")
    outcome, seconds, peak = run_case(None, None, args.server)
    print(f"{'baseline (no hostile file)':32} {outcome:22} {seconds:8.2f} {peak:8.0f}")
    for file_key in args.files:
        for front_key in args.fronts:
            outcome, seconds, peak = run_case(file_key, front_key, args.server)
            print(f"{file_key + ' / ' + front_key:32} {outcome:22} {seconds:8.2f} {peak:8.0f}")


if __name__ == "__main__":
    main()
