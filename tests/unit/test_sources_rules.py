"""Rules files: Cursor .mdc, Copilot instructions, CLAUDE.md imports, Cline, Continue, memory banks, AGENTS.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.memory import Kind, SourceKind
from lore.api import Lore
from lore.sources import classify as cls
from lore.ingest import run_import
from lore.sources.claude_imports import pointer_only
from lore.sources.report import POINTER as POINTER_REASON
from lore.sources.rules import parse_rules


@pytest.fixture
def lore(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    lo = Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder())
    yield lo
    lo.close()


def write(root: Path, rel: str, text: str) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)


def memories(lore: Lore, path: str) -> dict[str, object]:
    return {m.title: m for m in lore.list(limit=500) if m.provenance.path == path}


def anchors(m) -> list[str]:
    return [a.to_text() for a in m.anchors]


@pytest.mark.parametrize(("path", "importer"), [
    pytest.param("AGENTS.md", cls.AGENTS, id="agents"),
    pytest.param("services/api/CLAUDE.md", cls.AGENTS, id="nested-claude"),
    pytest.param(".cursor/rules/python.mdc", cls.CURSOR, id="mdc"),
    pytest.param(".cursorrules", cls.CURSOR, id="legacy-cursorrules"),
    pytest.param(".github/copilot-instructions.md", cls.COPILOT, id="copilot"),
    pytest.param(".github/instructions/ts.instructions.md", cls.COPILOT, id="copilot-applyto"),
    pytest.param(".clinerules", cls.CLINE, id="clinerules-file"),
    pytest.param(".clinerules/01-style.md", cls.CLINE, id="clinerules-folder"),
    pytest.param(".continue/rules/naming.md", cls.CONTINUE, id="continue"),
    pytest.param("memory-bank/systemPatterns.md", cls.MEMORY_BANK, id="memory-bank"),
    # spac-valentin/project-seed (MIT): Serena's notes for the agents it serves, conventions among them
    pytest.param(".serena/memories/style_and_conventions.md", cls.MEMORY_BANK, id="serena-memories"),
    pytest.param(".claude/rules/testing.md", cls.AGENTS, id="claude-rules"),
    pytest.param(".claude/rules/frontend/react.md", cls.AGENTS, id="claude-rules-nested"),
    pytest.param("services/api/.claude/rules/db.md", cls.AGENTS, id="claude-rules-in-a-folder"),
    pytest.param(".windsurf/rules/style.md", cls.AGENTS, id="windsurf-rules"),
    pytest.param(".roo/rules-code/naming.md", cls.AGENTS, id="roo-mode-rules"),
    pytest.param(".kiro/steering/tech.md", cls.AGENTS, id="kiro-steering"),
    # thoni56/c-xrefactory: the Warp terminal's rules at the root ("guidance to WARP (warp.dev)"); a page elsewhere
    # named so may be about anything
    pytest.param("WARP.md", cls.AGENTS, id="warp-at-the-root"),
    pytest.param("docs/WARP.md", cls.DOC, id="warp-page-in-docs"),
    # jongpie/NebulaLogger's `skills/*/SKILL.md`: what an agent is taught, found by search, not the team's rules
    pytest.param(".claude/skills/release/SKILL.md", cls.DOC, id="skill-is-documentation"),
    pytest.param("skills/nebula-logger-best-practices/SKILL.md", cls.DOC, id="skill-folder"),
    # ghalactic/provision-github-tokens: a skill's reference pages, in a folder named `adr-skill`, read as records
    pytest.param(".agents/skills/adr-skill/references/adr-conventions.md", cls.DOC, id="skill-reference"),
    pytest.param(".claude/skills/release/notes.md", cls.DOC, id="skill-page"),
    pytest.param(".claude/skills.md", cls.COMMENTS, id="not-a-skill"),
    pytest.param("src/rules/pricing.md", cls.COMMENTS, id="a-project-folder-named-rules"),
    pytest.param("CONTRIBUTING.md", cls.GUIDE, id="contributing"),
    pytest.param("docs/code-style.md", cls.GUIDE, id="style-guide"),
    pytest.param("docs/adr/0001-x.md", cls.ADR, id="adr"),
    pytest.param("app/main.py", cls.COMMENTS, id="code"),
    pytest.param("docs/notes.md", cls.DOC, id="documentation"),
    pytest.param("src/notes.md", cls.COMMENTS, id="other-markdown"),
    pytest.param("image.png", None, id="unknown"),
    pytest.param(".lore/memories/x.md", None, id="team-files-elsewhere"),
])
def test_classify(path, importer):
    assert cls.classify(path) == importer


@pytest.mark.parametrize(("path", "front", "skill"), [
    pytest.param("skills/performant-code.md", {"name": "Performant Code", "description": "Use it on hot paths."},
                 True, id="a-root-skills-folder"),
    pytest.param(".claude/skills/release.md", {"name": "release", "description": "Use when releasing."}, True,
                 id="an-agents-skills-folder"),
    pytest.param("skills/notes.md", {}, False, id="no-front-matter"),
    pytest.param("skills/notes.md", {"name": "notes"}, False, id="no-description"),
    pytest.param("src/skills/x.md", {"name": "x", "description": "y"}, False, id="a-project-folder-named-skills"),
    pytest.param("skills/x/notes.md", {"name": "x", "description": "y"}, False, id="a-skills-own-folder"),
])
def test_a_skill_kept_as_one_page(path, front, skill):
    """RuggeroVisintin/SparkEngineWeb's `skills/test-driven-development.md`: a skill without a folder of its own."""
    assert cls.skill_page(path, front) is skill


