"""The one markdown reader: YAML (or Hugo's TOML) front matter, headings, sections with lines, plain text.

Importers (`lore.sources`), team files (`lore.team.files`) and section splitting (`lore.text`) all
read markdown here. markdown-it-py with the front-matter plugin (mdit-py-plugins) finds the front
matter, the headings (so a `#` line or a `---` line inside a code fence is text, never structure)
and the fences that never close; sections are ranges of source lines between headings, kept as
written.
"""

from __future__ import annotations

import html
import re
import tomllib

import attrs
import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from lore.markup.yamlbound import load_bounded
from lore.markup.hidden import strip_hidden

_FRONT_OPEN = re.compile(r"\A---[ \t]*\r?\n")
_FRONT_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.M)
# HTML comments, each on lines of its own, above front matter: `<!-- SPDX-License-Identifier: CC-BY-4.0 -->`.
_LEADING_COMMENTS = re.compile(r"(?:[ \t]*<!--.*?-->[ \t]*\r?\n(?:[ \t]*\r?\n)*){1,5}", re.S)
# A licence notice opening a page, as its first line says it (`Copyright 2016 ThoughtWorks, Inc`, `© 2021 …`,
# `SPDX-License-Identifier: MIT`, `Licensed under the Apache License, Version 2.0`), and what each paragraph of one says
# ("Licensed under", a licence's address `…/licenses/LICENSE-2.0`, "WITHOUT WARRANTIES", "All rights reserved").
_NOTICE_OPENING = re.compile(r"^[ \t]*(?:copyright[ \t]+(?:\(c\)|©)?[ \t]*(?:\d{4}|\(c\)|©)|(?:\(c\)|©)[ \t]*\d{4}"
                             r"|spdx-license-identifier[ \t]*:|licen[cs]ed[ \t]+under[ \t]+the\b)", re.I)
_NOTICE = re.compile(r"licen[cs]ed\s+under|licen[cs]es?/|\bthe\s+licen[cs]e\b|warrant(?:y|ies)|rights\s+reserved"
                     r"|spdx-license-identifier|permission\s+is\s+hereby|free\s+software|copyright\s+(?:\(c\)|©|\d{4})",
                     re.I)
# Hugo's TOML front matter, between `+++` lines (`title = "…"`, `status = "superseded"`).
_TOML_OPEN = re.compile(r"\A\+\+\+[ \t]*\r?\n")
_TOML_CLOSE = re.compile(r"^\+\+\+[ \t]*\r?$", re.M)
_TOML_KEY_VALUE = re.compile(r"^([A-Za-z][\w-]*)[ \t]*=[ \t]*(.+)$")
# TOML front matter with no opening fence, two `key = value` lines or more closed by `---` or `+++` (Bartholomew's,
# Fermyon's site generator: `title = "SIP 001 - Spin Deploy"`, `date = "…"`, then `---`).
_BARE_TOML = re.compile(r"\A(?:[A-Za-z][\w-]*[ \t]*=[ \t]*[^\n]+\r?\n){2,}(?:[ \t]*\r?\n)*(?=(?:---|\+\+\+)[ \t]*\r?$)", re.M)
TOML_LIMIT = 64 * 1024  # characters of TOML front matter read; a longer block is reported and left out
_NEWLINE = re.compile(r"\r\n?|\n")  # the line breaks markdown-it counts lines by
# A `key: value` line: of front matter read key by key, and of a header block (`adr.header_fields`).
KEY_VALUE = re.compile(r"^([A-Za-z][\w-]*)[ \t]*:(.*)$")
PLAIN_LIMIT = 2000  # plain() serves headings, status lines and labels; a longer text is cut first
# Names of a part of a page, not of a page: a first heading "Summary" or "Abstract" is the page's first section
# (getsentry/rfcs opens 56 of 64 RFCs with `# Summary`), and the page is titled otherwise.
# A record with no title of its own opening on its template's first part ("## Status") is titled otherwise too.
_SECTION_NAMES = frozenset({"summary", "abstract", "introduction", "overview", "motivation", "background", "context",
                            "tl;dr", "tldr", "description", "problem statement", "summary / motivation", "status",
                            "decision", "decision outcome", "consequences", "context and problem statement",
                            # a generated reference page's first heading (NebulaLogger's `docs/lightning-components/Logger.md`)
                            "functions", "methods", "properties", "classes", "table of contents", "contents"})


