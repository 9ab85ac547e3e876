"""`check_diff` and `check_change`: a change checked as the file would read after it, violations
on the lines it adds only; unreadable or non-applying diffs are clear errors."""

from __future__ import annotations

import pytest

from lore.checks import DiffError, check_diff
from lore.checks.diffs import apply_patch, parse_diff
from lore.checks.report import check_change
from lore.service import Lore

RULES = """---
id: httpx01
kind: decision
checks:
  - forbid_import: requests
    fix: httpx
  - forbid_call: print
    paths: ["src/**"]
---
# We use httpx, not requests
"""

OLD = "import requests\n\n\ndef f():\n    return 1\n"
DIFF = """diff --git a/src/a.py b/src/a.py
--- a/src/a.py
+++ b/src/a.py
@@ -2,4 +2,6 @@


 def f():
-    return 1
+    print("x")
+    import requests.auth
+    return 2
"""


@pytest.fixture
def ws(tmp_workspace, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    (tmp_workspace / ".lore/memories").mkdir(parents=True)
    (tmp_workspace / ".lore/memories/httpx.md").write_text(RULES)
    (tmp_workspace / "src").mkdir()
    (tmp_workspace / "src/a.py").write_text(OLD)
    return tmp_workspace


def test_parse_and_apply():
    [p] = parse_diff(DIFF)
    assert (p.old_path, p.new_path) == ("src/a.py", "src/a.py")
    assert p.added_lines == {4, 5, 6}
    assert apply_patch(OLD, p) == 'import requests\n\n\ndef f():\n    print("x")\n    import requests.auth\n    return 2\n'


def test_only_added_lines_count(ws):
    with Lore(ws, user_db=False) as lore:
        found = check_diff(lore, DIFF)
    assert [(v.start_line, v.rule.id) for v in found] == [(4, "forbid-call-print"), (5, "forbid-import-requests")]
    assert found[1].fix.new_text == "httpx.auth"


def test_a_diff_already_applied_is_checked_on_the_disk_file(ws):
    [p] = parse_diff(DIFF)
    (ws / "src/a.py").write_text(apply_patch(OLD, p))
    with Lore(ws, user_db=False) as lore:
        assert len(check_diff(lore, DIFF)) == 2


def test_new_and_deleted_files(ws):
    new = "--- /dev/null\n+++ b/src/new.py\n@@ -0,0 +1,2 @@\n+import requests\n+x = 1\n"
    gone = "--- a/src/a.py\n+++ /dev/null\n@@ -1,5 +0,0 @@\n" + "".join("-" + line + "\n" for line in OLD.split("\n")[:5])
    with Lore(ws, user_db=False) as lore:
        assert [(v.path, v.start_line) for v in check_diff(lore, new)] == [("src/new.py", 0)]
        assert check_diff(lore, gone) == []


def test_a_removed_line_that_looks_like_a_header_is_read_as_a_line(ws):
    (ws / "src/b.sql").write_text("-- old\nselect 1;\n")
    diff = "--- a/src/b.sql\n+++ b/src/b.sql\n@@ -1,2 +1,2 @@\n--- old\n+print(1)\n select 1;\n"
    [p] = parse_diff(diff)
    assert p.hunks[0].lines == ["--- old", "+print(1)", " select 1;"] and len(parse_diff(diff)) == 1


@pytest.mark.parametrize("diff, message", [
    pytest.param("hello", "no file in the diff", id="not-a-diff"),
    pytest.param("@@ -1 +1 @@\n-a\n+b\n", "a hunk before any", id="hunk-without-header"),
    pytest.param("--- a/src/a.py\n+++ b/src/a.py\n@@ -1,1 +1,1 @@\n-import httpx\n+import x\n", "does not apply",
                 id="context-mismatch"),
    pytest.param("--- a/nope.py\n+++ b/nope.py\n@@ -1 +1 @@\n-a\n+b\n", "not found in the workspace", id="missing-file"),
])
def test_bad_diffs_are_clear_errors(ws, diff, message):
    with Lore(ws, user_db=False) as lore, pytest.raises(DiffError, match=message):
        check_diff(lore, diff)


def test_check_change_with_content_or_diff(ws):
    with Lore(ws, user_db=False) as lore:
        by_content = check_change(lore, path="src/z.py", content="import requests\nprint(1)\n")
        assert [v["line"] for v in by_content["violations"]] == [1, 2] and not by_content["clean"]
        first = by_content["violations"][0]
        assert first["memory"] == {"id": "httpx01", "title": "We use httpx, not requests", "file": ".lore/memories/httpx.md"}
        assert first["fix"]["newText"] == "httpx" and first["fix"]["range"]["start"] == {"line": 0, "character": 7}
        assert check_change(lore, diff=DIFF)["rules_checked"] == 2
        assert check_change(lore, path="lib/z.py", content="print(1)\n")["clean"] is True
        for bad in ({}, {"diff": DIFF, "path": "a.py", "content": "x"}, {"content": "x"}):
            with pytest.raises(ValueError):
                check_change(lore, **bad)
