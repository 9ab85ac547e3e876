"""The order in which a decision's derived anchors meet the caps of `mentions.derive_anchors`.

A cap bounds how far one decision spreads over the code; which anchors it keeps must say something
about the decision, not about where in its text a name happens to be written. Surest first (a path
as written, a name one file defines); among equally sure ones, the anchors reaching code that no
folder or file anchor of the same decision reaches come before symbols inside a folder or file it
already anchors (`esclient.SearchHit` when `internal/storage/elasticsearch/esclient/` is anchored:
it says which symbol, not where the decision applies); then the names it writes most often.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

import attrs

from lore.anchors import has_grammar
from lore.memory import Anchor

GLOB_CHARS = frozenset("*?[")


@attrs.define
class Derived:
    """An anchor Lore derived from a decision's text, how sure it is and why."""

    anchor: Anchor
    score: float
    why: str


def ranked(found: list[Derived], text: str) -> list[Derived]:
    """Anchors in the order the caps of `derive_anchors` keep them: surest first; among equally sure
    ones, those reaching code no folder or file anchor of the same decision reaches before those inside
    one (a symbol of a folder the decision already governs says which symbol, not where the decision
    applies), then the names the decision writes most often. Never the order they are written in: a
    decision's fifth paragraph is not less about its subject than its first."""
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

    return sorted(found, key=lambda d: (-d.score, covered(d), -said(d)))


def symbol_anchor(lang: str, qualified: str, rel: str) -> Anchor:
    """The anchor for a definition: its symbol, or its file in a language whose symbols Lore cannot
    place (no grammar: Scala, Swift...), where a symbol anchor would show on nothing."""
    if has_grammar(lang):
        return Anchor("symbol", qualified, language=lang, file=rel)
    return Anchor("path", rel)
