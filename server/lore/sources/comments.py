"""Decision comments in code: `DECISION:`, `CONVENTION:`, `WHY:` and `HACK:` / `WORKAROUND:` lines.

Comments come from `lore.anchors.extract_comments` (tree-sitter where a grammar is installed, a
marker scan otherwise). Each marked comment becomes a memory anchored to its enclosing symbol, or
to the symbol it sits directly above, or else to the file. A generated file (`generated`) holds none:
its comments are a tool's ("Deprecated: Use X.ProtoReflect.Descriptor instead" on every message of a
`*.pb.go`), written again at every build, and no one's decision; nor does a copy of a library's built script
(`library_banner`): its `@deprecated` tags document the library's API for its users, not a warning for the team.
A test's file (`TEST_PATH`) holds no deprecation warning: a marker there is a fixture or a test's expected output
(`SENTRY_PRIVATE_KEY: … # Deprecated` in `tests/expected-generated-variables.yml`), not the team's code.
"""

from __future__ import annotations

import re

from lore.anchors import extract_comments, extract_symbols, language_for_path, symbol_at
from lore.markup.hidden import strip_hidden
from lore.memory import Anchor, Kind, SourceKind
from lore.sources.deprecations import QUICK as DEPRECATED
from lore.sources.deprecations import deprecation_memories, trails_code
from lore.sources.named import TEST_PATH, generated, library_banner
from lore.sources.parsed import Keys, Parsed, imported_memory, short_title

MARKERS: dict[str, Kind] = {
    "DECISION": Kind.DECISION, "WHY": Kind.DECISION, "CONVENTION": Kind.CONVENTION,
    "HACK": Kind.WARNING, "WORKAROUND": Kind.WARNING,
}
QUICK = re.compile(r"\b(?:DECISION|CONVENTION|WHY|HACK|WORKAROUND)\s*:")
_LEAD = re.compile(r"^\s*(DECISION|CONVENTION|WHY|HACK|WORKAROUND)\s*:\s*(.*)$")
_WHY_LINE = re.compile(r"^\s*(?:WHY|Why|because|Because|Rationale|RATIONALE)\s*:\s*(.*)$")


def parse_comments(rel_path: str, text: str) -> Parsed:
    """Memories of the decision comments in one source file (nothing when there are none)."""
    out = Parsed()
    deprecations = DEPRECATED.search(text) and not TEST_PATH.search(rel_path)
    if not QUICK.search(text) and not deprecations or generated(rel_path, text) or library_banner(rel_path, text):
        return out
    language = language_for_path(rel_path)
    if language is None or language == "markdown":  # a markdown comment is hidden when rendered: never read
        return out
    every = extract_comments(text, language)
    comments = [c for c in every if QUICK.search(c.text)]
    if not comments and not deprecations:
        return out
    symbols = extract_symbols(text, language, rel_path)
    if deprecations:
        out.memories += deprecation_memories(
            rel_path, language, every, symbols,
            lambda line, end, doc=False, trailing=False: _anchor(symbols, line, end, rel_path, language, doc, trailing),
            text)
    keys = Keys()
    lines = text.splitlines()
    for c in comments:
        trailing = trails_code(lines, c.line)
        for offset, marker, title, body, rationale in _entries(strip_hidden(c.text)):
            line = c.line + offset
            anchor, where = _anchor(symbols, c.line, c.end_line, rel_path, language, trailing=trailing)
            kind = MARKERS[marker]
            out.memories.append(imported_memory(
                title=short_title(title or body or marker.title(), 160),
                body=body, kind=kind, source=SourceKind.COMMENT, path=rel_path, line=line + 1,
                key=keys.make(marker.lower(), where, title[:40]), anchors=[anchor], rationale=rationale,
                tags=["comment", marker.lower()], meta={"marker": marker, "symbol": where},
            ))
    return out


def _entries(text: str) -> list[tuple[int, str, str, str, str | None]]:
    """(line offset, marker, title, body, rationale) for each marker that starts a line of a comment."""
    lines = text.splitlines()
    starts = [(i, m) for i, line in enumerate(lines) if (m := _LEAD.match(line))]
    out = []
    for n, (i, m) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        marker, first = m.group(1), m.group(2).strip()
        rest = [ln.strip() for ln in lines[i + 1:end]]
        rationale = None
        if marker != "WHY" and n + 1 < len(starts) and starts[n + 1][1].group(1) == "WHY":
            rationale = " ".join([starts[n + 1][1].group(2).strip()] + _until_marker(lines, starts[n + 1][0], starts, n + 1))
        if marker == "WHY" and n > 0 and starts[n - 1][1].group(1) not in ("WHY",):
            continue  # folded into the previous marker as its rationale
        for j, ln in enumerate(rest):
            w = _WHY_LINE.match(ln)
            if w and marker != "WHY":
                rationale = " ".join([w.group(1)] + rest[j + 1:]).strip() or rationale
                rest = rest[:j]
                break
        body = " ".join([first, *[r for r in rest if r]]).strip()
        out.append((i, marker, first, body if body != first else "", rationale))
    return out


def _until_marker(lines: list[str], i: int, starts: list, n: int) -> list[str]:
    end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
    return [ln.strip() for ln in lines[i + 1:end] if ln.strip()]


def _anchor(symbols, line: int, end_line: int, rel_path: str, language: str, doc: bool = False,
            trailing: bool = False) -> tuple[Anchor, str]:
    """The symbol the comment is inside, or directly above; else the file. A documentation comment (`/** … */`,
    `/// …`) documents the declaration right below it, inside a class or not: a method's `@deprecated` is the
    method's, not its class's. A comment `trailing` code on its line speaks of that line: the innermost symbol
    holding it (one declared on it too), else the file; never a declaration that follows it."""
    if trailing:
        holding = [s for s in symbols if s.start_line <= line <= s.end_line]
        if not holding:
            return Anchor("path", rel_path), "file"
        s = max(holding, key=lambda s: (s.start_line, s.start_col, -s.end_line, -s.end_col))
        return _symbol_anchor(s, rel_path, language), s.qualified_name
    inside = symbol_at(symbols, line, 0)
    below = [s for s in symbols if end_line < s.start_line <= end_line + 2]
    if inside is not None and inside.start_line < line and not (doc and below):
        return _symbol_anchor(inside, rel_path, language), inside.qualified_name
    if below:
        s = min(below, key=lambda s: (s.start_line, -s.end_line))
        return _symbol_anchor(s, rel_path, language), s.qualified_name
    if inside is not None:
        return _symbol_anchor(inside, rel_path, language), inside.qualified_name
    return Anchor("path", rel_path), "file"


def _symbol_anchor(s, rel_path: str, language: str) -> Anchor:
    return Anchor("symbol", s.qualified_name, language=language, file=rel_path, content_hash=s.body_hash)
