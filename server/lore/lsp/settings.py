"""Typed `lore.*` settings: defaults (client-vscode/package.json is the source of truth), camelCase on
the wire, and a reader that keeps the default for every invalid value and says which ones."""

from __future__ import annotations

import logging
from typing import Any

import attrs

from lore.lsp.wire import CONVERTER, camel, json_type

log = logging.getLogger(__name__)

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
NOTIFICATION_LEVELS = ("all", "errors", "off")


@attrs.define
class ServerSettings:
    """Client only: how the client starts the server."""

    command: list[str] = attrs.field(factory=list)


@attrs.define
class HoverSettings:
    """Memories in hovers."""

    enabled: bool = True
    max_items: int = attrs.field(default=3, metadata={"minimum": 1})


@attrs.define
class CodeLensSettings:
    """Code lenses above symbols and files."""

    enabled: bool = True


@attrs.define
class ModelSettings:
    """The embedding model."""

    name: str = DEFAULT_MODEL
    path: str = ""


@attrs.define
class ImportSettings:
    """What the server imports from the repository."""

    on_startup: bool = True
    adr_folders: list[str] = attrs.field(factory=list)
    max_file_size: int = attrs.field(default=1_048_576, metadata={"minimum": 0})


@attrs.define
class FeedbackSettings:
    """Edit feedback (reported by the client); `enabled` and `ask_reason` are client only."""

    enabled: bool = True
    ask_reason: bool = True
    retention_days: int = attrs.field(default=30, metadata={"minimum": 0})


@attrs.define
class Settings:
    """Everything under the `lore` configuration section."""

    server: ServerSettings = attrs.field(factory=ServerSettings)
    hover: HoverSettings = attrs.field(factory=HoverSettings)
    code_lens: CodeLensSettings = attrs.field(factory=CodeLensSettings)
    relevance_threshold: float = attrs.field(default=0.5, metadata={"minimum": 0.0, "maximum": 1.0})
    model: ModelSettings = attrs.field(factory=ModelSettings)
    ignore: list[str] = attrs.field(factory=list)
    import_: ImportSettings = attrs.field(factory=ImportSettings)
    notifications: str = attrs.field(default="errors", metadata={"enum": NOTIFICATION_LEVELS})
    feedback: FeedbackSettings = attrs.field(factory=FeedbackSettings)


for _cls in (ServerSettings, HoverSettings, CodeLensSettings, ModelSettings, ImportSettings, FeedbackSettings,
             Settings):
    attrs.resolve_types(_cls)  # field types are strings under `from __future__ import annotations`


def leaves(cls: type = Settings, prefix: str = "") -> dict[str, attrs.Attribute]:
    """Dotted camelCase key (`hover.maxItems`) -> attrs field, for every leaf setting."""
    out: dict[str, attrs.Attribute] = {}
    for field in attrs.fields(cls):
        key = prefix + camel(field.name)
        if isinstance(field.type, type) and attrs.has(field.type):
            out.update(leaves(field.type, key + "."))
        else:
            out[key] = field
    return out


def defaults() -> dict[str, Any]:
    """Dotted key -> default value for every leaf setting."""
    flat: dict[str, Any] = {}
    _flatten(CONVERTER.unstructure(Settings()), "", flat)
    return flat


def to_wire(settings: Settings) -> dict[str, Any]:
    """Settings as the nested camelCase JSON object a client sends."""
    return CONVERTER.unstructure(settings)


def parse_settings(raw: Any) -> tuple[Settings, list[str]]:
    """Settings from a client's JSON (nested or dotted keys); problems name each value replaced by its default."""
    if raw is None:
        return Settings(), []
    if not isinstance(raw, dict):
        return Settings(), [f"lore settings must be an object, got {json_type(raw)}"]
    flat: dict[str, Any] = {}
    _flatten(raw, "", flat)
    known = leaves()
    problems: list[str] = []
    nested: dict[str, Any] = {}
    for key, value in flat.items():
        key = key.removeprefix("lore.")
        field = known.get(key)
        if field is None and any(k.startswith(key + ".") for k in known):
            problems.append(f"lore.{key}: expected an object, got {json_type(value)} (defaults used)")
            continue
        if field is None:
            log.debug("ignoring unknown setting lore.%s", key)
            continue
        problem = _check(field, value)
        if problem:
            problems.append(f"lore.{key}: {problem}")
            continue
        _put(nested, key.split("."), value)
    return CONVERTER.structure(nested, Settings), problems


def _check(field: attrs.Attribute, value: Any) -> str | None:
    """Why `value` is not valid for a setting, or None."""
    try:
        value = CONVERTER.structure(value, field.type)
    except Exception as e:
        return f"{_describe(e)} (default {_default_text(field)} used)"
    meta = field.metadata
    if "enum" in meta and value not in meta["enum"]:
        return f"{value!r} is not one of {', '.join(meta['enum'])} (default {_default_text(field)} used)"
    if "minimum" in meta and value < meta["minimum"]:
        return f"{value!r} is below {meta['minimum']} (default {_default_text(field)} used)"
    if "maximum" in meta and value > meta["maximum"]:
        return f"{value!r} is above {meta['maximum']} (default {_default_text(field)} used)"
    return None


def _describe(error: Exception) -> str:
    inner = getattr(error, "exceptions", None)
    return _describe(inner[0]) if inner else str(error)


def _default_text(field: attrs.Attribute) -> str:
    default = field.default.factory() if isinstance(field.default, attrs.Factory) else field.default
    return repr(default)


def _flatten(value: Any, prefix: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(inner, f"{prefix}{key}.", out)
    elif prefix:
        out[prefix[:-1]] = value


def _put(target: dict[str, Any], path: list[str], value: Any) -> None:
    for part in path[:-1]:
        target = target.setdefault(part, {})
    target[path[-1]] = value
