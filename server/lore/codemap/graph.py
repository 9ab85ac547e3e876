"""The module import graph of a workspace: folders of code, who imports whom, ranked by PageRank."""

from __future__ import annotations

import logging
from collections import Counter
from pathlib import Path, PurePosixPath

import attrs

from lore.codemap.files import code_language, read_source
from lore.codemap.imports import FileFacts, read_file
from lore.codemap.rank import pagerank
from lore.codemap.resolve import Resolver
from lore.codemap.tests import is_test_file

log = logging.getLogger(__name__)
MAX_GRAPH_FILES = 20_000
NOISE_DIRS = frozenset({"testdata", "fixtures", "__fixtures__", "__mocks__", "mocks", "examples", "example",
                        "docs", "scripts", "benchmarks", "bench"})
# Files whose doc speaks for their folder, best first.
_DOC_FILES = ("__init__.py", "doc.go", "lib.rs", "mod.rs", "main.rs", "index.ts", "index.js", "package-info.java")


@attrs.define
class Graph:
    """Modules (folders) with their files, docs and main flags, and the weighted import edges between them."""

    files: dict[str, list[str]] = attrs.field(factory=dict)  # folder -> code files
    language: dict[str, Counter] = attrs.field(factory=dict)
    docs: dict[str, str] = attrs.field(factory=dict)  # folder -> doc of its best doc file
    mains: dict[str, str] = attrs.field(factory=dict)  # folder -> language, folders holding a program
    edges: Counter = attrs.field(factory=Counter)
    generated: int = 0
    tests_only: set[str] = attrs.field(factory=set)  # folders holding only test files
    rank: dict[str, float] = attrs.field(factory=dict)


def read_graph(root: Path, files: list[str]) -> Graph:
    """Parse every code file once: imports resolved to folders, docs, programs; then rank the folders."""
    g = Graph()
    resolver = Resolver(root, files)
    code = [(f, lang) for f in files if (lang := code_language(f)) and not _noise(f)][:MAX_GRAPH_FILES]
    facts: list[tuple[str, str, FileFacts]] = []
    doc_rank: dict[str, int] = {}
    for rel, lang in code:
        data = read_source(root, rel)
        if data is None:
            g.generated += 1
            continue
        try:
            ff = read_file(lang, data)
        except Exception:  # one odd file never stops a map
            log.warning("reading imports of %s failed", rel, exc_info=True)
            continue
        folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
        g.files.setdefault(folder, []).append(rel)
        g.language.setdefault(folder, Counter())[_family(lang)] += 1
        if lang == "java" and ff.package:
            resolver.note_java_package(rel, ff.package)
        if ff.main and not is_test_file(rel):
            g.mains.setdefault(folder, lang)
        name = PurePosixPath(rel).name
        score = _DOC_FILES.index(name) if name in _DOC_FILES else len(_DOC_FILES)
        speaks = name in _DOC_FILES or lang == "go" and (ff.doc or "").startswith("Package ")  # not one file's doc
        if ff.doc and speaks and score < doc_rank.get(folder, len(_DOC_FILES) + 1):
            g.docs[folder], doc_rank[folder] = ff.doc, score
        facts.append((rel, lang, ff))
    for rel, lang, ff in facts:
        src = rel.rsplit("/", 1)[0] if "/" in rel else ""
        for names in ff.imports:
            dst = resolver.resolve(lang, rel, names)
            if dst is not None and dst != src and dst in g.files:
                g.edges[(src, dst)] += 1
    g.tests_only = {d for d, fs in g.files.items() if all(is_test_file(f) for f in fs)}
    weights = {d: (0.1 if d in g.tests_only else 1.0) for d in g.files}
    g.rank = pagerank(sorted(g.files), dict(g.edges), weights)
    return g


def _noise(rel: str) -> bool:
    return any(p in NOISE_DIRS for p in rel.split("/")[:-1])


def _family(lang: str) -> str:
    return "typescript" if lang == "tsx" else lang
