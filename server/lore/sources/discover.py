"""Finding source files: a walk of the workspace that honours .gitignore (nested ones too),
`.loreignore` and extra globs, skips tool folders, follows symlinks only inside the workspace
and never twice into the same real folder.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import attrs
import pathspec

from lore.sources import gitrun
from lore.sources.classify import SKIP_DIRS, classify
from lore.sources.config import CONFIG_PATH
from lore.sources.summary import ImportSettings
from lore.sources.ignorecheck import SpecCheck

log = logging.getLogger(__name__)
IGNORE_FILES = (".gitignore", ".loreignore")


@attrs.define
class Candidate:
    """A file some importer reads."""

    rel: str
    path: str
    importer: str
    walked: bool = False  # found by `walk`, which saw its folder resolve inside the workspace


class IgnoreRules:
    """gitignore semantics across nested ignore files: the deepest file that matches decides.

    As in git, a file git tracks is never ignored by `.gitignore` or `.git/info/exclude` (those only say which
    untracked files git leaves alone): a Go repository ignoring its built binary `imgcull` keeps the tracked
    `cmd/imgcull/main.go`, and a folder an ignore pattern names is still walked for the tracked files it holds.
    `.loreignore` and the extra globs are Lore's own and apply to tracked files too. What git tracks is asked once,
    when a path first matches an ignore pattern (`scope`: only under this path, for a check of one file).
    """

    def __init__(self, root: Path, extra: list[str] = (), scope: str | None = None):
        self.root = root
        self.checks: dict[str, SpecCheck] = {}  # a pre-checked spec per folder with patterns
        self.lore_checks: dict[str, SpecCheck] = {}  # the same of `.loreignore` files
        self.extra = SpecCheck(pathspec.GitIgnoreSpec.from_lines(list(extra))) if extra else None
        self.entered: set[str] = set()  # folders whose own ignore files were read (`.git/info/exclude` is none)
        self.scope = scope
        self._tracked: frozenset[str] | None = None
        exclude = root / ".git" / "info" / "exclude"
        self._load("", [exclude] if exclude.is_file() else [])

    def _load(self, folder: str, files: list[Path]) -> None:
        git_lines: list[str] = []
        lore_lines: list[str] = []
        for f in files:
            try:
                lines = f.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                continue
            (lore_lines if f.name == ".loreignore" else git_lines).extend(lines)
        self._add(self.checks, folder, git_lines)
        self._add(self.lore_checks, folder, lore_lines)

    @staticmethod
    def _add(checks: dict[str, SpecCheck], folder: str, lines: list[str]) -> None:
        if not lines:
            return
        with warnings.catch_warnings():  # `[[` in a pattern: Python's regex warns of a meaning it may take later
            warnings.simplefilter("ignore", FutureWarning)
            spec = pathspec.GitIgnoreSpec.from_lines(lines)
            prev = checks.get(folder)
            checks[folder] = SpecCheck(spec if prev is None else prev.spec + spec)

    def enter(self, folder: str, absolute: str) -> None:
        """Read the ignore files of a folder about to be walked."""
        self.entered.add(folder)
        self._load(folder, [Path(absolute, n) for n in IGNORE_FILES if os.path.isfile(os.path.join(absolute, n))])

    def load_for(self, rel: str) -> None:
        """Read the ignore files of every folder above `rel` (for checks without a walk)."""
        parts = rel.split("/")[:-1]
        for i in range(len(parts) + 1):
            folder = "/".join(parts[:i])
            if folder not in self.entered:
                self.enter(folder, str(self.root / folder) if folder else str(self.root))

    def ignored(self, rel: str, is_dir: bool = False) -> bool:
        """Whether a workspace-relative path is ignored."""
        own = _verdict(self.lore_checks, rel, is_dir)
        if self.extra is not None:
            include = self.extra.include(rel + ("/" if is_dir else ""))
            if include is not None:
                own = include
        if own is not None:
            return own
        return bool(_verdict(self.checks, rel, is_dir)) and not self.tracked(rel)

    def tracked(self, rel: str) -> bool:
        """Whether git tracks the file `rel`, or a file under the folder `rel`."""
        if self._tracked is None:
            self._tracked = tracked_paths(self.root, self.scope)
        return rel in self._tracked


def _verdict(checks: dict[str, SpecCheck], rel: str, is_dir: bool) -> bool | None:
    """What the deepest ignore file with a matching pattern says of `rel` (None: no pattern matches)."""
    verdict = None
    parts = rel.split("/")
    for i in range(len(parts)):
        check = checks.get("/".join(parts[:i]) if i else "")
        if check is None:
            continue
        include = check.include("/".join(parts[i:]) + ("/" if is_dir else ""))
        if include is not None:
            verdict = include
    return verdict


def tracked_paths(root: Path, scope: str | None = None) -> frozenset[str]:
    """The files git tracks under `root` (under `scope` only, when given) and every folder holding one, relative to
    `root`; empty outside a repository or without git."""
    if not (root / ".git").exists() and not any((p / ".git").exists() for p in root.resolve().parents):
        return frozenset()
    listed = gitrun.output(root, "ls-files", "-z", "--", scope or ".", timeout=60)
    out: set[str] = set()
    for rel in (listed or "").split("\0"):
        while rel and rel not in out:
            out.add(rel)
            rel = rel.rpartition("/")[0]
    return frozenset(out)


def walk(root: Path, rules: IgnoreRules, adr_folders: list[str], skipped, every=None) -> Iterator[Candidate]:
    """Candidates under `root` in a stable order; `skipped(reason)` counts what is left out.

    `every(rel, is_dir)`, when given, hears of every folder and file the walk keeps, candidate or not
    (the workspace layout that resolves what decisions name is built from it).
    """
    real_root = os.path.realpath(root)
    seen_dirs = {real_root}
    seen_files: set[str] = set()
    stack = [("", str(root), real_root)]  # a folder's real path is known: no realpath per file
    while stack:
        folder, absolute, real_folder = stack.pop()
        rules.enter(folder, absolute)
        try:
            entries = sorted(os.scandir(absolute), key=lambda e: e.name)
        except OSError as e:
            log.warning("cannot read folder %s: %s", absolute, e)
            skipped("unreadable")
            continue
        subdirs = []
        for entry in entries:
            rel = f"{folder}/{entry.name}" if folder else entry.name
            try:
                is_dir = entry.is_dir()
                is_link = entry.is_symlink()
            except OSError:
                continue
            if is_dir:
                if entry.name in SKIP_DIRS or rules.ignored(rel, True):
                    continue
                key = os.path.realpath(entry.path) if is_link else os.path.join(real_folder, entry.name)
                if is_link and not _inside(key, real_root):
                    skipped("outside workspace")
                    continue
                if key in seen_dirs:
                    continue
                seen_dirs.add(key)
                subdirs.append((rel, entry.path, key))
                if every is not None:
                    every(rel, True)
                continue
            importer = classify(rel, adr_folders)
            if every is not None:
                if rules.ignored(rel):
                    continue
                every(rel, False)
            elif importer is None or rules.ignored(rel):
                continue
            if importer is None or not entry.is_file():
                continue
            real = os.path.realpath(entry.path) if is_link else os.path.join(real_folder, entry.name)
            if is_link and not _inside(real, real_root):
                skipped("outside workspace")
                continue
            if real in seen_files:
                continue
            seen_files.add(real)
            yield Candidate(rel, entry.path, importer, True)
        stack.extend(reversed(subdirs))


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def is_source_path(rel_path: str, settings: ImportSettings | None = None, root: str | os.PathLike | None = None) -> bool:
    """Would discovery consider this workspace-relative file? (Filters file-watching events.)"""
    settings = settings or ImportSettings()
    rel = rel_path.replace("\\", "/").strip("/")
    parts = rel.split("/")
    if PurePosixPath(rel).name in IGNORE_FILES:
        return True
    if parts[0] == ".lore":
        return rel == CONFIG_PATH or (len(parts) == 3 and parts[1] == "memories" and rel.endswith(".md"))
    if any(p in SKIP_DIRS for p in parts[:-1]) or classify(rel, settings.adr_folders) is None:
        return False
    if root is not None:
        rules = IgnoreRules(Path(root), settings.ignore, scope=rel)
        rules.load_for(rel)
        return not rules.ignored(rel)
    return not (settings.ignore and pathspec.GitIgnoreSpec.from_lines(settings.ignore).match_file(rel))
