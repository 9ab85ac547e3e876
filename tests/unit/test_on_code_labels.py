"""Shape of the labelled files -> decisions sets in bench/on_code/labels (the repositories themselves are not needed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LABELS = Path(__file__).resolve().parents[2] / "bench" / "on_code" / "labels"
FILES = sorted(LABELS.glob("*.json"))
TOP_KEYS = {"repository", "commit", "language", "licence", "decision_paths", "sampling", "governed", "ungoverned"}


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_at_least_four_repositories_in_three_languages():
    labels = [_load(p) for p in FILES]
    assert len(labels) >= 4
    assert len({x["language"] for x in labels}) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_label_file_shape(path: Path):
    label = _load(path)
    assert TOP_KEYS <= set(label), TOP_KEYS - set(label)
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", label["repository"])
    assert path.stem == "__".join(label["repository"].split("/")[-2:])
    assert re.fullmatch(r"[0-9a-f]{40}", label["commit"])
    assert label["licence"].strip()
    decisions = label["decision_paths"]
    assert decisions and len(decisions) == len(set(decisions))
    # a record's file, or an entry of a decision log by its file and heading line (`DECISIONS.md:29`)
    # (a record without an extension, as adr-tools' users sometimes leave one: `doc/adr/0016-handle-concurrent-git-operations`)
    assert all((re.sub(r":\d+$", "", d).endswith((".md", ".rst", ".adoc")) or "." not in d.rsplit("/", 1)[-1])
               and not d.startswith("/") for d in decisions)
    assert set(label.get("decision_status", {})) <= set(decisions)
    s = label["sampling"]
    assert isinstance(s["seed"], int) and s["n"] >= 12 and s["extensions"] and isinstance(s["exclude"], list)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_governed_entries(path: Path):
    label = _load(path)
    known = set(label["decision_paths"])
    governed = label["governed"]
    assert len(governed) >= 8
    files = [g["file"] for g in governed]
    assert len(files) == len(set(files)), "a file is labelled twice"
    for g in governed:
        assert set(g) <= {"file", "decisions", "symbols", "why"}, g["file"]
        assert g["file"] not in known and not g["file"].startswith("/")
        assert g["decisions"] and len(g["decisions"]) == len(set(g["decisions"])), g["file"]
        assert set(g["decisions"]) <= known, set(g["decisions"]) - known
        assert len(g["why"].split()) >= 5, g["file"]
        for symbol, ds in g.get("symbols", {}).items():
            assert symbol.strip() and ds, (g["file"], symbol)
            assert set(ds) <= set(g["decisions"]), (g["file"], symbol)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_ungoverned_and_loosely_related(path: Path):
    label = _load(path)
    known = set(label["decision_paths"])
    governed = {g["file"]: set(g["decisions"]) for g in label["governed"]}
    ungoverned = [u["file"] for u in label["ungoverned"]]
    assert len(ungoverned) >= 12
    assert len(ungoverned) == len(set(ungoverned)), "an ungoverned file is listed twice"
    assert not set(ungoverned) & set(governed), set(ungoverned) & set(governed)
    assert all(u["note"].strip() and set(u) == {"file", "note"} for u in label["ungoverned"])
    exts = tuple(label["sampling"]["extensions"])
    assert all(f.endswith(exts) for f in ungoverned)
    pairs = set()
    for r in label.get("loosely_related", []):
        assert set(r) == {"file", "decision", "verdict", "why"}, r
        assert r["decision"] in known and r["verdict"] in {"noise", "tolerated"}, r
        assert r["decision"] not in governed.get(r["file"], set()), r
        assert (r["file"], r["decision"]) not in pairs, r
        pairs.add((r["file"], r["decision"]))
