"""Staleness people can see (lore.staleness): code changed after a memory was written or verified,
anchors matching nothing, and decisions naming code a later commit removed. Real git repositories
with commits dated in the past; nothing is mocked."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from lore.anchors.choices import DERIVED_META
from lore.memory import Anchor, Kind, Memory, Provenance, Scope, SourceKind
from lore.staleness import StalenessChecker, describe, mark_verified
from lore.staleness.orphans import Workspace, orphaned
from lore.staleness.report import staleness_report, workspace_files

DAY = 86400
NOW = time.time()

REPO_V1 = '''class Repository:
    def save(self, item):
        return self.bus.publish(MessageBus(item))


class MessageBus:
    def publish(self, item):
        return item


def untouched():
    return 1
'''

REPO_V2 = '''class Repository:
    def save(self, item):
        self.items.append(item)
        return item


def untouched():
    return 1
'''

ADR = """# Repositories publish on the MessageBus

`Repository.save` hands every item to the `MessageBus`; nothing writes to storage directly.
"""


def commit(root: Path, message: str, at: float) -> None:
    stamp = f"@{int(at)} +0000"
    env = dict(os.environ, GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, capture_output=True)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, check=True, capture_output=True, env=env)


@pytest.fixture
def repo(tmp_workspace: Path) -> Path:
    """app/repos.py and an ADR written 30 days ago; the code reworked 10 days ago."""
    (tmp_workspace / "app").mkdir()
    (tmp_workspace / "docs").mkdir()
    (tmp_workspace / "app" / "repos.py").write_text(REPO_V1)
    (tmp_workspace / "docs" / "0001-bus.md").write_text(ADR)
    commit(tmp_workspace, "repos publish on a bus", NOW - 30 * DAY)
    (tmp_workspace / "app" / "repos.py").write_text(REPO_V2)
    commit(tmp_workspace, "repos keep items in memory; the bus goes", NOW - 10 * DAY)
    return tmp_workspace


def adr_memory(anchors: list[str], body: str = ADR) -> Memory:
    return Memory(title="Repositories publish on the MessageBus", body=body, kind=Kind.DECISION,
                  scope=Scope.TEAM, anchors=[Anchor.parse(a) for a in anchors],
                  provenance=Provenance(SourceKind.ADR, "docs/0001-bus.md", 1), created_at=NOW)


def test_code_changed_since_the_decision_names_the_commit(repo):
    m = adr_memory(["symbol:python:app.repos.Repository.save"])
    s = StalenessChecker(repo).check(m)
    assert s is not None and s.change is not None
    assert s.change.symbol == "app.repos.Repository.save" and s.change.path == "app/repos.py"
    assert s.change.commit.subject == "repos keep items in memory; the bus goes"
    assert s.basis == "written" and abs(s.since - (NOW - 30 * DAY)) < 2
    line = describe(s)[0]
    assert line.startswith(f"code changed since this decision: `{s.change.commit.short}`, 1 week ago")


def test_code_a_phrase_of_the_record_led_to_says_nothing_of_it_changing(repo):
    """desmos-labs/desmos (Apache-2.0): ADR 021's lens warned "code changed since this decision" over
    `GetTokenDenom`, an anchor it got from the phrase "token denom". Code it names still counts."""
    m = adr_memory(["symbol:python:app.repos.Repository.save"])
    m.meta[DERIVED_META] = {"symbol:python:app.repos.Repository.save": "speaks of “repository save” (Repository.save)"}
    assert StalenessChecker(repo).check(m).change is None  # the `MessageBus` it names is gone: that still says so
    m.meta[DERIVED_META] = {"symbol:python:app.repos.Repository.save": "names `Repository.save`"}
    assert StalenessChecker(repo).check(m).change is not None
    (repo / "tests").mkdir()
    (repo / "tests" / "test_repos.py").write_text("def test_save():\n    pass\n")
    commit(repo, "a test", NOW - 30 * DAY)
    (repo / "tests" / "test_repos.py").write_text("def test_save():\n    assert True\n")
    commit(repo, "the test asserts", NOW - 2 * DAY)
    tested = adr_memory(["symbol:python:tests.test_repos.test_save"], body="Saving is tested.")
    tested.anchors[0].file = "tests/test_repos.py"
    assert StalenessChecker(repo).check(tested).change is None  # a test changing says nothing of the decision


def test_unchanged_symbol_is_not_stale_even_when_its_file_changed(repo):
    m = adr_memory(["symbol:python:app.repos.untouched"], body="`untouched` returns one.")
    m.title = "untouched returns one"
    assert StalenessChecker(repo).check(m) is None


def test_a_decision_written_after_the_change_is_current(repo):
    (repo / "docs" / "0001-bus.md").write_text(ADR + "\nRevised.\n")
    commit(repo, "adr revised", NOW - 5 * DAY)
    m = adr_memory(["app/repos.py"])
    assert StalenessChecker(repo).check(m) is None


def test_still_true_records_time_and_commit_and_clears_the_flag(repo):
    m = adr_memory(["app/repos.py"], body="Items are kept in memory.")
    checker = StalenessChecker(repo)
    assert checker.check(m) is not None
    mark_verified(repo, m, now=NOW)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True).stdout.strip()
    assert m.meta["verified_commit"] == head and m.meta["verified_at"] == float(int(NOW))
    assert checker.check(m) is None
    (repo / "app" / "repos.py").write_text(REPO_V2 + "\n\ndef later():\n    return 2\n")
    commit(repo, "a later change", NOW + 60)
    s = StalenessChecker(repo).check(m)
    assert s is not None and s.basis == "verified"
    assert describe(s)[0].startswith("code changed since it was last verified: ")


def test_names_a_later_commit_removed_make_the_decision_possibly_stale(repo):
    m = adr_memory([])
    s = StalenessChecker(repo).check(m)
    assert s is not None and [g["name"] for g in s.names_gone] == ["MessageBus"]
    assert s.names_gone[0]["subject"] == "repos keep items in memory; the bus goes"
    assert "possibly stale: names `MessageBus`, which the code no longer has" in describe(s)[-1]


def test_a_search_for_names_gone_stops_at_its_deadline_and_keeps_no_partial_answer(repo, monkeypatch):
    """ministryofjustice/modernisation-platform (14,000 commits): `lore search` took 10.6 s, two `git log -S` of four
    seconds each past its 0.3 s budget for staleness flags."""
    from lore.staleness import git as staleness_git

    asked = []
    real = staleness_git.changed_count_since

    def slow(*args, timeout=None, **kw):
        asked.append(timeout)
        time.sleep(0.2)
        return None

    monkeypatch.setattr(staleness_git, "changed_count_since", slow)
    checker = StalenessChecker(repo)
    m = adr_memory([])
    started = time.monotonic()
    assert checker.check(m, deadline=time.monotonic() + 0.1) is None
    assert time.monotonic() - started < 1.0 and asked and all(t is not None and t <= 0.1 for t in asked)
    assert not checker.known(m)  # cut short: asked again next time, not remembered as current
    monkeypatch.setattr(staleness_git, "changed_count_since", real)
    s = checker.check(m)
    assert s is not None and [g["name"] for g in s.names_gone] == ["MessageBus"] and checker.known(m)


@pytest.mark.parametrize("body", [
    pytest.param("We will add a `RetryBudget` to every client.", id="never-in-the-code"),
    pytest.param("`Repository.save` keeps items; see `untouched`.", id="still-in-the-code"),
])
def test_names_never_removed_are_not_evidence(repo, body):
    m = adr_memory([], body=body)
    m.title = "Clients"
    assert StalenessChecker(repo).check(m) is None


def test_orphaned_anchors_are_listed_and_kept(repo):
    m = adr_memory(["symbol:python:app.repos.MessageBus", "app/repos.py", "lib/**", "lang:python",
                    "symbol:python:app.repos.Repository.save"])
    ws = Workspace(repo, workspace_files(repo))
    assert orphaned(ws, m) == ["symbol:python:app.repos.MessageBus", "lib/**"]
    assert len(m.anchors) == 5


def test_doctor_report_lists_stale_and_orphaned(repo):
    stale = adr_memory(["symbol:python:app.repos.MessageBus"])
    fine = adr_memory(["symbol:python:app.repos.untouched"], body="Ones.")
    fine.title = "untouched returns one"
    r = staleness_report(repo, [stale, fine])
    assert [e["id"] for e in r["stale"]] == [stale.id]
    assert [e["id"] for e in r["orphaned"]] == [stale.id]
    assert r["checked"] == 2 and r["unfinished"] == 0


def test_outside_git_nothing_is_stale(tmp_path):
    (tmp_path / "a.py").write_text("def f():\n    pass\n")
    m = adr_memory(["a.py"])
    assert StalenessChecker(tmp_path).check(m) is None


def test_packs_and_search_flag_a_decision_about_removed_code(repo):
    from lore.context.pack import build_pack
    from lore.embedding.embedder import HashEmbedder
    from lore.api import Lore

    with Lore(repo, embedder=HashEmbedder(), user_db=False) as lore:
        m = Memory(title="Repositories publish on the MessageBus", body="Every save goes through the `MessageBus`.",
                   kind=Kind.DECISION, anchors=[Anchor.parse("app/repos.py")], created_at=NOW - 20 * DAY)
        lore.add(m)
        pack = build_pack(lore, path="app/repos.py", code_map=False)
        item = next(i for i in pack.items if i.memory.id == m.id)
        assert item.stale and "possibly stale: names MessageBus" in pack.markdown.replace("`", "")
        assert "code changed since this decision" in item.stale
        assert pack.to_json()["items"][0]["stale"] == item.stale
        from lore.wire import calls

        hits = calls.search(lore, {"text": "MessageBus repositories"})
        assert any("possibly stale" in w for w in next(h for h in hits if h["id"] == m.id)["why"])


def test_a_dependency_update_since_the_decision_is_no_change_of_the_code(repo):
    """guardian/cdk (Apache-2.0): "code changed since this decision" named `chore(deps): bump @types/node from
    22.15.30 to 26.1.0 (#2926)`, a bot's update, as the change to `stack.ts`; breakthrough-rc/wallchart (MIT) a
    formatting commit, `style: fix formatting issues [pre-push hook]`."""
    m = adr_memory(["app/repos.py"])
    before = StalenessChecker(repo).check(m).change.commit.subject
    (repo / "app" / "repos.py").write_text(REPO_V2 + "# pinned\n")
    commit(repo, "chore(deps): bump requests from 2.31.0 to 2.32.0 (#12)", NOW - 2 * DAY)
    (repo / "app" / "repos.py").write_text(REPO_V2 + "# pinned again\n")
    commit(repo, "Merge pull request #13 from org/dependabot/pip/urllib3-2.2.0\n\nBump urllib3", NOW - 1 * DAY)
    assert StalenessChecker(repo).check(m).change.commit.subject == before
    (repo / "app" / "repos.py").write_text(REPO_V2 + "# pinned again\n\n")
    commit(repo, "style: fix formatting issues [pre-push hook]", NOW - 1 * DAY + 60)  # breakthrough-rc/wallchart
    (repo / "app" / "repos.py").write_text(REPO_V2 + "# pinned again\n")
    commit(repo, "style(api): reformat", NOW - 1 * DAY + 120)
    assert StalenessChecker(repo).check(m).change.commit.subject == before
    (repo / "app" / "repos.py").write_text(REPO_V2 + "# pinned, then styled\n")
    commit(repo, "styles: the new theme", NOW - 1 * DAY + 180)  # no type of Conventional Commits: a change
    assert StalenessChecker(repo).check(m).change.commit.subject == "styles: the new theme"


def test_a_record_renamed_from_a_path_with_no_extension_removed_no_name_from_the_code(repo):
    """A record kept at `docs/adr/0002-login` and renamed to `.md` later: `git log -S` sees its names go from
    a file that is no code; only a change in a file with a known language counts."""
    body = "Sign-in goes through `MitIdBroker`; nothing else signs users in.\n"
    (repo / "docs" / "0002-login").write_text("# Login\n\n" + body)
    commit(repo, "login record", NOW - 20 * DAY)
    (repo / "docs" / "0002-login").rename(repo / "docs" / "0002-login.md")
    commit(repo, "records end in .md", NOW - 5 * DAY)
    m = adr_memory([], body=body)
    m.title = "Login"
    m.created_at = NOW - 20 * DAY
    assert StalenessChecker(repo).check(m) is None


def test_stale_lenses_name_their_record_when_the_lens_above_holds_several():
    """openedx/edx-enterprise's `models.py` file lens holds five records; it showed two "⚠ code changed since this
    decision" pairs, whose decision nobody could tell. Under a lens of one record, the lens above names it."""
    from lsprotocol import types

    from lore.lsp.staleness import lenses
    from lore.staleness.code import CodeChange, Staleness
    from lore.staleness.git import Commit

    m = Memory(title="0015 Default Enterprise Enrollments, with a title longer than forty characters",
               body="x", kind=Kind.DECISION)
    s = Staleness(memory_id=m.id, since=0.0, basis="written",
                  change=CodeChange(Commit("e0637d0" + "0" * 33, 1, "Fix"), "enterprise/models.py"))
    where = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
    alone = [lens.command.title for lens in lenses(where, m, s)]
    assert alone[0].startswith("⚠ code changed since this decision") and alone[1] == "Supersede"
    named = [lens.command.title for lens in lenses(where, m, s, among=5)]
    assert named[0].startswith("⚠ 0015 Default Enterprise Enrollments, wi…: code changed since this decision")
    assert named[1] == "Supersede 0015 Default Enterprise Enrollments, wi…"


