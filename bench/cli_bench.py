"""Per-command cost of the `lore` command line: wall time and peak RSS of fresh processes.

Run: .venv/bin/python bench/cli_bench.py [--runs 7] [--model DIR] [--before SERVER_DIR]

Each command runs `--runs` times as a fresh child process (after one untimed warm-up run); the
table shows the median wall time and the largest peak RSS (os.wait4's ru_maxrss of that child),
beside `python -c pass` measured in the same run. Every command runs twice: alone, and while a
language server (`lore serve`, after an LSP handshake naming the workspace) runs on it.

The workspace is a temporary copy of `../shared/corpora/guardian__dotcom-rendering` (the
repository's own docs/adr when that is absent), imported once with the real model. With
`--before DIR` (another checkout's `server/`, e.g. an archive of an older commit) the same
commands also run with that code on PYTHONPATH, on its own copy of the same database, so the
table puts the code before and after a change side by side.
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

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpora" / "guardian__dotcom-rendering"
DEFAULT_MODEL = Path.home() / ".cache" / "lore" / "test-model" / "all-MiniLM-L6-v2-int8"
CONTEXT_FILE = "dotcom-rendering/docs/architecture/027-pictures.md"

# (label, lore arguments or None for `python -c pass`, wall target alone, wall target with a server, RSS target MB)
COMMANDS = [
    ("python -c pass", None, None, None, None),
    ("lore --version", ["--version"], None, None, None),
    ("lore --help", ["--help"], 0.15, 0.15, None),
    ("lore add", ["add", "--title", "Bench memory {n}", "--body", "Images are resized by the proxy ({n})."],
     0.3, 0.3, 100),
    ("lore search", ["search", "how are images resized for different screens"], 0.8, 0.3, None),
    ("lore context --file", ["context", "--file", CONTEXT_FILE], 0.8, 0.3, None),
    ("lore list", ["list"], None, None, 100),
]


def make_workspace(tmp: Path, env: dict) -> Path:
    """A git repository holding the corpus, imported once with the real model."""
    ws = tmp / "workspace"
    if CORPUS.is_dir():
        shutil.copytree(CORPUS, ws)
    else:
        shutil.copytree(REPO / "docs" / "adr", ws / "docs" / "adr")
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), "import", "--json"], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    print(f"imported {ws.name} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return ws


def run_once(cmd: list[str], env: dict, cwd: Path) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (KB) of one child."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def measure(ws: Path, env: dict, runs: int) -> dict[str, tuple[float, float, int]]:
    """label -> (median wall seconds, median CPU seconds, max peak RSS KB) for every command."""
    out = {}
    counter = 0
    for label, args, *_ in COMMANDS:
        walls, cpus, rss = [], [], []
        for i in range(runs + 1):
            counter += 1
            if args is None:
                cmd = [sys.executable, "-c", "pass"]
            else:
                cmd = [sys.executable, "-m", "lore", "-w", str(ws), *[a.format(n=counter) for a in args]]
            wall, cpu, peak = run_once(cmd, env, ws)
            if i:  # the first run warms the page cache (and embeds what earlier adds left pending)
                walls.append(wall)
                cpus.append(cpu)
                rss.append(peak)
        out[label] = (statistics.median(walls), statistics.median(cpus), max(rss))
    return out


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


def start_server(ws: Path, env: dict) -> subprocess.Popen:
    """`lore serve` over stdio with the workspace as its folder; returns once it has settled."""
    proc = subprocess.Popen([sys.executable, "-m", "lore", "-w", str(ws), "serve"], env=env, cwd=ws,
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    uri = ws.as_uri()
    proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": uri, "capabilities": {},
        "workspaceFolders": [{"uri": uri, "name": ws.name}]}}))
    proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    proc.stdin.flush()
    time.sleep(8)  # start-up import check and model load
    if proc.poll() is not None:
        raise RuntimeError("lore serve exited")
    return proc


def stop_server(proc: subprocess.Popen) -> None:
    proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None}))
    proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "exit", "params": None}))
    proc.stdin.close()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _cell(value: tuple[float, float, int] | None) -> str:
    return "–" if value is None else f"{value[0]:.3f} s ({value[1]:.2f} CPU) · {value[2] / 1024:.0f} MB"


def _target(wall: float | None, rss: int | None) -> str:
    parts = ([f"≤ {wall} s"] if wall else []) + ([f"≤ {rss} MB"] if rss else [])
    return ", ".join(parts) or "–"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--model", default=os.environ.get("LORE_MODEL_PATH") or str(DEFAULT_MODEL))
    ap.add_argument("--before", default="", help="another checkout's server/ folder to compare with")
    args = ap.parse_args()
    variants = [("after", str(REPO / "server"))] + ([("before", args.before)] if args.before else [])
    # Installed packages carry their bytecode: so must this checkout (PYTHONDONTWRITEBYTECODE may be set).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "server" / "lore")], check=True)
    results: dict[tuple[str, str], dict] = {}
    with tempfile.TemporaryDirectory(prefix="lore-cli-bench-") as tmp_name:
        tmp = Path(tmp_name)
        base_env = dict(os.environ, LORE_MODEL_PATH=args.model, PYTHONPATH=str(REPO / "server"),
                        LORE_USER_DB=str(tmp / "user-import.db"))
        base_env.pop("LORE_EMBEDDER", None)
        seed = make_workspace(tmp, base_env)
        for name, server_dir in variants:
            ws = tmp / name / "workspace"
            shutil.copytree(seed, ws.parent / "workspace", symlinks=True)
            env = dict(base_env, PYTHONPATH=server_dir, LORE_USER_DB=str(tmp / name / "user.db"))
            results[(name, "alone")] = measure(ws, env, args.runs)
            server = start_server(ws, env)
            try:
                results[(name, "server")] = measure(ws, env, args.runs)
            finally:
                stop_server(server)
    load = os.getloadavg()[0]
    print(f"\nmedian wall (and CPU) seconds of {args.runs} fresh processes · largest peak RSS; "
          f"load average {load:.1f}\n")
    header = ["command"]
    for name, _ in variants:
        header += [f"{name}, no server", f"{name}, `lore serve` running"]
    header += ["target (no server / server running)"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for label, _, alone, with_server, rss in COMMANDS:
        row = [label]
        for name, _ in variants:
            row += [_cell(results[(name, "alone")].get(label)), _cell(results[(name, "server")].get(label))]
        both = f"{_target(alone, rss)} / {_target(with_server, None)}"
        row.append(_target(alone, rss) if alone == with_server else both)
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
