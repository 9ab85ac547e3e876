"""The first editor start after a plain `lore import` on a real repository: when the server says
"ready", when it first answers a hover, a code lens and a search, and when its background work
(embedding the tasks the import read from git history) ends; this checkout beside another
(`--before`), alternating, each run on a fresh copy of the same imported checkout.

The repository (default jaegertracing/jaeger at the on-code labels' commit, ~1,200 history tasks)
is cloned from its mirror and imported once with the real model (LORE_MODEL_PATH), as a user does:
`lore import` leaves the history tasks without vectors, on purpose (bench/import_targets_bench.py).
Then, for each run, the imported folder is copied and `python -m lore serve --stdio` started on it
with a client declaring what VS Code declares (work-done progress, code lens refresh, the default
settings: import on start-up), and right after `initialized` a file is opened, its lenses and a hover
asked for and `lore.search` run; the times are from spawning the server.

Usage: python bench/first_start_bench.py --before /tmp/base/server [--rounds 2] [--work DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from checkout import clone_at  # noqa: E402
from lsp_bench import editor_capabilities  # noqa: E402

SLUG = "jaegertracing/jaeger"
COMMIT = "8498073ff809b1a3923521920a9b1b017ea97ecf"
FILE = "internal/storage/v1/badger/spanstore/writer.go"
QUERY = "how are spans stored in badger"
QUIET = 15.0  # seconds without background jobs that end a run (the worker may be busy with the open file first)
CAPABILITIES = editor_capabilities(progress=True)


def imported(work: Path, mirror_root: Path, env: dict) -> Path:
    """The repository cloned and imported once (kept under `work` for later runs)."""
    root = work / "imported"
    if (root / ".lore" / "lore.db").exists():
        return root
    shutil.rmtree(root, ignore_errors=True)
    clone_at(SLUG, COMMIT, root, mirror_root)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lore", "import", "--yes"], cwd=root, env=env, check=True,
                   capture_output=True)
    print(f"`lore import` of {SLUG}: {time.perf_counter() - started:.0f} s")
    return root


async def one_start(server: Path, template: Path, work: Path, env: dict, timeout: float) -> dict:
    """Seconds from spawn to: initialize result, ready, first lens, hover and search answers, and
    the end of every background job (progress), on a fresh copy of the imported checkout."""
    root = work / "run"
    shutil.rmtree(root, ignore_errors=True)
    subprocess.run(["cp", "-a", str(template), str(root)], check=True)
    client = LanguageClient("first-start-bench", "1")
    out: dict = {"progress": [], "states": []}
    ready = asyncio.Event()
    open_jobs: set[str] = set()
    settled = asyncio.Event()
    started = time.perf_counter()

    def at() -> float:
        return time.perf_counter() - started

    @client.feature("lore/status")
    def status(params):
        state = params.get("state") if isinstance(params, dict) else getattr(params, "state", None)
        memories = params.get("memories") if isinstance(params, dict) else getattr(params, "memories", None)
        out["states"].append((round(at(), 1), state, memories))
        if state in ("ready", "wordsOnly") and "ready" not in out:
            out["ready"] = at()
            ready.set()

    @client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
    def create(params):
        open_jobs.add(str(params.token))
        settled.clear()
        out["progress"].append((round(at(), 1), "(created)"))

    @client.feature(types.PROGRESS)
    def progress(params):
        value = params.value if hasattr(params, "value") else params.get("value")
        kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
        if kind == "begin":
            title = value.get("title") if isinstance(value, dict) else value.title
            out["progress"].append((round(at(), 1), title))
        if kind == "end":
            open_jobs.discard(str(params.token))
            if not open_jobs:
                out["background done"] = at()
                settled.set()

    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def refresh(params):
        return None

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params):
        return None

    @client.feature(types.WORKSPACE_CONFIGURATION)
    def configuration(params):
        return [None for _ in params.items]

    await client.start_io(sys.executable, "-m", "lore", "serve", "--stdio", cwd=str(root),
                          env={**env, "PYTHONPATH": str(server)})
    try:
        folder = from_fs_path(str(root))
        await client.initialize_async(types.InitializeParams(
            capabilities=CAPABILITIES, root_uri=folder, process_id=os.getpid(),
            client_info=types.ClientInfo(name="Visual Studio Code"),
            workspace_folders=[types.WorkspaceFolder(uri=folder, name=root.name)]))
        out["initialize"] = at()
        client.initialized(types.InitializedParams())
        uri = from_fs_path(str(root / FILE))
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=uri, language_id="go", version=1, text=(root / FILE).read_text())))
        doc = types.TextDocumentIdentifier(uri=uri)
        lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc))
        out["lens"], out["lenses"] = at(), len(lenses or [])
        await client.text_document_hover_async(types.HoverParams(text_document=doc,
                                                                 position=types.Position(line=0, character=0)))
        out["hover"] = at()
        found = await client.workspace_execute_command_async(types.ExecuteCommandParams(
            command="lore.search", arguments=[{"query": QUERY}]))
        hits = found.get("hits") if isinstance(found, dict) else getattr(found, "hits", None)
        out["search"], out["hits"] = at(), len(hits or [])
        await asyncio.wait_for(ready.wait(), timeout)
        while True:  # until no job is open and none began for QUIET seconds
            if open_jobs:
                await asyncio.wait_for(settled.wait(), timeout)
            quiet_since = max(out.get("background done", 0.0), out["progress"][-1][0] if out["progress"] else 0.0)
            if not open_jobs and at() - quiet_since >= QUIET:
                break
            await asyncio.sleep(0.2)
        out.setdefault("background done", out["ready"])
        return out
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()


async def main(before: Path, rounds: int, work: Path, mirror_root: Path, timeout: float) -> None:
    """Import once, alternate the two checkouts, print the table."""
    env = {**os.environ, "LORE_USER_DB": str(work / "user.db")}
    env.pop("LORE_EMBEDDER", None)
    if not env.get("LORE_MODEL_PATH"):
        raise SystemExit("set LORE_MODEL_PATH to the real model (scripts/fetch-test-model prints its folder)")
    template = imported(work, mirror_root, env)
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for r in range(rounds):
        order = (("before", before), ("after", HERE.parent / "server"))
        for label, server in order if r % 2 == 0 else order[::-1]:
            run = await one_start(server, template, work, env, timeout)
            runs[label].append(run)
            print(f"round {r + 1} {label:<6}: initialize {run['initialize']:5.1f} s, lens {run['lens']:5.1f} s "
                  f"({run['lenses']} lenses), hover {run['hover']:5.1f} s, search {run['search']:5.1f} s "
                  f"({run['hits']} hits), ready {run['ready']:5.1f} s, background done "
                  f"{run.get('background done', float('nan')):5.1f} s", flush=True)
            begun = [p for p in run["progress"] if p[1] != "(created)"]
            print(f"    statuses {run['states']}\n    progress {begun}", flush=True)
    print(f"\nfirst start after `lore import` of {SLUG}, seconds from spawn, medians of {rounds}:")
    for what in ("initialize", "lens", "hover", "search", "ready", "background done"):
        b = statistics.median(x.get(what, float("nan")) for x in runs["before"])
        a = statistics.median(x.get(what, float("nan")) for x in runs["after"])
        print(f"  {what:<16} before {b:6.1f}   after {a:6.1f}")
    print(f"  load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the `server` folder of the other checkout")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--work", type=Path, default=Path("/tmp/lore-first-start"))
    parser.add_argument("--mirror-root", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--timeout", type=float, default=600)
    options = parser.parse_args()
    asyncio.run(main(options.before, options.rounds, options.work, options.mirror_root, options.timeout))
