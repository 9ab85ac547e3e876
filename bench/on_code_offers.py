"""What the "Anchor “…” to <symbol>" code actions offer, on workspaces kept by `on_code_bench.py --keep
DIR`: for each labelled file, the records the server would offer (`lore.recall.semantic.meaning_near`
over the file's symbols, then `lore.recall.suggest.suggestions`, the functions the server runs) at the
file (outside symbols; a file without symbols, such as configuration, by its words alone) and at each
top-level symbol, judged against the labels.

Printed per repository: governed files where a governing decision is offered at the file, or at one
of its top-level symbols; with `--dump DIR` (from `on_code_bench.py --dump`), the same on the governed
files where nothing governing was shown, the ones a person would anchor by hand; and the share of all
offers that govern their place (a menu's noise costs a glance, not a wrong hover), and of the offers of records
committed with the file (the commit adding the record changed it, `lore.sources.added`) those that do.

Usage: python bench/on_code_offers.py --keep DIR [--dump DIR] [--labels DIR] [--only NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from on_code_bench import DEFAULT_LABELS, top_level  # noqa: E402


def missed_files(dump: dict, label: dict) -> set[str]:
    """Governed files where no governing decision was shown (lens or hover), by `on_code_bench --dump`."""
    sources = dump.get("sources", {})
    out = set()
    for g in label["governed"]:
        visit = dump.get("visits", {}).get(g["file"])
        shown = {str(sources.get(i, i)) for _, ids in (visit["lens"] + visit["hover"]) for i in ids} if visit else set()
        if not any(_same(s, d) for s in shown for d in g["decisions"]):
            out.add(g["file"])
    return out


def _same(source: str, decision: str) -> bool:
    return bool(source) and (source == decision or source.endswith("/" + decision) or decision.endswith("/" + source))


def offers(root: Path, label: dict) -> dict[str, dict]:
    """File -> {"file": [source paths offered at the file], "symbols": [those offered at a top-level symbol]}."""
    from lore.anchors.languages import has_grammar, language_for_path
    from lore.anchors.symbols import extract_symbols
    from lore.api import Lore
    from lore.recall.semantic import meaning_near
    from lore.recall.suggest import suggestions

    out: dict[str, dict] = {}
    files = [g["file"] for g in label["governed"]] + [u["file"] for u in label["ungoverned"]]
    with Lore(root) as lore:
        for rel in files:
            if not (root / rel).is_file():
                continue
            language = language_for_path(rel)
            text = (root / rel).read_text(errors="replace")
            symbols = extract_symbols(text, language, rel) if language and has_grammar(language) else []
            found = meaning_near(lore, rel, language, symbols) if symbols else None
            near = found.near if found is not None else {}
            names = list(near) or [s.qualified_name for s in symbols]
            tops = {s.qualified_name for s in top_level(text, language, rel) if hasattr(s, "qualified_name")} if symbols else set()
            at_file = suggestions(lore, rel, language, near, None, names)
            at_symbols = [s for name in names if name in tops
                          for s in suggestions(lore, rel, language, near, name, names)]
            out[rel] = {"file": [s.memory.provenance.path or "" for s in at_file],
                        "symbols": [s.memory.provenance.path or "" for s in at_symbols],
                        "committed": [s.memory.provenance.path or "" for s in at_file if s.why == "committed"]}
    return out


def report(name: str, label: dict, found: dict[str, dict], missed: set[str] | None) -> tuple[int, ...]:
    governed = {g["file"]: g["decisions"] for g in label["governed"]}
    hit_file = [f for f, d in governed.items() if f in found and any(_same(s, x) for s in found[f]["file"] for x in d)]
    hit_any = [f for f, d in governed.items() if f in found
               and any(_same(s, x) for s in found[f]["file"] + found[f]["symbols"] for x in d)]
    every = [(f, s) for f, o in found.items() for s in set(o["file"] + o["symbols"])]
    good = sum(1 for f, s in every if any(_same(s, x) for x in governed.get(f, [])))
    print(f"\n{name}")
    print(f"  governed files, a governing decision offered at the file      {len(hit_file):3d} / {len(governed)}")
    print(f"  governed files, offered at the file or a top-level symbol     {len(hit_any):3d} / {len(governed)}")
    m_file = m_any = 0
    if missed is not None:
        m_file = sum(1 for f in hit_file if f in missed)
        m_any = sum(1 for f in hit_any if f in missed)
        print(f"  of the {len(missed)} governed files where nothing governing was shown: "
              f"offered at the file {m_file}, at the file or a symbol {m_any}")
    print(f"  offers that govern their file                                 {good:3d} / {len(every)}")
    by_commit = [(f, s) for f, o in found.items() for s in set(o.get("committed", []))]
    c_good = sum(1 for f, s in by_commit if any(_same(s, x) for x in governed.get(f, [])))
    print(f"  of them offered as committed with the file                    {c_good:3d} / {len(by_commit)}")
    return len(hit_file), len(hit_any), len(governed), m_file, m_any, len(missed or ()), good, len(every), c_good, \
        len(by_commit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", required=True)
    parser.add_argument("--dump")
    parser.add_argument("--labels")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    labels = Path(args.labels) if args.labels else next(d for d in DEFAULT_LABELS if d.is_dir())
    totals = [0] * 10
    for path in sorted(labels.glob("*.json")):
        if args.only not in path.stem:
            continue
        label = json.loads(path.read_text())
        root = Path(args.keep) / path.stem
        if not (root / ".lore" / "lore.db").exists():
            continue
        dump = Path(args.dump) / path.name if args.dump else None
        missed = missed_files(json.loads(dump.read_text()), label) if dump and dump.is_file() else None
        row = report(path.stem, label, offers(root, label), missed)
        totals = [a + b for a, b in zip(totals, row)]
    f, a, n, mf, ma, m, good, every, c_good, by_commit = totals
    print(f"\nall repositories: governing decision offered at the file on {f}/{n} governed files, at the file "
          f"or a top-level symbol on {a}/{n}; on the {m} where nothing governing was shown: {mf} and {ma}; "
          f"offers that govern their file {good}/{every}, of those offered as committed with the file "
          f"{c_good}/{by_commit}")


if __name__ == "__main__":
    main()
