"""Front matter built to explode (alias bombs, deep nesting, huge values) costs one skipped file.

The whole command runs in a child process capped at 500 MB of address space and 30 seconds (the
issue's bound for any single hostile file); it must finish, name the bad file, and import the
good one beside it. Without bounds the child is killed or raises RecursionError.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from fixtures.hostile_yaml import FILES, plant

SERVER = Path(__file__).resolve().parents[2] / "server"
CHILD_MEMORY = 500 * 1024 * 1024  # the bound for any single hostile file
CHILD_SECONDS = 30


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def child(ws: Path, *args: str) -> subprocess.CompletedProcess:
    """`lore -w WS ARGS` in a child process capped at 500 MB of address space and 30 seconds."""
    env = {**os.environ, "PYTHONPATH": str(SERVER), "LORE_EMBEDDER": "hash", "LORE_MODEL_PATH": "", "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), *args], capture_output=True, text=True,
                          timeout=CHILD_SECONDS, env=env, preexec_fn=_limits, check=False)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.mark.parametrize("front_key", [pytest.param(k, id=k) for k in ("bomb", "deep-flow", "wide-alias")])
@pytest.mark.parametrize("file_key", [pytest.param(k, id=k) for k in FILES])
def test_hostile_front_matter_costs_one_file(ws, file_key, front_key):
    rel = plant(ws, file_key, front_key)
    run = child(ws, "import", "--json")
    assert run.returncode == 0, run.stderr[-2000:]
    summary = json.loads(run.stdout)
    assert any(rel in w for w in summary["warnings"]), summary["warnings"]
    listed = child(ws, "list", "--json")
    assert listed.returncode == 0, listed.stderr[-2000:]
    assert any("Use cents for money" in m["title"] for m in json.loads(listed.stdout))


@pytest.mark.parametrize("front_key", [pytest.param(k, id=k) for k in ("deep-block", "huge-value")])
def test_deep_block_and_huge_values_in_an_adr(ws, front_key):
    rel = plant(ws, "adr", front_key)
    run = child(ws, "import", "--json")
    assert run.returncode == 0, run.stderr[-2000:]
    assert any(rel in w for w in json.loads(run.stdout)["warnings"])


@pytest.mark.parametrize("command", [
    pytest.param(("list",), id="list"),
    pytest.param(("doctor", "--no-model"), id="doctor"),
    pytest.param(("doctor", "--rebuild", "--no-model"), id="doctor-rebuild"),
    pytest.param(("search", "cents"), id="search"),
])
@pytest.mark.parametrize("front_key", [pytest.param(k, id=k) for k in ("deep-flow", "deep-block", "bomb")])
def test_one_bad_team_file_bricks_no_command(ws, command, front_key):
    plant(ws, "team-file", front_key)
    run = child(ws, *command)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and "RecursionError" not in run.stderr
    assert len(run.stderr) < 2000
    if command[0] == "list":
        assert ".lore/memories/bomb.md" in run.stderr
