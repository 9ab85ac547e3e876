"""Records a person may anchor to a place: the few records nearest in meaning to the symbol at the cursor
(or to the file's symbols), not anchored there yet.

Meaning alone is too weak to show a record on code unasked (the calibrated bar keeps most governing
records out, `lore.recall.calibration`), but it ranks a record that governs a place among that place's
nearest few often enough to offer it: a person reading the code knows whether the decision governs
it, and one choice anchors it for everyone (`lore.anchors.choices.change_anchors`, kept across
imports). The candidates are the nearest records the background pass already found for each symbol
(`lore.recall.semantic.Meaning.near`), so offering them embeds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lore.memory import Memory, Status

if TYPE_CHECKING:
    from lore.api import Lore

SUGGESTIONS = 3
OFFERED = (Status.ACTIVE, Status.PROPOSED)


@attrs.define
class Suggestion:
    """A record offered for anchoring at a place: `symbol` (a qualified name) or, when None, the file."""

    memory: Memory
    similarity: float
    symbol: str | None


def suggestions(lore: Lore, rel_path: str, language: str | None, near: dict[str, list[tuple[str, float]]],
                symbol: str | None, symbols: list[str]) -> list[Suggestion]:
    """At most `SUGGESTIONS` records to offer at `symbol` (its own nearest records) or, without one, at the
    file (the nearest records of any of its `symbols`, each by its best cosine), best first; active or
    proposed, and neither anchored at the file nor dismissed there already."""
    if symbol is not None:
        pairs = near.get(symbol, [])
    else:
        best: dict[str, float] = {}
        for name in symbols:
            for mid, sim in near.get(name, []):
                best[mid] = max(best.get(mid, -1.0), sim)
        pairs = sorted(best.items(), key=lambda p: -p[1])
    if not pairs:
        return []
    here = {m.id for m, _ in lore.memories_at(rel_path, list(symbols), language)}
    dismissed: set[str] = set()
    found: dict[str, Memory] = {}
    wanted = [mid for mid, _ in pairs if mid not in here]
    for store in lore.stores():
        dismissed |= set(store.dismissals([rel_path, *symbols]))
        found.update(store.memories.many(wanted))
    out: list[Suggestion] = []
    for mid, sim in pairs:
        m = found.get(mid)
        if m is None or mid in here or mid in dismissed or m.status not in OFFERED:
            continue
        out.append(Suggestion(m, sim, symbol))
        if len(out) == SUGGESTIONS:
            break
    return out
