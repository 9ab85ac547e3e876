"""Later records that change an earlier one without retiring it: amendments, partial supersession,
graduations and reversals by title are read at import, and search ranks the earlier record below
the one that took its place (status lines quoted from alphagov/govuk-aws, jaegertracing/jaeger,
guardian/dotcom-rendering)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.memory import NEWER_META, NEWER_PARTS_META, Kind, Memory, Provenance, Section, SourceKind, Status
from lore.recall import Hit, Query
from lore.recall.ordering import order_hits
from lore.sources.adr import parse_adr
from lore.sources.newer import chosen_subject, moved_on, newer_links, partial_reversals, reversals, reversed_subject
from lore.sources.status import read_status


@pytest.mark.parametrize("text, status, amended_by, amends", [
    pytest.param("Accepted\n\nAmended by [17. Terraform Data Structure](0017-terraform-data-structure.md)",
                 Status.ACTIVE, [17], [], id="govuk-aws-amended-by"),
    pytest.param("Accepted, amended by [ADR 7](0007-cache.md)", Status.ACTIVE, [7], [], id="word-then-amended"),
    pytest.param("Amended by ADR-0012", Status.ACTIVE, [12], [], id="amended-only"),
    pytest.param("Accepted\n\nAmends [10. Terraform directory structure](0010-terraform-directory-structure.md)",
                 Status.ACTIVE, [], [10], id="govuk-aws-amends"),
    pytest.param("✅ Accepted. Last updated by the platform team.", Status.ACTIVE, [], [], id="updated-by-people"),
    pytest.param("2021-03-04 Superseded by [ADR-0042](0042-use-queues.md)", Status.SUPERSEDED, [], [], id="date-word"),
])
def test_amendments_in_status_lines(text, status, amended_by, amends):
    reading = read_status(text)
    assert reading.status is status
    assert [r.number for r in reading.amended_by] == amended_by
    assert [r.number for r in reading.amends] == amends


def test_a_graduation_says_which_side_came_first():
    came = read_status("Implemented; graduated from [RFC 0011](../rfc/0011-trace-summary-api.md)")
    became = read_status("Implemented — graduated into [ADR-010](../adr/010-trace-summary-api.md)")
    assert [r.number for r in came.graduated_from] == [11]
    assert became.graduated and not became.graduated_from


@pytest.mark.parametrize("title, subject", [
    ("Remove monorepo", {"monorepo"}),
    ("AMP Removal", {"amp"}),
    ("30. Moving from React to Preact", {"react"}),
    ("Replace Jenkins with GitHub Actions", {"jenkin"}),
    ("Stop using Enzyme", {"enzyme"}),
    ("Use React hooks", set()),
    ("Removal of legacy dashboards", {"legacy", "dashboard"}),
    ("Monorepo", set()),
    # SmartBear/git-en-boite doc/adr/0011 and 0015 (MIT, 3e9dcdb1)
    ("15. Remove Postgres (for now)", {"postgre"}),
    ("11. Remove task scheduler (for now)", {"task", "scheduler"}),
    # UKGovernmentBEIS/regulated-professions-register 0010 (MIT)
    ("10. Use the Datamapper pattern instead of ActiveRecord", {"activerecord"}),
    ("Delete Helm Chart", {"helm", "chart"}),  # eclipse-edc/Connector (Apache-2.0)
])
def test_titles_that_reverse_a_decision(title, subject):
    assert reversed_subject(title) == subject


ADR = "# {title}\n\n## Status\n\n{status}\n\n## Context\n\n{context}\n\n## Decision\n\n{decision}\n"


def _write(root: Path, name: str, title: str, status: str, context: str, decision: str) -> None:
    path = root / "docs" / "adr" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ADR.format(title=title, status=status, context=context, decision=decision), encoding="utf-8")


@pytest.fixture
def lore(tmp_workspace: Path):
    _write(tmp_workspace, "0005-monorepo.md", "Componentisation solution as a monorepo", "Approved",
           "Packages live together.", "We organise the code as a monorepo with yarn workspaces for every package.")
    _write(tmp_workspace, "0009-react-hooks.md", "Use React hooks", "Approved", "State in components.",
           "Use hooks for state.")
    _write(tmp_workspace, "0010-terraform.md", "Terraform directory structure", "Accepted\n\nAmended by "
           "[12. Terraform data](0012-terraform-data.md)", "Layout of projects.", "Data files per environment.")
    _write(tmp_workspace, "0012-terraform-data.md", "Terraform data", "Accepted", "Data repeated.",
           "Common data files.")
    _write(tmp_workspace, "0017-remove-monorepo.md", "Remove monorepo", "Approved", "One package was left.",
           "Remove yarn workspaces; restore a basic package.")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    run_import(lo)
    yield lo
    lo.close()


def _by_path(lore: Lore) -> dict[str, Memory]:
    return {Path(m.provenance.path).name: m for m in lore.list(limit=100)}


def test_import_links_earlier_records_to_what_changed_them(lore):
    m = _by_path(lore)
    assert m["0005-monorepo.md"].meta[NEWER_META] == {m["0017-remove-monorepo.md"].id: "reversed"}
    assert m["0010-terraform.md"].meta[NEWER_META] == {m["0012-terraform-data.md"].id: "amended"}
    assert NEWER_META not in m["0009-react-hooks.md"].meta  # "Use React hooks" names hooks, not a removal
    assert m["0005-monorepo.md"].status is Status.ACTIVE  # still an answer, found and shown
    summary = run_import(lore)  # a second import with nothing changed keeps the links as they are
    assert _by_path(lore)["0005-monorepo.md"].meta[NEWER_META] == m["0005-monorepo.md"].meta[NEWER_META]
    assert ("docs/adr/0005-monorepo.md", "reversed", "docs/adr/0017-remove-monorepo.md") in summary.later_records


def test_search_ranks_a_reversed_record_below_the_one_that_reversed_it(lore):
    hits = lore.search(Query("monorepo yarn workspaces package", limit=5))
    names = [Path(h.memory.provenance.path).name for h in hits]
    assert names.index("0017-remove-monorepo.md") < names.index("0005-monorepo.md")
    older = hits[names.index("0005-monorepo.md")]
    assert any("reversed by Remove monorepo" in w for w in older.why)


@pytest.mark.parametrize("title, chosen", [
    ("Continue to use Algolia as search engine", {"algolia"}),
    ("Switch from ElasticSearch to Algolia for search functionality", {"algolia"}),
    ("Elasticsearch to Algolia migration", {"algolia"}),
    ("Use devise for authentication", {"devise"}),
    ("Use React hooks", {"react", "hook"}),
    ("Record architecture decisions", set()),
    ("Use Redis (for now) for background jobs", {"redi"}),
    ("Replace go-bindata with packr2", {"packr2"}),
    ("8. Upgrade to Gemini 2.0 Flash", {"gemini", "flash"}),  # network-goods-institute/negation-game (AGPL-3.0)
    # saulomlcosta/SpecPilot's docs/adr (Portuguese), and the other languages whose status words are read
    ("ADR 0002 - Usar PostgreSQL", {"postgresql"}),
    ("ADR 0011 - Usar HttpClient para o provider OpenAI", {"httpclient"}),
    ("Adoptar Kafka como bus de eventos", {"kafka"}),
    ("Utiliser Redis pour le cache", {"redi"}),
    ("PostgreSQL als Datenbank verwenden", {"postgresql"}),
    ("Usare Redis per la cache", {"redi"}),
    ("Gebruik Kafka voor events", {"kafka"}),
])
def test_titles_that_name_what_a_decision_chose(title, chosen):
    assert chosen_subject(title) == chosen


def _record(number: int, title: str, path: str) -> Memory:
    """A numbered decision record at `path`."""
    m = Memory(id=f"r{number:012d}", kind=Kind.DECISION, title=title, body="x",
               provenance=Provenance(kind=SourceKind.ADR, path=path))
    m.meta["adr_number"] = number
    return m


def test_a_later_record_moving_away_from_a_choice_reverses_the_records_that_made_it():
    """Shaped on DFE-Digital/teaching-vacancies' documentation/adr/ (MIT): 0005 switched to Algolia, 0008
    kept it, 0010 moved away from it; 0005 is named for what it chose, though its title also removes
    ElasticSearch."""
    def record(number: int, title: str) -> Memory:
        return _record(number, title, f"documentation/adr/{number:04d}_x.md")

    switch = record(5, "Switch from ElasticSearch to Algolia for search functionality")
    keep = record(8, "Continue to use Algolia as search engine")
    away = record(10, "Migrate from Algolia to Postgres-based search")
    hooks = record(11, "Use Algolia InstantSearch widgets for facets")
    pairs = {(a.id, b.id) for a, b in reversals([switch, keep, away, hooks])}
    assert pairs == {(switch.id, away.id), (keep.id, away.id)}


def test_a_name_run_together_or_apart_is_one_name_whatever_kind_of_thing_it_is_called():
    """UKGovernmentBEIS/beis-report-official-development-assistance (MIT): "31. Replace PublicActivity with
    HistoricalEvent" left `0019-use-public-activity-gem.md` current, and it still showed on the activity model. A
    longer name is still another name."""
    gem = _record(19, "19. Use public activity gem", "doc/architecture/decisions/0019-use-public-activity-gem.md")
    feed = _record(20, "20. Use public activity feed", "doc/architecture/decisions/0020-use-public-activity-feed.md")
    later = _record(31, "31. Replace PublicActivity with HistoricalEvent",
                    "doc/architecture/decisions/0031-replace-publicactivity-with-historicalevent.md")
    assert {(a.id, b.id) for a, b in reversals([gem, feed, later])} == {(gem.id, later.id)}


def test_a_record_saying_it_stops_using_an_earlier_choice_reverses_it():
    """kiwicom/the-zoo's adr/0006-fomantic-ui.md (titled "5. Use Fomantic UI") says under Consequences "We will stop
    using the unmaintained [Semantic UI](https://semantic-ui.com/) framework"; its 0005 is "5. Use Semantic UI"."""
    semantic = _record(5, "5. Use Semantic UI", "adr/0005-semantic-ui.md")
    mdl = _record(4, "4. Use Material Design Lite", "adr/0004-mdl.md")
    fomantic = _record(6, "5. Use Fomantic UI", "adr/0006-fomantic-ui.md")
    fomantic.body = ("## Decision\n\nWe will use [Fomantic UI](https://fomantic-ui.com/).\n\n## Consequences\n\n"
                     "We will stop using the unmaintained [Semantic UI](https://semantic-ui.com/)\nframework.\n")
    assert {(a.id, b.id) for a, b in reversals([mdl, semantic, fomantic])} == {(semantic.id, fomantic.id)}
    fomantic.body = fomantic.body.replace("stop using", "keep close to")
    assert reversals([mdl, semantic, fomantic]) == []


def test_a_choice_made_instead_of_an_earlier_one_reverses_it():
    """Shaped on UKGovernmentBEIS/regulated-professions-register's doc/architecture/decisions/0009 and 0010 (MIT):
    the later title says "pattern" of its own choice, so "instead of ActiveRecord" means the ActiveRecord pattern."""
    def record(number: int, title: str) -> Memory:
        return _record(number, title, f"doc/architecture/decisions/{number:04d}-x.md")

    active_record = record(9, "9. Use the ActiveRecord Pattern in TypeORM")
    orm = record(6, "6. Use TypeORM")
    data_mapper = record(10, "10. Use the Datamapper pattern instead of ActiveRecord")
    pairs = {(a.id, b.id) for a, b in reversals([orm, active_record, data_mapper])}
    assert pairs == {(active_record.id, data_mapper.id)}


def _page(mid: str, title: str, body: str, status: Status = Status.ACTIVE, path: str = "") -> Memory:
    return Memory(id=mid, kind=Kind.FACT, title=title, body=body, status=status,
                  provenance=Provenance(kind=SourceKind.RULES_FILE, path=path or f"docs/{mid}.md"))


def test_a_retired_page_saying_the_team_moved_on_is_replaced_by_the_record_that_chose_it():
    """Shaped on DFE-Digital/teaching-vacancies (MIT): `legacy-setup.md` opens "These notes formed part of the
    README before we moved towards using devcontainers", and `0011_use_devcontainers.md` is titled
    "Encourage use of devcontainers for local development"; python/peps' titles write "Python" everywhere."""
    note = ("> These notes formed part of the README before we moved towards using devcontainers for development.\n"
            "> They'll be kept here for a while.\n\n## Setup\n\nInstall Ruby.\n")
    legacy = _page("legacy", "Legacy local application setup", note, Status.DEPRECATED)
    chose = _page("adr11", "Encourage use of devcontainers for local development", "x",
                  path="documentation/adr/0011_use_devcontainers.md")
    mermaid = _page("adr12", "Use Mermaid for diagrams", "x")
    assert [(a.id, b.id) for a, b in moved_on([legacy, chose, mermaid])] == [("legacy", "adr11")]
    assert moved_on([_page("legacy", "Legacy setup", note), chose]) == []  # not retired: nothing replaces it
    later_heading = _page("legacy", "Legacy setup", "Install Ruby.\n\n" + note, Status.DEPRECATED)
    assert moved_on([later_heading, chose]) == []  # the note is its opening, not any paragraph
    twice = _page("adr13", "Use devcontainers in CI", "x")
    assert moved_on([legacy, chose, twice]) == []  # what two records chose names neither
    peps = [_page(f"p{i}", f"Python {w}", "x") for i, w in enumerate(("typing", "packaging", "grammar"))]
    moved = _page("pep306", "How to Change Python's Grammar", "This PEP has been moved to the Python dev guide.",
                  Status.DEPRECATED)
    assert moved_on([moved, _page("pep430", "Migrating to Python 3 as the default online documentation", "x"),
                     *peps]) == []  # "Python", in every other title, tells no record apart


def test_search_ranks_a_retired_page_below_the_record_its_note_moved_on_to(tmp_workspace):
    _write(tmp_workspace, "0011_use_devcontainers.md", "Encourage use of devcontainers for local development",
           "Accepted", "Setting up a laptop takes days.", "Develop inside a devcontainer with Ruby and Postgres.")
    (tmp_workspace / "docs/setup").mkdir(parents=True)
    (tmp_workspace / "docs/setup/legacy-setup.md").write_text(
        "# Legacy local application setup\n\n> These notes formed part of the README before we moved towards using "
        "devcontainers for development.\n\n## Setup\n\nInstall Ruby, Node, Postgres and Redis with brew on your "
        "laptop, then run the Ruby setup script for Postgres and Redis.\n")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        assert ("docs/setup/legacy-setup.md", "replaced", "docs/adr/0011_use_devcontainers.md") in summary.later_records
        hits = lo.search(Query("install Ruby Node Postgres Redis with brew on a laptop", limit=5))
        names = [Path(h.memory.provenance.path).name for h in hits]
        assert names.index("0011_use_devcontainers.md") < names.index("legacy-setup.md")
        assert any("replaced by Encourage use of devcontainers" in w for w in hits[names.index("legacy-setup.md")].why)
    finally:
        lo.close()


def _memory(mid: str, newer: dict[str, str] | None = None) -> Memory:
    m = Memory(id=mid, kind=Kind.DECISION, title=mid, body="x")
    if newer:
        m.meta[NEWER_META] = newer
    return m


@pytest.mark.parametrize("relation, lifted", [("graduated", True), ("reversed", True), ("amended", False),
                                                ("partly superseded", False)])
def test_the_later_record_takes_the_place_of_a_graduated_or_reversed_one(relation, lifted):
    old, new, other = _memory("old", {"new": relation}), _memory("new"), _memory("other")
    hits = [Hit(old, 0.9), Hit(other, 0.5), Hit(new, 0.3)]
    ordered = [h.memory.id for h in order_hits(lambda i: None, hits, Query("q"))]
    assert ordered == (["new", "old", "other"] if lifted else ["old", "other", "new"])


def test_a_graduated_proposal_follows_its_record():
    rfc, adr, other = _memory("rfc", {"adr": "graduated"}), _memory("adr"), _memory("other")
    hits = [Hit(adr, 0.9), Hit(other, 0.5), Hit(rfc, 0.3)]
    assert [h.memory.id for h in order_hits(lambda i: None, hits, Query("q"))] == ["adr", "rfc", "other"]


def test_a_part_of_a_record_replaced_by_a_later_one():
    """alphagov/govuk-aws 0003 (MIT): one part says its IP ranges were superseded; the rest still governs."""
    text = ("# 3. Networking Outline\n\n## Status\n\nPartly superseded\n\n## Context\n\nMigration to AWS.\n\n"
            "## Decision\n\n* 1 VPC per environment\n\n**These IP ranges have been superseded by "
            "[ADR #0033](0033-ip-ranges.md).**\n\n|Environment|IP Range|\n|--|--|\n|Production|10.13.0.0/16|\n\n"
            "## Consequences\n\nNone.\n")
    (m,) = parse_adr("docs/adr/0003-aws-networking-outline.md", text).memories
    assert m.status is Status.ACTIVE
    (part,) = m.meta["refs"]["parts_superseded_by"]
    assert part["target"] == "0033-ip-ranges.md" and part["lines"] == [11, 20]
    old, new = _memory("old"), _memory("new")
    old.meta[NEWER_PARTS_META] = {"new": [[11, 20]]}
    in_part = [Hit(old, 0.9, section=Section("Decision", "x", 11)), Hit(new, 0.5)]
    elsewhere = [Hit(old, 0.9, section=Section("Consequences", "x", 21)), Hit(new, 0.5)]
    assert [h.memory.id for h in order_hits(lambda i: None, in_part, Query("q"))] == ["new", "old"]
    assert [h.memory.id for h in order_hits(lambda i: None, elsewhere, Query("q"))] == ["old", "new"]


@pytest.mark.parametrize("new_similarity, new_by_words, lifted", [(0.42, 2, True), (0.35, 2, False),
                                                                   (0.42, None, False)])
@pytest.mark.parametrize("relation", ["amended", "partly superseded"])
def test_an_amending_record_takes_the_place_only_for_a_question_it_answers_better(
        relation, new_similarity, new_by_words, lifted):
    """arachne-framework/architecture ADR-017 (supersedes "some aspects" of ADR-15): for a question on the
    type extension it removed, 017 is nearer in meaning and found by words; for the rest, ADR-15 stays."""
    old, new, other = _memory("old", {"new": relation}), _memory("new"), _memory("other")
    hits = [Hit(old, 0.9, similarity=0.40, lexical_rank=1), Hit(other, 0.7),
            Hit(new, 0.6, similarity=new_similarity, lexical_rank=new_by_words)]
    ordered = [h.memory.id for h in order_hits(lambda i: None, hits, Query("q"))]
    assert ordered == (["new", "old", "other"] if lifted else ["old", "other", "new"])
    if lifted:
        assert any(f"{relation} by new" in w for w in hits[ordered.index("old")].why)


def test_import_links_a_retired_record_to_the_successor_it_names_and_a_part_superseded_one(tmp_workspace: Path):
    _write(tmp_workspace, "0003-queues.md", "Use queues", "Accepted\n\nDeprecated in favour of "
           "[7. Streams](0007-streams.md)", "Jobs pile up.", "Use queues for jobs.")
    _write(tmp_workspace, "0004-cache.md", "Cache layout", "Accepted\n\nSuperseded in part by "
           "[ADR-7](0007-streams.md)", "Reads are slow.", "Cache reads per region.")
    _write(tmp_workspace, "0007-streams.md", "Streams", "Accepted", "Queues lose order.", "Use streams for jobs.")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lo)
        m = _by_path(lo)
        assert m["0003-queues.md"].status is Status.DEPRECATED
        assert m["0003-queues.md"].superseded_by == [m["0007-streams.md"].id]
        assert m["0004-cache.md"].status is Status.ACTIVE and not m["0004-cache.md"].superseded_by
        assert m["0004-cache.md"].meta[NEWER_META] == {m["0007-streams.md"].id: "partly superseded"}
    finally:
        lo.close()


