"""`lore import` tells what it took: decision records found in several real layouts, guides and
rules, markdown taken as nothing with why, unknown statuses; a folder given once is remembered in
`.lore/config.toml`; an import that would deprecate most imported memories is held back."""

from __future__ import annotations

import json
import tomllib

import pytest

from lore.api import Lore
from lore.cli.main import main
from lore.embedding.embedder import HashEmbedder
from lore.memory import Status
from lore.recall import Query
from lore.sources import ImportSettings
from lore.ingest import run_import
from lore.sources.config import ConfigError, read_adr_folders, remember_adr_folders
from tree_files import write


def nygard(n: int, title: str, status: str = "Accepted") -> str:
    return (f"# {n}. {title}\n\nDate: 2021-03-04\n\n## Status\n\n{status}\n\n## Context\n\nWe had a problem.\n\n"
            f"## Decision\n\nWe will {title.lower()}.\n\n## Consequences\n\nSome work.\n")


def madr(title: str, status: str = "accepted") -> str:
    return (f"---\nstatus: {status}\ndate: 2020-09-25\ndeciders: Ana\n---\n\n# {title}\n\n## Context and Problem "
            f"Statement\n\nWhich one?\n\n## Considered Options\n\n* A\n* B\n\n## Decision Outcome\n\n"
            f"Chosen option: \"A\", because it is simpler.\n")


# Layouts as in real repositories (alphagov/govuk-aws, arachne-framework/architecture,
# ministryofjustice/modernisation-platform, thomvaill/log4brains, guardian/dotcom-rendering) plus
# the documents that sit beside them and are no decision records.
LAYOUT = {
    "docs/architecture/decisions/0001-record-architecture-decisions.md": nygard(1, "Record architecture decisions"),
    "docs/architecture/decisions/0002-hosting-platforms.md": nygard(2, "Use AWS", "Superseded by [3. Use GCP]"
                                                                    "(0003-use-gcp.md)"),
    "docs/architecture/decisions/0003-use-gcp.md": nygard(3, "Use GCP"),
    "docs/architecture/README.md": "# Architecture\n\nSee [decisions](decisions/).\n",
    # a record saved without its extension (DFE-Digital/get-an-identity), and one in reStructuredText
    "docs/architecture/decisions/0007-use-service-bus-for-notifications": nygard(7, "Use a service bus"),
    "docs/decisions/0008-use-sphinx.rst": ("8. Use Sphinx\n=============\n\nContext\n-------\n\nWe write docs.\n\n"
                                          "Decision\n--------\n\nWe will use Sphinx.\n"),
    "adr-001-use-adrs.md": "# Architecture Decision Record: Use ADRs\n\n## Context\n\nWe decide often.\n\n"
                           "## Decision\n\nWe will write ADRs.\n\n## Status\n\nAccepted\n",
    "architecture-decision-record/0004-use-bash.md": nygard(4, "Use bash", "❌ Rejected"),
    "architecture-decision-record/0005-use-go.md": nygard(5, "Use go", "Parked"),
    "architecture-decision-record/0006-use-rust.md": nygard(6, "Use rust", "Parked"),
    "architecture-decision-record/README.md": "# Architecture decisions\n\nAn index.\n",
    "docs/adr/20200925-use-lerna.md": madr("Use Lerna"),
    "docs/adr/20201016-use-slugs.md": madr("Use slugs", "proposed"),
    "docs/adr/template.md": madr("Title"),
    "site/docs/design/021-nojs.md": "# Support NoJS\n\n## Context\n\nNav needs JS.\n\n## Status\n\nApproved\n",
    "site/docs/design/022-hydration.md": nygard(22, "Hydrate islands"),
    "site/docs/design/023-scripts.md": nygard(23, "Load scripts as modules", "2021-03-04 In progress"),
    "docs/guides/deploy.md": "# Deploying\n\n## Context\n\nStaging mirrors production.\n\n## Steps\n\nMerge.\n",
    "docs/roadmap.md": "# Roadmap\n\n## Status\n\nBeta.\n\n## Background\n\nUsers asked.\n",
    "CHANGELOG.md": "# Changelog\n\n## [1.0.0] - 2024-01-01\n\n### Changed\n\n- Things.\n",
    "CONTRIBUTING.md": "# Contributing\n\n## Style\n\nUse black.\n",
    "AGENTS.md": "# Rules\n\n## Tests\n\nUse pytest.\n",
    # DFE-Digital/find-information-about-academies-and-trusts: six Cursor rules imported, none in the report
    ".cursor/rules/page-objects.mdc": "---\ndescription: Page objects\nglobs: tests/**\n---\n\nOne page object per page.\n",
    ".cursorrules": "Prefer small functions.\n",
}
DECISIONS = sorted(p for p in LAYOUT if "decisions/0" in p or p.startswith(("adr-", "architecture-decision-record/0"))
                   or "/docs/design/" in p or p.startswith("docs/adr/2"))


