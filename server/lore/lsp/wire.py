"""camelCase JSON <-> attrs classes for settings and command arguments, strict about JSON types."""

from __future__ import annotations

import re
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

_JSON_NAMES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
               dict: "object", type(None): "null"}


class WireError(ValueError):
    """JSON that does not fit the expected shape; the message lists every problem."""


def camel(name: str) -> str:
    """`max_items` -> `maxItems`; a trailing underscore (`import_`) is dropped."""
    head, *rest = name.rstrip("_").split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def json_type(value: Any) -> str:
    """The JSON type name of a decoded value."""
    return _JSON_NAMES.get(type(value), type(value).__name__)


def _strict(kind: type):
    def hook(value: Any, _type: Any) -> Any:
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if type(value) is not kind:
            raise TypeError(f"expected {_JSON_NAMES[kind]}, got {json_type(value)}")
        return value

    return hook


def make_converter() -> cattrs.Converter:
    """A converter that renames attrs fields to camelCase and refuses wrongly typed JSON values."""
    converter = cattrs.Converter(forbid_extra_keys=False)
    for kind in (str, bool, int, float):
        converter.register_structure_hook(kind, _strict(kind))

    def structure_factory(cls: type) -> Any:
        attrs.resolve_types(cls)  # string annotations (`from __future__ import annotations`)
        renames = {a.name: override(rename=camel(a.name)) for a in attrs.fields(cls)}
        return make_dict_structure_fn(cls, converter, **renames)

    def unstructure_factory(cls: type) -> Any:
        attrs.resolve_types(cls)
        renames = {a.name: override(rename=camel(a.name)) for a in attrs.fields(cls)}
        return make_dict_unstructure_fn(cls, converter, **renames)

    def strict_list(value: Any, kind: Any) -> Any:
        if not isinstance(value, list):
            raise TypeError(f"expected array, got {json_type(value)}")
        item = kind.__args__[0] if getattr(kind, "__args__", None) else Any
        return [converter.structure(v, item) for v in value]

    converter.register_structure_hook_func(lambda t: getattr(t, "__origin__", None) is list, strict_list)
    converter.register_structure_hook_factory(attrs.has, structure_factory)
    converter.register_unstructure_hook_factory(attrs.has, unstructure_factory)
    return converter


CONVERTER = make_converter()


def structure(data: Any, cls: type, what: str = "arguments") -> Any:
    """`data` as an instance of `cls`; WireError naming each bad or missing key otherwise."""
    if not isinstance(data, dict):
        raise WireError(f"{what} must be a JSON object, got {json_type(data)}")
    try:
        return CONVERTER.structure(data, cls)
    except cattrs.BaseValidationError as e:
        problems = [_readable(p) for p in cattrs.transform_error(e, path=what)]
        raise WireError(f"invalid {what}: " + "; ".join(problems)) from None
    except (TypeError, ValueError) as e:
        raise WireError(f"invalid {what}: {e}") from None


def _readable(problem: str) -> str:
    """`invalid type (...) @ arguments.title` -> `arguments.title: invalid type (...)`."""
    text, _, where = problem.rpartition(" @ ")
    if not text:
        return problem
    where = re.sub(r"^\$\.?", "", where)
    return f"{where}: {text}"