@pytest.mark.parametrize("relation, old_said, new_said, new_by_words, lifted", [
    pytest.param("amended", {"terraform", "files"}, {"terraform", "files", "order"}, 4, True, id="only-the-amendment"),
    pytest.param("amended", {"terraform", "files", "order"}, {"terraform", "order"}, 4, False, id="both-write-it"),
    pytest.param("amended", {"terraform"}, {"order"}, None, False, id="amendment-not-found-by-words"),
    pytest.param("partly superseded", {"terraform"}, {"terraform", "order"}, 4, False, id="a-decision-of-its-own"),
])
def test_an_amendment_takes_the_place_for_a_question_only_it_answers(relation, old_said, new_said, new_by_words,
                                                                        lifted):
    """alphagov/govuk-aws 0010 'Amended by 17': "where do the per-environment files go, and in what order are
    they layered?" is nearer 0010 in meaning, but only 0017 says the order."""
    old, new, other = _memory("old", {"new": relation}), _memory("new"), _memory("other")
    hits = [Hit(old, 0.9, similarity=0.67, lexical_rank=1, said=frozenset(old_said)), Hit(other, 0.7),
            Hit(new, 0.6, similarity=0.61, lexical_rank=new_by_words, said=frozenset(new_said))]
    ordered = [h.memory.id for h in order_hits(lambda i: None, hits, Query("q"))]
    assert ordered == (["new", "old", "other"] if lifted else ["old", "other", "new"])


