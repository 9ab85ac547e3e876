"""Discovery: .gitignore (nested), .loreignore, tool folders, symlinks, binary / large / undecodable files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.api import Lore
from lore.sources import ImportSettings, is_source_path
from lore.ingest import run_import
from lore.sources.discover import IgnoreRules, walk


def write(root: Path, rel: str, data: str | bytes) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data.encode() if isinstance(data, str) else data)


def found(root: Path, settings: ImportSettings | None = None) -> tuple[list[str], dict[str, int]]:
    settings = settings or ImportSettings()
    skipped: dict[str, int] = {}
    rels = [c.rel for c in walk(root, IgnoreRules(root, settings.ignore), settings.adr_folders,
                                lambda r: skipped.__setitem__(r, skipped.get(r, 0) + 1))]
    return rels, skipped


def test_gitignore_nested_and_negated(tmp_path):
    write(tmp_path, ".gitignore", "build/\n*.gen.py\n")
    write(tmp_path, "app/.gitignore", "local_*.py\n!local_keep.py\n")
    for rel in ("app/main.py", "app/local_x.py", "app/local_keep.py", "build/out.py", "app/x.gen.py",
                "node_modules/lib/index.js", ".venv/lib/site.py", ".git/hooks/pre-commit.py", ".lore/lore.db"):
        write(tmp_path, rel, "x = 1\n")
    rels, _ = found(tmp_path)
    assert rels == ["app/local_keep.py", "app/main.py"]


def test_an_odd_ignore_pattern_raises_no_warning(tmp_path):
    """`[[` in a pattern makes Python's regex warn of a meaning it may take later: the walk says nothing of it."""
    import warnings

    write(tmp_path, ".gitignore", "[[x]*.py\nbuild/\n")
    for rel in ("src/a.py", "build/b.py"):
        write(tmp_path, rel, "x = 1\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rels, _ = found(tmp_path)
    assert rels == ["src/a.py"]


def test_loreignore_and_extra_globs(tmp_path):
    write(tmp_path, ".loreignore", "vendor/\n")
    for rel in ("vendor/a.py", "src/a.py", "src/gen/b.py", "docs/adr/0001-x.md"):
        write(tmp_path, rel, "x = 1\n")
    rels, _ = found(tmp_path, ImportSettings(ignore=["src/gen/"]))
    assert rels == ["docs/adr/0001-x.md", "src/a.py"]


def test_symlinks_stay_inside_and_never_loop(tmp_path):
    root, outside = tmp_path / "ws", tmp_path / "outside"
    write(outside, "secret.py", "# DECISION: outside\n")
    write(root, "src/a.py", "x = 1\n")
    write(root, "AGENTS.md", "# A\n\nUse tabs.\n")
    os.symlink(outside, root / "ext")
    os.symlink(root / "src", root / "src" / "loop")
    os.symlink(root / "AGENTS.md", root / "CLAUDE.md")
    os.symlink(outside / "secret.py", root / "linked.py")
    rels, skipped = found(root)
    assert rels == ["AGENTS.md", "src/a.py"]
    assert skipped == {"outside workspace": 2}


def test_binary_large_and_undecodable_files_are_counted(tmp_path):
    lore = Lore(tmp_path / "ws", user_db=tmp_path / "user.db", embedder=HashEmbedder())
    try:
        write(lore.root, "a.py", b"# DECISION: fine\nx = 1\n")
        write(lore.root, "b.py", b"\x00\x01binary")
        write(lore.root, "c.py", b"# caf\xe9\n")
        write(lore.root, "d.py", "# DECISION: big\n" + "x = 1\n" * 400)
        summary = run_import(lore, settings=ImportSettings(max_file_size=1000))
        assert summary.skipped == {"binary": 1, "not utf-8": 1, "too large": 1}
        assert summary.files_seen == 4 and summary.imported == 1 and summary.added == 1
        again = run_import(lore, settings=ImportSettings(max_file_size=1000))
        assert again.skipped == summary.skipped and again.unchanged == 1 and again.imported == 0
    finally:
        lore.close()


@pytest.mark.parametrize(("path", "expected"), [
    pytest.param("docs/adr/0002-x.md", True, id="adr"),
    pytest.param("src/app.py", True, id="code"),
    pytest.param(".cursor/rules/a.mdc", True, id="cursor"),
    pytest.param(".lore/memories/x.md", True, id="team-file"),
    pytest.param(".gitignore", True, id="ignore-file"),
    pytest.param("node_modules/x/index.js", False, id="node-modules"),
    pytest.param("assets/logo.png", False, id="unknown-type"),
    pytest.param(".lore/lore.db", False, id="database"),
    pytest.param("gen/x.py", False, id="extra-ignore"),
])
def test_is_source_path(path, expected):
    assert is_source_path(path, ImportSettings(ignore=["gen/"])) is expected


def test_is_source_path_reads_gitignore_files_when_given_the_root(tmp_path):
    write(tmp_path, ".gitignore", "build/\n")
    write(tmp_path, "pkg/.gitignore", "*.gen.py\n")
    assert is_source_path("src/app.py", None, tmp_path)
    assert not is_source_path("build/app.py", None, tmp_path)
    assert not is_source_path("pkg/x.gen.py", None, tmp_path)
    assert is_source_path("pkg/x.py", None, tmp_path)


def test_checks_without_a_walk_read_the_root_gitignore_beside_git_info_exclude(tmp_path):
    """`git init` writes `.git/info/exclude`: a check of one path (the file watcher's, an explicit import's) read
    it and took the root as read, so the root `.gitignore` was never applied."""
    write(tmp_path, ".git/info/exclude", "# git ls-files --others --exclude-from=.git/info/exclude\n*.local\n")
    write(tmp_path, ".gitignore", "node_modules/\ndist/\n")
    rules = IgnoreRules(tmp_path)
    for rel in ("node_modules/lib/index.js", "dist/app.js", "src/app.js", "src/x.local"):
        rules.load_for(rel)
    assert [rel for rel in ("node_modules/lib/index.js", "dist/app.js", "src/app.js", "src/x.local")
            if rules.ignored(rel) or rules.ignored(rel.split("/")[0], True)] == [
        "node_modules/lib/index.js", "dist/app.js", "src/x.local"]


def _git(root, *args):
    import subprocess
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@x", "GIT_COMMITTER_NAME": "a",
                        "GIT_COMMITTER_EMAIL": "a@x", "PATH": os.environ["PATH"], "HOME": str(root)})


