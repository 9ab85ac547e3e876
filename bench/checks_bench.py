"""Decisions that check the code: how fast rules are matched, beside what the work costs anyway.

Three measurements, each printed beside its target and a baseline run in the same process, as
wall-clock p50/p99 and process-CPU p50 (on a loaded machine the CPU time is the cost of the work):

1. Diagnostics after an edit: `check_text` on one 3,000-line file with a realistic rule set
   (imports, calls, patterns), one line changed before each run so no cache helps. Baseline: a
   tree-sitter parse of the same text (the floor any syntax-aware check pays). Target <= 50 ms.
2. `lore check` over 1,000 files: `check_paths` in process, then `lore check` as a fresh process
   (start-up, database open and team-file sync included). Baseline: reading the same files.
   Target <= 10 s.
3. `check_change` (what MCP answers an agent): a one-hunk diff of a real file, and path + new
   content. Baseline: loading the rules alone. Target <= 200 ms.

    .venv/bin/python bench/checks_bench.py --checkout /tmp/unleash --file /tmp/unleash/src/lib/features/feature-toggle/feature-toggle-service.ts

`--checkout DIR` is a source tree to copy files from (`git archive HEAD | tar -x` is enough); by
default this repository. Files are copied (not linked) into a temporary workspace with one team
file of rules; when the tree has fewer than 1,000 source files, the same files are copied again
under numbered folders (said in the output). `--file` is the file for measurement 1 (the first
3,000 lines; a shorter file is followed by the next source files of the tree until 3,000 lines).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))
os.environ.setdefault("LORE_EMBEDDER", "hash")

from lore.anchors import languages  # noqa: E402
from lore.anchors.languages import language_for_path  # noqa: E402
from lore.checks import check_paths, check_text, load_checks  # noqa: E402
from lore.checks.report import check_change  # noqa: E402
from lore.api import Lore  # noqa: E402

SOURCE = {".py", ".ts", ".tsx", ".js", ".go"}
RULES = """---
id: bench-rules
kind: convention
checks:
  - forbid_import: requests
    fix: httpx
  - forbid_import: moment
    fix: dayjs
  - forbid_import: lodash
  - forbid_import: github.com/pkg/errors
  - forbid_import: io/ioutil
  - forbid_call: console.log
  - forbid_call: print
    paths: ["!tests/**"]
  - forbid_call: os.path.*
  - forbid_call: "*.objects.*"
    paths: ["**/services/**"]
  - forbid_call: fmt.Println
  - pattern: '^\\s*export\\s+default\\b'
    languages: [typescript, tsx, javascript]
  - pattern: 'TODO\\((?!\\w+-\\d+)'
    message: A TODO names its ticket.
---
# Bench rules

