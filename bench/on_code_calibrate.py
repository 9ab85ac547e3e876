"""How the meaning-only bar was set: on workspaces kept by `on_code_bench.py --keep DIR`, every
candidate a hover could show by meaning (each labelled file's top-level symbols against every memory,
as the server searches them) is judged against the labels, and the share of relevant candidates that
pass is printed for a range of bars: one global cosine beside the per-memory z-score
(`lore.recall.calibration`), before the per-file repetition limit.

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
ZS = (1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0)


def candidates(root: Path, label: dict) -> list[tuple[bool, float, float]]:
    """(relevant, cosine, z) of every meaning candidate on the labelled files' top-level symbols."""
    from lore.anchors.languages import has_grammar, language_for_path
    from lore.lsp.jobs import SEMANTIC_PER_SYMBOL
    from lore.recall import Query, search_store
    from lore.recall.calibration import memory_spreads, symbol_text, zscore
    from lore.service import Lore

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
            symbols = top_level((root / rel).read_text(errors="replace"), language, rel)
            if not symbols:
                continue
            vectors = emb.embed([symbol_text(s, rel) for s in symbols])
            for s, vector in zip(symbols, vectors):
                q = Query("", path=rel, symbol=s.qualified_name, language=language, limit=SEMANTIC_PER_SYMBOL)
                for store in lore.stores():
                    for hit in search_store(store, q, vector, emb.model_id)[:SEMANTIC_PER_SYMBOL]:
                        src = source.get(hit.memory.id, "")
                        if hit.similarity is None or (rel, src) in tolerated:
                            continue
                        z = zscore(hit.similarity, spreads.get(hit.memory.id))
                        out.append((src in governed.get(rel, set()), hit.similarity, -99.0 if z is None else z))
    return out


def report(name: str, pairs: list[tuple[bool, float, float]]) -> None:
    """Relevant and noise candidates passing each bar."""
    rel = sum(1 for r, _, _ in pairs if r)
    print(f"\n{name}: {len(pairs)} candidates, {rel} relevant")
    for label, values, index in (("cosine >=", COSINES, 1), ("z >=", ZS, 2)):
        cells = []
        for bar in values:
            ok = [p for p in pairs if p[index] >= bar]
            good = sum(1 for p in ok if p[0])
            cells.append(f"{bar:4.2f}: {good:3d}/{len(ok):<4d}")
        print(f"  {label:<10} " + "  ".join(cells) + "   (relevant / passing)")


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
