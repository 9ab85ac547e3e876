"""Records that name a file's symbols: a decision that writes `GlobalFrontendApiCache`,
`calculateStability()` or `check_service_over_total_message_limit` is about the symbol of that name,
wherever the import anchored it (or did not).

What counts as naming: an identifier in backticks (the whole span, or the last part of a dotted one:
`tracestore.Reader` names `Reader`), or a compound identifier written out anywhere (camelCase,
snake_case: it cannot be an ordinary word). A plain capitalised word (`Option`, `Size`, `Error`) is
a word unless it is set in backticks. Only records name symbols (`lore.recall.off_code.RECORD_SOURCES`):
a guide's section or a code comment shows where it is anchored.

The index (identifier -> records naming it) is built on a worker, once per memories version, and a
document's matches are computed with its symbols; hovers and lenses read the result (no text is
scanned on the hover path).
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from lore.recall.off_code import RECORD_SOURCES, off_code

if TYPE_CHECKING:
    from lore.api import Lore

BACKTICK = re.compile(r"`([^`\n]{1,200})`")
IDENT = re.compile(r"(?<![\w.$])[A-Za-z_$][\w$]*(?![\w$])")
COMPOUND = re.compile(r"[a-z0-9][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]")
SPAN = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
MIN_NAME = 3
SHOWN_STATUSES = ("active", "proposed")

_lock = threading.Lock()
_indexes: dict[str, tuple[object, dict[str, frozenset[str]]]] = {}


def compound(name: str) -> bool:
    """Whether an identifier cannot be an ordinary word: camelCase or snake_case."""
    return bool(COMPOUND.search(name.strip("_$")))


def identifiers_named(text: str) -> set[str]:
    """The identifiers a text names (see the module docstring)."""
    out: set[str] = set()
    for span in BACKTICK.findall(text):
        bare = span.strip().removesuffix("()").rstrip(".,;:")
        if SPAN.fullmatch(bare):
            out.add(bare.rsplit(".", 1)[-1])
    for token in IDENT.findall(text):
        if compound(token):
            out.add(token)
    return {n for n in out if len(n) >= MIN_NAME}


def record_index(lore: Lore, version: object) -> dict[str, frozenset[str]]:
    """Identifier -> ids of the shown records (current or proposed) naming it, across the workspace's
    databases; rebuilt when `version` (the caller's memories version) moves."""
    key = str(lore.root)
    with _lock:
        cached = _indexes.get(key)
    if cached is not None and cached[0] == version:
        return cached[1]
    index: dict[str, set[str]] = {}
    for store in lore.stores():
        ids = store.memories.ids_from_sources(RECORD_SOURCES)
        for mid, m in store.memories.many(ids).items():
            if m.status.value not in SHOWN_STATUSES or off_code(m.provenance.kind.value, m.provenance.key, m.title):
                continue
            text = "\n".join(t for t in (m.title, m.body, m.rationale or "") if t)
            for name in identifiers_named(text):
                index.setdefault(name, set()).add(mid)
    frozen = {name: frozenset(ids) for name, ids in index.items()}
    with _lock:
        _indexes[key] = (version, frozen)
    return frozen


def named_in_file(lore: Lore, symbols: list, version: object) -> dict[str, tuple[str, ...]]:
    """Record id -> qualified names of the file's symbols it names, in file order."""
    index = record_index(lore, version)
    out: dict[str, list[str]] = {}
    for s in symbols:
        for mid in index.get(s.name, ()):
            names = out.setdefault(mid, [])
            if s.qualified_name not in names:
                names.append(s.qualified_name)
    return {mid: tuple(names) for mid, names in out.items()}
