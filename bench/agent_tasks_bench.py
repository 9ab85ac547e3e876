"""What an agent gets from Lore for real tasks on real repositories.

Run: .venv/bin/python bench/agent_tasks_bench.py [--model DIR] [--only ID,...] [--show]

The tasks and the facts each one needs are in `bench/agent_tasks/tasks.json`; they were written by
reading each repository's decision records, AGENTS.md and docs before Lore was run on it. For each
repository (cloned from its stored mirror), the bench runs `lore import`, then starts `lore mcp` and
calls, through a real MCP client session:

- `get_context` with the task (and its file) at a budget of 1,500 tokens, and reports
  - facts held: the share of the task's facts whose check phrases all appear in the pack
    (target >= 70%);
  - tokens irrelevant: the share of the pack's item tokens in items holding none of the task's
    facts (an item is a block under a `###` heading or a top-level `- ` bullet; the pack's title,
    level headings, data note and footer are overhead, reported apart) (target <= 25%);
- `search_memory` with the task text and 10 hits, and reports its tokens (target <= 1,500) and
  the facts its hits hold.

Tokens are counted with the pack's own counter (the model's tokenizer when present).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TASKS = REPO / "bench" / "agent_tasks" / "tasks.json"
MIRRORS = Path(os.environ.get("LORE_MIRRORS", "/work/.mirror"))
BUDGET = 1500
SEARCH_HITS = 10


def normalise(text: str) -> str:
    """Lower case, markdown emphasis and backticks dropped, whitespace collapsed."""
    text = re.sub(r"[`*_]+", lambda m: "_" if m.group(0) == "_" else "", text)
    return re.sub(r"\s+", " ", text.lower())


def holds(text: str, check: list[str]) -> bool:
    """Every phrase of the check appears in the text at word boundaries."""
    norm = normalise(text)
    return all(re.search(r"(?<![\w])" + re.escape(normalise(p).strip()) + r"(?![\w])", norm) for p in check)


def pack_items(markdown: str) -> tuple[list[str], str]:
    """(the pack's items, its overhead text): items start at a `###` heading or a top-level bullet."""
    items: list[list[str]] = []
    overhead: list[str] = []
    current: list[str] | None = None
    for line in markdown.splitlines():
        if line.startswith("### ") or line.startswith("- "):
            current = [line]
            items.append(current)
        elif line.startswith("# ") or line.startswith("## ") or (line.startswith("_") and line.endswith("_")):
            current = None
            overhead.append(line)
        elif current is not None:
            current.append(line)
        else:
            overhead.append(line)
    return ["\n".join(i) for i in items], "\n".join(overhead)


def checkout(mirror: str, work: Path) -> Path:
    """A clone of the stored mirror, made once."""
    dest = work / mirror
    if not dest.exists():
        src = MIRRORS / mirror / "repo"
        src = src if src.exists() else MIRRORS / mirror
        subprocess.run(["git", "clone", "-q", str(src), str(dest)], check=True)
    return dest


def run_import(root: Path, env: dict[str, str]) -> dict:
    """`lore import --json` on the workspace; its summary."""
    proc = subprocess.run([sys.executable, "-m", "lore", "-w", str(root), "import", "--json", "--yes"],
                          env=env, capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        raise SystemExit(f"lore import failed on {root}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


async def ask(root: Path, env: dict[str, str], tasks: list[dict]) -> list[dict]:
    """Each task's `get_context` markdown and `search_memory` text, through one MCP session."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "lore", "-w", str(root), "mcp"],
                                   env=env, cwd=str(root))
    answers = []
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for t in tasks:
            args = {"task": t["task"], "budget": BUDGET}
            if t.get("file"):
                args["file"] = t["file"]
            ctx = await session.call_tool("get_context", args)
            hits = await session.call_tool("search_memory", {"query": t["task"], "limit": SEARCH_HITS,
                                                             **({"file": t["file"]} if t.get("file") else {})})
            if ctx.is_error or hits.is_error:
                raise SystemExit(f"{t['id']}: {ctx.content if ctx.is_error else hits.content}")
            answers.append({"context": "".join(c.text for c in ctx.content if hasattr(c, "text")),
                            "search": "".join(c.text for c in hits.content if hasattr(c, "text"))})
    return answers


def score(task: dict, answer: dict, count) -> dict:
    """Facts held, irrelevant item tokens, and the search's tokens and facts for one task."""
    facts = task["facts"]
    pack = answer["context"]
    held = [f for f in facts if holds(pack, f["check"])]
    items, overhead = pack_items(pack)
    item_tokens = [count(i) for i in items]
    useless = sum(n for i, n in zip(items, item_tokens) if not any(holds(i, f["check"]) for f in facts))
    found = [f for f in facts if holds(answer["search"], f["check"])]
    return {
        "id": task["id"], "facts": len(facts), "held": len(held), "missing": [f["fact"] for f in facts if f not in held],
        "items": len(items), "item_tokens": sum(item_tokens), "irrelevant_tokens": useless,
        "overhead_tokens": count(overhead), "pack_tokens": count(pack),
        "search_tokens": count(answer["search"]), "search_found": len(found),
    }


def report(rows: list[dict]) -> None:
    """One line per task, then the totals beside their targets."""
    print(f"\n{'task':22s} {'facts':>7s} {'irrel':>6s} {'items':>5s} {'pack':>5s} {'search':>7s} {'found':>6s}")
    for r in rows:
        irr = r["irrelevant_tokens"] / r["item_tokens"] if r["item_tokens"] else 0.0
        print(f"{r['id']:22s} {r['held']:>3d}/{r['facts']:<3d} {irr:6.0%} {r['items']:5d} {r['pack_tokens']:5d} "
              f"{r['search_tokens']:7d} {r['search_found']:>3d}/{r['facts']:<2d}")
    facts = sum(r["facts"] for r in rows)
    held = sum(r["held"] for r in rows)
    irr = sum(r["irrelevant_tokens"] for r in rows) / max(1, sum(r["item_tokens"] for r in rows))
    per_task_irr = [r["irrelevant_tokens"] / r["item_tokens"] for r in rows if r["item_tokens"]]
    search = [r["search_tokens"] for r in rows]
    print(f"\nget_context facts held: {held}/{facts} = {held / facts:.0%} (target >= 70%; issue 16 baseline 22%)")
    print(f"get_context tokens irrelevant: {irr:.0%} of item tokens (median per task "
          f"{statistics.median(per_task_irr) if per_task_irr else 0:.0%}; target <= 25%; baseline 61-72%)")
    print(f"get_context pack tokens: median {statistics.median(r['pack_tokens'] for r in rows):.0f}, "
          f"overhead median {statistics.median(r['overhead_tokens'] for r in rows):.0f} (budget {BUDGET})")
    print(f"search_memory tokens for {SEARCH_HITS} hits: median {statistics.median(search):.0f}, max {max(search)} "
          f"(target <= 1,500; baseline 7-19k)")
    found = sum(r["search_found"] for r in rows)
    print(f"search_memory facts in its hits: {found}/{facts} = {found / facts:.0%} (baseline 40%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default=os.environ.get("LORE_MODEL_PATH"), help="embedding model folder")
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "lore-agent-tasks"),
                    help="where the repositories are cloned and imported (kept between runs)")
    ap.add_argument("--only", default="", help="comma-separated task ids")
    ap.add_argument("--show", action="store_true", help="print each pack and the facts it misses")
    args = ap.parse_args()
    sys.path.insert(0, str(REPO / "server"))
    from lore.context import token_counter

    spec = json.loads(TASKS.read_text())
    only = {x for x in args.only.split(",") if x}
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(REPO / "server"), "LORE_USER_DB": str(work / "user.db")}
    if args.model:
        env["LORE_MODEL_PATH"] = args.model
    count = token_counter(args.model).count
    rows = []
    for name, repo in spec["repositories"].items():
        tasks = [t for t in spec["tasks"] if t["repo"] == name and (not only or t["id"] in only)]
        if not tasks:
            continue
        root = checkout(repo["mirror"], work)
        summary = run_import(root, env)
        print(f"{name}: imported {root} ({summary.get('memories', summary.get('added', '?'))} memories)")
        for t, a in zip(tasks, asyncio.run(ask(root, env, tasks))):
            r = score(t, a, count)
            rows.append(r)
            if args.show:
                print(f"\n==== {t['id']}: {t['task']} ({t.get('file')})\n{a['context']}")
                print(f"---- missing: {r['missing']}\n---- search ({r['search_tokens']} tokens): {a['search'][:600]}")
    report(rows)


if __name__ == "__main__":
    main()