def test_search_reads_the_question_words_of_a_record_and_its_amendment(lore):
    found = lore.search(Query("which common data files for a monorepo", limit=10))
    hits = {Path(h.memory.provenance.path).name: h for h in found}
    assert len(hits) > 2
    assert hits["0010-terraform.md"].said == frozenset({"data", "files"})
    assert hits["0012-terraform-data.md"].said == frozenset({"common", "data", "files"})  # "Common data files."
    assert all(h.said is None for name, h in hits.items() if name not in ("0010-terraform.md", "0012-terraform-data.md"))
    names = list(hits)
    assert names.index("0012-terraform-data.md") < names.index("0010-terraform.md")


def test_the_words_a_record_writes_are_compared_as_the_word_index_compares_them(lore):
    m = _by_path(lore)
    old, new = m["0010-terraform.md"].id, m["0012-terraform-data.md"].id
    said = lore.stores()[0].sections.words_in([old, new], ["environments", "file", "common", "monorepo", "\udcff"])
    assert said == {old: {"environments", "file"}, new: {"file", "common"}}  # "Data files per environment."


def test_a_record_superseded_by_a_page_of_its_series(tmp_workspace: Path):
    """open-telemetry/oteps 0008 (Apache-2.0): "**Status:** Superceded entirely by [0072-metric-observer]
    (0072-metric-observer.md)", where 0072 states no status and is imported as a documentation page. The link
    names the page's file, so the record is superseded by it, with no "no such ADR" warning."""
    text = tmp_workspace / "text"
    text.mkdir()
    (text / "0008-metric-observer.md").write_text(
        "# Metrics observer specification\n\n**Status:** Superceded entirely by "
        "[0072-metric-observer](0072-metric-observer.md)\n\nPropose metric Observer callbacks.\n", encoding="utf-8")
    for name, title in (("0072-metric-observer.md", "Metric observer"), ("0049-label-set.md", "Metric LabelSet"),
                        ("0066-context.md", "Context propagation")):
        (text / name).write_text(f"# {title}\n\nWhat this proposes.\n\n## Motivation\n\nWhy.\n", encoding="utf-8")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        m = _by_path(lo)
        assert m["0072-metric-observer.md"].meta.get("doc")
        assert m["0008-metric-observer.md"].status is Status.SUPERSEDED
        assert m["0008-metric-observer.md"].superseded_by == [m["0072-metric-observer.md"].id]
        assert not [w for w in summary.warnings if "no such ADR" in w]
    finally:
        lo.close()


