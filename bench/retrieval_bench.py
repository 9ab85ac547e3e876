"""Retrieval quality of `lore search` on labelled questions, beside a plain hybrid baseline in the same run.

For every repository that has questions, the corpus is copied to a temporary workspace and
imported with a plain `run_import` (no folder settings, as a new user meets it); each question is
asked through `Lore.search` (20 hits, default filters, real query embedding) and the hits are
mapped to their source files. The same corpus is searched by `plain_hybrid.PlainHybrid`
(heading sections, BM25 + MiniLM cosine, reciprocal rank fusion, nothing else). Both are scored
with `retrieval_score` (R@1, Hit@1, R@5, MRR@10, nDCG@10, stale@5) overall, per kind and per
repository, and search p50 is printed beside them.

Questions come from the dev set (`../shared/eval/queries-dev.jsonl` over `../shared/corpora/`,
when present) and every `tests/fixtures/retrieval/questions/*.jsonl` over
`tests/fixtures/corpora/`, and every `bench/retrieval/mirrored/*.jsonl` over the markdown of its
repository at the commit `MIRRORS.json` names, read from a bare mirror (`--mirror-root`; skipped, and
said, without one); `--questions FILE|DIR` and `--corpora DIR` add more (a question's `repo` is looked
up in each corpora folder in turn). Section vectors are cached by content hash
(`embed_cache.py`), so a rerun embeds only what changed.

Run: `LORE_TEST_MODEL_PATH=DIR .venv/bin/python bench/retrieval_bench.py [--repo NAME] [--misses]`
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from embed_cache import CachedEmbedder, EmbeddingCache  # noqa: E402
from plain_hybrid import ModelEmbedder, PlainHybrid  # noqa: E402
from retrieval_score import METRICS, groups, score_question  # noqa: E402

from lore.embedding import embedder as lore_embed  # noqa: E402
from lore.recall import Query  # noqa: E402
from lore.api import Lore  # noqa: E402
from lore.ingest import run_import  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SHARED = REPO.parent / "shared"
if not SHARED.exists():
    SHARED = Path("/work/shared")


def load_questions(sources: list[Path]) -> list[dict]:
    """Questions from .jsonl files and folders of them, in order; ids must be unique."""
    out, seen = [], set()
    for src in sources:
        for path in sorted(src.glob("*.jsonl")) if src.is_dir() else [src]:
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip():
                    continue
                q = json.loads(line)
                if q["id"] in seen:
                    raise SystemExit(f"{path}:{n}: repeated question id {q['id']}")
                seen.add(q["id"])
                out.append(q)
    return out


MIRRORED = HERE / "retrieval" / "mirrored"


def mirrored_corpus(repo: str, mirror_root: Path, into: Path) -> Path | None:
    """The markdown of a `MIRRORS.json` repository at its commit, from its bare mirror, under `into`; None
    when the repository is not listed or its mirror is absent."""
    entry = json.loads((MIRRORED / "MIRRORS.json").read_text()).get(repo)
    if entry is None:
        return None
    mirror = mirror_root / entry["slug"].replace("/", "+")
    git_dir = mirror / "repo" if (mirror / "repo" / "HEAD").exists() else mirror
    if not (git_dir / "HEAD").exists():
        return None
    root = into / repo
    root.mkdir(parents=True)
    archive = subprocess.run(["git", "--git-dir", str(git_dir), "archive", entry["commit"], "--", "*.md"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "x", "-C", str(root)], input=archive, check=True)
    return root


def find_corpus(repo: str, folders: list[Path]) -> Path | None:
    """The first corpora folder holding `repo`."""
    return next((f / repo for f in folders if (f / repo).is_dir()), None)


def lore_rankings(root: Path, questions: list[dict], embedder: CachedEmbedder, tmp: Path,
                  limit: int) -> tuple[dict[str, list[str]], list[float], dict]:
    """Import the corpus into a fresh workspace and ask every question; (rankings, ms per search, import)."""
    start = time.perf_counter()
    lore = Lore(root, user_db=tmp / f"user-{root.name}.db", embedder=embedder)
    summary = run_import(lore)
    info = {"seconds": time.perf_counter() - start, "memories": sum(lore.counts().values()),
            "embedded": summary.embedded,
            "paths": {m.provenance.path for m in lore.list(limit=1_000_000) if m.provenance.path}}
    lore.embedder = embedder.inner  # questions embed for real: their time is part of a search
    rankings, times = {}, []
    for q in questions:
        t0 = time.perf_counter()
        hits = lore.search(Query(q["query"], limit=limit))
        times.append((time.perf_counter() - t0) * 1000)
        rankings[q["id"]] = [h.memory.provenance.path or f"<{h.memory.id}>" for h in hits]
    lore.embedder = embedder
    lore.close()
    return rankings, times, info


def baseline_rankings(root: Path, questions: list[dict], embedder, limit: int) -> tuple[dict[str, list[str]], list[float]]:
    """The plain hybrid's rankings of the same questions on the same corpus."""
    index = PlainHybrid(root, embedder)
    index.embedder = embedder.inner  # questions embed for real, as Lore's do
    rankings, times = {}, []
    for q in questions:
        t0 = time.perf_counter()
        rankings[q["id"]] = index.search(q["query"], limit)
        times.append((time.perf_counter() - t0) * 1000)
    return rankings, times


