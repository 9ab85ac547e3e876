"""Deprecations and unfinished migrations written in code: `@deprecated`, `// Deprecated:`,
`# deprecated: …`, `DEPRECATED`, `TODO(migration)`, `FIXME(migrate)`, and Python docstrings that
say `DEPRECATED` or `.. deprecated::`. Each becomes a `warning` memory on the symbol it documents.

A marker counts where it opens a line of a comment, after a doc comment's opening tag as well
(`<remarks>Deprecated: …`). A tag or a label (`@deprecated`, `Deprecated:`, `.. deprecated::`) counts on any
line; the bare word (`deprecated.`, `DEPRECATED`) only where it opens the comment or a sentence of it: on a
line after one ending no sentence it goes on with that sentence ("the type is marked\ndeprecated."), a
mention. A comment inside a type right above a declaration of it, no blank line between, speaks for that
member, not the type, whatever its syntax (`/** … */`, `///`, `#`, `//`) and whether a symbol is extracted
for the member or not (a C# property, a Python class attribute). XML documentation tags (`<c>`, `</summary>`)
are left out of a warning's words."""

from __future__ import annotations

import re

from lore.anchors import symbol_at
from lore.memory import Anchor, Kind, SourceKind
from lore.sources.named import TYPE_KINDS
from lore.sources.parsed import Keys, imported_memory, short_title

QUICK = re.compile(r"@deprecated|\bdeprecated\b|\b(?:TODO|FIXME|XXX)\s*\((?:migrat)", re.I)
# An XML documentation comment's opening tag, which a marker may follow (`<remarks>Deprecated: use X.</remarks>`).
_OPENING_TAG = r"(?:<(?:summary|remarks|para|p|value|returns|note)>\s*)?"
_LINE = re.compile(
    r"^\s*(?:\*\s*)?" + _OPENING_TAG +
    r"(?:(?P<dep>(?P<tag>@deprecated\b|\.\. deprecated::|(?i:deprecated)\s*:)|(?i:deprecated)(?:\s*[.,\-—]|\s*$)"
    r"|DEPRECATED\b)|(?P<mig>(?:TODO|FIXME|XXX)\s*\(\s*migrat\w*[^)]*\)))\s*:?\s*(?P<text>.*)$")
# XML documentation markup (`<c>[Obsolete]</c>`, `</summary>`, `<see cref="T:Name"/>`): not words of a warning.
_XML_REFERENCE = re.compile(r"<(?:see|seealso|paramref|typeparamref)\s+(?:cref|name|langword|href)=\"(?:\w:)?([^\"]*)\"\s*/>")
_XML_TAG = re.compile(r"</?(?:summary|remarks|para|p|c|code|value|returns|example|note|b|i|em|strong|br|list|item|"
                      r"description|term)(?:\s[^<>]*)?/?>")
# How a line ends a sentence: a stop, a colon, or a documentation tag closing (`</para>`) or opening (`<summary>`).
_SENTENCE_END = re.compile(r"(?:[.!?:;][)\"'`]*|>)\s*$")
_DOC = re.compile(r"^\s*(?:DEPRECATED\b|\.\. deprecated::|Deprecated\s*[:.\-—])\s*:?\s*(?P<text>.*)$", re.M)


# A comment line that instructs a tool, not a reader (`//nolint:staticcheck`, `//go:generate`, flake8's `noqa`,
# `eslint-disable-next-line`, a Go code generator's marker: kubebuilder's `// +optional`, `// +kubebuilder:validation:…`,
# `// +k8s:deepcopy-gen=true`): no words of the warning above it.
_DIRECTIVE = re.compile(r"^\s*(?:\*\s*)?(?:nolint\b|go:\w|lint:|eslint-(?:disable|enable)|prettier-ignore|noqa\b|"
                        r"type:\s*ignore|pylint:|istanbul\s+ignore|NOSONAR|@ts-(?:ignore|expect-error)|"
                        r"\+[a-z][\w.-]*(?:[:=]\S*|\s*$))", re.I)


def entries(text: str) -> list[tuple[int, str, str]]:
    """(line offset, "deprecated" | "migration", text) for each marker that starts a line of a comment: a tag,
    a label or a migration TODO on any line, the bare word only where it opens the comment or a sentence."""
    out = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _LINE.match(line)
        if not m or m.group("dep") and not m.group("tag") and not _opens_sentence(lines, i):
            continue
        rest = m.group("text").strip()
        more = []
        for nxt in lines[i + 1:i + 4]:  # the explanation often goes on for a line or two
            if not nxt.strip() or _LINE.match(nxt) or nxt.strip().startswith("@") or _DIRECTIVE.match(nxt):
                break
            more.append(nxt.strip().lstrip("* "))
        out.append((i, "migration" if m.group("mig") else "deprecated", plain(" ".join([rest, *more])).lstrip("—–-: ")))
    return out


