"""A real repository at a labelled commit, cloned from its bare mirror (the benches' shared step)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def clone_at(slug: str, commit: str, into: Path, mirror_root: Path) -> Path:
    """Clone `owner/name` from `mirror_root/owner+name` (a bare git dir, or one holding `repo/`) into
    `into` and check out `commit` on a branch named `bench`; returns `into`.

    A mirror may lack its largest files (vendored jars, binaries). Those are left out of the work tree
    by a sparse checkout, and said, rather than failing the whole checkout: a user's clone has them,
    but no decision is anchored to a jar, and Lore skips binaries."""
    mirror = mirror_root / slug.replace("/", "+")
    git_dir = mirror / "repo" if (mirror / "repo" / "HEAD").exists() else mirror
    if not (git_dir / "HEAD").exists():
        raise SystemExit(f"no mirror for {slug} under {mirror_root}: pass --mirror-root or --checkout")
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(git_dir), str(into)], check=True)
    missing = missing_blobs(into, commit)
    if missing:
        print(f"  ({len(missing)} files absent from the mirror left out of the checkout, e.g. {missing[0]})")
        subprocess.run(["git", "-C", str(into), "config", "core.sparseCheckout", "true"], check=True)
        sparse = into / ".git" / "info" / "sparse-checkout"
        sparse.parent.mkdir(parents=True, exist_ok=True)
        sparse.write_text("/*\n" + "".join(f"!/{_escaped(p)}\n" for p in missing))
    subprocess.run(["git", "-C", str(into), "checkout", "-q", "-B", "bench", commit], check=True)
    return into


def missing_blobs(repo: Path, commit: str) -> list[str]:
    """Paths of `commit` whose blobs the clone's object store does not hold."""
    tree = subprocess.run(["git", "-C", str(repo), "ls-tree", "-r", "-z", commit], check=True,
                          capture_output=True).stdout.decode("utf-8", "replace")
    entries = [line.split("\t", 1) for line in tree.split("\0") if "\t" in line]
    blobs = [(meta.split()[2], path) for meta, path in entries if meta.split()[1] == "blob"]
    if not blobs:
        return []
    out = subprocess.run(["git", "-C", str(repo), "cat-file", "--batch-check=%(objectname)"],
                         input="".join(f"{sha}\n" for sha, _ in blobs).encode(), check=True,
                         capture_output=True).stdout.decode().splitlines()
    return [path for (sha, path), line in zip(blobs, out) if line.endswith(" missing")]


def _escaped(path: str) -> str:
    """A path as a literal sparse-checkout pattern (its glob characters escaped)."""
    return "".join("\\" + ch if ch in "*?[]!#\\" else ch for ch in path)
