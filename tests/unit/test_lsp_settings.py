"""Reading `lore` settings from clients: nested or dotted keys, and defaults for invalid values."""

from __future__ import annotations

import pytest

from lore.lsp.settings import Settings, parse_settings, to_wire


@pytest.mark.parametrize(("raw", "check", "problems"), [
    pytest.param(None, lambda s: s == Settings(), [], id="nothing"),
    pytest.param({"hover": {"maxItems": 5}}, lambda s: s.hover.max_items == 5, [], id="nested"),
    pytest.param({"hover.maxItems": 5}, lambda s: s.hover.max_items == 5, [], id="dotted"),
    pytest.param({"lore.codeLens.enabled": False}, lambda s: not s.code_lens.enabled, [], id="prefixed"),
    pytest.param({"relevanceThreshold": 1}, lambda s: s.relevance_threshold == 1.0, [], id="int-as-number"),
    pytest.param({"import": {"onStartup": False, "adrFolders": ["decisions"]}},
                 lambda s: not s.import_.on_startup and s.import_.adr_folders == ["decisions"], [], id="import"),
    pytest.param({"somethingElse": 1}, lambda s: s == Settings(), [], id="unknown-ignored"),
    pytest.param({"hover": {"maxItems": 0, "enabled": False}},
                 lambda s: s.hover.max_items == 3 and not s.hover.enabled, ["lore.hover.maxItems"], id="below-min"),
    pytest.param({"hover": {"enabled": "yes"}}, lambda s: s.hover.enabled, ["lore.hover.enabled"], id="wrong-type"),
    pytest.param({"relevanceThreshold": 2.5}, lambda s: s.relevance_threshold == 0.5, ["lore.relevanceThreshold"],
                 id="above-max"),
    pytest.param({"notifications": "loud"}, lambda s: s.notifications == "errors", ["lore.notifications"],
                 id="not-in-enum"),
    pytest.param({"ignore": ["a", 3]}, lambda s: s.ignore == [], ["lore.ignore"], id="list-item-type"),
    pytest.param({"hover": 5}, lambda s: s.hover.enabled, ["lore.hover"], id="object-expected"),
    pytest.param([1, 2], lambda s: s == Settings(), ["lore settings must be an object"], id="not-an-object"),
])
def test_parse_settings(raw, check, problems):
    settings, found = parse_settings(raw)
    assert check(settings)
    assert len(found) == len(problems)
    for expected, message in zip(problems, found):
        assert message.startswith(expected)


def test_wire_round_trip_is_camel_case():
    wire = to_wire(Settings())
    assert wire["hover"] == {"enabled": True, "maxItems": 3}
    assert wire["import"]["maxFileSize"] == 1_048_576
    assert parse_settings(wire) == (Settings(), [])
