"""Which hosted repositories are this workspace, so a decision's links to its own files anchor.

Decisions link the code they speak of as `https://github.com/<owner>/<name>/blob/<commit>/<path>`.
Such a link names this workspace's file only when `<owner>/<name>` is this repository; a link to
another repository's file that happens to share a path (an upstream `x/auth/ante/ante.go`) names
nothing here. The repository is known by what the workspace says of itself: its git remotes
(`.git/config`, a worktree's or submodule's config where its `.git` file points, and when a remote is a copy on this
machine, that copy's remotes), the `repository` of its root package.json, the address its pyproject.toml, Cargo.toml or
setup.cfg gives as its repository or home, its Go module paths, or, when it
says none of these, its folder's name: `content-publisher`, or a clone folder ending in the name after a
separator (`alphagov__content-publisher`, `fork-content-publisher`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

_REMOTE = re.compile(r"^\s*url\s*=\s*\S*?github\.com[:/]+([\w.-]+)/([\w.-]+?)(?:\.git)?/?\s*$", re.M | re.I)
_REPO_URL = re.compile(r"github\.com[:/]+([\w.-]+)/([\w.-]+?)(?:\.git)?/?$", re.I)
_SHORTHAND = re.compile(r"^(?:github:)?([\w.-]+)/([\w.-]+?)(?:\.git)?$")  # npm's "github:o/shop", "o/shop"
_SEPARATORS = "_-+."
# The project's own address in a Python or Rust manifest: `Repository = "https://github.com/o/n"` under
# `[project.urls]`, Cargo's `repository = "…"`, setup.cfg's `url = …`.
_MANIFEST_URL = re.compile(r"^[ \t]*[\"']?(?:repository|source|source code|code|homepage|url)[\"']?[ \t]*[=:][ \t]*[\"']?"
                           r"https?://github\.com/([\w.-]+)/([\w-]+(?:\.(?!git\b)[\w-]+)*)(?:\.git)?/?[\"']?[ \t]*$", re.M | re.I)


# A remote that is a repository on this machine: `url = /srv/mirrors/app.git`, `url = ../app`, `url = file:///srv/app`.
_LOCAL_REMOTE = re.compile(r"^\s*url\s*=\s*((?:file://)?(?:/|\.{1,2}/)[^\n]*?)\s*$", re.M)
_GITDIR = re.compile(r"^gitdir:\s*(.+?)\s*$", re.M)


def git_config(git_dir: Path) -> str:
    """The text of a repository's git config (its first 64 KiB; "" when there is none): `git_dir/config`, or where a
    `.git` file points (a worktree's or a submodule's `gitdir: …`, whose `commondir` holds the config)."""
    try:
        if git_dir.is_file():
            found = _GITDIR.search(git_dir.read_text(encoding="utf-8", errors="replace")[:4096])
            if not found:
                return ""
            git_dir = (git_dir.parent / found.group(1)).resolve()
            common = git_dir / "commondir"
            if common.is_file():
                git_dir = (git_dir / common.read_text(encoding="utf-8", errors="replace").strip()).resolve()
        return (git_dir / "config").read_text(encoding="utf-8", errors="replace")[:65536]
    except OSError:
        return ""


def project_name(root: Path, repos: set[str]) -> str:
    """The workspace's own name in words: its folder's and those of the repositories it says it is (`repos`,
    `own_repositories`), "owner/name" written apart."""
    return " ".join([root.name, *sorted(repos)]).replace("/", " ")


def own_repositories(root: Path, go_modules: dict[str, str] | None = None) -> set[str]:
    """`owner/name` (lowercase) of every hosted repository the workspace says it is."""
    root = Path(root)
    out: set[str] = set()
    config = git_config(root / ".git")
    out |= {f"{o}/{n}".lower() for o, n in _REMOTE.findall(config)}
    if not out:  # cloned from a copy on disk: the remotes that copy names (one step, no further)
        for path in _LOCAL_REMOTE.findall(config):
            there = Path(path.removeprefix("file://"))
            there = there if there.is_absolute() else root / there
            for git_dir in (there / ".git", there):
                out |= {f"{o}/{n}".lower() for o, n in _REMOTE.findall(git_config(git_dir))}
    try:
        data = json.loads((root / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    repo = data.get("repository") if isinstance(data, dict) else None
    url = repo.get("url") if isinstance(repo, dict) else repo
    m = _REPO_URL.search(str(url or "").strip()) or _SHORTHAND.match(str(url or "").strip())
    if m:
        out.add(f"{m.group(1)}/{m.group(2)}".lower())
    for manifest in ("pyproject.toml", "Cargo.toml", "setup.cfg"):
        try:
            text = (root / manifest).read_text(encoding="utf-8", errors="replace")[:65536]
        except OSError:
            continue
        out |= {f"{o}/{n}".lower() for o, n in _MANIFEST_URL.findall(text)}
    for mod in go_modules or {}:
        parts = mod.split("/")
        if len(parts) >= 3 and parts[0] == "github.com":
            out.add(f"{parts[1]}/{parts[2]}".lower())
    return out


def is_own(owner: str, name: str, root: Path, known: set[str]) -> bool:
    """Whether `owner/name` is this workspace: a repository it says it is; when it says none, the name
    its folder carries (whole, or at the end after a separator). A fork's link (`someone/app` beside
    `org/app`) is a branch of work, not this code, unless a remote names that fork."""
    name = name.lower()
    if known:
        return f"{owner}/{name}".lower() in known
    folder = Path(root).name.lower()
    return folder == name or (folder.endswith(name) and folder[-len(name) - 1] in _SEPARATORS)