def test_tracked_files_are_never_ignored_by_gitignore(tmp_path):
    """A Go repository ignores its built binary `imgcull`, a pattern that also matches the tracked folder
    `cmd/imgcull/`: git still tracks `cmd/imgcull/main.go`, and so must the walk (it dropped the entry point, its
    comments and the folder's place in the layout). Untracked files there stay ignored; `.loreignore` still applies."""
    write(tmp_path, ".gitignore", "imgcull\n*.log\n")
    write(tmp_path, "cmd/imgcull/main.go", "// Package main. See ADR-0002.\npackage main\n")
    write(tmp_path, "docs/adr/0001-use-bbolt.md", "# 1. Use bbolt\n\n## Status\n\nAccepted\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-f", ".gitignore", "cmd/imgcull/main.go", "docs")
    _git(tmp_path, "commit", "-q", "-m", "start")
    write(tmp_path, "cmd/imgcull/scratch.go", "package main\n")  # untracked, under the ignored folder
    write(tmp_path, "imgcull", "binary")
    seen = []
    list(walk(tmp_path, IgnoreRules(tmp_path), [], lambda _r: None, every=lambda rel, d: seen.append(rel)))
    assert "cmd/imgcull" in seen and "cmd/imgcull/main.go" in seen
    assert "cmd/imgcull/scratch.go" not in seen and "imgcull" not in seen
    assert is_source_path("cmd/imgcull/main.go", None, tmp_path)
    assert not is_source_path("cmd/imgcull/scratch.go", None, tmp_path)
    write(tmp_path, ".loreignore", "cmd/\n")
    rules = IgnoreRules(tmp_path)
    rules.load_for("cmd/imgcull/main.go")
    assert rules.ignored("cmd", True) and rules.ignored("cmd/imgcull/main.go")


def test_outside_a_repository_ignore_files_alone_decide(tmp_path):
    """No git: nothing is tracked, the patterns decide as before."""
    write(tmp_path, ".gitignore", "imgcull\n")
    write(tmp_path, "cmd/imgcull/main.go", "package main\n")
    rules = IgnoreRules(tmp_path)
    rules.load_for("cmd/imgcull/main.go")
    assert rules.ignored("cmd/imgcull", True) and rules.ignored("cmd/imgcull/main.go")


def test_a_file_name_that_is_no_utf8_is_listed_as_the_file_system_names_it(tmp_path):
    """git prints the names it tracks as bytes; one that is no UTF-8 (`caf\\xe9.md`) is read as `os` reads it, not a
    decoding error out of the import."""
    from lore.sources.discover import tracked_paths

    name = os.fsdecode(b"caf\xe9.md")
    (tmp_path / name).write_text("x\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "-c", "core.quotepath=false", "add", "--", name)
    assert name in tracked_paths(tmp_path)
