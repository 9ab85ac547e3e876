"""Which of a file's symbols a symbol anchor governs, found through an index of the symbols' last
dotted parts instead of testing every name (a 3,000-line file has hundreds of names, and the first
lens of a file builds this index while the user waits)."""

from __future__ import annotations

_INDEXES: dict[tuple[str, ...], dict[str, list[str]]] = {}


def suffix_index(names: list[str]) -> dict[str, list[str]]:
    """Each name's last dotted part (`a.B.run` -> `run`) -> the names ending so (kept for the last
    few symbol lists: each lens request of a document version asks again)."""
    key = tuple(names)
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) >= 8:
            _INDEXES.clear()
        index = _INDEXES[key] = _build(names)
    return index


def _build(names: list[str]) -> dict[str, list[str]]:
    """Last dotted part -> the names ending with it, each once, in the order given."""
    index: dict[str, list[str]] = {}
    for name in dict.fromkeys(names):
        index.setdefault(name.rpartition(".")[2], []).append(name)
    return index


def symbols_matching(anchor, rel_path: str, names: list[str], by_last: dict[str, list[str]]) -> list[str]:
    """Names a symbol anchor governs, as `match_anchor` decides (the anchor's value is the name, a
    dotted suffix of it, or ends with it), without testing every name: all three share the last part."""
    if anchor.file and anchor.file != rel_path:
        return []
    value = anchor.value
    candidates = by_last.get(value.rpartition(".")[2], ())
    found = [n for n in candidates if n == value or n.endswith("." + value) or value.endswith("." + n)]
    return [n for n in found if not constructor(n) or constructor(value)]


def constructor(name: str) -> bool:
    """Whether a qualified name is a constructor's (`Order.Order` in C#, Java or C++): a member named as the type
    it belongs to. An anchor to the type is the type's, not also its constructor's, though both end in its name."""
    owner, _, last = name.rpartition(".")
    return bool(owner) and owner.rpartition(".")[2] == last
