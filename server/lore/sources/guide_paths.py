"""Files a guide's section writes by path: "Each `hooks/<family>/install.py` MUST …" governs every existing
`hooks/*/install.py`, "`install-hooks.py` at repository root …" that file.

Only a path written in code marks counts, outside code blocks, in a statement binding people by a modal word ("Each
`hooks/<family>/install.py` MUST …", `normative.binding`; a layout's "`cmd/main.go`: operator entry point" describes,
"Use `renderWithProviders` from `src/test/renderWithProviders.tsx`" tells how to write tests elsewhere), and only when it
is an existing file of the workspace,
written from the root or from the guide's folder, a bare name only when no other file has it ("create an
`empty_test.go`" names a kind of file where each package has one); a `<placeholder>` stands for one path segment's part
(`hooks/<family>/install.py`, `src/<name>.ts`). Pages (`docs/STYLE.md`) are no code to show a rule on. Nothing else in a
guide anchors it: names and concepts a repository-wide guide writes stay found by search.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from lore.anchors.choices import DERIVED_META, key_of
from lore.memory import Anchor
from lore.sources import named
from lore.sources.classify import is_page
from lore.sources.mentions import MAX_SURE as MAX_FILES  # files one section is anchored to at most; a pattern over more: none
from lore.sources.normative import binding
from lore.sources.ranking import Derived

_CODE = re.compile(r"(?<!`)`([^`\s]{3,200})`(?!`)")
_PLACEHOLDER = re.compile(r"<[A-Za-z][\w-]*>")
_PATH_LIKE = re.compile(r"^[\w.<>@+-]+(?:/[\w.<>@+-]+)*$")
# Where one statement ends: a sentence's stop, or a line (a list item, a table row, a line of a layout).
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")


def written_files(text: str, rel: str, layout) -> list[Derived]:
    """Path anchors for the existing files (of `layout`, a `WorkspaceLayout`) that `text`, a section of the guide at
    `rel`, writes in code marks, the guide itself and pages aside; none when they are more than `MAX_FILES`."""
    folder = PurePosixPath(rel).parent.as_posix()
    bases = [""] + ([folder + "/"] if folder not in ("", ".") else [])
    out: dict[str, Derived] = {}
    tokens = [t for sentence in _SENTENCE.split(named.FENCE.sub(" ", text)) if binding(sentence)
              for t in _CODE.findall(sentence)]
    for token in tokens:
        written = re.sub(r"^(\./)+", "", token).rstrip("/.,:;")
        if not _PATH_LIKE.match(written) or is_page(written) or written.lower().endswith(".txt") \
                or len(re.sub(r"[\W_]", "", _PLACEHOLDER.sub("", written))) < 3:
            continue  # a script without an extension (`branchout-project`) is a file; `<Unknown>` alone is none
        if "/" not in written and len(layout.files_named(written)) > 1:
            continue
        for hit in _matching(written, bases, layout.files):
            if hit != rel and hit not in out:
                out[hit] = Derived(Anchor("path", hit), 1.0, f"names `{token}`" + ("" if hit == written else f" ({hit})"))
    return list(out.values())[:MAX_FILES] if len(out) <= MAX_FILES else []


def _matching(written: str, bases: list[str], files) -> list[str]:
    """The files a written path means: itself from the root or the guide's folder, or, with placeholders, each file
    whose path has the same segments with a placeholder's part any name."""
    if not _PLACEHOLDER.search(written):
        return next(([base + written] for base in bases if base + written in files), [])
    parts = [re.escape(p) for p in _PLACEHOLDER.split(written)]
    for base in bases:
        pattern = re.compile(re.escape(base) + "[^/]+".join(parts))
        hits = sorted(f for f in files if pattern.fullmatch(f))
        if hits:
            return hits if len(hits) <= MAX_FILES else []
    return []


def anchor_guide(memories, rel: str, layout) -> None:
    """Give each guide section that writes existing files' paths (`written_files`) those files as anchors, beside the
    scope it has."""
    for m in memories:
        found = [d for d in written_files(m.body, rel, layout) if d.anchor not in m.anchors]
        if found:
            m.anchors = [*m.anchors, *(d.anchor for d in found)]
            m.meta[DERIVED_META] = {key_of(d.anchor): d.why for d in found}
