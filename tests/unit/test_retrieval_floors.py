"""Retrieval on real repositories' decision records, judged against a plain baseline in the same run.

Every corpus vendored under `tests/fixtures/corpora/<owner__repo>/` that has labelled questions in
`tests/fixtures/retrieval/questions/<owner__repo>.jsonl` is copied to a temporary workspace,
imported with a plain `run_import` (no folder settings) and asked its questions through
`Lore.search`; the same questions go to the plain hybrid of `bench/plain_hybrid.py` (heading
sections, BM25 + MiniLM cosine, reciprocal rank fusion, nothing else) over the same files. Both
are scored by nDCG@10 (`bench/retrieval_score.py`).

What is asserted (no weight is pinned: any ranking that keeps these passes):
- Against the baseline: over every question, and over the questions whose relevant files Lore
  imported (so ranking is judged apart from discovery), Lore's nDCG@10 is not below the
  baseline's by more than OVERALL_SLACK (two questions' worth: another CPU's float rounding can
  swap near-ties); on each repository not below it by more than REPO_SLACK.
- Absolute: nDCG@10 over all questions of each repository at least FLOOR, over every question
  at least OVERALL_FLOOR, and stale@5 (a superseded answer above the current one) at most
  STALE_CEILING.
Measured on the vendored set (6 repositories, 207 questions): all questions 0.814 against the
baseline's 0.803; imported-only 0.830 against 0.811 (196 questions); worst repository -0.019
against its baseline on imported questions; lowest repository 0.701; stale@5 0.18 (3 of 17; baseline
0.53; 0.29 before later records that reverse, graduate or replace part of a record were read).
With nats-io/nats-architecture-and-design added (7 repositories, 234 questions): all questions 0.830
against 0.801; nats 0.774 against 0.781; lowest repository adr/madr 0.696 (0.715).
One question moves the overall figure by ~0.5 point, a repository's by 3-7 points and stale@5 by
6 points: REPO_SLACK is about one question, and the floors sit a few questions below what was
measured (stale@5 one question above): room for noise, not for a regression.
(Importing the project's documentation pages took the all-question figure from 0.767 to 0.826
and narrowed the imported-only lead, which had been +0.042 over the decision records alone:
pages now compete with the records they sit beside.)
"""

from __future__ import annotations

import json
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from lore.recall import Query
from lore.api import Lore
from lore.ingest import run_import

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPORA = REPO_ROOT / "tests" / "fixtures" / "corpora"
QUESTIONS = REPO_ROOT / "tests" / "fixtures" / "retrieval" / "questions"
sys.path.insert(0, str(REPO_ROOT / "bench"))

from embedding_cache import baseline_embedder, lore_embedder, open_cache  # noqa: E402
from plain_hybrid import PlainHybrid  # noqa: E402
from retrieval_score import aggregate, score_question  # noqa: E402

REPO_SLACK = 0.05
OVERALL_SLACK = 0.01
FLOOR = 0.60
OVERALL_FLOOR = 0.79
STALE_CEILING = 0.18  # measured 2 of 17 (0.12) once an amending record heads the questions it answers better

pytestmark = pytest.mark.model


def labelled_corpora() -> list[str]:
    """Repositories that have both a vendored corpus and questions."""
    if not QUESTIONS.is_dir():
        return []
    return sorted(p.stem for p in QUESTIONS.glob("*.jsonl") if (CORPORA / p.stem).is_dir())


