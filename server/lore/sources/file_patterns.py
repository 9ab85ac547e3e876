"""Files a decision names by a pattern of their names: "add `.island` to the component's file name, e.g.
`[MyThing].island.tsx`" governs every `*.island.tsx`, those written later included.

A pattern counts when it is written as code with a placeholder for the name (`*`, `[MyThing]`, `<name>`,
`{name}`) before a second suffix of at least three letters and an extension, and at least two files
outside tests and vendored folders carry that suffix. Suffixes that mark tests, stories, type
declarations, mocks, snapshots, minified and generated files (`*.test.ts`, `*.stories.tsx`, `*.d.ts`,
`*.pb.go`) name no kind of module a decision is about.
"""

from __future__ import annotations

import re

from lore.memory import Anchor, ValidationError
from lore.sources import named
from lore.sources.ranking import Derived

SCORE = 0.85
MIN_FILES = 2
_PATTERN = re.compile(r"`((?:[\w./-]*/)?)(?:\*|\[\w+\]|<\w+>|\{\w+\})\.([a-z][a-z0-9-]{2,20})\.([a-z]{1,5})`")
_NOT_A_KIND = frozenset({"test", "tests", "spec", "specs", "stories", "story", "mock", "mocks", "snap", "min",
                         "generated", "gen", "pb", "fixture", "fixtures", "e2e", "bench", "map", "config", "d"})


def pattern_anchors(text: str, ctx) -> list[Derived]:
    """Glob anchors for the kinds of file a decision names by a pattern of their names (`ctx`: a
    `mentions.AnchorContext`), code blocks aside."""
    prose = named.FENCE.sub(" ", text)
    out: dict[str, Derived] = {}
    for m in _PATTERN.finditer(prose):
        folder, suffix, ext = m.group(1).strip("/"), m.group(2), m.group(3)
        if suffix in _NOT_A_KIND:
            continue
        ending = re.compile(rf"(^|/)[^/]+\.{re.escape(suffix)}\.{re.escape(ext)}$")
        files = [f for f in ctx.layout.files if ending.search(f) and not named.TEST_PATH.search(f)
                 and not ctx.layout.vendored(f) and (not folder or f.startswith(folder + "/") or f"/{folder}/" in f)]
        if len(files) < MIN_FILES:
            continue
        glob = f"**/*.{suffix}.{ext}" if not folder else f"**/{folder}/**/*.{suffix}.{ext}"
        try:
            out.setdefault(glob, Derived(Anchor.parse(glob), SCORE, f"names files by `{m.group(0).strip('`')}`: "
                                                                    f"{len(files)} files named so"))
        except ValidationError:
            continue
    return list(out.values())