def test_a_name_inside_a_longer_one_was_not_taken_away_by_a_change_to_the_longer_one(repo):
    """Altinn/altinn-authentication (MIT): a record naming `CreateUser` (removed before it was written) was called
    possibly stale by a later commit that changed `GetOrCreateUser`: the count git compared was of the text, not the
    name."""
    (repo / "app" / "users.py").write_text("def GetOrCreateUser(name):\n    return name\n")
    commit(repo, "users", NOW - 40 * DAY)
    (repo / "app" / "users.py").write_text("def GetOrCreateUser(name, tenant):\n    return name\n\n\n"
                                           "def GetOrCreateUserAsync(name):\n    return name\n")
    commit(repo, "users by tenant", NOW - 5 * DAY)
    m = adr_memory([], body="Users are made by `CreateUser` alone.")
    m.title = "Users"
    assert StalenessChecker(repo).check(m) is None
    (repo / "app" / "users.py").write_text("def GetUser(name):\n    return name\n\n\ndef CreateUser(name):\n"
                                           "    return name\n")
    commit(repo, "CreateUser, for a while", NOW - 3 * DAY)
    (repo / "app" / "users.py").write_text("def GetUser(name):\n    return name\n")
    commit(repo, "CreateUser goes", NOW - 2 * DAY)
    s = StalenessChecker(repo).check(m)
    assert s is not None and [(g["name"], g["subject"]) for g in s.names_gone] == [("CreateUser", "CreateUser goes")]


