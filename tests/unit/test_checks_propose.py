"""Rules proposed from a decision's words and from confirmed learned preferences; proposals are
written as `state: proposed`, enforced only once confirmed, and a rejected one is not proposed again."""

from __future__ import annotations

import pytest

from lore.checks import check_paths, load_rules
from lore.checks.manage import pending_proposals, set_state, write_proposal
from lore.checks.propose import propose_from_text
from lore.checks.propose_prefs import propose_from_preference
from lore.model import Kind, Memory, Scope, Status
from lore.service import Lore


def rules(title: str, body: str = "", deps: frozenset[str] = frozenset()) -> list[tuple]:
    return [(p.kind, p.value, p.paths, p.fix) for p in propose_from_text("m", title, body, deps)]


TEXT = [
    pytest.param("We use httpx, not requests", "", [("forbid_import", "requests", (), "httpx")], id="use-x-not-y"),
    pytest.param("HTTP client", "Use `httpx` instead of `requests`.", [("forbid_import", "requests", (), "httpx")],
                 id="instead-of-code-spans"),
    pytest.param("Dates", "We prefer dayjs over Moment.js.", [("forbid_import", "moment", (), "dayjs")], id="prefer-over"),
    pytest.param("Dates", "Migrate from moment to date-fns.", [("forbid_import", "moment", (), None)], id="migrate-from-to"),
    pytest.param("Never import lodash", "", [("forbid_import", "lodash", (), None)], id="never-import"),
    pytest.param("Paths", "Use pathlib instead of os.path for file paths.", [("forbid_call", "os.path.*", (), None)],
                 id="os-path"),
    pytest.param("Services never call the ORM directly", "", None, id="scoped-concept"),
    pytest.param("Styling", "We decided to move away from using makeStyles.", [("forbid_call", "makeStyles", (), None)],
                 id="move-away-from-camel-case-call"),
    pytest.param("Preferred export", "## Decision\n\nWe have decided to use named exports.",
                 [("pattern", r"^\s*export\s+default\b", (), None)], id="idiom"),
    pytest.param("Conditionals", "## Decision\nDeprecation of `<ConditionallyRender />`.",
                 [("pattern", r"<ConditionallyRender\b", (), None)], id="jsx-component"),
    pytest.param("Emotion", "## Context\nLibraries include Styled Components, Emotion and Styletron.\n"
                 "## Decision\nWe will use Emotion as our CSS-in-JS library.\n",
                 [("forbid_import", "styled-components", (), None), ("forbid_import", "styletron*", (), None)],
                 id="rivals-of-the-choice"),
    pytest.param("Use Kafka for events", "We use Kafka because it scales.", [], id="nothing-checkable"),
    pytest.param("Composition", "Prefer composition over inheritance.", [], id="english-words-are-not-names"),
    pytest.param("Jest", "We got rid of flaky tests and we mock less.", [], id="ambiguous-words-in-prose"),
    pytest.param("Tests", "Do not use `sinon`; use jest mocks.", [("forbid_import", "sinon", (), None)],
                 id="code-span-package"),
    # Readings the review of real records found wrong (bench/checks/proposals-review.md):
    pytest.param("Arrow", "Arrow functions keep the scope of `this` stable, not `main` either.", [],
                 id="code-span-english-word"),
    pytest.param("Flags", "Take care of deprecated flags in `initFromViper` functions.", [],
                 id="deprecated-as-adjective"),
    pytest.param("Keys", "The attribute arm is `attr` rather than `attribute`.", [], id="rather-than-between-words"),
    pytest.param("Protos", "`jaeger.storage.v2` does not import `jaeger.api_v3` and declares its own.", [],
                 id="subject-names-no-folder"),
    pytest.param("Flags", "Deprecated with feature gate `es.config.rejectLegacyRotationFlags` and more words here",
                 [], id="name-cut-at-the-limit"),
    pytest.param("Flags", "1. Steps:\n   ```\n   // never import lodash\n   healthCheck()\n   ```\n", [],
                 id="indented-code-block"),
    pytest.param("Ioutil", "`io/ioutil` is deprecated.", [("forbid_import", "io/ioutil", (), None)],
                 id="is-deprecated"),
]


@pytest.mark.parametrize("title, body, expected", TEXT)
def test_proposals_from_text(title, body, expected):
    got = rules(title, body)
    if expected is None:  # the ORM: every ORM a rule table knows, scoped to services
        assert ("forbid_import", "sqlalchemy", ("**/service/**", "**/services/**"), None) in got
        assert all(p[2] == ("**/service/**", "**/services/**") for p in got) and len(got) > 3
        return
    assert got == expected


