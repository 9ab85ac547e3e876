"""A question citing a record by its number ("ADR 5", "adr-0042", "TEP-0044") finds that record first
(`recall.numbered`): on three TypeScript repositories (guardian/service-catalogue, guardian/cdk,
digitalservicebund/elterngeldrechner) "ADR 04", "ADR 3", "ADR 005", "ADR 5" and "ADR 7" never put the record with
that number first, and records 4 to 6 of one of them kept the "1." heading copied from the first."""

from __future__ import annotations

import pytest

from lore.ingest import run_import
from lore.recall.numbered import cited_numbers, cites, record_number, uncited
from lore.recall.query import Query
from tree_files import write


def record(title: str, body: str) -> str:
    return f"# {title}\n\nDate: 2024-01-10\n\n## Status\n\nAccepted\n\n## Context\n\n{body}\n\n## Decision\n\n{body}\n"


RECORDS = {
    "architecture-decision-records/0001-record-architecture-decisions.md":
        record("1. Record architecture decisions", "We record architecture decisions as described by Michael Nygard."),
    "architecture-decision-records/0004-external-link-checking.md":
        record("1. External Link Checking", "Broken links are checked by a pre-commit hook instead of a nightly job."),
    "architecture-decision-records/0005-bundle-architecture.md":
        record("1. Bundle Architecture", "The bundle ships one css and one js file; assets are delivered as files."),
    "architecture-decision-records/0007-release-process.md":
        record("7. Release process", "A release is a tag on main; the pipeline deploys tags to production."),
}


def test_a_question_that_is_a_record_number_finds_that_record_first(lore):
    write(lore.root, RECORDS)
    run_import(lore)
    for question, wanted in (("ADR 5", "Bundle Architecture"), ("adr-0004", "External Link Checking"),
                             ("ADR 007?", "Release process"), ("ADR 1", "Record architecture decisions")):
        hits = lore.search(Query(question, limit=3))
        assert hits and wanted in hits[0].memory.title, (question, [h.memory.title for h in hits])
        assert any(w.startswith("is ADR ") for w in hits[0].why), hits[0].why


def test_a_number_cited_among_other_words_lifts_its_record(lore):
    write(lore.root, RECORDS)
    run_import(lore)
    hits = lore.search(Query("what did ADR 5 decide about the files we ship", limit=3))
    assert "Bundle Architecture" in hits[0].memory.title, [h.memory.title for h in hits]


def test_numbers_that_cite_no_record_lift_nothing(lore):
    write(lore.root, RECORDS)
    run_import(lore)
    hits = lore.search(Query("python 5", limit=3))
    assert not any(w.startswith("is ") for h in hits for w in h.why)


CLUSTER = {
    "docs/architecture-decisions/0001-record-architecture-decisions.md":
        record("1. Record architecture decisions", "We keep an ADR, a numbered architecture decision record, for "
                                                   "each decision, such as ADR 13 on the cluster."),
    "docs/architecture-decisions/0003-submission-message-spec.md":
        record("3. Submission message spec", "Submissions are sent as JSON messages on the queue."),
    "docs/architecture-decisions/0013-azure-kubernetes.md":
        record("13. Migration to Azure Kubernetes", "The service moves from Heroku to an Azure Kubernetes cluster."),
}


def test_a_cited_record_word_and_number_are_not_matched_as_words_or_meaning(lore):
    """claim-additional-payments, dspace-submission-service: "ADR 13" and "which replaced ADR 3 submission message
    spec" put "Record architecture decisions" second, found by the words "adr" and "13" of the citation; the number
    finds its record, and only the rest of the question is matched by words and meaning."""
    write(lore.root, CLUSTER)
    run_import(lore)
    hits = lore.search(Query("ADR 13", limit=5))
    assert [h.memory.title for h in hits] == ["13. Migration to Azure Kubernetes"], [h.memory.title for h in hits]
    hits = lore.search(Query("what is ADR-0013?", limit=5))
    assert [h.memory.title for h in hits] == ["13. Migration to Azure Kubernetes"], [h.memory.title for h in hits]
    hits = lore.search(Query("what did ADR 3 say about the queue messages", limit=5))
    titles = [h.memory.title for h in hits]
    assert titles[0] == "3. Submission message spec" and "1. Record architecture decisions" not in titles, titles


def test_only_citations_that_name_a_record_leave_the_matched_text():
    assert uncited("ADR 13", {("adr", 13)}) == ""
    assert uncited("what is decision 4?", {("decision", 4)}) == ""  # nothing but stop words left
    assert uncited("which replaced ADR-0003 submission spec", {("adr", 3)}).split() == ["which", "replaced",
                                                                                          "submission", "spec"]
    assert uncited("RFC 7231 caching in ADR 5", {("adr", 5)}).split() == ["RFC", "7231", "caching", "in"]
    assert uncited("python 3 support", set()) == "python 3 support"


