"""How the meaning-only bar was set: on workspaces kept by `on_code_bench.py --keep DIR`, every
candidate a hover could show by meaning (each labelled file's top-level symbols against their nearest
memories, as the server finds them) is judged against the labels, and the share of relevant
candidates that pass is printed for a range of bars: one global cosine beside the per-memory and
per-symbol z-scores (`lore.recall.calibration`), before the per-file repetition limit.

Usage: python bench/on_code_calibrate.py --keep DIR [--labels DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from on_code_bench import DEFAULT_LABELS, top_level  # noqa: E402

COSINES = (0.45, 0.50, 0.55, 0.60, 0.65, 0.70)


def candidates(root: Path, label: dict) -> list[tuple[bool, float, float, float]]:
    """(relevant, cosine, memory z, symbol z) of every meaning candidate on the labelled files'
    top-level symbols: each symbol's five nearest records (`lore.recall.off_code.RECORD_SOURCES`, as the
    server keeps them) at cosine >= 0.25, tolerated pairs left out."""
    from lore.anchors.languages import has_grammar, language_for_path
    from lore.anchors.symbols import extract_symbols
    from lore.recall.calibration import memory_spreads, nearest_memories, symbol_text, zscore
    from lore.recall.off_code import record_ids
    from lore.api import Lore

    governed = {g["file"]: set(g["decisions"]) for g in label["governed"]}
    tolerated = {(x["file"], x["decision"]) for x in label.get("loosely_related", []) if x["verdict"] == "tolerated"}
    out = []
    with Lore(root) as lore:
        emb = lore.ready_embedder()
        spreads = memory_spreads(lore)
        source = {m.id: m.provenance.path or "" for m in lore.list(limit=100000)}
        files = [g["file"] for g in label["governed"]] + [u["file"] for u in label["ungoverned"]]
        for rel in files:
            language = language_for_path(rel)
            if not language or not has_grammar(language) or not (root / rel).is_file():
                continue
            text = (root / rel).read_text(errors="replace")
            places = top_level(text, language, rel)
            if places and not hasattr(places[0], "docstring"):  # Ruby's hover places: their declarations
                wanted = {p.name.rsplit("::", 1)[-1] for p in places}
                places = [s for s in extract_symbols(text, language, rel) if s.name in wanted]
            symbols = places
            if not symbols:
                continue
            for s, vector in zip(symbols, emb.embed([symbol_text(s, rel) for s in symbols])):
                best, spread = nearest_memories(lore, vector, emb.model_id, 40)
                records = record_ids(lore)
                for mid, sim in [(mid, sim) for mid, sim in best if mid in records][:5]:
                    src = source.get(mid, "")
                    if sim < 0.25 or (rel, src) in tolerated:
                        continue
                    out.append((src in governed.get(rel, set()), sim, zscore(sim, spreads.get(mid)) or -99.0,
                                zscore(sim, spread) or -99.0))
    return out


BARS = [(f"cosine >= {c:.2f}", lambda p, c=c: p[1] >= c) for c in COSINES]
BARS += [(f"memory z >= {z}", lambda p, z=z: p[2] >= z) for z in (2.0, 3.0, 4.0)]
BARS += [(f"symbol z >= {z}", lambda p, z=z: p[3] >= z) for z in (3.0, 4.0, 5.0)]
BARS += [(f"memory z >= {a} and symbol z >= {b}", lambda p, a=a, b=b: p[2] >= a and p[3] >= b)
         for a, b in ((2.0, 3.0), (3.0, 3.0), (3.0, 4.0), (4.0, 4.0))]
# With the absolute floor (`MEANING_FLOOR`): the bar in use (3, 4, 0.60) and the ones around it.
BARS += [(f"z >= {a} / {b} and cosine >= {c:.2f}", lambda p, a=a, b=b, c=c: p[2] >= a and p[3] >= b and p[1] >= c)
         for a, b, c in ((3.0, 4.0, 0.60), (3.0, 4.0, 0.55), (3.0, 3.0, 0.60), (2.0, 3.0, 0.60), (2.0, 3.0, 0.55))]


def report(name: str, pairs: list) -> None:
    """Relevant and all candidates passing each bar."""
    rel = sum(1 for p in pairs if p[0])
    print(f"\n{name}: {len(pairs)} candidates, {rel} relevant")
    for label, passes in BARS:
        ok = [p for p in pairs if passes(p)]
        good = sum(1 for p in ok if p[0])
        print(f"  {label:<36} {good:4d} / {len(ok):<5d} {100 * good / len(ok) if ok else 0:5.1f}% relevant")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", required=True)
    parser.add_argument("--labels")
    args = parser.parse_args()
    labels = Path(args.labels) if args.labels else next(d for d in DEFAULT_LABELS if d.is_dir())
    every: list = []
    for path in sorted(labels.glob("*.json")):
        label = json.loads(path.read_text())
        root = Path(args.keep) / path.stem
        if not (root / ".lore" / "lore.db").exists():
            continue
        pairs = candidates(root, label)
        every += pairs
        report(path.stem, pairs)
    report("all repositories", every)


if __name__ == "__main__":
    main()