def section_name(heading: str | None) -> bool:
    """Whether a heading names a part of a page ("Summary", "Abstract"), not the page."""
    return bool(heading) and heading.strip().strip(":").lower() in _SECTION_NAMES


# A fenced code block, fences included (```` ``` ```` or `~~~`, closed by the same).
FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[^\n]*$", re.S | re.M)
# A diagram drawn in a fence (Mermaid, PlantUML): its labels name things as prose does, not as code uses them.
DIAGRAM = re.compile(r"^[ \t]*(```|~~~)[ \t]*(?:mermaid|plantuml)\b.*?^[ \t]*\1[^\n]*$", re.S | re.M | re.I)
_LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_AUTOLINK = re.compile(r"<(https?://[^>]+)>")
# Each span stops at the next marker character, so unmatched markers cost linear time.
_EMPHASIS = re.compile(r"\*\*(?=\S)([^*]+?)(?<=\S)\*\*|__(?=\S)([^_]+?)(?<=\S)__|\*(?=\S)([^*]+?)(?<=\S)\*"
                       r"|(?<!\w)_(?=\S)([^_]+?)(?<=\S)_(?!\w)|~~(?=\S)([^~]+?)(?<=\S)~~")
_CODE = re.compile(r"`+([^`]*)`+")
_HTML = re.compile(r"<[^>\n]+>")
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")  # CommonMark: a backslash before ASCII punctuation
_NBSP_HEADING = re.compile(r"^(\s{0,3}#{1,6})\u00a0", re.M)

# Only block structure is needed: inline text is read from the source, so inline parsing is skipped.
_parser = MarkdownIt("commonmark").use(front_matter_plugin).enable("table").disable("inline")


@attrs.frozen
class FrontMatter:
    """Where a text's YAML front matter is: `raw` spans text[start:end]; the body starts at `after`."""

    raw: str
    start: int
    end: int
    after: int
    lines: int  # lines taken, both fences included


@attrs.frozen
class Heading:
    """An ATX heading (`## Text`) outside code fences: 0-based line, level, its text, and where its
    line starts and ends in the text (the end includes the line break)."""

    line: int
    level: int
    text: str
    start: int
    end: int


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
        """The first level-1 heading (else the first heading) and its line; past a notice's heading ("⛔️ WARNING",
        a deprecated project's banner above its own title), the next level-1 heading, when there is one.

        A level-1 heading with no text of its own is still the title's line when no level-1 heading
        has text: a page a site generator fills in (`# <%= current_page.data.title %>`, its title in
        the front matter) has its parts under level-2 headings, which are not subsections of it."""
        heads = [s for s in self.sections if s.heading]
        first = next((s for s in heads if s.level == 1), None)
        if first is not None and _BANNER.match(first.heading or ""):
            first = next((s for s in heads if s.level == 1 and s.line > first.line), first)  # a banner above it
        if first is None:
            first = next((s for s in self.sections if s.heading is not None and s.level == 1), None)
        if first is None:
            first = heads[0] if heads else None
        return (first.heading, first.line) if first else (None, None)


# A heading that is only a notice's word (a banner: "⛔️ WARNING", "Note", "DEPRECATED").
_BANNER = re.compile(r"^[\W_]*(?:warning|note|notice|important|caution|deprecated|attention|danger)[\W_]*$", re.I)