def test_mdc_globs_and_description(lore):
    write(lore.root, ".cursor/rules/api.mdc",
          "---\ndescription: API handlers\nglobs: src/api/**/*.ts, *.test.ts\nalwaysApply: false\n---\n"
          "- Validate input with zod.\n- Return typed errors.\n")
    run_import(lore)
    (m,) = memories(lore, ".cursor/rules/api.mdc").values()
    assert m.title == "API handlers" and m.kind is Kind.CONVENTION
    assert anchors(m) == ["src/api/**/*.ts", "*.test.ts"] and m.provenance.kind is SourceKind.RULES_FILE


def test_mdc_always_apply_is_repository_wide(lore):
    write(lore.root, ".cursor/rules/all.mdc", "---\nalwaysApply: true\nglobs: src/**\n---\nNever commit secrets.\n")
    run_import(lore)
    (m,) = memories(lore, ".cursor/rules/all.mdc").values()
    assert m.anchors == [] and m.meta["applies_to"] == "repository"


def test_copilot_apply_to_globs(lore):
    write(lore.root, ".github/instructions/react.instructions.md",
          "---\napplyTo: \"**/*.tsx,**/*.jsx\"\n---\n# React\n\nUse function components.\n")
    run_import(lore)
    (m,) = memories(lore, ".github/instructions/react.instructions.md").values()
    assert anchors(m) == ["**/*.tsx", "**/*.jsx"]
    assert lore.memories_at("web/App.tsx") and not lore.memories_at("web/app.py")


def test_nested_rules_folder_prefixes_globs(lore):
    write(lore.root, "web/.cursor/rules/style.mdc", "---\nglobs: \"*.css\"\n---\nUse CSS variables for colours.\n")
    run_import(lore)
    (m,) = memories(lore, "web/.cursor/rules/style.mdc").values()
    assert anchors(m) == ["web/**/*.css"]


def test_brace_lists_in_globs_stand_for_each_pattern(lore):
    """A Cursor rule's `globs: src/**/*.{js,jsx,ts,tsx}` (the usual way to write it) was split at its commas into
    four broken globs; a list given whole covered no file, the matcher reading no braces."""
    write(lore.root, ".cursor/rules/a11y.mdc", "---\nglobs: src/**/*.{js,jsx,ts,tsx}, *.md\n---\nEvery image has alt text.\n")
    write(lore.root, ".cursor/rules/hooks.mdc", '---\nglobs: ["src/hooks/*.{ts,tsx}"]\n---\nHooks start with use.\n')
    run_import(lore)
    (a11y,) = memories(lore, ".cursor/rules/a11y.mdc").values()
    assert anchors(a11y) == ["src/**/*.js", "src/**/*.jsx", "src/**/*.ts", "src/**/*.tsx", "*.md"]
    assert lore.memories_at("src/app/Page.tsx") and not lore.memories_at("src/app/page.py")
    assert any(m.title.startswith("Hooks") or "Hooks" in m.body for m, _ in lore.memories_at("src/hooks/useAuth.ts"))


def test_a_nested_rules_glob_written_from_the_root_is_not_prefixed_again(lore):
    """`backend/.cursor/rules/java.mdc` writing `globs: ["backend/**/*.java"]` was read as `backend/backend/**/*.java`."""
    write(lore.root, "backend/.cursor/rules/java.mdc", '---\nglobs: ["backend/**/*.java"]\n---\nUse records for DTOs.\n')
    run_import(lore)
    (m,) = memories(lore, "backend/.cursor/rules/java.mdc").values()
    assert anchors(m) == ["backend/**/*.java"]


def test_nested_agents_md_applies_to_its_subtree(lore):
    write(lore.root, "AGENTS.md", "# Repo\n\n## Style\n\nAlways run the linter.\n")
    write(lore.root, "services/billing/AGENTS.md", "# Billing\n\n## Money\n\nNever use floats for money.\n")
    run_import(lore)
    assert anchors(memories(lore, "AGENTS.md")["Style"]) == []
    assert anchors(memories(lore, "services/billing/AGENTS.md")["Money"]) == ["services/billing/**"]
    at = [m.title for m, _ in lore.memories_at("services/billing/ledger.py")]
    assert "Money" in at and "Style" not in at


