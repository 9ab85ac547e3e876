"""Supersessions narrowed to a part of a record: the older record still governs the rest and keeps its own status.
The sentences are shaped on the "Supersedes" lines of decision records in three repositories that retired records
still in force."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.memory import SourceKind, Status
from lore.sources.adr import parse_adr
from lore.sources.newer import names_part
from lore.sources.status import read_status, supersession_lines


@pytest.mark.parametrize("sentence, part", [
    pytest.param("Supersedes: ADR-0085 decision #3 (metadata DB) for the lake store.", 85, id="decision-number-after"),
    pytest.param("Supersedes decision #3 of ADR-0085.", 85, id="decision-number-before"),
    pytest.param("Supersedes §2 of [ADR 7](0007-naming.md).", 7, id="section-before"),
    pytest.param("Supersedes [ADR-0015](0015-wire-types.md) §\"Enum mismatch\".", 15, id="section-after"),
    pytest.param("Supersedes / amends: [ADR-0050](0050-backing.md) (GLM-5.2 non-adoption sub-decision only)", 50,
                 id="sub-decision-only"),
    pytest.param("Supersedes: ADR-0022 — **serving mode only** (its federation and exposure stand)", 22,
                 id="only-after-a-dash"),
    pytest.param("Supersedes [ADR-0096](0096-pricing.md) (basis only; method unchanged)", 96, id="only-in-brackets"),
    pytest.param("Supersedes the verification decision of [0105](0105-pin-backend.md); its other decisions stand", 105,
                 id="a-named-decision"),
    pytest.param("Supersedes the **engine choice** of [ADR-0113](0113-redaction.md);", 113, id="bold-thing"),
    pytest.param('**Supersedes:** the "reject span attribution" decision in [ADR-0077](0077-dashboards.md)', 77,
                 id="a-quoted-decision-in-a-field"),
    pytest.param("Supersedes the implicit claim about the `cacheKeyType` enum made in [ADR-0015](0015-wire-types.md).",
                 15, id="a-thing-in-code-marks"),
    pytest.param("This supersedes [ADR 0001](0001-record-decisions.md)'s specific choice of the lightweight format.", 1,
                 id="a-records-possessive"),
    pytest.param("This supersedes the ADR-0044 per-role cost-lean pins: simpler.", 44, id="a-record-naming-its-thing"),
    pytest.param("Supersedes [ADR 7](0007-naming.md) in this respect.", 7, id="in-this-respect"),
    # goldh0rse/trellis 0005: the supersession in an aside of the passage's bold lead, narrowed to its point
    pytest.param("**Adapter invariant (restated, supersedes ADR-0003 on this point):** the domain packages stay free of "
                 "serialization libraries. `net` is imported only by `p2p`.", 3, id="in-an-aside-on-this-point"),
])
def test_a_supersession_narrowed_to_a_part_of_a_record_is_partial(sentence, part):
    reading = supersession_lines(sentence, opening_only=True)
    assert part in [r.number for r in reading.partly_supersedes]
    assert part not in [r.number for r in reading.supersedes]


@pytest.mark.parametrize("sentence, whole", [
    pytest.param("Supersedes the decision made in [ADR 9](0009-queues.md).", 9, id="the-decision-of-a-record"),
    pytest.param("Supersedes ADR 3, which only covered caching.", 3, id="only-in-a-clause-of-its-own"),
    pytest.param("Supersedes not only ADR 3 but the whole caching approach.", 3, id="not-only"),
    pytest.param("This supersedes the ADR-3 approach to caching.", 3, id="the-records-approach"),
])
def test_a_supersession_of_the_whole_record_stays_whole(sentence, whole):
    assert [r.number for r in supersession_lines(sentence, opening_only=True).supersedes] == [whole]


@pytest.mark.parametrize("sentence, whole", [
    pytest.param("**Storage (supersedes [ADR 3](0003-sqlite.md)):** we use Postgres.", [3], id="an-aside-naming-a-record"),
    pytest.param("We batch the jobs (this approach supersedes the old cron job).", [], id="an-aside-naming-no-record"),
    pytest.param("This approach supersedes the old cron job, as ADR-3 foresaw.", [], id="prose-naming-no-record"),
    pytest.param("ADR-0007 (replaces ADR-0003) chose Kafka.", [], id="an-aside-on-another-record"),
    pytest.param("We refactor the queue (replaces #123).", [], id="an-aside-naming-an-issue"),
])
def test_a_supersession_in_an_aside_names_a_record_as_one(sentence, whole):
    reading = supersession_lines(sentence, opening_only=True)
    assert [r.number for r in reading.supersedes] == whole and not reading.partly_supersedes


def test_a_record_superseded_on_one_point_in_an_aside_stays_current(tmp_workspace):
    """goldh0rse/trellis 0005 restates 0003's adapter invariant "(restated, supersedes ADR-0003 on this point)": 0003
    still governs the rest, and is linked to 0005 as partly superseded."""
    _write(tmp_workspace, "0003-persist-with-bbolt.md", "3. Persist the chain with bbolt and gob", "Accepted",
           "Only `pkg/storage` imports bbolt and gob.")
    _write(tmp_workspace, "0005-networking.md", "5. Networking over gob/TCP", "Accepted",
           "We will add a `pkg/p2p` adapter.\n\n**Adapter invariant (restated, supersedes ADR-0003 on this point):** "
           "the domain packages stay free of serialization libraries; adapter packages own their formats.\n")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        status = {Path(m.provenance.path).name: m.status
                  for m in lo.store.memories.matching(source_kinds=[SourceKind.ADR])}
        assert status["0003-persist-with-bbolt.md"] is Status.ACTIVE
        assert ("docs/adr/0003-persist-with-bbolt.md", "partly superseded", "docs/adr/0005-networking.md") \
            in summary.later_records
    finally:
        lo.close()


def test_a_record_saying_the_rest_of_it_stands_is_partly_superseded_and_current():
    """A status naming its successor for two of its parts, then saying the rest stands, retired the whole record."""
    text = ("# 9. Multi-cluster topology\n\n## Status\n\nAccepted. **The robot-naming scheme (§2) and the hyphen-prefix "
            "ownership\ncaveat (§3) are superseded by [ADR-0018](0018-dot-delimited-naming.md)**, which\nswitches the "
            "field delimiter from `-` to `.`. The rest of this ADR (bridge per cluster, ownership as a\nsafety "
            "invariant) stands.\n\n## Context\n\nMany clusters.\n\n## Decision\n\nOne bridge per cluster.\n")
    (m,) = parse_adr("docs/adr/0009-multi-cluster-topology.md", text).memories
    assert m.status is Status.ACTIVE
    assert [r["number"] for r in m.meta["refs"]["partly_superseded_by"]] == [18]
    assert "superseded_by" not in m.meta["refs"]
    said = ("This supersedes [ADR 0001](0001-record-decisions.md) as to the format. The rest of ADR 0001 — records "
            "as files under `/adr/`, `template.md` as the entry point — stands.")
    reading = supersession_lines(said, opening_only=True)
    assert [r.number for r in reading.partly_supersedes] == [1] and not reading.supersedes
    reading = read_status("Accepted. Supersedes [ADR 4](0004-x.md) as to retries. Its other decisions stand.")
    assert [r.number for r in reading.partly_supersedes] == [4] and not reading.supersedes


def test_a_record_named_wholly_and_in_part_is_partly_superseded():
    text = ("# 104. Correct the cost basis\n\n## Status\n\nAccepted. Supersedes [ADR-0096](0096-pricing.md).\n\n"
            "## Decision\n\nThe basis is 18% higher.\n\n## Related\n\n"
            "- Supersedes [ADR-0096](0096-pricing.md) (basis only; method unchanged)\n")
    (m,) = parse_adr("docs/adr/0104-cost-basis.md", text).memories
    refs = m.meta["refs"]
    assert [r["number"] for r in refs["partly_supersedes"]] == [96] and "supersedes" not in refs


@pytest.mark.parametrize("about, title, part", [
    ("Coder removal", "27. Split the MCP servers into per-MCP Applications; remove Coder", True),
    ("the Proposed multi-source ApplicationSet migration", "6. Migrate the apps to a multi-source ApplicationSet",
     False),
    ("original Coder App-of-Apps", "19. Factor Coder into an App-of-Apps orchestrator (db + app as separate "
     "Applications)", False),
    ("un-defers the write-back", "13. Defer the write-back", False),
    ("kept for history", "5. Use StencilJS and Ionic", False),
])
def test_a_description_after_a_record_names_a_part_when_it_meets_some_of_what_its_title_joins(about, title, part):
    assert names_part(about, title) is part


def _write(root: Path, name: str, title: str, status: str, decision: str) -> None:
    folder = root / "docs/adr"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(f"# {title}\n\n## Status\n\n{status}\n\n## Context\n\nWhy.\n\n## Decision\n\n{decision}\n",
                               encoding="utf-8")


def test_a_record_described_by_one_of_the_things_it_decided_stays_current(tmp_workspace):
    """"Supersedes: ADR-0006 (the multi-source migration), ADR-0027 (Coder removal)": ADR-0006 decided one thing and
    is retired; ADR-0027 decided two, one of them named, and stays current, partly superseded."""
    _write(tmp_workspace, "0006-multi-source.md", "6. Migrate the apps to a multi-source ApplicationSet", "Accepted",
           "One ApplicationSet.")
    _write(tmp_workspace, "0027-split-and-remove-coder.md",
           "27. Split the MCP servers into per-MCP Applications; remove Coder", "Accepted", "Split them; drop Coder.")
    _write(tmp_workspace, "0083-coder-again.md", "83. Re-introduce Coder", "Accepted",
           "Coder is back.\n\n## Related\n\n- Supersedes: ADR-0006 (the multi-source ApplicationSet migration), "
           "ADR-0027 (Coder removal)")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        status = {Path(m.provenance.path).name: m.status
                  for m in lo.store.memories.matching(source_kinds=[SourceKind.ADR])}
        assert status["0006-multi-source.md"] is Status.SUPERSEDED
        assert status["0027-split-and-remove-coder.md"] is Status.ACTIVE
        assert ("docs/adr/0027-split-and-remove-coder.md", "partly superseded", "docs/adr/0083-coder-again.md") \
            in summary.later_records
    finally:
        lo.close()


@pytest.mark.parametrize("sentence, numbers", [
    pytest.param("Supersedes: ADR-0085 decision #3 (metadata DB).", [85], id="a-decision-after-a-record"),
    pytest.param("Supersedes decision #3 of [ADR-0085](0085-mlops.md).", [85], id="a-decision-of-a-record"),
    pytest.param("This supersedes ADR 0002's Decision 3 on one point.", [2], id="a-records-decision"),
])
def test_a_decisions_number_beside_a_record_is_no_record(sentence, numbers):
    reading = supersession_lines(sentence, opening_only=True)
    assert sorted(r.number for r in reading.supersedes + reading.partly_supersedes) == numbers
    assert [r.number for r in read_status("Superseded by decision #12").superseded_by] == [12]


@pytest.mark.parametrize("sentence, project", [
    pytest.param("Supersedes hetzner-k8s ADR-0015 for metrics-server.", "hetzner-k8s", id="a-repository-name"),
    pytest.param("Supersedes (cross-repo, intent only): hetzner-k8s ADR-0015 for metrics-server.", "hetzner-k8s",
                 id="cross-repo-and-named"),
    pytest.param("Supersedes (cross-repo) ADR-0015.", "", id="cross-repo-unnamed"),
    pytest.param("Supersedes `home-os` ADR-0015.", "home-os", id="a-name-in-code-marks"),
])
def test_a_record_of_another_project_is_no_record_here(tmp_workspace, sentence, project):
    reading = supersession_lines(sentence, opening_only=True)
    (ref,) = reading.supersedes + reading.partly_supersedes
    assert (ref.number, ref.project) == (15, project)
    assert supersession_lines("Supersedes the pre-existing ADR-0015.", opening_only=True).supersedes[0].project is None
    _write(tmp_workspace, "0015-models-catalog.md", "15. Serve a models catalogue", "Accepted", "A catalogue.")
    _write(tmp_workspace, "0054-bundled-metrics-server.md", "54. Adopt the bundled metrics-server", "Accepted",
           f"Drop ours.\n\n{sentence}")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        (old,) = [m for m in lo.store.memories.matching(source_kinds=[SourceKind.ADR]) if "0015" in m.provenance.path]
        assert old.status is Status.ACTIVE and not old.superseded_by
        assert not [w for w in summary.warnings if "no such ADR" in w]
    finally:
        lo.close()


def test_a_record_of_the_workspaces_own_project_is_here():
    from lore.memory import Kind, Memory, Provenance
    from lore.sources.links import AdrIndex

    m = Memory(id="r15", kind=Kind.DECISION, title="15. Serve a models catalogue", body="x",
               provenance=Provenance(kind=SourceKind.ADR, path="docs/adr/0015-models-catalog.md"))
    m.meta["adr_number"] = 15
    ref = {"text": "ADR-0015", "target": None, "number": 15, "project": "hetzner-k8s"}
    assert AdrIndex([m], home="hetzner-k8s").resolve(ref, "docs/adr/0054-x.md") is m
    assert AdrIndex([m], home="ai-helm").resolve(ref, "docs/adr/0054-x.md") is None
