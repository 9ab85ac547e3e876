"""Guidance that contradicts or repeats itself (lore.consistency): the stance a sentence takes on an
exclusive choice, contradictions across imported instruction files, and near-duplicates; nothing is
ever changed by the review."""

from __future__ import annotations

import pytest

from lore.consistency import markdown, review
from lore.consistency.choices import positions
from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Kind, Memory, Provenance, SourceKind
from lore.api import Lore
from lore.ingest import run_import
from tree_files import write


@pytest.mark.parametrize("text, group, option", [
    pytest.param("Use pnpm for everything. Run `pnpm install` first.", "JavaScript package manager", "pnpm", id="pnpm"),
    pytest.param("Run the tests with `npm test`.", "JavaScript package manager", "npm", id="npm-command"),
    pytest.param("Always use pnpm instead of npm.", "JavaScript package manager", "pnpm", id="instead-of"),
    pytest.param("We use npm. Do not use yarn.", "JavaScript package manager", "npm", id="do-not"),
    pytest.param("Tests are written with vitest; we migrated from jest.", "JavaScript test runner", "vitest",
                 id="migrated-from"),
    pytest.param("Indent with tabs.", "indentation", "tabs", id="tabs"),
    pytest.param("Use 4 spaces for indentation.", "indentation", "spaces", id="spaces"),
    pytest.param("Use unittest.mock for mocks; tests run under pytest.", "Python test framework", "pytest",
                 id="unittest-mock-is-not-unittest"),
])
def test_a_sentence_endorses_one_option(text, group, option):
    assert {g: list(o) for g, o in positions(text).items()} == {group: [option]}


@pytest.mark.parametrize("text", [
    pytest.param("npm is a package manager.", id="description"),
    pytest.param("Use @testing-library/jest-dom matchers.", id="jest-dom"),
    pytest.param("Install with npm or yarn.", id="either"),
    pytest.param("Close the browser tabs you opened.", id="browser-tabs"),
    pytest.param("As mentioned in [a monorepo with yarn](../adr/0002-monorepo-with-yarn.md), we split it.",
                 id="link"),
    pytest.param("Airbnb style is widely used (see [npm trends](https://www.npmtrends.com/x)).", id="npm-trends"),
    pytest.param("Users install it with `npm install -g log4brains`.", id="global-tool-install"),
])
def test_no_stance(text):
    assert positions(text) == {}


FILES = {
    "CLAUDE.md": "# Project notes\n\n## Tooling\n\nUse pnpm for all installs: `pnpm install`, then `pnpm test`.\n"
                 "Tests use vitest.\n",
    "AGENTS.md": "# Agent guide\n\n## Commands\n\nInstall dependencies with `npm ci` and run `npm test` before "
                 "every commit.\n\n## Tests\n\nWrite unit tests with jest.\n",
    ".github/copilot-instructions.md": "# Copilot\n\n## Commands\n\nInstall dependencies with `npm ci` and run "
                                      "`npm test` before every commit of the service.\n",
    "web/.cursor/rules/style.mdc": "---\ndescription: style\nglobs: web/**\nalwaysApply: false\n---\n\n"
                                   "Indent with tabs in web/.\n",
    "api/.cursor/rules/style.mdc": "---\ndescription: style\nglobs: api/**\nalwaysApply: false\n---\n\n"
                                   "Use 2 spaces for indentation in api/.\n",
}


@pytest.fixture
def imported(tmp_workspace):
    write(tmp_workspace, FILES)
    with Lore(tmp_workspace, embedder=HashEmbedder()) as lore:
        run_import(lore)
        yield lore


def test_contradictions_across_instruction_files_show_both_sides(imported):
    before = {m.id: (m.status, m.superseded_by) for m in imported.list(limit=10_000)}
    r = review(imported.list(limit=10_000))
    found = {(c["group"], c["a"]["option"], c["b"]["option"], c["a"]["source"], c["b"]["source"])
             for c in r["contradictions"]}
    assert ("JavaScript package manager", "npm", "pnpm", "AGENTS.md", "CLAUDE.md") in found
    assert ("JavaScript package manager", "npm", "pnpm", ".github/copilot-instructions.md", "CLAUDE.md") in found
    assert ("JavaScript test runner", "jest", "vitest", "AGENTS.md", "CLAUDE.md") in found
    assert not any(c["group"] == "indentation" for c in r["contradictions"]), "web/ and api/ do not overlap"
    pnpm = next(c for c in r["contradictions"] if c["b"]["option"] == "pnpm")
    assert "pnpm install" in pnpm["b"]["sentence"] and "npm" in pnpm["a"]["sentence"]
    assert pnpm["resolve"][0].startswith("lore supersede ")
    text = markdown(r)
    assert "JavaScript package manager: npm or pnpm?" in text
    assert {m.id: (m.status, m.superseded_by) for m in imported.list(limit=10_000)} == before, "nothing changed"


def test_near_duplicates_across_files_not_within_one(imported):
    r = review(imported.list(limit=10_000))  # words alone (meaning is measured with the real model elsewhere)
    pairs = {frozenset((d["a_source"], d["b_source"])) for d in r["duplicates"]}
    assert pairs == {frozenset(("AGENTS.md", ".github/copilot-instructions.md"))}, r["duplicates"]


def test_superseded_and_comment_memories_are_left_out():
    def mem(i, text, **kw):
        return Memory(title=f"Rule {i}", body=text, kind=Kind.CONVENTION,
                      provenance=Provenance(kw.pop("source", SourceKind.MANUAL), kw.pop("path", None)), **kw)

    a = mem(1, "Use yarn to install packages and run scripts in every package.")
    b = mem(2, "Use pnpm to install packages and run scripts in every package.", supersedes=[a.id])
    a.superseded_by = [b.id]
    c = mem(3, "DEPRECATED: the old client keeps retrying forever, use the pooled client instead",
            source=SourceKind.COMMENT, path="a.py")
    d = mem(4, "DEPRECATED: the old client keeps retrying forever, use the pooled client instead",
            source=SourceKind.COMMENT, path="b.py", anchors=[Anchor.parse("b.py")])
    r = review([a, b, c, d])
    assert r["contradictions"] == [] and r["duplicates"] == []


def test_near_duplicates_with_the_real_model(imported, model_dir):
    from lore.embedding.embedder import FastEmbedder

    embed = FastEmbedder(model_path=str(model_dir)).load().embed
    r = review(imported.list(limit=10_000), embed)
    assert [frozenset((d["a_source"], d["b_source"])) for d in r["duplicates"]] == [
        frozenset(("AGENTS.md", ".github/copilot-instructions.md"))]
    assert r["duplicates"][0]["cosine"] >= 0.9 and r["model"] is True