def _line_starts(text: str) -> list[int]:
    """Offset of each line's first character, plus the text's length (lines as markdown-it counts them)."""
    starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]
    return starts + ([len(text)] if starts[-1] != len(text) else [])


def front_matter(text: str) -> FrontMatter | None:
    """The text's YAML front matter as markdown-it's front-matter plugin finds it (a leading BOM is
    allowed, and HTML comments above it: a licence header, `<!-- SPDX-License-Identifier: … -->`), or None
    when the text has none or it never closes."""
    bom = 1 if text.startswith("\ufeff") else 0
    lead = _LEADING_COMMENTS.match(text, bom)
    skip = lead.end() if lead and _FRONT_OPEN.match(text[lead.end():lead.end() + 8]) else bom
    body = text[skip:]
    opened = _FRONT_OPEN.match(body)
    close = _FRONT_CLOSE.search(body, opened.end()) if opened else None
    if close is None:
        return None
    # Only the front matter is read here (the body is parsed once, by `parse` or `headings`).
    token = next((t for t in _parser.parse(body[:close.end()]) if t.type == "front_matter"), None)
    if token is None or not token.map:
        return None
    starts = _line_starts(body)
    first, last = token.map[0] + 1, token.map[1] - 1  # the YAML lines: between the fences
    start, end = starts[first], starts[last]
    end -= 1 if end > start and body[end - 1] == "\n" else 0  # the line break before the closing fence
    end -= 1 if end > start and body[end - 1] == "\r" else 0
    above = text.count("\n", 0, skip)
    return FrontMatter(body[start:end], start + skip, end + skip, starts[min(token.map[1], len(starts) - 1)] + skip,
                       token.map[1] + above)


# A heading's attribute list, which a site generator reads and never shows: the anchor Docusaurus, MkDocs'
# attr_list, kramdown and Pandoc take from `## Decision {#adr-0012}`, or a class (`{: .note}`, `{.unnumbered}`).
_ATTRIBUTES = re.compile(r"\s*\{[:\s]*[#.][\w.:#-][^{}]*\}\s*$")


# An image in a heading, inline or by reference (`![Clipperz icon][icon]`, `![logo](logo.png)`): a logo beside the
# words, no word of the heading.
_HEADING_IMAGE = re.compile(r"!\[[^\]\n]*\](?:\([^)\n]*\)|\[[^\]\n]*\])")


def _heading_text(inline: str) -> str:
    """A heading's own words: its attribute list (`_ATTRIBUTES`) and its images left out, unless an image is all
    it holds (clipperz/password-manager's read-me was titled "![Clipperz icon][icon] CLIPPERZ - Online …")."""
    text = _ATTRIBUTES.sub("", inline)
    words = re.sub(r"\[\s*\]\([^)\n]*\)", " ", _HEADING_IMAGE.sub(" ", text))  # a badge's link, emptied
    return re.sub(r"\s{2,}", " ", words).strip() if words.strip() else text


def headings(text: str) -> list[Heading]:
    """The ATX headings of a markdown text outside code fences and containers (block quotes, lists),
    in order."""
    tokens = _parser.parse(text)
    starts = _line_starts(text)
    found = []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.map and tok.level == 0 and tok.markup.startswith("#"):
            inline = tokens[i + 1].content if i + 1 < len(tokens) else ""
            line = tok.map[0]
            end = starts[min(line + 1, len(starts) - 1)]
            found.append(Heading(line, int(tok.tag[1]), _heading_text(inline).strip(), starts[line], end))
    return found


