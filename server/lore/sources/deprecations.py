"""Deprecations and unfinished migrations written in code: `@deprecated`, `// Deprecated:`,
`# deprecated: …`, `DEPRECATED`, `TODO(migration)`, `FIXME(migrate)`, and Python docstrings that
say `DEPRECATED` or `.. deprecated::`. Each becomes a `warning` memory on the symbol it documents."""

from __future__ import annotations

import re

from lore.memory import Kind, SourceKind
from lore.sources.parsed import Keys, imported_memory, short_title
from lore.memory import Anchor

QUICK = re.compile(r"@deprecated|\bdeprecated\b|\b(?:TODO|FIXME|XXX)\s*\((?:migrat)", re.I)
_LINE = re.compile(
    r"^\s*(?:\*\s*)?(?:(?P<dep>@deprecated\b|(?i:deprecated)(?:\s*[:.,\-—]|\s*$)|DEPRECATED\b|\.\. deprecated::)"
    r"|(?P<mig>(?:TODO|FIXME|XXX)\s*\(\s*migrat\w*[^)]*\)))\s*:?\s*(?P<text>.*)$")
_DOC = re.compile(r"^\s*(?:DEPRECATED\b|\.\. deprecated::|Deprecated\s*[:.\-—])\s*:?\s*(?P<text>.*)$", re.M)


def entries(text: str) -> list[tuple[int, str, str]]:
    """(line offset, "deprecated" | "migration", text) for each marker that starts a line of a comment."""
    out = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _LINE.match(line)
        if not m:
            continue
        rest = m.group("text").strip()
        more = []
        for nxt in lines[i + 1:i + 4]:  # the explanation often goes on for a line or two
            if not nxt.strip() or _LINE.match(nxt) or nxt.strip().startswith("@"):
                break
            more.append(nxt.strip().lstrip("* "))
        out.append((i, "migration" if m.group("mig") else "deprecated", " ".join([rest, *more]).strip()))
    return out


_DECLARED = re.compile(r"^\s*(?:export\s+)?(?:(?:default|async|public|private|protected|static|final|pub|readonly)\s+)*"
                       r"(?:(?:const|let|var|val|function|class|interface|type|enum|def|func|fn|struct)\s+)?"
                       r"([A-Za-z_$][\w$]*)\s*(?:[:=(<]|\s+[A-Za-z_*\[(])")
# A member assigned on an object (`Prism.fileHighlight = function () {`, `module.exports.parse = …`).
_MEMBER = re.compile(r"^\s*((?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*)\s*=(?!=)")
# What may come above a file's opening comment: its package, imports, directives.
_PREAMBLE = re.compile(r"^\s*(?:#!|package\b|import\b|using\b|use\b|from\b|require\b|namespace\b|<\?php|"
                       r"[\"']use strict[\"']|@file\b|\*/|\*)")
_NOT_A_NAME = frozenset({"package", "import", "module", "from", "use", "namespace", "require", "return", "if", "for"})
# A method or field declared with its type first, as Java, C# and C++ write one (`public DefaultWorkItem
# setStatus(WorkflowState status) {`, `List<String> names()`, `static final int LIMIT = 5;`): the name is the word
# after the type.
_TYPED_METHOD = re.compile(r"^\s*(?:(?:public|private|protected|internal|static|final|abstract|synchronized|override|"
                           r"virtual|async|default|native|sealed|extern|inline)\s+)*([A-Za-z_$][\w$.]*)(?:<[^<>()]*>)?"
                           r"(?:\[\])*\s+([A-Za-z_$][\w$]*)\s*[(=;]")
_GO_METHOD = re.compile(r"^\s*func\s+\([^()]*\)\s*([A-Za-z_]\w*)")  # `func (s *Server) Start() {`
_NOT_A_TYPE = _NOT_A_NAME | frozenset({"new", "else", "throw", "await", "yield", "case", "goto", "delete", "typeof"})


def declared_after(lines: list[str], end_line: int) -> str | None:
    """The name declared on the line right after a comment ending at `end_line` (0-based), if that line
    declares one (`UpgradeHeightDelay = MainnetUpgradeHeightDelay`, `export const useThemeStyles = …`):
    a deprecation written there is about that name, even where no symbol is extracted for it."""
    if end_line + 1 >= len(lines):
        return None
    go = _GO_METHOD.match(lines[end_line + 1])
    if go:
        return go.group(1)
    typed = _TYPED_METHOD.match(lines[end_line + 1])
    if typed and typed.group(1) not in _NOT_A_TYPE:
        return typed.group(2)
    m = _DECLARED.match(lines[end_line + 1])
    if m and m.group(1) not in _NOT_A_NAME:
        return m.group(1)
    member = _MEMBER.match(lines[end_line + 1])
    return member.group(1) if member else None