@pytest.mark.parametrize("title, opening, reversed_target", [
    # open-telemetry/oteps text/metrics/0090 (Apache-2.0)
    pytest.param("Remove the LabelSet object from the metrics API",
                 "The proposal is to remove the current [`LabelSet`](./0049-metric-label-set.md) API.",
                 "./0049-metric-label-set.md", id="removes-what-it-links"),
    pytest.param("Remove the LabelSet object from the metrics API",
                 "See [the metrics API](./0003-metrics-api.md) for background.", None, id="only-cites"),
    pytest.param("Metric LabelSet specification", "Introduce [`LabelSet`](./0049-x.md).", None, id="no-removal"),
    pytest.param("Remove the LabelSet object", "Remove [LabelSet](https://example.org/labelset).", None,
                 id="a-web-page"),
])
def test_a_page_removing_what_it_links_to_reverses_it(title, opening, reversed_target):
    from lore.markup import markdown
    from lore.sources.newer import removal_links

    doc = markdown.parse(f"# {title}\n\n{opening}\n\n## Motivation\n\nWhy.\n")
    found = [r["target"] for r in removal_links(title, doc, doc.title()[1])]
    assert found == ([reversed_target] if reversed_target else [])


def test_import_ranks_a_removed_page_below_the_page_removing_it(tmp_workspace: Path):
    text = tmp_workspace / "text"
    text.mkdir()
    (text / "0049-metric-label-set.md").write_text(
        "# Metric LabelSet specification\n\nIntroduce a LabelSet handle on a pre-defined set of labels.\n",
        encoding="utf-8")
    (text / "0090-remove-labelset.md").write_text(
        "# Remove the LabelSet object from the metrics API\n\nThe proposal is to remove the current "
        "[`LabelSet`](./0049-metric-label-set.md) API and accept labels directly.\n", encoding="utf-8")
    (text / "0003-measure.md").write_text("# Measure metric type\n\nA measure records values.\n", encoding="utf-8")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        m = _by_path(lo)
        assert m["0049-metric-label-set.md"].meta[NEWER_META] == {m["0090-remove-labelset.md"].id: "reversed"}
        assert ("text/0049-metric-label-set.md", "reversed", "text/0090-remove-labelset.md") in summary.later_records
        found = [Path(h.memory.provenance.path).name for h in lo.search(Query("LabelSet pre-defined labels"))]
        assert found.index("0090-remove-labelset.md") < found.index("0049-metric-label-set.md")
    finally:
        lo.close()


def test_a_record_replacing_what_an_earlier_replacement_chose_reverses_it_though_its_title_is_misspelt():
    """cloudfoundry/bosh-bootloader's docs/architecture/decisions (Apache-2.0): 0002 "Replace go-bindata with
    packr2", then `0003-replace-packr2-with-go-embed.md`, titled "2. Replace packr2 wiht go embed"."""
    bindata = _record(1, "1. Use go-bindata", "docs/architecture/decisions/0001-use-go-bindata.md")
    packr = _record(2, "2. Replace go-bindata with packr2", "docs/architecture/decisions/0002-replace-go-bindata-with-packr2.md")
    embed = _record(3, "2. Replace packr2 wiht go embed", "docs/architecture/decisions/0003-replace-packr2-with-go-embed.md")
    assert {(a.id, b.id) for a, b in reversals([bindata, packr, embed])} == {(bindata.id, packr.id), (packr.id, embed.id)}


