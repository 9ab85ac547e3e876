"""Who decided a team memory and in which pull request (lore.team.provenance), from git: recorded in
each clone's database, shown by `lore show` and `lore review`."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.team.provenance import pr_number
from lore.api import Lore

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def git(cwd: Path, *args: str, who: str = "Sam") -> str:
    return subprocess.run(["git", "-c", f"user.name={who}", "-c", f"user.email={who.lower()}@example.com",
                           "-c", "init.defaultBranch=main", *args],
                          cwd=cwd, check=True, capture_output=True, text=True).stdout


def memory(root: Path, mid: str, title: str) -> None:
    path = root / ".lore" / "memories" / f"{mid}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\nid: {mid}\nkind: decision\nstatus: active\nreviewers: [lee]\n---\n# {title}\n\nText.\n")


@pytest.mark.parametrize(("subject", "pr"), [
    ("Merge pull request #12 from dana/postgres", 12), ("Use Redis for sessions (#13)", 13),
    ("Merged in feature/x (pull request #7)", 7), ("Merge branch 'x' into 'main'\n\nSee merge request g/p!9", 9),
    ("Fix #14 in the parser", None), ("Merge branch 'feature'", None)])
def test_pr_number(subject, pr):
    assert pr_number(subject) == pr


def test_who_decided_and_the_pr_are_recorded_and_shown(tmp_path: Path, capsys):
    from lore.cli.main import main

    root = tmp_path / "repo"
    root.mkdir()
    (root / "README.md").write_text("x\n")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "start")
    git(root, "tag", "base")
    git(root, "checkout", "-qb", "dana/postgres")
    memory(root, "use-postgres", "Use Postgres")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "remember: postgres", who="Dana")
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "-m", "Merge pull request #12 from dana/postgres", "dana/postgres")
    memory(root, "use-redis", "Use Redis for sessions")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "Use Redis for sessions (#13)", who="Lee")
    memory(root, "local-only", "Not committed yet")
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        pg, redis = lore.get("use-postgres").meta["decided"], lore.get("use-redis").meta["decided"]
        assert pg["by"] == "Dana <dana@example.com>" and pg["pr"] == 12
        assert pg["commit"] == git(root, "rev-parse", "dana/postgres").strip()
        assert redis["by"] == "Lee <lee@example.com>" and redis["pr"] == 13
        assert "decided" not in lore.get("local-only").meta
    (root / ".lore" / "memories" / "use-postgres.md").write_text(
        (root / ".lore" / "memories" / "use-postgres.md").read_text().replace("Text.", "Text, edited."))
    git(root, "add", "-A")
    git(root, "commit", "-qm", "edit", who="Lee")
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        assert lore.get("use-postgres").meta["decided"]["by"] == "Dana <dana@example.com>", "an edit keeps who decided"
        assert lore.get("local-only").meta["decided"]["by"] == "Lee <lee@example.com>", "committed since"
    capsys.readouterr()
    assert main(["-w", str(root), "show", "use-postgres"]) == 0
    assert "**Decided by:** Dana <dana@example.com>, 20" in capsys.readouterr().out
    assert main(["-w", str(root), "show", "use-redis", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decided"]["pr"] == 13
    assert main(["-w", str(root), "review", "base..HEAD"]) == 0
    text = capsys.readouterr().out
    assert "- **Use Redis for sessions** (`use-redis`, decision) — committed by Lee in PR #13" in text
    assert main(["-w", str(root), "review", "base..HEAD~1", "--json"]) == 0
    [pg] = [c for c in json.loads(capsys.readouterr().out) if c["id"] == "use-postgres"]
    assert pg["pr"] == 12 and pg["author"] == "Dana"
