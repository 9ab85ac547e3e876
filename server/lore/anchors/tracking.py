"""Following a symbol anchor into a new version of its file.

An anchor remembers a symbol's qualified name, `body_hash` and `shape_hash` (see `Symbol`).
`relocate` answers where that symbol is now and how it fared:

- "found": same qualified name, and the code is the same apart from whitespace and comments
  (equal `body_hash`, or equal `shape_hash`, which ignores comments);
- "changed": same qualified name, different code;
- "renamed": the name is gone but exactly one symbol has the same shape (the code with its own
  name removed): a rename, or a move into another class. When several symbols share the shape,
  one with the same short name, then one with the same parent, is preferred; if that still
  leaves several, the anchor is reported missing rather than guessed;
- "missing": none of the above.
"""

from __future__ import annotations

from lore.anchors.symbols import Symbol


def relocate(anchor_qualified_name: str, anchor_body_hash: str | None,
             anchor_shape_hash: str | None, symbols: list[Symbol]) -> tuple[Symbol | None, str]:
    """Find an anchored symbol in a file's current symbols: (symbol, found|changed|renamed|missing)."""
    same_name = [s for s in symbols if s.qualified_name == anchor_qualified_name]
    if same_name:
        return _same_name(same_name, anchor_body_hash, anchor_shape_hash)
    if anchor_shape_hash:
        candidate = _unique_shape(anchor_qualified_name, anchor_shape_hash, symbols)
        if candidate is not None:
            return candidate, "renamed"
    return None, "missing"


def _same_name(candidates: list[Symbol], body_hash: str | None,
               shape_hash: str | None) -> tuple[Symbol, str]:
    if body_hash is None:
        return candidates[0], "found"
    for symbol in candidates:
        if symbol.body_hash == body_hash:
            return symbol, "found"
    for symbol in candidates:
        if shape_hash is not None and symbol.shape_hash == shape_hash:
            return symbol, "found"
    return candidates[0], "changed"


def _unique_shape(qualified_name: str, shape_hash: str, symbols: list[Symbol]) -> Symbol | None:
    matches = [s for s in symbols if s.shape_hash == shape_hash]
    if len(matches) > 1:
        short_name = qualified_name.rsplit(".", 1)[-1]
        matches = [s for s in matches if s.name == short_name] or matches
    if len(matches) > 1:
        parent = qualified_name.rsplit(".", 1)[0] if "." in qualified_name else None
        matches = [s for s in matches if s.parent == parent] or matches
    return matches[0] if len(matches) == 1 else None
