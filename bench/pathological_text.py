"""What text shaped to make patterns backtrack costs: each reader on a run of one character, and a whole import.

A run of `>` (a quoted reply pasted many times over), of `[`, of backticks, of unclosed `*a` or of `<!--`
after a word, is read by the readers a decision or a memory goes through (endpoints, prose phrases, the hover's
gist, the choices a check reads, the hidden-text filter every imported file goes through), at two lengths; then
`lore import` (hash embedder) reads the forty
files of `tests/unit/test_bad_input.py`'s pathological shapes, one per shape in each kind of source. Each
`--server` folder (this checkout's by default, another checkout's to compare) runs in its own child process,
so the figures of an older checkout sit beside this one's in the same run. A reader that backtracks grows with
the square of the run (four times the run, sixteen times the time) or worse.

    .venv/bin/python bench/pathological_text.py --server /path/to/older/checkout/server --server server
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

READERS = {
    "endpoints": "from lore.sources.routes import written_in as f",
    "phrases": "from lore.sources.concepts import phrases as f",
    "gist": "from lore.recall.gist import gist as f",
    "choices": "from lore.consistency.choices import sentences as f",
    "hidden text": "from lore.markup.hidden import strip_hidden\nf = lambda t: strip_hidden('<!-- a -->\\n' + t)",
}
SHAPES = {"quote marks": ">", "brackets": "[", "backticks": "`", "unclosed stars": " *a", "unclosed comments": "<!-- a "}

CHILD = """
import json, sys, time
sys.path.insert(0, {server!r})
{imports}
out = {{}}
for reader, unit in {pairs!r}:
    fn = READERS[reader]
    for n in {sizes!r}:
        text = "x " + unit * n + " tail"
        start = time.perf_counter()
        fn(text)
        out[f"{{reader}}|{{unit}}|{{n}}"] = time.perf_counter() - start
print(json.dumps(out))
"""


def readers_in(server: Path, sizes: list[int], limit: float) -> dict[str, float]:
    """Seconds per (reader, shape, length) in a child process running `server`; a reader still running after
    `limit` seconds is reported as over it."""
    imports = "READERS = {}\n" + "\n".join(f"{line}\nREADERS[{name!r}] = f" for name, line in READERS.items())
    pairs = [(reader, unit) for reader in READERS for unit in SHAPES.values()]
    out: dict[str, float] = {}
    for pair in pairs:
        code = CHILD.format(server=str(server), imports=imports, pairs=[pair], sizes=sizes)
        try:
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=limit,
                                  check=True)
            out.update(json.loads(done.stdout))
        except subprocess.TimeoutExpired:
            for n in sizes:
                out.setdefault(f"{pair[0]}|{pair[1]}|{n}", float("inf"))
    return out


def import_seconds(server: Path) -> float:
    """Wall seconds of `lore import` (hash embedder) over the forty pathological files of the tests."""
    sys.path.insert(0, str(ROOT / "tests" / "unit"))
    from test_bad_input import HOMES, SHAPES as FILE_SHAPES  # noqa: E402  (the cases the test uses)
    import time

    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp) / "ws"
        for home, template in HOMES.items():
            for name, shape in FILE_SHAPES.items():
                text = shape.replace("\n", "\n# ") if home.endswith(".py") else shape
                path = ws / home.format(name)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(template.format(name, text))
        env = {**os.environ, "PYTHONPATH": str(server), "LORE_EMBEDDER": "hash", "LORE_MODEL_PATH": "",
               "LORE_USER_DB": str(Path(tmp) / "user.db")}
        start = time.monotonic()
        subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), "import", "--json", "--max-file-size",
                        str(2 * 1024 * 1024)], env=env, capture_output=True, check=True)
        return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", type=Path, action="append", help="a `server` folder to run (repeat to compare)")
    parser.add_argument("--sizes", type=int, nargs=2, default=[4000, 16000], help="two run lengths")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds a reader may take before it is cut")
    args = parser.parse_args()
    servers = args.server or [ROOT / "server"]
    runs = {str(s): readers_in(s.resolve(), args.sizes, args.limit) for s in servers}
    head = " | ".join(f"{Path(s).resolve().parent.name}" for s in runs)
    short, long = args.sizes
    print(f"seconds for a run of {short:,} / {long:,} characters; one column per server ({head})\n")
    print("| reader | shape | " + " | ".join(f"`{Path(s).resolve().parent.name}`" for s in runs) + " |")
    print("|---|---|" + "---|" * len(runs))
    for reader in READERS:
        for shape, unit in SHAPES.items():
            cells = []
            for run in runs.values():
                a, b = run[f"{reader}|{unit}|{short}"], run[f"{reader}|{unit}|{long}"]
                cells.append(" / ".join(f"{x:.4f}" if x != float("inf") else f"over {args.limit:g} s" for x in (a, b)))
            print(f"| {reader} | {shape} | " + " | ".join(cells) + " |")
    print("\n| `lore import` of the tests' 40 pathological files | " +
          " | ".join(f"{import_seconds(s.resolve()):.1f} s" for s in servers) + " |")


if __name__ == "__main__":
    main()
