"""Which of a file's symbols a symbol anchor governs, found through an index of the symbols' dotted
name suffixes instead of testing every name (a 3,000-line file has thousands of names)."""

from __future__ import annotations

_SUFFIXES: dict[tuple[str, ...], dict[str, list[str]]] = {}


def suffix_index(names: list[str]) -> dict[str, list[str]]:
    """Every dotted suffix of every name (`a.B.run` -> `run`, `B.run`, `a.B.run`) -> the names ending so
    (kept for the last few symbol lists: each lens request of a document version asks again)."""
    key = tuple(names)
    index = _SUFFIXES.get(key)
    if index is None:
        if len(_SUFFIXES) >= 8:
            _SUFFIXES.clear()
        index = _SUFFIXES[key] = _build(names)
    return index


def _build(names: list[str]) -> dict[str, list[str]]:
    """Dotted suffix -> the names ending so."""
    index: dict[str, list[str]] = {}
    for name in names:
        parts = name.split(".")
        for i in range(len(parts)):
            index.setdefault(".".join(parts[i:]), []).append(name)
    return index


def symbols_matching(anchor, rel_path: str, names: list[str], by_suffix: dict[str, list[str]]) -> list[str]:
    """Names a symbol anchor governs, as `match_anchor` decides, without testing every name."""
    if anchor.file and anchor.file != rel_path:
        return []
    found = list(by_suffix.get(anchor.value, []))
    parts = anchor.value.split(".")
    suffixes = (".".join(parts[i:]) for i in range(1, len(parts)))
    found += [s for s in suffixes if s in by_suffix.get(s, ())]  # a name of the file (its own first suffix)
    return list(dict.fromkeys(found))
