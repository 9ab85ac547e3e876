"""Gather the rules and exceptions of a workspace's team files, keeping only what is enforced."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import attrs

from lore.checks.model import Rule, RuleError, RuleException
from lore.checks.rulefile import FileChecks, mentions_checks, read_checks
from lore.workspace import memories_dir

if TYPE_CHECKING:
    from lore.service import Lore

log = logging.getLogger(__name__)
MAX_TEAM_FILE = 1_048_576
ENFORCED_STATUS = "active"


@attrs.define
class Checks:
    """What a workspace enforces: confirmed rules of active memories, their exceptions, and every
    error found on the way (whether or not its memory is enforced), and all rules read (`all_rules`,
    for `lore checks list`: proposed, rejected and those of retired memories too)."""

    rules: list[Rule] = attrs.field(factory=list)
    exceptions: list[RuleException] = attrs.field(factory=list)
    errors: list[RuleError] = attrs.field(factory=list)
    all_rules: list[Rule] = attrs.field(factory=list)


def read_team_checks(lore: Lore) -> list[FileChecks]:
    """The checks of every team file that mentions any (unreadable files are skipped: sync reports them)."""
    folder = memories_dir(lore.root)
    out = []
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        try:
            if path.is_symlink() or path.stat().st_size > MAX_TEAM_FILE:
                continue
            text = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            log.warning("team file %s not read for checks: %s", path, e)
            continue
        if mentions_checks(text):
            out.append(read_checks(text, path.relative_to(lore.root).as_posix()))
    return out


def enforced(lore: Lore, fc: FileChecks) -> bool:
    """Whether a file's memory is current: active in its file and in the database (a successor that
    `supersedes:` it marks it superseded in the database only), and not an unconfirmed agent's."""
    if fc.status != ENFORCED_STATUS or fc.agent_unconfirmed:
        return False
    try:
        m = lore.store.memories.get(fc.memory_id)
    except Exception:  # a database that cannot answer: the file alone decides
        log.warning("status of %s not read from the database", fc.memory_id, exc_info=True)
        return True
    return m is None or m.status.value == ENFORCED_STATUS


def decision_status(lore: Lore, rule: Rule) -> tuple[bool, str]:
    """For a rule naming another memory (`decision:`): whether that memory is current, and its title.
    A memory this database does not hold (an ADR not imported in this clone) counts as current."""
    try:
        m = lore.get(rule.memory_id)
    except Exception:  # NotFoundError, or a database that cannot answer
        return True, rule.memory_title
    return m.status.value == ENFORCED_STATUS, m.title


def load_checks(lore: Lore) -> Checks:
    """Confirmed rules and exceptions of the workspace's current decisions, with every rule error."""
    out = Checks()
    for fc in read_team_checks(lore):
        out.errors += fc.errors
        rules = []
        for r in fc.rules:
            if r.memory_id != fc.memory_id:
                current, title = decision_status(lore, r)
                r = attrs.evolve(r, memory_title=title)
                if not current:
                    out.all_rules.append(r)
                    continue
            rules.append(r)
        out.all_rules += rules
        if enforced(lore, fc):
            out.rules += [r for r in rules if r.confirmed]
            out.exceptions += fc.exceptions
    return out


def load_rules(lore: Lore) -> tuple[list[Rule], list[RuleError]]:
    """The rules to enforce (confirmed rules of active memories only) and the errors in team files."""
    found = load_checks(lore)
    return found.rules, found.errors
