"""One plain sentence of what a memory says, for hovers and lenses: never a heading, a table row, a
code fence or markup; inline code spans are kept (they name things), the rest is plain text, and a
long sentence is cut at a word with "…", never inside one."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator

from lore.markup.hidden import strip_hidden

GIST_CHARS = 180
KEPT_CHARS = 16_000  # a memory's text up to this long has its gist kept (`gist`)
_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}(\s|$)")
_RULE = re.compile(r"^\s{0,3}([-*_]\s*){3,}$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}")
_LIST = re.compile(r"^\s*([-*+]|\d+[.)])\s+")
_META = re.compile(r"^\s*[*_]{0,2}(status|date|deciders|authors?|tags|technical story|supersedes|"
                   r"superseded by|amended by|context and problem statement)[*_]{0,2}\s*:", re.I)
_LINK = re.compile(r"!?\[([^\[\]]*)\]\([^)]*\)")
_REF_LINK = re.compile(r"\[([^\[\]]+)\]\[[^\[\]]*\]")
_HTML = re.compile(r"<[^<>\n]+>")
_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1|(?<![\w*])\*(?!\s)([^*]+?)(?<!\s)\*(?!\w)|(?<![\w_])_(?!\s)([^_]+?)(?<!\s)_(?!\w)")
_TICKS = re.compile(r"`+")
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)[.!?](?=\s+[A-Z`\"'(]|\s*$)")


def gist(body: str | None, rationale: str | None = None, limit: int = GIST_CHARS) -> str:
    """The first plain sentence of a memory's body (its rationale when the body has no prose): inline
    code kept in backticks, everything else plain text; "" when neither says anything in words.

    Kept for the last texts asked, up to `KEPT_CHARS` long (so the cache holds a few megabytes at most): a
    hover asks twice for each memory it shows (its card, and the section it links to), and the same
    memories come back on every symbol of a file."""
    if len(body or "") + len(rationale or "") <= KEPT_CHARS:
        return _kept_gist(body, rationale, limit)
    return _gist(body, rationale, limit)


@functools.lru_cache(maxsize=256)
def _kept_gist(body: str | None, rationale: str | None, limit: int) -> str:
    return _gist(body, rationale, limit)


def _gist(body: str | None, rationale: str | None = None, limit: int = GIST_CHARS) -> str:
    for text in (body, rationale):
        found = first_sentence(text or "", limit)
        if found:
            return found
    table = table_summary(body or "")
    return cut(table, limit) if table else ""


def first_sentence(text: str, limit: int = GIST_CHARS) -> str:
    """The first sentence of the first prose paragraph or list item; a lead-in ending in ":" takes
    the item after it along ("Follow these guidelines: avoid breaking changes")."""
    items = prose_items(text, 2)
    if not items:
        return ""
    sentence = _sentence(items[0])
    if sentence.endswith(":") and len(items) > 1:
        sentence = sentence + " " + _sentence(items[1])
    return cut(sentence, limit)


def prose_items(text: str, most: int | None = None) -> list[str]:
    """Paragraphs and list items of markdown, as plain one-line text, leaving out headings, tables,
    code blocks, rules, HTML comments and metadata lines ("Status: Accepted"); the first `most` only
    when given (a gist reads two, and a long record's later paragraphs are not made plain for it)."""
    return list(itertools.islice(_prose_items(text), most))


def _prose_items(text: str) -> Iterator[str]:
    current: list[str] = []
    fenced = False
    for raw in strip_hidden(text).splitlines():
        line = raw.strip()
        if _FENCE.match(line):
            yield from _flushed(current)
            fenced = not fenced
            continue
        if fenced or raw.startswith("    ") and not current:
            continue
        if not line or _HEADING.match(line) or _RULE.match(line) or line.startswith("|") or _TABLE_RULE.match(line) \
                or _META.match(line):
            yield from _flushed(current)
            continue
        if _LIST.match(line):
            yield from _flushed(current)
            line = _LIST.sub("", line, count=1)
        current.append(line.lstrip("> ").strip())
    yield from _flushed(current)


def _flushed(current: list[str]) -> Iterator[str]:
    """The paragraph gathered so far as one plain item (none when empty or a retirement note), emptied."""
    if not current:
        return
    raw = " ".join(current)
    joined = plain(raw)
    current.clear()
    if joined and not _SUPERSEDED.match(joined) and not decoration(raw):
        yield joined


_SUPERSEDED = re.compile(r"^(superseded|deprecated|replaced)\b", re.I)
# What may stand between badges on their line: blanks, separators, HTML tags (`<br>`, `<p align="center">`).
_BETWEEN_BADGES = re.compile(r"[\s|·•,;:/\\-]+|<[^<>\n]+>")


def decoration(paragraph: str) -> bool:
    """Whether a paragraph of markdown is made only of images, badges and links (`[![crates.io](…)](…)
    [![docs.rs](…)](…)`, a logo, a row of links): it says nothing in words of its own, and is no gist."""
    rest, before = paragraph, None
    while rest != before:
        before, rest = rest, _LINK.sub("", rest)
    return "[" in paragraph and not _BETWEEN_BADGES.sub("", rest)


def plain(text: str) -> str:
    """Markdown inline markup removed: links keep their text (a link around an image, its image's text), emphasis
    and HTML go; code spans stay."""
    spans: list[str] = []
    out, at = [], 0
    for start, end, inner in code_spans(text):
        out.append(text[at:start])
        spans.append(inner.strip())
        out.append(f"\x00{len(spans) - 1}\x00")
        at = end
    out = "".join(out) + text[at:]
    before = None
    while out != before:  # a link around an image (a badge) is left a link by one pass
        before, out = out, _LINK.sub(lambda m: m.group(1), out)
    out = _REF_LINK.sub(lambda m: m.group(1), out)
    out = _HTML.sub("", out)
    for _ in range(2):
        out = _EMPHASIS.sub(lambda m: next(g for g in m.groups()[1:] if g is not None), out)
    out = re.sub(r"\s+", " ", out).strip()
    return re.sub(r"\x00(\d+)\x00", lambda m: f"`{spans[int(m.group(1))]}`", out)


def code_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, inner text) of each code span: a run of backticks up to the next run of the same
    length (a longer or shorter run inside is code). Read in one pass over the runs, so a long run of
    backticks or many unclosed ones cost time in proportion to the text."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    later: dict[int, list[int]] = {}
    for i in range(len(runs) - 1, -1, -1):
        later.setdefault(runs[i][1] - runs[i][0], []).append(i)
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(runs):
        start, end = runs[i]
        same = later[end - start]
        while same and same[-1] <= i:
            same.pop()
        if not same:
            i += 1
            continue
        close = same.pop()
        out.append((start, runs[close][1], text[end:runs[close][0]]))
        i = close + 1
    return out