def test_layouts_of_real_repositories_are_found(lore):
    write(lore.root, LAYOUT)
    summary = run_import(lore)
    assert sorted(summary.decisions) == DECISIONS
    assert summary.rules == [".cursor/rules/page-objects.mdc", ".cursorrules", "AGENTS.md", "CONTRIBUTING.md"]
    assert summary.docs == ["CHANGELOG.md", "architecture-decision-record/README.md", "docs/architecture/README.md",
                            "docs/guides/deploy.md", "docs/roadmap.md"]  # pages of docs, read-me indexes, a change log
    not_taken = dict(summary.not_taken)
    assert not_taken["docs/adr/template.md"] == "template"
    assert "CHANGELOG.md" not in summary.decisions and "docs/roadmap.md" not in summary.decisions
    assert summary.unknown_statuses == {"Parked": 2}
    again = run_import(lore)  # nothing re-read, the same report
    assert (again.imported, sorted(again.decisions), again.unknown_statuses) == (0, DECISIONS, {"Parked": 2})


def test_statuses_of_found_records(lore):
    write(lore.root, LAYOUT)
    run_import(lore)
    status = {m.provenance.path: m for m in lore.store.memories.matching()}
    assert status["architecture-decision-record/0004-use-bash.md"].status is Status.REJECTED
    assert status["docs/adr/20201016-use-slugs.md"].status is Status.PROPOSED
    assert status["site/docs/design/023-scripts.md"].status is Status.PROPOSED
    old, new = status["docs/architecture/decisions/0002-hosting-platforms.md"], \
        status["docs/architecture/decisions/0003-use-gcp.md"]
    assert old.status is Status.SUPERSEDED and old.superseded_by == [new.id]
    found = {h.memory.provenance.path for h in lore.search(Query("use bash", limit=20))}
    assert "architecture-decision-record/0004-use-bash.md" in found  # rejected is an answer, not hidden


