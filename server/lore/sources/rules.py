"""Agent and team rules files: AGENTS.md / CLAUDE.md (nested ones apply to their folder), Cursor
rules, Copilot instructions, Cline and Continue rules, the rules folders of other agents (`.claude/rules/`,
`.windsurf/rules/`, `.kiro/steering/`; `classify.agent_rules_folder`), memory banks, CONTRIBUTING and
style guides.

Each section (or, in a file without headings, each group of bullets) becomes one memory, keyed by
its heading path; a table of contents is no text of any (`markdown.without_contents`). Sections that tell people what to do become conventions; the rest (layout,
architecture notes) become facts. Anchors come from front matter globs (`globs`, `applyTo`,
`paths`, Kiro's `fileMatchPattern`) or the folder of a nested AGENTS.md / CLAUDE.md; repository-wide rules carry no path
anchor, so they are found by search rather than shown on every symbol.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from lore.memory import Anchor, SourceKind, ValidationError
from lore.sources import classify
from lore.markup import markdown
from lore.sources.parsed import CHUNK_CHARS, Keys, Parsed, chunked, imported_memory, short_title
from lore.sources.normative import kind_of

_LANG_WORDS = {"python": "python", "typescript": "typescript", "javascript": "javascript", "go": "go",
               "golang": "go", "rust": "rust", "java": "java"}
_REPO_WIDE = {"**", "**/*", "*", "**/**", "./**", "/**"}
_TAGS = {classify.AGENTS: "agents", classify.CURSOR: "cursor", classify.COPILOT: "copilot",
         classify.CLINE: "cline", classify.CONTINUE: "continue", classify.MEMORY_BANK: "memory-bank",
         classify.GUIDE: "guide"}
GROUP_MIN_CHARS = 600
TITLE_CHARS = 120  # a title taken from a text's opening sentence, at most (`short_title`'s limit)
# The markers `lore export` writes around its section (lore.context.export builds on these).
GENERATED_BEGIN, GENERATED_END = "<!-- lore:begin", "<!-- lore:end -->"
# Names of a part of any guide (besides `markdown.section_name`'s): a section so headed says nothing of which guide
# it is in ("Purpose", "Exceptions"), so its title carries the page's ("Hook Family Pattern: Purpose").
_PART_WORDS = frozenset({"purpose", "overview", "reference", "references", "exceptions", "enforcement", "scope",
                         "rules", "requirements", "notes", "summary", "details", "examples", "example", "background",
                         "introduction", "usage", "goals", "rationale", "guidelines", "conventions", "faq"})
# Words that qualify a part's name and leave it a part's name ("Mandatory Requirements", "General Notes").
_QUALIFIERS = frozenset({"general", "mandatory", "additional", "other", "key", "important", "further", "more", "basic",
                         "main", "core", "common", "extra", "misc", "miscellaneous", "related", "see", "also"})


def scope_folder(importer: str, rel_path: str) -> str:
    """The folder a rules file governs ("" for the whole repository)."""
    p = PurePosixPath(rel_path)
    parts = list(p.parts[:-1])
    # an agent's own folder (`.cursor/rules/`, `.github/instructions/`, `.claude/rules/`, `.kiro/steering/`)
    # belongs to the folder holding it, and so does a memory bank
    cut = next((i for i, part in enumerate(parts) if part.startswith(".") or part == "memory-bank"), None)
    if cut is not None:
        parts = parts[:cut]
    if importer in (classify.GUIDE, classify.MEMORY_BANK):
        return ""
    return "/".join(parts)


def scope_anchors(importer: str, rel_path: str, front: dict, out: Parsed) -> tuple[list[Anchor], str]:
    """Anchors from front matter globs or the file's folder, and a description of the scope."""
    folder = scope_folder(importer, rel_path)
    always = front.get("alwaysapply") is True
    globs = [] if always else _globs(front.get("globs") or front.get("applyto") or front.get("paths")
                                     or front.get("filematchpattern") or front.get("filematchpatterns"))
    anchors: list[Anchor] = []
    for g in globs:
        if g in _REPO_WIDE:
            anchors = []
            globs = []
            break
        if folder and g.lstrip("/").startswith(folder + "/"):
            full = g.lstrip("/")  # `backend/**/*.java` in `backend/.cursor/rules/`: written from the root already
        else:
            full = f"{folder}/{g if '/' in g else '**/' + g}" if folder else g
        try:
            anchors += [Anchor.parse(one) for one in expand_braces(full)]
        except ValidationError as e:
            out.warn(rel_path, 1, f"glob {g!r} ignored: {e}")
    if not globs and folder:
        anchors = [Anchor.parse(f"{folder}/**")]
    described = ", ".join(a.to_text() for a in anchors) or "repository"
    return anchors, described


