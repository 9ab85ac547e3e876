"""Which importer reads a workspace file, decided from its path alone (cheap enough for file watching).

A markdown file in a folder named for decision records, or named like one (`adr-001-…`), goes to
the ADR importer, and so does a reStructuredText or AsciiDoc one (read as markdown, `lore.markup.rst`,
`lore.markup.adoc`); project documentation in any of the three (`docs.is_documentation`) to the
documentation importer; any other markdown file goes to the comments importer. For all of these the
runner still asks `detect` whether the text is a decision record (so a record anywhere is found).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from lore.anchors import language_for_path
from lore.markup import adoc, rst
from lore.sources.detect import folder_hint, name_hint
from lore.sources.docs import is_documentation
from lore.sources.layout import VENDORED, in_folder_of, library_copy

ADR, AGENTS, CURSOR, COPILOT, CLINE, CONTINUE, MEMORY_BANK, GUIDE, DOC, COMMENTS = (
    "adr", "agents", "cursor", "copilot", "cline", "continue", "memory-bank", "guide", "doc", "comments")
RULES_IMPORTERS = (AGENTS, CURSOR, COPILOT, CLINE, CONTINUE, MEMORY_BANK, GUIDE)

_AGENT_FILES = {"agents.md", "claude.md", "claude.local.md", "gemini.md"}
# Rules files an agent reads at the repository's root only, under a name that elsewhere may mean anything: the
# Warp terminal's `WARP.md` ("This file provides guidance to WARP (warp.dev) when working with code in this
# repository", thoni56/c-xrefactory's beside its CLAUDE.md).
_ROOT_AGENT_FILES = frozenset({"WARP.md"})
_LEGACY_RULES = {".cursorrules": CURSOR, ".windsurfrules": CURSOR, ".clinerules": CLINE}
_MARKDOWN = (".md", ".markdown", ".mdx", ".md.erb")  # `.md.erb`: markdown a site generator templates (docs.py)
_BARE_RECORD = re.compile(r"^\d{1,5}[-_][a-z0-9][a-z0-9_-]*[a-z0-9]$")  # a record's name with no extension
# `layout.VENDORED` but "external", which a project may name its own integrations' folder.
_THIRD_PARTY = (VENDORED - {"external"}) | {"node_modules", "bower_components"}
_RULES_SUFFIXES = (*_MARKDOWN, ".mdc", ".txt", ".yaml", ".yml")  # every name a rules importer may read ends so
# Languages a style guide may be named for (`haskell-code-style`, `python_style_guide`).
_STYLE_LANGUAGES = (r"python|haskell|java|kotlin|scala|go|golang|rust|ruby|javascript|typescript|js|ts|c|cpp|c\+\+|csharp|"
                    r"c#|swift|php|elixir|erlang|clojure|ocaml|dart|lua|perl|r|sql|shell|bash|css|scss|html|react|terraform")
# A guide's name: the contributing guide, or conventions, guidelines, standards or a style (guide), for a language
# (`GO_CONVENTIONS`, `haskell-code-style`), for code (`code-conventions`, `coding-standards`) or for the project.
# `coding-style-guide` is none: thanos-io/thanos's reads as one page of documentation (test_sources_docs).
_GUIDE = re.compile(rf"^(contributing|development[-_ ]?guidelines|(?:(?:{_STYLE_LANGUAGES})[-_ ])?"
                    r"(?:(?:code|coding)[-_ ]?)?(?:conventions|guidelines|standards|style|styleguide)|"
                    rf"(?:(?:{_STYLE_LANGUAGES})[-_ ])?style[-_ ]?guide)$", re.I)
SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".nox",
                       ".mypy_cache", ".pytest_cache", ".ruff_cache", ".lore", ".direnv", ".gradle",
                       "bower_components", ".next", ".nuxt", ".yarn", ".pnpm-store", ".terraform"})


def _contains(parts: tuple[str, ...], seq: tuple[str, ...]) -> bool:
    n = len(seq)
    return any(parts[i:i + n] == seq for i in range(len(parts) - n + 1))


def agent_rules_folder(parts: tuple[str, ...]) -> bool:
    """Whether folders (lower case) are an agent's folder of rules files, read as Claude Code reads
    `.claude/rules/`: Claude Code's, Windsurf's `.windsurf/rules/`, Roo's `.roo/rules/` and `.roo/rules-code/`,
    Amazon Q's `.amazonq/rules/`, and Kiro's steering files (`.kiro/steering/`). Cursor's `.cursor/rules/` and
    Continue's `.continue/rules/` have importers of their own."""
    if _contains(parts, (".kiro", "steering")):
        return True
    return any(a.startswith(".") and (b == "rules" or b.startswith("rules-")) for a, b in zip(parts, parts[1:]))


