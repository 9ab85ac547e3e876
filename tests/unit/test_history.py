"""History as task memory: commits grouped into tasks on real temporary git repositories."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.history import HistorySettings, history_for, import_history
from lore.history import gitlog
from lore.memory import Kind, SourceKind
from lore.api import Lore

DAY = 86400
T0 = int(time.time()) - 200 * DAY
SECRET = "ghp_" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAB7C"


def git(root: Path, *args: str, at: int | None = None, author: str = "Ann <ann@example.com>") -> str:
    env = dict(os.environ)
    if at is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"@{at} +0000"
    name, email = author[:-1].split(" <")
    env.update(GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email, GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=email)
    res = subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, text=True)
    return res.stdout.strip()


def commit(root: Path, files: dict[str, str], message: str, at: int, **kw) -> str:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        git(root, "add", rel)
    git(root, "commit", "-q", "-m", message, at=at, **kw)
    return git(root, "rev-parse", "HEAD")


@pytest.fixture
def repo(tmp_workspace):
    """A history with a squash, a merged branch, a run of fixes, a rename, a revert and a leaked token."""
    r = tmp_workspace
    shas = {}
    shas["init"] = commit(r, {"src/queue.py": "def poll():\n    pass\n", "README.md": "hi\n"}, "Initial commit", T0)
    shas["squash"] = commit(r, {"src/queue.py": "def poll():\n    return 1\n"},
                            "feat(queue): Move the job queue to SKIP LOCKED (#12)\n\n"
                            "Polling with a plain SELECT let two workers take the same job.", T0 + DAY)
    git(r, "checkout", "-q", "-b", "feature")
    commit(r, {"src/api.py": "x = 1\n"}, "Add the api module\n\nThe api needs its own module for tests.",
           T0 + 2 * DAY, author="Bob <bob@example.com>")
    commit(r, {"src/api.py": "x = 2\n"}, "Tune the api", T0 + 3 * DAY, author="Bob <bob@example.com>")
    git(r, "checkout", "-q", "main")
    commit(r, {"docs/notes.md": "n\n"}, "docs: notes", T0 + 3 * DAY + 100)
    git(r, "merge", "-q", "--no-ff", "feature", "-m",
        "Merge pull request #34 from bob/feature\n\nAdd an api module\n\nSplit out so the queue stays small.",
        at=T0 + 4 * DAY)
    shas["merge"] = git(r, "rev-parse", "HEAD")
    shas["fix1"] = commit(r, {"src/worker.py": "a\n"}, "fix: worker crash on empty queue", T0 + 5 * DAY)
    commit(r, {"src/worker.py": "b\n"}, "worker: handle None too", T0 + 5 * DAY + 3600)
    shas["bad"] = commit(r, {"src/cache.py": "c\n"}, "Add a cache\n\nToken for the cache server: " + SECRET,
                         T0 + 7 * DAY)
    git(r, "revert", "--no-edit", shas["bad"], at=T0 + 8 * DAY)
    shas["revert"] = git(r, "rev-parse", "HEAD")
    (r / "src" / "jobs").mkdir()
    git(r, "mv", "src/queue.py", "src/jobs/queue.py")
    git(r, "commit", "-q", "-m", "refactor: move the queue into jobs/", at=T0 + 9 * DAY)
    shas["rename"] = git(r, "rev-parse", "HEAD")
    r.joinpath("repo_shas").write_text("")  # untracked: never read
    return r, shas


@pytest.fixture
def lore(repo):
    root, _ = repo
    lo = Lore(root, user_db=root.parent / "user.db", embedder=HashEmbedder())
    yield lo
    lo.close()


def tasks(lore) -> dict[str, object]:
    return {m.title: m for m in lore.list(kinds=(Kind.TASK,), limit=500)}


def test_commits_grouped_into_tasks(lore, repo):
    _, shas = repo
    result = import_history(lore)
    assert result.commits == 11 and not result.incremental
    by = tasks(lore)
    squash = by["Move the job queue to SKIP LOCKED"]
    assert squash.id == shas["squash"][:12] and squash.meta["pr"] == "12" and squash.meta["type"] == "feat"
    assert "two workers take the same job" in squash.rationale  # the why is kept
    assert squash.provenance.kind is SourceKind.GIT
    merge = by["Add an api module"]
    assert merge.id == shas["merge"][:12] and merge.meta["pr"] == "34" and len(merge.meta["commits"]) == 3
    assert "queue stays small" in merge.rationale and "needs its own module" in merge.rationale
    assert [a.value for a in merge.anchors] == ["src/api.py"]
    assert "Tune the api" not in by and "Add the api module" not in by  # branch commits belong to the merge
    run = by["worker crash on empty queue"]  # one author, same file, within hours: one task
    assert run.id == shas["fix1"][:12] and len(run.meta["commits"]) == 2 and run.meta["type"] == "fix"
    assert "worker: handle None too" not in by


def test_anchors_follow_renames(lore, repo):
    import_history(lore)
    squash = tasks(lore)["Move the job queue to SKIP LOCKED"]
    assert [a.value for a in squash.anchors] == ["src/jobs/queue.py"]
    h = history_for(lore, "src/jobs/queue.py")
    assert [m.title for m in h.tasks][:2] == ["move the queue into jobs/", "Move the job queue to SKIP LOCKED"]
    assert h.summary.startswith("changed 3× this year; last: 'move the queue into jobs/'")


def test_revert_marks_the_reverted_task_and_secrets_are_redacted(lore, repo):
    _, shas = repo
    result = import_history(lore)
    assert result.reverted == 1
    by = tasks(lore)
    cache = by["Add a cache"]
    assert cache.meta["reverted_by"] == shas["revert"][:12] and "reverted" in cache.tags
    revert = lore.get(shas["revert"][:12])
    assert revert.meta["type"] == "revert" and revert.meta["reverts"] == [shas["bad"]]
    assert SECRET not in (cache.rationale or "") and "Token for the cache server" in cache.rationale
    listed = history_for(lore, "src/cache.py").to_json()["tasks"]
    assert [t["reverted_by"] for t in listed] == [None, shas["revert"][:12]]


def test_incremental_reads_only_new_commits_and_does_not_duplicate(lore, repo):
    root, _ = repo
    first = import_history(lore)
    count = len(tasks(lore))
    again = import_history(lore)
    assert again.skipped == "unchanged" and again.commits == 0
    git(root, "mv", "src/jobs/queue.py", "src/jobs/queues.py")
    git(root, "commit", "-q", "-m", "Rename the queue module", at=T0 + 10 * DAY)
    third = import_history(lore)
    assert third.incremental and third.commits == 1 and third.added == 1 and third.anchors_renamed >= 2
    assert len(tasks(lore)) == count + 1
    squash = tasks(lore)["Move the job queue to SKIP LOCKED"]
    assert [a.value for a in squash.anchors] == ["src/jobs/queues.py"]
    # another window reads everything again: same ids, no duplicates
    wider = import_history(lore, HistorySettings(max_commits=100, since=""))
    assert not wider.incremental and wider.added == 0 and len(tasks(lore)) == count + 1
    assert first.added == count


def test_window_bounds_what_is_read(lore, repo):
    root, _ = repo
    few = import_history(lore, HistorySettings(max_commits=3, since=""))
    assert few.commits == 3
    commit(root, {"old.txt": "o\n"}, "Something", int(time.time()))
    lore2_settings = HistorySettings(max_commits=0, since="150 days ago")
    recent = import_history(lore, lore2_settings)
    assert recent.commits == 1  # everything else is older than 150 days


def test_symbol_history_and_dependency_bumps(lore, repo):
    root, _ = repo
    commit(root, {"package.json": "{}\n"}, "chore(deps): update dependency nodemailer to v9.0.5 (#99)",
           T0 + 11 * DAY, author="renovate[bot] <bot@example.com>")
    result = import_history(lore)
    assert result.dependency_bumps == 1
    assert not any("nodemailer" in t for t in tasks(lore))
    # guardian/service-catalogue (MIT): 254 "Bump … from … to …" tasks came in as merges of the bot's branches
    commit(root, {"package.json": "{ }\n"}, "Merge pull request #2728 from guardian/dependabot/npm_and_yarn/codemaker-1.1"
           "\n\nchore(deps): bump codemaker from 1.0 to 1.1", T0 + 12 * DAY)
    commit(root, {"package.json": "{  }\n"}, "Merge pull request #2730 from guardian/changeset-release/main\n\n"
           "🦋 Release package updates", T0 + 13 * DAY)
    assert import_history(lore).dependency_bumps == 2  # the two new commits, read incrementally
    assert not any("codemaker" in t or "Release package" in t for t in tasks(lore))
    h = history_for(lore, "poll")
    assert h.kind == "symbol" and "src/jobs/queue.py" in h.paths
    assert "Move the job queue to SKIP LOCKED" in [m.title for m in h.tasks]


def test_not_a_repository(tmp_path):
    lo = Lore(tmp_path, user_db=tmp_path / "user.db", embedder=HashEmbedder())
    try:
        assert import_history(lo).skipped == "not a git repository"
    finally:
        lo.close()


def test_parse_record_handles_renames_and_quoted_paths():
    text = ("abc\x1fp1 p2\x1fAnn\x1fa@x\x1f100\x1fSubject\n\nBody\x1d\n\nR087\told.py\tnew.py\n"
            'M\t"sp\\303\\244ce.py"\n')
    c = gitlog.parse_record(text)
    assert c.parents == ["p1", "p2"] and c.subject == "Subject" and c.body == "Body"
    assert [(ch.status, ch.path, ch.old) for ch in c.changes] == [("R", "new.py", "old.py"), ("M", "späce.py", None)]


def test_tasks_stay_off_code_and_out_of_the_imports_embedding(lore, repo):
    """Tasks are anchored to every file they touched: never on hovers or lenses (memories_at), and
    their vectors come from a background worker, not from the import the user waits for."""
    from lore.recall import Query
    from lore.ingest import run_import

    run_import(lore)
    squash = tasks(lore)["Move the job queue to SKIP LOCKED"]
    assert [m.id for m, _ in lore.memories_at("src/jobs/queue.py")] == []
    emb = lore.ready_embedder()
    index = lore.store.vectors(emb.model_id, emb.dim)
    waiting = {h for h, _ in index.pending(10_000)}
    assert waiting and not {h for h, _ in index.pending(10_000, (SourceKind.GIT.value,))}
    assert squash.id in [h.memory.id for h in lore.search(Query(text="SKIP LOCKED job queue"))]  # by words at once
    assert lore.embed_pending() == len(waiting)  # a worker without the skip fills them



def test_a_span_of_time_counts_back_from_the_newest_commit(tmp_path):
    """kiwicom/the-zoo's last commit is from 2021: "2 years ago" from today read none of its 271 commits."""
    root = tmp_path / "quiet"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    old = int(time.time()) - 5 * 365 * DAY
    commit(root, {"src/a.py": "a = 1\n"}, "Add the catalogue", old - 400 * DAY)
    commit(root, {"src/a.py": "a = 2\n"}, "Fix the catalogue order", old - 10 * DAY)
    commit(root, {"src/b.py": "b = 1\n"}, "Add service checks", old)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo, HistorySettings(max_commits=0, since="1 year ago"))
        assert result.commits == 2  # the year before the newest commit, not before today
        assert set(tasks(lo)) == {"Fix the catalogue order", "Add service checks"}