def _opens_sentence(lines: list[str], i: int) -> bool:
    """Whether line `i` of a comment opens a sentence: it is the comment's first line, or the line before it
    is blank or ends a sentence. One after "When set, the type is marked" goes on with that sentence."""
    before = lines[i - 1].strip().lstrip("*").strip() if i else ""
    return not before or bool(_SENTENCE_END.search(before))


def plain(text: str) -> str:
    """`text` without XML documentation markup: a reference as the name it gives (`<see cref="Name"/>` ->
    `Name`), a tag left out (`<c>[Obsolete]</c>.</summary>` -> `[Obsolete].`), blanks run together."""
    text = _XML_TAG.sub("", _XML_REFERENCE.sub(r"\1", text))
    return re.sub(r"\s+", " ", text).strip()


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
# A C# property is one too, its type maybe nullable and its accessors in braces (`public string? Deprecated { get; }`).
_TYPED_METHOD = re.compile(r"^\s*(?:(?:public|private|protected|internal|static|final|abstract|synchronized|override|"
                           r"virtual|async|default|native|sealed|extern|inline|required)\s+)*([A-Za-z_$][\w$.]*)"
                           r"(?:<[^<>()]*>)?\??(?:\[\])*\s+([A-Za-z_$][\w$]*)\s*[(=;{]")
_GO_METHOD = re.compile(r"^\s*func\s+\([^()]*\)\s*([A-Za-z_]\w*)")  # `func (s *Server) Start() {`
# A Go declaration's name, before its type or value: a constant or variable of a block, a struct's field, a function.
_GO_NAME = re.compile(r"^\s*(?:(?:const|var|type|func)\s+)?([A-Za-z_]\w*)\s*(?:[\s=(\[*]|$)")
_GO_KEYWORDS = frozenset("""break case chan const continue default defer else fallthrough for func go goto if import
    interface map package range return select struct switch type var""".split())
_NOT_A_TYPE = _NOT_A_NAME | frozenset({"new", "else", "throw", "await", "yield", "case", "goto", "delete", "typeof"})


def declared_after(lines: list[str], end_line: int, language: str | None = None) -> str | None:
    """The name declared on the line right after a comment ending at `end_line` (0-based), if that line
    declares one (`UpgradeHeightDelay = MainnetUpgradeHeightDelay`, `export const useThemeStyles = …`):
    a deprecation written there is about that name, even where no symbol is extracted for it. Go writes the name
    before its type (`HeaderConsistentHashType ConsistentHashType = "Header"`, `Optional bool`), where Java and C#
    write the type first (`String name = …`)."""
    if end_line + 1 >= len(lines):
        return None
    go = _GO_METHOD.match(lines[end_line + 1])
    if go:
        return go.group(1)
    if language == "go":
        named = _GO_NAME.match(lines[end_line + 1])
        return named.group(1) if named and named.group(1) not in _GO_KEYWORDS else None
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


def trails_code(lines: list[str], line: int) -> bool:
    """Whether a comment starting on line `line` (0-based) of a file's `lines` comes after code on it
    (`OldField string // Deprecated: use NewField`, `- exportloopref # deprecated`)."""
    opening = lines[line].lstrip() if 0 <= line < len(lines) else ""
    return bool(opening) and not opening.startswith(_COMMENT_OPENERS)


def declared_on(line: str, language: str | None = None) -> str | None:
    """The name a line declares before the comment that trails it (`OldField string // Deprecated`,
    `LIMIT = 5  # deprecated`, `public int limit; // @deprecated`): that comment is about it."""
    return declared_after([line, line], 0, language)


# An attribute or annotation between a documentation comment and its declaration (`[JsonIgnore]`, `@Override`).
_ATTRIBUTE = re.compile(r"^\s*(?:\[[^\[\]]*\]|@[A-Za-z_][\w.]*(?:\([^()]*\))?)\s*$")


def _declared_below(lines: list[str], end_line: int, language: str | None = None) -> str | None:
    """The name declared below a comment ending at `end_line`, past the attributes and annotations between."""
    while end_line + 1 < len(lines) and _ATTRIBUTE.match(lines[end_line + 1]):
        end_line += 1
    return declared_after(lines, end_line, language)


def _above_member(symbols, lines: list[str], line: int, end_line: int, language: str | None = None) -> bool:
    """Whether a comment from `line` to `end_line` sits inside a type (a class, struct, interface, …) right above
    a declaration of it, no blank line between (`# deprecated: use fee` over `fee_percentage: Mapped[int] = …`,
    `// Deprecated` over `private int limit;`): like a documentation comment, it is about that member, not the
    type. One above the type itself, or above a line declaring nothing, stays the type's."""
    inside = symbol_at(symbols, line, 0)
    return (inside is not None and inside.start_line < line and inside.kind in TYPE_KINDS
            and _declared_below(lines, end_line, language) is not None)


