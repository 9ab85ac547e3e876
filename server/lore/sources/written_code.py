"""What a decision record writes as code: the calls its fenced code blocks make on variables named for
a type (`openApiService.validPath(`), and the markers it writes as code (`#feature-flag-x`)."""

from __future__ import annotations

import re

from lore.sources.named import FENCE, MARKER, Named, SymbolIndex, specific

_CALL = re.compile(r"(?<![\w$.])([a-z_][\w$]*)\.([A-Za-z_$][\w$]*)\s*\(")


def block_calls(text: str) -> list[tuple[str, str]]:
    """(receiver, member) of the calls the fenced code blocks of `text` make on a variable
    (`openApiService.validPath({...})`), in order, once each."""
    out: list[tuple[str, str]] = []
    for block in FENCE.finditer(text):
        for m in _CALL.finditer(block.group(0)):
            if (m.group(1), m.group(2)) not in out:
                out.append((m.group(1), m.group(2)))
    return out


def instance_type(receiver: str, index: SymbolIndex) -> str | None:
    """The type a variable is an instance of by its name (`openApiService`, `openapi_service` ->
    `OpenApiService`): the one defined name of two or more parts spelt the same but for case and `_`."""
    key = receiver.replace("_", "").lower()
    found = [n for n in index.by_folded.get(key, ()) if n[:1].isupper() and n != receiver]
    return found[0] if len(found) == 1 and specific(Named(found[0], False)) else None


_FILE_SUFFIX = re.compile(rb"\.[A-Za-z][A-Za-z0-9]{0,9}\b")


def markers_in(text: str) -> list[str]:
    """Markers (see `MARKER`) a decision writes as code, at the start of a line, or led by `#`; not a file's name
    (`REQUIREMENTS-AND-ASSUMPTIONS.md`: a page the decision and some code both refer to is no marker of either)."""
    out: list[str] = []
    data = text.encode("utf-8", "replace")
    for m in MARKER.finditer(data):
        token = m.group(0).decode("ascii")
        start = m.start()
        if _FILE_SUFFIX.match(data, m.end()):
            continue
        line_start = data.rfind(b"\n", 0, start) + 1
        led = token.startswith("#") or data[start - 1:start] == b"`" or not data[line_start:start].strip(b" \t-*+")
        if led and token not in out:
            out.append(token)
    return out
