"""reStructuredText decision records read as markdown, line for line.

Python projects that document with Sphinx keep their decision records as `.rst` files (`Title` over a
`=====` underline, ``literals``, `` `text <url>`_ `` links, `:class:` roles, `.. _name: url` targets).
`to_markdown` rewrites that syntax into the markdown the record importers read, keeping every line
where it was (an underline or a directive becomes an empty line), so the sections, line numbers and
links of a memory still point into the file as written.
"""

from __future__ import annotations

import re

SUFFIXES = (".rst",)

_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1+[ \t]*$")  # one punctuation character repeated, as a whole line
_LINK = re.compile(r"`([^`<>]*?)\s*<([^`<>\s]+)>`__?")
_ROLE = re.compile(r":(?:[\w-]+:)?([\w-]+):`([^`]*)`")
_CODE_ROLES = {"class", "func", "meth", "mod", "attr", "obj", "data", "const", "exc", "file", "code", "samp",
               "command", "envvar", "setting"}
_REFERENCE = re.compile(r"`([^`]+)`__?(?![\w`])")
_LITERAL = re.compile(r"``(.+?)``")
_TARGET = re.compile(r"^\.\.\s+_([^:]+|`[^`]+`):\s*(\S*)\s*$")
_EXPLICIT = re.compile(r"^\.\.(?:\s|$)")
_FIELD = re.compile(r"^:([A-Za-z][\w -]{0,30}):(?:\s+(.*))?$")
_AUTO_ENUM = re.compile(r"^(\s*)#\.(\s)")
# Directives whose body is sample code (fenced like a `::` literal block) or prose set apart (quoted).
_CODE_DIRECTIVE = re.compile(r"^\.\.\s+(?:code-block|code|sourcecode)::", re.I)
# Sphinx's table of contents: its entries (`decisions/*`, `Intro <intro>`) are the pages it lists, read as links.
_TOCTREE = re.compile(r"^\.\.\s+toctree::", re.I)
# Sphinx autodoc: `.. autoclass:: commodities.business_rules.NIG30` puts that code's documentation here, so the page
# names it (as code); the directive's options (`:members:`) are no prose.
_SPHINX_AUTO = re.compile(r"^\.\.\s+(?:[\w-]+:)?auto(?:class|function|method|module|data|exception|attribute|decorator|"
                          r"property|pydantic_model)::\s*([\w.:$-]+)", re.I)
_TOC_ENTRY = re.compile(r"^(?:(?P<label>[^<>]+?)\s*<(?P<target>[^<>\s]+)>|(?P<page>[^\s:][^\s]*))$")
_ADMONITION = re.compile(r"^\.\.\s+(note|warning|important|tip|caution|attention|danger|hint|error|seealso|deprecated|"
                         r"versionchanged|versionadded|admonition)::\s*(.*)$", re.I)


def is_rst(rel_path: str) -> bool:
    """reStructuredText by its extension."""
    return rel_path.lower().endswith(SUFFIXES)


def to_markdown(text: str) -> str:
    """The markdown reading of a reStructuredText text, with the same number of lines."""
    lines = text.split("\n")
    out = list(lines)
    targets = {m.group(1).strip("`").lower(): m.group(2) for m in map(_TARGET.match, lines) if m and m.group(2)}
    styles: list[tuple[str, bool]] = []
    literal_indent: int | None = None  # inside a literal block (after `::`) or a directive's body
    keep_body = False
    quote_indent: int | None = None  # inside an admonition's body (`.. note::`), read as a quote
    block = _Block()
    toc_indent: int | None = None  # inside a toctree's body: its entries, as a list of links
    i = 0
    while i < len(lines):
        line = lines[i]
        if toc_indent is not None:
            if not line.strip() or len(line) - len(line.lstrip()) > toc_indent:
                entry = _TOC_ENTRY.match(line.strip())
                target = entry and (entry.group("target") or entry.group("page"))
                out[i] = f"- [{entry.group('label') or target}]({target})" if target else ""
                i += 1
                continue
            toc_indent = None
        if quote_indent is not None:
            if not line.strip() or len(line) - len(line.lstrip()) > quote_indent:
                out[i] = ("> " + _inline(line.strip(), targets)) if line.strip() else ""
                i += 1
                continue
            quote_indent = None
        if literal_indent is not None:
            if not line.strip():
                out[i] = ""
                if keep_body and block.opened is None and block.first is None:
                    block.opened = i
                i += 1
                continue
            if len(line) - len(line.lstrip()) > literal_indent:
                out[i] = ("    " + line) if keep_body else ""
                if keep_body:
                    block.first = i if block.first is None else block.first
                    block.last = i
                i += 1
                continue
            literal_indent = None
            block.fence(out, lines, i)
            block = _Block()
        title = _title_at(lines, i)
        if title is not None:
            char, over = title
            if (char, over) not in styles:
                styles.append((char, over))
            level = min(styles.index((char, over)) + 1, 6)
            if over:
                out[i - 1] = ""
            out[i] = "#" * level + " " + _inline(_SUBSTITUTION.sub("", line.strip()), targets)
            out[i + 1] = ""
            i += 2
            continue
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        target = _TARGET.match(line)
        if target:
            name, url = target.group(1).strip("`"), target.group(2)
            out[i] = f"[{name}]: {url}" if url and not url.endswith("_") else ""
        elif m := _ADMONITION.match(stripped):
            label = m.group(1).capitalize() if m.group(1).lower() != "admonition" else _inline(m.group(2), targets)
            rest = m.group(2) if m.group(1).lower() != "admonition" else ""
            out[i] = f"> **{label}:** {_inline(rest, targets)}".rstrip()  # a note or warning is the text's own
            quote_indent = indent
        elif _TOCTREE.match(stripped):
            out[i] = ""
            toc_indent = indent
        elif m := _SPHINX_AUTO.match(stripped):
            out[i] = " " * indent + f"`{m.group(1)}`"
            literal_indent, keep_body = indent, False
        elif _CODE_DIRECTIVE.match(stripped):
            out[i] = ""  # sample code: fenced, as a markdown text's
            literal_indent, keep_body = indent, True
        elif _EXPLICIT.match(stripped):
            out[i] = ""  # another directive or a comment: its body is not prose a reader sees as such
            literal_indent, keep_body = indent, False
        elif _ADORNMENT.match(line):
            out[i] = ""  # a transition line
        elif stripped == "::":
            out[i] = ""
            literal_indent, keep_body = indent, True
        else:
            field = _FIELD.match(line)
            converted = f"{field.group(1)}: {field.group(2) or ''}".rstrip() if field else line
            converted = _AUTO_ENUM.sub(r"\g<1>1.\2", converted)
            if stripped.endswith("::"):
                converted = converted.rstrip()[:-2].rstrip() + ":" if stripped != "::" else ""
                literal_indent, keep_body = indent, True
            out[i] = _inline(converted, targets)
        i += 1
    if literal_indent is not None:
        block.fence(out, lines, len(lines))
    return "\n".join(out)