def load_questions(repo: str) -> list[dict]:
    """The labelled questions of one repository."""
    lines = (QUESTIONS / f"{repo}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="module")
def embedders(model_dir: Path, embedding_store):
    """Lore's embedder and the baseline's, both the real offline model, each text's vector computed
    once (tests/embedding_cache.py). The baseline's reads and writes the kept vectors through a
    connection of its own: it runs on another thread (see `results`)."""
    return lore_embedder(model_dir, embedding_store).load(), baseline_embedder(model_dir, open_cache())


def baseline_rows(repo: str, questions: list[dict], embedder) -> list:
    """The plain baseline's per-question metrics on one corpus."""
    base = PlainHybrid(CORPORA / repo, embedder)
    return [score_question(q, base.search(q["query"], 20)) for q in questions]


@pytest.fixture(scope="module")
def results(embedders, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list, list, list[int]]]:
    """Repository -> (Lore's per-question metrics, the baseline's, indexes of the questions whose
    relevant files Lore imported) for every labelled corpus.

    The baseline is computed on a thread beside Lore's imports: on a fresh machine both embed
    thousands of sections, and the model runs outside the GIL, so this file (the longest there)
    can use a second core when one is free instead of holding the run up on one."""
    lore_embedder, base_embedder = embedders
    out = {}
    with ThreadPoolExecutor(max_workers=1) as pool:
        base = {repo: pool.submit(baseline_rows, repo, load_questions(repo), base_embedder)
                for repo in labelled_corpora()}
        for repo in base:
            questions = load_questions(repo)
            root = tmp_path_factory.mktemp("corpus") / repo
            shutil.copytree(CORPORA / repo, root)
            lore = Lore(root, user_db=root.parent / "user.db", embedder=lore_embedder)
            try:
                run_import(lore)
                imported = {m.provenance.path for m in lore.list(limit=1_000_000) if m.provenance.path}
                lore_rows = [score_question(q, [h.memory.provenance.path or ""
                                                for h in lore.search(Query(q["query"], limit=20))])
                             for q in questions]
            finally:
                lore.close()
            whole = [i for i, q in enumerate(questions) if set(q["relevant"]) <= imported]
            out[repo] = (lore_rows, base[repo].result(), whole)
    if not out:
        pytest.skip("no vendored corpus with labelled questions under tests/fixtures")
    return out


def test_ranking_is_not_below_the_plain_baseline(results) -> None:
    """Over every question, and over those whose answers were imported, Lore is not below the baseline."""
    every = [(a, b) for lore_rows, base_rows, _ in results.values() for a, b in zip(lore_rows, base_rows)]
    imported = [(lore_rows[i], base_rows[i]) for lore_rows, base_rows, whole in results.values() for i in whole]
    for name, pairs in (("every question", every), ("questions whose answers were imported", imported)):
        a = aggregate([x for x, _ in pairs])["nDCG@10"]
        b = aggregate([y for _, y in pairs])["nDCG@10"]
        assert a >= b - OVERALL_SLACK, f"{name}: Lore nDCG@10 {a:.3f}, plain baseline {b:.3f} over {len(pairs)} questions"


@pytest.mark.parametrize("repo", labelled_corpora() or ["(none)"])
def test_ranking_holds_against_the_baseline_on_each_repository(results, repo: str) -> None:
    """On each repository's questions whose answers were imported, Lore is not below the baseline by more than REPO_SLACK."""
    if repo not in results:
        pytest.skip("no labelled corpora")
    lore_rows, base_rows, whole = results[repo]
    if not whole:
        pytest.fail(f"{repo}: no question's relevant files were imported")
    a = aggregate([lore_rows[i] for i in whole])["nDCG@10"]
    b = aggregate([base_rows[i] for i in whole])["nDCG@10"]
    assert a >= b - REPO_SLACK, f"{repo}: Lore nDCG@10 {a:.3f}, plain baseline {b:.3f} ({len(whole)} questions)"


@pytest.mark.parametrize("repo", labelled_corpora() or ["(none)"])
def test_each_repository_above_the_floor(results, repo: str) -> None:
    """nDCG@10 of `lore search` over all of a repository's questions is at least FLOOR."""
    if repo not in results:
        pytest.skip("no labelled corpora")
    ours = aggregate(results[repo][0])["nDCG@10"]
    assert ours >= FLOOR, f"{repo}: Lore nDCG@10 {ours:.3f} is below the floor {FLOOR}"


def test_overall_ndcg_and_stale_answers(results) -> None:
    """Over every question: nDCG@10 at least OVERALL_FLOOR, stale@5 at most STALE_CEILING."""
    ours = aggregate([r for rows, _, _ in results.values() for r in rows])
    assert ours["nDCG@10"] >= OVERALL_FLOOR, f"Lore nDCG@10 {ours['nDCG@10']:.3f} over {ours['n']} questions"
    if ours["stale@5"] is not None:
        assert ours["stale@5"] <= STALE_CEILING, f"stale@5 {ours['stale@5']:.3f}"
