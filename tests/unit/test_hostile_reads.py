"""A repository's links cannot make Lore read files outside it: a link that resolves outside the
workspace is skipped with a message naming it, and everything else still imports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_support import cli, link, write

from lore.embedding.embedder import HashEmbedder
from lore.api import Lore
from lore.ingest.runner import run_import

SECRET_TITLE = "Outside secret decision"
TEAM_TEXT = f"---\nid: outside1\nkind: decision\n---\n# {SECRET_TITLE}\n\nRead from outside.\n"
ADR_TEXT = f"# 1. {SECRET_TITLE}\n\n## Status\n\nAccepted\n\n## Decision\n\nRead from outside.\n"
RULES_TEXT = f"# Rules\n\n## {SECRET_TITLE}\n\nRead from outside the workspace.\n"
GOOD_ADR = "# 2. Use cents for money\n\n## Status\n\nAccepted\n\n## Decision\n\nIntegers only.\n"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    write(root, "docs/adr/0002-cents.md", GOOD_ADR)
    return root


def _outside(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / "home" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    return path


def _titles(capsys, ws: Path) -> list[str]:
    code, out, err = cli(capsys, ws, "list", "--json")
    assert code == 0, err
    return [m["title"] for m in json.loads(out)]


@pytest.mark.parametrize(("rel", "text"), [
    pytest.param(".lore/memories/outside.md", TEAM_TEXT, id="team-file-link"),
    pytest.param("docs/adr/0001-outside.md", ADR_TEXT, id="adr-link"),
    pytest.param("AGENTS.md", RULES_TEXT, id="agents-md-link"),
    pytest.param(".cursor/rules/outside.mdc", RULES_TEXT, id="cursor-rule-link"),
])
def test_file_link_outside_is_not_read(capsys, tmp_path, ws, rel, text):
    link(ws, rel, _outside(tmp_path, "target.md", text))
    code, out, err = cli(capsys, ws, "import", "--json")
    assert code == 0, err
    titles = _titles(capsys, ws)
    assert SECRET_TITLE not in titles
    assert any("Use cents for money" in t for t in titles)


def test_team_file_link_outside_is_named(tmp_path, ws):
    link(ws, ".lore/memories/outside.md", _outside(tmp_path, "target.md", TEAM_TEXT))
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        summary = run_import(lore)
        assert not [m for m in lore.list() if m.title == SECRET_TITLE]
    assert any(".lore/memories/outside.md" in w and "outside the workspace" in w for w in summary.warnings)


def test_team_folder_link_outside_is_refused(capsys, tmp_path, ws):
    _outside(tmp_path, "team.md", TEAM_TEXT)
    (ws / ".lore").mkdir()
    link(ws, ".lore/memories", tmp_path / "home")
    code, out, err = cli(capsys, ws, "import")
    assert code != 0 and ".lore/memories" in err and "Traceback" not in err


def test_team_file_link_inside_is_read(capsys, tmp_path, ws):
    """A link that stays inside the workspace is an ordinary file to read."""
    write(ws, "notes/team.md", TEAM_TEXT.replace(SECRET_TITLE, "Shared inside"))
    link(ws, ".lore/memories/shared.md", ws / "notes/team.md")
    cli(capsys, ws, "import")
    assert "Shared inside" in _titles(capsys, ws)


@pytest.mark.parametrize("rel", [
    pytest.param("docs/adr/0001-outside.md", id="watched-adr-link"),
    pytest.param("CLAUDE.md", id="watched-claude-link"),
])
def test_watched_change_to_a_link_outside_is_not_read(tmp_path, ws, rel):
    """The language server re-imports changed paths by name; a link outside is still refused."""
    link(ws, rel, _outside(tmp_path, "target.md", ADR_TEXT if "adr" in rel else RULES_TEXT))
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        run_import(lore, paths=[rel])
        assert not [m for m in lore.list() if SECRET_TITLE in m.title]


def test_claude_import_of_a_link_outside_is_not_read(tmp_path, ws):
    write(ws, "CLAUDE.md", "# Rules\n\nSee @notes/extra.md\n")
    link(ws, "notes/extra.md", _outside(tmp_path, "target.md", RULES_TEXT))
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        summary = run_import(lore)
        assert not [m for m in lore.list() if "outside the workspace" in (m.body or "")]
    assert any("notes/extra.md" in w for w in summary.warnings)
