"""A real repository at a labelled commit, cloned from its bare mirror (the benches' shared step)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def clone_at(slug: str, commit: str, into: Path, mirror_root: Path) -> Path:
    """Clone `owner/name` from `mirror_root/owner+name` (a bare git dir, or one holding `repo/`) into
    `into` and check out `commit` on a branch named `bench`; returns `into`."""
    mirror = mirror_root / slug.replace("/", "+")
    git_dir = mirror / "repo" if (mirror / "repo" / "HEAD").exists() else mirror
    if not (git_dir / "HEAD").exists():
        raise SystemExit(f"no mirror for {slug} under {mirror_root}: pass --mirror-root or --checkout")
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(git_dir), str(into)], check=True)
    subprocess.run(["git", "-C", str(into), "checkout", "-q", "-B", "bench", commit], check=True)
    return into
