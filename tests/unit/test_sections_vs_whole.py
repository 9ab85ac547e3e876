"""Section-level against whole-document retrieval on real ADRs, with the real offline model.

The ADRs of tests/fixtures/corpora (all of Unleash and dotcom-rendering; four of celestia-app, whose
ADRs are long enough that embedding all of them would take minutes) are each stored as one memory
twice: once as a single section holding the whole text, once split at its headings. Each query asks
about a detail that sits in one section deep inside one ADR (checked by reading the ADR);
section-level hybrid recall must do at least as well as whole-document recall.
Measured: sections Recall@3 1.00, MRR 1.00; whole documents Recall@3 0.89, MRR 0.78.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from lore.memory import Memory, Section
from lore.recall import Query
from lore.api import Lore
from embedding_cache import lore_embedder

CORPORA = Path(os.environ.get("LORE_CORPORA") or Path(__file__).resolve().parents[1] / "fixtures" / "corpora")
ADR_GLOBS = (
    "Unleash__unleash/contributing/ADRs/*/*.md",
    "guardian__dotcom-rendering/dotcom-rendering/docs/architecture/*.md",
    "celestiaorg__celestia-app/docs/architecture/adr-01[89]-*.md",
    "celestiaorg__celestia-app/docs/architecture/adr-02[38]-*.md",
)
TOP_K = 3

pytestmark = pytest.mark.model

# (query, ADR file name): each answer sits in one section, not in the title or the opening.
QUERIES = [
    pytest.param("use a half-open interval instead of BETWEEN for date ranges", "sql-standards.md", id="between"),
    pytest.param("how long must code stay compatible with both the old and new schema?", "breaking-db-changes.md",
                 id="expand-two-releases"),
    pytest.param("do new tables need a primary key?", "breaking-db-changes.md", id="primary-key"),
    pytest.param("are alpha endpoints shown in the public OpenAPI docs in production?", "api-version-tracking.md",
                 id="alpha-hidden"),
    pytest.param("endpoints without release milestones before version 7.7.7", "api-version-tracking.md",
                 id="backfill-window"),
    pytest.param("how many files import ConditionallyRender and how big is the refactoring?",
                 "jsx-conditionals.md", id="conditionally-render-files"),
    pytest.param("a jscodeshift script converts components to ternaries", "jsx-conditionals.md", id="jscodeshift"),
    pytest.param("our linter cannot enforce safe use of the && operator", "jsx-conditionals.md", id="biome-lint"),
    pytest.param("is link preload enabled by default in Firefox?", "023-script-loading.md", id="firefox-preload"),
    pytest.param("high priority scripts in the head with defer, low priority after the body with async",
                 "023-script-loading.md", id="defer-async"),
    pytest.param("preload the main media image and fonts on the critical path", "023-script-loading.md",
                 id="critical-path"),
    pytest.param("vanilla JavaScript injected with dangerouslySetInnerHTML to keep the nav accessible",
                 "021-NoJS-navigation-and-accessibility.md", id="nojs-accessibility"),
    pytest.param("high priority gas price is the median of the top ten percent of mempool transactions",
                 "adr-023-gas-used-and-gas-price-estimation.md", id="gas-price-median"),
    pytest.param("what share of fees goes to the community pool?", "adr-019-strict-inflation-schedule.md",
                 id="community-tax"),
    pytest.param("which other chain mints tokens once per day with a time-based inflation schedule?",
                 "adr-019-strict-inflation-schedule.md", id="osmosis"),
    pytest.param("the v2 upgrade height is supplied by a command line flag", "adr-018-network-upgrades.md",
                 id="upgrade-height-flag"),
    pytest.param("coordinated downgrade that needs a reverse migration", "adr-018-network-upgrades.md",
                 id="downgrade"),
    pytest.param("how can an operator favour one fee denomination when ordering transactions?",
                 "adr-028-secondary-fee-token.md", id="denom-priority"),
]

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
_H1 = re.compile(r"^#\s+(.+)$", re.M)


def read_adr(path: Path) -> tuple[str, str]:
    """(title, body) of an ADR: front-matter title or first level-one heading, else the file name."""
    text = path.read_text(encoding="utf-8")
    title = None
    fm = _FRONT_MATTER.match(text)
    if fm:
        title = (yaml.safe_load(fm.group(1)) or {}).get("title")
        text = text[fm.end():]
    if not title:
        h1 = _H1.search(text)
        if h1:
            title = h1.group(1).strip()
            text = text[: h1.start()] + text[h1.end():]
    return str(title or path.stem), text.strip()


def adr_memory(path: Path, whole: bool) -> Memory:
    """One memory for one ADR (id: its file name), as one whole-text section or split at headings."""
    title, body = read_adr(path)
    m = Memory(title=title, body=body, id=path.name)
    if whole:
        m.sections = [Section(None, f"{title}\n{body}", 1)]
    return m


def copy_adrs(target: Path) -> list[Path]:
    """Copy every ADR of the corpora into `target` (the corpora are read-only); the copies' paths."""
    if not CORPORA.is_dir():
        pytest.fail(f"ADR corpora not found at {CORPORA}")
    copies = []
    for pattern in ADR_GLOBS:
        for src in sorted(CORPORA.glob(pattern)):
            # Two Unleash ADRs share a name (back-end/ and front-end/preferred-export.md).
            dest = target / (src.name if not (target / src.name).exists() else f"{src.parent.name}-{src.name}")
            shutil.copyfile(src, dest)
            copies.append(dest)
    assert len(copies) >= 55
    return copies


