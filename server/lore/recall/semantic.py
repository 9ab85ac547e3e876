"""Memories close in meaning to a file's symbols: each symbol's text is embedded and compared with the
memories' vectors, and only matches past the workspace's calibrated bar are kept (what a hover shows
beside the anchored memories). Only records are candidates (`lore.recall.off_code.RECORD_SOURCES`): a
guide's section, a code comment or a map fact near a symbol in meaning is not its subject.

`meaning_near` keeps both answers of one pass: what passes the bar (shown) and every symbol's nearest
records before it (offered to a person to anchor, `lore.recall.suggest`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from lore.recall.calibration import MEANING_FLOOR, calibrate, memory_spreads, nearest_memories, reference_ids, symbol_text
from lore.recall.off_code import record_ids
from lore.recall.search import SEMANTIC_FLOOR

if TYPE_CHECKING:
    from lore.api import Lore

SEMANTIC_PER_SYMBOL = 5
SEMANTIC_MAX_SYMBOLS = 2000
SEMANTIC_SCAN = 40  # nearest memories read per symbol before keeping its records


@attrs.define
class Meaning:
    """One file's meaning matches: `shown` past the calibrated bar, `near` every symbol's nearest records
    (at most `SEMANTIC_PER_SYMBOL`, cosine >= `SEMANTIC_FLOOR`), both qualified name -> [(id, cosine)]."""

    shown: dict[str, list[tuple[str, float]]]
    near: dict[str, list[tuple[str, float]]]


def meaning_near(lore: Lore, rel_path: str, language: str | None, symbols: list) -> Meaning | None:
    """Each symbol's nearest records and those of them that pass the workspace's calibrated bar
    (`lore.recall.calibration`); None without a model."""
    emb = lore.ready_embedder()
    if emb is None:
        return None
    spreads = memory_spreads(lore)
    symbols = symbols[:SEMANTIC_MAX_SYMBOLS]
    vectors = emb.embed([symbol_text(s, rel_path) for s in symbols])
    near: dict[str, list[tuple[str, float]]] = {}
    symbol_spreads: dict[str, tuple[float, float] | None] = {}
    records, reference = record_ids(lore), reference_ids(lore)
    for symbol, vector in zip(symbols, vectors):
        best, spread = nearest_memories(lore, vector, emb.model_id, SEMANTIC_SCAN, among=reference)
        best = [(mid, sim) for mid, sim in best if sim >= SEMANTIC_FLOOR and mid in records][:SEMANTIC_PER_SYMBOL]
        if best:
            near[symbol.qualified_name] = best
            symbol_spreads[symbol.qualified_name] = spread
    hovers = Counter(s.qualified_name for s in symbols)
    shown = calibrate(near, spreads, symbol_spreads, floor=MEANING_FLOOR if spreads else 0.0, records=len(records),
                      hovers=hovers)
    return Meaning(shown, near)

