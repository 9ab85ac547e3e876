"""Edit a team file surgically: change only the front-matter keys Lore owns whose values changed.

A hand-written team file keeps everything Lore does not own byte for byte: unknown keys
(`author:`, `reviewers:`), comments, blank lines, key order, list order and the body when its
text did not change. A key whose value is unchanged keeps its line as written; a changed key is
rewritten in the style it had (flow `[a, b]` or a block list); a list keeps the order of the items
that stayed and appends new ones.
"""

from __future__ import annotations

import re

import yaml

KEY_LINE = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:")
# Lore's keys, in the order a new file has them; absent keys are added after the nearest one before them.
ORDER = ("id", "kind", "status", "anchors", "tags", "confidence", "supersedes", "superseded_by", "created",
         "updated", "verified", "verified_commit", "date", "source", "anchors_dropped")
LISTS = {"anchors", "tags", "supersedes", "superseded_by", "anchors_dropped"}
DEFAULTS = {"kind": "decision", "status": "active", "confidence": 1.0}
OPTIONAL = {"date", "source", "anchors_dropped", "verified", "verified_commit"}  # removed from the file when Lore no longer sets them


def blocks(front: str) -> list[list[str]]:
    """The front matter's lines grouped: a top-level key with its continuation lines, or a lone line."""
    out: list[list[str]] = []
    for line in front.split("\n"):
        continued = out and out[-1] and KEY_LINE.match(out[-1][0]) and line[:1] in (" ", "\t", "-") and line.strip()
        if continued:
            out[-1].append(line)
        else:
            out.append([line])
    return out


def block_key(block: list[str]) -> str | None:
    """The top-level key a block holds, or None (comment, blank line)."""
    m = KEY_LINE.match(block[0])
    return m.group(1) if m else None


def scalar(value: object) -> str:
    """One YAML scalar as it would appear inside a flow list."""
    return yaml.safe_dump([value], default_flow_style=True, allow_unicode=True, width=10**9).strip()[1:-1]


def dump(key: str, value: object, flow: bool, indent: str = "") -> list[str]:
    """The lines of one key in the style asked for (a block list's items indented by `indent`)."""
    if isinstance(value, list) and flow:
        return [f"{key}: [{', '.join(scalar(v) for v in value)}]"]
    if isinstance(value, list) and value:
        items = yaml.safe_dump(value, default_flow_style=False, allow_unicode=True, width=10**9)
        return [f"{key}:"] + [indent + line for line in items.rstrip("\n").split("\n")]
    text = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, width=10**9)
    return text.rstrip("\n").split("\n")


def merged_list(old: list, new: list[str], norm, *, in_place: bool = False) -> list:
    """The new list in the old one's order: items that stayed keep their place (as written), new
    ones follow; `norm` gives an old item's canonical text. `in_place`: a new item takes the place
    of a dropped one first (an anchor that moved stays where it was in the list)."""
    known = {norm(x) for x in old if norm(x) in new}
    fresh = [x for x in new if x not in known]
    out = []
    for x in old:
        if norm(x) in new:
            out.append(x)
        elif in_place and fresh:
            out.append(fresh.pop(0))
    return out + fresh


def edit_items(lines: list[str], old: list, new: list[str], norm, in_place: bool) -> list[str] | None:
    """A block list's lines edited item by item: lines of items that stay are kept as written (with
    their comments), a dropped item's line goes (or takes a new item, `in_place`), new items follow
    the last one. None when the block is not one plain `- item` line per item."""
    items = lines[1:]
    if not items or len(items) != len(old) or not all(re.match(r"[ \t]*- ", line) for line in items):
        return None
    indent = re.match(r"[ \t]*", items[0]).group(0)
    known = {norm(x) for x in old if norm(x) in new}
    fresh = [x for x in new if x not in known]
    def line_of(value: object) -> str:
        return indent + yaml.safe_dump([value], default_flow_style=False, allow_unicode=True, width=10**9).rstrip("\n")

    out = [lines[0]]
    for line, item in zip(items, old):
        if norm(item) in new:
            out.append(line)
        elif in_place and fresh:
            out.append(line_of(fresh.pop(0)))
    return out + [line_of(x) for x in fresh]


def edit_front(front: str, old: dict, new: dict, same, norm=lambda key, item: str(item), *,
               keep_order: bool = False) -> str:
    """Front matter text with Lore's changed keys rewritten; `same(key, old, new)` compares values,
    `norm(key, item)` gives a list item's canonical text (items that stay are kept as written).
    A list that becomes empty, or an optional key Lore no longer sets, is removed. `keep_order`
    writes lists in the order given (the merge driver writes the same lines into every version)."""
    parts = blocks(front)
    index = {block_key(b): i for i, b in enumerate(parts) if block_key(b)}
    for key in ORDER:
        present = key in old
        value = new.get(key)
        before = old.get(key, DEFAULTS.get(key, [] if key in LISTS else None))
        if key in new and same(key, before, value):
            continue
        if key not in new or (key in LISTS and not value):
            if present and (key in OPTIONAL or key in LISTS):
                parts[index[key]] = []
            continue
        in_place = key == "anchors"
        if present and key in LISTS and isinstance(before, list) and not keep_order:
            edited = edit_items(parts[index[key]], before, value, lambda item: norm(key, item), in_place)
            if edited is not None:
                parts[index[key]] = edited
                continue
        if key in LISTS and isinstance(before, list) and not keep_order:
            value = merged_list(before, value, lambda item: norm(key, item), in_place=in_place)
        if present:
            b = parts[index[key]]
            flow = len(b) == 1 and "[" in b[0] and not re.search(r"\[\s*\]\s*(#.*)?$", b[0])  # `[]`: Lore's own
            indent = re.match(r"[ \t]*", b[1]).group(0) if len(b) > 1 else ""
            parts[index[key]] = dump(key, value, flow, indent)
        else:
            at = max((index[k] for k in ORDER[: ORDER.index(key)] if k in index), default=len(parts) - 1)
            parts[at] = parts[at] + dump(key, value, False)
            index.setdefault(key, at)
    return "\n".join(line for b in parts for line in b)