Rules of several decisions, as a workspace might collect them.
"""


def source_files(tree: Path) -> list[Path]:
    """Source files of a tree, in a stable order, leaving out dependency and build folders."""
    skip = {"node_modules", ".git", "dist", "build", ".venv", "vendor", "__pycache__"}
    out = []
    for folder, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if d not in skip and not d.startswith("."))
        out += [Path(folder, f) for f in sorted(files) if Path(f).suffix in SOURCE]
    return out


def workspace(tree: Path, count: int, into: Path) -> tuple[int, int]:
    """Copy `count` source files of `tree` into a fresh workspace with the rules; (files, copies)."""
    files = source_files(tree)
    if not files:
        raise SystemExit(f"no source files under {tree}")
    (into / ".lore" / "memories").mkdir(parents=True)
    (into / ".lore" / "memories" / "bench-rules.md").write_text(RULES)
    copies = 0
    for i in range(count):
        src = files[i % len(files)]
        round_ = i // len(files)
        copies = max(copies, round_ + 1)
        rel = src.relative_to(tree)
        dest = into / (f"copy{round_}" if round_ else "") / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
    subprocess.run(["git", "init", "-q"], cwd=into, check=True)
    return len(files), copies


def text_of(file: Path, tree: Path, lines: int) -> str:
    """The first `lines` lines of a file, followed by further source files of its language when short."""
    out = file.read_text(encoding="utf-8", errors="replace").split("\n")
    lang = language_for_path(file.name)
    for other in source_files(tree):
        if len(out) >= lines:
            break
        if other != file and language_for_path(other.name) == lang:
            out += other.read_text(encoding="utf-8", errors="replace").split("\n")
    return "\n".join(out[:lines])


def timed(fn, rounds: int) -> tuple[list[float], list[float]]:
    """Wall and process-CPU milliseconds of each of `rounds` calls, after one warm-up (CPU time is
    what the work costs on a shared machine; a child process's CPU is not counted)."""
    fn(0)
    wall, cpu = [], []
    for i in range(1, rounds + 1):
        t, c = time.perf_counter(), time.process_time()
        fn(i)
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return wall, cpu


def row(label: str, times: tuple[list[float], list[float]], target: str = "") -> None:
    ms, cpu = times
    p99 = sorted(ms)[max(0, math.ceil(len(ms) * 0.99) - 1)]
    print(f"  {label:<52} p50 {statistics.median(ms):8.1f} ms   p99 {p99:8.1f} ms   "
          f"cpu p50 {statistics.median(cpu):8.1f} ms   {target}")


def edited(text: str, i: int, comment: str) -> str:
    """The text with a comment typed on a line near the middle (another line each round)."""
    lines = text.split("\n")
    at = len(lines) // 2 + i % 50
    lines.insert(at, f"{comment} edit {i}")
    return "\n".join(lines)


def bench_buffer(lore: Lore, file: Path, tree: Path, rounds: int) -> None:
    text = text_of(file, tree, 3000)
    lang = language_for_path(file.name) or "python"
    checks = load_checks(lore)
    rel = f"src/{file.name}"
    n = len(check_text(checks.rules, rel, text, lang, checks.exceptions))
    print(f"1. diagnostics after an edit: {file.name} ({lang}), {text.count(chr(10)) + 1} lines, "
          f"{len(text)} chars, {len(checks.rules)} rules, {n} violations")
    comment = "#" if lang == "python" else "//"

    def after_edit(i: int) -> None:
        check_text(checks.rules, rel, edited(text, i, comment), lang, checks.exceptions)

    def cold(i: int) -> None:
        check_text(checks.rules, f"src/cold{i}/{file.name}", edited(text, -i, comment), lang, checks.exceptions)

    def parse_only(i: int) -> None:
        languages.parse(lang, edited(text, 1000 + i, comment).encode())

    row("check_text after an edit (the buffer's last tree kept)", timed(after_edit, rounds), "target <= 50 ms")
    row("check_text, first sight of the buffer (full parse)", timed(cold, rounds))
    row("baseline: tree-sitter full parse of the same text", timed(parse_only, rounds))


def bench_workspace(lore: Lore, root: Path, count: int, rounds: int) -> None:
    files = [p for p in root.rglob("*") if p.is_file() and ".lore" not in p.parts and ".git" not in p.parts]
    print(f"2. lore check over {len(files)} files")
    found = check_paths(lore, [])
    row(f"check_paths, in process ({len(found)} violations)", timed(lambda i: check_paths(lore, []), rounds),
        "target <= 10 s")
    row("baseline: reading the same files", timed(lambda i: [p.read_bytes() for p in files], rounds))
    env = dict(os.environ, PYTHONPATH=str(ROOT / "server"), LORE_EMBEDDER="hash")

    def cli(i: int) -> None:
        p = subprocess.run([sys.executable, "-m", "lore", "-w", str(root), "check", "--json"], capture_output=True, env=env)
        assert p.returncode in (0, 1), p.stderr.decode()

    def bare(i: int) -> None:
        subprocess.run([sys.executable, "-m", "lore", "--version"], capture_output=True, env=env, check=True)

    row("`lore check` as a fresh process", timed(cli, max(2, rounds // 3)), "target <= 10 s")
    row("baseline: `lore --version` as a fresh process", timed(bare, max(2, rounds // 3)))


def bench_change(lore: Lore, root: Path, rounds: int) -> None:
    target = max((p for p in root.rglob("*") if p.suffix in SOURCE and ".lore" not in p.parts),
                 key=lambda p: p.stat().st_size)
    rel = target.relative_to(root).as_posix()
    lines = target.read_text(encoding="utf-8", errors="replace").split("\n")
    added = "import requests" if target.suffix == ".py" else "import moment from 'moment';"
    mark = "#" if target.suffix == ".py" else "//"

    def diff(i: int) -> str:  # another text each round: nothing is answered from a cache
        return f"--- a/{rel}\n+++ b/{rel}\n@@ -1,1 +1,2 @@\n {lines[0]}\n+{added} {mark} {i}\n"

    def content(i: int) -> str:
        return "\n".join(lines[:1] + [f"{added} {mark} {i}"] + lines[1:])

    got = check_change(lore, diff=diff(-1))
    print(f"3. check_change on {rel} ({len(lines)} lines): {len(got['violations'])} violation(s) from the diff")
    row("check_change(diff)", timed(lambda i: check_change(lore, diff=diff(i)), rounds), "target <= 200 ms")
    row("check_change(path, content)", timed(lambda i: check_change(lore, path=rel, content=content(i)), rounds),
        "target <= 200 ms")
    row("baseline: loading the rules alone", timed(lambda i: load_checks(lore), rounds))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--checkout", type=Path, default=ROOT, help="source tree to copy files from")
    ap.add_argument("--file", type=Path, help="the file for the 3,000-line measurement")
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    tree = args.checkout.resolve()
    file = args.file or max((p for p in source_files(tree) if p.suffix == ".py"), key=lambda p: p.stat().st_size)
    with tempfile.TemporaryDirectory(prefix="lore-checks-bench-") as tmp:
        root = Path(tmp)
        distinct, copies = workspace(tree, args.files, root)
        print(f"workspace: {args.files} files from {tree} ({distinct} distinct source files"
              + (f", copied {copies} times" if copies > 1 else "") + ")")
        with Lore(root, user_db=False) as lore:
            bench_buffer(lore, file, tree, args.rounds)
            bench_workspace(lore, root, args.files, max(3, args.rounds // 5))
            bench_change(lore, root, args.rounds)


if __name__ == "__main__":
    main()
