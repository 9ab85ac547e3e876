"""AsciiDoc decision records read as markdown, line for line.

Java and Clojure projects, and `adr-tools` set to AsciiDoc, keep their decision records as `.adoc` files
(`= Title`, `== Status`, a two-line `Title` over `-----`, `*strong*`, `https://host/page[text]` and
`xref:0007-x.adoc[7]` links, `[source]` over a `----` listing, `:attribute:` lines, `//` comments).
`to_markdown` rewrites that syntax into the markdown the record importers read, keeping every line where it
was (an attribute, a comment, a title's underline or a block delimiter becomes an empty line or a fence), so
the sections, line numbers and links of a memory still point into the file as written.
"""

from __future__ import annotations

import re

SUFFIXES = (".adoc", ".asciidoc")

_HEADING = re.compile(r"^(={1,6})\s+(\S.*?)\s*=*\s*$")
_ATTRIBUTE = re.compile(r"^:!?([\w][\w-]*)!?:(?:\s+(.*))?$")
_FIELD_ATTRIBUTES = frozenset({"status", "date", "authors", "author", "deciders", "supersedes", "superseded-by",
                               "superseded_by", "tags"})
_LISTING = re.compile(r"^(-{4,}|\.{4,}|`{3,}.*)$")  # source and literal blocks, and a markdown-style fence
_QUIET_DELIMITER = re.compile(r"^(={4,}|\*{4,}|_{4,}|\+{4,}|-{2}|\|={3,}|,={3,}|:={3,})$")
_COMMENT_BLOCK = re.compile(r"^/{4,}$")
_BLOCK_LINE = re.compile(r"^(?:\[[^\]]*\]|\[\[[^\]]*\]\]|\.[A-Za-z0-9][^.].*|include::.*|ifdef::.*|ifndef::.*|endif::.*|"
                         r"toc::.*|image::.*|\+)$")
# A two-line title: its text over a line of one of these, in AsciiDoc's order of levels (`=` is the document's).
_UNDERLINE_LEVELS = {"=": 1, "-": 2, "~": 3, "^": 4, "+": 5}
_LIST = re.compile(r"^(\*{1,5}|-|\.{1,5})\s+(.*)$")
_DESCRIPTION = re.compile(r"^(.+?)(:{2,4}|;;)(?:\s+(.*))?$")
# Bounded runs, free of the delimiters that open another: a line of unclosed markup is read in linear time.
_URL_LINK = re.compile(r"(?<![\w/])((?:https?|ftp)://[^\s\[\]<>]{1,500})\[([^\[\]]{0,300})\]")
# An inline picture (`image:https://img.shields.io/badge.svg[title="latest release" link=…]`): its alt text at most.
_IMAGE = re.compile(r"\bimage:(?!:)([^\s\[\]]{1,500})\[([^\[\]]{0,300})\]")
_MACRO_LINK = re.compile(r"\b(?:link|xref):([^\s\[\]]{1,500})\[([^\[\]]{0,300})\]")
_CROSS_REFERENCE = re.compile(r"<<([^,<>]{1,200}?)(?:,\s*([^<>]{0,300}))?>>")
_STRONG = re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])")
_PASSTHROUGH = re.compile(r"(?<![\w+])\+([^+\n]+)\+(?![\w+])")


def is_adoc(rel_path: str) -> bool:
    """AsciiDoc by its extension."""
    return rel_path.lower().endswith(SUFFIXES)


def to_markdown(text: str) -> str:
    """The markdown reading of an AsciiDoc text, with the same number of lines."""
    lines = text.split("\n")
    out = list(lines)
    fence: str | None = None  # the delimiter of the listing block being read
    in_comment = False
    underline = -1  # the line under a two-line title
    for i, line in enumerate(lines):
        stripped = line.strip()
        if i == underline:
            out[i] = ""
            continue
        if in_comment:
            out[i] = ""
            in_comment = not _COMMENT_BLOCK.match(stripped)
            continue
        if fence is not None:
            if stripped == fence or (fence.startswith("`") and stripped.startswith("```") and not stripped.strip("`")):
                out[i], fence = "```", None
            continue
        level = _underline_level(stripped, lines[i + 1].strip()) if i + 1 < len(lines) else 0
        if level:
            out[i], underline = "#" * level + " " + _inline(stripped), i + 1
        elif _COMMENT_BLOCK.match(stripped):
            out[i], in_comment = "", True
        elif _LISTING.match(stripped):
            fence = stripped if not stripped.startswith("`") else "```"
            out[i] = "```" if not stripped.startswith("`") else stripped
        elif stripped.startswith("//"):
            out[i] = ""
        elif _QUIET_DELIMITER.match(stripped) or _BLOCK_LINE.match(stripped):
            out[i] = ""
        else:
            out[i] = _line(line)
    return "\n".join(out)


