"""Rules Lore would propose from real decision records: every markdown record under the folders
given, its title, and each proposed rule with the sentence it came from. The output is what
`bench/checks/proposals-review.md` judges by hand (right or wrong, and why).

    .venv/bin/python bench/checks_proposals.py tests/fixtures/corpora/*/ > /tmp/proposals.txt
    .venv/bin/python bench/checks_proposals.py --all tests/fixtures/corpora/Unleash__unleash

`--all` lists the records that proposed nothing too (silence is an answer: a decision about
process or infrastructure has no rule to check in code).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))

from lore.checks.propose import propose_from_text  # noqa: E402

_FRONT = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.S)


def record(path: Path) -> tuple[str, str]:
    """(title, body) of a markdown decision record."""
    text = path.read_text(encoding="utf-8", errors="replace")
    title = None
    m = _FRONT.match(text)
    if m:
        t = re.search(r"^title:\s*[\"']?(.+?)[\"']?\s*$", m.group(1), re.M)
        title = t.group(1) if t else None
        text = text[m.end():]
    h = re.search(r"^#\s+(.+?)\s*$", text, re.M)
    if h and not title:
        title = h.group(1)
        text = text[h.end():]
    return title or path.stem, text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--all", action="store_true", help="list records with no proposal too")
    args = ap.parse_args()
    records = proposed = rules = 0
    for folder in args.folders:
        for path in sorted(folder.rglob("*.md")):
            if path.name.lower() in ("readme.md", "license.md", "index.md", "template.md"):
                continue
            title, body = record(path)
            found = propose_from_text(path.stem, title, body)
            records += 1
            if not found and not args.all:
                continue
            proposed += bool(found)
            rules += len(found)
            print(f"## {path.relative_to(folder.parent) if folder.parent != path else path}\n   title: {title}")
            for p in found:
                scope = f" paths={list(p.paths)}" if p.paths else ""
                langs = f" languages={list(p.languages)}" if p.languages else ""
                fix = f" fix={p.fix}" if p.fix else ""
                print(f"   - {p.kind}: {p.value}{scope}{langs}{fix}\n     from: {p.reason[:200]}")
    print(f"\n{records} records read, {proposed} with proposals, {rules} rules proposed")


if __name__ == "__main__":
    main()