def split_front_matter(text: str) -> tuple[dict, int, list[tuple[int, str]]]:
    """YAML front matter as a dict, the number of lines it spans, and warnings; broken YAML is salvaged.

    Front matter over a limit (alias bomb, deep nesting, huge text) raises YamlLimitError."""
    fm = front_matter(text)
    if fm is None:
        toml = _toml_front_matter(text.removeprefix("\ufeff"))
        if toml is not None:
            return toml
        fenced = _fenced_front_matter(text.removeprefix("\ufeff"))
        if fenced is not None:
            return fenced
        if _FRONT_OPEN.match(text.removeprefix("\ufeff")):
            return {}, 0, [(1, "front matter is not closed with ---; read as text")]
        return {}, 0, []
    raw, lines = fm.raw, fm.lines
    try:
        data = load_bounded(raw)  # YamlLimitError propagates: the file is skipped, not salvaged
    except yaml.YAMLError as e:
        data = _reserved_quoted(raw)
        if isinstance(data, dict):
            return _keys_lowered(data), lines, []
        mark = getattr(e, "problem_mark", None)
        line = 2 + (mark.line if mark is not None else 0)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        return _salvage(raw), lines, [(line, f"broken YAML front matter ({problem}); read key by key")]
    if data is None:
        return {}, lines, []
    if not isinstance(data, dict):
        return {}, lines, [(2, "front matter is not a mapping; ignored")]
    return _keys_lowered(data), lines, []


# A value opening on a character YAML reserves (`author: @toddbaert`, "reviewer: `alice`"): its author meant the text.
_RESERVED_VALUE = re.compile(r"^([ \t]*[\w-]+:[ \t]+)([@`][^\n]*?)[ \t]*$", re.M)


def _keys_lowered(data: dict) -> dict:
    """Front matter with its keys in lower case (`Status:` and `status:` alike)."""
    return {str(k).lower(): v for k, v in data.items()}


def _reserved_quoted(raw: str):
    """`raw` read again with each value opening on a reserved character quoted (`_RESERVED_VALUE`); None when there
    is none, or it still does not parse."""
    quoted, n = _RESERVED_VALUE.subn(lambda m: m.group(1) + "'" + m.group(2).replace("'", "''") + "'", raw)
    if not n:
        return None
    try:
        return load_bounded(quoted)
    except yaml.YAMLError:
        return None


# A page opening with its metadata as a YAML code block, fences of front matter inside or not (the KEP template of
# external-secrets/external-secrets' `design/`: "```yaml", "---", "title: …", "status: implemented", "---", "```").
_FENCED_FRONT = re.compile(r"\A[ \t]*(?:\r?\n)*```ya?ml[ \t]*\r?\n(?:---[ \t]*\r?\n)?((?:(?!```|---[ \t]*\r?\n```)[^\n]*\n){1,60}?)"
                           r"(?:---[ \t]*\r?\n)?```[ \t]*(?:\r?\n|\Z)")
_FENCED_KEYS = re.compile(r"^(?:title|status)[ \t]*:", re.M | re.I)
# Such a block written as front matter inside its fence ("```yaml", "---", …, "---", "```").
_FENCED_FRONT_FENCES = re.compile(r"[ \t]*(?:\r?\n)*```ya?ml[ \t]*\r?\n---[ \t]*\r?\n(?:(?!```)[^\n]*\n){1,60}?---[ \t]*\r?\n```")
# The page's title heading above such a block (external-secrets' `007-provider-versioning-strategy.md`).
_TITLE_ABOVE = re.compile(r"\A[ \t]*(?:\r?\n)*#[ \t]+[^\n]*\r?\n")


def _fenced_front_matter(body: str) -> tuple[dict, int, list[tuple[int, str]]] | None:
    """A YAML code block a page opens with, holding a `title:` or `status:` key, read as its front matter (see
    `_FENCED_FRONT`); None when the page opens otherwise or the block is no mapping.
    Under the page's title heading (`_TITLE_ABOVE`) the block is its metadata only when it is written as front
    matter, between `---` lines, and gives a status (not a YAML example that happens to have a `title:`); it then
    spans no line of front matter: the heading stays the page's title and the block stays in its text."""
    above = _TITLE_ABOVE.match(body)
    if above is not None:
        rest = body[above.end():]
        found = _fenced_front_matter(rest) if _FENCED_FRONT_FENCES.match(rest) else None
        return None if found is None or "status" not in found[0] else (found[0], 0, found[2])
    m = _FENCED_FRONT.match(body)
    if m is None or not _FENCED_KEYS.search(m.group(1)):
        return None
    try:
        data = load_bounded(m.group(1))
    except yaml.YAMLError:
        data = _salvage(m.group(1))
    if not isinstance(data, dict) or not data:
        return None
    return _keys_lowered(data), body.count("\n", 0, m.end()), []


