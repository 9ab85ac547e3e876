"""The server's setting defaults agree with client-vscode/package.json, the source of truth."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lore.lsp.settings import defaults, leaves

PACKAGE_JSON = Path(__file__).resolve().parents[2] / "client-vscode" / "package.json"


def _properties() -> dict:
    if not PACKAGE_JSON.exists():
        pytest.skip(f"{PACKAGE_JSON} does not exist yet (the VS Code client is not in this checkout)")
    data = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    return data["contributes"]["configuration"]["properties"]


def test_every_setting_is_in_package_json_with_the_same_default():
    properties = _properties()
    for key, value in defaults().items():
        assert f"lore.{key}" in properties, f"lore.{key} is missing from package.json"
        assert properties[f"lore.{key}"]["default"] == value, f"default of lore.{key} differs"


def test_package_json_has_no_setting_the_server_does_not_know():
    assert {k.removeprefix("lore.") for k in _properties()} == set(defaults())


def test_constraints_agree():
    properties = _properties()
    for key, field in leaves().items():
        prop = properties[f"lore.{key}"]
        meta = field.metadata
        if "enum" in prop:
            assert tuple(prop["enum"]) == meta.get("enum"), key
        if "minimum" in prop:
            assert prop["minimum"] == meta.get("minimum"), key
        if "maximum" in prop:
            assert prop["maximum"] == meta.get("maximum"), key