def _fresh(tmp_path, name: str) -> Path:
    root = tmp_path / name
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    return root


def test_a_squashed_revert_finds_the_squashed_change_it_undoes(tmp_path):
    """Open-CMSIS-Pack-Spec: `Revert "Extend processor element with NPU attributes" (#391)`, body "Reverts
    Open-CMSIS-Pack/Open-CMSIS-Pack-Spec#390", left #390 active: its subject still ended in "(#390)"."""
    root = _fresh(tmp_path, "squashed")
    commit(root, {"schema/pack.xsd": "a\n"}, "Initial schema", T0)
    npu = commit(root, {"schema/pack.xsd": "b\n"}, "Extend processor element with NPU attributes (#390)", T0 + DAY)
    commit(root, {"schema/other.xsd": "o\n"}, "Describe the board element (#392)", T0 + 2 * DAY)
    back = commit(root, {"schema/pack.xsd": "a\n"}, 'Revert "Extend processor element with NPU attributes" (#391)\n\n'
                  "Reverts Open-CMSIS-Pack/Open-CMSIS-Pack-Spec#390", T0 + 3 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        assert import_history(lo).reverted == 1
        assert lo.get(npu[:12]).meta["reverted_by"] == back[:12]
        assert "reverted_by" not in lo.get(tasks(lo)["Describe the board element"].id).meta


def test_reverts_named_by_pull_request_number(tmp_path):
    """A revert whose subject quotes another title but whose body names the pull request it undoes."""
    root = _fresh(tmp_path, "bynumber")
    commit(root, {"a.py": "a\n"}, "Initial", T0)
    change = commit(root, {"a.py": "b\n"}, "Speed up the parser (#41)", T0 + DAY)
    commit(root, {"a.py": "a\n"}, "Undo the parser change (#42)\n\nReverts acme/app#41", T0 + 2 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        assert lo.get(change[:12]).meta.get("reverted_by")


def test_a_revert_branch_names_the_pull_request_it_undoes(tmp_path):
    """algowars/algowars: pull request #55 from `revert-54-task/scrum-52-show-user-submissions`, whose one commit is
    only `Revert "Task/scrum 52 show user submissions"` (no "This reverts commit"), left #54 active: its title lives
    in its merge's body, no commit's subject. The branch GitHub's revert button names says which pull request."""
    root = _fresh(tmp_path, "revertbranch")
    commit(root, {"a.ts": "a\n"}, "Initial", T0)
    git(root, "checkout", "-q", "-b", "task/scrum-52")
    commit(root, {"a.ts": "b\n"}, "show submissions in the profile", T0 + DAY)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "task/scrum-52", "-m", "Merge pull request #54 from acme/task/scrum-52\n\n"
        "Task/scrum 52 show user submissions", at=T0 + 2 * DAY)
    git(root, "checkout", "-q", "-b", "revert-54-task/scrum-52")
    commit(root, {"a.ts": "a\n"}, 'Revert "Task/scrum 52 show user submissions"', T0 + 3 * DAY)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "revert-54-task/scrum-52", "-m", "Merge pull request #55 from "
        "acme/revert-54-task/scrum-52\n\nRevert \"Task/scrum 52 show user submissions\"", at=T0 + 4 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo)
        by = tasks(lo)
        assert result.reverted == 1
        assert by["Task/scrum 52 show user submissions"].meta.get("reverted_by")
        assert by['Revert "Task/scrum 52 show user submissions"'].meta["type"] == "revert"


