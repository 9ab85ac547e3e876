"""What a decision record writes as code: the calls its fenced code blocks make on variables named for
a type (`openApiService.validPath(`), the classes they define with their bases (`class Article(models.Model):`), and
the markers it writes as code (`#feature-flag-x`)."""

from __future__ import annotations

import re

from lore.sources.named import FENCE, MARKER, TEST_PATH, TYPE_KINDS, Named, SymbolIndex, specific

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


# A type defined with what it derives from, on one line: `class Article(models.Model):`, `public class Foo extends Bar
# implements Baz {`, `class Store : IStore`, `export class Panel extends React.Component<Props> {`.
_DEFINED_WITH_BASES = re.compile(
    r"^[ \t]*(?:(?:public|private|protected|internal|export|default|abstract|final|sealed|partial|static|data|open)\s+)*"
    r"(?:class|interface|struct|record|object)\s+([A-Za-z_]\w*)\s*(?:<[^>\n]*>\s*)?"
    r"(\([^()\n]+\)|(?:extends|implements|:)\s*[^{\n]+)", re.M)


def header(line: str) -> str:
    """A definition's line as compared: spaces collapsed, an opening brace or colon at its end left off."""
    return " ".join(line.split()).rstrip("{: ").strip()


def block_definitions(text: str) -> list[tuple[str, str]]:
    """(name, `header` of its line) of each type the fenced code blocks of `text` define with its bases, once each."""
    out: list[tuple[str, str]] = []
    for block in FENCE.finditer(text):
        for m in _DEFINED_WITH_BASES.finditer(block.group(0)):
            found = (m.group(1), header(m.group(0)))
            if found not in out:
                out.append(found)
    return out


def defined_as_written(name: str, written: str, index: SymbolIndex) -> tuple[str, str, str] | None:
    """(file, language, qualified name) of the one file outside tests defining `name` as a top-level type on a line
    written as the record's block writes it (`written`, a `header`): the record copies that definition, bases and
    all, so even a plain word (`Article`) names that class. None when no file or several do."""
    found = []
    for rel in index.files_for(name):
        if TEST_PATH.search(rel):
            continue
        try:
            lines = (index.root / rel).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        if any(header(line) == written for line in lines if name in line):
            found.append(rel)
    if len(found) != 1:
        return None
    symbol = index.symbol(found[0], name)
    if symbol is None or symbol[2] not in TYPE_KINDS:
        return None
    return found[0], symbol[0], symbol[1]


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
