"""Helpers shared by the stress tests (as the `kit` fixture): child-process environment, corpus
copies, database checks and latency figures. Sizes: a `ci` and a `stress` parameter per test."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import types
from pathlib import Path

import apsw
import pytest

CORPORA = Path(os.environ.get("LORE_CORPORA") or Path(__file__).resolve().parents[1] / "fixtures" / "corpora")


def child_env(user_db: Path, **extra: str) -> dict[str, str]:
    """Environment for a Lore child process: the fake embedder, a private user database."""
    env = dict(os.environ, LORE_EMBEDDER="hash", LORE_USER_DB=str(user_db), LORE_MODEL_PATH="",
               PYTHONUNBUFFERED="1")
    env.update(extra)
    return env


def lore_cmd(*args: str) -> list[str]:
    """The `lore` command line run by this interpreter."""
    return [sys.executable, "-m", "lore", *args]


def copy_corpus(name: str, dest: Path) -> Path:
    """A writable git workspace holding a copy of a vendored corpus (the copy is the test's to change)."""
    if not (CORPORA / name).is_dir():
        pytest.fail(f"no corpus {name} under {CORPORA}")
    shutil.copytree(CORPORA / name, dest)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=dest, check=True)
    return dest


def integrity(db_path: Path) -> list[str]:
    """`PRAGMA integrity_check` of a database file through a plain connection (empty when ok)."""
    conn = apsw.Connection(str(db_path))
    try:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check")]
    finally:
        conn.close()
    return [] if rows == ["ok"] else rows


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (0-100) of values, nearest rank; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def latency_line(name: str, seconds: list[float]) -> str:
    """`name: n=.. p50=..ms p99=..ms max=..ms` for a report."""
    ms = [s * 1000 for s in seconds]
    if not ms:
        return f"{name}: n=0"
    return (f"{name}: n={len(ms)} p50={statistics.median(ms):.1f}ms p99={percentile(ms, 99):.1f}ms "
            f"max={max(ms):.1f}ms")


@pytest.fixture
def kit() -> types.SimpleNamespace:
    """These helpers, for test modules (a conftest is never imported by name: two would clash)."""
    return types.SimpleNamespace(
        CORPORA=CORPORA, child_env=child_env, lore_cmd=lore_cmd,
        copy_corpus=copy_corpus, integrity=integrity, percentile=percentile, latency_line=latency_line,
    )
