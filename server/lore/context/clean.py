"""Memory text as clean prose: markdown bodies (headings, tables, code fences, links, images) turned
into paragraphs a person or an agent reads without the syntax, cut only between sentences.

Used by context packs (whole rules, never a word cut) and by compact search hits (one line).
"""

from __future__ import annotations

import re

from lore.memory import Kind, Memory, SourceKind

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")  # a badge's link is left with no text once its image goes
# The HTML tags records write for layout (a rule drawn as `<hr style="border:3px solid gray">`, a centred block, a
# table): named, so that a generic in prose (`Vec<T>`, `List<String>`) is never taken for one.
_HTML = re.compile(r"</?(?:br|hr|p|div|span|img|sub|sup|details|summary|b|i|u|em|strong|small|center|font|kbd|a|"
                   r"h[1-6]|ul|ol|li|table|thead|tbody|tr|td|th|picture|source)\b[^>]*>", re.I)
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_COMMENT_LINE = re.compile(r"^\s*(?:--|//|#|/\*|\*|<!--)\s*(.*?)\s*(?:\*/|-->)?\s*$")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9`(\"'*])")
#: A fenced example is shown when it is this short (whole lines only); longer ones stay in the source.
EXAMPLE_LINES = 6
EXAMPLE_LINE_CHARS = 120
LONG_EXAMPLE = "(A longer example is in the source.)"
#: Bodies that say nothing yet: a decision record holding only these is a placeholder, not a decision.
PLACEHOLDERS = frozenset({"", "tbd", "todo", "tba", "wip", "n/a", "na", "none", "-", "...", "…", "approved",
                          "accepted", "proposed", "draft", "pending", "to be decided", "to be determined",
                          "coming soon", "placeholder", "fill in", "fill me in"})


def inline(text: str) -> str:
    """One line of markdown without images, link targets, HTML tags or heading marks."""
    text = _IMAGE.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = _HTML.sub(" ", text)
    return " ".join(text.split())


def _example(lines: list[str]) -> str | None:
    """A short fenced example as one line ("Preferred: `a` `b`; Discouraged: `c`"), None when it is
    too long to show whole (the source holds it)."""
    parts: list[str] = []
    code_lines = 0
    for raw in lines:
        if not raw.strip():
            continue
        m = _COMMENT_LINE.match(raw)
        if m and not raw.strip().startswith(("#include", "#!")) and m.group(1):
            label = m.group(1).rstrip(":")
            parts.append(("; " if parts else "") + label + ":")
            continue
        line = raw.strip()
        if len(line) > EXAMPLE_LINE_CHARS:
            return None
        code_lines += 1
        parts.append(" `" + line.replace("`", "'") + "`")
    if not code_lines or code_lines > EXAMPLE_LINES:
        return None
    return "Example: " + "".join(parts).strip()


def _table(rows: list[str]) -> list[str]:
    """Table rows as lines: "first cell: header2 value2; header3 value3"."""
    cells = [[inline(c) for c in r.strip().strip("|").split("|")] for r in rows if not _TABLE_SEP.match(r)]
    if not cells:
        return []
    head, body = cells[0], cells[1:]
    if not body:
        return ["; ".join(c for c in head if c)]
    out = []
    for row in body:
        rest = [f"{h}: {v}" if h else v for h, v in zip(head[1:], row[1:]) if v]
        out.append(f"- {row[0]}" + (f" ({'; '.join(rest)})" if rest else ""))
    return out


# A reference-style link's definition on its own line (`[uuid]: https://en.wikipedia.org/wiki/…`).
_LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:\s*\S+(?:\s+[\"'(].*)?$")


def paragraphs(text: str) -> list[str]:
    """Clean paragraphs of a markdown text: a heading becomes the label of the paragraph under it,
    list items and table rows become "- " lines, short code examples one line, long ones a pointer."""
    out: list[str] = []
    para: list[str] = []
    label: str | None = None
    lines = (text or "").splitlines()
    i = 0

    def flush() -> None:
        nonlocal para, label
        if para:
            body = inline(" ".join(para))
            if body:
                if label and body.startswith("- "):
                    out.append(f"{label}:")  # a heading over a list stays as its label
                out.append(f"{label}: {body}" if label and not body.startswith("- ") else body)
                label = None
        para = []

    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            flush()
            j = i + 1
            while j < len(lines) and not _FENCE.match(lines[j]):
                j += 1
            shown = _example(lines[i + 1:j])
            if label:
                out.append(f"{label}:")
                label = None
            if shown is not None:
                out.append(shown)
            elif LONG_EXAMPLE not in out:
                out.append(LONG_EXAMPLE)
            i = j + 1
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            label = inline(heading.group(1)).rstrip(":") or None
        elif line.lstrip().startswith("|") and i + 1 < len(lines) and _TABLE_SEP.match(lines[i + 1]):
            flush()
            j = i
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            out += _table(lines[i:j])
            i = j
            continue
        elif not line.strip() or _RULE.match(line):
            flush()
        elif _LINK_DEFINITION.match(line):
            flush()  # `[signon]: https://github.com/alphagov/signon`: where a link leads, no words of the text
        elif (item := _LIST.match(line)) is not None:
            flush()
            para = ["- " + item.group(1)]
        elif line.startswith((" ", "\t")) and para and para[0].startswith("- "):
            para.append(line.strip())
        else:
            para.append(line.strip().lstrip(">").strip())
        i += 1
    flush()
    return [p for p in out if p.strip("-: ")]


def sentences(paragraph: str) -> list[str]:
    """A paragraph's sentences (whole; a list item or example is one)."""
    if paragraph.startswith(("- ", "Example: ")):
        return [paragraph]
    return [s for s in _SENTENCE_END.split(paragraph) if s]


def one_line(text: str, limit: int = 160) -> str:
    """The first sentence of a text's first paragraph as one clean line, cut at a word boundary
    (with "…") only when that sentence is longer than `limit`."""
    paras = paragraphs(text)
    if not paras:
        return ""
    first = sentences(paras[0])[0]
    if len(first) <= limit:
        return first
    cut = first[:limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(",;:") + "…"


def is_placeholder(m: Memory) -> bool:
    """A decision record (ADR) whose decision says nothing yet (empty, "TBD", "Approved", ...): not a
    decision to serve. Other memories may say it all in their title (a `DECISION:` comment)."""
    if m.kind is not Kind.DECISION or m.provenance.kind is not SourceKind.ADR:
        return False
    words = " ".join(paragraphs(m.body)).strip().strip(".!").lower()
    return words in PLACEHOLDERS
