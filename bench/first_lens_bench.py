"""The first code lens after opening a 3,000-line file, as an editor meets it: this checkout beside
another (`--before`, e.g. main's code exported to a folder), alternating in the same session.

The workspace is `lsp_bench`'s (10k memories, 10k tasks, 93 memories on the 3,000-line
`app/big.py`), made a real git repository whose last commit touched `app/big.py` after those
memories were written, so the staleness check has real git work to do, as on a busy file. Each
round spawns one server per checkout (the order alternates) for a client that declares what editors
declare (code lenses with `workspace/codeLens/refresh`, markdown hovers), waits for "ready", opens and lenses a
small file (the client's first decoding of lenses is not the server's time), waits until the server
is idle (under 5 ms of CPU in `--pause` seconds: that file's work for hovers is over, as it is when
a person opens the next file; `--pause 0` opens right behind it), then sends `didOpen`
for `app/big.py` and the `textDocument/codeLens` request right after it, as editors do: the time
printed runs from sending `didOpen` to the lens response, so work moved into `didOpen` counts. The
same file is then closed and opened again with one line changed (a second "first lens", on warm
caches), then lensed warm 10 times.

Printed: medians per checkout (also of the server's CPU time, all its threads, from `didOpen` to
the lens response: what the first lens costs whatever the load), the ratio after / before per round, and the lens counts of the first
answer and of the answer 3 s later ("92->120": staleness lenses a checkout did not wait for came with
`workspace/codeLens/refresh`; both checkouts must settle on the same lenses). Target (issue 15):
first lens <= 30 ms.

Usage: python bench/first_lens_bench.py --before /tmp/base/server [--rounds 5] [--keep DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_bench import (BENCH_FILE, EDITOR_CAPABILITIES, big_python_file, populate, start, stop,  # noqa: E402
                       warm_client)

HERE = Path(__file__).resolve().parent.parent / "server"


def build(root: Path, memories: int, tasks: int) -> None:
    """The workspace, a git repository whose last commit changed `app/big.py` after its memories."""
    (root / "app").mkdir(parents=True)
    source, names = big_python_file()
    (root / BENCH_FILE).write_text(source)
    env = {**os.environ, "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@lore.invalid",
           "GIT_COMMITTER_NAME": "Bench", "GIT_COMMITTER_EMAIL": "bench@lore.invalid"}

    def git(*args: str, at: int) -> None:
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True,
                       env={**env, "GIT_AUTHOR_DATE": f"@{at} +0000", "GIT_COMMITTER_DATE": f"@{at} +0000"})

    now = int(time.time())
    git("init", "-q", "-b", "main", at=now)
    (root / ".gitignore").write_text(".lore/\n")
    git("add", "-A", at=now)
    git("commit", "-q", "-m", "big module", at=now - 86400 * 30)
    populate(root, memories, names, tasks)
    (root / BENCH_FILE).write_text(source.replace("return total", "return total  # checked", 40))
    git("commit", "-q", "-am", "check totals", at=int(time.time()) + 60)


def cpu_seconds(client) -> float | None:
    """CPU seconds the server's threads have run (Linux `/proc/PID/task/*/schedstat`, nanoseconds;
    threads that ended are left out), None elsewhere."""
    proc = getattr(client, "_server", None)
    try:
        return sum(int((task / "schedstat").read_text().split()[0])
                   for task in Path(f"/proc/{proc.pid}/task").iterdir()) / 1e9
    except (AttributeError, OSError, ValueError, IndexError):
        return None


async def idle(client, window: float, most: float = 30.0) -> None:
    """Until the server used under 5 ms of CPU in `window` seconds (at most `most` seconds)."""
    end = time.perf_counter() + most
    last = cpu_seconds(client)
    while time.perf_counter() < end:
        await asyncio.sleep(window)
        now = cpu_seconds(client)
        if last is None or now is None or now - last < 0.005:
            return
        last = now


async def one_server(server_path: Path, root: Path, env: dict, pause: float = 0.5) -> dict:
    """First lens, reopened lens and warm lenses (ms) from one fresh server."""
    env = {**env, "PYTHONPATH": str(server_path)}
    client, _, statuses = await start([sys.executable, "-m", "lore.lsp"], root, env, EDITOR_CAPABILITIES)
    try:
        await asyncio.wait_for(statuses["ready"].wait(), 120)
        await warm_client(client, root)
        if pause:  # the small file's work for hovers over, as it is when a person opens the next file
            await idle(client, pause)
        uri = from_fs_path(str(root / BENCH_FILE))
        text = (root / BENCH_FILE).read_text()
        out: dict = {}
        for label, version, body in (("first", 1, text), ("reopened", 2, text.replace("a + b", "b + a", 1))):
            t, cpu = time.perf_counter(), cpu_seconds(client)
            client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=version, text=body)))
            lenses = await client.text_document_code_lens_async(types.CodeLensParams(
                text_document=types.TextDocumentIdentifier(uri=uri)))
            out[label] = 1000 * (time.perf_counter() - t)
            after = cpu_seconds(client)
            out[label + " cpu"] = 1000 * (after - cpu) if cpu is not None and after is not None else float("nan")
            out[label + " lenses"] = len(lenses or [])
            if label == "first":
                client.text_document_did_close(types.DidCloseTextDocumentParams(
                    text_document=types.TextDocumentIdentifier(uri=uri)))
        warm = []
        for _ in range(10):
            t = time.perf_counter()
            await client.text_document_code_lens_async(types.CodeLensParams(
                text_document=types.TextDocumentIdentifier(uri=uri)))
            warm.append(1000 * (time.perf_counter() - t))
        out["warm"] = statistics.median(warm)
        await asyncio.sleep(3)  # background work after opening (staleness, semantic matches) may refresh
        final = await client.text_document_code_lens_async(types.CodeLensParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        out["settled lenses"] = len(final or [])
        return out
    finally:
        await stop(client)


async def main(before: Path, rounds: int, keep: Path | None, memories: int, tasks: int, pause: float) -> None:
    """Build (or reuse) the workspace, alternate the two checkouts, print the table."""
    tmp = Path(tempfile.mkdtemp(prefix="lore-first-lens-"))
    base = keep or tmp
    root = base / "workspace"
    env = {**os.environ, "LORE_EMBEDDER": "hash", "LORE_USER_DB": str(base / "user.db")}
    os.environ.update(LORE_EMBEDDER="hash", LORE_USER_DB=str(base / "user.db"))
    try:
        if not (root / ".lore").exists():
            shutil.rmtree(root, ignore_errors=True)
            t = time.perf_counter()
            build(root, memories, tasks)
            print(f"setup: {memories} memories + {tasks} tasks in {time.perf_counter() - t:.0f} s")
        runs: dict[str, list[dict]] = {"before": [], "after": []}
        for r in range(rounds):
            order = (("before", before), ("after", HERE)) if r % 2 == 0 else (("after", HERE), ("before", before))
            for label, path in order:
                runs[label].append(await one_server(path, root, env, pause))
            b, a = runs["before"][-1], runs["after"][-1]
            print(f"round {r + 1}: first lens before {b['first']:6.1f} ms, after {a['first']:6.1f} ms "
                  f"(x{a['first'] / b['first']:.2f}; server CPU {b['first cpu']:.0f} / {a['first cpu']:.0f} ms); reopened {b['reopened']:5.1f} / {a['reopened']:5.1f} ms; "
                  f"warm {b['warm']:5.1f} / {a['warm']:5.1f} ms; lenses {b['first lenses']}->{b['settled lenses']} / "
                  f"{a['first lenses']}->{a['settled lenses']}", flush=True)
    finally:
        if keep is None:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nfirst lens after opening {BENCH_FILE} (didOpen sent -> lenses received), medians of {rounds} rounds "
          "(target <= 30 ms):")
    for what in ("first", "first cpu", "reopened", "warm"):
        b = statistics.median(x[what] for x in runs["before"])
        a = statistics.median(x[what] for x in runs["after"])
        ratios = [y[what] / x[what] if x[what] else float("nan") for x, y in zip(runs["before"], runs["after"])]
        print(f"  {what:<9} before {b:6.1f} ms   after {a:6.1f} ms   after/before per round: "
              f"{', '.join(f'{r:.2f}' for r in ratios)} (median {statistics.median(ratios):.2f})")
    print(f"  load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the `server` folder of the other checkout")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="build the workspace here once and reuse it")
    parser.add_argument("--memories", type=int, default=10_000)
    parser.add_argument("--tasks", type=int, default=10_000)
    parser.add_argument("--pause", type=float, default=0.5, help="before opening the big file, wait until the "
                        "server is idle for this many seconds (0: open it right behind the small file)")
    options = parser.parse_args()
    asyncio.run(main(options.before, options.rounds, options.keep, options.memories, options.tasks, options.pause))