MAX_EXPANDED = 32  # globs one pattern with brace lists may stand for (`src/**/*.{js,jsx,ts,tsx}`: four)
_BRACES = re.compile(r"\{([^{}]*,[^{}]*)\}")


def expand_braces(glob: str) -> list[str]:
    """The globs a pattern with brace lists stands for, as Cursor's and Copilot's globs mean them
    (`**/*.{ts,tsx}`: `**/*.ts`, `**/*.tsx`); the matcher reads no braces. At most `MAX_EXPANDED`; a
    pattern standing for more is kept as written."""
    out, todo = [], [glob]
    while todo:
        g = todo.pop(0)
        m = _BRACES.search(g)
        if m is None:
            out.append(g)
        else:
            todo += [g[:m.start()] + alt + g[m.end():] for alt in m.group(1).split(",")]
        if len(out) + len(todo) > MAX_EXPANDED:
            return [glob]
    return list(dict.fromkeys(out))


def _split_globs(value: str) -> list[str]:
    """A comma-separated list of globs, a comma inside braces part of its glob (`src/**/*.{ts,tsx}, *.md`)."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(value):
        depth += (ch == "{") - (ch == "}")
        if ch == "," and depth <= 0:
            items.append(value[start:i])
            start = i + 1
    return items + [value[start:]]


def _globs(value) -> list[str]:
    if isinstance(value, str):
        items = _split_globs(value)
    elif isinstance(value, (list, tuple)):
        items = [str(v) for v in value]
    else:
        return []
    return [g.strip().strip("'\"") for g in items if g and g.strip().strip("'\"")]


def languages_in(heading: str) -> list[Anchor]:
    """A language named in a heading ("Go-Specific Guidelines") as a language anchor."""
    words = re.findall(r"[A-Za-z]+", heading)
    found = {_LANG_WORDS[w.lower()] for w in words if w.lower() in _LANG_WORDS and (w[0].isupper() or len(w) > 2)}
    return [Anchor("language", lang) for lang in sorted(found)]


def without_generated(text: str) -> str:
    """The text with Lore's own exported section (`lore export`) blanked out, lines kept in place:
    reading it back would echo memories the database already holds."""
    start = text.find(GENERATED_BEGIN)
    while start >= 0:
        end = text.find(GENERATED_END, start)
        stop = len(text) if end < 0 else end + len(GENERATED_END)
        text = text[:start] + "\n" * text.count("\n", start, stop) + text[stop:]
        start = text.find(GENERATED_BEGIN, start)
    return text


def parse_rules(importer: str, rel_path: str, text: str, imported: list[tuple[str, str]] = ()) -> Parsed:
    """Memories of one rules file, plus those of the files it imports (CLAUDE.md `@path`)."""
    out = Parsed()
    doc = markdown.parse_page(without_generated(text))
    for line, msg in doc.warnings:
        out.warn(rel_path, line, msg)
    anchors, described = scope_anchors(importer, rel_path, doc.front, out)
    tags = ["rules", _TAGS.get(importer, importer)]
    meta = {"applies_to": described}
    if doc.front.get("description"):
        meta["description"] = str(doc.front["description"])
    keys = Keys()
    title_hint = str(doc.front.get("description") or doc.front.get("name") or "").strip() or None
    _emit(out, doc, rel_path, rel_path, "", anchors, tags, meta, keys, title_hint)
    for path, itext in imported:
        idoc = markdown.parse_page(itext)
        for line, msg in idoc.warnings:
            out.warn(path, line, msg)
        _emit(out, idoc, rel_path, path, f"@{path}", anchors, tags + ["imported"], {**meta, "imported_from": path},
              keys, None)
    return out


def _emit(out: Parsed, doc: markdown.Document, rel_path: str, shown_path: str, key_prefix: str,
          anchors: list[Anchor], tags: list[str], meta: dict, keys: Keys, title_hint: str | None) -> None:
    doc_title, doc_title_line = doc.title()
    own_title = any(x.level == 1 and x.line == doc_title_line for x in doc.sections if x.heading)
    for s in doc.sections:
        body = doc.text(s)
        if not body.strip() or _silent_code(body):
            continue
        is_title = s.level == 1 and s.line == doc_title_line
        if (s.heading is None or is_title) and _about_itself(body):
            continue
        if s.heading is None or is_title:
            if s.heading is None and not own_title:
                name = title_hint  # the text before the first heading, when that heading opens a part, not the page
            elif (s.heading is None and doc_title) or (is_title and any(x.level > 1 for x in doc.sections)):
                name = doc_title or title_hint
            else:
                name = title_hint or doc_title
            groups = _groups(body) if not any(x.heading for x in doc.sections) else [(body, 0)]
            for gtext, offset in groups:
                title = name if len(groups) == 1 and name else \
                    _opening_title(gtext, PurePosixPath(shown_path).name if len(groups) == 1 else None)
                line = _body_line(doc, s) + offset if len(groups) > 1 else s.line
                _add(out, rel_path, shown_path, line, keys.make(key_prefix, title if len(groups) > 1 else "intro"),
                     title or PurePosixPath(shown_path).name, gtext, anchors, tags, meta, [s.heading or ""])
            continue
        trail = [t for t in s.trail if t != doc_title or not own_title]
        # "Purpose" alone says not which guide's purpose: a part's name keeps the page's title before it
        named = trail or ([doc_title] if own_title and doc_title and part_heading(s.heading) else [])
        title = ": ".join([*(t.rstrip(":").rstrip() for t in named[-1:]), s.heading]) if named else s.heading
        key = keys.make(key_prefix, *trail, s.heading)
        _add(out, rel_path, shown_path, s.line, key, title, body, anchors, tags, meta, [*trail, s.heading])


def _body_line(doc: markdown.Document, s: markdown.Section) -> int:
    """The 1-based line of the first line of `doc.text(s)`, which the line offsets of its groups count from."""
    return s.start + 1 + next((i for i, ln in enumerate(doc.lines[s.start:s.end]) if ln.strip()), 0)


# The sentence an agent's tool writes atop the file it generates, about the file itself: "This file provides guidance to
# Claude Code (claude.ai/code) when working with code in this repository."
_ABOUT_ITSELF = re.compile(r"(?:this|the)\s+(?:file|document|guide)\s+(?:provides|gives|contains|offers|holds)\s+"
                           r"(?:guidance|instructions|context|information|rules|conventions)\b[^\n]*", re.I)


def _about_itself(body: str) -> bool:
    """Whether a guide's opening text is only the sentence saying what the file is for (`_ABOUT_ITSELF`): no rule and
    nothing of the project, a memory titled by the file's name in every workspace an agent set up."""
    text = markdown.plain(body).strip()
    return len(text) <= 300 and "\n\n" not in body.strip() and bool(_ABOUT_ITSELF.fullmatch(text))


