"""Labelled retrieval questions (tests/fixtures/retrieval/questions/*.jsonl) against the vendored
corpora (tests/fixtures/corpora/<repo>/): well-formed lines, unique ids, labels that exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
QUESTIONS = FIXTURES / "retrieval" / "questions"
CORPORA = FIXTURES / "corpora"
KINDS = {"paraphrase", "code", "keyword", "superseded"}
KEYS = {"id", "repo", "query", "relevant", "kind", "stale", "note"}
SETS = sorted(QUESTIONS.glob("*.jsonl"))
MIN_QUESTIONS = 26
MAX_CORPUS_BYTES = 2_500_000


def load(path: Path) -> list[dict]:
    """Every line of PATH parsed as one JSON object (a line that is not fails with its number)."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as err:
            pytest.fail(f"{path.name}:{number}: not JSON: {err}")
    return rows


def test_there_are_question_sets():
    assert SETS, f"no *.jsonl under {QUESTIONS}"


def test_ids_are_unique_across_every_set():
    ids = [row["id"] for path in SETS for row in load(path)]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_each_question_is_well_formed(path: Path):
    rows = load(path)
    assert rows, f"{path.name} is empty"
    for row in rows:
        where = f"{path.name} {row.get('id')}"
        assert set(row) <= KEYS, f"{where}: unknown keys {set(row) - KEYS}"
        assert {"id", "repo", "query", "relevant", "kind"} <= set(row), where
        assert row["repo"] == path.stem, f"{where}: repo {row['repo']!r} but file {path.stem!r}"
        assert row["kind"] in KINDS, f"{where}: kind {row['kind']!r}"
        assert isinstance(row["query"], str) and row["query"].strip(), where
        assert isinstance(row["relevant"], list) and row["relevant"], f"{where}: no relevant files"
        assert len(row["relevant"]) == len(set(row["relevant"])), f"{where}: repeated relevant path"
        if row["kind"] == "superseded":
            assert row.get("stale"), f"{where}: a superseded question names its stale files"
            assert row.get("note"), f"{where}: a superseded question says where its label came from"
        else:
            assert "stale" not in row, f"{where}: stale only on superseded questions"
        assert not set(row.get("stale", [])) & set(row["relevant"]), f"{where}: a path both relevant and stale"


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_labels_name_files_of_the_vendored_corpus(path: Path):
    corpus = CORPORA / path.stem
    assert corpus.is_dir(), f"no corpus folder {corpus}"
    assert (corpus / "SOURCE.md").is_file(), f"{corpus} has no SOURCE.md (repository, commit, licence)"
    for row in load(path):
        for label in row["relevant"] + row.get("stale", []):
            assert not Path(label).is_absolute() and ".." not in Path(label).parts, f"{row['id']}: {label}"
            assert (corpus / label).is_file(), f"{row['id']}: {label} not in {corpus.name}"


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_each_set_is_big_enough_and_its_corpus_names_its_source(path: Path):
    assert len(load(path)) >= MIN_QUESTIONS, f"{path.name}: fewer than {MIN_QUESTIONS} questions"
    corpus = CORPORA / path.stem
    source = (corpus / "SOURCE.md").read_text(encoding="utf-8")
    owner, name = path.stem.split("__", 1)
    assert f"github.com/{owner}/{name}" in source, "SOURCE.md names the repository"
    assert re.search(r"\b[0-9a-f]{40}\b", source), "SOURCE.md names the exact commit"
    assert any(p.name.upper().startswith(("LICENSE", "LICENCE")) for p in corpus.iterdir()), \
        "the licence text sits alongside"
    size = sum(p.stat().st_size for p in corpus.rglob("*") if p.is_file())
    assert size < MAX_CORPUS_BYTES, f"{path.stem} corpus is {size} bytes"