def test_an_integration_merge_is_read_as_the_tasks_it_brings(tmp_path):
    """fc-nixos: `Merge branch 'fc-24.05-dev' into fc-24.05-staging` became one task of 30 commits titled by
    one of them and typed revert because four were reverts. A long-lived branch's merge brings many tasks:
    each pull request merged into it stays one task, its other commits their own."""
    root = _fresh(tmp_path, "integration")
    commit(root, {"nfs.nix": "a\n", "docs.md": "d\n"}, "Initial", T0)
    git(root, "checkout", "-q", "-b", "fc-24.05-dev")
    git(root, "checkout", "-q", "-b", "feature")
    commit(root, {"kvm.nix": "k\n"}, "kvm: signal cold reboots", T0 + DAY, author="Bob <bob@example.com>")
    git(root, "checkout", "-q", "fc-24.05-dev")
    git(root, "merge", "-q", "--no-ff", "feature", "-m", "Merge pull request #1124 from fc/kvm-cold-reboot\n\n"
        "Signal cold reboots to the host", at=T0 + 2 * DAY)
    nfs = commit(root, {"nfs.nix": "hard\n"}, "nfs: switch to hard recovery", T0 + 3 * DAY,
                 author="Cy <cy@example.com>")
    commit(root, {"docs.md": "urls\n"}, "update URLs to web documentation", T0 + 20 * DAY,
           author="Di <di@example.com>")
    git(root, "revert", "--no-edit", nfs, at=T0 + 30 * DAY)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "fc-24.05-dev", "-m", "Merge branch 'fc-24.05-dev' into fc-24.05-staging",
        at=T0 + 31 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo)
        by = tasks(lo)
        assert {"Signal cold reboots to the host", "nfs: switch to hard recovery", "update URLs to web documentation",
                'Revert "nfs: switch to hard recovery"'} <= set(by)
        assert by["Signal cold reboots to the host"].meta["pr"] == "1124"
        assert by['Revert "nfs: switch to hard recovery"'].meta["type"] == "revert"
        assert by["update URLs to web documentation"].meta["type"] != "revert"
        assert result.reverted == 1 and by["nfs: switch to hard recovery"].meta.get("reverted_by")


def test_a_branch_that_reverts_one_change_among_others_is_not_a_revert():
    from lore.history.tasks import group

    def c(sha, subject, parents, at, message=None):
        return gitlog.Commit(sha=sha, parents=parents, author="Ann", email="a@x", at=at, message=message or subject)

    commits = [
        c("m1", "Merge pull request #5 from ann/cleanup", ["b0", "b2"], 40,
          "Merge pull request #5 from ann/cleanup\n\nClean up the worker"),
        c("b2", 'Revert "Add a retry"', ["b1"], 30, 'Revert "Add a retry"\n\nThis reverts commit abcdef1.'),
        c("b1", "Tidy the worker loop", ["b0"], 20),
        c("b0", "Initial", [], 10),
    ]
    found, _ = group(commits)
    merge = next(t for t in found if t.key == "m1")
    assert merge.reverts == ["abcdef1"] and merge.type != "revert"


def test_a_bots_pull_request_merged_on_the_mainline_is_a_bump(tmp_path):
    """dxw/dfsseta-apply-for-landing-dotnet: 10 of 26 tasks were dependabot's merged pull requests."""
    root = _fresh(tmp_path, "bumps")
    commit(root, {"App.csproj": "<Project/>\n"}, "Initial", T0)
    git(root, "checkout", "-q", "-b", "dependabot/nuget/Serilog-4.0.1")
    commit(root, {"App.csproj": "<Project>4.0.1</Project>\n"}, "Bump Serilog from 4.0.0 to 4.0.1", T0 + DAY,
           author="dependabot[bot] <bot@example.com>")
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "dependabot/nuget/Serilog-4.0.1", "-m",
        "Merge pull request #41 from dxw/dependabot/nuget/Serilog-4.0.1\n\nBump Serilog from 4.0.0 to 4.0.1",
        at=T0 + 2 * DAY)
    commit(root, {"Landing.cs": "class Landing {}\n"}, "Add the landing form", T0 + 3 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo)
        assert result.dependency_bumps == 1
        assert not any("Serilog" in t for t in tasks(lo)) and "Add the landing form" in tasks(lo)


def test_a_person_merging_a_workflows_branch_makes_no_task():
    """ministryofjustice/modernisation-platform: 189 tasks were people's merges of `signed_commit_…` branches whose
    one commit, "Automated signed commit update", github-actions[bot] made."""
    from lore.history.tasks import group

    def c(sha, subject, parents, at, author="Ann", email="ann@x", message=None):
        return gitlog.Commit(sha=sha, parents=parents, author=author, email=email, at=at, message=message or subject,
                             changes=[gitlog.Change("M", "terraform/environments/a.json")])

    bot = dict(author="github-actions[bot]", email="41898282+github-actions[bot]@users.noreply.github.com")
    commits = [
        c("m2", "Merge pull request #7 from org/feature", ["m1", "f1"], 50,
          message="Merge pull request #7 from org/feature\n\nAdd the member account"),
        c("f1", "Add the member account", ["m1"], 45),
        c("m1", "Merge pull request #6 from org/signed_commit_2026_08_07", ["b0", "s1"], 40,
          message="Merge pull request #6 from org/signed_commit_2026_08_07\n\nNew files for terraform/environments"),
        c("s1", "Automated signed commit update", ["b0"], 30, **bot),
        c("b0", "Initial", [], 10),
    ]
    found, left_out = group(commits)
    assert [t.key for t in found if t.key in ("m1", "m2")] == ["m2"]
    assert left_out.automated == 2


def test_a_branch_reverting_one_change_among_others_still_marks_that_change(tmp_path):
    """opensafely-core/job-server: "Warn if templates are missing variables" brought fifteen commits, one a revert
    of an earlier change; the task is no revert, and the change it undid is still marked."""
    root = _fresh(tmp_path, "mixed")
    commit(root, {"a.py": "a\n"}, "Initial", T0)
    retry = commit(root, {"retry.py": "r\n"}, "Add a retry", T0 + DAY)
    git(root, "checkout", "-q", "-b", "cleanup")
    git(root, "revert", "--no-edit", retry, at=T0 + 2 * DAY)
    commit(root, {"a.py": "b\n"}, "Tidy the worker loop", T0 + 3 * DAY)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "cleanup", "-m", "Merge pull request #5 from ann/cleanup\n\nClean up the worker",
        at=T0 + 4 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        assert import_history(lo).reverted == 1
        by = tasks(lo)
        assert by["Clean up the worker"].meta["type"] != "revert"
        assert by["Add a retry"].meta["reverted_by"] == by["Clean up the worker"].id


def _commit(sha: str, message: str, parents: list[str], at: int, email: str = "a@x") -> gitlog.Commit:
    """A commit changing a file of its own (a commit that changes none is no task)."""
    return gitlog.Commit(sha=sha, parents=parents, author=email, email=email, at=at, message=message,
                         changes=[gitlog.Change("M", f"{sha}.txt")])


def test_a_bitbucket_pull_request_merge_is_read_as_one():
    """Bitbucket writes `Merged in <branch> (pull request #N)`, the request's title on the next line and its
    approvals as trailers: the task is titled by the request and numbered by it."""
    from lore.history.tasks import group

    commits = [
        _commit("m6", "Merged in feature/improve-makefile (pull request #6)\n\nimprove makefile\n\n"
                "Approved-by: Lucas Courot", ["m4", "b6"], 60),
        _commit("b6", "add the test target", ["m4"], 50, "b@x"),
        _commit("m4", "Merged in feature/WOKA-7 (pull request #4)\n\nadd phpstan & phpcs", ["a0", "b2"], 40),
        _commit("b2", "configure phpcs", ["b1"], 30, "b@x"),
        _commit("b1", "add phpstan", ["a0"], 20, "b@x"),
        _commit("a0", "Initial", [], 10),
    ]
    found = {t.key: t for t in group(commits)[0]}
    assert (found["m4"].title, found["m4"].pr, len(found["m4"].commits)) == ("add phpstan & phpcs", "4", 3)
    assert (found["m6"].title, found["m6"].pr) == ("improve makefile", "6")
    assert "Approved-by" not in found["m6"].why
    assert set(found) == {"m6", "m4", "a0"}


