"""Retrieval metrics for labelled questions: the same definitions as the dev set's `score.py`.

A question is `{"id", "repo", "query", "relevant": [paths], "kind", "stale"?: [paths]}`; a
ranking is a list of file paths, best first (repeats collapse to their first occurrence).
Binary relevance, averaged over questions:

- R@k: relevant files in the top k over all relevant files; Hit@1: a relevant file first.
- MRR@10: 1 / rank of the first relevant file within the top 10, else 0.
- nDCG@10: sum of 1/log2(rank+1) over relevant files in the top 10, over the ideal for
  min(|relevant|, 10) files.
- stale@5 (questions with a `stale` list): the question counts when a stale file sits in the
  top 5 above every relevant file (also when no relevant file is in the top 5). Lower is better.
"""

from __future__ import annotations

import math
from collections import OrderedDict

METRICS = ("R@1", "Hit@1", "R@5", "MRR@10", "nDCG@10")
KINDS = ("paraphrase", "code", "keyword", "superseded")


def norm(path: str) -> str:
    """A path without surrounding blanks or a leading './'."""
    path = path.strip()
    while path.startswith("./"):
        path = path[2:]
    return path


def dedupe(ranked: list[str]) -> list[str]:
    """Paths in first-seen order, each once."""
    seen: set[str] = set()
    out = []
    for p in map(norm, ranked):
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


def score_question(q: dict, ranked: list[str]) -> dict[str, float]:
    """The metrics of one question for one ranking of files."""
    ranked = dedupe(ranked)
    rel = {norm(p) for p in q["relevant"]}
    stale = {norm(p) for p in q.get("stale", [])}
    m = {f"R@{k}": len(rel & set(ranked[:k])) / len(rel) for k in (1, 5)}
    m["Hit@1"] = 1.0 if ranked[:1] and ranked[0] in rel else 0.0
    m["MRR@10"] = next((1.0 / (i + 1) for i, p in enumerate(ranked[:10]) if p in rel), 0.0)
    dcg = sum(1.0 / math.log2(i + 2) for i, p in enumerate(ranked[:10]) if p in rel)
    m["nDCG@10"] = dcg / sum(1.0 / math.log2(i + 2) for i in range(min(len(rel), 10)))
    if stale:
        top5 = ranked[:5]
        cur = next((i for i, p in enumerate(top5) if p in rel), None)
        old = next((i for i, p in enumerate(top5) if p in stale), None)
        m["stale@5"] = 1.0 if old is not None and (cur is None or old < cur) else 0.0
    return m


def aggregate(rows: list[dict[str, float]]) -> dict:
    """Means of each metric over questions; stale@5 over the questions that have it."""
    out: dict = {"n": len(rows)}
    for k in METRICS:
        out[k] = sum(r[k] for r in rows) / len(rows) if rows else float("nan")
    st = [r["stale@5"] for r in rows if "stale@5" in r]
    out["stale@5"] = sum(st) / len(st) if st else None
    out["n_stale"] = len(st)
    return out


def groups(questions: list[dict], per: dict[str, dict]) -> OrderedDict:
    """'overall', 'kind=K' and 'repo=R' aggregates of per-question metrics."""
    out: OrderedDict = OrderedDict(overall=aggregate([per[q["id"]] for q in questions]))
    for kind in KINDS:
        sel = [per[q["id"]] for q in questions if q["kind"] == kind]
        if sel:
            out[f"kind={kind}"] = aggregate(sel)
    for repo in dict.fromkeys(q["repo"] for q in questions):
        out[f"repo={repo}"] = aggregate([per[q["id"]] for q in questions if q["repo"] == repo])
    return out
