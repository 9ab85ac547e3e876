"""`build_map`: read a workspace into a `CodeMap` (manifests, build files, import graph, tests, READMEs)."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path, PurePosixPath

from lore.codemap.buildfiles import file_name, is_build_file, read_build_file
from lore.anchors.languages import language_for_path
from lore.codemap.files import CODE_LANGUAGES, FileList, list_files
from lore.codemap.graph import Graph, read_graph
from lore.codemap.manifests import MANIFEST_NAMES, read_manifest
from lore.codemap.guides import read_guides
from lore.codemap.model import CodeMap, EntryPoint, Module, source_rank
from lore.codemap.recipes import is_makefile, resolve_commands
from lore.codemap.routes import route_files
from lore.codemap.roles import assign_role, readme_summary
from lore.codemap.tests import is_test_file, test_layout

TOP_MODULES = 15
NOT_MANIFESTS = frozenset({"testdata", "fixtures", "__fixtures__", "examples", "example", "node_modules"})
_TEST_FOLDERS = frozenset({"testdata", "testutil", "testutils", "testing", "e2e", "integration", "fixtures",
                           "__tests__"})
_NOT_TESTS = frozenset({"latest", "contest", "attest", "protest", "manifest"})
_BUILT = re.compile(r"^(?:\./)?((?:[\w.-]+/)*?)(?:dist|build|out|lib)/(.+)\.[cm]?js$")
_KIND_ORDER = {"build": 0, "test": 1, "lint": 2, "run": 3, "generate": 4, "migrate": 5, "other": 6}


def manifest_files(files: list[str]) -> list[str]:
    """The manifests and build files among a file list (not under example or fixture folders)."""
    return [f for f in files if (file_name(f) in MANIFEST_NAMES or is_build_file(f))
            and not any(p in NOT_MANIFESTS for p in f.split("/")[:-1])]


def build_map(root: str | Path, files: FileList | None = None, warnings: list[str] | None = None) -> CodeMap:
    """The map of the workspace at `root`."""
    root = Path(root)
    warnings = [] if warnings is None else warnings
    files = files or list_files(root)
    cmap = CodeMap(name=root.resolve().name, files=len(files.files), left_out=dict(files.left_out),
                   left_out_dirs=list(files.left_out_dirs))
    makefiles: dict[str, str] = {}
    for rel in manifest_files(files.files):
        if PurePosixPath(rel).name in MANIFEST_NAMES:
            read_manifest(root, rel, cmap, warnings)
        else:
            read_build_file(root, rel, cmap, warnings)
            if is_makefile(rel):
                makefiles[rel] = _text(root, rel)
    resolve_commands(makefiles, cmap.commands)
    cmap.commands += read_guides(root, files.files, sub_projects(cmap))
    g = read_graph(root, files.files)
    if g.generated:
        cmap.left_out["generated"] = cmap.left_out.get("generated", 0) + sum(g.generated.values())
        cmap.left_out_dirs += [f"{d or '.'} ({n} generated)" for d, n in g.generated.most_common(5) if n >= 3]
    langs: Counter = Counter()
    for c in g.language.values():
        langs.update(c)
    langs.update(other_languages(files.files))
    cmap.languages = dict(langs.most_common())
    _modules(root, g, cmap)
    cmap.routes = route_files(g.routes)
    _programs(g, cmap)
    _built_to_source(cmap, set(files.files))
    cmap.tests = test_layout(files.files, cmap)
    cmap.commands = _dedupe(cmap.commands)
    cmap.workspaces = sorted(set(cmap.workspaces))
    return cmap


# What `language_for_path` names that is no programming language of the project: documents, data, styles, build files.
_NOT_PROGRAMS = frozenset("""markdown restructuredtext latex json jsonc yaml toml ini xml html css scss less make cmake
dockerfile vim""".split())


def other_languages(files: list[str]) -> Counter:
    """Source files per programming language among those the import graph does not read (C#, Kotlin, Ruby, PHP,
    Swift, C, ...; the file list leaves vendored and generated files out): the project's languages are all of its
    code, mapped or not."""
    out: Counter = Counter()
    for rel in files:
        lang = language_for_path(rel)
        if lang and lang not in CODE_LANGUAGES and lang not in _NOT_PROGRAMS:
            out[lang] += 1
    return out


def sub_projects(cmap: CodeMap) -> set[str]:
    """Folders holding a manifest of their own, those whose own build files define commands, and the
    workspaces the manifests name."""
    own = {m.rsplit("/", 1)[0] for m in cmap.manifests if "/" in m and PurePosixPath(m).name in MANIFEST_NAMES}
    return own | {c.area for c in cmap.commands if c.area} | set(cmap.workspaces)


def _text(root: Path, rel: str) -> str:
    try:
        return (root / rel).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _modules(root: Path, g: Graph, cmap: CodeMap) -> None:
    imported_by: Counter = Counter(b for (a, b) in g.edges if a != b)
    imports: Counter = Counter(a for (a, b) in g.edges if a != b)
    ranked = sorted((d for d in g.files if d not in g.tests_only), key=lambda d: (-_score(g, d, imported_by[d]), d))
    for d in ranked:
        m = Module(d, g.language[d].most_common(1)[0][0], len(g.files[d]), round(g.rank.get(d, 0.0), 5),
                   imported_by[d], imports[d])
        cmap.modules.append(m)
    for m in cmap.modules[:TOP_MODULES]:
        found = readme_summary(root, m.path)
        if found and found[1]:
            cmap.readmes[m.path or "."] = found[1]
        m.main_files = _main_files(root, g.files[m.path])[:8]
        assign_role(m, g.docs.get(m.path), found[1] if found else None, m.main_files)
    top = readme_summary(root, "")
    if top and top[1]:
        cmap.readmes.setdefault(".", top[1])


def _score(g: Graph, folder: str, importers: int) -> float:
    """PageRank, weighed by how many modules import the folder: a folder that a few modules of a tight
    cycle pass rank around does not outrank one the whole code base leans on."""
    return g.rank.get(folder, 0.0) * math.log2(2 + importers)


def _main_files(root: Path, files: list[str]) -> list[str]:
    """A module's code files that are not tests, biggest first."""
    def size(rel: str) -> int:
        try:
            return (root / rel).stat().st_size
        except OSError:
            return 0

    return sorted((f for f in files if not is_test_file(f)), key=lambda f: (-size(f), f))


