"""PageRank over the module import graph: a module many central modules import is central itself."""

from __future__ import annotations

DAMPING = 0.85
ITERATIONS = 40


def pagerank(nodes: list[str], edges: dict[tuple[str, str], int], weights: dict[str, float] | None = None) -> dict[str, float]:
    """Rank of each node; `edges[(a, b)]` counts imports of b by a; `weights` biases the random jump."""
    if not nodes:
        return {}
    base = weights or {n: 1.0 for n in nodes}
    total = sum(base.values()) or 1.0
    jump = {n: base.get(n, 0.0) / total for n in nodes}
    out: dict[str, list[tuple[str, float]]] = {n: [] for n in nodes}
    for (a, b), w in edges.items():
        if a != b and a in out and b in jump:
            out[a].append((b, float(w)))
    sums = {n: sum(w for _, w in out[n]) for n in nodes}
    rank = dict(jump)
    for _ in range(ITERATIONS):
        dangling = sum(rank[n] for n in nodes if not sums[n])
        nxt = {n: (1 - DAMPING) * jump[n] + DAMPING * dangling * jump[n] for n in nodes}
        for a in nodes:
            if sums[a]:
                share = DAMPING * rank[a] / sums[a]
                for b, w in out[a]:
                    nxt[b] += share * w
        rank = nxt
    return rank
