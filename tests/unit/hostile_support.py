"""Building hostile repositories for the `test_hostile_*` suites: planted links, a victim file
outside the workspace, the CLI run in this process."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from lore.cli.main import main

VICTIM_TEXT = b"# the user's own file outside the workspace\nexport PATH=$HOME/bin:$PATH\n"


def cli(capsys, ws: Path, *args: str) -> tuple[int, str, str]:
    """Run `lore -w WS ARGS` here; (exit code, stdout, stderr with line wrapping undone)."""
    code = main(["-w", str(ws), *args])
    out, err = capsys.readouterr()
    return code, out, " ".join(err.split())


def write(ws: Path, rel: str, data: str | bytes) -> Path:
    """Write a repository file, creating its folders."""
    path = ws / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def victim(tmp_path: Path, name: str = "bashrc") -> Path:
    """A file outside the workspace that a hostile link points at."""
    outside = tmp_path / "home"
    outside.mkdir(exist_ok=True)
    path = outside / name
    path.write_bytes(VICTIM_TEXT)
    return path


def fingerprint(folder: Path) -> dict[str, str]:
    """{relative path: sha256} of every file under `folder` (links not followed)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            out[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def link(ws: Path, rel: str, target: Path) -> Path:
    """Plant a symbolic link at `rel` pointing at `target`."""
    path = ws / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, path)
    return path


def add_json(capsys, ws: Path, *args: str) -> dict:
    """`lore add ... --json`, asserted to succeed."""
    code, out, err = cli(capsys, ws, "add", *args, "--json")
    assert code == 0, err
    return json.loads(out)
