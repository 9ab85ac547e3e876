"""git's output for the importers: what a command printed, or None when git is missing, fails or takes too long
(an importer reads git as an addition; a workspace without it imports all the same)."""

from __future__ import annotations

import logging
import subprocess
from pathlib import Path

log = logging.getLogger(__name__)
TIMEOUT = 5.0


def output(root: Path, *args: str, timeout: float = TIMEOUT) -> str | None:
    """What `git -C root ARGS` printed (undecodable bytes kept as surrogates, as the file system's names are), or None
    when it failed."""
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, timeout=timeout, check=False)
    except (OSError, subprocess.SubprocessError) as e:
        log.debug("git %s: %s", " ".join(args[:2]), e)
        return None
    return done.stdout.decode("utf-8", "surrogateescape") if done.returncode == 0 else None
