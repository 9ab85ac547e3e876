"""Command arguments from camelCase JSON: strict types, clear messages naming the bad key."""

from __future__ import annotations

import pytest

from lore.lsp import command_args as a
from lore.lsp.wire import WireError, camel, structure


@pytest.mark.parametrize(("name", "expected"), [
    pytest.param("max_items", "maxItems", id="snake"),
    pytest.param("import_", "import", id="keyword"),
    pytest.param("id", "id", id="single"),
    pytest.param("include_superseded", "includeSuperseded", id="two-words"),
])
def test_camel(name, expected):
    assert camel(name) == expected


def test_structure_reads_camel_case_and_nested_classes():
    args = structure({"kind": "decision", "title": "t", "body": "b", "includeIgnored": 1,
                      "range": {"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 4}}},
                     a.RememberArgs)
    assert args.range.start.character == 2 and args.scope == "team" and args.anchors == []
    assert structure({"query": "x", "includeSuperseded": True}, a.SearchArgs).include_superseded


@pytest.mark.parametrize(("data", "cls", "message"), [
    pytest.param({"id": 3}, a.ShowArgs, "arguments.id: invalid value for type, expected str", id="int-for-string"),
    pytest.param({"id": "x", "open": "yes"}, a.ShowArgs, "arguments.open", id="string-for-bool"),
    pytest.param({}, a.ShowArgs, "arguments.id: required field missing", id="missing"),
    pytest.param({"query": "q", "limit": 2.5}, a.SearchArgs, "arguments.limit", id="float-for-int"),
    pytest.param({"query": "q", "kinds": "decision"}, a.SearchArgs, "arguments.kinds", id="string-for-list"),
    pytest.param({"kind": "d", "title": "t", "body": "b", "range": {"start": {"line": 0}}}, a.RememberArgs,
                 "arguments.range.start.character", id="nested-missing"),
    pytest.param([], a.ShowArgs, "must be a JSON object, got array", id="not-an-object"),
    pytest.param(None, a.ShowArgs, "must be a JSON object, got null", id="null"),
])
def test_bad_arguments_name_the_problem(data, cls, message):
    with pytest.raises(WireError, match=message.replace(".", r"\.")):
        structure(data, cls)
