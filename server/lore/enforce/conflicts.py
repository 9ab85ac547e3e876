"""Git conflict markers in a file Lore reads memories from (a team file, an imported ADR or rules
file), as an error on the first marker's line: the editor says what `lore doctor` and the command
line say, and the last good version of the file stays in use until the markers are resolved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lore.checks.model import RuleError
from lore.markup.conflicts import conflict_line, conflict_message
from lore.workspace import LORE_DIR, MEMORIES_DIR

if TYPE_CHECKING:
    from lore.api import Lore

TEAM_FOLDER = f"{LORE_DIR}/{MEMORIES_DIR}/"


def conflict_errors(lore: Lore, rel_path: str, text: str) -> list[RuleError]:
    """The conflict in `text` (the editor's copy of `rel_path`) when Lore reads memories from that file."""
    if not (rel_path.startswith(TEAM_FOLDER) or lore.store.sources.get(rel_path) is not None):
        return []
    line = conflict_line(text)
    if line is None:
        return []
    return [RuleError(rel_path, line - 1, conflict_message(rel_path, line))]