def test_a_release_merge_of_merged_pull_requests_is_read_as_the_tasks_it_brings():
    """A merge whose subject names no branch (`v1.0.0-alpha.1`) brought a line holding three merged pull
    requests, one written `Merge pull request #27 – <title>`: each request is its own task, the line's other
    commits their own, and no task is titled by the release. A pull request whose branch merged another one
    stays one task; one whose branch was forked from the release line (`fix/types` from `Update version`) brought
    only its own commits."""
    from lore.history.tasks import group

    commits = [
        _commit("pr45", "Merge pull request #45 from org/fix/types\n\nFix type bundling", ["pr9", "t1"], 140),
        _commit("pr9", "Merge pull request #9 from org/feature/stack\n\nStack the panels", ["rel", "s2"], 130),
        _commit("s2", "Merge pull request #8 from org/feature/panel\n\nAdd a panel", ["s1", "p1"], 120, "c@x"),
        _commit("p1", "add the panel", ["rel"], 115, "c@x"),
        _commit("s1", "stack the panels", ["rel"], 110, "c@x"),
        _commit("rel", "v1.0.0-alpha.1\n\nRevive the library - v1.0.0", ["a1", "c5"], 100),
        _commit("t1", "Fix type bundling", ["c5"], 95, "d@x"),
        _commit("c5", "Update version to include alpha tag", ["m42"], 90),
        _commit("m42", "Merge pull request #42 from org/feature/error-handling\n\nHandle errors", ["m27", "f42"], 80),
        _commit("f42", "feat: throw on failed requests", ["m27"], 70, "b@x"),
        _commit("m27", "Merge pull request #27 – Migrate to TanStack Query for Data Fetching and Caching",
                ["c1", "f27b"], 60),
        _commit("f27b", "refactor!: replace LoadingState with isLoading", ["f27a"], 50, "b@x"),
        _commit("f27a", "feat: migrate useStacSearch hook to TanStack Query", ["c1"], 40, "b@x"),
        _commit("c1", "chore: switch to vite", ["a1"], 30),
        _commit("a1", "0.1.0-alpha.10", [], 10),
    ]
    found = {t.key: t for t in group(commits)[0]}
    assert "rel" not in found
    migrate = found["m27"]
    assert (migrate.title, migrate.pr, [c.sha for c in migrate.commits]) == (
        "Migrate to TanStack Query for Data Fetching and Caching", "27", ["m27", "f27b", "f27a"])
    assert (found["m42"].title, found["m42"].pr) == ("Handle errors", "42")
    assert {"c5", "c1"} <= set(found)
    assert [c.sha for c in found["pr45"].commits] == ["pr45", "t1"]
    assert (found["pr9"].title, len(found["pr9"].commits)) == ("Stack the panels", 4)


def test_a_title_taken_from_a_list_line_of_the_merge_body_keeps_no_marker():
    from lore.history.tasks import group

    commits = [
        _commit("m1", "Merge pull request #24 from org/deps\n\n* Upgrade dependencies\n* Reduce agency page weight",
                ["a0", "b1"], 30),
        _commit("b1", "Upgrade dependencies", ["a0"], 20),
        _commit("a0", "Initial", [], 10),
    ]
    assert next(t for t in group(commits)[0] if t.key == "m1").title == "Upgrade dependencies"


def test_a_squash_listing_a_revert_among_its_commits_is_no_revert():
    """HealthDataInsight/way_of_working's "feat: versioned files (#36)" squashed eleven commits, one of them a revert
    of a draft: `lore history` called the feature a revert. It still names what the inner commit reverted."""
    from lore.history.tasks import group

    message = ("feat: versioned files (#36)\n\n* add versioned files\n\n* Revert \"add a draft loader\"\n\n"
               "This reverts commit abcdef1.\n\n* fix the tests\n")
    own = 'Revert "add a draft loader"\n\nThis reverts commit abcdef1.\n\n* one more note\n'
    commits = [_commit("s2", own, ["s1"], 20), _commit("s1", message, ["s0"], 10, "b@x"), _commit("s0", "Initial", [], 0)]
    found, _ = group(commits)
    squash = next(t for t in found if t.key == "s1")
    assert squash.type != "revert" and squash.reverts == ["abcdef1"]
    assert next(t for t in found if t.key == "s2").type == "revert"


