"""Why / what-changed questions on real repositories, answered by `lore search` and `lore history`.

For each label file under `bench/history/` (`<owner>__<name>.json`: questions about real files
with the commits that answer them, written from the git log before Lore was run), the repository
is cloned at the labelled commit from a bare mirror (`--mirror-root`, default /work/.mirror, as
`<owner>+<name>/repo`) or taken from a checkout (`--checkout owner/name=PATH`), imported with
`lore import` (the real model: LORE_MODEL_PATH) and asked each question the way its form calls for:

- `why`: `lore search QUESTION --json -n 3` (asked without a file, then again with `--path PATH`,
  the file the question is about, as an editor or agent would pass it);
- `changed`: `lore history PATH --json -n 3`.

A question is answered in the top 3 when one of the first three results is the task holding one of
the expected commits (its id, or a commit listed in its body) or a decision read from one of the
expected files. Prints per repository and overall beside the target (issue 19: >= 80%), and the top
three of each miss.

The questions are asked twice: right after `lore import`, which leaves task memories without
vectors (found by words; a running server's background worker embeds them), and again once the
tasks are embedded here the way that worker does (`Lore.embed_pending`), timed.

Usage: python bench/history_questions_bench.py [--labels DIR] [--only NAME] [--mirror-root DIR]
                                               [--checkout owner/name=PATH] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from checkout import clone_at

HERE = Path(__file__).resolve().parent
SERVER = HERE.parent / "server"
TARGET = 0.80
TOP = 3


def lore(root: Path, *args: str, timeout: float = 1800) -> subprocess.CompletedProcess:
    """Run `python -m lore -w ROOT ARGS` from this checkout."""
    env = {**os.environ, "PYTHONPATH": f"{SERVER}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    env.pop("LORE_DB", None)
    return subprocess.run([sys.executable, "-m", "lore", "-w", str(root), *args], capture_output=True, text=True,
                          env=env, timeout=timeout, check=False)


def materialise(label: dict, name: str, mirror_root: Path, checkouts: dict[str, Path], keep: Path | None,
                tmp: Path) -> Path:
    """The repository at the labelled commit: a given checkout, a kept clone, or a fresh clone."""
    slug = label["repository"].rstrip("/").split("github.com/")[-1]
    if slug in checkouts:
        return checkouts[slug]
    into = (keep or tmp) / name
    if (into / ".git").exists():
        return into
    return clone_at(slug, label["commit"], into, mirror_root)


def answers(hit: dict, q: dict) -> bool:
    """Whether one result answers the question: the task of an expected commit, or an expected decision file."""
    shas = [s.lower() for s in q.get("expect", [])]
    ids = {hit.get("id", "")}
    ids.update(re.findall(r"^- ([0-9a-f]{7,40}) ", hit.get("body") or "", re.M))
    ids.update(hit.get("commits") or [])  # `lore history --json` lists them
    if any(i.startswith(s) or s.startswith(i) for i in ids if len(i) >= 7 for s in shas):
        return True
    path = (hit.get("source") or {}).get("path") or ""
    return bool(path) and any(path.endswith(p) for p in q.get("expect_paths", []))


def ask(root: Path, q: dict, with_path: bool) -> list[dict]:
    """The top results for one question, as its form calls for."""
    if q["form"] == "changed":
        res = lore(root, "history", q["path"], "--json", "-n", str(TOP))
        return json.loads(res.stdout)["tasks"] if res.returncode == 0 else []
    args = ["search", q["question"], "--json", "-n", str(TOP)]
    if with_path:
        args += ["--path", q["path"]]
    res = lore(root, *args)
    if res.returncode != 0:
        print(f"  ! {q['id']}: lore search failed: {res.stderr.strip()[:300]}")
        return []
    return json.loads(res.stdout)


def run_repo(label: dict, root: Path) -> dict[str, dict]:
    """Import, ask every question before and after the tasks are embedded; the counts per state."""
    t = time.monotonic()
    imp = lore(root, "import", "--json", "--yes")
    took = time.monotonic() - t
    if imp.returncode != 0:
        raise SystemExit(f"lore import failed on {root}: {imp.stderr.strip()[:500]}")
    print(f"\n{label['repository']} @ {label['commit'][:10]} ({label['language']}): lore import {took:.1f}s")
    out = {"words": ask_all(label, root, "tasks found by words (right after lore import)")}
    t = time.monotonic()
    n = embed_tasks(root)
    print(f"  embedded {n} pending sections (tasks) in {time.monotonic() - t:.1f}s, as a running server's worker does")
    out["vectors"] = ask_all(label, root, "tasks embedded")
    return out


def embed_tasks(root: Path) -> int:
    """Embed every section still without a vector (the task memories `lore import` leaves to a server)."""
    sys.path.insert(0, str(SERVER))
    from lore.api import Lore

    with Lore(root) as lo:
        return lo.embed_pending()


def ask_all(label: dict, root: Path, state: str) -> dict:
    """Ask every question of a label file; print each outcome and the misses' top three."""
    print(f"  -- {state}")
    out = {"n": 0, "hit": 0, "why_n": 0, "why_plain": 0, "why_path": 0, "changed_n": 0, "changed": 0}
    for q in label["questions"]:
        forms = [True] if q["form"] == "changed" else [False, True]
        got = {wp: ask(root, q, wp) for wp in forms}
        ok = {wp: any(answers(h, q) for h in hits[:TOP]) for wp, hits in got.items()}
        out["n"] += 1
        if q["form"] == "changed":
            out["changed_n"] += 1
            out["changed"] += ok[True]
            out["hit"] += ok[True]
        else:
            out["why_n"] += 1
            out["why_plain"] += ok[False]
            out["why_path"] += ok[True]
            out["hit"] += ok[True]
        marks = " ".join(("path " if wp else "plain ") + ("✓" if v else "✗") for wp, v in ok.items())
        print(f"  {q['id']:<20} {q['form']:<8} {marks:<16} {q['question'][:70]}")
        for wp, hits in got.items():
            if not ok[wp]:
                tops = "; ".join(f"{h.get('id', '')[:10]} {h.get('kind', 'task')} {h.get('title', '')[:50]!r}"
                                 for h in hits[:TOP])
                print(f"      {'path' if wp else 'plain'} top {TOP}: {tops or '(nothing)'}")
                print(f"      expected: {q['answer'][:110]}")
    return out


