"""Rules in team files: the format and its errors (file and line named, the other rules kept),
what is enforced (confirmed rules of current memories only), exceptions and review edits."""

from __future__ import annotations

import pytest

from lore.checks import ExceptionError, check_paths, load_checks, load_rules, record_exception
from lore.checks.manage import RuleReviewError, find_rule, set_state
from lore.checks.rulefile import read_checks
from lore.service import Lore


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def team_file(ws, name: str, front: str, title: str = "We use httpx, not requests") -> None:
    folder = ws / ".lore" / "memories"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text("---\n" + front.strip("\n") + "\n---\n# " + title + "\n\nBody.\n")


def src(ws, rel: str, text: str) -> None:
    (ws / rel).parent.mkdir(parents=True, exist_ok=True)
    (ws / rel).write_text(text)


HTTPX = """id: httpx01
kind: decision
status: {status}
checks:
  - forbid_import: requests
    fix: httpx
    paths: ["src/**"]
"""

ERRORS = [
    pytest.param("- forbid_import: requests\n  forbid_call: get", 1, "exactly one of", id="two-kinds"),
    pytest.param("- fix: httpx", 1, "exactly one of", id="no-kind"),
    pytest.param("- forbid_import: requests\n  colour: red", 1, "unknown key 'colour'", id="unknown-key"),
    pytest.param("- pattern: 'a(b'", 1, "not a valid regular expression", id="bad-regex"),
    pytest.param("- forbid_import: requests\n  severity: fatal", 1, "severity 'fatal'", id="bad-severity"),
    pytest.param("- forbid_import: requests\n  state: maybe", 1, "state 'maybe'", id="bad-state"),
    pytest.param("- forbid_import: requests\n  languages: [cobolx]", 1, "unknown language 'cobolx'", id="bad-language"),
    pytest.param("- forbid_import: ''", 1, "non-empty text", id="empty-value"),
    pytest.param("- forbid_import: [a, b]", 1, "non-empty text", id="list-value"),
    pytest.param("- just text", 1, "must be a mapping", id="not-a-mapping"),
    pytest.param("- forbid_import: requests\n  paths: 3", 1, "`paths:` must be", id="bad-paths"),
    pytest.param("- forbid_import: requests\n- forbid_import: requests", 2, "used twice", id="duplicate-id"),
]


@pytest.mark.parametrize("entries, entry, message", ERRORS)
def test_a_bad_rule_is_an_error_on_its_line_and_the_others_keep_working(entries, entry, message):
    body = "\n".join("  " + line for line in entries.split("\n"))
    text = f"---\nid: m1\ncheck_me: 1\nchecks:\n  - forbid_call: eval\n{body}\n---\n# T\n"
    fc = read_checks(text, ".lore/memories/m1.md")
    [err] = fc.errors
    first_line = 5 + (1 if entry == 2 else 0)  # 0-based: `---`, id, check_me, checks, eval, then the entries
    assert message in err.message and err.file == ".lore/memories/m1.md"
    assert err.line == first_line, (err, text.split("\n")[err.line])
    assert str(err).startswith(f".lore/memories/m1.md:{first_line + 1}: ")
    assert "eval" in [r.value for r in fc.rules]


def test_broken_yaml_and_a_non_list_are_errors_not_crashes():
    broken = read_checks("---\nid: m1\nchecks:\n  - forbid_import: [oops\n---\n# T\n", "f.md")
    assert broken.rules == [] and "cannot be read" in broken.errors[0].message
    flat = read_checks("---\nid: m1\nchecks: requests\n---\n# T\n", "f.md")
    assert flat.errors[0].line == 2 and "must be a list" in flat.errors[0].message
    assert read_checks("no front matter", "f.md").errors == []


def test_an_exception_naming_a_missing_rule_is_an_error():
    fc = read_checks("---\nid: m1\nchecks:\n  - forbid_call: eval\nexceptions:\n  - path: a.py\n    rule: nope\n"
                     "    reason: r\n  - path: b.py\n---\n# T\n", "f.md")
    assert [(e.line, "no rule 'nope'" in e.message or "reason" in e.message) for e in fc.errors] == [(8, True), (5, True)]