def test_cli_prints_categories_and_lists_with_verbose(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    write(tmp_path, LAYOUT)
    assert main(["-w", str(tmp_path), "import", "-v"]) == 0
    out = capsys.readouterr().out
    assert f"decision records: {len(DECISIONS)} files" in out
    assert "guides and rules: 4 files" in out and "  .cursor/rules/page-objects.mdc" in out
    assert "documentation:    5 files" in out and "  docs/guides/deploy.md" in out and "  CHANGELOG.md" in out
    assert "  docs/adr/template.md: template" in out
    assert "taken as nothing: " in out and " in docs folders or shaped like records" in out
    assert "2 records with an unknown status 'Parked' treated as active" in out
    assert main(["-w", str(tmp_path), "import", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(data["decision_records"]) == DECISIONS and data["unknown_statuses"] == {"Parked": 2}


def test_cli_names_the_guides_left_out_and_why(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    rules = "# Rules\n\n## Tests\n\nRun the tests before pushing.\n"
    write(tmp_path, {"AGENTS.md": rules, "GEMINI.md": rules, "CLAUDE.md": "Read @AGENTS.md\n"})
    assert main(["-w", str(tmp_path), "import", "-v"]) == 0
    out = capsys.readouterr().out
    assert "guides and rules: 1 file (2 left out: 1 pointing to another file, 1 copy of another guide)" in out
    assert "  CLAUDE.md: left out, points to another file" in out and "  GEMINI.md: left out, a copy of AGENTS.md" in out
    assert main(["-w", str(tmp_path), "import", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["guides_and_rules_left_out"] == [{"path": "GEMINI.md", "reason": "a copy of AGENTS.md"},
                                                 {"path": "CLAUDE.md", "reason": "points to another file"}]


def test_a_folder_given_once_is_remembered(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    records = {f"design/records/{n}-choice.md": f"# Choice {n}\n\nWe use tool {n} for jobs.\n" for n in range(1, 8)}
    write(tmp_path, records)
    assert main(["-w", str(tmp_path), "import", "--json", "--adr-folder", "./design/records/"]) == 0
    assert len(json.loads(capsys.readouterr().out)["decision_records"]) == 7
    config = tomllib.loads((tmp_path / ".lore" / "config.toml").read_text())
    assert config == {"import": {"adr_folders": ["design/records"]}}
    # A later run without the option (the language server's start-up import) keeps them.
    assert main(["-w", str(tmp_path), "import", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (len(data["decision_records"]), data["deprecated"]) == (7, 0)


def test_bad_folder_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    assert main(["-w", str(tmp_path), "import", "--adr-folder", "../elsewhere"]) == 2
    assert "not a folder inside the workspace" in capsys.readouterr().err
    assert not (tmp_path / ".lore" / "config.toml").exists()


def test_config_keeps_what_else_it_says(tmp_path):
    (tmp_path / ".lore").mkdir()
    (tmp_path / ".lore" / "config.toml").write_text("# ours\n[import]\nadr_folders = [\"a\"]  # kept\n\n[other]\nx = 1\n")
    assert remember_adr_folders(tmp_path, ["b", "a"]) == ["b"]
    text = (tmp_path / ".lore" / "config.toml").read_text()
    assert text.startswith("# ours\n") and tomllib.loads(text)["other"] == {"x": 1}
    assert read_adr_folders(tmp_path) == ["a", "b"]
    (tmp_path / ".lore" / "config.toml").write_text("[import\n")
    with pytest.raises(ConfigError):
        read_adr_folders(tmp_path)


def test_broken_config_is_a_warning_not_a_crash(lore):
    write(lore.root, {".lore/config.toml": "[import]\nadr_folders = 3\n", **LAYOUT})
    summary = run_import(lore)
    assert any(w.startswith(".lore/config.toml:1:") for w in summary.warnings)
    assert sorted(summary.decisions) == DECISIONS


def test_mass_deprecation_is_held_back_until_confirmed(lore):
    records = {f"team/records/choice-{n}.md": f"# Choice {n}\n\nWe use tool {n} for jobs.\n" for n in range(1, 8)}
    # (a folder no documentation lives in, and no numbered series, in a project with code: those pages stay, as
    # documentation)
    write(lore.root, {**records, "app/main.py": "def main():\n    return 0\n"})
    run_import(lore, settings=ImportSettings(adr_folders=["team/records"]))
    assert lore.store.memories.count_live_imported() == 7
    held = run_import(lore)  # the folder forgotten: all seven would go
    assert held.held_back == 7 and held.deprecated == 0
    assert lore.store.memories.count_live_imported() == 7
    assert run_import(lore).held_back == 7  # asked again next time, still not written
    done = run_import(lore, settings=ImportSettings(allow_mass_deprecation=True))
    assert done.held_back == 0 and done.deprecated == 7
    assert lore.store.memories.count_live_imported() == 0


def test_pages_read_as_records_at_last_are_replaced_not_held_back(lore):
    """Pages imported as documentation that a later import reads as decision records (here: their folder
    named as one of records) are replaced by those records, not counted as a mass deprecation."""
    pages = {f"design/notes/choice-{n}.md": f"# Choice {n}\n\n## Context\n\nJobs.\n\n## Options\n\nTool {n}.\n"
             for n in range(1, 8)}
    write(lore.root, pages)
    first = run_import(lore)
    assert len(first.docs) == 7 and first.decisions == []
    before = {m.provenance.path: m.id for m in lore.store.memories.matching()}
    again = run_import(lore, settings=ImportSettings(adr_folders=["design/notes"]))
    assert again.held_back == 0 and len(again.decisions) == 7
    # each page becomes its record in place: the same memory, with no deprecated copy left to turn up in search
    assert again.deprecated == 0 and again.updated == 7
    live = lore.store.memories.matching()
    assert sorted(m.provenance.kind.value for m in live) == ["adr"] * 7
    assert set(again.renamed_ids) == set(before.values())  # its id follows the record's key, links re-pointed


def test_cli_refuses_mass_deprecation_loudly(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    write(tmp_path, {f"docs/adr/000{n}-x{n}.md": nygard(n, f"Use tool {n}") for n in range(1, 7)})
    assert main(["-w", str(tmp_path), "import"]) == 0
    for n in range(1, 7):
        (tmp_path / f"docs/adr/000{n}-x{n}.md").unlink()
    capsys.readouterr()
    assert main(["-w", str(tmp_path), "import"]) == 1
    assert "would deprecate 6 of the workspace's 6 imported memories" in capsys.readouterr().err
    assert main(["-w", str(tmp_path), "import", "--yes"]) == 0


def test_small_deprecations_need_no_confirmation(lore):
    write(lore.root, {f"docs/adr/000{n}-x{n}.md": nygard(n, f"Use tool {n}") for n in range(1, 4)})
    run_import(lore)
    (lore.root / "docs/adr/0001-x1.md").unlink()
    (lore.root / "docs/adr/0002-x2.md").unlink()
    summary = run_import(lore)
    assert summary.held_back == 0 and summary.deprecated == 2


def test_new_rules_read_unchanged_files_again_once(lore, monkeypatch):
    from lore.ingest import runner

    write(lore.root, LAYOUT)
    run_import(lore)
    lore.store.set_meta(runner.RULES_META, '{"version": 1, "adr_folders": []}')  # a workspace from before
    calls = []
    real = runner.parse_file
    monkeypatch.setattr(runner, "parse_file", lambda *a, **k: calls.append(a[1]) or real(*a, **k))
    summary = run_import(lore)
    assert len(calls) == len(LAYOUT) and summary.added == 0 and sorted(summary.decisions) == DECISIONS
    calls.clear()
    run_import(lore)
    assert calls == []


def test_the_shared_config_is_watched():
    from lore.sources import is_source_path

    assert is_source_path(".lore/config.toml")
    assert not is_source_path(".lore/lore.db")


def test_the_guard_counts_what_writing_would_deprecate(lore):
    """A heading renamed over the same text keeps its memory when written (`sync.matched`), so the guard
    holds nothing back for it, whatever many files it touches."""
    guides = {f"services/s{n}/AGENTS.md": f"# Service {n}\n\n## Setup\n\nRun the installer number {n} first.\n"
              for n in range(1, 8)}
    write(lore.root, guides)
    run_import(lore)
    write(lore.root, {rel: text.replace("## Setup", "## Installing") for rel, text in guides.items()})
    again = run_import(lore)
    assert again.held_back == 0 and again.deprecated == 0


def test_an_agents_saved_commands_are_no_records(lore):
    """Shaped on BrighterCommand/Brighter (MIT): a Claude Code command about ADRs, in an `adr/` folder,
    describing their front matter, was taken for a decision record."""
    command = ("---\nallowed-tools: Read, Glob, Grep\ndescription: Extract ADR frontmatter\n---\n\n# Read ADR Metadata\n\n"
               "You are surfacing prior-art ADRs.\n\n## Status\n\nRead the `status:` of each ADR.\n\n## Decision\n\n"
               "Return the candidates.\n\n## Consequences\n\nThe agent spends little context.\n")
    write(lore.root, {".claude/commands/adr/read_adr_metadata.md": command, ".github/prompts/adr/new.prompt.md": command,
                      "docs/adr/0001-use-adrs.md": nygard(1, "Use ADRs")})
    summary = run_import(lore)
    assert summary.decisions == ["docs/adr/0001-use-adrs.md"] and summary.docs == []
    not_taken = dict(summary.not_taken)
    assert not_taken[".claude/commands/adr/read_adr_metadata.md"] == "an agent's command or prompt"
    assert not_taken[".github/prompts/adr/new.prompt.md"] == "an agent's command or prompt"


def test_the_folder_adr_tools_declares_holds_records(tmp_path, monkeypatch):
    """ghalactic/provision-github-tokens and wuespace/telestion-architecture declare `docs/adrs` in `.adr-dir`
    (adr-tools); log4brains projects in `.log4brains.yml`. Their records are read from there whatever the
    folder is named; a declared folder outside the workspace is a warning."""
    write(tmp_path, {".adr-dir": "design/log\n", "design/log/0001-pick-a-queue.md": "# Pick a queue\n\nWe use SQS.\n",
                     "notes/0002-other.md": "# Other\n\nNotes.\n", "src/app.py": "x = 1\n"})
    with Lore(tmp_path, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        assert summary.decisions == ["design/log/0001-pick-a-queue.md"]
    write(tmp_path, {".adr-dir": "../elsewhere\n"})
    with Lore(tmp_path, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        assert any(w.startswith(".adr-dir:1:") for w in summary.warnings)


def test_a_record_left_as_its_template_is_reported_and_is_no_page(lore):
    """JonQuxBurton/MobileMicroservicesSample (MIT) doc/adr/0001 is adr-tools' template with its guidance only: taken
    as no record, it must not come back as a page of documentation either; the report says why it was left out."""
    guidance = ("## Context\n\nThe issue motivating this decision, and any context that influences or constrains the "
                "decision.\n\n## Decision\n\nThe change that we're proposing or have agreed to implement.\n\n"
                "## Consequences\n\nWhat becomes easier or more difficult to do and any risks introduced by the change "
                "that will need to be mitigated.\n")
    write(lore.root, {"doc/adr/0001-record-architecture-decisions.md":
                      "# 1. Record architecture decisions\n\nDate: 2020-02-23\n\n## Status\n\nAccepted\n\n" + guidance,
                      "doc/adr/0002-use-rabbitmq.md": nygard(2, "Use RabbitMQ")})
    summary = run_import(lore)
    assert summary.decisions == ["doc/adr/0002-use-rabbitmq.md"] and summary.docs == []
    assert dict(summary.not_taken)["doc/adr/0001-record-architecture-decisions.md"] == "an unfilled template"
    assert [m.provenance.path for m in lore.store.memories.matching()] == ["doc/adr/0002-use-rabbitmq.md"]


# lcobucci/kafka (MIT) docs/architecture-decisions: 0006 left as adr-tools wrote it, amending 0002, which says something.
TEMPLATE_GUIDANCE = ("## Context\n\nThe issue motivating this decision, and any context that influences or constrains "
                     "the decision.\n\n## Decision\n\nThe change that we're proposing or have agreed to implement.\n\n"
                     "## Consequences\n\nWhat becomes easier or more difficult to do and any risks introduced by the "
                     "change that will need to be mitigated.\n")
PHP_RECORDS = {
    "docs/architecture-decisions/0002-require-php-7-2-64-bit.md":
        "# 2. Require PHP 7.2 (64-bit)\n\nDate: 2018-08-29\n\n## Status\n\nAccepted\n\n## Context\n\nThe protocol "
        "uses 64-bit integers, which PHP only has on 64-bit builds; 7.2 is the oldest PHP version still supported.\n\n"
        "## Decision\n\nRequire PHP 7.2 on a 64-bit platform.\n\n## Consequences\n\nUsers on 32-bit PHP cannot use "
        "the library.\n",
    "docs/architecture-decisions/0006-require-php-7-3.md":
        "# 6. Require PHP 7.3\n\nDate: 2019-05-04\n\n## Status\n\nAccepted\n\nAmends [2. Require PHP 7.2 (64-bit)]"
        "(0002-require-php-7-2-64-bit.md)\n\n" + TEMPLATE_GUIDANCE,
    "docs/architecture-decisions/0007-require-latest-stable-php-version.md":
        "# 7. Require latest stable PHP version\n\nDate: 2019-12-01\n\n## Status\n\nAccepted\n\n## Context\n\nKeeping "
        "up with PHP releases lets the library use new language features.\n\n## Decision\n\nRequire the latest stable "
        "PHP version.\n\n## Consequences\n\nOlder PHP installs stay on older releases.\n",
    "src/a.py": "x = 1\n",
}


def test_a_record_left_as_its_template_is_kept_by_title_reported_and_ranked_below_records_with_content(lore):
    """lcobucci/kafka's 0006 has every part still the template's guidance: imported as an active record with an empty
    body, its few words ranked it above the record with content it amends ("Require PHP 7.2"), and the report said
    nothing of it. It is kept (title, status, relations), listed in the report, and ranked below that record."""
    write(lore.root, PHP_RECORDS)
    summary = run_import(lore)
    stub = "docs/architecture-decisions/0006-require-php-7-3.md"
    ranked = [h.memory.provenance.path for h in lore.search(Query("Require PHP 7.2", limit=5))]
    assert ranked.index("docs/architecture-decisions/0002-require-php-7-2-64-bit.md") < ranked.index(stub)
    assert stub in summary.decisions and summary.template_only == [stub]


def test_cli_reports_the_records_left_as_their_template(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    write(tmp_path, PHP_RECORDS)
    assert main(["-w", str(tmp_path), "import", "-v"]) == 0
    out = capsys.readouterr().out
    assert "unfilled:         1 record left as its template: title only" in out
    assert "  docs/architecture-decisions/0006-require-php-7-3.md\n" in out
    assert main(["-w", str(tmp_path), "import", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["template_only"] == ["docs/architecture-decisions/0006-require-php-7-3.md"]