def part_heading(heading: str) -> bool:
    """Whether a heading names a part of any guide, not what this guide is about: "Purpose", "Exceptions",
    "Mandatory Requirements" (`_PART_WORDS`, `markdown.section_name`), a leading number aside ("2. Scope")."""
    words = re.findall(r"[a-z]+", markdown.plain(heading).lower())
    return markdown.section_name(heading) or bool(words) and words[-1] in _PART_WORDS \
        and all(w in _QUALIFIERS for w in words[:-1])


def _add(out: Parsed, rel_path: str, shown_path: str, line: int, key: str, title: str, body: str,
         anchors: list[Anchor], tags: list[str], meta: dict, headings: list[str]) -> None:
    extra = [] if anchors else languages_in(" ".join(headings))
    own = line if shown_path == rel_path else None
    sections = chunked(title, None, body, own) if len(body) > CHUNK_CHARS else None
    m = imported_memory(title=title, body=body, kind=kind_of(body, headings[-1]), source=SourceKind.RULES_FILE, path=rel_path,
              line=own, key=key, anchors=[*anchors, *extra], tags=tags, meta=dict(meta), sections=sections)
    if shown_path != rel_path:
        m.meta["imported_line"] = line
    out.memories.append(m)


# A comment in a code block that says something in words: `# Install dependencies`, `… # rollback last migration`,
# `├── dal/   # Data Access Layer …`.
_SPOKEN_COMMENT = re.compile(r"(?:^|\s)(?:#|//)\s*[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*)+", re.M)
MIN_SPOKEN = 2  # comments in words a code block needs to speak for its section


def _only_code(body: str) -> bool:
    """Whether a text is just one code block."""
    stripped = body.strip()
    return stripped.startswith(("```", "~~~")) and stripped.endswith(("```", "~~~")) and stripped.count("```") <= 2


def _silent_code(body: str) -> bool:
    """A section that is just a code block (a command listing) says nothing on its own, unless its comments say, in
    words, what each command or folder is (DEFRA/water-abstraction-system's AGENTS.md "## Commands": "# Database
    migrations", "… npm run rollback  # rollback last migration"; its "## Project paths quick reference")."""
    return _only_code(body) and len(_SPOKEN_COMMENT.findall(body)) < MIN_SPOKEN