def _toml_front_matter(body: str) -> tuple[dict, int, list[tuple[int, str]]] | None:
    """Hugo's TOML front matter as `split_front_matter` gives YAML's, or TOML lines closed by a fence with none
    opening them (`_BARE_TOML`); None when the text opens with none.
    A block that does not parse is read key by key (`key = "value"` lines), one over `TOML_LIMIT` not at all,
    each with a warning."""
    opened = _TOML_OPEN.match(body)
    if not opened:
        bare = _BARE_TOML.match(body)
        if bare is None:
            return None
        raw, lines = body[:bare.end()], body.count("\n", 0, bare.end()) + 1
        try:
            data = tomllib.loads(raw)
        except tomllib.TOMLDecodeError:
            return None  # not TOML after all: the text as written
        return _keys_lowered(data), lines, []
    close = _TOML_CLOSE.search(body, opened.end())
    if close is None:
        return {}, 0, [(1, "front matter is not closed with +++; read as text")]
    raw, lines = body[opened.end():close.start()], body.count("\n", 0, close.start()) + 1
    if len(raw) > TOML_LIMIT:
        return {}, lines, [(2, f"TOML front matter is {len(raw)} characters; the limit is {TOML_LIMIT}; ignored")]
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as e:
        out = {}
        for line in raw.splitlines():
            m = _TOML_KEY_VALUE.match(line.strip())
            if m:
                out[m.group(1).lower()] = m.group(2).strip().strip("'\"")
        return out, lines, [(2, f"broken TOML front matter ({str(e).splitlines()[0]}); read key by key")]
    return _keys_lowered(data), lines, []


def _salvage(raw: str) -> dict:
    """`key: value` lines that still read on their own when the YAML as a whole does not."""
    out: dict = {}
    for line in raw.splitlines():
        m = KEY_VALUE.match(line)
        value = m.group(2).strip() if m else ""
        if value:
            try:
                out[m.group(1).lower()] = load_bounded(value)
            except yaml.YAMLError:
                out[m.group(1).lower()] = value.strip("'\"")
    return out


def parse(text: str) -> Document:
    """Front matter, sections and structural warnings of a markdown text (hidden text removed first)."""
    raw, text = text, strip_hidden(text)
    front, front_lines, warnings = split_front_matter(text)
    if not front_lines and _LEADING_COMMENTS.match(raw):  # front matter under a licence comment: its lines hold
        front, front_lines, warnings = split_front_matter(raw)
    lines = text.splitlines()
    notice = licence_notice(lines, front_lines)
    lines[front_lines:notice] = [""] * (notice - front_lines)  # no text of the page; its lines keep their numbers
    # Editors sometimes put a non-breaking space after the hashes; people still mean a heading.
    body = _NBSP_HEADING.sub(r"\1 ", "\n".join(lines[front_lines:]))
    doc = Document(lines=lines, front=front, front_lines=front_lines, warnings=list(warnings))
    heads: list[tuple[int, int, str, int]] = []  # (0-based line, level, text, first body line)
    tokens = _parser.parse(body)
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.map:
            inline = tokens[i + 1].content if i + 1 < len(tokens) else ""
            heads.append((tok.map[0] + front_lines, int(tok.tag[1]), plain(_heading_text(inline)),
                          tok.map[1] + front_lines))
        elif tok.type == "fence" and tok.map and not _fence_closed(tok, lines, front_lines):
            doc.warnings.append((tok.map[0] + front_lines + 1, "code fence is never closed; read to the end of the file"))
    doc.sections = _sections(heads, front_lines, len(lines))
    return doc


