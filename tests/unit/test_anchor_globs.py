"""What a path anchor's glob covers, independent of the installed pathspec version (issue 13)."""

import pathspec
import pytest

from lore.memory import Anchor
from lore.recall import anchoring
from lore.recall.anchoring import AnchorMatcher, glob_covers
from lore.sources.discover import IgnoreRules

# (glob, path, expected): `dir/*` = files directly in dir, `dir/**` = everything below it,
# a glob without a slash = a file name at any depth. The README's anchor line says the same.
CASES = [
    ("src/*", "src/b.py", "glob"),
    ("src/*", "src/a/b.py", None),
    ("src/**", "src/b.py", "glob"),
    ("src/**", "src/a/b.py", "glob"),
    ("src/**", "srcx/b.py", None),
    ("*.py", "b.py", "glob"),
    ("*.py", "src/a/b.py", "glob"),
    ("src/*.py", "src/a/b.py", None),
    ("src/**/*.py", "src/a/b.py", "glob"),
    ("src/**/*.py", "src/b.py", "glob"),
    ("**/test_*.py", "tests/unit/test_x.py", "glob"),
    ("/src/*", "src/b.py", "glob"),
    ("docs/?.md", "docs/a.md", "glob"),
    ("docs/[ab].md", "docs/c.md", None),
    ("src", "src/a/b.py", "glob"),
    ("src/a/b.py", "src/a/b.py", "file"),
    ("Makefile", "tools/Makefile", "file"),
    ("./Makefile", "Makefile", "file"),
    ("./Makefile", "tools/Makefile", None),
    # route folders named with brackets (Next.js, SvelteKit, Nuxt) are the paths they spell
    ("src/app/[id]/page.tsx", "src/app/[id]/page.tsx", "file"),
    ("src/app/[id]/page.tsx", "src/app/i/page.tsx", "glob"),  # still a glob where the letters match
    ("src/app/[[...id]]/page.tsx", "src/app/[[...id]]/page.tsx", "file"),
    ("src/routes/[slug]/**", "src/routes/[slug]/+page.svelte", "glob"),
    ("src/routes/[slug]", "src/routes/[slug]/+page.svelte", "glob"),
    ("src/routes/[slug]/**", "src/routes/[slugs]/+page.svelte", None),
]


def test_a_route_file_a_record_names_shows_its_record():
    """pixel-art-gallery's 0010 anchored `src/app/[id]/page.tsx`, and the page never showed it."""
    matcher = AnchorMatcher([("routes", Anchor.parse("src/app/[id]/page.tsx")),
                             ("folder", Anchor.parse("src/app/[id]/**"))])
    assert set(matcher.for_place("src/app/[id]/page.tsx")) == {"routes", "folder"}
    assert set(matcher.for_place("src/app/[id]/opengraph.png/route.ts")) == {"folder"}


@pytest.mark.parametrize("glob,path,expected", CASES)
def test_glob_semantics(glob, path, expected):
    assert glob_covers(glob, path) == expected


def test_a_file_name_written_with_dot_slash_is_the_root_file_only():
    assert Anchor.parse("./.eslintrc.js").value == "./.eslintrc.js"
    assert Anchor.parse("././Makefile").to_text() == "./Makefile"
    assert Anchor.parse("./src/a.py").value == "src/a.py"  # a path with a folder is rooted already
    assert Anchor.parse("./*.py").value == "*.py"
    matcher = AnchorMatcher([("root", Anchor.parse("./.eslintrc.js")), ("any", Anchor.parse(".eslintrc.js"))])
    assert set(matcher.for_place(".eslintrc.js")) == {"root", "any"}
    assert set(matcher.for_place("packages/web/.eslintrc.js")) == {"any"}


def test_matcher_uses_the_same_semantics():
    matcher = AnchorMatcher([("m1", Anchor.parse("src/*")), ("m2", Anchor.parse("src/**"))])
    assert set(matcher.for_place("src/a/b.py")) == {"m2"}
    assert set(matcher.for_place("src/b.py")) == {"m1", "m2"}


def test_semantics_do_not_follow_pathspec_registry_names(monkeypatch):
    """The bug: the pattern was looked up by a registry name ("gitignore"/"gitwildmatch") whose meaning
    differs between pathspec 0.12 and 1.x, so `src/*` covered `src/a/b.py` on one and not the other.
    Re-registering the name with git's own semantics (what 0.12 gave) must change nothing."""
    registry = pathspec.util._registered_patterns
    for name in ("gitignore", "gitwildmatch"):
        monkeypatch.setitem(registry, name, pathspec.patterns.gitignore.spec.GitIgnoreSpecPattern)
    anchoring._spec.cache_clear()
    try:
        assert glob_covers("src/*", "src/a/b.py") is None
        assert glob_covers("src/*", "src/b.py") == "glob"
    finally:
        anchoring._spec.cache_clear()


def test_loreignore_keeps_git_semantics(tmp_path):
    """`.loreignore` is read as git reads `.gitignore`: `src/*` ignores the whole tree below src."""
    (tmp_path / "src" / "a").mkdir(parents=True)
    ignores = IgnoreRules(tmp_path, ["src/*"])
    assert ignores.ignored("src/a/b.py")


GLOBS = [g for g, _, _ in CASES if not g.startswith("/")] + [  # anchors are relative (Anchor.parse)
    "docs/adr/", "build/", "Makefile", "s*c/a.py", "a/**/b", "lib/*/x.py",
    "**/x.py", "src/a*/", "[sl]rc/*", "tests", "src/**/x.py", "x/y/z", "*",
]
PATHS = [p for _, p, _ in CASES] + [
    "docs/adr/0001-x.md", "lib/src/a.py", "a/x/b", "lib/q/x.py", "x.py", "src/ab/x", "Makefile",
    "tools/Makefile", "build/out.js", "pkg/build/out.js", "lrc/z", "x/y/z", "x/y/z/w.go", "src",
]


@pytest.mark.parametrize("path", PATHS)
def test_matcher_finds_every_glob_a_full_scan_finds(path):
    """The matcher only tries the globs rooted at a path's first folder plus those that match at any
    depth; that must find exactly what trying every glob finds."""
    matcher = AnchorMatcher([(f"m{i}", Anchor.parse(g)) for i, g in enumerate(GLOBS)])
    scanned = {(mid, kind) for glob, users in matcher.globs.items() for mid, _ in users
               if (kind := glob_covers(glob, path))}
    assert {(mid, kind) for mid, kind, _ in matcher._globs_covering(path)} == scanned


def test_a_path_is_matched_against_its_own_folder_globs_only():
    matcher = AnchorMatcher([(f"m{i}", Anchor.parse(f"pkg{i}/**")) for i in range(1000)])
    assert matcher._globs_that_may_cover("pkg7/a.py") == ["pkg7/**"]
