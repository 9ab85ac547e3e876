"""The order in which a decision's derived anchors meet the caps of `mentions.derive_anchors`.

A cap bounds how far one decision spreads over the code; which anchors it keeps must say something
about the decision, not about where in its text a name happens to be written. Surest first (a path
as written, a name one file defines); among equally sure ones, the anchors reaching code that no
folder or file anchor of the same decision reaches come before symbols inside a folder or file it
already anchors (`esclient.SearchHit` when `internal/storage/elasticsearch/esclient/` is anchored:
it says which symbol, not where the decision applies); then the files and symbols it names before the
globs, and a glob over few files before one over many (a glob claims every file in it: the narrower
claim is the surer, so `bridge/controlplane/**` named in a remark on imports does not crowd out the
`.releaserc.json` a record is about); then the names it writes most often.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

import attrs
import pathspec
from pathspec.patterns.gitignore.basic import GitIgnoreBasicPattern

from lore.anchors import has_grammar
from lore.memory import Anchor
from lore.sources.layout import WorkspaceLayout

GLOB_CHARS = frozenset("*?[")


@attrs.define
class Derived:
    """An anchor Lore derived from a decision's text, how sure it is and why."""

    anchor: Anchor
    score: float
    why: str


def ranked(found: list[Derived], text: str, layout: WorkspaceLayout) -> list[Derived]:
    """Anchors in the order the caps of `derive_anchors` keep them: surest first; among equally sure
    ones, those reaching code no folder or file anchor of the same decision reaches before those inside
    one (a symbol of a folder the decision already governs says which symbol, not where the decision
    applies), then files and symbols before globs and globs over fewer files of `layout` before globs
    over more (`glob_files`), then the names the decision writes most often. Never the order they are
    written in: a decision's fifth paragraph is not less about its subject than its first."""
    reach = [d.anchor.value[:-3] for d in found if d.anchor.kind == "path" and d.anchor.value.endswith("/**")]
    files = {d.anchor.value for d in found if d.anchor.kind == "path" and not GLOB_CHARS & set(d.anchor.value)}

    def covered(d: Derived) -> bool:
        symbol = d.anchor.kind == "symbol"
        where = d.anchor.file if symbol else d.anchor.value
        if not where or GLOB_CHARS & set(where):
            return False  # a folder or a glob reaches code of its own
        return symbol and where in files or any(where.startswith(folder + "/") for folder in reach)

    def said(d: Derived) -> int:
        value = d.anchor.value.removesuffix("/**")
        name = value.rsplit(".", 1)[-1] if d.anchor.kind == "symbol" else PurePosixPath(value).name
        if not name or GLOB_CHARS & set(name):
            return 0
        return len(re.findall(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text))

    def breadth(d: Derived) -> tuple[bool, int]:
        glob = d.anchor.kind == "path" and bool(GLOB_CHARS & set(d.anchor.value))
        return glob, glob_files(d.anchor.value, layout) if glob else 0

    return sorted(found, key=lambda d: (-d.score, covered(d), breadth(d), -said(d)))


def glob_files(glob: str, layout: WorkspaceLayout) -> int:
    """How many files of `layout` a glob anchor covers: a folder's (`src/api/**`) all those under it, any
    other glob those it matches as an anchor does (pathspec's `GitIgnoreBasicPattern`, as `recall.anchoring`)."""
    folder = glob.removesuffix("/**")
    if folder != glob and not GLOB_CHARS & set(folder):
        return layout.files_under(folder)
    static = re.split(r"[*?\[]", glob, maxsplit=1)[0]
    root = static[:static.rfind("/") + 1].lstrip("/")  # the folders every file it covers is under
    try:
        spec = pathspec.PathSpec([GitIgnoreBasicPattern(glob)])
        return sum(1 for f in layout.files if f.startswith(root) and spec.match_file(f))
    except Exception:  # a malformed glob covers nothing it can be counted on
        return 0


def symbol_anchor(lang: str, qualified: str, rel: str) -> Anchor:
    """The anchor for a definition: its symbol, or its file in a language whose symbols Lore cannot
    place (no grammar: Scala, Swift...), where a symbol anchor would show on nothing, and for a definition no
    symbol is extracted for (`qualified` empty: an exported constant's value, see `named.resolve_name`)."""
    if qualified and has_grammar(lang):
        return Anchor("symbol", qualified, language=lang, file=rel)
    return Anchor("path", rel)
