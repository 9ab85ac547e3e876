"""Fresh after every pull: from the end of `git pull` to a matching search finding the pulled team
memory first, through a running server whose client sends no `workspace/didChangeWatchedFiles`, and
with `lore search` alone. Also the cost of one poll (lsp/watch.py) beside one bare `os.stat`.

Target: pull -> found first <= 2 s (server and CLI); a poll costs microseconds.
Uses the real model when LORE_MODEL_PATH is set, the hash embedder otherwise.

Usage: python bench/pull_bench.py [--pulls 5] [--memories 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

MEMORY = "---\nid: {id}\nkind: decision\nstatus: active\n---\n# {title}\n\n{body}\n"
TARGET_SECONDS = 2.0
TOPICS = ["webhook retries", "invoice numbering", "feature flags", "tenant isolation", "audit logging",
          "rate limits", "schema migrations", "password hashing", "image thumbnails", "email bounces",
          "currency rounding", "search pagination"]


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", "-c", "init.defaultBranch=main",
                    *args], cwd=cwd, check=True, capture_output=True)


def setup(root: Path, count: int) -> tuple[Path, Path]:
    """A bare remote with `count` team memories and two clones."""
    seed = root / "seed" / ".lore" / "memories"
    seed.mkdir(parents=True)
    for i in range(count):
        (seed / f"m{i}.md").write_text(MEMORY.format(id=f"old{i:010d}", title=f"Service {i} keeps its own cache",
                                                     body=f"Service {i} caches lookups for {i % 60} seconds."))
    git(root / "seed", "init", "-q")
    git(root / "seed", "add", "-A")
    git(root / "seed", "commit", "-qm", "start")
    git(root, "clone", "-q", "--bare", "seed", "remote.git")
    git(root, "clone", "-q", "remote.git", "mine")
    git(root, "clone", "-q", "remote.git", "theirs")
    return root / "mine", root / "theirs"


def push(theirs: Path, n: int) -> tuple[str, str]:
    """The other clone pushes one memory; (its id, a query that matches it)."""
    mid, topic = f"new{n:010d}", TOPICS[n % len(TOPICS)]
    (theirs / ".lore" / "memories" / f"new{n}.md").write_text(MEMORY.format(
        id=mid, title=f"Decision {n} on {topic}", body=f"How we handle {topic} in every service."))
    git(theirs, "add", "-A")
    git(theirs, "commit", "-qm", f"remember {n}")
    git(theirs, "push", "-q", "origin", "HEAD")
    return mid, f"how do we handle {topic}"


async def server_latency(mine: Path, theirs: Path, pulls: int, env: dict) -> list[float]:
    """Seconds from the end of each pull to the first search that ranks the pulled memory first."""
    client = LanguageClient("pull-bench", "1")
    ready = asyncio.Event()

    @client.feature("lore/status")
    def status(params):
        state = params.get("state") if isinstance(params, dict) else getattr(params, "state", None)
        if state in ("ready", "wordsOnly"):
            ready.set()

    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def refresh(params):
        return None

    @client.feature(types.WINDOW_LOG_MESSAGE)
    def log_message(params):
        return None

    await client.start_io(sys.executable, "-m", "lore.lsp", env=env)
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=from_fs_path(str(mine)), process_id=os.getpid(),
        workspace_folders=[types.WorkspaceFolder(uri=from_fs_path(str(mine)), name="mine")]))
    client.initialized(types.InitializedParams())
    await asyncio.wait_for(ready.wait(), 300)
    out = []
    for n in range(pulls):
        mid, query = push(theirs, n)
        git(mine, "pull", "-q", "--no-rebase", "origin", "main")
        pulled = time.perf_counter()
        while time.perf_counter() - pulled < 30:
            found = await client.workspace_execute_command_async(types.ExecuteCommandParams(
                command="lore.search", arguments=[{"query": query, "limit": 3}]))
            hits = found["hits"] if isinstance(found, dict) else getattr(found, "hits", [])
            if hits and (hits[0]["id"] if isinstance(hits[0], dict) else hits[0].id) == mid:
                break
            await asyncio.sleep(0.05)
        out.append(time.perf_counter() - pulled)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


def cli_latency(mine: Path, theirs: Path, pulls: int, env: dict) -> tuple[list[float], list[float], int]:
    """(seconds of `lore search` right after a pull, the same search with nothing pulled, times first)."""
    def search(query: str) -> tuple[float, list]:
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "lore", "-w", str(mine), "search", query, "--json"],
                              capture_output=True, text=True, env=env, check=True)
        return time.perf_counter() - t, json.loads(done.stdout)

    after, idle, first = [], [], 0
    for n in range(pulls, 2 * pulls):  # topics the server part did not use
        mid, query = push(theirs, n)
        git(mine, "pull", "-q", "--no-rebase", "origin", "main")
        seconds, hits = search(query)
        after.append(seconds)
        first += bool(hits) and hits[0]["id"] == mid
        idle.append(search(query)[0])
    return after, idle, first


def poll_cost(root: Path) -> tuple[float, float]:
    """Microseconds of one poll, and of one bare os.stat, in this process."""
    from lore.lsp.watch import PullWatch

    watch = PullWatch(root)
    watch.baseline()
    n = 20000
    t = time.perf_counter()
    for _ in range(n):
        watch.poll()
    poll = (time.perf_counter() - t) / n * 1e6
    t = time.perf_counter()
    for _ in range(n):
        os.stat(root)
    return poll, (time.perf_counter() - t) / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pulls", type=int, default=5, help=f"at most {len(TOPICS) // 2}")
    parser.add_argument("--memories", type=int, default=200)
    args = parser.parse_args()
    env = dict(os.environ)
    if not env.get("LORE_MODEL_PATH"):
        env["LORE_EMBEDDER"] = "hash"
    with tempfile.TemporaryDirectory() as tmp:
        mine, theirs = setup(Path(tmp), args.memories)
        env["LORE_USER_DB"] = str(Path(tmp) / "user.db")
        model = "real model" if env.get("LORE_MODEL_PATH") else "hash embedder"
        print(f"{args.memories} team memories, {args.pulls} pulls, {model}")
        lsp = asyncio.run(server_latency(mine, theirs, args.pulls, env))
        print(f"server: pull -> found first  p50 {statistics.median(lsp):.2f} s  max {max(lsp):.2f} s"
              f"  (target <= {TARGET_SECONDS:.0f} s)")
        after, idle, first = cli_latency(mine, theirs, args.pulls, env)
        print(f"cli:    `lore search` after a pull p50 {statistics.median(after):.2f} s, found first {first}/"
              f"{args.pulls}; with nothing pulled p50 {statistics.median(idle):.2f} s  (target <= {TARGET_SECONDS:.0f} s)")
        poll, stat = poll_cost(mine)
        print(f"poll:   {poll:.1f} µs per poll beside {stat:.1f} µs for one os.stat (baseline)")


if __name__ == "__main__":
    main()