# Where a sentence ends: after ".", "!" or "?" and a space (not inside "1.1" or "e.g." written without one).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")


def _opening_title(text: str, name: str | None) -> str:
    """A title for text with no heading of its own: its first paragraph, its soft-wrapped lines joined, when that fits
    in a title, else the paragraph's first sentence ("All contributions are welcome! We follow this / [code of
    conduct](…) …": "All contributions are welcome!"), clipped as titles are (`short_title`); `name` (the file's)
    instead of a sentence too long to be a title. Never a line cut where the author wrapped it. A lead-in naming only a
    part of any guide ("General Rules:", `part_heading`) gives way to the text it heads."""
    first = _first_paragraph(text)
    if len(first) == 1 and first[0].endswith(":") and part_heading(first[0][:-1]):
        rest = text.split(first[0], 1)[1]
        first = _first_paragraph(rest) or first
    paragraph = " ".join(markdown.plain(" ".join(first)).split())
    sentence = paragraph if len(paragraph) <= TITLE_CHARS else _SENTENCE_END.split(paragraph, 1)[0]
    return name if name and len(sentence) > TITLE_CHARS else short_title(sentence, TITLE_CHARS)


def _first_paragraph(text: str) -> list[str]:
    """The lines of a text's first paragraph, stripped; of a list, its first item, without its marker ("- ", "1. ",
    a task's "[ ] ")."""
    lines: list[str] = []
    for ln in text.splitlines():
        if not ln.strip() or lines and _LIST_ITEM.match(ln):
            if lines:
                break
            continue
        lines.append(ln.strip() if lines else _MARKER.sub("", ln, count=1).strip())
    return lines


def _groups(text: str) -> list[tuple[str, int]]:
    """A headingless rules text split into groups, each with its line offset in `text`: a lead-in paragraph (ending
    in ":", or in no stop before a list or code: "use the following pattern") with what it heads ("General Rules:"
    never a memory alone), a code block and a paragraph ending in "," ("For example,") with the group before them,
    which they go on from (the paragraph heading what follows it too), or one paragraph."""
    if len(text) < GROUP_MIN_CHARS:
        return [(text, 0)]
    blocks: list[tuple[list[str], int]] = []
    current: list[str] = []
    start = 0
    in_fence = False
    for i, line in enumerate(text.splitlines()):
        if line.strip().startswith(("```", "~~~")):
            in_fence = not in_fence
        if not line.strip() and not in_fence:
            if current:
                blocks.append((current, start))
            current = []
            continue
        if not current:
            start = i
        current.append(line)
    if current:
        blocks.append((current, start))
    groups: list[tuple[str, int]] = []
    lead: tuple[str, int] | None = None
    for n, (lines, offset) in enumerate(blocks):
        is_list = bool(_LIST_ITEM.match(lines[0]))
        block = "\n".join(lines)
        ending = lines[-1].rstrip()
        if lead is None and groups and (_only_code(block) or not is_list and ending.endswith(",")):
            joined = (groups[-1][0] + "\n\n" + block, groups[-1][1])  # it goes on from the group before
            if _only_code(block):
                groups[-1] = joined
            else:  # and a sentence going on heads what follows it too
                groups.pop()
                lead = joined
            continue
        if lead is not None:  # a lead-in heads what follows it, a list, code or a paragraph
            block, offset = lead[0] + ("\n" if is_list else "\n\n") + block, lead[1]
        after = blocks[n + 1][0] if n + 1 < len(blocks) else []
        introduces = bool(after) and (_only_code("\n".join(after)) or bool(_LIST_ITEM.match(after[0])))
        heads = ending.endswith((":", ",")) or introduces and _no_stop(ending)
        lead = (block, offset) if not is_list and (heads or _only_code(block)) else None
        if lead is None:
            groups.append((block, offset))
    if lead is not None and groups:  # nothing after it to head: it ends the group before
        groups[-1] = (groups[-1][0] + "\n\n" + lead[0], groups[-1][1])
    elif lead is not None:
        groups.append(lead)
    return groups


# What may close a sentence after its stop: a closing quote, bracket or emphasis mark.
_CLOSING = "\"')]}*_»”’"


def _no_stop(line: str) -> bool:
    """Whether a paragraph ending in this line ends in no stop ("When creating a PR, please use the following commit
    message pattern"); a table row, markup or a closing code fence ends no sentence and is not asked."""
    end = line.rstrip().rstrip(_CLOSING)
    if not end or line.lstrip().startswith(("|", "<", "```", "~~~")):
        return False
    return not end.endswith((".", "!", "?", "…", "。", "！", "？", ";"))