def first_code_line(lines: list[str]) -> int:
    """The first line (0-based) of a file that is code: no blank line, comment or preamble (`package`, imports,
    `"use strict"`). Only a comment starting at or before it opens the file and may speak of the whole file; one
    after code (`/** @deprecated … */` above `Prism.fileHighlight = function`) is about what follows it."""
    return next((i for i, ln in enumerate(lines)
                 if ln.strip() and not ln.lstrip().startswith(_COMMENT_OPENERS) and not _PREAMBLE.match(ln)), len(lines))


_COMMENT_OPENERS = ("#", "//", "/*", "*", "--", ";", "<!--", '"""', "'''", "%", "{-", "(*")


def _trails_code(line: str) -> bool:
    """Whether a comment starting on `line` (its text, leading blanks stripped) comes after code on it
    (`OldField string // Deprecated: use NewField`, `- exportloopref # deprecated`)."""
    return bool(line) and not line.startswith(_COMMENT_OPENERS)


def declared_on(line: str) -> str | None:
    """The name a line declares before the comment that trails it (`OldField string // Deprecated`,
    `LIMIT = 5  # deprecated`, `public int limit; // @deprecated`): that comment is about it."""
    return declared_after([line, line], 0)


def deprecation_memories(rel_path: str, language: str, comments, symbols, anchor_of, text: str = "") -> list:
    """Warning memories for the deprecation and migration markers in a file's comments and docstrings.

    `anchor_of(line, end_line, doc)` gives (anchor, symbol name) for a comment, as decision comments use (`doc`: a
    documentation comment, `/** … */` or `/// …`, about the declaration below it);
    one it places on the whole file is about the name declared right below it, if any (`text`, the
    file's text, says): the file stays its anchor, but the warning names what is deprecated. A comment
    after code on its line is about the name that line declares, and about nothing when it declares none
    (a list item of a configuration file: `- exportloopref # deprecated` deprecates no file)."""
    keys = Keys()
    out = []
    lines = text.splitlines()
    head = first_code_line(lines)
    for c in comments:
        if not QUICK.search(c.text):
            continue
        opening = lines[c.line].lstrip() if 0 <= c.line < len(lines) else ""
        trailing = _trails_code(opening)
        own = declared_on(opening) if trailing else None
        if trailing and not own:
            continue  # `- exportloopref # deprecated`: about one line that declares nothing, not about the file
        for offset, what, text in entries(c.text):
            anchor, where = anchor_of(c.line, c.end_line, opening.startswith(("/**", "///")))
            if own:
                where = own if where == "file" else where if where.rsplit(".", 1)[-1] == own else f"{where}.{own}"
            elif where == "file":
                where = declared_after(lines, c.end_line) or where
                if where == "file" and lines and c.line > head:
                    continue  # after code and before nothing it names: not about the whole file
            out.append(_warning(rel_path, c.line + offset + 1, what, text, anchor, where, keys))
    if language == "python":
        for s in symbols:
            doc = s.docstring or ""
            m = _DOC.search(doc)
            if m:
                anchor = Anchor("symbol", s.qualified_name, language=language, file=rel_path, content_hash=s.body_hash)
                out.append(_warning(rel_path, s.start_line + 1, "deprecated", m.group("text").strip(), anchor,
                                  s.qualified_name, keys))
    return out


def _warning(rel_path: str, line: int, what: str, text: str, anchor, where: str, keys: Keys):
    subject = "this file" if where == "file" else where
    if what == "migration":
        title = f"Unfinished migration in {subject}" + (f": {text}" if text else "")
    else:
        title = f"{subject} is deprecated" + (f": {text}" if text else "")
    return imported_memory(title=short_title(title, 160), body=text, kind=Kind.WARNING, source=SourceKind.COMMENT,
                 path=rel_path, line=line, key=keys.make(what, where), anchors=[anchor],
                 tags=["comment", what], meta={"marker": what, "symbol": where})
