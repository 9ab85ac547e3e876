"""A repository that commits symbolic links where Lore writes cannot make Lore write outside it.

Each case plants a link (to a file or folder outside the workspace) at a name Lore writes, runs
the operation a user would, and checks the outside file is byte-identical afterwards (or was
never created) and that a refusal names the file.
"""

from __future__ import annotations

import asyncio
import types as pytypes
from pathlib import Path

import pytest
from hostile_support import VICTIM_TEXT, add_json, cli, fingerprint, link, victim

from lore.anchors import extract_symbols
from lore.embedding.embedder import HashEmbedder
from lore.recall.follow import anchor_hash, follow_anchors
from lore.memory import Anchor, Kind, Memory, Scope
from lore.api import Lore

TITLE = "Money is stored in cents"
SLUG = "money-is-stored-in-cents"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


def _team(capsys, ws: Path, title: str = TITLE) -> str:
    return add_json(capsys, ws, "--title", title, "--body", "Never floats.", "--scope", "team")["id"]


def _forget(capsys, ws, mid, other):
    return cli(capsys, ws, "forget", mid)


def _restore(capsys, ws, mid, other):
    cli(capsys, ws, "forget", mid)
    return cli(capsys, ws, "restore", mid)


def _supersede(capsys, ws, mid, other):
    return cli(capsys, ws, "supersede", mid, "--by", other)


def _purge(capsys, ws, mid, other):
    return cli(capsys, ws, "forget", mid, "--purge")


@pytest.mark.parametrize("operation", [
    pytest.param(_forget, id="forget"),
    pytest.param(_restore, id="restore"),
    pytest.param(_supersede, id="supersede"),
    pytest.param(_purge, id="purge"),
])
def test_planted_tmp_link_beside_a_team_file(capsys, tmp_path, ws, operation):
    """`.lore/memories/<slug>.md.tmp` -> ~/.bashrc: the rewrite never goes through the link."""
    mid = _team(capsys, ws)
    other = _team(capsys, ws, "Amounts are integers")
    target = victim(tmp_path)
    link(ws, f".lore/memories/{SLUG}.md.tmp", target)
    code, out, err = operation(capsys, ws, mid, other)
    assert target.read_bytes() == VICTIM_TEXT
    assert code == 0, err
    assert "Traceback" not in err


def test_planted_tmp_link_on_anchor_following(tmp_path, ws):
    """Renaming the anchored function rewrites the team file; a planted `.tmp` link is not followed."""
    source = "def nightly_report(day):\n    return day\n"
    symbols = extract_symbols(source, "python", "app/jobs.py")
    symbol = next(s for s in symbols if s.name == "nightly_report")
    target = victim(tmp_path)
    with Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        anchor = Anchor("symbol", symbol.qualified_name, language="python", file="app/jobs.py",
                        content_hash=anchor_hash(symbol))
        m = lore.add(Memory(title=TITLE, body="b", scope=Scope.TEAM, anchors=[anchor]), embed=False).memory
        link(ws, f".lore/memories/{SLUG}.md.tmp", target)
        renamed = extract_symbols(source.replace("nightly_report", "nightly_summary"), "python", "app/jobs.py")
        follow_anchors(lore, "app/jobs.py", renamed, {})
        assert lore.get(m.id).anchors[0].value.endswith("nightly_summary")
    assert target.read_bytes() == VICTIM_TEXT
    assert "nightly_summary" in (ws / f".lore/memories/{SLUG}.md").read_text()


@pytest.mark.parametrize("planted", [
    pytest.param(f".lore/memories/{SLUG}.md", id="new-team-file-name-dangling"),
    pytest.param(f".lore/memories/{SLUG}.md.tmp", id="new-team-file-tmp-dangling"),
])
def test_new_team_file_never_created_through_a_dangling_link(capsys, tmp_path, ws, planted):
    (ws / ".lore/memories").mkdir(parents=True)
    target = tmp_path / "home" / "created-by-lore"
    target.parent.mkdir()
    link(ws, planted, target)
    code, out, err = cli(capsys, ws, "add", "--title", TITLE, "--scope", "team", "--json")
    assert not target.exists()
    assert code == 0, err


def test_team_file_that_is_a_link_is_not_rewritten(capsys, tmp_path, ws):
    """A team file replaced by a link to an outside file: forgetting refuses and names the file."""
    mid = _team(capsys, ws)
    path = ws / f".lore/memories/{SLUG}.md"
    target = victim(tmp_path)
    target.write_bytes(path.read_bytes())
    before = target.read_bytes()
    path.unlink()
    link(ws, f".lore/memories/{SLUG}.md", target)
    code, out, err = cli(capsys, ws, "forget", mid)
    assert target.read_bytes() == before
    assert code != 0 and f"{SLUG}.md" in err and "Traceback" not in err