def _encloses(symbols, qualified: str, line: int) -> bool:
    """Whether the symbol named `qualified` starts before `line`: a comment there is inside it, not above it."""
    return any(s.qualified_name == qualified and s.start_line < line for s in symbols)


def _member(owner: str, name: str | None) -> str:
    """The member `name` of `owner` (`TypeDecl.Deprecated`), or `owner` when nothing or `owner` itself is named."""
    return f"{owner}.{name}" if name and name != owner.rsplit(".", 1)[-1] else owner


def deprecation_memories(rel_path: str, language: str, comments, symbols, anchor_of, text: str = "") -> list:
    """Warning memories for the deprecation and migration markers in a file's comments and docstrings.

    `anchor_of(line, end_line, doc, trailing=False)` gives (anchor, symbol name) for a comment, as decision comments
    use (`doc`: a documentation comment, `/** … */` or `/// …`, or any comment inside a type right above a
    declaration of it, about the declaration below it: one it places on a symbol holding it is about the member
    declared below it, `TypeDecl.Deprecated`, when no symbol is extracted for that); one it places on the whole
    file is about the name declared right below it, if any (`text`, the file's text, says): the file stays its
    anchor, but the warning names what is deprecated. A comment
    after code on its line (`trailing`: placed on the symbol holding that line, or the file, never one below) is
    about the name that line declares, a member of the symbol holding it, and about nothing when it declares none
    (a list item of a configuration file: `- exportloopref # deprecated` deprecates no file). A comment of its own
    inside a function's body is about the code below it (an alias, an argument: "In UpgradePanel,
    `'notification_tray_slot'` is deprecated"), not the function, and the same words again in that function are
    said once."""
    keys = Keys()
    out = []
    lines = text.splitlines()
    head = first_code_line(lines)
    said: set[tuple[str, str]] = set()
    for c in comments:
        if not QUICK.search(c.text):
            continue
        opening = lines[c.line].lstrip() if 0 <= c.line < len(lines) else ""
        trailing = trails_code(lines, c.line)
        own = declared_on(opening, language) if trailing else None
        if trailing and not own:
            continue  # `- exportloopref # deprecated`: about one line that declares nothing, not about the file
        documenting = opening.startswith(("/**", "///")) or not trailing and _above_member(
            symbols, lines, c.line, c.end_line, language)
        for offset, what, text in entries(c.text):
            anchor, where = anchor_of(c.line, c.end_line, documenting, trailing=trailing)
            if own:
                where = own if where == "file" else _member(where, own)
            elif documenting and where != "file" and _encloses(symbols, where, c.line):
                where = _member(where, _declared_below(lines, c.end_line, language))
            elif where == "file":
                where = declared_after(lines, c.end_line, language) or where
                if where == "file" and lines and c.line > head:
                    continue  # after code and before nothing it names: not about the whole file
            elif not trailing and not documenting and (item := _in_body(symbols, lines, c.line, c.end_line)):
                if (where, text) in said:
                    continue  # the same words over the next alias of the same function: said once
                said.add((where, text))
                out.append(_warning(rel_path, c.line + offset + 1, what, text, anchor, where, keys, item=item))
                continue
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


MAX_ITEM = 60  # characters of the line a marker inside a body speaks of, quoted in its title


def _in_body(symbols, lines: list[str], line: int, end_line: int) -> str | None:
    """The line of code below a comment inside a function's or method's body (from `line` to `end_line`, 0-based),
    trimmed (`'notification_tray_slot'`, `notificationCurrentState: state`): what a marker there speaks of (an alias,
    an argument, a branch), not the function holding it. None outside a body or with no code below."""
    inside = symbol_at(symbols, line, 0)
    if inside is None or inside.kind not in ("function", "method", "constructor") or inside.start_line >= line:
        return None
    below = next((ln.strip() for ln in lines[end_line + 1:inside.end_line + 1]
                  if ln.strip() and not ln.lstrip().startswith(_COMMENT_OPENERS)), "")
    below = below.rstrip(",;{ ").strip()
    return below[:MAX_ITEM] + ("…" if len(below) > MAX_ITEM else "") if below else None


def _warning(rel_path: str, line: int, what: str, text: str, anchor, where: str, keys: Keys, item: str = ""):
    subject = "this file" if where == "file" else where
    if item:
        lead = f"In {subject}, `{item}`"
        title = (f"Unfinished migration in {subject}, at `{item}`" if what == "migration" else f"{lead} is deprecated") \
            + (f": {text}" if text else "")
    elif what == "migration":
        title = f"Unfinished migration in {subject}" + (f": {text}" if text else "")
    else:
        title = f"{subject} is deprecated" + (f": {text}" if text else "")
    return imported_memory(title=short_title(title, 160), body=text, kind=Kind.WARNING, source=SourceKind.COMMENT,
                 path=rel_path, line=line, key=keys.make(what, where), anchors=[anchor],
                 tags=["comment", what], meta={"marker": what, "symbol": where})