def test_a_tasks_files_leave_out_committed_vendored_and_ignored_folders(tmp_path):
    """A repository committing `node_modules/` (listed in its .gitignore): "add interactive 'config' command" got
    29 of its 30 anchors under `node_modules/@inquirer/**` and lost `src/index.ts`, its own edit. A file forced
    into git under an ignored folder (`reports/summary.txt`) is tracked, so the project's own, as git reads it."""
    root = _fresh(tmp_path, "vendored")
    commit(root, {".gitignore": "node_modules/\nreports/\n", "src/index.ts": "main()\n"}, "Initial", T0)
    vendored = {f"node_modules/@inquirer/p{i}/index.js": "x\n" for i in range(29)}
    vendored |= {"vendor/lib.go": "package lib\n", "reports/summary.txt": "r\n"}
    for rel, text in vendored.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
        git(root, "add", "-f", rel)
    config = commit(root, {"src/index.ts": "main()\nconfig()\n"}, "add interactive 'config' command", T0 + 5 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        task = lo.get(config[:12])
        assert [a.value for a in task.anchors] == ["reports/summary.txt", "src/index.ts"] and task.meta["files"] == 2
        assert [m.id for m in history_for(lo, "src/index.ts").tasks] == [config[:12], tasks(lo)["Initial"].id]
        assert history_for(lo, "node_modules/@inquirer/p0/index.js").total == 0


def test_a_large_change_is_anchored_to_the_projects_own_folders():
    from lore.history.importer import project_path
    from lore.history.records import anchors_for
    from lore.history.tasks import group

    own = [f"src/cmd/f{i}.ts" for i in range(20)] + [f"src/ui/v{i}.ts" for i in range(12)]
    vendored = [f"node_modules/pkg{i}/a{j}.js" for i in range(40) for j in range(3)]
    c = _commit("c1", "Add the config screens", [], 10)
    c.changes = [gitlog.Change("A", p) for p in [*vendored, *own]]
    task = group([c], own=project_path(Path("/nonexistent-workspace")))[0][0]
    assert [a.value for a in anchors_for(task.files)] == ["src/cmd/**", "src/ui/**"]


def test_a_large_change_is_never_anchored_to_the_whole_repository(tmp_path):
    """A change of more than thirty files touching `pom.xml` at the root was anchored to `**` (every file of the
    repository) and to folders inside another folder it kept."""
    root = _fresh(tmp_path, "sweeping")
    commit(root, {"pom.xml": "<project/>\n"}, "Initial", T0)
    files = {f"src/main/java/app/A{i}.java": "class A {}\n" for i in range(20)}
    files |= {f"src/main/java/app/web/W{i}.java": "class W {}\n" for i in range(6)}
    files |= {f"src/test/java/app/T{i}.java": "class T {}\n" for i in range(4)}
    files |= {"pom.xml": "<project><modules/></project>\n", "README.md": "Run it.\n"}
    sweep = commit(root, files, "Split the app into modules", T0 + 5 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        anchors = [a.value for a in lo.get(sweep[:12]).anchors]
        assert anchors == ["src/main/java/app/**", "src/test/java/app/**", "README.md", "pom.xml"]
        assert history_for(lo, "docs/guide.md").total == 0


def test_a_folder_kept_takes_the_folders_inside_it_whatever_their_rank():
    from lore.history.records import anchors_for

    files = [f"lib/core/io/f{i}.py" for i in range(25)] + [f"lib/x{i}.py" for i in range(3)] + ["setup.py"]
    files += [f"docs/p{i}.md" for i in range(4)]
    assert [a.value for a in anchors_for(files)] == ["docs/**", "lib/**", "setup.py"]


def test_the_window_counts_back_from_the_newest_commit_a_person_made(tmp_path):
    """An 18-commit repository whose newest commit was a 2023 dependabot bump: the window counted back from the
    bump left out all 13 of its people's 2019–2020 commits, and the report never said commits were left out."""
    root = _fresh(tmp_path, "bumped")
    quiet = int(time.time()) - 4 * 365 * DAY
    commit(root, {"src/a.py": "a = 0\n"}, "Start the catalogue", quiet - 3 * 365 * DAY)
    commit(root, {"src/a.py": "a = 1\n"}, "Add the catalogue", quiet - 400 * DAY)
    commit(root, {"src/b.py": "b = 1\n"}, "Add service checks", quiet)
    commit(root, {"CHANGELOG.md": "1.1\n"}, "Update the changelog", quiet + 20 * DAY,
           author="github-actions[bot] <actions@example.com>")
    commit(root, {"requirements.txt": "requests==2.31\n"}, "Bump requests from 2.20 to 2.31", int(time.time()) - DAY,
           author="dependabot[bot] <bot@example.com>")
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo, HistorySettings())
        assert {"Add the catalogue", "Add service checks"} <= set(tasks(lo)) and "Start the catalogue" not in tasks(lo)
        assert (result.commits, result.dependency_bumps, result.outside_window) == (4, 1, 1)
        assert "1 commits outside the window" in result.line()


def test_a_pull_request_titled_by_its_branch_name_is_titled_by_its_commits(tmp_path):
    """Pull request #3 from `macemoth/yasmine` was titled "Yasmine": the hosting service's title from the branch."""
    root = _fresh(tmp_path, "branch-titled")
    commit(root, {"app.py": "a\n"}, "Initial", T0)
    git(root, "checkout", "-q", "-b", "yasmine")
    commit(root, {"greet.py": "g\n"}, "Add a greeting page for new members", T0 + DAY, author="Mac <mac@example.com>")
    commit(root, {"greet.py": "g2\n"}, "Tidy the greeting", T0 + 2 * DAY, author="Mac <mac@example.com>")
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "yasmine", "-m",
        "Merge pull request #3 from macemoth/yasmine\n\nYasmine\n\nNew members are greeted by name.", at=T0 + 3 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        task = tasks(lo)["Add a greeting page for new members"]
        assert task.meta["pr"] == "3" and "greeted by name" in task.rationale and "Yasmine" not in tasks(lo)


def test_a_title_keeps_no_list_marker_of_its_subject(tmp_path):
    root = _fresh(tmp_path, "listed")
    commit(root, {"a.py": "a\n"}, "Initial", T0)
    commit(root, {"docs/adr/0001.md": "d\n", "adr.py": "d\n"}, "+ Added ADRs", T0 + 5 * DAY)
    commit(root, {"b.py": "b\n"}, "* final cleanup", T0 + 10 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        assert {"Added ADRs", "final cleanup"} <= set(tasks(lo))


def test_release_commits_and_bots_commits_are_no_tasks(tmp_path):
    """Releases cut by semantic-release-bot became tasks titled "0.3.1" with the changelog as their why; a
    bot's commit that bumps nothing became a task too. A person's commit about releasing stays a task."""
    root = _fresh(tmp_path, "released")
    commit(root, {"src/importer.py": "a\n"}, "Add the importer", T0)
    commit(root, {"CHANGELOG.md": "## 0.3.1\n"}, "chore(release): 0.3.1 [skip ci]\n\n## 0.3.1\n\n* add the importer",
           T0 + DAY, author="semantic-release-bot <semantic-release-bot@martynus.net>")
    commit(root, {"docs/report.md": "r\n"}, "Update the coverage report", T0 + 2 * DAY,
           author="github-actions <41898282+github-actions[bot]@users.noreply.github.com>")
    commit(root, {"package.json": "1.2.0\n"}, "Release 1.2.0", T0 + 3 * DAY)
    commit(root, {"package.json": "1.2.1\n"}, "v1.2.1", T0 + 4 * DAY, author="Bob <bob@example.com>")
    commit(root, {"package.json": "1.3.0\n"}, "Bump version to 1.3.0", T0 + 5 * DAY, author="Cy <cy@example.com>")
    commit(root, {"src/release_notes.py": "n\n"}, "Release notes for the new importer", T0 + 6 * DAY,
           author="Dee <dee@example.com>")
    commit(root, {".github/release.yml": "p\n"}, "Fix the release pipeline", T0 + 7 * DAY,
           author="Eve <eve@example.com>")
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo)
        assert set(tasks(lo)) == {"Add the importer", "Release notes for the new importer", "Fix the release pipeline"}
        assert (result.dependency_bumps, result.automated_commits) == (0, 5)
        assert "5 release or bot commits left out" in result.line()


def test_a_release_is_told_by_its_subject_alone():
    from lore.history.tasks import is_release

    def c(subject, message=None):
        return gitlog.Commit(sha="s", parents=["p"], author="Ann", email="a@x", at=1, message=message or subject)

    released = ["0.0.1", "v1.2.0", "1.0.0-beta.1", "chore(release): 0.3.7 [skip ci]", "Release 1.2.0",
                "release: v1.2.0", "Bump version to 1.2.0", "chore(main): release 2.0.0 (#41)", "Release lore 1.4.2"]
    kept = ["Release notes for the new importer", "Fix the release pipeline", "Add v2 of the api",
            "Release the lock before 1.2 seconds pass", "feat: support Python 3.12 in the importer"]
    assert [s for s in released if not is_release(c(s))] == []
    assert [s for s in kept if is_release(c(s))] == []
    assert is_release(c("Merge pull request #9 from org/release-please--branches--main",
                        "Merge pull request #9 from org/release-please--branches--main\n\nchore(main): release 1.3.0"))


def test_a_coding_agents_commits_are_work_not_upkeep(tmp_path):
    """jaegertracing/jaeger's features are committed by "yurishkuro's AI bot": read as a bot's upkeep, every one of
    them was left out, and "what changed in the v2 memory store" found none of them."""
    root = _fresh(tmp_path, "agent")
    commit(root, {"src/a.py": "a\n"}, "Start", T0)
    commit(root, {"src/store.py": "s\n"}, "fix(memory): Return copies of stored traces, not references (#9261)",
           T0 + DAY, author="yurishkuro's AI bot <github-ysh-bot@ysh.us>")
    commit(root, {"src/filter.py": "f\n"}, "feat(es): Implement the structured query filter", T0 + 2 * DAY,
           author="copilot-swe-agent[bot] <198982749+Copilot@users.noreply.github.com>")
    commit(root, {"docs/report.md": "r\n"}, "Update the coverage report", T0 + 3 * DAY,
           author="github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>")
    # hashicorp/terraform-ls: another app account pinning actions, kept as nine tasks
    commit(root, {".github/workflows/ci.yml": "w\n"}, "Result of tsccr-helper -log-level=info gha update -latest .",
           T0 + 4 * DAY, author="hashicorp-tsccr[bot] <129506189+hashicorp-tsccr[bot]@users.noreply.github.com>")
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        titles = " | ".join(sorted(tasks(lo)))
        assert "Return copies of stored traces" in titles and "Implement the structured query filter" in titles
        assert "coverage report" not in titles and "tsccr-helper" not in titles



def test_a_release_workflows_version_bumps_are_no_tasks(tmp_path):
    """ClickHouse/terraform-provider-clickhouse: 108 of 396 tasks were "Bump provider version in examples to 3.25.3"
    by `Release Github Action <bot@users.noreply.github.com>`, and the history of an example's `provider.tf` showed
    nothing else. The workflow's account is a bot, its subject a release's: they are counted as left out, and a
    person's work naming a version stays a task."""
    root = _fresh(tmp_path, "workflow")
    commit(root, {"examples/aws/provider.tf": "version = \"3.0.0\"\n", "main.go": "package main\n"}, "Initial", T0)
    workflow = "Release Github Action <bot@users.noreply.github.com>"
    for i in range(1, 4):
        commit(root, {"examples/aws/provider.tf": f"version = \"3.{i}.0\"\n"},
               f"Bump provider version in examples to 3.{i}.0", T0 + i * DAY, author=workflow)
    commit(root, {"examples/aws/provider.tf": "# go 1.22\n", "main.go": "package main // 1.22\n"},
           "Upgrade to Go 1.22 and fix the build", T0 + 5 * DAY, author="Kim <kim@example.com>")
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo)
        assert set(tasks(lo)) == {"Initial", "Upgrade to Go 1.22 and fix the build"}
        assert (result.dependency_bumps, result.automated_commits) == (0, 3)
        assert "3 release or bot commits left out" in result.line()
        assert [m.title for m in history_for(lo, "examples/aws/provider.tf").tasks] == [
            "Upgrade to Go 1.22 and fix the build", "Initial"]


