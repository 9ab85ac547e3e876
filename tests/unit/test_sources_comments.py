"""Decision comments in code: markers, kinds, rationale, and the symbol or file they anchor to."""

from __future__ import annotations

import pytest

from lore.memory import Kind
from lore.sources.comments import parse_comments

PYTHON = '''import os

# DECISION: store paths as pathlib.Path
# WHY: string paths hid two bugs on Windows
class Repository:
    def save(self, row):
        # HACK: the driver drops the last row; write it twice
        return row

def helper():
    return None  # CONVENTION: helpers return None, never False

# WORKAROUND: the vendored lib patches sys.path at import
VENDORED = True

TEXT = "DECISION: inside a string is not a comment"
'''

JAVASCRIPT = '''export class ApiClient {
  get(url) {
    // CONVENTION: always pass a timeout
    return fetch(url, { timeout: 5000 });
  }
}

/* DECISION: fetch over axios
   Why: one less dependency */
function request() {}
'''

GO = '''package stack

// DECISION: stacks grow by doubling
// because: amortised O(1) push
type Stack struct{ items []int }

func (s *Stack) Push(x int) {
	// WORKAROUND: the race detector flags append on nil slices here
	s.items = append(s.items, x)
}
'''


def found(path, text):
    return [(m.kind, m.title, m.rationale, [a.to_text() for a in m.anchors], m.provenance.line)
            for m in parse_comments(path, text).memories]


def test_python_markers_anchor_to_enclosing_or_following_symbol():
    assert found("app/repo.py", PYTHON) == [
        (Kind.DECISION, "store paths as pathlib.Path", "string paths hid two bugs on Windows",
         ["symbol:python:app.repo.Repository"], 3),
        (Kind.WARNING, "the driver drops the last row; write it twice", None, ["symbol:python:app.repo.Repository.save"], 7),
        (Kind.CONVENTION, "helpers return None, never False", None, ["symbol:python:app.repo.helper"], 11),
        (Kind.WARNING, "the vendored lib patches sys.path at import", None, ["app/repo.py"], 13),
    ]


def test_javascript_line_and_block_comments():
    assert found("src/api.js", JAVASCRIPT) == [
        (Kind.CONVENTION, "always pass a timeout", None, ["symbol:javascript:ApiClient.get"], 3),
        (Kind.DECISION, "fetch over axios", "one less dependency", ["symbol:javascript:request"], 8),
    ]


def test_go_comments_and_symbol_files():
    memories = parse_comments("pkg/stack/stack.go", GO).memories
    assert [(m.title, m.rationale, m.anchors[0].to_text()) for m in memories] == [
        ("stacks grow by doubling", "amortised O(1) push", "symbol:go:Stack"),
        ("the race detector flags append on nil slices here", None, "symbol:go:Stack.Push"),
    ]
    assert all(m.anchors[0].file == "pkg/stack/stack.go" and m.anchors[0].content_hash for m in memories)


def test_language_without_grammar_uses_the_file():
    memories = parse_comments("lib/tasks.ex", "# HACK: retry twice, the API flakes\ndef run do\nend\n").memories
    assert [(m.kind, m.anchors[0].to_text()) for m in memories] == [(Kind.WARNING, "lib/tasks.ex")]


def test_ruby_comment_above_a_method_anchors_to_it():
    memories = parse_comments("lib/tasks.rb", "# HACK: retry twice, the API flakes\ndef run\nend\n").memories
    assert [(m.kind, m.anchors[0].to_text(), m.anchors[0].file) for m in memories] == [
        (Kind.WARNING, "symbol:ruby:run", "lib/tasks.rb")]


@pytest.mark.parametrize("text", [
    pytest.param("# NOTE: nothing to see\n", id="other-marker"),
    pytest.param("x = 'DECISION: in a string'\n", id="string"),
    pytest.param("# the decision: lower case is prose\n", id="lower-case"),
])
def test_no_memory_without_a_marker_comment(text):
    assert parse_comments("a.py", text).memories == []


def test_keys_are_unique_and_stable_across_moves():
    first = parse_comments("a.py", "# DECISION: one\n# DECISION: one\nx = 1\n").memories
    assert len({m.provenance.key for m in first}) == 2
    moved = parse_comments("a.py", "\n\n\n# DECISION: one\n# DECISION: one\nx = 1\n").memories
    assert [m.provenance.key for m in moved] == [m.provenance.key for m in first]


def test_a_comment_trailing_code_is_about_its_line_not_the_symbol_below():
    """A marker after code on its line speaks of that line: the symbol holding it, or the file; never the
    declaration that happens to follow."""
    ts = ("export const RETRIES = 3; // HACK: the gateway drops one request in three\n\n"
          "export function fetchAll() {\n  return 1;\n}\n")
    assert [m.anchors[0].to_text() for m in parse_comments("src/net.ts", ts).memories] == ["src/net.ts"]
    py = "TIMEOUT = 30  # WORKAROUND: the server is slow to answer\n\ndef call():\n    return TIMEOUT\n"
    assert [m.anchors[0].to_text() for m in parse_comments("app/client.py", py).memories] == ["app/client.py"]
