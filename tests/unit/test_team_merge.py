"""Team files merge like code: conflict markers refused, surgical rewrites, no automatic field changes."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest
import yaml

from lore.team import files as teamfiles
from lore.anchors import extract_symbols
from lore.markup.conflicts import conflict_line
from lore.embedding.embedder import HashEmbedder
from lore.recall.follow import follow_anchors
from lore.memory import Anchor, Memory, Scope, Status
from lore.agents.proposals import confirm_proposal
from lore.api import Lore

HAND = """---
# Decided at the March architecture review
id: use-postgres
kind: decision
status: active
author: Dana <dana@example.com>
reviewers: [sam, lee]
tags: [storage, db, ops]   # order matters to us
anchors:
  - server/db/**
  - symbol:python:app.jobs.nightly_report
created: 2026-03-01T10:00:00Z
updated: 2026-03-02T10:00:00Z
---
# Use Postgres for storage

We use Postgres.

<!-- a note for reviewers only -->

## Why

Transactions and JSONB.
"""
REL = ".lore/memories/use-postgres.md"
CODE = "def nightly_report(day):\n    return build(day)\n"


def _open(root: Path) -> Lore:
    return Lore(root, user_db=root / "user.db", embedder=HashEmbedder())


def _workspace(root: Path, text: str = HAND) -> Path:
    (root / ".lore" / "memories").mkdir(parents=True)
    (root / REL).write_text(text)
    return root / REL


def _changed(before: str, after: str) -> list[str]:
    """The lines a rewrite removed (-) and added (+)."""
    return [d for d in difflib.ndiff(before.splitlines(), after.splitlines()) if d[:1] in "+-"]


# -- conflict markers ----------------------------------------------------------------------------

CONFLICTED_BODY = HAND.replace("We use Postgres.\n", "<<<<<<< HEAD\nWe use Postgres.\n=======\n"
                               "We use Postgres 16.\n>>>>>>> feature\n")


@pytest.mark.parametrize(("text", "line"), [
    (CONFLICTED_BODY, 17),
    (HAND.replace("status: active\n", "<<<<<<< HEAD\nstatus: active\n=======\nstatus: deprecated\n>>>>>>> x\n"), 5),
    ("# Title\n=======\n\ntext\n", None),  # a heading underline alone is markdown, not a conflict
])
def test_conflict_line(text, line):
    assert conflict_line(text) == line


def test_conflicted_team_file_is_refused_and_the_last_good_version_stays(tmp_path: Path):
    path = _workspace(tmp_path)
    with _open(tmp_path) as lore:
        assert lore.get("use-postgres").body == "We use Postgres."
    path.write_text(CONFLICTED_BODY)
    with _open(tmp_path) as lore:
        m = lore.get("use-postgres")
        assert m.body == "We use Postgres." and m.status is Status.ACTIVE, "the last good version stays"
        assert lore.notices == [f"merge conflict in {REL}:17: resolve the conflict markers; "
                                "the last good version stays in use"]
    front = HAND.replace("status: active\n", "<<<<<<< HEAD\nstatus: active\n=======\nstatus: deprecated\n>>>>>>> x\n")
    path.write_text(front)
    with _open(tmp_path) as lore:
        assert lore.team_errors == [f"merge conflict in {REL}:5: resolve the conflict markers; "
                                    "the last good version stays in use"]
        assert lore.get("use-postgres").status is Status.ACTIVE
        with pytest.raises(teamfiles.MergeConflictError):
            lore.forget("use-postgres")  # a person's merge is never overwritten
    assert path.read_text() == front
    path.write_text(HAND.replace("We use Postgres.", "We use Postgres 16."))
    with _open(tmp_path) as lore:
        assert lore.get("use-postgres").body == "We use Postgres 16." and lore.team_errors == []


def test_doctor_and_cli_name_the_conflict(tmp_path: Path, capsys):
    from lore.cli.main import main
    from lore.maintenance.doctor import report

    path = _workspace(tmp_path)
    path.write_text(CONFLICTED_BODY)
    r = report(tmp_path, Lore, check_model=False)
    assert not r["ok"] and any(p.startswith(f"merge conflict in {REL}:17") for p in r["problems"])
    capsys.readouterr()
    main(["-w", str(tmp_path), "list"])
    assert f"merge conflict in {REL}:17" in capsys.readouterr().err


def test_conflicted_adr_is_refused_by_the_import(tmp_path: Path):
    from lore.ingest import run_import

    adr = tmp_path / "docs" / "adr" / "0001-use-postgres.md"
    adr.parent.mkdir(parents=True)
    adr.write_text("# 1. Use Postgres\n\n## Status\n\nAccepted\n\n## Decision\n\nWe use Postgres.\n")
    with _open(tmp_path) as lore:
        run_import(lore)
        [m] = [m for m in lore.list() if m.provenance.path == "docs/adr/0001-use-postgres.md"]
        adr.write_text(adr.read_text().replace("We use Postgres.\n", "<<<<<<< ours\nWe use Postgres.\n"
                                               "=======\nWe use MySQL.\n>>>>>>> theirs\n"))
        summary = run_import(lore)
        assert "merge conflict in docs/adr/0001-use-postgres.md:9: resolve the conflict markers; " \
               "the last good version stays in use" in summary.warnings
        kept = lore.get(m.id)
        assert kept.status is Status.ACTIVE and "<<<<<<<" not in kept.body and "MySQL" not in kept.body
    from lore.maintenance.doctor import report

    r = report(tmp_path, Lore, check_model=False)
    assert not r["ok"] and any(p.startswith("merge conflict in docs/adr/0001-use-postgres.md:9") for p in r["problems"])


# -- surgical rewrites ---------------------------------------------------------------------------

def test_every_rewrite_changes_only_its_lines(tmp_path: Path):
    path = _workspace(tmp_path)
    with _open(tmp_path) as lore:
        lore.forget("use-postgres")
        assert _changed(HAND, path.read_text()) == ["- status: active", "+ status: deprecated"]
        lore.restore("use-postgres")
        assert path.read_text() == HAND
        new = lore.add(Memory(title="Use Postgres 16", scope=Scope.TEAM), embed=False).memory
        lore.supersede("use-postgres", [new.id])
        listed = yaml.safe_dump([new.id]).strip()  # an id of digits only is quoted, as YAML must
        assert _changed(HAND, path.read_text()) == ["- status: active", "+ status: superseded",
                                                    "+ superseded_by:", f"+ {listed}"]
        lore.restore("use-postgres")
        assert path.read_text() == HAND
        m = lore.get("use-postgres")
        m.tags = ["storage", "db", "ops", "sql"]
        lore.update(m)  # a person's change: tags keep their order, `updated:` moves
        diff = _changed(HAND, path.read_text())
        assert diff[:2] == ["- tags: [storage, db, ops]   # order matters to us", "+ tags: [storage, db, ops, sql]"]
        assert diff[2] == "- updated: 2026-03-02T10:00:00Z" and diff[3].startswith("+ updated: '20")
        assert len(diff) == 4


def test_anchor_follow_and_review_flag_write_the_same_bytes_in_every_clone(tmp_path: Path):
    """Two clones follow the same rename: only the anchor line changes, `updated:` stays, same bytes."""
    symbols = extract_symbols(CODE, "python", "app/jobs.py")
    renamed = extract_symbols(CODE.replace("nightly_report", "nightly_summary"), "python", "app/jobs.py")
    changed = extract_symbols(CODE.replace("build(day)", "fetch(day) or None"), "python", "app/jobs.py")
    results = []
    for name in ("a", "b"):
        root = tmp_path / name
        path = _workspace(root)
        with _open(root) as lore:
            baselines: dict = {}
            follow_anchors(lore, "app/jobs.py", symbols, baselines)
            follow_anchors(lore, "app/jobs.py", changed, dict(baselines))  # body changed: flagged, no write
            assert path.read_text() == HAND
            follow_anchors(lore, "app/jobs.py", renamed, baselines)
        results.append(path.read_bytes())
    assert results[0] == results[1]
    assert _changed(HAND, results[0].decode()) == ["-   - symbol:python:app.jobs.nightly_report",
                                                   "+   - symbol:python:app.jobs.nightly_summary"]


def test_confirm_removes_only_the_agent_line(tmp_path: Path):
    text = HAND.replace("status: active\n", "status: proposed\nsource: agent\n")
    path = _workspace(tmp_path, text)
    with _open(tmp_path) as lore:
        confirm_proposal(lore, "use-postgres")
    assert _changed(text, path.read_text()) == ["+ status: active", "- status: proposed", "- source: agent"]


def test_two_clones_forgetting_the_same_memory_write_the_same_file(tmp_path: Path):
    texts = []
    for name in ("a", "b"):
        path = _workspace(tmp_path / name)
        with _open(tmp_path / name) as lore:
            lore.forget("use-postgres")
        texts.append(path.read_bytes())
    assert texts[0] == texts[1]


def test_new_files_are_still_rendered_whole(tmp_path: Path):
    with _open(tmp_path) as lore:
        r = lore.add(Memory(title="Plain", body="text", scope=Scope.TEAM), embed=False)
        assert r.file.read_text() == teamfiles.render(lore.get(r.memory.id))
        shutil.rmtree(tmp_path / ".lore" / "memories")


# -- ids the same in every clone -----------------------------------------------------------------

ADR = "# 1. Use MySQL\n\n## Status\n\nAccepted\n\n## Decision\n\nWe use MySQL.\n"
ADR_REL = "docs/adr/0001-use-mysql.md"


def _clone(root: Path) -> Path:
    (root / "docs" / "adr").mkdir(parents=True)
    (root / ADR_REL).write_text(ADR)
    return root


def _adr(lore: Lore) -> Memory:
    [m] = [m for m in lore.list() if m.provenance.path == ADR_REL]
    return m


def test_two_clones_give_an_adr_the_same_id_and_a_team_supersession_resolves_in_both(tmp_path: Path):
    from lore.ingest import run_import

    a, b = _clone(tmp_path / "a"), _clone(tmp_path / "b")
    with _open(a) as lore_a:
        run_import(lore_a)
        adr_a = _adr(lore_a)
        new = lore_a.add(Memory(title="Use Postgres, not MySQL", scope=Scope.TEAM, supersedes=[adr_a.id]),
                         embed=False)
        assert lore_a.get(adr_a.id).status is Status.SUPERSEDED
    (b / ".lore" / "memories").mkdir(parents=True, exist_ok=True)
    shutil.copy(new.file, b / ".lore" / "memories" / new.file.name)  # the pull
    with _open(b) as lore_b:
        run_import(lore_b)
        adr_b = _adr(lore_b)
        assert adr_b.id == adr_a.id
        assert adr_b.status is Status.SUPERSEDED and adr_b.superseded_by == [new.memory.id]
        run_import(lore_b)  # a later import of an unchanged ADR keeps it superseded
        (b / ADR_REL).write_text(ADR + "\nMore context.\n")
        run_import(lore_b)  # and so does a re-import of a changed one
        assert lore_b.get(adr_b.id).status is Status.SUPERSEDED


def test_old_random_ids_are_migrated_and_links_follow(tmp_path: Path):
    from lore.ingest import run_import
    from lore.sources.ids import IDS_META, import_id

    root = _clone(tmp_path)
    with _open(root) as lore:
        run_import(lore)
        derived = _adr(lore).id
        assert derived == import_id(ADR_REL, "adr")
        lore.store.memories.rename_id(derived, "0123456789ab")  # as made before ids were derived
        with lore.store.transaction():
            lore.store.db.conn.execute("DELETE FROM meta WHERE key = ?", (IDS_META,))
        private = lore.add(Memory(title="MySQL replaced for us", scope=Scope.WORKSPACE,
                                  supersedes=["0123456789ab"]), embed=False).memory
        team = lore.add(Memory(title="Postgres", scope=Scope.TEAM, supersedes=["0123456789ab"]), embed=False)
        assert "0123456789ab" in team.file.read_text()
        run_import(lore)
        adr = lore.get(derived)
        assert set(adr.superseded_by) == {private.id, team.memory.id}
        assert lore.get(private.id).supersedes == [derived]
        text = team.file.read_text()
        assert f"- {derived}" in text and "0123456789ab" not in text
    with _open(root) as again:
        assert again.get(team.memory.id).supersedes == [derived]


def test_the_files_id_wins_after_an_add_add_conflict(tmp_path: Path):
    """Both sides added a memory under the same file name; `git checkout --theirs` keeps theirs."""
    with _open(tmp_path) as lore:
        mine = lore.add(Memory(title="Cache tokens", body="mine", scope=Scope.TEAM), embed=False)
        lore.record_surfaced([mine.memory.id])
    theirs = mine.file.read_text().replace(f"id: {mine.memory.id}", "id: abcdefabcdef").replace("mine", "theirs")
    mine.file.write_text(theirs)
    with _open(tmp_path) as lore:
        m = lore.get("abcdefabcdef")
        assert m.body == "theirs" and m.surfaced_count == 1
        with pytest.raises(Exception):
            lore.get(mine.memory.id)
        assert [x.id for x in lore.list() if x.provenance.path == m.provenance.path] == ["abcdefabcdef"]


def test_a_second_file_with_an_existing_id_is_refused_and_a_renamed_file_keeps_its_memory(tmp_path: Path):
    """Two team files giving one id (a file copied to start another): the second would overwrite the
    first's memory; it is refused with a message naming both, and the first stays. A file renamed
    (`git mv`) keeps its memory under the new name."""
    path = _workspace(tmp_path)
    with _open(tmp_path) as lore:
        mid = lore.list()[0].id
        copy = path.with_name("copy.md")
        copy.write_text(path.read_text().replace("Use Postgres", "Use SQLite"))
        result = lore.sync_team()
        assert any("copy.md" in e and mid in e and "use-postgres.md" in e for e in result.errors), result.errors
        assert lore.get(mid).title == "Use Postgres for storage" and lore.get(mid).provenance.path == REL
        copy.unlink()
        path.rename(path.with_name("renamed.md"))
        lore.sync_team()
        assert lore.get(mid).provenance.path.endswith("renamed.md") and lore.get(mid).visible


def test_the_language_server_shows_a_conflict_once_and_logs_it_each_time(caplog):
    from lore.lsp.background import Background

    class FakeServer:
        shown: list[str] = []

        def show(self, message, kind=None):
            self.shown.append(message)

    ls = FakeServer()
    bg = Background(ls)
    warning = f"merge conflict in {REL}:17: resolve the conflict markers; the last good version stays in use"
    with caplog.at_level("WARNING"):
        bg.tell_conflicts([warning, "docs/x.md:1: something else"])
        bg.tell_conflicts([warning])
    assert ls.shown == [f"Lore: {warning}"]
    assert [r.getMessage() for r in caplog.records].count(warning) == 2


# -- no untracked .lore/.gitignore -----------------------------------------------------------------

def _git(cwd: Path, *args: str) -> str:
    import subprocess

    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=cwd,
                          check=True, capture_output=True, text=True).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_database_stays_out_of_git_without_an_untracked_file_that_breaks_a_pull(tmp_path: Path):
    remote = tmp_path / "remote.git"
    _git(tmp_path, "init", "-q", "--bare", str(remote))
    a, b = tmp_path / "a", tmp_path / "b"
    _git(tmp_path, "clone", "-q", str(remote), str(a))
    (a / "README.md").write_text("x\n")
    _git(a, "add", "-A")
    _git(a, "commit", "-qm", "start")
    _git(a, "push", "-q", "origin", "HEAD")
    _git(tmp_path, "clone", "-q", str(remote), str(b))
    for root in (a, b):
        with Lore(root, user_db=tmp_path / f"{root.name}-user.db", embedder=HashEmbedder()) as lore:
            lore.add(Memory(title=f"From {root.name}", scope=Scope.TEAM), embed=False)
        assert not (root / ".lore" / ".gitignore").exists()
        status = _git(root, "status", "--porcelain", "--untracked-files=all").split()
        assert [p for p in status if p != "??"] == [f".lore/memories/from-{root.name}.md"], status
    # An older Lore in clone a commits its .lore/.gitignore: clone b still pulls cleanly.
    (a / ".lore" / ".gitignore").write_text("lore.db\n")
    _git(a, "add", "-A")
    _git(a, "commit", "-qm", "memories")
    _git(a, "push", "-q", "origin", "HEAD")
    _git(b, "pull", "-q", "--no-rebase", "origin", "HEAD")
    assert (b / ".lore" / "memories" / "from-a.md").exists()


# -- lore review ---------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_review_lists_a_branchs_memory_changes_as_markdown(tmp_path: Path, capsys):
    from lore.cli.main import main

    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q")
    user = tmp_path / "user.db"
    with Lore(root, user_db=user, embedder=HashEmbedder()) as lore:
        old = lore.add(Memory(title="Use MySQL", scope=Scope.TEAM), embed=False).memory
        gone = lore.add(Memory(title="Tabs for indentation", scope=Scope.TEAM), embed=False).memory
        moved = lore.add(Memory(title="Jobs run at night", scope=Scope.TEAM,
                                anchors=[Anchor.parse("app/jobs.py")]), embed=False).memory
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    _git(root, "tag", "base")
    with Lore(root, user_db=user, embedder=HashEmbedder()) as lore:
        new = lore.add(Memory(title="Use Postgres", scope=Scope.TEAM, supersedes=[old.id]), embed=False).memory
        lore.forget(gone.id)
        m = lore.get(moved.id)
        m.anchors = [Anchor.parse("app/tasks/jobs.py")]
        lore.update(m, touch=False)
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "branch")
    capsys.readouterr()
    assert main(["-w", str(root), "review", "base..HEAD"]) == 0
    text = capsys.readouterr().out
    assert "## Memory changes in base..HEAD" in text
    assert f"### Added (1)\n\n- **Use Postgres** (`{new.id}`, decision) — supersedes “Use MySQL” (`{old.id}`); committed by t" in text
    assert f"### Superseded (1)\n\n- **Use MySQL** (`{old.id}`, decision) — by “Use Postgres” (`{new.id}`); committed by t" in text
    assert f"### Forgotten (1)\n\n- **Tabs for indentation** (`{gone.id}`" in text
    assert "### Anchors moved (1)" in text and "— anchors: `app/jobs.py` → `app/tasks/jobs.py`; committed by t" in text
    assert main(["-w", str(root), "review", "nope..HEAD"]) != 0


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_review_lists_the_anchors_chosen_for_imported_records(tmp_path: Path, capsys):
    from lore.cli.main import main

    root = tmp_path / "repo"
    (root / ".lore").mkdir(parents=True)
    _git(root, "init", "-q")
    choices = root / ".lore" / "anchors.yaml"
    choices.write_text("docs/adr/0001-use-mysql.md#adr:\n  added: [app/jobs.py]\n")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    _git(root, "tag", "base")
    choices.write_text("docs/adr/0001-use-mysql.md#adr:\n  added: [app/tasks/**]\n  dropped: [app/legacy/**]\n")
    _git(root, "commit", "-qam", "anchor the MySQL decision to the tasks (#7)")
    capsys.readouterr()
    assert main(["-w", str(root), "review", "base..HEAD"]) == 0
    text = capsys.readouterr().out
    assert ("### Anchors chosen (1)\n\n- `docs/adr/0001-use-mysql.md#adr` — added `app/tasks/**`; no longer added "
            "`app/jobs.py`; dropped `app/legacy/**`; committed by t in PR #7") in text
    choices.write_text("<<<<<<< HEAD\na: {}\n=======\nb: {}\n>>>>>>> x\n")
    _git(root, "commit", "-qam", "a conflict committed by mistake")
    capsys.readouterr()
    assert main(["-w", str(root), "review", "base..HEAD"]) == 0
    assert "### Unreadable (1)\n\n- `.lore/anchors.yaml` — .lore/anchors.yaml:1: merge conflict markers" in capsys.readouterr().out


def test_a_pulled_team_memory_has_its_vector_by_the_first_search(tmp_path: Path):
    from lore.recall import Query

    path = _workspace(tmp_path)
    with _open(tmp_path) as lore:
        emb = lore.ready_embedder()
        vectors = lore.store.vectors(emb.model_id, emb.dim)
        assert vectors.pending_count() > 0, "a sync reads the file; it does not load the model"
        hits = lore.search(Query(text="which database do we use for storage"))
        assert vectors.pending_count() == 0
        assert hits and hits[0].memory.id == "use-postgres"
    path.write_text(HAND.replace("We use Postgres.", "We use Postgres 16 everywhere."))
    with _open(tmp_path) as lore:
        assert lore.fresh_team == ["use-postgres"]
        lore.search(Query(text="postgres"))
        assert lore.store.vectors(lore.model_id, lore.embedder.dim).pending_count() == 0


# -- the merge driver ------------------------------------------------------------------------------

def _side(text: str, *edits: tuple[str, str]) -> str:
    for a, b in edits:
        assert a in text
        text = text.replace(a, b)
    return text


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_merge_driver_merges_fields_and_leaves_text_conflicts_to_people():
    from lore.team.mergefile import merge_texts

    ours = _side(HAND, ("tags: [storage, db, ops]", "tags: [storage, db, ops, sql]"),
                 ("updated: 2026-03-02T10:00:00Z", "updated: '2026-04-01T09:00:00Z'"))
    theirs = _side(HAND, ("tags: [storage, db, ops]", "tags: [storage, ops, infra]"),
                   ("  - server/db/**\n", "  - server/db/**\n  - server/api/**\n"),
                   ("updated: 2026-03-02T10:00:00Z", "updated: '2026-04-02T09:00:00Z'"))
    text, clean = merge_texts(HAND, ours, theirs)
    assert clean, text
    front = teamfiles.parse(text, REL)
    assert "tags: [storage, ops, sql, infra]" in text and sorted(front.tags) == ["infra", "ops", "sql", "storage"]
    assert [a.to_text() for a in front.anchors][:3] == ["server/db/**", "symbol:python:app.jobs.nightly_report",
                                                         "server/api/**"]
    assert "updated: '2026-04-02T09:00:00Z'" in text and "author: Dana" in text and "# order matters" not in text
    # Both sides rewrote the same sentence: a person decides; the fields still merged.
    text, clean = merge_texts(HAND, _side(ours, ("We use Postgres.", "We use Postgres 16.")),
                              _side(theirs, ("We use Postgres.", "We use Postgres 15.")))
    assert not clean and "<<<<<<< ours" in text and "tags: [storage, ops, sql, infra]" in text
    assert conflict_line(text) is not None


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_worktree_keeps_the_database_out_of_git_with_nothing_untracked(tmp_path: Path):
    main, tree = tmp_path / "main", tmp_path / "tree"
    main.mkdir()
    _git(main, "init", "-q")
    (main / "README.md").write_text("x\n")
    _git(main, "add", "-A")
    _git(main, "commit", "-qm", "start")
    _git(main, "worktree", "add", "-q", str(tree))
    assert (tree / ".git").is_file(), "a worktree's .git is a file"
    with Lore(tree, user_db=tmp_path / "user.db", embedder=HashEmbedder()):
        pass
    assert not (tree / ".lore" / ".gitignore").exists()
    assert _git(tree, "status", "--porcelain", "--untracked-files=all") == "", "nothing shows before a memory"