def _programs(g: Graph, cmap: CodeMap) -> None:
    """Folders holding a program (Go `package main`, Rust `fn main`, a Python `__main__`) as entry points."""
    known = {e.target for e in cmap.entry_points}
    for folder, lang in sorted(g.mains.items()):
        if lang == "python" and not any(f.endswith("__main__.py") for f in g.files[folder]):
            continue  # a script's `if __name__ == "__main__"` is no entry point of the project
        if folder in known or _test_program(folder):
            continue
        parts = [p for p in folder.split("/") if p not in ("cmd", "src", "main", "bin")]
        name = parts[-1] if parts else cmap.name
        cmap.entry_points.append(EntryPoint(name, folder or ".", f"{folder}/" if folder else "./", "program"))


def _built_to_source(cmap: CodeMap, files: set[str]) -> None:
    """An entry point named by its built file (`dist/lib/server.js`) is shown as the source it is built from
    (`src/lib/server.ts`) when that file is there: the built one is ignored or absent in a checkout."""
    for e in cmap.entry_points:
        m = _BUILT.match(e.target)
        if m is None:
            continue
        found = next((f"{m[1]}src/{m[2]}{ext}" for ext in (".ts", ".tsx", ".mts", ".js", ".mjs")
                      if f"{m[1]}src/{m[2]}{ext}" in files), None)
        if found:
            e.target = found


def _test_program(folder: str) -> bool:
    """A `main` package that only tests run (`internal/integration/e2e`, `…/savetracetest`): no entry point."""
    return any(p in _TEST_FOLDERS or p.endswith(("test", "tests")) and p not in _NOT_TESTS for p in folder.lower().split("/"))


def _dedupe(commands):
    """Each command once (per area): the file that defines it (a manifest, a makefile) wins over a guide that
    documents it and over a CI step that calls it."""
    out = []
    kept = {}
    for c in sorted(commands, key=lambda c: source_rank(c.source)):
        key = (c.name, c.area)
        if key not in kept:
            kept[key] = c
            out.append(c)
        elif c.doc and not kept[key].doc:  # what a guide says a defined command is for
            kept[key].doc = c.doc
    return sorted(out, key=lambda c: (c.area.count("/") if c.area else -1, c.area, _KIND_ORDER.get(c.kind, 9)))
