"""The definition around a row of a file already parsed, named as `extract_symbols` names it: where a
rule's violation sits, without a second parse or `Symbol` records."""

from __future__ import annotations

import tree_sitter

from lore.anchors import languages
from lore.anchors.definition_nodes import definition_name, is_definition, qualify, statement_of
from lore.anchors.symbols import default_export_name, module_name_for_path

_DECORATOR_ROWS = 32


def enclosing_names(tree: tree_sitter.Tree, data: bytes, language: str, rel_path: str,
                    rows: list[int]) -> list[str | None]:
    """For each 0-based row, the qualified name of the innermost definition spanning it, named as
    `extract_symbols` names it, read from a tree the caller already parsed: no second parse and no
    Symbol records, and the definitions query runs near the rows asked about only (every
    definition around a row crosses it), so a check can say where each violation sits at little cost."""
    definitions = languages.DEFINITION_QUERIES.get(language)
    compiled = languages.query(language, definitions) if definitions else None
    if compiled is None:
        return [None] * len(rows)
    prefix = module_name_for_path(rel_path, language) if language == "python" else ""
    default = default_export_name(rel_path, language)
    named: dict[int, str | None] = {}
    for row in rows:
        if row not in named:
            cursor = tree_sitter.QueryCursor(compiled)
            # A few rows below too: a definition whose decorators sit on `row` starts further down.
            cursor.set_point_range((row, 0), (row + _DECORATOR_ROWS, 0))
            named[row] = _innermost(cursor.captures(tree.root_node), data, language, prefix, default, row)
    return [named[row] for row in rows]


def _innermost(caps: dict, data: bytes, language: str, prefix: str, default: str, row: int) -> str | None:
    """The qualified name of the innermost captured definition whose statement spans `row`."""
    defs = [n for n in caps.get("def", []) if is_definition(n, data, language)]
    emit = {n.id for n in defs}
    ordered = sorted({n.id: n for n in defs + caps.get("container", [])}.values(),
                     key=lambda n: (n.start_byte, -n.end_byte))
    best: tuple[tuple[int, int], str] | None = None
    open_scopes: list[tuple[int, str]] = []
    for node in ordered:
        while open_scopes and open_scopes[-1][0] <= node.start_byte:
            open_scopes.pop()
        _, name, scope = definition_name(node, data, language, default)
        if not name:
            continue
        _, qualified = qualify(node, data, language, open_scopes[-1] if open_scopes else None, scope, name, prefix)
        open_scopes.append((node.end_byte, qualified))
        outer = statement_of(node)
        if node.id in emit and outer.start_point[0] <= row <= outer.end_point[0]:
            rank = (outer.start_point[0], -outer.end_point[0])
            if best is None or rank > best[0]:
                best = (rank, qualified)
    return best[1] if best else None