def test_a_record_retiring_one_of_the_choices_an_earlier_title_joins_partly_reverses_it():
    """pod-os/PodOS's docs/decisions (MIT): 0010 "Get rid of Ionic" after 0001 "Use StencilJS and Ionic for
    components"; a record retiring what no title joins, or both, is no partial reversal."""
    both = _record(1, "Use StencilJS and Ionic for components", "docs/decisions/0001-use-stenciljs-and-ionic.md")
    rxjs = _record(9, "Introduce RxJS", "docs/decisions/0009-introduce-rxjs.md")
    ionic = _record(10, "Get rid of Ionic", "docs/decisions/0010-get-rid-of-ionic.md")
    assert {(a.id, b.id) for a, b in partial_reversals([both, rxjs, ionic])} == {(both.id, ionic.id)}
    assert reversals([both, rxjs, ionic]) == []
    ionic.title = "Get rid of Vue"
    ionic.provenance.path = "docs/decisions/0010-get-rid-of-vue.md"
    assert partial_reversals([both, rxjs, ionic]) == []


def test_a_rejected_record_removing_an_earlier_choice_changes_nothing_of_it():
    """A proposal to remove what an earlier record chose, rejected, leaves that record current and first."""
    mono = _record(5, "5. Componentisation solution as a monorepo", "docs/adr/0005-monorepo.md")
    remove = _record(9, "9. Remove monorepo", "docs/adr/0009-remove-monorepo.md")
    assert newer_links([mono, remove], lambda ref, source: None) == {mono.id: {remove.id: "reversed"}}
    remove.status = Status.REJECTED
    assert newer_links([mono, remove], lambda ref, source: None) == {}


def _statuses(lo: Lore) -> dict[str, Status]:
    return {Path(m.provenance.path).name: m.status for m in lo.store.memories.matching(source_kinds=[SourceKind.ADR])}


def test_a_proposal_saying_it_supersedes_an_accepted_record_leaves_it_current_until_accepted(tmp_workspace):
    """"Proposed. Supersedes [ADR 1]" retires nothing yet: ADR 1 stays current, linked as a replacement
    proposed; once the proposal says "Accepted", ADR 1 is superseded, and back to proposed it is current again.
    A rejected record saying it supersedes one retires nothing; a proposal replacing a proposal retires it."""
    _write(tmp_workspace, "0001-use-postgres.md", "Use Postgres for storage", "Accepted",
           "The catalogue needs a database.", "We will use Postgres for all persistent storage.")
    _write(tmp_workspace, "0002-use-dynamodb.md", "Use DynamoDB for storage",
           "Proposed. Supersedes [ADR 1](0001-use-postgres.md)", "Running Postgres costs us time.",
           "We will move persistent storage to DynamoDB.")
    _write(tmp_workspace, "0003-queue.md", "Queue jobs in Redis", "Proposed", "Jobs need a queue.", "Use Redis lists.")
    _write(tmp_workspace, "0004-sqs.md", "Queue jobs in SQS", "Proposed\n\nSupersedes [ADR 3](0003-queue.md)",
           "Redis is one more server.", "Use SQS.")
    _write(tmp_workspace, "0005-cache.md", "Cache pages in Varnish", "Accepted", "Pages are slow.", "Use Varnish.")
    _write(tmp_workspace, "0006-no-cache.md", "Cache pages in the CDN", "Rejected. Supersedes [ADR 5](0005-cache.md)",
           "Varnish is one more server.", "Use the CDN.")
    _write(tmp_workspace, "0007-logs.md", "Ship logs to Loki", "Accepted", "Logs are lost.", "Ship logs to Loki.")
    _write(tmp_workspace, "0008-log-retention.md", "Keep logs for a year", "Proposed. Amends [ADR 7](0007-logs.md)",
           "Audits need old logs.", "Keep logs in Loki for a year.")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        statuses = _statuses(lo)
        assert statuses["0001-use-postgres.md"] is Status.ACTIVE
        assert statuses["0003-queue.md"] is Status.SUPERSEDED
        assert statuses["0005-cache.md"] is Status.ACTIVE
        assert ("docs/adr/0001-use-postgres.md", "change proposed", "docs/adr/0002-use-dynamodb.md") \
            in summary.later_records
        assert not [r for r in summary.later_records if "0005-cache.md" in r[0]]
        assert ("docs/adr/0007-logs.md", "change proposed", "docs/adr/0008-log-retention.md") in summary.later_records
        proposal = tmp_workspace / "docs/adr/0002-use-dynamodb.md"
        proposal.write_text(proposal.read_text().replace("Proposed. Supersedes", "Accepted. Supersedes"))
        summary = run_import(lo)
        assert _statuses(lo)["0001-use-postgres.md"] is Status.SUPERSEDED
        assert not [r for r in summary.later_records if "0001-use-postgres.md" in r[0]]
        proposal.write_text(proposal.read_text().replace("Accepted. Supersedes", "Proposed. Supersedes"))
        summary = run_import(lo)  # the accepted record is not read again: its status comes back from the link
        assert _statuses(lo)["0001-use-postgres.md"] is Status.ACTIVE
        assert ("docs/adr/0001-use-postgres.md", "change proposed", "docs/adr/0002-use-dynamodb.md") \
            in summary.later_records
    finally:
        lo.close()


def test_the_import_report_says_which_records_a_proposal_would_replace(tmp_path, capsys, monkeypatch):
    from lore.cli.main import main

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    monkeypatch.setenv("LORE_USER_DB", str(tmp_path / "user.db"))
    root = tmp_path / "ws"
    _write(root, "0001-use-postgres.md", "Use Postgres for storage", "Accepted", "A database.", "Use Postgres.")
    expected = {
        "Proposed": ["proposals:        1 record a proposal says it supersedes or amends, kept as they are until the "
                     "proposal is accepted", "docs/adr/0001-use-postgres.md: change proposed by docs/adr/0002-use-dynamodb.md"],
        "Accepted": ["superseded:       1 record retired for a later one (ranked below its successor, never shown on code)",
                     "docs/adr/0001-use-postgres.md: superseded by docs/adr/0002-use-dynamodb.md"]}
    for word, lines in expected.items():
        _write(root, "0002-use-dynamodb.md", "Use DynamoDB for storage",
               f"{word}. Supersedes [ADR 1](0001-use-postgres.md)", "Postgres costs time.", "Use DynamoDB.")
        assert main(["-w", str(root), "import", "-v"]) == 0
        out = capsys.readouterr().out
        assert all(line in out for line in lines) and "later records:" not in out
        assert ("proposals:" in out) == (word == "Proposed") and ("superseded:" in out) == (word == "Accepted")