def test_claude_imports_inside_the_repository(lore, tmp_path):
    write(lore.root, "docs/git.md", "# Git\n\n## Commits\n\nWrite commit messages in the imperative.\n")
    write(lore.root, "docs/deeper.md", "## Deeper\n\nPrefer rebase over merge.\n")
    (tmp_path / "secret.md").write_text("## Outside\n\nNever read me.\n")
    write(lore.root, "CLAUDE.md", "# Project\n\n## Workflow\n\nSee @docs/git.md and `@not/code.md`.\n"
          "Also @../secret.md and @~/.claude/mine.md and @docs/missing.md.\n\n```\n@docs/in-fence.md\n```\n")
    (lore.root / "docs/git.md").write_text((lore.root / "docs/git.md").read_text() + "\nAlso @deeper.md\n")
    summary = run_import(lore)
    found = memories(lore, "CLAUDE.md")
    assert {"Workflow", "Commits", "Deeper"} <= set(found)
    assert found["Commits"].meta["imported_from"] == "docs/git.md"
    assert "Outside" not in found
    assert "CLAUDE.md:6: import @../secret.md points outside the repository; not read" in summary.warnings
    assert "CLAUDE.md:6: import @~/.claude/mine.md points outside the repository; not read" in summary.warnings
    assert "CLAUDE.md:6: import @docs/missing.md not found" in summary.warnings
    assert not any("in-fence" in w or "not/code" in w for w in summary.warnings)
    # Editing an imported file re-imports the CLAUDE.md that pulls it in, by name or by discovery.
    write(lore.root, "docs/deeper.md", "## Deeper\n\nPrefer merge commits.\n")
    again = run_import(lore, paths=["docs/deeper.md"])  # the page (documentation too) and the CLAUDE.md
    assert again.updated == 2 and "merge commits" in memories(lore, "CLAUDE.md")["Deeper"].body


POINTER = "See AGENTS.md on root directory for all instructions."
RULES = "# Rules\n\n## Tests\n\nRun `pnpm test` before pushing.\n\n## Style\n\nUse the logger, not the console.\n"


@pytest.mark.parametrize("text", [
    POINTER, "Read @AGENTS.md", "Instructions are in AGENTS.md.", "AGENTS.md\n",
    "# Claude Code\n\nPlease follow the rules in [the agents' guide](./AGENTS.md).\n",
    "This file provides guidance to Claude Code when working with code in this repository. See @AGENTS.md.",
    "---\ndescription: all rules\nalwaysApply: true\n---\n\nSee `docs/agents/README.md`.\n",
])
def test_a_guide_that_only_points_to_another_file_is_a_pointer(text):
    assert pointer_only("CLAUDE.md", text) and pointer_only(".cursor/rules/all.mdc", text)


@pytest.mark.parametrize("text", [
    "CLAUDE.md", "Use pnpm, never npm. See AGENTS.md for the rest.", "Run `make test` before pushing.",
    "See https://example.com/guide for all instructions.", "See the wiki for all instructions.",
    "See AGENTS.md.\n\n" + "All instructions apply to all files in this repository and to every agent. " * 8,
])
def test_a_guide_saying_more_than_where_to_look_is_no_pointer(text):
    assert not pointer_only("CLAUDE.md", text)


def test_guides_that_point_to_another_import_nothing_and_the_report_says_so(lore):
    """network-goods-institute/negation-game: CLAUDE.md, Gemini.md and .cursorrules each say only "See AGENTS.md on
    root directory for all instructions.", and were three memories of that sentence."""
    write(lore.root, "AGENTS.md", RULES)
    for rel in ("CLAUDE.md", "Gemini.md", ".cursorrules"):
        write(lore.root, rel, POINTER + "\n")
    write(lore.root, ".github/copilot-instructions.md", "Read @AGENTS.md\n")
    summary = run_import(lore)
    assert {m.provenance.path for m in lore.list(limit=50)} == {"AGENTS.md"}
    assert summary.rules == ["AGENTS.md"]
    assert sorted(summary.rules_left_out) == [(p, POINTER_REASON) for p in
                                              (".cursorrules", ".github/copilot-instructions.md", "CLAUDE.md", "Gemini.md")]
    again = run_import(lore)  # read from the ledger when nothing changed
    assert again.unchanged == 5 and len(again.rules_left_out) == 4


def test_a_pointer_importing_another_file_imports_that_file(lore):
    write(lore.root, "docs/ai.md", "## Commits\n\nWrite commit messages in the imperative.\n")
    write(lore.root, "CLAUDE.md", "Read @docs/ai.md\n")
    run_import(lore)
    found = memories(lore, "CLAUDE.md")
    assert list(found) == ["Commits"] and found["Commits"].meta["imported_from"] == "docs/ai.md"


