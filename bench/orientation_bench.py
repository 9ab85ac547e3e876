"""Orientation tokens: the files an agent reads to start a task beside the context pack that answers
the same questions.

For each task of `bench/orientation/tasks.json` (written from the repositories before Lore was run
on them), the repository is cloned at its commit from a bare mirror (`--mirror-root`, default
/work/.mirror, as `<owner>+<name>/repo`) or taken from a checkout (`--checkout owner/name=PATH`),
imported with `lore import` (the real model: LORE_MODEL_PATH), and asked for
`lore context --task TASK --budget B --json` at each budget of `--budgets` (default: the compact
500 an orientation call can ask for, and the default 1500). Printed per task and budget:

- the tokens of the files the task lists (whole files, `PATH#A-B` line ranges, `ls:DIR` as the
  folder listing an agent would see), counted with the same counter as the pack;
- the pack's tokens and the ratio (target: >= 20x fewer, with the answers present);
- which orientation questions the pack answers (one of the question's strings appears in the
  pack, case-insensitive) and which it misses.

Usage: python bench/orientation_bench.py [--tasks FILE] [--only TEXT] [--budgets 500,1500] [--mirror-root DIR]
                                         [--checkout owner/name=PATH] [--keep DIR] [--show]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVER = HERE.parent / "server"
sys.path.insert(0, str(SERVER))

from lore.context.tokens import token_counter  # noqa: E402
from checkout import clone_at  # noqa: E402

TARGET_RATIO = 20.0


def lore(root: Path, *args: str) -> subprocess.CompletedProcess:
    """Run `python -m lore -w ROOT ARGS` from this checkout."""
    env = {**os.environ, "PYTHONPATH": f"{SERVER}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    env.pop("LORE_DB", None)
    return subprocess.run([sys.executable, "-m", "lore", "-w", str(root), *args], capture_output=True, text=True,
                          env=env, timeout=3600, check=False)


def materialise(slug: str, commit: str, mirror_root: Path, checkouts: dict[str, Path], keep: Path | None,
                tmp: Path) -> Path:
    """The repository at `commit`: a given checkout, a kept clone, or a fresh clone."""
    if slug in checkouts:
        return checkouts[slug]
    into = (keep or tmp) / slug.replace("/", "__")
    if (into / ".git").exists():
        return into
    return clone_at(slug, commit, into, mirror_root)


def read_text(root: Path, spec: str) -> str:
    """What an agent sees for one entry: a file, a line range of it, or a folder listing."""
    if spec.startswith("ls:"):
        folder = root / spec[3:]
        return "\n".join(sorted(p.name + ("/" if p.is_dir() else "") for p in folder.iterdir()))
    path, _, lines = spec.partition("#")
    text = (root / path).read_text(encoding="utf-8", errors="replace")
    if lines:
        a, _, b = lines.partition("-")
        text = "\n".join(text.splitlines()[int(a) - 1:int(b)])
    return text


def check(markdown: str, questions: list[dict]) -> tuple[list[str], list[str]]:
    """(questions answered, questions missed): answered when one of the question's strings is in the pack."""
    low = markdown.lower()
    hit = [q["q"] for q in questions if any(s.lower() in low for s in q["any"])]
    return hit, [q["q"] for q in questions if q["q"] not in hit]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tasks", type=Path, default=HERE / "orientation" / "tasks.json")
    ap.add_argument("--only", help="task id or repository part")
    ap.add_argument("--budgets", default="500,1500", help="pack budgets, comma-separated")
    ap.add_argument("--mirror-root", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--checkout", action="append", default=[], metavar="owner/name=PATH")
    ap.add_argument("--keep", type=Path, help="clone into this folder and reuse it next time")
    ap.add_argument("--show", action="store_true", help="print each pack")
    args = ap.parse_args()
    spec = json.loads(args.tasks.read_text(encoding="utf-8"))
    checkouts = dict((k, Path(v).resolve()) for k, _, v in (c.partition("=") for c in args.checkout))
    tasks = [t for t in spec["tasks"] if not args.only or args.only in t["id"] or args.only in t["repo"]]
    counter = token_counter()
    budgets = [int(b) for b in args.budgets.split(",") if b.strip()]
    rows: dict[int, list] = {}
    with tempfile.TemporaryDirectory(prefix="lore-orient-") as tmp:
        roots: dict[str, Path] = {}
        for t in tasks:
            if t["repo"] not in roots:
                repo = spec["repositories"][t["repo"]]
                root = materialise(t["repo"], repo["commit"], args.mirror_root, checkouts, args.keep, Path(tmp))
                imp = lore(root, "import", "--json", "--yes")
                if imp.returncode != 0:
                    raise SystemExit(f"lore import failed on {root}: {imp.stderr.strip()[:500]}")
                roots[t["repo"]] = root
            root = roots[t["repo"]]
            files = sum(counter.count(read_text(root, f)) for f in t["files"])
            for budget in budgets:
                res = lore(root, "context", "--task", t["task"], "--budget", str(budget), "--json")
                if res.returncode != 0:
                    raise SystemExit(f"lore context failed: {res.stderr.strip()[:500]}")
                pack = json.loads(res.stdout)
                hit, miss = check(pack["markdown"], t["questions"])
                rows.setdefault(budget, []).append((t, files, pack["tokens"], hit, miss))
                if args.show:
                    print(f"\n----- {t['id']} (budget {budget})\n{pack['markdown']}")
    print(f"\ntoken counter: {counter.method}")
    for budget in budgets:
        report(budget, rows[budget])
    return 0


def report(budget: int, rows: list) -> None:
    """One budget's table: per task the files' tokens, the pack's, the ratio and the questions missed."""
    print(f"\npack budget {budget}")
    print(f"{'task':<24} {'files':>7} {'pack':>6} {'ratio':>7} {'answered':>9}  missed")
    for t, files, pack_tokens, hit, miss in rows:
        n = len(hit) + len(miss)
        print(f"{t['id']:<24} {files:>7} {pack_tokens:>6} {files / max(1, pack_tokens):>6.1f}x {len(hit):>4}/{n:<4}  "
              + ("; ".join(miss) or "-"))
    ratios = [files / max(1, p) for _, files, p, _, _ in rows]
    answered = sum(len(h) for *_, h, _ in rows)
    asked = sum(len(h) + len(m) for *_, h, m in rows)
    complete = sum(1 for *_, m in rows if not m)
    both = sum(1 for (_, f, p, _, m) in rows if not m and f / max(1, p) >= TARGET_RATIO)
    print(f"ratio median {statistics.median(ratios):.1f}x, min {min(ratios):.1f}x (target >= {TARGET_RATIO:.0f}x); "
          f"questions answered {answered}/{asked} ({100 * answered / max(1, asked):.0f}%); "
          f"tasks with every answer present {complete}/{len(rows)}; tasks meeting both {both}/{len(rows)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