def test_the_import_report_lists_every_record_retired_for_a_later_one(tmp_path, capsys, monkeypatch):
    """DFE-Digital/claim-additional-payments-for-teaching (MIT) 0008: "Deprecated (Replaced by ADR #0012)" is retired
    for 0012 as a superseded record is for its successor, and the report says so in its own word."""
    from lore.cli.main import main

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    monkeypatch.setenv("LORE_USER_DB", str(tmp_path / "user.db"))
    root = tmp_path / "ws"
    _write(root, "0001-use-verify.md", "Use GOVUK Verify", "Deprecated (Replaced by ADR #0003)", "Identity.",
           "Use Verify.")
    _write(root, "0002-use-postgres.md", "Use Postgres for storage", "Accepted", "A database.", "Use Postgres.")
    _write(root, "0003-automate-dqt.md", "Automate DQT integration", "Accepted", "Identity again.", "Ask DQT.")
    _write(root, "0004-use-dynamodb.md", "Use DynamoDB for storage", "Accepted. Supersedes [ADR 2](0002-use-postgres.md)",
           "Postgres costs time.", "Use DynamoDB.")
    assert main(["-w", str(root), "import", "-v"]) == 0
    out = capsys.readouterr().out
    assert "superseded:       2 records retired for a later one (ranked below their successors, never shown on code)" in out
    assert "docs/adr/0001-use-verify.md: deprecated for docs/adr/0003-automate-dqt.md" in out
    assert "docs/adr/0002-use-postgres.md: superseded by docs/adr/0004-use-dynamodb.md" in out


def test_a_rejected_record_with_a_successor_is_listed_as_rejected_and_not_said_to_be_off_code(capsys):
    from lore.cli.import_report import print_taken
    from lore.sources.links import _retired
    from lore.sources.summary import ImportSummary

    old, new = _memory("old"), _memory("new")
    old.status, old.superseded_by = Status.REJECTED, ["new"]
    old.provenance.path, new.provenance.path = "docs/adr/0001-old.md", "docs/adr/0002-new.md"
    summary = ImportSummary(superseded=_retired([old, new]))
    assert summary.superseded == [("docs/adr/0001-old.md", "rejected", "docs/adr/0002-new.md")]
    print_taken(summary, True)
    out = capsys.readouterr().out
    assert "1 record retired for a later one (ranked below its successor)" in out
    assert "docs/adr/0001-old.md: rejected for docs/adr/0002-new.md" in out


def test_a_pending_record_partly_superseding_one_that_says_so_itself_partly_supersedes_it(tmp_workspace):
    """alphagov/govuk-aws (MIT): 0033 is "Pending" and "in part supersedes [0003]", and 0003 says of itself "These IP
    ranges have been superseded by [ADR #0033]": the earlier record's own word, so no change only proposed."""
    src = Path(__file__).parent.parent / "fixtures/corpora/alphagov__govuk-aws/docs/architecture/decisions"
    folder = tmp_workspace / "docs/architecture/decisions"
    folder.mkdir(parents=True)
    for name in ("0003-aws-networking-outline.md", "0033-ip-ranges.md"):
        (folder / name).write_text((src / name).read_text(encoding="utf-8"), encoding="utf-8")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        later = run_import(lo).later_records
        old, new = "docs/architecture/decisions/0003-aws-networking-outline.md", "docs/architecture/decisions/0033-ip-ranges.md"
        assert (old, "partly superseded", new) in later
        assert not [r for r in later if r[1] == "change proposed"]
    finally:
        lo.close()


@pytest.mark.parametrize("sentence, amends", [
    # defenseunicorns/uds-core adrs/0009 (AGPL-3.0), in its Decision section
    ("This is an addendum to [ADR 0002](./0002-uds-core-functional-layers.md), updating the functional layers to:", [2]),
    ("This ADR amends [ADR-4](0004-cache.md) for the read path.", [4]),
    ("This decision is an amendment of ADR-0007.", [7]),
    ("An addendum to [ADR 0002](./0002-layers.md) may follow.", []),  # not said of this record
    # openedx/frontend-app-learning 0008 and 0009 (AGPL-3.0): a record updating or refining an earlier one
    ("_This updates some of the content in [ADR #2: Courseware page decisions](./0002-courseware-page-decisions.md)._",
     [2]),
    ("This is a refinement of [0002-courseware-page-decisions.md](0002-courseware-page-decisions.md). The fundamental "
     "layers remain the same.", [2]),
    ("This record revises [ADR-4](0004-cache.md) where reads are concerned.", [4]),
    ("This updates the build to Node 20.", []),  # no record named
    ("This refines the search; see [ADR 3](0003-search.md) for context.", []),  # the record is no object of the verb
])
def test_a_body_saying_this_record_amends_an_earlier_one(tmp_path, sentence, amends):
    text = ADR.format(title="9. Standalone CRD functional layer", status="Accepted",
                      context="Some clusters need CRDs first.", decision=f"We add a CRDs layer.\n\n{sentence}\n")
    (m,) = parse_adr("docs/adr/0009-standalone-crds.md", text).memories
    assert m.status is Status.ACTIVE
    assert [r["number"] for r in m.meta.get("refs", {}).get("amends", [])] == amends


def test_an_amends_field_and_a_status_field_going_on_over_lines_link_the_records():
    """Joey9801/coppice-rs docs/decisions (MIT): "- **Amends:** [ADR 0002](…)" in a record's header, and 0013's
    status written over three lines of its list item, naming the two records that amend it."""
    amending = ("# 17. Log manifest with logical truncation and ordered purge\n\n- **Status:** Accepted\n"
                "- **Date:** 2026-07-07\n- **Amends:** [ADR 0002](0002-openraft-with-custom-segment-storage.md)\n\n"
                "## Context\n\nSealed segments were immutable.\n\n## Decision\n\nA manifest records truncation.\n")
    (m,) = parse_adr("docs/decisions/0017-log-manifest.md", amending).memories
    assert [r["number"] for r in m.meta["refs"]["amends"]] == [2] and m.status is Status.ACTIVE
    amended = ("# 13. Job, attempt, and allocation state machines\n\n- **Status:** Accepted; job machine amended by\n"
               "  [ADR 0030](0030-structural-job-attempt-link.md); terminal-outcome table\n"
               "  amended by [ADR 0033](0033-aligned-limit-breach-outcomes.md)\n- **Date:** 2026-07-07\n"
               "- **Supersedes:** [ADR 0004](0004-job-lifecycle-and-attempts.md)\n\n## Context\n\nJobs.\n\n"
               "## Decision\n\nThree machines.\n")
    (m,) = parse_adr("docs/decisions/0013-job-attempt.md", amended).memories
    assert m.status is Status.ACTIVE
    assert [r["number"] for r in m.meta["refs"]["amended_by"]] == [30, 33]
    assert [r["number"] for r in m.meta["refs"]["supersedes"]] == [4]