def _underline_level(text: str, under: str) -> int:
    """The heading level `text` has when `under` underlines it as a two-line title (`NAME` over `----`), or 0.

    An underline is one of `= - ~ ^ +` repeated to within two of the text's length; the text is a line of prose,
    never blank, a delimiter, an attribute, a comment or a block line. Read as a title first, the `----` under a
    man page's `NAME` no longer opens a listing that runs to the end of the file."""
    level = _UNDERLINE_LEVELS.get(under[:1], 0)
    if not level or len(under) < 2 or under.strip(under[0]) or abs(len(text) - len(under)) > 2:
        return 0
    if not re.search(r"\w", text) or text.startswith("//") or _ATTRIBUTE.match(text) or _HEADING.match(text):
        return 0
    if _LISTING.match(text) or _QUIET_DELIMITER.match(text) or _COMMENT_BLOCK.match(text) or _BLOCK_LINE.match(text):
        return 0
    return level


def _line(line: str) -> str:
    """One line of prose, a heading, an attribute, a list item or a table row, as markdown."""
    stripped = line.strip()
    heading = _HEADING.match(line)
    if heading:
        return "#" * len(heading.group(1)) + " " + _inline(heading.group(2))
    attribute = _ATTRIBUTE.match(stripped)
    if attribute:
        name = attribute.group(1).lower()
        if name in _FIELD_ATTRIBUTES and attribute.group(2):
            return f"{attribute.group(1).replace('-', ' ').capitalize()}: {_inline(attribute.group(2))}"
        return ""
    item = _LIST.match(stripped)
    if item:
        marker, rest = item.groups()
        depth = len(marker) - 1 if marker != "-" else 0
        bullet = "1." if marker.startswith(".") else "-"
        return "  " * depth + f"{bullet} {_inline(rest)}"
    if stripped.startswith("|") and not stripped.startswith("|==="):
        return "| " + " | ".join(_inline(c.strip()) for c in stripped[1:].split("|")) + " |"
    term = _DESCRIPTION.match(stripped)
    if term and not re.search(r"\w+://|(?:link|xref|include|image)::?$", term.group(1)):
        return f"- **{_inline(term.group(1).strip())}**" + (f": {_inline(term.group(3))}" if term.group(3) else "")
    for label in ("NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"):
        if stripped.startswith(label + ": "):
            return f"> **{label.capitalize()}:** {_inline(stripped[len(label) + 2:])}"
    return _inline(line)


def _inline(text: str) -> str:
    """Inline markup of a line as markdown: links, cross references, strong text and passthroughs; code
    spans (`` `x` ``) are the same in both and kept as written."""
    codes: list[str] = []

    def keep(m: re.Match) -> str:
        codes.append(m.group(0))
        return f"\x00{len(codes) - 1}\x00"

    text = re.sub(r"`[^`\n]+`", keep, text)
    text = _IMAGE.sub(lambda m: _alt(m.group(2)), text)
    text = _URL_LINK.sub(lambda m: f"[{_label(m.group(2)) or m.group(1)}]({m.group(1)})", text)
    text = _MACRO_LINK.sub(lambda m: f"[{_label(m.group(2)) or m.group(1)}]({_target(m.group(1))})", text)
    text = _CROSS_REFERENCE.sub(_cross_reference, text)
    text = _STRONG.sub(r"**\1**", text)
    text = _PASSTHROUGH.sub(r"\1", text)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], text)


def _alt(attributes: str) -> str:
    """An inline picture's alt text, its first attribute when that names no other (`Build status` of
    `image:ci.svg[Build status,link=…]`); "" for a picture without one, as a badge most often is."""
    first = attributes.split(",", 1)[0].strip()
    return "" if "=" in first else first.strip("'\"")


def _label(text: str) -> str:
    """A link macro's text without its attributes (`text^`, `text,window=_blank`) or quotes."""
    return text.split(",", 1)[0].rstrip("^").strip().strip("'\"")


def _target(target: str) -> str:
    """A link or cross-reference target as a file link (`0007-x.adoc#decision` keeps its file and anchor)."""
    return target if "." in target.split("#", 1)[0] or "/" in target else target + ".adoc"


def _cross_reference(m: re.Match) -> str:
    """`<<0007-x.adoc#,seven>>` is a link to another file; `<<section-id,text>>` within this one is its text."""
    target, text = m.group(1).strip(), (m.group(2) or "").strip()
    if "#" in target or target.endswith(SUFFIXES):
        file = target.split("#", 1)[0]
        return f"[{text or file}]({file})" if file else (text or target)
    return text or target