def test_guides_with_the_same_bytes_are_imported_once(lore):
    """The same guide kept for each agent is one text to search, read from the agents' own file; a copy in a folder the
    kept guide does not govern governs its own folder and stays."""
    for rel in ("AGENTS.md", "CLAUDE.md", ".cursorrules", "pkg/AGENTS.md"):
        write(lore.root, rel, RULES)
    for rel in ("web/a/CLAUDE.md", "web/b/CLAUDE.md"):
        write(lore.root, rel, RULES + "\n## Components\n\nKeep components small.\n")
    summary = run_import(lore)
    paths = {m.provenance.path for m in lore.list(limit=50)}
    assert paths == {"AGENTS.md", "web/a/CLAUDE.md", "web/b/CLAUDE.md"}
    assert sorted(summary.rules_left_out) == [(".cursorrules", "a copy of AGENTS.md"), ("CLAUDE.md", "a copy of AGENTS.md"),
                                              ("pkg/AGENTS.md", "a copy of AGENTS.md")]
    assert summary.skipped["a copy of another guide"] == 3


def test_clinerules_folder_and_continue_rules(lore):
    write(lore.root, ".clinerules/01-naming.md", "# Naming\n\nUse snake_case for modules.\n")
    write(lore.root, ".clinerules/02-tests.txt", "Write a test first.\n")
    write(lore.root, ".continue/rules/db.md", "---\nname: Database\nglobs: db/**\n---\nKeep migrations small.\n")
    run_import(lore)
    assert memories(lore, ".clinerules/01-naming.md")["Naming"].kind is Kind.CONVENTION
    assert "Write a test first." in next(iter(memories(lore, ".clinerules/02-tests.txt").values())).body
    (db,) = memories(lore, ".continue/rules/db.md").values()
    assert db.title == "Database" and anchors(db) == ["db/**"]


def test_agent_rules_folders_scope_by_their_front_matter(lore):
    write(lore.root, ".claude/rules/api.md", "---\npaths:\n  - \"src/api/**/*.ts\"\n---\n# API\n\n"
          "Validate every request body with zod.\n")
    write(lore.root, ".claude/rules/general.md", "# General\n\nNever commit generated files.\n")
    write(lore.root, "web/.windsurf/rules/css.md", "---\ntrigger: glob\nglobs: \"*.css\"\n---\nUse CSS variables.\n")
    write(lore.root, ".kiro/steering/db.md", "---\ninclusion: fileMatch\nfileMatchPattern: \"db/**/*.sql\"\n---\n"
          "# Migrations\n\nEvery migration must be reversible.\n")
    summary = run_import(lore)
    (api,) = memories(lore, ".claude/rules/api.md").values()
    assert api.title == "API" and api.kind is Kind.CONVENTION and anchors(api) == ["src/api/**/*.ts"]
    assert [m.title for m, _ in lore.memories_at("src/api/users.ts")] == ["API"]
    (general,) = memories(lore, ".claude/rules/general.md").values()
    assert general.anchors == [] and general.meta["applies_to"] == "repository"
    (css,) = memories(lore, "web/.windsurf/rules/css.md").values()
    assert anchors(css) == ["web/**/*.css"]
    (db,) = memories(lore, ".kiro/steering/db.md").values()
    assert anchors(db) == ["db/**/*.sql"] and "reversible" in db.body
    assert {".claude/rules/api.md", ".kiro/steering/db.md"} <= set(summary.rules)


def test_headingless_rules_split_into_groups_of_bullets():
    text = ("You are working on a Django project.\n\nCode style:\n" + "".join(f"- Style rule {i} about formatting.\n"
            for i in range(12)) + "\nTesting:\n" + "".join(f"- Testing rule {i} about pytest.\n" for i in range(12)))
    parsed = parse_rules(cls.CURSOR, ".cursorrules", text)
    titles = [m.title for m in parsed.memories]
    assert titles == ["You are working on a Django project.", "Code style:", "Testing:"]
    assert parsed.memories[1].body.count("Style rule") == 12 and parsed.memories[2].provenance.line == 17
    assert len({m.provenance.key for m in parsed.memories}) == 3


NEGATION_LIKE = ("General Rules:\n\nYOU ARE ALWAYS WORKING IN PROD, ALWAYS PREPARE FOR PRODUCTION.\n\n"
            "You are an expert in TypeScript, Node.js and Postgresql.\n\n"
            "- Write concise, legible TypeScript code.\n- Use functional and declarative programming patterns.\n\n"
            + "".join(f"Migration {i}: keep it reversible and reviewed by two people.\n\n" for i in range(8))
            + "Code style:\n\nFormat with prettier.\n\n1. [ ] Check the schema file.\n")


def test_a_lead_in_heads_the_paragraph_after_it():
    """network-goods-institute/negation-game's AGENTS.md opens with "General Rules:" and a paragraph: the lead-in was a
    memory of its own. It heads the paragraph, and a lead-in naming only a part of any guide gives way to it as title."""
    by_title = {m.title: m for m in parse_rules(cls.AGENTS, "AGENTS.md", NEGATION_LIKE).memories}
    assert "General Rules:" not in by_title
    opening = by_title["YOU ARE ALWAYS WORKING IN PROD, ALWAYS PREPARE FOR PRODUCTION."]
    assert opening.body.startswith("General Rules:\n\nYOU ARE") and opening.provenance.line == 1
    assert by_title["Code style:"].body == "Code style:\n\nFormat with prettier."