def test_a_successor_linked_under_its_old_number_is_found_by_its_name(lore):
    """athensresearch/athens doc/adr (EPL-1.0): 0007 says "Superceded by [9. Atomic/Composite Grapth Operations]
    (0009-atomic-composite-grapth-operations.md)"; the record is `0010-atomic-composite-grapth-operations.md`, and
    0009 is another record. The link means 0010, not 0009 and not nothing."""
    _write(lore.root, "0007-lan-party-datascript-events.md", "7. Lan-Party Datascript Events",
           "Superceded by [9. Atomic/Composite Grapth Operations](0009-atomic-composite-grapth-operations.md)",
           "Peers send datascript transactions.", "Send the transactions as events.")
    _write(lore.root, "0009-rtc-deployment.md", "9. RTC Deployment", "Accepted", "Servers.", "Deploy with Docker.")
    _write(lore.root, "0010-atomic-composite-grapth-operations.md", "10. Atomic/Composite Grapth Operations",
           "Accepted", "Events were datascript.", "Send atomic and composite graph operations.")
    summary = run_import(lore)
    by_title = {m.title: m for m in lore.list(limit=50)}
    old, new = by_title["7. Lan-Party Datascript Events"], by_title["10. Atomic/Composite Grapth Operations"]
    assert old.status is Status.SUPERSEDED and old.superseded_by == [new.id]
    assert not [w for w in summary.warnings if "no such ADR" in w]
    assert by_title["9. RTC Deployment"].status is Status.ACTIVE


def test_a_successor_linked_by_a_file_name_since_renamed_is_found_by_its_number(lore):
    """alphagov/gsp (MIT) ADR012: "Superseded by [ADR028](ADR028-docker-tools.md)", the record now being
    `ADR028-container-tools.md`: "no such ADR found", and ADR012 superseded by nothing."""
    _write(lore.root, "0012-docker-image-repositories.md", "12. Docker image repositories",
           "Superseded by [ADR028](0028-docker-tools.md)", "Images need a home.", "Use Harbor.")
    _write(lore.root, "0028-container-tools.md", "28. Container tools", "Accepted", "Harbor is gone.", "Use ECR.")
    summary = run_import(lore)
    by_title = {m.title: m for m in lore.list(limit=50)}
    old, new = by_title["12. Docker image repositories"], by_title["28. Container tools"]
    assert old.status is Status.SUPERSEDED and old.superseded_by == [new.id]
    assert not [w for w in summary.warnings if "no such ADR" in w]


def test_a_series_written_with_its_own_capitals_links_its_successor_by_number(lore):
    """alphagov/forms (MIT) decision-record/DR002: "Superseded by DR008", its records named `DR002-….md`: superseded,
    and by nothing, so DR002 ranked above DR008 for its own question."""
    _write(lore.root, "DR002-no-charges-for-lower-volume-services.md", "DR002: No charges for small "
           "services", "Superseded by DR008", "Adoption must be cheap.", "Services under 10,000 transactions pay nothing.")
    _write(lore.root, "DR008-no-charges-at-all.md", "DR008: No charges at all", "Accepted",
           "Charging cost more than it raised.", "No service pays.")
    run_import(lore)
    by_title = {m.title: m for m in lore.list(limit=50)}
    old, new = by_title["DR002: No charges for small services"], by_title["DR008: No charges at all"]
    assert old.meta["adr_number"] == 2 and new.meta["adr_number"] == 8
    assert old.status is Status.SUPERSEDED and old.superseded_by == [new.id]


def test_of_two_records_sharing_a_number_the_successor_is_the_one_naming_the_record_back(lore):
    """alphagov/forms (MIT): two `ADR025-….md`; ADR013 says "Superseded by ADR025", and only
    `ADR025-remove-papertrail.md` names ADR013. ADR013 was superseded by nothing, with "no such ADR found"."""
    _write(lore.root, "ADR013-use-paper-trail.md", "ADR013: Use PaperTrail", "Superseded by ADR025",
           "Edits need an audit trail.", "Add the PaperTrail gem.")
    _write(lore.root, "ADR025-use-aasm.md", "ADR025: Use aasm", "Accepted", "Forms have states.", "Use aasm.")
    _write(lore.root, "ADR025-remove-papertrail.md", "ADR025: Remove PaperTrail", "Accepted",
           "[ADR013](ADR013-use-paper-trail.md) added PaperTrail; nobody reads its versions.", "Remove the gem.")
    summary = run_import(lore)
    by_title = {m.title: m for m in lore.list(limit=50)}
    old = by_title["ADR013: Use PaperTrail"]
    assert old.status is Status.SUPERSEDED and old.superseded_by == [by_title["ADR025: Remove PaperTrail"].id]
    assert not [w for w in summary.warnings if "no such ADR" in w]


def test_a_links_bullet_saying_a_part_was_superseded_makes_the_record_partly_superseded():
    """christiangroth/james-platform (MIT) 0016: MADR's Links list ends "* Superseded (for `duration`) by ADR
    [0017](0017-….md)" under "Status: accepted"; a bullet saying "superseded by" with no successor retires nothing."""
    from lore.sources.adr import parse_adr
    from lore.memory import Status
    head = ("# 16. Property units storage granularity\n\n* Status: accepted\n\n## Context and Problem Statement\n\n"
            "We store property units per value.\n\n## Decision Outcome\n\nChosen option: \"per value\".\n\n## Links\n\n"
            "* Related to ADR [0015](0015-units.md)\n")
    m = parse_adr("docs/adr/0016-units.md", head + "* Superseded (for `duration`) by ADR [0017](0017-duration.md)\n"
                  ).memories[0]
    assert m.status is Status.ACTIVE and m.meta["refs"]["partly_superseded_by"][0]["number"] == 17
    loose = parse_adr("docs/adr/0016-units.md", head.replace("* Status: accepted\n\n", "")
                      + "* Superseded by the new storage layer\n").memories[0]
    assert loose.status is not Status.SUPERSEDED


