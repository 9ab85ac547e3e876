"""A name the question writes as code, written by one record only, lifts that record (`recall.search`): shaped on
evo-company/featureflags, whose only prose writing `ValuesChanges` is its ADR 3, while a question about it also says
"changelog", the title of a long change log."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.api import Lore
from lore.ingest import run_import
from lore.recall.query import Query
from lore.recall.search import _NAME
from tree_files import write

ADR = """# 3. Add Slack notifications for project flag and value changes

## Status

Accepted

## Context

Teams need to see feature flag and value changes without watching the UI. The mechanism must support
project-specific targets, be managed from the UI, and not slow down mutation requests.

## Decision

We will add Slack notifications delivered through incoming webhooks. Channels are stored in the database and
managed in the UI; projects select the channels they notify.

Notifications are triggered from the GraphQL mutation handlers, reusing the existing `Changes` and `ValuesChanges`
context objects that already capture what changed for changelog generation. Delivery happens in a background task
after the mutation commits, so a slow webhook never delays a request.
"""
CHANGELOG = "# Changelog\n\n" + "".join(
    f"## 1.{n}.0\n\n- add changelog for flags and values\n- fix changes view when a value has no conditions\n\n"
    for n in range(30, 20, -1))
GETTING_STARTED = """# Getting started

Install the server, create a project, and define flags and values. Every change to a flag or a value is written
to the project's changelog, which the UI shows on the flag's page.
"""

CHANGELOG_PAGE = ("# Changelog\n\nThe changelog page lists every change to a project's flags and values: who changed "
                  "what and when. Besides the UI, the changelog is used by the audit export.\n")
RULES = ("# Project rules\n\n- Keep the changelog up to date with every change you make.\n"
         "- Use the existing context objects for changes.\n")


@pytest.mark.model
def test_the_one_record_writing_a_name_the_question_asks_about_comes_first(tmp_workspace: Path, model_dir: Path):
    from lore.embedding.embedder import FastEmbedder

    write(tmp_workspace, {"adr/0003-slack-notifications-for-project-changes.md": ADR, "CHANGELOG.md": CHANGELOG,
                          "docs/getting-started.md": GETTING_STARTED, "docs/changelog.md": CHANGELOG_PAGE,
                          "AGENTS.md": RULES})
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db",
              embedder=FastEmbedder(model_path=str(model_dir))) as lore:
        run_import(lore)
        hits = lore.search(Query("What else is ValuesChanges used for besides the changelog?", limit=5))
        titles = [h.memory.title for h in hits]
        # the page titled for the other word of the question may stay first; every page that only shares words
        # with the question ("changelog", "changes") comes after the record
        assert any(t.startswith("3. Add Slack notifications") for t in titles[:2]), titles
        record = next(h for h in hits if h.memory.title.startswith("3. Add Slack notifications"))
        assert "writes `ValuesChanges`, which few memories write" in record.why


def test_names_written_as_code_are_told_from_words():
    assert _NAME.findall("What are ValuesChanges and FeatureStore for? Ask PostgreSQL.") == \
        ["ValuesChanges", "FeatureStore", "PostgreSQL"]
    assert _NAME.findall("Why do we use a changelog and Kafka?") == []


def test_the_words_a_hit_is_said_to_share_begin_words_of_its_text(lore):
    """GSA-TTS/continuous-assessment-poc (CC0): "why was the ci rails environment added" explained its first hit,
    which never says "ci", as "words ci, rails, environment": the letters sat inside "decisions"."""
    write(lore.root, {"doc/adr/0002-initial-architecture-decisions.md":
                      "# 2. Initial architecture decisions\n\n## Status\n\nAccepted\n\n## Decision\n\n"
                      "Rails decisions: the production environment runs on cloud.gov.\n"})
    run_import(lore)
    hits = lore.search(Query("why was the ci rails environment added", limit=3))
    words = next(w for w in hits[0].why if w.startswith("words "))
    assert "rails" in words and "environment" in words and "ci," not in words and " ci " not in words


HARDLINKMGR = Path(__file__).resolve().parents[1] / "fixtures" / "corpora" / "danbrakeley__hardlinkmgr"


@pytest.mark.model
def test_a_question_that_is_one_name_alone_finds_the_record_writing_it_first(tmp_workspace: Path, model_dir: Path):
    from lore.embedding.embedder import FastEmbedder

    """danbrakeley/hardlinkmgr (GPL-3.0): only record 0004 writes `hlm_add_test`; the README (nearest in meaning, at a
    cosine of 0.27) and the testing guide, which say "hlm" and "test" far more often, ranked above it."""
    write(tmp_workspace, {str(p.relative_to(HARDLINKMGR)): p.read_text(encoding="utf-8")
                          for p in HARDLINKMGR.rglob("*.md") if p.name != "SOURCE.md"})
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db",
              embedder=FastEmbedder(model_path=str(model_dir))) as lore:
        run_import(lore)
        hits = lore.search(Query("hlm_add_test", limit=5))
        assert hits[0].memory.title.startswith("Automated Tests"), [h.memory.title for h in hits]


def test_a_question_is_one_name_alone_only_when_it_holds_nothing_else():
    from lore.recall.search import _ONE_NAME
    assert [_ONE_NAME.match(q).group(1) for q in ("hlm_add_test", " `fullyParallel` ", "getIdempotencyKey()",
                                                  "MainWindow::setPasswordPrompt", "http.NewServeMux")] == \
        ["hlm_add_test", "fullyParallel", "getIdempotencyKey", "MainWindow::setPasswordPrompt", "http.NewServeMux"]
    assert not any(_ONE_NAME.match(q) for q in ("hlm_add_test usage", "f(x) + 1", "why fullyParallel?"))