@pytest.fixture(scope="module")
def adr_copy(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The ADRs, copied into a temporary folder."""
    return copy_adrs(tmp_path_factory.mktemp("adrs"))


def _build(root: Path, adrs: list[Path], embedder, whole: bool) -> Lore:
    lore = Lore(root, user_db=False, embedder=embedder)
    for path in adrs:
        lore.add(adr_memory(path, whole), embed=False)
    lore.embed_pending()
    assert lore.model_error is None
    return lore


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory, adr_copy: list[Path], model_dir: Path,
         embedding_store) -> Iterator[dict[str, Lore]]:
    """The same ADRs indexed whole and by section, in two workspaces (Lore's embedder on the real
    model, each text's vector computed once: tests/embedding_cache.py)."""
    embedder = lore_embedder(model_dir, embedding_store)
    lores = {mode: _build(tmp_path_factory.mktemp(mode), adr_copy, embedder, mode == "whole")
             for mode in ("whole", "sections")}
    yield lores
    for lore in lores.values():
        lore.close()


def rank_of(lore: Lore, text: str, target: str) -> int | None:
    """1-based rank of the target ADR for a query, or None when it is not in the top ten."""
    ids = [h.memory.id for h in lore.search(Query(text, limit=10))]
    return ids.index(target) + 1 if target in ids else None


def scores(lore: Lore) -> dict[str, float]:
    """Recall@3 and MRR over QUERIES."""
    ranks = [rank_of(lore, p.values[0], p.values[1]) for p in QUERIES]
    return {
        "recall@3": sum(1 for r in ranks if r and r <= TOP_K) / len(ranks),
        "mrr": sum(1.0 / r for r in ranks if r) / len(ranks),
    }


def test_sections_really_split(both: dict[str, Lore]) -> None:
    counts = {mode: lore.store.db.scalar("SELECT count(*) FROM sections") for mode, lore in both.items()}
    memories = both["whole"].store.db.scalar("SELECT count(*) FROM memories")
    assert counts["whole"] == memories
    assert counts["sections"] >= 4 * memories


def test_section_level_beats_whole_document(both: dict[str, Lore]) -> None:
    whole = scores(both["whole"])
    sections = scores(both["sections"])
    assert sections["recall@3"] >= whole["recall@3"], (sections, whole)
    assert sections["mrr"] >= whole["mrr"], (sections, whole)
    assert sections["recall@3"] >= 0.9 and sections["mrr"] >= 0.85, sections


@pytest.mark.parametrize(("text", "adr"), QUERIES)
def test_section_level_finds_the_detail(both: dict[str, Lore], text: str, adr: str) -> None:
    rank = rank_of(both["sections"], text, adr)
    assert rank is not None and rank <= 5, rank