def test_a_record_citing_an_earlier_one_and_upgrading_from_its_choice_amends_it(tmp_workspace: Path):
    """network-goods-institute/negation-game docs/architecture-decisions (AGPL-3.0): 0008 "Upgrade to Gemini 2.0 Flash"
    cites [ADR-0007] and says "We've upgraded from `gemini-flash-1.5` to `gemini-2.0-flash`", what 0007 chose; 0007
    stayed fully current. A cited record that chose something else, or only mentions it outside a decision part, is
    not amended, and one the later record says it supersedes is retired, not amended."""
    _write(tmp_workspace, "0004-openai-for-embeddings.md", "4. OpenAI for embeddings", "Accepted",
           "Embeddings for search.", "We'll use OpenAI's `text-embedding-3-small` for text embeddings.")
    _write(tmp_workspace, "0007-gemini-for-inference.md", "7. Gemini for inference", "Accepted",
           "4o-mini did not perform.", "We'll use Google's `gemini-flash-1.5` for inference.")
    (tmp_workspace / "docs/adr/0005-model-costs.md").write_text(
        "# 5. Model costs\n\nAccepted\n\nWe priced `gemini-flash-1.5` against 4o-mini.\n", encoding="utf-8")
    _write(tmp_workspace, "0008-upgrade-to-gemini-2-flash.md", "8. Upgrade to Gemini 2.0 Flash", "Accepted",
           "We previously adopted Gemini 1.5 Flash as documented in [ADR-0007](./0007-gemini-for-inference.md); "
           "embeddings stay as [ADR-0004](./0004-openai-for-embeddings.md) says, costs as in ADR-0005.\n\n"
           "1. Better reasoning",
           "We've upgraded from `gemini-flash-1.5` to `gemini-2.0-flash` for all inference tasks.")
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        m = _by_path(lo)
        gemini, upgrade = m["0007-gemini-for-inference.md"], m["0008-upgrade-to-gemini-2-flash.md"]
        assert gemini.meta[NEWER_META] == {upgrade.id: "amended"} and gemini.status is Status.ACTIVE
        assert NEWER_META not in m["0004-openai-for-embeddings.md"].meta
        assert NEWER_META not in m["0005-model-costs.md"].meta  # no decision part: what it chose is its title
        assert ("docs/adr/0007-gemini-for-inference.md", "amended", "docs/adr/0008-upgrade-to-gemini-2-flash.md") \
            in summary.later_records
        _write(tmp_workspace, "0008-upgrade-to-gemini-2-flash.md", "8. Upgrade to Gemini 2.0 Flash",
               "Accepted\n\nSupersedes [ADR-0007](0007-gemini-for-inference.md)", "Gemini 2.0 is out.",
               "We've upgraded from `gemini-flash-1.5` to `gemini-2.0-flash`.")
        run_import(lo)
        m = _by_path(lo)
        assert m["0007-gemini-for-inference.md"].status is Status.SUPERSEDED
        assert NEWER_META not in m["0007-gemini-for-inference.md"].meta
    finally:
        lo.close()


def test_what_a_record_says_it_moved_from_is_kept_with_the_records_it_cites():
    from lore.sources.newer import moved_from_links

    text = ("# 8. Upgrade\n\nAs documented in [ADR-0007](./0007-gemini.md) and ADR-3.\n\n1. Faster\n\n"
            "See [the docs](https://ai.google.dev).\n\nWe've upgraded from `gemini-flash-1.5` to `gemini-2.0-flash`, "
            "and migrated from [Webpack](https://webpack.js.org) to Vite.\n")
    found = moved_from_links(text)
    assert [(r["target"], r["number"]) for r in found] == [("./0007-gemini.md", 7), (None, 3)]
    assert found[0]["from"] == ["gemini-flash-1.5", "Webpack"]
    assert moved_from_links(text.replace("upgraded from", "kept").replace("migrated from", "added")) == []
    assert moved_from_links("We moved away from [Semantic UI](x) in [ADR-2](0002-ui.md).") == []  # a reversal's words


def _ingress_workspace(root: Path, requires: str, status: str = "Accepted") -> None:
    """Shaped on cloudfoundry/korifi's docs/architecture-decisions 0009 and 0015 (Apache-2.0): Contour chosen for
    ingress in 2021, the Gateway API in 2024, both accepted; the go.mod then declares the gateway-api module alone."""
    (root / "go.mod").write_text(f"module example.org/korifi\n\ngo 1.22\n\nrequire (\n{requires})\n", encoding="utf-8")
    _write(root, "0009-use-contour-for-ingress.md", "Use Contour for Ingress", "Accepted",
           "The Gateway API is not stable yet.", "We will reconcile routes to Contour HTTPProxy resources for ingress.")
    _write(root, "0015-use-gateway-api-for-ingress.md", "Use Gateway API for Ingress", status,
           "The Gateway API has reached 1.0.", "We now leverage the Gateway API for routing and ingress.")


@pytest.mark.parametrize("requires, status, replaced", [
    pytest.param("\tsigs.k8s.io/gateway-api v1.5.1\n", "Accepted", True, id="earlier-choice-gone"),
    pytest.param("\tgithub.com/projectcontour/contour v1.28.0\n\tsigs.k8s.io/gateway-api v1.5.1\n", "Accepted", False,
                 id="both-still-declared"),
    pytest.param("\tsigs.k8s.io/gateway-api v1.5.1\n", "Proposed", False, id="later-only-proposed"),
])
def test_a_later_record_choosing_another_product_for_the_same_purpose_replaces_one_whose_choice_is_gone(
        tmp_workspace: Path, requires, status, replaced):
    _ingress_workspace(tmp_workspace, requires, status)
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lo)
        m = {Path(r.provenance.path).name: r for r in lo.list(limit=100) if r.provenance.path}
        contour, gateway = m["0009-use-contour-for-ingress.md"], m["0015-use-gateway-api-for-ingress.md"]
        link = ("docs/adr/0009-use-contour-for-ingress.md", "replaced", "docs/adr/0015-use-gateway-api-for-ingress.md")
        assert (link in summary.later_records) is replaced
        assert contour.status is Status.ACTIVE  # still says why Contour was chosen
        if replaced:
            assert contour.meta[NEWER_META] == {gateway.id: "replaced"}
            hits = lo.search(Query("Contour or Gateway API for ingress", limit=5))
            names = [Path(h.memory.provenance.path).name for h in hits]
            assert names.index("0015-use-gateway-api-for-ingress.md") < names.index("0009-use-contour-for-ingress.md")
        else:
            assert NEWER_META not in contour.meta
    finally:
        lo.close()


def test_a_status_part_saying_this_record_updates_an_earlier_one_amends_it():
    """openedx/frontend-app-learning 0008 (AGPL-3.0) says so in its status part, under "Accepted"."""
    text = ("# Liberal courseware path handling\n\n## Status\n\nAccepted\n\n_This updates some of the content in "
            "[ADR #2: Courseware page decisions](./0002-courseware-page-decisions.md)._\n\n## Context\n\nThree path "
            "forms.\n\n## Decision\n\nAccept them all.\n")
    (m,) = parse_adr("docs/decisions/0008-liberal-courseware-path-handling.md", text).memories
    assert m.status is Status.ACTIVE
    assert [r["number"] for r in m.meta["refs"]["amends"]] == [2]


def test_a_record_deleting_what_a_dated_record_brought_in_reverses_it():
    """eclipse-edc/Connector (Apache-2.0): `2023-05-17-delete-helm-charts/README.md` "Delete Helm Chart" after
    `2022-02-14-helm-chart/README.md` "Helm chart"; their folders' days say which came first."""
    root = "docs/developer/decision-records"
    (old,) = parse_adr(f"{root}/2022-02-14-helm-chart/README.md",
                       "# Helm chart\n\n## Decision\n\nWe ship a Helm chart.\n").memories
    (new,) = parse_adr(f"{root}/2023-05-17-delete-helm-charts/README.md",
                       "# Delete Helm Chart\n\n## Decision\n\nWe delete the charts.\n").memories
    assert {(a.id, b.id) for a, b in reversals([old, new])} == {(old.id, new.id)}