STATES = [
    pytest.param("active", "", 1, id="active"),
    pytest.param("superseded", "", 0, id="superseded"),
    pytest.param("deprecated", "", 0, id="forgotten"),
    pytest.param("rejected", "", 0, id="rejected-decision"),
    pytest.param("active", "source: agent", 0, id="agent-unconfirmed"),
    pytest.param("active", "    state: proposed", 0, id="proposed-rule"),
    pytest.param("active", "    state: rejected", 0, id="rejected-rule"),
]


@pytest.mark.parametrize("status, extra, enforced", STATES)
def test_only_confirmed_rules_of_current_memories_are_enforced(tmp_workspace, status, extra, enforced):
    front = HTTPX.format(status=status)
    front = front + extra if extra.startswith("    ") else front.replace("kind: decision", f"kind: decision\n{extra}")
    team_file(tmp_workspace, "httpx.md", front)
    src(tmp_workspace, "src/a.py", "import requests\n")
    with Lore(tmp_workspace, user_db=False) as lore:
        rules, errors = load_rules(lore)
        assert errors == []
        assert len(rules) == enforced
        assert len(check_paths(lore, [])) == enforced
        assert len(load_checks(lore).all_rules) == 1, "listed for review either way"


def test_a_successor_that_supersedes_the_decision_switches_its_rules_off(tmp_workspace):
    team_file(tmp_workspace, "httpx.md", HTTPX.format(status="active"))
    src(tmp_workspace, "src/a.py", "import requests\n")
    with Lore(tmp_workspace, user_db=False) as lore:
        assert len(check_paths(lore, [])) == 1
    team_file(tmp_workspace, "aiohttp.md", "id: aio02\nkind: decision\nsupersedes: [httpx01]", "We use aiohttp")
    with Lore(tmp_workspace, user_db=False) as lore:
        assert lore.get("httpx01").status.value == "superseded"
        assert check_paths(lore, []) == [], "the file still says active; the database knows better"


def test_rules_for_another_memory_follow_its_status(tmp_workspace):
    from lore.model import Memory, Status

    with Lore(tmp_workspace, user_db=False) as lore:
        adr = lore.add(Memory(title="ADR 7: no moment", body="Use dayjs.", scope="workspace")).memory
        team_file(tmp_workspace, "checks-adr.md", f"id: c1\nkind: convention\nchecks:\n  - forbid_import: moment\n"
                  f"    decision: {adr.id}", "Checks for ADR 7")
        src(tmp_workspace, "web/a.ts", "import moment from 'moment';\n")
        [v] = check_paths(lore, [])
        assert (v.rule.memory_id, v.rule.memory_title) == (adr.id, "ADR 7: no moment")
        lore.set_status(adr.id, Status.SUPERSEDED)
        assert check_paths(lore, []) == []


def test_record_exception_writes_the_team_file_and_silences_that_place(tmp_workspace):
    team_file(tmp_workspace, "httpx.md", HTTPX.format(status="active") + "  - forbid_call: print\n")
    src(tmp_workspace, "src/a.py", "import requests\n\nclass Legacy:\n    def run(self):\n        print(1)\n\nprint(2)\n")
    before = (tmp_workspace / ".lore/memories/httpx.md").read_text()
    with Lore(tmp_workspace, user_db=False) as lore:
        assert len(check_paths(lore, [])) == 3
        ex = record_exception(lore, "httpx01", "src/a.py", "vendored client", symbol="Legacy")
        assert ex.symbol == "Legacy" and ex.file == ".lore/memories/httpx.md"
        left = check_paths(lore, [])
        assert [(v.rule.id, v.start_line) for v in left] == [("forbid-import-requests", 0), ("forbid-call-print", 6)]
        record_exception(lore, "httpx01", "src/*.py", "old module", rule_id="forbid-import-requests", line=0)
        assert [v.start_line for v in check_paths(lore, [])] == [6]
    after = (tmp_workspace / ".lore/memories/httpx.md").read_text()
    assert after.startswith(before.split("---\n# ")[0].rstrip("\n").rsplit("\n", 0)[0][:40])
    assert "exceptions:\n  - path: src/a.py\n    symbol: Legacy\n    reason: vendored client\n" in after
    assert "    rule: forbid-import-requests\n    line: 1\n" in after
    assert after.split("---\n", 2)[2] == before.split("---\n", 2)[2], "the body is untouched"
    assert after.count("\n") == before.count("\n") + 8