# An item of a page's table of contents: only a link to a place on the same page (`[Commit Messages](#commit-messages)`).
_IN_PAGE_LINK = re.compile(r"(\*\*|__|)\[[^\]\n]+\]\(#[^)\s]*\)\1[ \t]*")
# What a list of a table of contents is built of; any other block in it (a fence, a table, a quote) is text.
_LIST_PARTS = frozenset({"bullet_list_open", "bullet_list_close", "ordered_list_open", "ordered_list_close",
                         "list_item_open", "list_item_close", "paragraph_open", "paragraph_close", "inline"})
# Headings that name a table of contents, not a part of the page.
CONTENTS_HEADINGS = frozenset({"table of contents", "contents", "toc", "index", "on this page", "in this document"})


def without_contents(text: str) -> str:
    """`text` with its tables of contents blanked, lines kept in place: a list whose every item is only a link to a
    place on the same page (`- [Commit Messages](#commit-messages)`, nested or numbered) says nothing the headings it
    links to do not. A heading naming such a list ("## Table of Contents", `CONTENTS_HEADINGS`) and a rule right
    after it go with it, so that the text after the list is read as what it is: the page's intro, under the title,
    when no other heading comes before it."""
    tokens = _parser.parse(text)
    spans: list[tuple[int, int]] = []
    for i, tok in enumerate(tokens):
        if tok.level or tok.type not in ("bullet_list_open", "ordered_list_open") or not tok.map:
            continue
        close = next((k for k in range(i + 1, len(tokens)) if tokens[k].level == 0), len(tokens))
        inner = tokens[i + 1:close]
        links = [t.content.strip() for t in inner if t.type == "inline"]
        if not links or any(t.type not in _LIST_PARTS for t in inner) or not all(map(_IN_PAGE_LINK.fullmatch, links)):
            continue
        first, end = tok.map
        heading = tokens[i - 3] if i >= 3 and tokens[i - 1].type == "heading_close" else None
        if heading is not None and heading.map and plain(tokens[i - 2].content).strip(" :").lower() in CONTENTS_HEADINGS:
            first = heading.map[0]
        after = tokens[close + 1] if close + 1 < len(tokens) else None
        if after is not None and after.type == "hr" and after.map:
            end = after.map[1]
        spans.append((first, end))
    starts = _line_starts(text)
    for first, end in reversed(spans):
        a, b = starts[first], starts[min(end, len(starts) - 1)]
        text = text[:a] + re.sub(r"[^\r\n]+", "", text[a:b]) + text[b:]
    return text


# The markers a tool writes around the part of a page it generates and rewrites: terraform-docs (`<!-- BEGIN_TF_DOCS -->`,
# pre-commit-terraform's `<!-- BEGINNING OF PRE-COMMIT-TERRAFORM DOCS HOOK -->`, `<!-- BEGIN_AUTOMATED_TF_DOCS_BLOCK -->`),
# doctoc (`<!-- START doctoc generated TOC … -->`) and markdown-magic (`<!-- AUTO-GENERATED-CONTENT:START … -->`).
_GENERATED_OPEN = re.compile(r"^[ \t]*<!--\s*(?:BEGIN(?:NING OF)?|START)[^\n]*?(?:TF[_ -]?DOCS|TERRAFORM[ -]DOCS|doctoc)"
                             r"[^\n]*?-->[ \t]*$|^[ \t]*<!--\s*AUTO-GENERATED-CONTENT:START\b[^\n]*?-->[ \t]*$", re.I | re.M)
_GENERATED_CLOSE = re.compile(r"^[ \t]*<!--\s*END[^\n]*?(?:TF[_ -]?DOCS|TERRAFORM[ -]DOCS|doctoc)[^\n]*?-->"
                              r"[ \t]*$|^[ \t]*<!--\s*AUTO-GENERATED-CONTENT:END\b[^\n]*?-->[ \t]*$", re.I | re.M)


