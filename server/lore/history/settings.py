"""How much history an import reads: `[history]` in `.lore/config.toml`, shared by every clone.

    [history]
    max_commits = 5000      # the newest commits read (0: no limit)
    since = "2 years ago"   # anything git's --since takes; "" for no date bound; a span back
                            # from now counts back from the newest commit that is no
                            # upkeep (a dependency bump, a release, dependabot's or
                            # github-actions'; a person's or a coding agent's counts)
    enabled = true
"""

from __future__ import annotations

import json
import os
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import attrs

from lore.sources.config import CONFIG_PATH

DEFAULT_MAX_COMMITS = 5000
DEFAULT_SINCE = "2 years ago"


@attrs.define
class HistorySettings:
    """The window of history read, and whether it is read at all."""

    max_commits: int = DEFAULT_MAX_COMMITS
    since: str = DEFAULT_SINCE
    enabled: bool = True

    def fingerprint(self) -> str:
        """What decides which commits are in the window (a change reads the window again)."""
        return json.dumps({"max": self.max_commits, "since": self.since, "span_from": "newest commit a person made"})


def read_settings(root: str | os.PathLike, warnings: list[str] | None = None) -> HistorySettings:
    """The workspace's history settings; defaults when the file or section is missing or unreadable."""
    path = Path(root) / CONFIG_PATH
    out = HistorySettings()
    if not path.is_file():
        return out
    try:
        section = tomllib.loads(path.read_text(encoding="utf-8")).get("history") or {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        if warnings is not None:
            warnings.append(f"{CONFIG_PATH}:1: [history] not read: {e}")
        return out
    if isinstance(section.get("max_commits"), int) and section["max_commits"] >= 0:
        out.max_commits = section["max_commits"]
    if isinstance(section.get("since"), str):
        out.since = section["since"].strip()
    if isinstance(section.get("enabled"), bool):
        out.enabled = section["enabled"]
    return out
