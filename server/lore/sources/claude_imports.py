"""CLAUDE.md `@path` imports: read the files a CLAUDE.md pulls in, never outside the repository; and guides that
only point to another file (`pointer_only`)."""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path, PurePosixPath

from lore.markup.hidden import strip_hidden
from lore.markup.markdown import split_front_matter
from lore.markup.yamlbound import YamlLimitError
from lore.sources.classify import AGENTS, classify
from lore.sources.rules import without_generated

_IMPORT = re.compile(r"(?<![\w@`/.])@((?:~|\.{1,2})?/?[\w.][\w.\-/]*)")
_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"`[^`]*`")
MAX_DEPTH = 5


def find_imports(text: str) -> list[tuple[int, str]]:
    """(1-based line, path as written) of each `@path` outside code and hidden comments."""
    text = strip_hidden(text)
    found = []
    in_fence = False
    for i, line in enumerate(text.splitlines(), 1):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for m in _IMPORT.finditer(_CODE_SPAN.sub("", line)):
            found.append((i, m.group(1).rstrip(".,;:)")))
    return found


def resolve_imports(root: Path, rel_path: str, text: str, max_size: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The (path, text) of each file imported (recursively), and warnings for refused or missing ones."""
    out: list[tuple[str, str]] = []
    warnings: list[str] = []
    seen = {rel_path}
    real_root = os.path.realpath(root)
    todo = [(rel_path, text, 1)]
    while todo:
        source, body, depth = todo.pop(0)
        for line, raw in find_imports(body):
            where = f"{source}:{line}"
            if raw.startswith(("~", "/")):
                warnings.append(f"{where}: import @{raw} points outside the repository; not read")
                continue
            rel = posixpath.normpath(posixpath.join(posixpath.dirname(source), raw))
            full = os.path.realpath(root / rel)
            if rel.startswith("../") or rel == ".." or not full.startswith(real_root + os.sep):
                warnings.append(f"{where}: import @{raw} points outside the repository; not read")
                continue
            if not os.path.isfile(full):
                if posixpath.splitext(raw)[1]:
                    warnings.append(f"{where}: import @{raw} not found")
                continue
            if rel in seen or classify(rel) == AGENTS:
                continue  # read in its own right, or already included
            if depth > MAX_DEPTH:
                warnings.append(f"{where}: import @{raw} nested more than {MAX_DEPTH} deep; not read")
                continue
            seen.add(rel)
            try:
                if os.path.getsize(full) > max_size:
                    warnings.append(f"{where}: import @{raw} is larger than the size limit; not read")
                    continue
                data = Path(full).read_bytes()
                itext = data.decode("utf-8")
            except (OSError, UnicodeDecodeError) as e:
                warnings.append(f"{where}: import @{raw} unreadable ({e.__class__.__name__})")
                continue
            out.append((rel, itext))
            todo.append((rel, itext, depth + 1))
    return out, warnings


# A guide pointing elsewhere is a sentence or two ("See AGENTS.md on root directory for all instructions."); more is a
# guide of its own.
POINTER_CHARS = 400
# A file named in a guide's text: `AGENTS.md`, `@AGENTS.md`, `./docs/ai/rules.md`, `.cursorrules`, `.cursor/rules/*.mdc`.
_FILE = re.compile(r"@?(?:~|\.{1,2})?/?(?:[\w.*-]+/)*[\w*-]*\.[A-Za-z*][\w*-]*")
_LINK = re.compile(r"!?\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?[^)\n]*\)")
_EDGES = "`*_\"'()[]<>,;:!?#|“”‘’"
# The words a guide that only points to another file is written in, besides the file's name: "see", "read", "instructions
# are in", "for all instructions", "on root directory", "a symlink to", the sentence a tool writes about the file ("This
# file provides guidance to Claude Code"), the agents' and tools' names ("Claude Code, read @AGENTS.md").
_POINTING_WORDS = frozenset("""
    see read refer referred reference follow check consult use look go open load loads import imports include includes
    included defined described documented kept stored located lives live found maintained written moved has have had
    been is are was be can will should must may please also instead now here there which where what when it them they
    in at on of for from to into under with by and or as up the a an all any every each other more further full
    complete same this that these those our your its their my you we s instruction instructions rule rules guideline
    guidelines guidance guide guides convention conventions context information info detail details documentation docs
    doc notes note file files root directory dir folder repository repo project codebase workspace top level main
    primary canonical single source truth shared latest date agent agents assistant assistants ai llm llms model models
    tool tools coding code working work provides provide gives give offers holds contains contain symlink link linked
    copy mirror mirrors claude gemini cursor copilot codex windsurf cline kiro aider junie
    """.split())


def pointer_only(rel_path: str, text: str) -> bool:
    """Whether a guide's whole text only points to another file: its name alone (a link stored as text, `AGENTS.md`),
    or a short sentence of pointing words naming it ("See AGENTS.md on root directory for all instructions.", "Read
    @AGENTS.md", "Instructions are in [the agents' guide](docs/agents.md)"). Front matter, hidden comments and Lore's
    own exported section aside; the file naming only itself points nowhere."""
    try:
        lines = split_front_matter(text)[1]
    except YamlLimitError:
        return False
    body = strip_hidden(without_generated("\n".join(text.split("\n")[lines:]))).strip()
    if not body or len(body) > POINTER_CHARS:
        return False
    own = PurePosixPath(rel_path).name.lower()
    elsewhere = False
    for token in _LINK.sub(r" \1 \2 ", body).split():
        token = token.lstrip(_EDGES).rstrip(_EDGES + ".")
        if not token:
            continue
        if "://" not in token and _FILE.fullmatch(token):
            elsewhere = elsewhere or PurePosixPath(token.lstrip("@")).name.lower() != own
        elif not set(re.findall(r"[a-z]+", token.lower())) <= _POINTING_WORDS:
            return False
    return elsewhere
