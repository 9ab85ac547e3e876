"""Memories never shown on code (hovers, lenses, memories at a place): a guide's generic sections, tasks
from git history, facts of the codebase map. Searches and context packs still carry them."""

from __future__ import annotations

import re

GENERIC_HEADINGS = re.compile(
    r"^(agent context|context for|table of contents|contents|toc|overview|introduction|intro|about( this)?|"
    r"summary|index|readme|quick ?start|getting started)\b", re.I)


def is_generic_guide(source_kind: str, key: str | None, title: str) -> bool:
    """A guide's section that says what the guide is rather than how to code: never shown on code."""
    if source_kind != "rules-file":
        return False
    heading = title.split(": ")[-1]
    return bool(GENERIC_HEADINGS.match(heading)) or bool(GENERIC_HEADINGS.match(title))


# Tasks read from git history are anchored to every file they touched (a lock file to hundreds), and
# the codebase map's facts to whole modules: `lore history`, `lore map` and context packs carry
# them, hovers and lenses do not.
OFF_CODE_SOURCES = frozenset({"git", "code-map"})
OFF_CODE_KINDS = tuple(sorted(OFF_CODE_SOURCES))


def off_code(source_kind: str, key: str | None, title: str) -> bool:
    """A memory never shown on code: a guide's generic section, a task from git history, a map fact."""
    return source_kind in OFF_CODE_SOURCES or is_generic_guide(source_kind, key, title)


# Records: what a person or a team decided or taught. Only these are shown on code by meaning alone
# or by naming a symbol; guides' sections, code comments, tasks and map facts show where anchored.
RECORD_SOURCES = ("adr", "agent", "feedback", "manual", "team-file")


def record_ids(lore) -> frozenset[str]:
    """Ids of every record in the workspace's databases (`RECORD_SOURCES`; cached per database)."""
    out: frozenset[str] = frozenset()
    for store in lore.stores():
        out |= store.memories.ids_from_sources(RECORD_SOURCES)
    return out