def test_a_name_the_record_says_it_removed_is_no_sign_of_staleness(repo):
    """Altinn/altinn-authentication 0002 (MIT) says it removed `IUserProfileService.GetUser`: that the code no longer
    has it is what the record says, not that the code moved on from it."""
    m = adr_memory([], body="We removed the `MessageBus`; repositories keep items in memory.")
    m.title = "Repositories keep items"
    assert StalenessChecker(repo).check(m) is None


def test_names_a_records_consequences_give_count_too(repo):
    """Altinn/altinn-authentication 0004 (MIT) says in its Consequences that `SblAuthCookieName` and the code deleting
    the old cookies are kept; a later commit removed them. The memory holds the decision and its context; the record
    on disk holds the rest."""
    text = ("# Repositories keep items\n\n## Decision\n\nRepositories keep items in memory.\n\n## Consequences\n\n"
            "The `MessageBus` stays for the other readers.\n")
    (repo / "docs" / "0001-bus.md").write_text(text)
    commit(repo, "the record, rewritten", NOW - 20 * DAY)
    m = adr_memory([], body="Repositories keep items in memory.")
    m.title = "Repositories keep items"
    m.created_at = NOW - 20 * DAY
    s = StalenessChecker(repo).check(m)
    assert s is not None and [g["name"] for g in s.names_gone] == ["MessageBus"]
