"""Where tests live and what runs them."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import PurePosixPath

from lore.codemap.files import code_language
from lore.codemap.model import CodeMap, TestLayout

TEST_DIRS = frozenset({"tests", "test", "__tests__", "e2e", "testing", "integration_tests", "integration-tests"})
_TEST_NAME = re.compile(r"(^test_.*\.py$|_test\.py$|_test\.go$|\.(test|spec)\.[cm]?[jt]sx?$|Tests?\.java$|"
                        r"^conftest\.py$)")
MAX_FOLDERS = 250  # test folders kept per layout, for "where are the tests for X"
_PATTERNS = {"python": "test_*.py", "go": "*_test.go", "javascript": "*.test.js", "typescript": "*.test.ts",
             "tsx": "*.test.tsx", "rust": "*.rs", "java": "*Test.java"}


def is_test_file(rel: str) -> bool:
    """Whether a code file is a test (by its name or a test folder above it)."""
    name = PurePosixPath(rel).name
    return bool(_TEST_NAME.search(name)) or any(p in TEST_DIRS for p in rel.split("/")[:-1])


def test_layout(files: list[str], cmap: CodeMap) -> list[TestLayout]:
    """Test folders (or the code folders whose tests sit beside their code), with file counts and framework."""
    where: Counter = Counter()
    langs: dict[str, Counter] = {}
    folders: dict[str, Counter] = {}
    for rel in files:
        lang = code_language(rel)
        if lang is None or not is_test_file(rel):
            continue
        parts = rel.split("/")[:-1]
        cut = next((i for i, p in enumerate(parts) if p in TEST_DIRS), None)
        if cut is not None:
            key = "/".join(parts[:cut + 1]) + "/"
        else:
            key = f"{parts[0] + '/' if parts else ''}**/{_PATTERNS.get(lang, '*')} (beside the code)"
        where[key] += 1
        langs.setdefault(key, Counter())[lang] += 1
        folders.setdefault(key, Counter())["/".join(parts)] += 1
    return [TestLayout(path, _framework(langs[path].most_common(1)[0][0], cmap), n,
                       dict(folders[path].most_common(MAX_FOLDERS)))
            for path, n in where.most_common(12)]


def _framework(lang: str, cmap: CodeMap) -> str:
    fws = cmap.frameworks
    if lang == "python":
        return "pytest" if "pytest" in fws else "unittest"
    if lang in ("javascript", "typescript", "tsx"):
        return next((f for f in ("Vitest", "Jest", "Mocha", "Playwright", "Cypress") if f in fws), "node")
    if lang == "go":
        return "go test" + (" + testify" if "testify" in fws else "") + (" + Ginkgo" if "Ginkgo" in fws else "")
    if lang == "rust":
        return "cargo test"
    if lang == "java":
        return "JUnit 5" if "JUnit 5" in fws else "JUnit"
    return lang