@pytest.mark.parametrize(("target_name", "planted"), [
    pytest.param("AGENTS.md", "AGENTS.md", id="export-target-link"),
    pytest.param("CLAUDE.md", "CLAUDE.md", id="export-claude-target-link"),
    pytest.param("AGENTS.md", "AGENTS.md.lore-tmp", id="export-tmp-link"),
])
def test_export_never_writes_through_a_link(capsys, tmp_path, ws, target_name, planted):
    _team(capsys, ws)
    target = victim(tmp_path)
    link(ws, planted, target)
    code, out, err = cli(capsys, ws, "export", "--file", target_name)
    assert target.read_bytes() == VICTIM_TEXT
    assert "Traceback" not in err
    if planted == target_name:
        assert code != 0 and target_name in err and "link" in err
    else:
        assert code == 0, err
        assert "Project memory" in (ws / target_name).read_text()


def test_export_to_a_dangling_link_creates_nothing_outside(capsys, tmp_path, ws):
    _team(capsys, ws)
    target = tmp_path / "home" / "made"
    target.parent.mkdir()
    link(ws, "AGENTS.md", target)
    code, out, err = cli(capsys, ws, "export")
    assert not target.exists()
    assert code != 0 and "AGENTS.md" in err


def test_draft_written_on_disk_never_follows_a_dangling_link(tmp_path, ws):
    """`lore.draft` without a client that creates files writes the draft itself: not through a link."""
    from lore.lsp.actions import create_template_file, template_memory

    target = tmp_path / "home" / "draft"
    target.parent.mkdir()
    link(ws, f".lore/memories/{SLUG}.md", target)
    caps = pytypes.SimpleNamespace(workspace=None, window=None)
    ls = pytypes.SimpleNamespace(client_capabilities=caps)
    folder = pytypes.SimpleNamespace(root=ws, uri_for=lambda rel: (ws / rel).as_uri())
    result = asyncio.run(create_template_file(ls, folder, template_memory(Kind.DECISION, TITLE, [])))
    assert not target.exists()
    assert result["path"] != f".lore/memories/{SLUG}.md"
    assert (ws / result["path"]).is_file() and not (ws / result["path"]).is_symlink()


@pytest.mark.parametrize("planted", [
    pytest.param(".lore/backups", id="backups-folder-link"),
    pytest.param(".lore/memories", id="memories-folder-link"),
])
def test_lore_owned_folders_that_are_links(capsys, tmp_path, ws, planted):
    outside = tmp_path / "home"
    outside.mkdir()
    (ws / ".lore").mkdir()
    link(ws, planted, outside)
    scope = "team" if planted.endswith("memories") else "workspace"
    code, out, err = cli(capsys, ws, "add", "--title", TITLE, "--scope", scope)
    assert fingerprint(outside) == {}
    assert "Traceback" not in err
    assert code != 0 and planted in err


def test_gitignore_dangling_link_is_not_followed(capsys, tmp_path, ws):
    target = tmp_path / "home" / "gitignore"
    target.parent.mkdir()
    link(ws, ".lore/.gitignore", target)
    code, out, err = cli(capsys, ws, "list")
    assert not target.exists()
    assert "Traceback" not in err


@pytest.mark.parametrize("kind", [
    pytest.param("dir", id="lore-folder-links-outside"),
    pytest.param("dangling", id="lore-folder-dangling-link"),
    pytest.param("inside", id="lore-folder-links-inside"),
    pytest.param("file", id="lore-folder-is-a-file"),
])
@pytest.mark.parametrize("command", [
    pytest.param(("list",), id="list"),
    pytest.param(("doctor",), id="doctor"),
    pytest.param(("doctor", "--rebuild", "--no-model"), id="doctor-rebuild"),
])
def test_lore_folder_must_be_a_real_folder(capsys, tmp_path, ws, kind, command):
    outside = tmp_path / "home"
    outside.mkdir()
    (outside / "lore.db-rebuild").write_bytes(VICTIM_TEXT)  # what a rebuild would clear away first
    if kind == "dir":
        link(ws, ".lore", outside)
    elif kind == "dangling":
        link(ws, ".lore", outside / "missing")
    elif kind == "inside":
        (ws / "elsewhere").mkdir()
        link(ws, ".lore", ws / "elsewhere")
    else:
        (ws / ".lore").write_text("not a folder")
    code, out, err = cli(capsys, ws, *command)
    assert list(fingerprint(outside)) == ["lore.db-rebuild"] and not (outside / "missing").exists()
    assert not (ws / "elsewhere" / "lore.db").exists()
    said = err if command == ("list",) else out + err  # doctor reports problems on stdout
    assert code != 0 and ".lore" in said and "Traceback" not in said
    assert len(err.splitlines()) <= 1


@pytest.mark.parametrize("name", [pytest.param("lore.db", id="database-link"),
                                  pytest.param("lore.db-wal", id="wal-link")])
def test_database_files_that_are_links_are_refused(capsys, tmp_path, ws, name):
    """A committed `.lore/lore.db` (or its WAL) linking out would have the database written there."""
    target = victim(tmp_path)
    (ws / ".lore").mkdir()
    link(ws, f".lore/{name}", target)
    code, out, err = cli(capsys, ws, "add", "--title", TITLE)
    assert target.read_bytes() == VICTIM_TEXT
    assert code != 0 and name in err and "Traceback" not in err