@pytest.mark.parametrize("kwargs, message", [
    pytest.param({"reason": " "}, "needs a reason", id="no-reason"),
    pytest.param({"path": "../etc/x"}, "outside the workspace", id="escaping-path"),
    pytest.param({"rule_id": "nope"}, "has no rule 'nope'", id="unknown-rule"),
    pytest.param({"memory_id": "zzz999"}, "has no team file", id="no-team-file"),
])
def test_record_exception_refuses_bad_input_and_writes_nothing(tmp_workspace, kwargs, message):
    team_file(tmp_workspace, "httpx.md", HTTPX.format(status="active"))
    before = (tmp_workspace / ".lore/memories/httpx.md").read_text()
    args = {"memory_id": "httpx01", "path": "src/a.py", "reason": "because", **kwargs}
    with Lore(tmp_workspace, user_db=False) as lore, pytest.raises(ExceptionError, match=message):
        record_exception(lore, args.pop("memory_id"), args.pop("path"), args.pop("reason"), **args)
    assert (tmp_workspace / ".lore/memories/httpx.md").read_text() == before


def test_confirm_and_reject_edit_only_the_state_line(tmp_workspace):
    team_file(tmp_workspace, "httpx.md", HTTPX.format(status="active") + "    state: proposed\n"
              "  - forbid_call: print  # keep\n    state: proposed\n")
    path = tmp_workspace / ".lore/memories/httpx.md"
    before = path.read_text()
    with Lore(tmp_workspace, user_db=False) as lore:
        assert load_rules(lore)[0] == []
        rule = set_state(lore, "httpx01/forbid-import-requests", "confirmed")
        assert rule.confirmed
        assert path.read_text() == before.replace("fix: httpx\n    paths: [\"src/**\"]\n    state: proposed",
                                                  "fix: httpx\n    paths: [\"src/**\"]\n    state: confirmed")
        set_state(lore, "forbid-call-pr", "rejected")
        assert "  - forbid_call: print  # keep\n    state: rejected\n" in path.read_text()
        assert [r.key for r in load_rules(lore)[0]] == ["httpx01/forbid-import-requests"]
        with pytest.raises(RuleReviewError, match="ambiguous"):
            find_rule(lore, "forbid")
        with pytest.raises(RuleReviewError, match="no rule"):
            find_rule(lore, "nothing")


def test_confirm_adds_a_state_line_when_there_was_none(tmp_workspace):
    team_file(tmp_workspace, "httpx.md", HTTPX.format(status="active"))
    with Lore(tmp_workspace, user_db=False) as lore:
        set_state(lore, "forbid-import-requests", "rejected")
        assert '    paths: ["src/**"]\n    state: rejected\n---' in (tmp_workspace / ".lore/memories/httpx.md").read_text()


def test_lore_rewriting_the_team_file_keeps_rules_and_exceptions(tmp_workspace):
    team_file(tmp_workspace, "httpx.md", HTTPX.format(status="active"))
    with Lore(tmp_workspace, user_db=False) as lore:
        record_exception(lore, "httpx01", "src/a.py", "vendored")
        lore.update(lore.get("httpx01"))
        text = (tmp_workspace / ".lore/memories/httpx.md").read_text()
        assert "- forbid_import: requests" in text and "reason: vendored" in text
        assert len(load_checks(lore).exceptions) == 1
