"""A database Lore cannot use (written by a newer version, truncated, in a read-only folder, or a
`.lore` that is a file): `lore list`, `lore add` and `lore import` each say why in one line and exit
1, write nothing, and every memory is there again once the problem is gone.

Tests run as root in CI, where file modes do not stop writes: a folder is made read-only with a
read-only bind mount, else `chattr +i`, else (not root) chmod; the test is skipped when none works.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import apsw
import pytest

from lore.cli.main import main
from read_only import read_only

COMMANDS = [
    pytest.param(["list"], id="list"),
    pytest.param(["search", "backoff"], id="search"),
    pytest.param(["add", "--title", "New one", "--body", "x"], id="add"),
    pytest.param(["import"], id="import"),
]


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def cli(capsys, ws: Path, *args: str) -> tuple[int, str, str]:
    code = main(["-w", str(ws), *args])
    out, err = capsys.readouterr()
    return code, out, " ".join(err.split())


@pytest.fixture
def ws(tmp_path: Path, capsys) -> Path:
    """A workspace with a private and a team memory."""
    ws = tmp_path / "ws"
    ws.mkdir()
    for scope, title in (("workspace", "Retries use exponential backoff"), ("team", "Money is stored in cents")):
        assert cli(capsys, ws, "add", "--title", title, "--body", "Kept.", "--scope", scope)[0] == 0
    return ws


def titles(capsys, ws: Path) -> list[str]:
    code, out, err = cli(capsys, ws, "list", "--json")
    assert code == 0, err
    return sorted(m["title"] for m in json.loads(out))


KEPT = ["Money is stored in cents", "Retries use exponential backoff"]


def digest(folder: Path) -> dict[str, str]:
    """Hash of every file under FOLDER (to show nothing was written)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("command", COMMANDS)
def test_newer_schema_is_refused_and_left_alone(ws: Path, capsys, command: list[str]):
    db = apsw.Connection(str(ws / ".lore" / "lore.db"))
    db.execute("INSERT INTO schema_migrations(name, applied_at) VALUES ('m900_from_the_future', 0)")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    before = digest(ws / ".lore")
    code, out, err = cli(capsys, ws, *command)
    assert code == 1
    assert "written by a newer version of Lore" in err and "m900_from_the_future" in err and "upgrade Lore" in err
    assert digest(ws / ".lore") == before


@pytest.mark.parametrize("command", COMMANDS)
def test_truncated_database_says_how_to_recover_and_recovery_loses_nothing(ws: Path, capsys, command: list[str]):
    path = ws / ".lore" / "lore.db"
    subprocess.run(["sync"], check=False)
    size = path.stat().st_size
    os.truncate(path, size // 3)
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    code, out, err = cli(capsys, ws, *command)
    assert code == 1
    assert "is damaged" in err and "lore doctor --rebuild" in err
    assert path.stat().st_size == size // 3  # left for the user to rebuild, not overwritten
    code, out, err = cli(capsys, ws, "doctor", "--rebuild")
    assert code == 0, err
    assert titles(capsys, ws) == KEPT


@pytest.mark.parametrize("command", COMMANDS)
def test_lore_folder_that_is_a_file(tmp_path: Path, capsys, command: list[str]):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / ".lore").write_text("not a folder\n")
    code, out, err = cli(capsys, ws, *command)
    assert code == 1
    assert ".lore is a file, not a folder" in err and "move the file away" in err
    assert (ws / ".lore").read_text() == "not a folder\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_read_only_lore_folder(ws: Path, capsys, command: list[str]):
    before = digest(ws / ".lore")
    with read_only(ws / ".lore"):
        code, out, err = cli(capsys, ws, *command)
    assert code == 1
    assert "lore.db" in err and ("read-only" in err or "cannot open" in err), err
    assert digest(ws / ".lore") == before
    assert titles(capsys, ws) == KEPT


def test_read_only_team_folder_refuses_a_team_memory_and_stores_nothing(ws: Path, capsys):
    with read_only(ws / ".lore" / "memories"):
        code, out, err = cli(capsys, ws, "add", "--title", "Team rule", "--body", "x", "--scope", "team")
        assert code == 1
        assert "cannot write the team file" in err and "nothing was stored" in err
        private = cli(capsys, ws, "add", "--title", "Private note", "--body", "x")  # the database still works
        assert private[0] == 0, private[2]
    assert titles(capsys, ws) == sorted([*KEPT, "Private note"])
