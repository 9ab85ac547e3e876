"""The memory model: parsing and validation."""

import pytest

from lore.memory import Anchor, Kind, Memory, Scope, Status, ValidationError


@pytest.mark.parametrize(
    "text, kind, value, language",
    [
        pytest.param("app/services/**", "path", "app/services/**", None, id="glob"),
        pytest.param("./src/a.py", "path", "src/a.py", None, id="dot-slash"),
        pytest.param("symbol:python:app.repos.Repository", "symbol", "app.repos.Repository", "python", id="symbol"),
        pytest.param("symbol:TypeScript:client.Api.get", "symbol", "client.Api.get", "typescript", id="symbol-case"),
        pytest.param("lang:go", "language", "go", None, id="language"),
    ],
)
def test_anchor_parse(text, kind, value, language):
    a = Anchor.parse(text)
    assert (a.kind, a.value, a.language) == (kind, value, language)
    assert Anchor.parse(a.to_text()) == a


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param("", "empty", id="empty"),
        pytest.param("/etc/passwd", "absolute", id="absolute"),
        pytest.param("../other/**", "outside", id="dotdot"),
        pytest.param("src/../../x", "outside", id="dotdot-inner"),
        pytest.param("symbol:python", "symbol:<language>", id="bad-symbol"),
        pytest.param("a\x00b", "not a valid", id="nul"),
    ],
)
def test_anchor_rejects(text, message):
    with pytest.raises(ValidationError, match=message):
        Anchor.parse(text)


@pytest.mark.parametrize(
    "fields, message",
    [
        pytest.param({"title": ""}, "needs a title", id="no-title"),
        pytest.param({"title": "x" * 301}, "limit", id="long-title"),
        pytest.param({"title": "t", "kind": "opinion"}, "invalid kind", id="bad-kind"),
        pytest.param({"title": "t", "status": "zombie"}, "invalid status", id="bad-status"),
        pytest.param({"title": "t", "scope": "galaxy"}, "invalid scope", id="bad-scope"),
        pytest.param({"title": "t", "confidence": 1.5}, "outside", id="confidence"),
        pytest.param({"title": "t", "body": "a\x00b"}, "NUL", id="nul-body"),
    ],
)
def test_memory_validation_errors(fields, message):
    with pytest.raises(ValidationError, match=message):
        Memory(**fields).validate()


def test_memory_validation_normalises():
    m = Memory(title="  Use   pathlib  ", kind="Convention", status="PROPOSED", scope="team",
               tags=["B", "a", "a "]).validate()
    assert m.title == "Use pathlib"
    assert (m.kind, m.status, m.scope) == (Kind.CONVENTION, Status.PROPOSED, Scope.TEAM)
    assert m.tags == ["a", "b"]


def test_a_new_id_is_never_digits_only(monkeypatch):
    """A hand-written team file naming such an id unquoted would name a number (`012345678901` octal)."""
    import uuid

    from lore.memory import new_id

    drawn = iter(["012345678901" + "0" * 20, "0123456789ab" + "0" * 20])
    monkeypatch.setattr(uuid, "uuid4", lambda: type("U", (), {"hex": next(drawn)})())
    assert new_id() == "0123456789ab"