def test_what_a_citation_is_and_what_a_record_is_numbered():
    assert cited_numbers("ADR 5") == ([("adr", 5)], True)
    assert cited_numbers("TEP-0044") == ([("tep", 44)], True)
    assert cited_numbers("What did RFC 12 decide?") == ([("rfc", 12)], False)
    assert cited_numbers("v1.2 of adr 0005-bundle") == ([], False)
    assert record_number("docs/adr/0005-bundle.md", "1. Bundle") == 5  # the file's number, not a copied heading's
    assert record_number("doc/adr-005-queues.md", "Queues") == 5
    assert record_number("docs/decisions.md", "ADR-010: Use Kafka") == 10
    assert record_number("docs/2020-01-01-meeting.md", "Meeting") is None  # a date, not a number
    assert record_number("docs/adr/README.md", "Decisions") is None
    assert cites("tep", "teps/0044-data-locality.md") and cites("adr", "docs/decisions/0003-x.md")
    assert not cites("python", "docs/adr/0005-bundle.md")


def test_a_question_asking_why_weighs_documentation_pages_a_little_less():
    """On six repositories met for the first time (rustledger, go-utilpkg, dr3dr3/terraform, opentdf/platform,
    katana-openapi-client), "why …" questions put the decision behind documentation pages and the project's map
    that share its words: only a decision or a rule says why."""
    import time

    from lore.memory import DOC_META, Kind, Memory, Provenance, SourceKind
    from lore.recall.query import Hit
    from lore.recall.search import REASON_DOC_WEIGHT, _adjust

    page = Memory(title="Crates", body="The workspace has nine crates.", kind=Kind.FACT, meta={DOC_META: True},
                  provenance=Provenance(SourceKind.ADR, "docs/crates.md", 1))
    record = Memory(title="Split into crates", body="We split the project into crates.", kind=Kind.DECISION,
                    provenance=Provenance(SourceKind.ADR, "docs/adr/0001-crates.md", 1))
    now = time.time()

    def score(m, text):
        hit = Hit(m, 1.0)
        _adjust(hit, Query(text), now)
        return hit.score

    asked = "why is the project split into many crates"
    assert score(page, asked) == pytest.approx(score(page, "how is the project split into crates") * REASON_DOC_WEIGHT)
    assert score(record, asked) == pytest.approx(score(record, "how is the project split into crates"))


def test_a_superseded_record_asked_for_by_its_number_comes_first_then_its_successor(lore):
    """kakuma-frontend: "ADR 12" put ADR 14, which superseded it, first; asked for by number, the record is the
    answer, and the one that replaced it follows it. Asked about its subject, the successor still leads."""
    write(lore.root, {
        "doc/adr/0012-use-postgres.md": "# 12. Use Postgres\n\n## Status\n\nSuperseded by [ADR 14](0014-no-database.md)\n\n"
                                        "## Context\n\nWe need to store questions.\n\n## Decision\n\nStore questions in Postgres.\n",
        "doc/adr/0014-no-database.md": "# 14. No database\n\n## Status\n\nAccepted\n\nSupersedes [ADR 12](0012-use-postgres.md)\n\n"
                                       "## Context\n\nQuestions come from the service.\n\n## Decision\n\nKeep no database; "
                                       "questions are read from the service.\n",
    })
    run_import(lore)
    for question in ("ADR 12", "what is ADR 12?"):  # nothing but the citation to match
        hits = lore.search(Query(question, limit=3, include_superseded=True))
        assert [h.memory.title for h in hits[:2]] == ["12. Use Postgres", "14. No database"], [h.memory.title for h in hits]
    hits = lore.search(Query("where are questions stored postgres", limit=3, include_superseded=True))
    assert hits[0].memory.title == "14. No database", [h.memory.title for h in hits]


def test_a_version_asked_for_finds_the_record_requiring_it(lore):
    """lcobucci/kafka (MIT): "Require PHP 7.2" and "Require PHP 7.3" differ by the version alone, which the word index
    split into numbers too short to look up."""
    from lore.text import query_words

    assert query_words("Require PHP 7.2")[0] == "7 2" and "7 3" not in query_words("Require PHP 7.2")
    write(lore.root, {
        "docs/adr/0002-require-php-7-2.md": record("2. Require PHP 7.2", "We require PHP 7.2 for typed properties."),
        "docs/adr/0006-require-php-7-3.md": record("6. Require PHP 7.3", "We require PHP 7.3 for the new syntax."),
    })
    run_import(lore)
    hits = lore.search(Query("Require PHP 7.2", limit=3))
    assert hits[0].memory.title == "2. Require PHP 7.2", [h.memory.title for h in hits]