def table(lore_groups: dict, base_groups: dict) -> str:
    """Markdown table: each group's metrics, Lore / baseline."""
    head = ["group", "n", *METRICS, "stale@5", "nDCG Δ"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, a in lore_groups.items():
        b = base_groups[name]
        cells = [name, str(a["n"])] + [f"{a[k]:.3f} / {b[k]:.3f}" for k in METRICS]
        cells.append("-" if a["stale@5"] is None else f"{a['stale@5']:.3f} / {b['stale@5']:.3f} (n={a['n_stale']})")
        cells.append(f"{a['nDCG@10'] - b['nDCG@10']:+.3f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def show_misses(questions: list[dict], lore_runs: dict, base_runs: dict, per_lore: dict, per_base: dict) -> None:
    """Questions where Lore's nDCG@10 falls below the baseline's, with both top fives."""
    for q in questions:
        a, b = per_lore[q["id"]]["nDCG@10"], per_base[q["id"]]["nDCG@10"]
        if a >= b and a >= 0.99:
            continue
        print(f"\n{q['id']} [{q['kind']}] lore {a:.2f} base {b:.2f}: {q['query'][:110]!r}")
        print(f"  relevant: {q['relevant']}" + (f"  stale: {q['stale']}" if q.get("stale") else ""))
        for name, runs in (("lore", lore_runs), ("base", base_runs)):
            top = list(dict.fromkeys(runs[q["id"]]))[:5]
            print(f"  {name}: " + " | ".join(("*" if p in q["relevant"] else "") + p.rsplit("/", 1)[-1] for p in top))


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--questions", action="append", type=Path, default=[], help="extra .jsonl file or folder")
    p.add_argument("--corpora", action="append", type=Path, default=[], help="extra folder of corpora")
    p.add_argument("--no-defaults", action="store_true", help="only the --questions / --corpora given")
    p.add_argument("--repo", action="append", default=[], help="only these repositories")
    p.add_argument("--model", default=os.environ.get("LORE_TEST_MODEL_PATH") or os.environ.get("LORE_MODEL_PATH"))
    p.add_argument("--no-cache", action="store_true", help="embed everything afresh")
    p.add_argument("--misses", action="store_true", help="print questions Lore answers worse than the baseline")
    p.add_argument("--json", type=Path, help="write per-question rankings and metrics here")
    p.add_argument("-n", type=int, default=20, help="hits per search")
    p.add_argument("--mirror-root", type=Path, default=Path("/work/.mirror"),
                   help="folder of <owner>+<name> bare mirrors for bench/retrieval/mirrored")
    return p.parse_args()


def main() -> int:
    """Run the benchmark and print the table."""
    args = parse_args()
    if not args.model:
        print("set LORE_TEST_MODEL_PATH to the offline model folder (scripts/fetch-test-model)", file=sys.stderr)
        return 2
    qsources, cfolders = list(args.questions), list(args.corpora)
    if not args.no_defaults:
        if (SHARED / "eval" / "queries-dev.jsonl").exists():
            qsources.insert(0, SHARED / "eval" / "queries-dev.jsonl")
            cfolders.append(SHARED / "corpora")
        if (REPO / "tests/fixtures/retrieval/questions").is_dir():
            qsources.append(REPO / "tests/fixtures/retrieval/questions")
        cfolders.append(REPO / "tests/fixtures/corpora")
        qsources.append(MIRRORED)
    questions = load_questions(qsources)
    unknown = sorted(set(args.repo) - {q["repo"] for q in questions})
    if unknown:
        known = ", ".join(sorted({q["repo"] for q in questions}))
        print(f"no questions for --repo {', '.join(unknown)}; the repositories are: {known}", file=sys.stderr)
        return 2
    questions = [q for q in questions if not args.repo or q["repo"] in args.repo]
    cache = None if args.no_cache else EmbeddingCache()
    model_name = Path(args.model).name
    lore_model = lore_embed.FastEmbedder(model_path=args.model).load()
    # Vectors of the quantised copy (lore.embedding.quantize) are kept apart from the model's as shipped.
    computed = "" if lore_model.computation == "as shipped" else f":{lore_model.computation}"
    lore_emb = CachedEmbedder(lore_model, cache, f"lore:{model_name}:{lore_embed.MAX_TOKENS}{computed}")
    base_emb = CachedEmbedder(ModelEmbedder(args.model), cache, f"base:{model_name}")
    lore_runs, base_runs, lore_ms, base_ms, kept, imported = {}, {}, [], [], [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for repo in dict.fromkeys(q["repo"] for q in questions):
            src = find_corpus(repo, cfolders) or mirrored_corpus(repo, args.mirror_root, Path(tmp) / "mirrored")
            qs = [q for q in questions if q["repo"] == repo]
            if src is None:
                print(f"skipped {repo}: no corpus folder and no mirror ({len(qs)} questions)", file=sys.stderr)
                continue
            root = Path(tmp) / repo
            shutil.copytree(src, root)
            runs, ms, info = lore_rankings(root, qs, lore_emb, Path(tmp), args.n)
            lore_runs.update(runs)
            lore_ms += ms
            runs, ms = baseline_rankings(src, qs, base_emb, args.n)
            base_runs.update(runs)
            base_ms += ms
            kept += qs
            imported |= {f"{repo}/{p}" for p in info["paths"]}
            print(f"{repo}: {len(qs)} questions, {info['memories']} memories imported in {info['seconds']:.1f} s "
                  f"({info['embedded']} sections embedded)", file=sys.stderr)
    if not kept:
        print("no repository could be read: nothing to score", file=sys.stderr)
        return 2
    per_lore = {q["id"]: score_question(q, lore_runs[q["id"]]) for q in kept}
    per_base = {q["id"]: score_question(q, base_runs[q["id"]]) for q in kept}
    if args.misses:
        show_misses(kept, lore_runs, base_runs, per_lore, per_base)
    print(f"\nLore / plain hybrid baseline, {len(kept)} questions "
          f"({lore_emb.misses + base_emb.misses} texts embedded, the rest cached)\n")
    print(table(groups(kept, per_lore), groups(kept, per_base)))
    print(f"\nsearch p50: Lore {statistics.median(lore_ms):.1f} ms (p90 {sorted(lore_ms)[int(0.9 * len(lore_ms))]:.1f}), "
          f"baseline {statistics.median(base_ms):.1f} ms, query embedding included")
    whole = [q for q in kept if all(f"{q['repo']}/{p}" in imported for p in q["relevant"])]
    print(f"\nOnly the {len(whole)} questions whose relevant files Lore imported (ranking apart from discovery):\n")
    print(table(groups(whole, per_lore), groups(whole, per_base)))
    if args.json:
        args.json.write_text(json.dumps({"lore": lore_runs, "baseline": base_runs, "per_lore": per_lore,
                                         "per_baseline": per_base,
                                         "imported": [q["id"] for q in whole]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