def test_an_account_named_or_addressed_as_a_bot_is_a_bot():
    """A bot's account is told by an address whose local part is `bot` or ends in `-bot`, `.bot` or `[bot]`, or by a
    name ending in `Bot`, `Action` or `[bot]`; a person named Talbot, or addressed at robot@, is none."""
    from lore.history.tasks import by_bot

    def c(author):
        name, email = author[:-1].split(" <")
        return gitlog.Commit(sha="s", parents=["p"], author=name, email=email, at=1, message="m")

    bots = ["Release Github Action <bot@users.noreply.github.com>", "Ci <release-bot@example.com>",
            "Ci <ci.bot@example.com>", "ReleaseBot <r@example.com>", "GitHub Actions <a@example.com>",
            "Docs Bot <docs@example.com>", "github-actions <g@example.com>", "Ci <1+bot@users.noreply.github.com>"]
    people = ["Jane Talbot <jane@example.com>", "Abbot <abbot@example.com>", "Ro <robot@example.com>",
              "Sam Transaction <sam@example.com>"]
    assert [a for a in bots if not by_bot(c(a))] == []
    assert [a for a in people if by_bot(c(a))] == []


def test_a_bump_of_a_named_version_is_a_release():
    """`bump <up to three words> version(s)`, in up to three words' place, is a release's subject; a bump that does
    more, or names a dependency's versions, is not."""
    from lore.history.tasks import is_release

    def c(subject):
        return gitlog.Commit(sha="s", parents=["p"], author="Ann", email="a@x", at=1, message=subject)

    released = ["Bump provider version in examples to 3.25.3", "bump all crate versions", "Bump the helm chart version",
                "Bump version number to 2.0", "chore: bump provider version in examples to 3.1.0 [skip ci]",
                "Bump to version 1.2.0", "Bumped package version (#12)"]
    kept = ["Upgrade to Go 1.22 and fix the build", "Bump the minimum Go version and drop 1.20 support",
            "Bump Serilog from 4.0.0 to 4.0.1", "Bump version of the schema to 2.0"]
    assert [s for s in released if not is_release(c(s))] == []
    assert [s for s in kept if is_release(c(s))] == []


def test_one_authors_subject_repeated_with_only_its_version_changing_is_a_release():
    """A release tool committing under a person's name or a made-up one writes one subject again and again with only
    its version changed: three such subjects of one author are a release's, whoever the author. The same subject
    with one version, twice with two, or by two authors, is work."""
    from lore.history.tasks import group

    def c(sha, subject, email="kim@x"):
        return gitlog.Commit(sha=sha, parents=["p"], author=email, email=email, at=int(sha[1:]), message=subject,
                             changes=[gitlog.Change("M", f"{sha}.txt")])

    commits = [c("a1", "Point the examples at 2.1.0"), c("a2", "Point the examples at 2.2.0 (#7)"),
               c("a3", "Point the examples at 2.3.0-rc1 [skip ci]"), c("a4", "Point the examples at 2.3.0-rc1"),
               c("b1", "Fix the flaky test on Python 3.12"), c("b2", "Fix the flaky test on Python 3.12"),
               c("b3", "Fix the flaky test on Python 3.12"), c("c1", "Upgrade to Go 1.21 and fix the build"),
               c("c2", "Upgrade to Go 1.22 and fix the build"), c("d1", "Sync the docs with 4.1.0"),
               c("d2", "Sync the docs with 4.2.0", "lee@x"), c("d3", "Sync the docs with 4.3.0", "max@x")]
    found, left_out = group(sorted(commits, key=lambda x: -x.at))
    assert not any("Point the examples" in t.title for t in found)
    assert {t.key for t in found} == {"b1", "b2", "b3", "c1", "c2", "d1", "d2", "d3"}
    assert (left_out.automated, left_out.bumps) == (4, 0)

def test_a_commit_changing_no_file_is_no_task(tmp_path):
    """RuggeroVisintin/SparkEngineWeb: an empty commit carrying release-please's `BEGIN_COMMIT_OVERRIDE` block became a
    task titled "BEGIN_COMMIT_OVERRIDE" with no files, repeating two other tasks; an empty "ci: rerun workflow" made
    to start a build became a task too. Both are counted among what was left out."""
    from lore.history.tasks import is_release

    root = _fresh(tmp_path, "empty")
    commit(root, {"src/engine.ts": "a\n"}, "feat(engine): allow scenes to be built before the engine is ready", T0)
    override = ("BEGIN_COMMIT_OVERRIDE\nfeat(engine): allow scenes to be built before the engine is ready\n\n"
                "BREAKING CHANGE: scene.constructor takes no argument\nEND_COMMIT_OVERRIDE")
    git(root, "commit", "-q", "--allow-empty", "-m", override, at=T0 + DAY)
    git(root, "commit", "-q", "--allow-empty", "-m", "ci: rerun workflow", at=T0 + 2 * DAY)
    commit(root, {"src/scene.ts": "s\n"}, "fix(scene): draw into the new engine", T0 + 3 * DAY)
    assert is_release(gitlog.Commit(sha="s", parents=["p"], author="Ann", email="a@x", at=1, message=override))
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo)
        assert set(tasks(lo)) == {"allow scenes to be built before the engine is ready", "draw into the new engine"}
        assert (result.automated_commits, result.empty_commits) == (1, 1)
        assert "1 commits changing no file left out" in result.line()


