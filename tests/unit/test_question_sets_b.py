"""Labelled retrieval questions over vendored repositories: every label points at a vendored file.

Each question file `tests/fixtures/retrieval/questions/<owner__repo>.jsonl` holds one object a
line in the dev-set format (`id`, `repo`, `query`, `relevant`, `kind`, `stale` for superseded
questions, optional `note`); its paths are relative to `tests/fixtures/corpora/<owner__repo>/`,
which also carries a `SOURCE.md` naming the repository, the commit and the licence.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
QUESTIONS = FIXTURES / "retrieval" / "questions"
CORPORA = FIXTURES / "corpora"
REPOS = ("thomvaill__log4brains", "adr__madr", "jaegertracing__jaeger")
KINDS = {"paraphrase", "code", "keyword", "superseded"}
KEYS = {"id", "repo", "query", "relevant", "kind", "stale", "note"}
MIN_QUESTIONS = 26


def load(repo: str) -> list[dict]:
    """The question objects of one repository's file, each line parsed on its own."""
    lines = (QUESTIONS / f"{repo}.jsonl").read_text(encoding="utf-8").splitlines()
    out = []
    for n, line in enumerate(lines, 1):
        assert line.strip(), f"{repo}.jsonl line {n} is blank"
        out.append(json.loads(line))
    return out


def _is_plain_relative(path: str) -> bool:
    return bool(path) and not path.startswith("/") and ".." not in Path(path).parts and "\\" not in path


@pytest.mark.parametrize("repo", REPOS)
def test_questions_are_well_formed(repo):
    questions = load(repo)
    assert len(questions) >= MIN_QUESTIONS
    short = repo.split("__", 1)[1].split("-")[0]
    for q in questions:
        assert set(q) <= KEYS, q["id"]
        assert {"id", "repo", "query", "relevant", "kind"} <= set(q), q
        assert re.fullmatch(rf"{re.escape(short)}-\d{{2,3}}", q["id"]), q["id"]
        assert q["repo"] == repo, q["id"]
        assert q["kind"] in KINDS, q["id"]
        assert isinstance(q["query"], str) and q["query"].strip(), q["id"]
        assert q["relevant"] and len(set(q["relevant"])) == len(q["relevant"]), q["id"]
        if q["kind"] == "superseded":
            assert q.get("stale") and q.get("note"), f"{q['id']}: a superseded question names its stale files and says why"
            assert not set(q["stale"]) & set(q["relevant"]), q["id"]
        else:
            assert "stale" not in q, q["id"]


@pytest.mark.parametrize("repo", REPOS)
def test_every_label_is_a_vendored_file(repo):
    root = CORPORA / repo
    for q in load(repo):
        for path in q["relevant"] + q.get("stale", []):
            assert _is_plain_relative(path), f"{q['id']}: {path!r}"
            assert (root / path).is_file(), f"{q['id']}: {path} is not in {root}"


@pytest.mark.parametrize("repo", REPOS)
def test_kinds_are_mixed(repo):
    kinds = Counter(q["kind"] for q in load(repo))
    total = sum(kinds.values())
    assert kinds["paraphrase"] >= 0.3 * total and kinds["code"] >= 0.25 * total, kinds
    assert kinds["keyword"] >= 2, kinds


def test_ids_and_queries_are_unique_across_sets():
    questions = [q for repo in REPOS for q in load(repo)]
    ids = Counter(q["id"] for q in questions)
    assert [i for i, n in ids.items() if n > 1] == []
    queries = Counter((q["repo"], q["query"]) for q in questions)
    assert [k for k, n in queries.items() if n > 1] == []


@pytest.mark.parametrize("repo", REPOS)
def test_corpus_names_its_source(repo):
    root = CORPORA / repo
    source = (root / "SOURCE.md").read_text(encoding="utf-8")
    owner, name = repo.split("__", 1)
    assert f"https://github.com/{owner}/{name}" in source
    assert re.search(r"\b[0-9a-f]{40}\b", source), "SOURCE.md names the exact commit"
    assert re.search(r"(?i)licen[cs]e", source)
    assert any(p.name.upper().startswith("LICENSE") for p in root.iterdir()), "the licence text sits alongside"
    size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
    assert size < 2_500_000, f"{repo} corpus is {size} bytes"
