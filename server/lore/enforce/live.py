"""A workspace's enforced rules kept current for an editor, and one document's problems."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from lore.checks import Checks, RuleError, Violation, check_text, load_checks
from lore.workspace import memories_dir

if TYPE_CHECKING:
    from lore.api import Lore

TEAM_PREFIX = ".lore/"


@attrs.define
class DocumentProblems:
    """What one document shows: violations of confirmed rules of current decisions in its code, and
    the rule errors written in it (when it is a team file)."""

    violations: list[Violation] = attrs.field(factory=list)
    rule_errors: list[RuleError] = attrs.field(factory=list)
    conflicts: list[RuleError] = attrs.field(factory=list)  # git conflict markers (`lore.enforce.conflicts`)


class LiveChecks:
    """The rules a workspace enforces, loaded once and again only when a team file changes (its
    name, size or modification time) or the caller's `generation` moves (a memory was superseded,
    a status changed)."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self._lock = threading.Lock()
        self._key: tuple | None = None
        self._checks = Checks()

    def signature(self) -> tuple:
        """The team files as (name, size, mtime): cheap enough to take before every check."""
        folder = memories_dir(self.root)
        out = []
        try:
            for p in sorted(folder.glob("*.md")):
                st = p.stat()
                out.append((p.name, st.st_size, st.st_mtime_ns))
        except OSError:
            pass
        return tuple(out)

    def get(self, lore: Lore, generation: int = 0) -> Checks:
        """The enforced rules, exceptions and rule errors (reloaded when stale)."""
        key = (self.signature(), generation)
        with self._lock:
            if key != self._key:
                self._checks = load_checks(lore)
                self._key = key
            return self._checks

    def forget(self) -> None:
        """Reload on the next `get` (after this process wrote a team file)."""
        with self._lock:
            self._key = None


def problems_in(checks: Checks, rel_path: str, text: str, language: str | None = None, *,
                symbols: bool = False) -> DocumentProblems:
    """One document's problems: rule errors when it is a team file, else the violations of its text
    (an editor buffer: its syntax tree is kept for the next edit). `symbols` fills each violation's
    enclosing definition (a second pass: code actions need it, diagnostics do not)."""
    errors = [e for e in checks.errors if e.file == rel_path]
    if rel_path.startswith(TEAM_PREFIX):
        return DocumentProblems([], errors)
    found = check_text(checks.rules, rel_path, text, language, checks.exceptions, symbols=symbols)
    return DocumentProblems(found, errors)
