"""Rendering what governs a place: the counts shown on a code lens. The policy of what governs a
place lives in `lore.recall.governing` (shared with context packs and path searches)."""

from __future__ import annotations

from lore.recall.governing import LensItem


def count_label(items: list[LensItem]) -> str:
    """"2 decisions · 1 convention" for the memories of a lens."""
    counts: dict[str, int] = {}
    for m in items:
        counts[m.kind] = counts.get(m.kind, 0) + 1
    return " · ".join(f"{n} {kind}{'' if n == 1 else 's'}" for kind, n in counts.items())
