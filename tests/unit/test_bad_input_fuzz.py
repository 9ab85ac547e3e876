"""Hypothesis-generated sources through the importers: ADRs, rules files (.mdc, AGENTS.md), team
memory files and decision comments with random front matter (wrong types, nulls, nesting, dates,
ids of other memories) and random bodies. An import never fails, never takes long, and never loses
the memory that was there before; what it cannot read it reports as a warning.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
import time
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lore.embedding.embedder import HashEmbedder
from lore.memory import Memory
from lore.api import Lore
from lore.ingest import run_import

KEYS = ["id", "title", "kind", "status", "anchors", "tags", "supersedes", "superseded_by", "superseded-by",
        "confidence", "created", "updated", "date", "deciders", "globs", "applyTo", "alwaysApply", "description",
        "name", "paths", "scope", "links"]
TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True), TEXT,
                    st.dates(), st.datetimes(min_value=dt.datetime(1, 1, 2)),
                    st.sampled_from(["keep00000001", "decision", "superseded", "app/**", "../x", "/etc",
                                     "symbol:python:a.b", "lang:", "2026-13-45", "", "~", "*"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(TEXT, inner, max_size=3)), max_leaves=6)
FRONT = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=6)
BODY = st.one_of(TEXT, st.text(max_size=300), st.sampled_from([
    "# Title\n\n## Status\n\nSuperseded by [ADR 1](0001-x.md)\n", "## Why\n\n", "# \n#\n# #", "---\n---\n",
    "- [ ] use tabs\n" * 20, "> " * 200 + "x", "```\n" * 7, "[x](" * 50, "<!-- " * 30]))

KEEP = "---\nid: keep00000001\nkind: decision\n---\n# Keep this decision\n\nIt must survive.\n"
HOMES = ["docs/adr/0001-a.md", "docs/adr/0002-b.md", ".cursor/rules/r.mdc", "AGENTS.md",
         ".lore/memories/fuzz.md", ".lore/memories/fuzz2.md"]


def render(front: dict, body: str) -> str:
    """A file with FRONT as YAML front matter (when any) and BODY."""
    if not front:
        return body
    try:
        head = yaml.safe_dump(front, allow_unicode=True, sort_keys=False)
    except yaml.YAMLError:
        head = "broken: [\n"
    return f"---\n{head}---\n{body}"


EXAMPLES = 500 if os.environ.get("LORE_STRESS") == "1" else 30


@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(files=st.lists(st.tuples(st.sampled_from(HOMES), FRONT, BODY), min_size=1, max_size=4),
       comment=st.one_of(st.none(), TEXT))
def test_random_sources_import_without_failing_or_losing(files, comment):
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp) / "ws"
        (ws / ".lore" / "memories").mkdir(parents=True)
        (ws / ".lore" / "memories" / "keep.md").write_text(KEEP)
        lore = Lore(ws, user_db=Path(tmp) / "user.db", embedder=HashEmbedder())
        try:
            mine = lore.add(Memory(title="A private decision", body="Also kept.")).memory.id
            for rel, front, body in files:
                (ws / rel).parent.mkdir(parents=True, exist_ok=True)
                (ws / rel).write_text(render(front, body), encoding="utf-8")
            if comment is not None:
                (ws / "app.py").write_text(f"# DECISION: {comment}\n# {comment}\nx = 1\n", encoding="utf-8")
            started = time.monotonic()
            run_import(lore)
            run_import(lore)
            assert time.monotonic() - started < 10
            assert lore.get(mine).title == "A private decision"
            assert lore.get("keep00000001").title == "Keep this decision"
        finally:
            lore.close()