# After skupperproject/skupper-router's CONTRIBUTING.adoc (Apache-2.0), shortened: no headings, under a licence.
CONTRIBUTING_LIKE = ("<!--\n" + "Licensed to the Apache Software Foundation under the Apache License.\n" * 16 + "-->\n\n"
                     "Whenever you want to commit a change, please first create a PR so others can review it.\n"
                     "When creating a PR, please use the following commit message pattern\n\n"
                     "```\nFixes #<issue-number>: <Commit message in present tense>\n```\n\nFor example,\n\n"
                     "```\nFixes #90: Fix code in the adaptor that was doing improper logging\n```\n\n"
                     "In the above commit message, `#90` refers to the issue (create one if there is none).\n\n"
                     "After the PR is approved, use the \"Squash and merge\" button to commit your changes.\n"
                     "The following things happen when you do:\n\n1. The PR is closed\n2. The issue is closed\n\n"
                     "Merge commits are not allowed on the main branch, nor are commits made there directly.\n")


def test_code_and_a_sentence_going_on_join_the_group_before():
    """skupper-router's CONTRIBUTING.adoc: "For example," and the two commit messages shown in code became memories of
    their own. A code block, and a paragraph ending in "," join the group before; a paragraph ending in no stop heads
    the code after it."""
    memories = parse_rules(cls.GUIDE, "CONTRIBUTING.md", CONTRIBUTING_LIKE).memories
    titles = [m.title for m in memories]
    assert len(titles) == 4 and not [t for t in titles if t.startswith(("For example", "Fixes", "```"))]
    first = memories[0]
    assert first.title.startswith("Whenever you want to commit") and "Fixes #90:" in first.body
    assert first.body.index("pattern") < first.body.index("Fixes #<issue") < first.body.index("For example,")


def test_a_sentence_going_on_heads_what_follows_it_too():
    text = ("".join(f"Rule {i}: every change to the schema needs a reviewed migration script.\n\n" for i in range(8))
            + "To release, after the tag is pushed,\n\n- build the wheel\n- upload it\n\nThe end.\n")
    memories = parse_rules(cls.GUIDE, "CONTRIBUTING.md", text).memories
    assert len(memories) == 9 and memories[7].body.endswith("pushed,\n- build the wheel\n- upload it")


def test_a_group_deep_in_a_headingless_file_has_its_own_line():
    """The line offsets of groups counted from the text's first line were added to the line of the section's start,
    before the licence: every memory of the file pointed 19 lines too early."""
    lines = CONTRIBUTING_LIKE.split("\n")
    for m in parse_rules(cls.GUIDE, "CONTRIBUTING.md", CONTRIBUTING_LIKE).memories:
        assert lines[m.provenance.line - 1] == m.body.split("\n", 1)[0]
    last = parse_rules(cls.GUIDE, "CONTRIBUTING.md", CONTRIBUTING_LIKE).memories[-1]
    assert last.provenance.line == lines.index(last.body.split("\n", 1)[0]) + 1 == 41


def test_a_title_taken_from_a_list_has_no_list_marker():
    """negation-game's AGENTS.md: the list after a paragraph was titled "- Write concise, legible TypeScript code."."""
    titles = [m.title for m in parse_rules(cls.AGENTS, "AGENTS.md", NEGATION_LIKE).memories]
    assert "Write concise, legible TypeScript code." in titles and "Check the schema file." in titles
    assert not [t for t in titles if t.startswith(("-", "1.", "["))]