def test_a_revert_marks_only_an_earlier_task_holding_the_reverted_commit(tmp_path):
    """chronicle-cal/chronicle: a squash listing "This reverts commit 37f7c79" among its items (a commit of a side
    branch, in no task) marked pull request #52, fifteen days newer, as reverted: #52 quoted the same line, and the
    sha was looked up anywhere in the tasks' stored data. A change re-landed under the title a revert quotes is not
    what the revert undid either: the earlier one is."""
    root = _fresh(tmp_path, "reverts")
    commit(root, {"worker/queue.py": "a\n"}, "Initial", T0)
    git(root, "checkout", "-q", "-b", "side")
    side = commit(root, {"ci.yml": "context\n"}, "ci(build): add context to image build pipeline", T0 + DAY)
    git(root, "checkout", "-q", "main")
    items = ("\n\n* feat(db): add the profile tables\n\n* ci(build): remove context from image build pipeline\n\n"
             f"This reverts commit {side}.\n\n* fix: hard-coded db url\n")
    overhaul = commit(root, {"worker/queue.py": "b\n"}, "feat: backend and worker overhaul" + items, T0 + 2 * DAY)
    client = commit(root, {"worker/queue.py": "c\n", "web/api.ts": "x\n"}, "feat(frontend): new API client (#52)"
                    + items, T0 + 17 * DAY)
    cache = commit(root, {"cache.py": "c\n"}, "Add a cache", T0 + 20 * DAY)
    back = commit(root, {"cache.py": ""}, 'Revert "Add a cache"\n\nIt served stale pages.', T0 + 21 * DAY)
    again = commit(root, {"cache.py": "c2\n"}, "Add a cache", T0 + 22 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        assert import_history(lo).reverted == 1
        assert "reverted_by" not in lo.get(client[:12]).meta and "reverted_by" not in lo.get(overhaul[:12]).meta
        assert lo.get(cache[:12]).meta["reverted_by"] == back[:12] and "reverted_by" not in lo.get(again[:12]).meta
        from lore.store import history as q
        assert q.task_with_commit(lo.store.db, side[:7]) is None  # quoted by two tasks, held by none
        assert q.task_with_commit(lo.store.db, client[:7]) == client[:12]
        assert [m.id for m in history_for(lo, "worker/queue.py").tasks if m.meta.get("reverted_by")] == []


def test_a_persons_update_of_dependencies_is_a_bump():
    """brianrodri/objo: some 25 commits titled "npm-check-updates", "npx npm-check-updates -u", "npm update" or
    "package updates", changing package.json and its lock alone, became tasks ("0 dependency bumps left out"). A
    person's update of dependencies is upkeep as a bot's is; a new dependency, a manifest's own settings, a revert
    and a change of code are not."""
    from lore.history.tasks import group, is_dependency_bump

    def c(subject, *paths):
        return gitlog.Commit(sha="s", parents=["p"], author="Brian", email="b@x", at=1, message=subject,
                             changes=[gitlog.Change("M", p) for p in paths])

    npm = ("package.json", "package-lock.json")
    bumps = [c("chore: npm-check-updates (#66)", *npm), c("chore: npx npm-check-updates -u", *npm),
             c("chore: npm update", "package-lock.json"), c("build: package updates (#64)", *npm),
             c("chore: upgrade eslint (#51)", *npm), c("Update dependencies", "web/package.json"),
             c("Run cargo update", "Cargo.lock"), c("go get -u ./...", "go.mod", "go.sum"),
             c("Upgrade Django to 4.2", "requirements/base.txt"), c("bundle update", "Gemfile.lock"),
             c("chore: Upgrade Python requirements", "requirements/dev.txt", "requirements/base.txt")]
    kept = [c("add zod for validation", *npm), c("chore: install eslint-plugin-compat", *npm),
            c("Update the build script", "package.json"), c("chore: update package name", *npm),
            c("Update version number in package.json", *npm), c("npm update and fix the parser", "src/parse.ts", *npm),
            c('Revert "Update dependency chalk to v5"', *npm), c("feat: upgrade to the new router", *npm),
            c("Added faker to poetry lock file", "poetry.lock", "pyproject.toml")]
    assert [x.subject for x in bumps if not is_dependency_bump(x)] == []
    assert [x.subject for x in kept if is_dependency_bump(x)] == []
    _, left_out = group([_commit("a0", "Initial", [], 0)] + [c("npm-check-updates", *npm)])
    assert left_out.bumps == 1


def test_commits_of_different_scopes_or_sharing_only_a_hub_are_not_one_task():
    """saulomlcosta/SpecPilot: feat(auth), feat(projects) and two feat(ai) commits of one afternoon became one task
    "implement authentication flow", joined by `Program.cs` and `DependencyInjection.cs`, where every feature is
    registered; its docs commits were joined by the development log nearly every commit adds to. Commits of
    different scopes are two tasks; a file most of the window's commits touch joins none."""
    from lore.history.tasks import group

    def c(sha, subject, at, *paths):
        commit = _commit(sha, subject, [], at)
        commit.changes = [gitlog.Change("M", p) for p in paths]
        return commit

    log = "docs/development-log.md"
    commits = [c("auth", "feat(auth): implement authentication flow", 100, "Api/Program.cs", "Auth/Login.cs", log),
               c("proj", "feat(projects): implement project management", 200, "Api/Program.cs", "Projects/Create.cs", log),
               c("ai1", "feat(ai): add fake ai provider", 300, "Infra/DependencyInjection.cs", "Ai/Fake.cs", log),
               c("ai2", "feat(ai): generate questions with the fake provider", 400, "Ai/Fake.cs", "Ai/Questions.cs", log),
               c("doc1", "docs: add evaluation checklist", 500, "docs/checklist.md", log),
               c("doc2", "docs: add release notes", 600, "docs/release-notes.md", log)]
    commits += [c(f"w{i}", f"fix: tidy part {i}", 10_000 * (i + 1), f"src/part{i}.py", log) for i in range(6)]
    found = {t.key: [x.sha for x in t.commits] for t in group(sorted(commits, key=lambda x: -x.at))[0]}
    assert found["auth"] == ["auth"] and found["proj"] == ["proj"]
    assert found["ai1"] == ["ai2", "ai1"]  # one scope, one piece of work on the same file
    assert found["doc1"] == ["doc1"] and found["doc2"] == ["doc2"]


def test_a_days_separately_described_commits_are_separate_tasks():
    """StefanKuerten1234/aws-egress-filter: fourteen commits of one day ("Add Controller", "Filter by region",
    "Dockerize"…) became one task titled by the oldest, "Initial App setup from Spring Initializr": each commit
    shared a file with some earlier one of the run, and the span counted from the run's newest commit. A commit
    continues a run only when it shares files with the run's most recent commit, and two commits in a row that each
    say what they do are two tasks; a `wip` series, and a follow-up saying so, still join."""
    from lore.history.tasks import descriptive, group

    def c(sha, subject, at, *paths):
        commit = _commit(sha, subject, [], at)
        commit.changes = [gitlog.Change("M", p) for p in paths]
        return commit

    commits = [c("init", "Initial App setup from Spring Initializr", 100, "build.gradle", ".gitignore"),
               c("ctrl", "Add Controller", 200, "build.gradle", "web/Controller.java"),
               c("all", "Add region=ALL to controller", 300, "web/Controller.java", "repo/Repo.java"),
               c("region", "Filter by region", 400, "repo/Repo.java"),
               c("p1", "Start the parser", 1000, "parse/a.py", "parse/b.py"),
               c("p2", "wip", 1100, "parse/b.py"),
               c("p3", "more", 1200, "parse/b.py", "parse/c.py"),
               c("p4", "fix typo", 1300, "parse/c.py"),
               c("p5", "typo", 1400, "parse/a.py"),  # shares only a file of the run's older commits
               c("q1", "Add the cache", 2000, "cache.py"),
               c("q2", "Handle an empty cache too", 2100, "cache.py"),
               # UKHomeOffice/hocs-frontend: the same subject three times in an afternoon, one piece of work
               c("d1", "HOCS-5561: Fix double dollar substitution bug", 3000, ".drone.yml"),
               c("d2", "HOCS-5561: Fix double dollar substitution bug", 3100, ".drone.yml"),
               c("d3", "HOCS-5561: Fix double dollar  substitution bug", 3200, ".drone.yml")]
    found = {t.key: [x.sha for x in t.commits] for t in group(sorted(commits, key=lambda x: -x.at))[0]}
    assert found["init"] == ["init"] and found["ctrl"] == ["ctrl"] and found["all"] == ["all"]
    assert found["region"] == ["region"]
    assert found["p1"] == ["p4", "p3", "p2", "p1"] and found["p5"] == ["p5"]
    assert found["q1"] == ["q2", "q1"]
    assert found["d1"] == ["d3", "d2", "d1"]
    assert not any(descriptive(s) for s in ("wip", "fix: typo", "More tests", "Update README.md", "minor changes"))
    assert all(descriptive(s) for s in ("Dockerize", "Filter by region", "fix: worker crash on empty queue"))


def test_a_files_history_leaves_out_a_large_change_that_did_not_touch_it(tmp_path):
    """saulomlcosta/SpecPilot: `lore history …/ProjectsController.cs` listed "implement authentication flow", which
    never touched it: a change of more than thirty files is anchored to its folders (`src/…/SpecPilot.Api/**`),
    and every file under them matched. The files it touched are kept with it, and a file's history asks them;
    a folder's history still lists it, and a file renamed since keeps it."""
    root = _fresh(tmp_path, "precise")
    files = {f"src/app/A{i}.java": "class A {}\n" for i in range(40)}
    commit(root, {**files, "src/app/Extra.java": "class E {}\n"}, "Initial", T0)
    sweep = commit(root, {f"src/app/A{i}.java": "class A { int x; }\n" for i in range(35)}, "Add a field to every A",
                   T0 + 5 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        assert [a.value for a in lo.get(sweep[:12]).anchors] == ["src/app/**"]
        assert sweep[:12] not in [m.id for m in history_for(lo, "src/app/Extra.java").tasks]
        assert history_for(lo, "src/app/Extra.java").total == 1
        assert sweep[:12] in [m.id for m in history_for(lo, "src/app/A3.java").tasks]
        assert sweep[:12] in [m.id for m in history_for(lo, "src/app").tasks]
        git(root, "mv", "src/app/A3.java", "src/app/B3.java")
        git(root, "commit", "-q", "-m", "Rename A3", at=T0 + 6 * DAY)
        assert import_history(lo).incremental
        assert sweep[:12] in [m.id for m in history_for(lo, "src/app/B3.java").tasks]


def test_a_task_is_anchored_only_to_what_is_still_there(tmp_path):
    """Aggrego/Core: task "update" was anchored to `packages/…/EventProcessorComponent/Application/**`, deleted since:
    renamed files were followed, deleted ones kept. A task is anchored to its files at HEAD and to folders holding
    them; the files it touched that are gone stay in its text and in the deleted path's history."""
    root = _fresh(tmp_path, "deleted")
    kept = commit(root, {"src/keep.py": "k\n", "src/gone/a.py": "a\n", "src/gone/b.py": "b\n"}, "Add the parts", T0)
    files = {f"app/part{i}.py": "p\n" for i in range(35)}
    sweep = commit(root, {**files, **{f"old/x{i}.py": "x\n" for i in range(35)}}, "Lay out the app", T0 + 5 * DAY)
    git(root, "rm", "-q", "-r", "src/gone", "old")
    git(root, "commit", "-q", "-m", "Drop the old parts", at=T0 + 9 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        import_history(lo)
        first = lo.get(kept[:12])
        assert [a.value for a in first.anchors] == ["src/keep.py"] and "src/gone/a.py" in first.body
        assert [a.value for a in lo.get(sweep[:12]).anchors] == ["app/**"]
        assert history_for(lo, "src/keep.py").total == 1
        assert [m.title for m in history_for(lo, "src/gone/a.py").tasks] == ["Drop the old parts", "Add the parts"]


def test_commits_that_only_write_records_or_documentation_are_no_tasks(tmp_path):
    """ThoughtWorksInc/kakuma-frontend: "AM | Adding ADR for postgres…" and "AM | ADR about removing database code"
    touched only `doc/adr/` and became tasks repeating ADR 12 and 14, ranked above them. A commit (or a merged
    branch) that only writes pages the import reads as records, guides or documentation is left out and counted;
    one that also changes code is a task, and a page-only commit may still join its author's run of work."""
    root = _fresh(tmp_path, "pages")
    commit(root, {"src/db.rb": "db\n"}, "Set up the database", T0)
    commit(root, {"doc/adr/0012-use-postgres-for-database.md": "# 12. Use Postgres\n"},
           "AM | Adding ADR for postgres. Decision was made weeks ago but ADR got lost", T0 + DAY)
    commit(root, {"doc/adr/0012-use-postgres-for-database.md": "# 12. Use Postgres\nSuperseded\n",
                  "doc/adr/0014-remove-postgres-database-code.md": "# 14. Remove the database code\n"},
           "AM | ADR about removing database code", T0 + 2 * DAY)
    commit(root, {"README.md": "run it\n", "CONTRIBUTING.md": "be kind\n"}, "Explain how to run the tests", T0 + 3 * DAY)
    commit(root, {"src/db.rb": "", "doc/adr/0014-remove-postgres-database-code.md": "# 14. Done\n"},
           "Remove the database code", T0 + 4 * DAY)
    commit(root, {"src/app.rb": "app\n", "docs/app.md": "the app\n"}, "Add the app", T0 + 5 * DAY,
           author="Bob <bob@example.com>")
    commit(root, {"docs/app.md": "the app, and its limits\n"}, "Say what the app cannot do", T0 + 5 * DAY + 3600,
           author="Bob <bob@example.com>")
    git(root, "checkout", "-q", "-b", "guide")
    commit(root, {"docs/guide.md": "g\n"}, "Write the guide", T0 + 6 * DAY)
    commit(root, {"docs/guide.md": "g2\n"}, "Polish the guide", T0 + 6 * DAY + 60)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "guide", "-m", "Merge pull request #7 from ann/guide", at=T0 + 7 * DAY)
    git(root, "checkout", "-q", "-b", "mixed")
    commit(root, {"docs/cache.md": "c\n"}, "Describe the cache", T0 + 8 * DAY)
    commit(root, {"src/cache.rb": "c\n"}, "Write the cache", T0 + 8 * DAY + 60)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "mixed", "-m", "Merge pull request #8 from ann/mixed", at=T0 + 9 * DAY)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        result = import_history(lo)
        by = tasks(lo)
        assert set(by) == {"Set up the database", "Remove the database code", "Add the app", "Describe the cache"}
        assert len(by["Add the app"].meta["commits"]) == 2  # the page-only commit joined its author's run
        assert result.page_commits == 6  # two records, the read-me and guide, and the merged branch of two
        assert "6 commits only writing records or documentation left out" in result.line()
    from lore.history.tasks import group, only_pages
    page = gitlog.Commit("p", ["q"], "Ann", "a@x", 1, "Rename the guide",
                         [gitlog.Change("R", "docs/guide.md", "src/guide.md")])
    assert not only_pages(page, lambda rel: rel.startswith("docs/"))  # a page moved out of the code is work
    assert len(group([_commit("d", "Write the guide", [], 1)])[0]) == 1  # told no pages, every commit is work


def test_a_subjects_first_verb_types_its_task():
    """PakkuDon/pixel-art-gallery: "Add Open Graph tags that were accidentally removed during refactor" was typed
    `remove`, the first of a list of words found anywhere in its first sixty characters. The subject's own first
    word says what was done, after a ticket, its authors' initials or a prefix; a word further on counts only when
    the first is no such verb."""
    from lore.history.tasks import classify

    typed = {"Add Open Graph tags that were accidentally removed during refactor": "feat",
             "AM | Adding ADR for postgres. Decision was made weeks ago but ADR got lost (sorry)": "feat",
             "MB MR : fixing tests by removing redundant code after removing db": "fix",
             "MB: added js tests for the summary view": "feat",
             "[PROJ-12] Remove the retry from the add endpoint": "remove",
             "#12 Move the fixtures": "refactor",
             "wip: add the remover": "feat",
             "Fix migration issue (#8773)": "fix",
             "Update README to remove the old link": "remove",  # no verb first: a later word still types it
             "Address review comments": "change"}
    assert {subject: classify(subject)[0] for subject in typed} == typed


def test_a_package_managers_pasted_report_is_no_reason():
    """lcobucci/kafka (MIT): "Upgrade packages" carried composer's report as its body, shown as the task's why."""
    from lore.history.tasks import why_of

    body = ("Lock file operations: 0 installs, 2 updates, 0 removals\n  - Upgrading composer/pcre (1.0.1 => 3.0.0)\n"
            "  - Upgrading phpunit/phpunit (9.5.0 => 9.6.0)\n\nPHP 8.1 is the oldest version still supported.")
    assert why_of([body]) == "PHP 8.1 is the oldest version still supported."
    assert why_of(["Updating the parser (the old one broke on tabs)."]) == "Updating the parser (the old one broke on tabs)."


def test_a_tickets_smart_commit_commands_are_no_part_of_the_title():
    """LBHackney-IT/remultiform (MIT): "MT3-221 #ready-for-test #comment Create a pull request template" put
    "ready-for-test" among the task's words (a search for "test" found it). Jira's commands after the ticket go; the
    ticket, a pull request's `#123` and a tag later in the subject stay."""
    from lore.history.tasks import classify

    assert classify("MT3-221 #ready-for-test #comment Create a pull request template")[2] == \
        "MT3-221 Create a pull request template"
    assert classify("ABC-7 #time 1w 2d 4h #comment Fix the login")[2] == "ABC-7 Fix the login"
    assert classify("#12 Move the fixtures")[2] == "#12 Move the fixtures"
    assert classify("ABC-7 Tag the #release build")[2] == "ABC-7 Tag the #release build"
