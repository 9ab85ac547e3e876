"""ruff (installed by the test extras) finds nothing in the server, the tests and the benchmarks,
with the rules chosen in pyproject.toml's `[tool.ruff]`."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "server", "tests", "bench"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert "No module named ruff" not in run.stderr, "ruff is missing: scripts/setup installs the test extras"
    assert run.returncode == 0, f"ruff check found problems:\n{run.stdout}{run.stderr}"
