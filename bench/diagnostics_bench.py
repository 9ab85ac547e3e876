"""Diagnostics after an edit on a 3,000-line file (issue 20: target <= 50 ms).

Builds a workspace with two team files carrying three confirmed rules (a forbidden import with a
fix, a forbidden call, a pattern) and one 3,000-line Python file made of this repository's own
modules (real code, concatenated). Each round changes one character of the file, as typing does,
and times what the language server does for the document's diagnostics: the rules as cached by
`LiveChecks.get` (a stat of the team files) plus `problems_in` (tree-sitter parse and match).
Beside it, in the same process and on the same edited texts, the baseline every edit already
pays: `extract_symbols` (the symbols hovers and lenses need). Prints p50 / p99 wall milliseconds.

    .venv/bin/python bench/diagnostics_bench.py [--lines 3000] [--rounds 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))

from lore.anchors.symbols import extract_symbols  # noqa: E402
from lore.enforce import LiveChecks, problems_in  # noqa: E402
from lore.api import Lore  # noqa: E402

RULES = """\
---
id: use-httpx
kind: decision
status: active
checks:
  - forbid_import: requests
    fix: httpx
  - forbid_call: print
    id: no-print
---
# Use httpx; log, don't print
"""

PATTERN = """\
---
id: no-todo-x
kind: convention
status: active
checks:
  - pattern: 'XXX\\b'
    message: Write TODO with an issue number, not XXX.
---
# TODO with an issue number
"""


def source_lines(want: int) -> list[str]:
    """Real Python from this repository, concatenated to `want` lines."""
    out: list[str] = []
    for path in sorted((ROOT / "server" / "lore").rglob("*.py")):
        out += path.read_text(encoding="utf-8").splitlines()
        if len(out) >= want:
            break
    out[:0] = ["import requests", "print('start')  # XXX"]
    return out[:want]


def timed(fn, texts: list[str]) -> list[float]:
    out = []
    for text in texts:
        start = time.perf_counter()
        fn(text)
        out.append((time.perf_counter() - start) * 1000)
    return out


def show(name: str, ms: list[float], target: float | None = None) -> None:
    p50 = statistics.median(ms)
    p99 = sorted(ms)[max(0, int(len(ms) * 0.99) - 1)]
    goal = f"   target <= {target:.0f} ms: {'met' if p99 <= target else 'MISSED'}" if target else ""
    print(f"{name:46s} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms{goal}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=40)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        (ws / ".lore" / "memories").mkdir(parents=True)
        (ws / ".lore" / "memories" / "use-httpx.md").write_text(RULES)
        (ws / ".lore" / "memories" / "no-todo-x.md").write_text(PATTERN)
        lines = source_lines(args.lines)
        texts = []
        for i in range(args.rounds + 3):
            edited = list(lines)
            at = (i * 37) % len(edited)
            edited[at] = edited[at] + f"  # edit {i}"
            texts.append("\n".join(edited) + "\n")
        with Lore(ws) as lore:
            live = LiveChecks(ws)
            checks = live.get(lore)
            assert len(checks.rules) == 3 and not checks.errors, (checks.rules, checks.errors)
            found = problems_in(checks, "app/big.py", texts[0], "python").violations
            print(f"{len(lines)} lines, {len(checks.rules)} rules, {len(found)} violations in the file")
            warm = texts[:3]
            timed(lambda t: extract_symbols(t, "python", "app/big.py"), warm)
            timed(lambda t: problems_in(live.get(lore), "app/big.py", t, "python"), warm)
            rest = texts[3:]
            show("baseline: extract_symbols (every edit pays it)",
                 timed(lambda t: extract_symbols(t, "python", "app/big.py"), rest))
            show("diagnostics: rules (cached) + problems_in",
                 timed(lambda t: problems_in(live.get(lore), "app/big.py", t, "python"), rest), 50)


if __name__ == "__main__":
    main()