# An agent's saved commands and prompts: Claude Code's `.claude/commands/`, Copilot's `.github/prompts/`,
# Cursor's `.cursor/commands/`, Gemini CLI's `.gemini/commands/`, Windsurf's `.windsurf/workflows/`, opencode's.
_COMMAND_FOLDERS = ((".claude", "commands"), (".github", "prompts"), (".cursor", "commands"), (".gemini", "commands"),
                    (".windsurf", "workflows"), (".opencode", "command"), (".opencode", "commands"))


def _skills(parts: tuple[str, ...], i: int) -> bool:
    """Whether the `i`th of some folders (lower case) is an agent's skills folder: `skills/` at the root or in an
    agent's own folder (`.claude/skills/`, `.agents/skills/`)."""
    return parts[i] == "skills" and (i == 0 or parts[i - 1].startswith("."))


def agent_skill_folder(parts: tuple[str, ...]) -> bool:
    """Whether folders (lower case) hold an agent's skills: a skills folder (`_skills`) with a skill's folder
    below it."""
    return any(_skills(parts, i) and i + 1 < len(parts) for i in range(len(parts)))


def in_skills_folder(rel_path: str) -> bool:
    """Whether a markdown page sits directly in an agent's skills folder (`skills/performant-code.md`), where a
    skill may be kept as one page rather than as a folder with its `SKILL.md` (`skill_page`)."""
    parts = tuple(x.lower() for x in PurePosixPath(rel_path).parts[:-1])
    return bool(parts) and _skills(parts, len(parts) - 1) and is_markdown(rel_path)


def skill_page(rel_path: str, front: dict) -> bool:
    """Whether a page directly in a skills folder (`in_skills_folder`) is one skill: its front matter names it and
    says when to use it (`name`, `description`), as a `SKILL.md`'s does (RuggeroVisintin/SparkEngineWeb's
    `skills/test-driven-development.md`). It is read as the skills of that layout are: a page of documentation."""
    return in_skills_folder(rel_path) and isinstance(front, dict) \
        and all(isinstance(front.get(key), str) and front[key].strip() for key in ("name", "description"))


def agent_command(rel_path: str) -> bool:
    """Whether a page is an agent's saved command or prompt (`.claude/commands/adr/read_adr_metadata.md`):
    the steps of one task it runs when asked, neither a decision nor a page of documentation, whatever
    its folders (`adr/`) or its text (an ADR template it fills in) look like."""
    parts = tuple(x.lower() for x in PurePosixPath(rel_path).parts[:-1])
    return any(_contains(parts, pair) for pair in _COMMAND_FOLDERS)


def in_folders(rel_path: str, folders: list[str]) -> bool:
    """Whether a file sits in (or under) one of the given workspace-relative folders."""
    folder = PurePosixPath(rel_path).parent.as_posix()
    for f in folders:
        f = f.strip("/").replace("\\", "/")
        if f and (folder == f or folder.startswith(f + "/")):
            return True
    return False


def is_markdown(rel_path: str) -> bool:
    """Markdown by its extension."""
    return rel_path.lower().endswith(_MARKDOWN)


def is_page(rel_path: str) -> bool:
    """A page people write to be read: markdown, reStructuredText or AsciiDoc, by its extension."""
    return is_markdown(rel_path) or rst.is_rst(rel_path) or adoc.is_adoc(rel_path)


def record_text(importer: str, rel_path: str, text: str) -> str:
    """The text the importer reads: a reStructuredText or AsciiDoc record, guide or documentation page as
    markdown, line for line; any other as it is."""
    if importer not in (ADR, DOC, GUIDE):
        return text
    if rst.is_rst(rel_path):
        return rst.to_markdown(text)
    return adoc.to_markdown(text) if adoc.is_adoc(rel_path) else text