def without_tool_output(text: str) -> str:
    """`text` with the parts a tool generates between its markers blanked, lines kept in place (`_GENERATED_OPEN`:
    terraform-docs' tables of a module's inputs and outputs, doctoc's table of contents): the tool's, rewritten at
    every run, and no words of the team; what the team wrote around them stays. A part never closed runs to the end."""
    out, at = [], 0
    for m in _GENERATED_OPEN.finditer(text):
        if m.start() < at:
            continue
        close = _GENERATED_CLOSE.search(text, m.end())
        end = close.end() if close else len(text)
        out += [text[at:m.start()], re.sub(r"[^\r\n]+", "", text[m.start():end])]
        at = end
    return "".join(out) + text[at:] if out else text


def parse_page(text: str) -> Document:
    """A guide's or a documentation page's text parsed as the team wrote it: without its table of contents
    (`without_contents`) and the parts a tool generates (`without_tool_output`)."""
    return parse(without_contents(without_tool_output(text)))


def licence_notice(lines: list[str], start: int) -> int:
    """Where a copyright or licence notice opening a page at `lines[start:]` ends (the index after its last line),
    else `start`: paragraphs from the page's first line, the first opening as a notice does (`_NOTICE_OPENING`), each
    saying what a notice says (`_NOTICE`). An HTML comment holding one is hidden text already (`strip_hidden`)."""
    i = next((n for n in range(start, len(lines)) if lines[n].strip()), len(lines))
    if i == len(lines) or not _NOTICE_OPENING.match(lines[i]):
        return start
    end = start
    while i < len(lines):
        j = next((n for n in range(i, len(lines)) if not lines[n].strip()), len(lines))
        if not _NOTICE.search(" ".join(lines[i:j])):
            break
        end = j
        i = next((n for n in range(j, len(lines)) if lines[n].strip()), len(lines))
    return end


def _fence_closed(tok, lines: list[str], offset: int) -> bool:
    """Whether a fence ends before the file does: closed by its marker, or by the end of the block quote or
    list item holding it (a fence opened in `> ```rust` ends with the quote); else it runs to the end."""
    end = tok.map[1] + offset
    if end < len(lines):
        return True
    last = end - 1
    if last <= tok.map[0] + offset:
        return False
    marker = tok.markup[0] * len(tok.markup)
    return re.sub(r"^\s*(?:>\s?)*", "", lines[last]).strip().startswith(marker)


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
    """Inline markdown as plain text: links keep their text, emphasis and code marks go, character references
    (`&amp;`, `&#46;`) are read, and a backslash-escaped mark is that mark, written (`Span\\<T\\>` is
    `Span<T>`, no HTML tag; `my\\_func` is `my_func`)."""
    codes: list[str] = []

    def keep(m: re.Match) -> str:
        codes.append(m.group(1))
        return f"\x00{len(codes) - 1}\x00"

    text = _LINK.sub(lambda m: m.group(1), inline[:PLAIN_LIMIT].replace("\x00", ""))
    text = _AUTOLINK.sub(lambda m: m.group(1), text)
    text = _CODE.sub(keep, text)  # code is kept as written: `<adj>-<noun>` and `__init__.py` are no markup
    text = _ESCAPED.sub(keep, text)  # as code is: what the backslash escapes is written, not markup
    for _ in range(3):
        text = _EMPHASIS.sub(lambda m: next(g for g in m.groups() if g is not None), text)
    text = html.unescape(_HTML.sub("", text))  # `GOV&#46;UK` reads GOV.UK; code keeps what it writes
    text = re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], text)
    return " ".join(text.split())


def links(text: str) -> list[tuple[str, str]]:
    """(text, target) of each inline link."""
    return [(m.group(1), m.group(2)) for m in _LINK.finditer(text)]