def test_the_workspace_dependencies_name_what_no_table_knows():
    assert rules("HTTP", "Never use left-pad-plus.", frozenset({"left-pad-plus"})) == [
        ("forbid_import", "left-pad-plus", (), None)]
    assert rules("HTTP", "Never use left-pad-plus.") == []


PREFS = [
    pytest.param({"feature": "paths.pathlib", "prefers": "pathlib"}, ("forbid_call", "os.path.*"), id="pathlib"),
    pytest.param({"feature": "output.logging", "prefers": "logging"}, ("forbid_call", "print"), id="logging"),
    pytest.param({"feature": "declarations.const", "prefers": "const/let"}, ("pattern", r"^\s*var\s"), id="const"),
    pytest.param({"feature": "paths.pathlib", "prefers": "os.path"}, None, id="the-other-way-round"),
    pytest.param({"feature": "quotes.python", "prefers": "single"}, None, id="style-no-rule-reads"),
    pytest.param({"feature": "edit.python:datetime.utcnow \u2192 datetime.now", "prefers": "datetime.now"},
                 ("forbid_call", "datetime.utcnow"), id="learned-substitution"),
    pytest.param({"feature": "edit.python:== \u2192 is", "prefers": "is"}, None, id="operator-substitution"),
]


@pytest.mark.parametrize("meta, expected", PREFS)
def test_proposals_from_learned_preferences(meta, expected):
    got = [(p.kind, p.value) for p in propose_from_preference("p1", "Prefer it", meta)]
    assert got == ([expected] if expected else [])


@pytest.fixture
def lore(tmp_workspace, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    with Lore(tmp_workspace, user_db=False) as lore:
        yield lore


def test_a_team_decision_gets_its_proposal_in_its_own_file_and_nothing_is_enforced_until_confirmed(lore):
    m = lore.add(Memory(title="We use httpx, not requests", kind=Kind.DECISION, scope=Scope.TEAM)).memory
    (lore.root / "app.py").write_text("import requests\n")
    [p] = pending_proposals(lore)
    key = write_proposal(lore, p)
    text = (lore.root / m.provenance.path).read_text()
    assert "checks:\n  - forbid_import: requests\n    fix: httpx\n    languages:\n    - python\n" in text
    assert "state: proposed" in text
    assert load_rules(lore)[0] == [] and check_paths(lore, []) == []
    assert pending_proposals(lore) == [], "a proposal already written is not proposed twice"
    set_state(lore, key, "confirmed")
    assert [v.path for v in check_paths(lore, [])] == ["app.py"]
    lore.update(lore.get(m.id))  # Lore rewriting the memory keeps its rules
    assert "state: confirmed" in (lore.root / m.provenance.path).read_text()


def test_a_private_or_imported_decision_gets_a_companion_team_file(lore):
    adr = lore.add(Memory(title="Never import lodash", kind=Kind.DECISION, scope=Scope.WORKSPACE)).memory
    [p] = pending_proposals(lore)
    key = write_proposal(lore, p)
    companion = lore.root / ".lore" / "memories" / f"checks-{adr.id}.md"
    assert key == f"{adr.id}/forbid-import-lodash" and companion.exists()
    assert f"decision: {adr.id}" in companion.read_text()
    set_state(lore, key, "rejected")
    from lore.teamsync import sync_team_files

    sync_team_files(lore)
    assert pending_proposals(lore) == [], "rejected: not proposed again; the companion memory proposes nothing"


def test_only_current_decisions_and_confirmed_preferences_are_read(lore):
    lore.add(Memory(title="We use httpx, not requests", kind=Kind.DECISION, status=Status.SUPERSEDED))
    lore.add(Memory(title="Prefer pathlib over os.path", kind=Kind.PREFERENCE, status=Status.PROPOSED,
                    meta={"feature": "paths.pathlib", "prefers": "pathlib"}))
    assert pending_proposals(lore) == []
    confirmed = lore.add(Memory(title="Prefer pathlib over os.path", kind=Kind.PREFERENCE,
                                meta={"feature": "paths.pathlib", "prefers": "pathlib", "languages": ["python"]})).memory
    [p] = pending_proposals(lore)
    assert (p.memory_id, p.kind, p.value, p.source) == (confirmed.id, "forbid_call", "os.path.*", "preference")