@pytest.mark.parametrize(("text", "kind"), [
    pytest.param("## Layout\n\nThe API lives in `src/api`.\n", Kind.FACT, id="description"),
    pytest.param("## Imports\n\nPrefer absolute imports.\n", Kind.CONVENTION, id="prefer"),
    pytest.param("## Tests\n\n- Run `make test` before pushing.\n", Kind.CONVENTION, id="imperative-bullet"),
    pytest.param("## Review\n\n- [ ] Migrations reversible\n", Kind.CONVENTION, id="checklist"),
    # saulomlcosta/SpecPilot's AGENTS.md, in Portuguese written with and without accents
    pytest.param("## Erros\n\n- handlers da camada Application devem retornar `Result` para falhas esperadas\n",
                 Kind.CONVENTION, id="portuguese-modal"),
    pytest.param("## Erros\n\n- exceptions nao devem ser usadas para controle de fluxo\n", Kind.CONVENTION,
                 id="portuguese-unaccented"),
    pytest.param("## Tokens\n\nClients müssen den Token erneuern.\n", Kind.CONVENTION, id="german-modal"),
    pytest.param("## Sessões\n\nO servidor guarda a sessão em Redis.\n", Kind.FACT, id="portuguese-description"),
    # ThaiProgrammer/tech-events-calendar: a talk's title, a question, is no instruction
    pytest.param("## Talks\n\nPun Wasin: “Why should we, engineers, care more about business & testing?”\n",
                 Kind.FACT, id="question"),
    pytest.param("## Builds\n\nWhat should you do when the build fails? Run `make clean`.\n", Kind.CONVENTION,
                 id="question-then-instruction"),
    # network-goods-institute/negation-game's AGENTS.md: prohibitions without a modal word, and instructions whose verb
    # comes after an opening adverb or a clause saying when
    pytest.param("## Migrations\n\nYou are not to make sql migration files directly.\n", Kind.CONVENTION,
                 id="are-not-to"),
    pytest.param("## Servers\n\nYou are not allowed to start the dev server.\n", Kind.CONVENTION, id="not-allowed"),
    pytest.param("## Migrations\n\nAbsolutely under no circumstances edit the migration files.\n", Kind.CONVENTION,
                 id="under-no-circumstances"),
    pytest.param("## SQL\n\nAdditionally, use drizzle syntax for sql statements.\n", Kind.CONVENTION,
                 id="opening-adverb"),
    pytest.param("## Files\n\nIf you find yourself over 500 lines in a file, start splitting it up.\n", Kind.CONVENTION,
                 id="if-clause"),
    pytest.param("## Retries\n\nWhen a request fails, the client retries it twice.\n", Kind.FACT,
                 id="when-clause-description"),
    pytest.param("## Ports\n\nAlso, the server listens on port 8080.\n", Kind.FACT, id="opening-adverb-description"),
    # skupperproject/skupper-router's CONTRIBUTING.adoc: "please" after the clause saying when, and before any verb
    pytest.param("## Merging\n\nAfter the PR is approved, please use the \"Squash and merge\" button.\n", Kind.CONVENTION,
                 id="clause-then-please"),
    pytest.param("## PRs\n\nWhenever you want to commit a change, please first create a PR so others review it.\n",
                 Kind.CONVENTION, id="clause-then-two-adverbs"),
    pytest.param("## Commits\n\nPlease refrain from directly committing your work to the main branch.\n",
                 Kind.CONVENTION, id="please-any-verb"),
    pytest.param("## Ports\n\nPlease note that the server listens on port 8080.\n", Kind.FACT, id="please-note"),
    pytest.param("## Builds\n\nAfter the build, then the artifacts are uploaded.\n", Kind.FACT,
                 id="clause-then-adverb-description"),
])
def test_rules_kind(text, kind):
    (m,) = [m for m in parse_rules(cls.AGENTS, "AGENTS.md", text).memories]
    assert m.kind is kind


def test_memory_bank_and_contributing_are_repository_wide(lore):
    write(lore.root, "memory-bank/techContext.md", "# Tech Context\n\n## Stack\n\nFastAPI on Python 3.12.\n")
    write(lore.root, "pkg/CONTRIBUTING.md", "# Contributing\n\n## Pull requests\n\nKeep them small.\n")
    write(lore.root, ".serena/memories/style_and_conventions.md",
          "# Style and conventions\n\n## Beans\n\nExplicit bean registration via `@Import`; no classpath scanning.\n")
    run_import(lore)
    assert anchors(memories(lore, "memory-bank/techContext.md")["Stack"]) == []
    assert "Beans" in memories(lore, ".serena/memories/style_and_conventions.md")
    pr = memories(lore, "pkg/CONTRIBUTING.md")["Pull requests"]
    assert anchors(pr) == [] and "guide" in pr.tags


def test_lore_export_section_is_not_read_back(lore):
    from lore.context.export import BEGIN, END

    write(lore.root, "AGENTS.md", f"# Rules\n\n## Style\n\nUse black.\n\n{BEGIN}\n## Project memory (Lore)\n\n"
          f"- Use queues\n{END}\n\n## Tests\n\nUse pytest.\n")
    run_import(lore)
    found = memories(lore, "AGENTS.md")
    assert set(found) == {"Style", "Tests"} and found["Tests"].provenance.line == 13
    assert "lore:" not in found["Style"].body


def test_the_text_before_a_rules_files_first_part_is_not_titled_for_that_part():
    """albatrocity/lending-library's CLAUDE.md opens with its one project rule ("record activity events using the
    `activityService`. See ADR 0003") and then "## Available MCP Tools:"; the rule was titled "Available MCP Tools:"."""
    text = ("Record activity events using the `activityService`. See ADR 0003.\n\n## Available MCP Tools:\n\n"
            "### 1. list-sections\n\nUse this first.\n")
    titles = [m.title for m in parse_rules("claude", "CLAUDE.md", text).memories]
    assert titles == ["Record activity events using the activityService. See ADR 0003.",
                      "Available MCP Tools: 1. list-sections"]
    titled = [m.title for m in parse_rules("claude", "CLAUDE.md", "# Project rules\n\nIntro.\n\n## Testing\n\n- Test.\n").memories]
    assert titled == ["Project rules", "Testing"]


