"""A file's history on hovers: one line read off the hot path, cached per history generation,
shown only for files that tasks touched."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from lore import history
from lore.embedding.embedder import HashEmbedder
from lore.history import file_line, import_history
from lore.lsp.documents import refresh_history
from lore.lsp.hover import history_part
from lore.api import Lore

DAY = 86400
NOW = int(time.time())


def commit(root: Path, files: dict[str, str], message: str, at: int) -> None:
    env = dict(os.environ, GIT_AUTHOR_DATE=f"@{at} +0000", GIT_COMMITTER_DATE=f"@{at} +0000")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
        subprocess.run(["git", "add", rel], cwd=root, check=True)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, env=env, check=True)


@pytest.fixture
def lore(tmp_workspace: Path):
    r = tmp_workspace
    commit(r, {"src/queue.py": "def poll():\n    pass\n", "README.md": "hi\n"}, "Initial commit", NOW - 500 * DAY)
    commit(r, {"src/queue.py": "def poll():\n    return 1\n"}, "Poll the queue in batches", NOW - 60 * DAY)
    commit(r, {"src/queue.py": "def poll():\n    return 2\n"},
           "feat(queue): Move the job queue to SKIP LOCKED (#12)\n\nTwo workers took the same job.", NOW - 10 * DAY)
    commit(r, {"src/other.py": "x = 1\n"}, "Add other", NOW - 5 * DAY)
    (r / "src" / "fresh.py").write_text("y = 1\n")  # never committed: no history
    lo = Lore(r, user_db=r.parent / "user.db", embedder=HashEmbedder())
    yield lo
    lo.close()


def _state(lore: Lore, rel_path: str) -> SimpleNamespace:
    async def run(fn, *args, background=False):
        return fn(lore, *args)

    return SimpleNamespace(rel_path=rel_path, folder=SimpleNamespace(run=run), history=None, history_generation=-1)


def test_the_line_counts_this_year_and_names_the_last_task(lore):
    import_history(lore)
    generation, line = file_line(lore, "src/queue.py")
    assert generation == lore.store.anchor_generation()
    assert line.startswith("changed 2× this year (3× since ")
    assert "last: 'Move the job queue to SKIP LOCKED' (#12, " in line
    assert file_line(lore, "src/fresh.py")[1] is None


def test_no_line_without_tasks(lore):
    state = _state(lore, "src/queue.py")
    asyncio.run(refresh_history(state, lore))  # history not imported: no task touched the file
    assert state.history is None and history_part(lore, state) is None


def test_the_hover_part_is_cached_per_generation_and_dropped_when_stale(lore, monkeypatch):
    import_history(lore)
    calls = []
    real = history.file_line
    monkeypatch.setattr(history, "file_line", lambda lo, path: calls.append(path) or real(lo, path))
    state = _state(lore, "src/queue.py")
    asyncio.run(refresh_history(state, lore))
    part = history_part(lore, state)
    assert part.startswith("**History** · changed 2× this year") and "SKIP LOCKED" in part
    asyncio.run(refresh_history(state, lore))  # nothing changed: the cached line stands
    assert calls == ["src/queue.py"]
    commit(Path(lore.root), {"src/queue.py": "def poll():\n    return 3\n"}, "Poll faster", NOW - DAY)
    import_history(lore)  # new tasks move the generation: the old line is not shown
    assert history_part(lore, state) is None
    asyncio.run(refresh_history(state, lore))
    assert calls == ["src/queue.py", "src/queue.py"]
    assert "3× this year" in history_part(lore, state) and "Poll faster" in history_part(lore, state)