class _Block:
    """A literal block being read: the blank line after its `::` (`opened`) and its first and last lines."""

    def __init__(self) -> None:
        self.opened: int | None = None
        self.first: int | None = None
        self.last: int | None = None

    def fence(self, out: list[str], lines: list[str], end: int) -> None:
        """Fence the block as markdown code (a fence on the blank line before it and on the first blank line
        after it, longer than any run of backticks it holds), so that what reads a record's prose leaves
        its sample code out as it does a markdown record's; left an indented block when the text has no
        blank line to hold a fence."""
        if self.opened is None or self.first is None or self.last is None:
            return
        close = next((j for j in range(self.last + 1, end) if not lines[j].strip()), None)
        if close is None:
            return
        body = lines[self.first:self.last + 1]
        run = max((len(r) for line in body for r in re.findall(r"`+", line)), default=0)
        out[self.opened] = out[close] = "`" * max(3, run + 1)
        for j in range(self.first, self.last + 1):
            out[j] = lines[j]


# A substitution reference in a title (`edX E-Commerce Service  |CI|_ |Codecov|_`): a badge's image, no word of it.
_SUBSTITUTION = re.compile(r"\s*\|[^|\n]+\|_{0,2}(?=\s|$)")


def _title_at(lines: list[str], i: int) -> tuple[str, bool] | None:
    """(adornment character, has an overline) when line `i` is a section title, else None."""
    line = lines[i]
    if not line.strip() or line[0].isspace() or _ADORNMENT.match(line) or i + 1 >= len(lines):
        return None
    under = _ADORNMENT.match(lines[i + 1])
    if not under or len(lines[i + 1].rstrip()) < min(len(line.rstrip()), 3):
        return None
    char = under.group(1)
    over = i > 0 and bool(_ADORNMENT.match(lines[i - 1])) and lines[i - 1].strip()[0] == char
    if not over and i > 0 and lines[i - 1].strip():
        return None  # a title starts a block: an underline below running text is not one
    return char, over


def _inline(line: str, targets: dict[str, str]) -> str:
    """Inline markup of one line as markdown: literals, links, roles, references (a link when `targets`,
    the names and addresses of the text's `.. _name: url` lines, holds its name)."""
    codes: list[str] = []

    def keep(m: re.Match) -> str:
        codes.append(m.group(1))
        return f"\x00{len(codes) - 1}\x00"

    line = _LITERAL.sub(keep, line)
    line = _LINK.sub(lambda m: f"[{m.group(1) or m.group(2)}]({m.group(2)})", line)
    line = _ROLE.sub(lambda m: _role(m.group(1), m.group(2)), line)
    line = _REFERENCE.sub(lambda m: _reference(m.group(1), targets), line)
    return re.sub("\x00(\\d+)\x00", lambda m: f"`{codes[int(m.group(1))]}`", line)


def _reference(name: str, targets: dict[str, str]) -> str:
    """A named reference: a markdown link to its target's address, or its text when it has none."""
    url = targets.get(name.lower())
    return f"[{name}]({url})" if url and not url.endswith("_") else name


def _role(role: str, text: str) -> str:
    """A role's text: code for the roles that name code, else the text (a link's title when it has one)."""
    shown = re.sub(r"\s*<[^>]*>$", "", text) or text
    if shown.startswith("~"):  # Sphinx shows the last part of `~pkg.Name`
        shown = shown[1:].rsplit(".", 1)[-1]
    shown = shown.lstrip("!")
    return f"`{shown}`" if role in _CODE_ROLES else shown