def third_party(rel_path: str) -> bool:
    """Whether a path lies in a folder of third-party, generated or built files (`vendor/`, `third_party/`,
    `dist/`, `target/`), or a browser library's copy (`Scripts/jquery-3.1.1.js`, `layout.library_copy`): a vendored
    library's comments, read-me and contributing guide are its own project's. A
    `build` folder inside a source tree is a package of the code (`src/mbed_tools/build/`), as
    `WorkspaceLayout.vendored` reads it."""
    return in_folder_of(rel_path.lower(), _THIRD_PARTY) or library_copy(rel_path)


def classify(rel_path: str, adr_folders: list[str] = ()) -> str | None:
    """The importer for a workspace-relative path, or None when no importer reads it (a file of a vendored
    or generated folder, unless a folder the user named holds it)."""
    if third_party(rel_path) and not in_folders(rel_path, list(adr_folders)):
        return None
    name = rel_path.rpartition("/")[2].lower()
    if (rst.is_rst(name) or adoc.is_adoc(name)) and "\\" not in rel_path and not rel_path.startswith((".", "/")):
        if in_folders(rel_path, list(adr_folders)) or folder_hint(rel_path) or name_hint(rel_path):
            return ADR  # a Sphinx or AsciiDoc project's decision records
        if _GUIDE.match(PurePosixPath(rel_path).stem):
            return GUIDE  # `CONTRIBUTING.rst`
        if is_documentation(rel_path):
            return DOC  # a Sphinx or AsciiDoc project's documentation pages, read as markdown
    if _BARE_RECORD.match(name) and "\\" not in rel_path and not rel_path.startswith((".", "/")) and folder_hint(rel_path):
        return ADR  # a numbered record saved without its `.md` in a decisions folder (`0006-use-servicebus-for-…`)
    if name and not name.endswith(_RULES_SUFFIXES) and name not in _AGENT_FILES and name not in _LEGACY_RULES \
            and name not in (".", "..") and "\\" not in rel_path and not rel_path.startswith((".", "/")):
        # Code and other files (most of a walk): neither markdown nor any rules file, so only the comments
        # importer may read them; a plain path needs no parsing.
        return COMMENTS if language_for_path(rel_path) else None
    p = PurePosixPath(rel_path)
    name = p.name.lower()
    parts = tuple(x.lower() for x in p.parts[:-1])
    if parts and parts[0] == ".lore":
        return None
    if name in _AGENT_FILES or rel_path in _ROOT_AGENT_FILES:
        return AGENTS
    if name in _LEGACY_RULES and name == p.name:
        return _LEGACY_RULES[name]
    md = name.endswith(_MARKDOWN)
    if _contains(parts, (".cursor", "rules")) and (name.endswith(".mdc") or md):
        return CURSOR
    if parts[-1:] == (".github",) and name == "copilot-instructions.md":
        return COPILOT
    if _contains(parts, (".github", "instructions")) and name.endswith(".instructions.md"):
        return COPILOT
    if ".clinerules" in parts and (md or name.endswith(".txt")):
        return CLINE
    if _contains(parts, (".continue", "rules")) and (md or name.endswith((".txt", ".mdc", ".yaml", ".yml"))):
        return CONTINUE if md or name.endswith((".txt", ".mdc")) else None
    if md and (parts[-1:] == ("memory-bank",) or parts[-2:] == (".serena", "memories")):
        return MEMORY_BANK  # Cline's memory bank; the notes Serena keeps for the agents it serves
    if md and agent_rules_folder(parts):
        return AGENTS
    if md and (name == "skill.md" and "skills" in parts or agent_skill_folder(parts)) \
            and not in_folders(rel_path, list(adr_folders)):
        # an agent skill (`.claude/skills/x/SKILL.md`, `skills/x/SKILL.md`) and the pages it refers to
        # (`.agents/skills/adr-skill/references/examples.md`): how to do one kind of work, loaded when it is asked
        # for; what it knows is found by search, as a page of documentation, never the team's rules or records
        return DOC
    if md and (in_folders(rel_path, list(adr_folders)) or folder_hint(rel_path) or name_hint(rel_path)):
        return ADR
    if md and _GUIDE.match(p.stem):
        return GUIDE
    if md and is_documentation(rel_path):
        return DOC
    return COMMENTS if language_for_path(rel_path) else None
