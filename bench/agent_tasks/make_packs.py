"""Context packs for five files of a real repository, as `lore context --file F` prints them, saved
under bench/agent_tasks/packs/ with a summary of which memory came first and why.

Run: .venv/bin/python bench/agent_tasks/make_packs.py [--work DIR]
(after bench/agent_tasks_bench.py has cloned and imported the repository into the same --work).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
MIRROR = "Unleash+unleash"
FILES = [
    "src/lib/features/frontend-api/proxy-repository.ts",
    "frontend/src/component/common/ConditionallyRender/ConditionallyRender.tsx",
    "src/lib/openapi/util/api-stability.ts",
    "src/lib/features/feature-toggle/features-read-model.ts",
    "src/lib/db/transaction.ts",
]
SYNTAX = re.compile(r"^\s*(```|~~~|#{3,} |\|[-: |]+\|)|symbol:[a-z]+:|anchored to (file|glob|symbol)", re.M)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "lore-agent-tasks"))
    args = ap.parse_args()
    root = Path(args.work) / MIRROR
    if not root.exists():
        raise SystemExit(f"{root} is missing: run bench/agent_tasks_bench.py first")
    env = {**os.environ, "PYTHONPATH": str(REPO / "server"), "LORE_USER_DB": str(Path(args.work) / "user.db")}
    summary = ["# Context packs for five Unleash files", "",
               "Made by `bench/agent_tasks/make_packs.py` with `lore context --file F --json` (budget 1,500); each "
               "file holds the pack's markdown as agents get it (`lore context` wraps it to the terminal).", ""]
    for rel in FILES:
        proc = subprocess.run([sys.executable, "-m", "lore", "-w", str(root), "context", "--file", rel, "--json"],
                              env=env, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise SystemExit(proc.stderr)
        pack = json.loads(proc.stdout)
        name = rel.replace("/", "__") + ".md"
        (HERE / "packs" / name).write_text(pack["markdown"])
        leaks = SYNTAX.findall(pack["markdown"])
        first = pack["items"][0] if pack["items"] else None
        said = f"**{first['title']}** ({first['kind']}; {'; '.join(first['why'])})" if first else "nothing"
        summary.append(f"- `{rel}`: first {said}; {len(pack['items'])} memories, {pack['tokens']} tokens; "
                       f"{'raw syntax found' if leaks else 'no raw syntax'} → [{name}]({name})")
    (HERE / "packs" / "README.md").write_text("\n".join(summary) + "\n")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
