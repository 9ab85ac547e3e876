"""Commands the project's guides document: the command lines of README, CONTRIBUTING, AGENTS and docs
markdown files, in their code blocks (```` ``` ```` fences) and in code spans of their prose.

Many projects define a task in no manifest or Makefile and only write it down: `flask db migrate` under
"Create a migration:" in a guide, `pnpm db-migrate create <name>` in AGENTS.md. A line counts when its
first word (after a `$ ` prompt and `NAME=value` settings) is a program people type to build, test,
run, migrate or generate; each keeps the words that introduce it (the line before the block when it ends
in a colon, else the section heading), which say what it is for."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from lore.codemap.model import Command
from lore.sources.shell import ENV as _ENV
from lore.sources.shell import PROGRAMS
from lore.sources.shell import PROMPT as _PROMPT
from lore.sources.shell import SHELLS as _SHELLS

_SKIP_NAMES = re.compile(r"^(CHANGELOG|CHANGES|HISTORY|RELEASE|RELEASES|LICENSE|LICENCE|CODE_OF_CONDUCT|"
                         r"SECURITY|NOTICE|AUTHORS|CODEOWNERS)\b", re.I)
_NOT_GUIDES = frozenset({"testdata", "fixtures", "__fixtures__", "examples", "example", "node_modules", "vendor",
                         "third_party", "test", "tests", "__tests__", "changelog", "changelogs", "changes",
                         ".github", "adr", "adrs", "rfc", "rfcs", "decisions", "proposals", "design"})
#: Files people name as guides, wherever they are.
_GUIDE_NAMES = re.compile(r"^(README|CONTRIBUTING|AGENTS|CLAUDE|DEVELOPMENT|DEVELOPING|DEVELOPER|HACKING|INSTALL|"
                          r"BUILDING|BUILD|TESTING|RUNNING|SETUP|GETTING[_-]STARTED)\b", re.I)
#: Folders whose markdown files are guides.
_GUIDE_FOLDERS = frozenset({"docs", "doc", "documentation", "contributing", "guides", "guide", "development", "dev"})
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")
_SPAN = re.compile(r"`([^`\n]{4,140})`")
MAX_GUIDES = 400
MAX_BYTES = 256_000
PER_GUIDE = 25
MAX_COMMANDS = 200
MAX_LINE = 120


def is_guide(rel: str) -> bool:
    """A markdown file that may document commands: not a changelog or licence, not under examples,
    fixtures or test data."""
    name = PurePosixPath(rel).name
    if not name.lower().endswith((".md", ".markdown")) or _SKIP_NAMES.match(name):
        return False
    folders = [p.lower() for p in rel.split("/")[:-1]]
    if any(p in _NOT_GUIDES for p in folders):
        return False
    return bool(_GUIDE_NAMES.match(name)) or any(p in _GUIDE_FOLDERS for p in folders)


def guide_files(files: list[str]) -> list[str]:
    """The guides among a file list, the shallowest first, at most `MAX_GUIDES`."""
    return sorted((f for f in files if is_guide(f)), key=lambda f: (f.count("/"), f))[:MAX_GUIDES]


def command_line(text: str) -> str | None:
    """`text` as a documented command line, or None: its first word (prompt and settings skipped) must be
    a known program and it must say more than the program's name. A trailing `# comment` is left out."""
    line = _PROMPT.sub("", text.strip()).split(" # ", 1)[0].strip()
    words = line.split()
    rest = [w for w in words if not _ENV.match(w)]
    if len(rest) < 2 or len(line) > MAX_LINE or rest[0] not in PROGRAMS:
        return None
    if rest[0] in ("python", "python3", "node") and not (rest[1] == "-m" or rest[1].endswith((".py", ".js"))):
        return None
    return " ".join(words)


def guide_commands(text: str, rel: str, area: str = "") -> list[Command]:
    """The commands one guide documents, each once, with the words that introduce it (`Command.doc`)."""
    out: list[Command] = []
    seen: set[str] = set()
    heading, lead, fence = "", "", None
    pending = ""
    lines = text.split("\n")
    for n, raw in enumerate(lines):
        m = _FENCE.match(raw)
        if m and fence is None:
            fence = m.group(2).lower() if m.group(2).lower() in _SHELLS else "-"
            continue
        if m and raw.strip().startswith(("```", "~~~")) and fence is not None:
            fence, pending = None, ""
            continue
        if fence is not None:
            if fence == "-":
                continue
            line = pending + raw.strip()
            if line.endswith("\\"):
                pending = line[:-1].strip() + " "
                continue
            pending = ""
            _add(out, seen, command_line(line), rel, area, lead or heading)
            continue
        s = raw.strip()
        if s.startswith("#"):
            heading, lead = s.lstrip("#").strip(), ""
            continue
        if s:
            lead = s if s.endswith(":") else ""
            for span in _SPAN.findall(s) if _instructs(s, _alone(lines, n)) else ():
                _add(out, seen, command_line(span), rel, area, _plain(s))
        if len(out) >= PER_GUIDE:
            break
    return out


def read_guides(root: Path, files: list[str], workspaces: set[str]) -> list[Command]:
    """The commands the workspace's guides document (`guide_files`), each guide in the sub-project
    (`workspaces`: folders with their own manifest) that holds it."""
    out: list[Command] = []
    for rel in guide_files(files):
        try:
            path = root / rel
            if path.is_symlink() or path.stat().st_size > MAX_BYTES:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        out += guide_commands(text, rel, _area(rel, workspaces))
        if len(out) >= MAX_COMMANDS:
            break
    return out[:MAX_COMMANDS]


_ITEM = re.compile(r"^([-*+]|\d+[.)])\s")


def _instructs(line: str, alone: bool) -> bool:
    """A prose line whose code spans may be commands to type: a list item, or a short line that is a
    paragraph of its own; not a table row, and not one line of a wrapped paragraph (whose code spans
    are examples in a sentence: "a sentence counts when it says `pnpm install`")."""
    if line.startswith("|"):
        return False
    return bool(_ITEM.match(line)) or (alone and len(line) <= 120)


def _alone(lines: list[str], n: int) -> bool:
    """Whether prose line `n` is a paragraph of its own: no prose line right before it (but a line that
    introduces it, ending in ":") and none right after it."""
    def prose(i: int) -> bool:
        if not 0 <= i < len(lines):
            return False
        s = lines[i].strip()
        return bool(s) and not s.startswith(("#", "|", "```", "~~~")) and not _ITEM.match(s)
    before = lines[n - 1].strip() if n > 0 else ""
    return (not prose(n - 1) or before.endswith(":")) and not prose(n + 1)


def _area(rel: str, workspaces: set[str]) -> str:
    folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
    while folder and folder not in workspaces:
        folder = folder.rsplit("/", 1)[0] if "/" in folder else ""
    return folder


def _plain(line: str) -> str:
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", line).strip(" -:")
    return text if len(text) <= 100 else text[:97].rsplit(" ", 1)[0] + " ..."


def _add(out: list[Command], seen: set[str], line: str | None, rel: str, area: str, doc: str) -> None:
    if line and line not in seen and len(out) < PER_GUIDE:
        seen.add(line)
        out.append(Command(line, line, rel, area=area, doc=doc[:120]))
