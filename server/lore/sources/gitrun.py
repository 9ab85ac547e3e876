"""git's output for the importers: what a command printed, or None when git is missing, fails or takes too long
(an importer reads git as an addition; a workspace without it imports all the same); or, for a long read such as
the whole history's log, what it printed before it stopped (`output_so_far`)."""

from __future__ import annotations

import logging
import subprocess
from pathlib import Path
from typing import NamedTuple

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
    return _text(done.stdout) if done.returncode == 0 else None


class SoFar(NamedTuple):
    """What a git command printed before it finished or stopped (`output_so_far`)."""

    text: str
    stopped: str | None = None  # why it stopped before finishing: its exit status and last word, or its time
    timed_out: bool = False  # stopped for its time: the text may end anywhere, a line or a record cut in two


def output_so_far(root: Path, *args: str, timeout: float = TIMEOUT) -> SoFar | None:
    """What `git -C root ARGS` printed, even when it stopped part-way, and why it stopped: `git log` over a partial
    clone exits 128 at the first commit needing a blob it lacks, one over a long history may run out of time, and
    what it printed before that stands. None when git could not run."""
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as e:
        return SoFar(_text(e.stdout or b""), f"stopped after {timeout:g}s", timed_out=True)
    except (OSError, subprocess.SubprocessError) as e:
        log.debug("git %s: %s", " ".join(args[:2]), e)
        return None
    if done.returncode == 0:
        return SoFar(_text(done.stdout))
    said = _text(done.stderr).strip().splitlines()
    return SoFar(_text(done.stdout), f"exit {done.returncode}" + (f": {said[-1]}" if said else ""))


def _text(out: bytes) -> str:
    return out.decode("utf-8", "surrogateescape")