def _sentence(item: str) -> str:
    """The first sentence of one plain item (not split inside a code span)."""
    code = [(start, end) for start, end, _ in code_spans(item)]
    for m in _SENTENCE_END.finditer(item):
        if not any(a <= m.start() < b for a, b in code) and m.start() >= 12:
            return item[: m.start() + 1]
    return item


def cut(text: str, limit: int = GIST_CHARS) -> str:
    """Text of at most `limit` characters, cut at a word (never inside a code span) with "…"."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > limit // 2:
        head = head[:space]
    if head.count("`") % 2:
        head = head[: head.rfind("`")].rstrip()
    return head.rstrip(" ,;:-—") + "…"


def table_summary(text: str) -> str:
    """"Lists File and Purpose: `/src/server.ts` (Main entry point), …" for a body that is a table."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.strip().startswith("|") and not _TABLE_RULE.match(line.strip())]
    if len(rows) < 2:
        return ""
    header, first = [plain(c) for c in rows[0]], [plain(c) for c in rows[1]]
    named = " and ".join(h for h in header[:2] if h)
    example = first[0] + (f" ({first[1]})" if len(first) > 1 and first[1] else "")
    more = ", …" if len(rows) > 2 else ""
    return f"Lists {named}: {example}{more}" if named else ""