def test_a_guide_without_headings_is_titled_by_its_opening_sentence_not_its_first_wrapped_line():
    """Internet-of-People/titania-os's CONTRIBUTING.md (GPL-3.0) wraps its opening paragraph by hand; the guide was
    titled "All contributions are welcome! We follow this", its first line cut where the author wrapped it."""
    text = ("All contributions are welcome! We follow this\n[code of conduct](https://www.contributor-covenant.org/"
            "version/1/4/code-of-conduct) in Titania.\nRegarding pull requests, please check and make sure that you "
            "agree to the following\n[Developer's Certificate of Origin 1.1](https://elinux.org/Developer_Certificate_Of_"
            "Origin)\npolicy we use.\n\nThis basically means that you pledge yourself to be kind with others.\n")
    assert [m.title for m in parse_rules(cls.AGENTS, "CONTRIBUTING.md", text).memories] == ["All contributions are welcome!"]
    short = "Keep pull requests small\nand reviewed.\n\nRun the tests first.\n"
    assert [m.title for m in parse_rules(cls.AGENTS, "CONTRIBUTING.md", short).memories] == \
        ["Keep pull requests small and reviewed."]
    long = ("Every contributor is expected to read the whole of this guide, to run the linters and the tests, and to ask "
            "for a review before merging anything.\n")
    assert [m.title for m in parse_rules(cls.AGENTS, "docs/CONTRIBUTING.md", long).memories] == ["CONTRIBUTING.md"]


def test_a_guide_part_heading_keeps_the_page_title():
    """A section named as a part of any guide ("Purpose", "Mandatory Requirements") says which guide it is in; a
    section with a name of its own, and a part under a subheading, keep their titles."""
    text = ("# Hook Family Pattern\n\n## Purpose\nKeep hooks editable and installable as families.\n\n"
            "## Mandatory Requirements\nEach family MUST ship an installer.\n\n"
            "## Installer Requirements\nInstallers MUST be idempotent.\n\n"
            "## Failure Handling\nHooks MUST fail soft.\n\n### Exceptions\nA critical hook may block.\n")
    out = parse_rules(cls.GUIDE, ".claude/rules/hook-family-pattern.md", text)
    titles = [m.title for m in out.memories]
    assert titles == ["Hook Family Pattern: Purpose", "Hook Family Pattern: Mandatory Requirements",
                      "Installer Requirements", "Failure Handling", "Failure Handling: Exceptions"]
    keys = [m.provenance.key for m in out.memories]
    assert keys[0] == parse_rules(cls.GUIDE, "x.md", "# Other\n\n## Purpose\nSomething else.\n").memories[0].provenance.key


def test_a_guide_section_writing_existing_paths_is_anchored_to_them(lore):
    """A section writing an existing file's path in code marks (a `<placeholder>` standing for a name) governs those
    files; a section naming no path, a path in a code block, a missing file, a page and a name many files have keep the
    guide's scope; a documentation page is no guide."""
    for rel in ("hooks/notify/install.py", "hooks/todo/install.py", "hooks/todo/run.py", "install-hooks.py", "run.py",
                "branchout-project"):
        write(lore.root, rel, "print('x')\n")
    write(lore.root, "CLAUDE.md", "# Hooks\n\n## Root Installer\n`install-hooks.py` at repository root must dispatch "
          "every family.\n\n## Projects\nThe `branchout-project` script must clone each project.\n\n"
          "## Layout of the code\n- `run.py`: the entry point\n- Use `helpers` from `install-hooks.py`.\n\n"
          "## Output\nA component without a name shows as `<Unknown>`.\n\n"
          "## Installer Requirements\nEach `hooks/<family>/install.py` MUST be idempotent.\n\n"
          "## Layout\nSee `docs/GUIDE.md`, `missing/tool.py`, and each family's `run.py`.\n\n```\nhooks/todo/run.py\n```\n\n"
          "## Failure Handling\nHooks MUST fail soft.\n")
    write(lore.root, "docs/hooks.md", "# Hooks\n\nRun `install-hooks.py` to install every family of hooks.\n")
    run_import(lore)
    got = {m.title: anchors(m) for m in memories(lore, "CLAUDE.md").values()}
    assert got["Root Installer"] == ["install-hooks.py"]
    assert got["Projects"] == ["branchout-project"]  # a script without an extension (Branchout/branchout)
    assert got["Output"] == [], "a placeholder alone is no path"
    assert got["Layout of the code"] == [], "a layout's description and a bare imperative bind nothing"
    assert got["Installer Requirements"] == ["hooks/notify/install.py", "hooks/todo/install.py"]
    assert got["Layout"] == [] and got["Failure Handling"] == []
    assert [anchors(m) for m in memories(lore, "docs/hooks.md").values()] == [[]]  # a page, no guide: as it was


