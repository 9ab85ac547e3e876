"""Markdown structure for importers: YAML front matter, headings, sections with lines, plain text.

markdown-it-py finds the headings (so a `#` inside a code fence is not a heading) and the fences
that never close; sections are ranges of source lines between headings, kept as written.
"""

from __future__ import annotations

import re

import attrs
import yaml
from markdown_it import MarkdownIt

from lore.markup.yamlbound import load_bounded
from lore.markup.hidden import strip_hidden

_FRONT_OPEN = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n")
_FRONT_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.M)
_KEY_VALUE = re.compile(r"^([A-Za-z][\w-]*)[ \t]*:(.*)$")
PLAIN_LIMIT = 2000  # plain() serves headings, status lines and labels; a longer text is cut first
_LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_AUTOLINK = re.compile(r"<(https?://[^>]+)>")
# Each span stops at the next marker character, so unmatched markers cost linear time.
_EMPHASIS = re.compile(r"\*\*(?=\S)([^*]+?)(?<=\S)\*\*|__(?=\S)([^_]+?)(?<=\S)__|\*(?=\S)([^*]+?)(?<=\S)\*"
                       r"|(?<!\w)_(?=\S)([^_]+?)(?<=\S)_(?!\w)|~~(?=\S)([^~]+?)(?<=\S)~~")
_CODE = re.compile(r"`+([^`]*)`+")
_HTML = re.compile(r"<[^>\n]+>")
_NBSP_HEADING = re.compile(r"^(\s{0,3}#{1,6})\u00a0", re.M)

# Only block structure is needed: inline text is read from the source, so inline parsing is skipped.
_parser = MarkdownIt("commonmark").enable("table").disable("inline")


@attrs.define
class Section:
    """Lines under one heading, up to the next heading of any level."""

    heading: str | None  # None for the text before the first heading
    level: int  # 0 for the preamble
    line: int  # 1-based line of the heading (or of the first body line for the preamble)
    start: int  # 0-based index of the first body line
    end: int  # 0-based index one past the last body line
    trail: tuple[str, ...] = ()  # headings of enclosing sections, outermost first


@attrs.define
class Document:
    """A parsed markdown file."""

    lines: list[str]
    front: dict = attrs.field(factory=dict)
    front_lines: int = 0  # lines taken by the front matter, fences included
    sections: list[Section] = attrs.field(factory=list)
    warnings: list[tuple[int, str]] = attrs.field(factory=list)  # (1-based line, message)

    def text(self, section: Section) -> str:
        """The body of a section as written, without surrounding blank lines."""
        return "\n".join(self.lines[section.start:section.end]).strip()

    def title(self) -> tuple[str | None, int | None]:
        """The first level-1 heading (else the first heading) and its line."""
        heads = [s for s in self.sections if s.heading]
        first = next((s for s in heads if s.level == 1), heads[0] if heads else None)
        return (first.heading, first.line) if first else (None, None)


def split_front_matter(text: str) -> tuple[dict, int, list[tuple[int, str]]]:
    """YAML front matter as a dict, the number of lines it spans, and warnings; broken YAML is salvaged.

    Front matter over a limit (alias bomb, deep nesting, huge text) raises YamlLimitError."""
    m = _FRONT_OPEN.match(text)
    if not m:
        return {}, 0, []
    close = _FRONT_CLOSE.search(text, m.end())
    if not close:
        return {}, 0, [(1, "front matter is not closed with ---; read as text")]
    raw = text[m.end():close.start()]
    lines = text[:close.end()].count("\n") + 1
    try:
        data = load_bounded(raw)  # YamlLimitError propagates: the file is skipped, not salvaged
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = 2 + (mark.line if mark is not None else 0)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        return _salvage(raw), lines, [(line, f"broken YAML front matter ({problem}); read key by key")]
    if data is None:
        return {}, lines, []
    if not isinstance(data, dict):
        return {}, lines, [(2, "front matter is not a mapping; ignored")]
    return {str(k).lower(): v for k, v in data.items()}, lines, []


def _salvage(raw: str) -> dict:
    """`key: value` lines that still read on their own when the YAML as a whole does not."""
    out: dict = {}
    for line in raw.splitlines():
        m = _KEY_VALUE.match(line)
        value = m.group(2).strip() if m else ""
        if value:
            try:
                out[m.group(1).lower()] = load_bounded(value)
            except yaml.YAMLError:
                out[m.group(1).lower()] = value.strip("'\"")
    return out


def parse(text: str) -> Document:
    """Front matter, sections and structural warnings of a markdown text (hidden text removed first)."""
    text = strip_hidden(text)
    front, front_lines, warnings = split_front_matter(text)
    lines = text.splitlines()
    # Editors sometimes put a non-breaking space after the hashes; people still mean a heading.
    body = _NBSP_HEADING.sub(r"\1 ", "\n".join(lines[front_lines:]))
    doc = Document(lines=lines, front=front, front_lines=front_lines, warnings=list(warnings))
    heads: list[tuple[int, int, str, int]] = []  # (0-based line, level, text, first body line)
    tokens = _parser.parse(body)
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.map:
            inline = tokens[i + 1].content if i + 1 < len(tokens) else ""
            heads.append((tok.map[0] + front_lines, int(tok.tag[1]), plain(inline), tok.map[1] + front_lines))
        elif tok.type == "fence" and tok.map and not _fence_closed(tok, lines, front_lines):
            doc.warnings.append((tok.map[0] + front_lines + 1, "code fence is never closed; read to the end of the file"))
    doc.sections = _sections(heads, front_lines, len(lines))
    return doc


def _fence_closed(tok, lines: list[str], offset: int) -> bool:
    last = tok.map[1] - 1 + offset
    if last <= tok.map[0] + offset or last >= len(lines):
        return False
    marker = tok.markup[0] * len(tok.markup)
    return lines[last].strip().startswith(marker)


def _sections(heads: list[tuple[int, int, str, int]], first: int, total: int) -> list[Section]:
    out: list[Section] = []
    pre_end = heads[0][0] if heads else total
    out.append(Section(None, 0, first + 1, first, pre_end))
    stack: list[tuple[int, str]] = []
    for n, (line, level, text, start) in enumerate(heads):
        end = heads[n + 1][0] if n + 1 < len(heads) else total
        while stack and stack[-1][0] >= level:
            stack.pop()
        out.append(Section(text, level, line + 1, min(start, end), end, tuple(t for _, t in stack)))
        stack.append((level, text))
    return out


def plain(inline: str) -> str:
    """Inline markdown as plain text: links keep their text, emphasis and code marks go."""
    text = _LINK.sub(lambda m: m.group(1), inline[:PLAIN_LIMIT])
    text = _AUTOLINK.sub(lambda m: m.group(1), text)
    text = _CODE.sub(lambda m: m.group(1), text)
    for _ in range(3):
        text = _EMPHASIS.sub(lambda m: next(g for g in m.groups() if g is not None), text)
    text = _HTML.sub("", text)
    return " ".join(text.split())


def links(text: str) -> list[tuple[str, str]]:
    """(text, target) of each inline link."""
    return [(m.group(1), m.group(2)) for m in _LINK.finditer(text)]
