"""A folder made read-only for this process, even when the tests run as root (CI does): the unit and
end-to-end tiers both check that a read-only `.lore` is reported and nothing is lost."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[str]:
    """FOLDER read-only for this process, even as root; yields how it was done."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [folder, *folder.rglob("*")]}
        for p, mode in modes.items():
            p.chmod(mode & ~0o222)
        try:
            yield "chmod"
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    for how, on, off in (("bind mount", ["mount", "--bind", "-o", "ro"], ["umount"]),
                         ("chattr +i", ["chattr", "-R", "+i"], ["chattr", "-R", "-i"])):
        args = [str(folder), str(folder)] if how == "bind mount" else [str(folder)]
        if subprocess.run([*on, *args], capture_output=True, check=False).returncode != 0:
            continue
        if _writable(folder):  # e.g. an old mount that ignores ro on a bind
            subprocess.run([*off, str(folder)], capture_output=True, check=False)
            continue
        try:
            yield how
        finally:
            subprocess.run([*off, str(folder)], capture_output=True, check=True)
        return
    pytest.skip("cannot make a folder read-only for root here (neither a bind mount nor chattr works)")


def _writable(folder: Path) -> bool:
    try:
        (folder / ".probe").write_text("x")
    except OSError:
        return False
    (folder / ".probe").unlink()
    return True