def pct(a: int, b: int) -> str:
    return f"{a}/{b} = {100 * a / b:.0f}%" if b else "-"


def table(title: str, rows: list[tuple[str, dict]]) -> None:
    """The hit rates of one state per repository and overall, beside the target."""
    print(f"\n{title}")
    print(f"{'repository':<28} {'top-3 hit':>14} {'why (no file)':>16} {'why (--path)':>14} {'changed':>12}")
    total = {k: sum(r[k] for _, r in rows) for k in rows[0][1]}
    for name, r in [*rows, ("overall", total)]:
        print(f"{name:<28} {pct(r['hit'], r['n']):>14} {pct(r['why_plain'], r['why_n']):>16} "
              f"{pct(r['why_path'], r['why_n']):>14} {pct(r['changed'], r['changed_n']):>12}")
    rate = total["hit"] / max(1, total["n"])
    plain = (total["why_plain"] + total["changed"]) / max(1, total["n"])
    print(f"overall top-3 hit rate {100 * rate:.0f}% (why asked with the file, changed with lore history) beside "
          f"the target >= {100 * TARGET:.0f}%: {'met' if rate >= TARGET else 'NOT met'}; "
          f"with why asked without the file: {100 * plain:.0f}%")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labels", type=Path, default=HERE / "history")
    ap.add_argument("--only", help="label file name part (e.g. jaeger)")
    ap.add_argument("--mirror-root", type=Path, default=Path("/work/.mirror"))
    ap.add_argument("--checkout", action="append", default=[], metavar="owner/name=PATH")
    ap.add_argument("--keep", type=Path, help="clone into this folder and reuse it (and its import) next time")
    args = ap.parse_args()
    checkouts = dict((k, Path(v).resolve()) for k, _, v in (c.partition("=") for c in args.checkout))
    files = sorted(p for p in args.labels.glob("*.json") if not args.only or args.only in p.name)
    if not files:
        raise SystemExit(f"no label files in {args.labels}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="lore-hq-") as tmp:
        for f in files:
            label = json.loads(f.read_text(encoding="utf-8"))
            root = materialise(label, f.stem, args.mirror_root, checkouts, args.keep, Path(tmp))
            rows.append((f.stem, run_repo(label, root)))
    for state, title in (("words", "right after lore import (tasks found by words)"),
                         ("vectors", "after the tasks are embedded (as with a running server)")):
        table(title, [(name, r[state]) for name, r in rows])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