def test_the_sentence_a_tool_writes_about_the_file_itself_is_no_memory():
    """Branchout/branchout's CLAUDE.md, as Claude Code writes it, opens "This file provides guidance to Claude Code
    (claude.ai/code) when working with code in this repository.": stored as a fact titled "CLAUDE.md"."""
    from lore.sources.rules import parse_rules

    text = ("# CLAUDE.md\n\nThis file provides guidance to Claude Code (claude.ai/code) when working with code in this "
            "repository.\n\n## Testing\n\nRun `bats bats/` before every commit.\n")
    titles = [m.title for m in parse_rules("claude", "CLAUDE.md", text).memories]
    assert titles == ["Testing"], titles
    kept = "# Guide\n\nThis file provides guidance on testing: always run `bats` first.\n\nNever skip a failing test.\n"
    assert len(parse_rules(cls.AGENTS, "AGENTS.md", kept).memories) == 1, "more than the sentence: kept"


# Shaped on cloudfoundry/korifi's CONTRIBUTING.md (Apache-2.0): a table of contents under its own heading, a rule,
# then the guide's opening text.
CONTENTS = ("# Contributing\n\n## Table of Contents\n\n- [Contributing](#contributing)\n"
            "  - [Table of Contents](#table-of-contents)\n  - [Communication](#communication)\n"
            "    - [Commit Messages](#commit-messages)\n\n--------------\n\n"
            "We'd love to accept your patches. Please review the following guidelines.\n\n"
            "## Communication\n\nWe prefer communicating through GitHub issues.\n\n"
            "## Commit Messages\n\n1. [Conventional Commits](#commit-messages)\n2. Keep the subject short.\n")


def test_a_table_of_contents_is_no_text_of_a_guide_the_text_after_it_is_the_intro():
    out = parse_rules(cls.GUIDE, "CONTRIBUTING.md", CONTENTS).memories
    assert [(m.title, m.provenance.line, m.body) for m in out] == [
        ("Contributing", 1, "We'd love to accept your patches. Please review the following guidelines."),
        ("Communication", 14, "We prefer communicating through GitHub issues."),
        ("Commit Messages", 18, "1. [Conventional Commits](#commit-messages)\n2. Keep the subject short.")]
    headed = "# Guide\n\n- [Setup](#setup)\n- [Tests](#tests)\n\n## Setup\n\nRun `make`.\n\n## Tests\n\nRun `make test`.\n"
    assert [m.title for m in parse_rules(cls.GUIDE, "CONTRIBUTING.md", headed).memories] == ["Setup", "Tests"]
    kept = "# Guide\n\n## Setup\n\n- [Install](#install)\n\nRun `make` first.\n\n### Install\n\nRun `make install`.\n"
    assert [(m.title, m.body) for m in parse_rules(cls.GUIDE, "CONTRIBUTING.md", kept).memories] == [
        ("Setup", "Run `make` first."), ("Setup: Install", "Run `make install`.")], "a part's own heading stays"


def test_a_search_shows_a_page_a_claude_md_imports_once(lore):
    """Accenture/mercury: CLAUDE.md imports `@docs/arch-decisions/ADR.md`, read into the guide and as a page of its
    own; a search showed the same text twice, once as the guide's."""
    from lore.recall import Query

    write(lore.root, "docs/git.md", "# Git\n\n## Commits\n\nWrite commit messages in the imperative mood.\n")
    write(lore.root, "CLAUDE.md", "# Project\n\n## Workflow\n\nSee @docs/git.md\n")
    run_import(lore)
    assert memories(lore, "CLAUDE.md")["Commits"].meta["imported_from"] == "docs/git.md"  # the guide still holds it
    paths = [h.memory.provenance.path for h in lore.search(Query("commit messages imperative mood"))]
    assert "docs/git.md" in paths
    assert not [h for h in lore.search(Query("commit messages imperative mood"))
                if h.memory.meta.get("imported_from") == "docs/git.md"]


def test_a_guides_command_listing_explained_by_its_comments_is_kept(lore):
    """DEFRA/water-abstraction-system (OGL) AGENTS.md: "## Commands", one code block whose comments say what each
    command does ("# Database migrations", "npm run rollback  # rollback last migration"), became no memory; a bare
    listing still says nothing on its own."""
    write(lore.root, "AGENTS.md", "# Agents\n\n## Commands\n\n```bash\n# Install dependencies\ndocker compose exec dev "
          "npm ci\n\n# Database migrations\ndocker compose exec dev npm run rollback  # rollback last migration\n```\n\n"
          "## Build\n\n```bash\nnpm run build\n```\n\n## Style\n\nUse the logger, not the console.\n")
    run_import(lore)
    found = memories(lore, "AGENTS.md")
    assert "rollback last migration" in found["Commands"].body and "Build" not in found
