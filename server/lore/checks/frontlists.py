"""Edit the `checks:` and `exceptions:` lists of a team file's front matter in place.

Only the lines of the entry being changed are touched (and the list's key, when it is new);
everything else in the file stays byte for byte, so a pull request shows exactly the rule
confirmed or the exception recorded.
"""

from __future__ import annotations

import yaml

from lore.checks.rulefile import FRONT


class FrontEditError(ValueError):
    """A front matter that cannot be edited safely; the message says what to do by hand."""


def _front(text: str) -> tuple[int, int, str]:
    m = FRONT.match(text)
    if not m:
        raise FrontEditError("the file has no front matter (a team memory starts with ---)")
    return m.start(1), m.end(1), m.group(1)


def _list_node(front: str, key: str):
    try:
        node = yaml.compose(front, Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        raise FrontEditError(f"the front matter cannot be read: {getattr(e, 'problem', None) or e}") from None
    if not isinstance(node, yaml.MappingNode):
        raise FrontEditError("the front matter is not a mapping")
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return k, v
    return None, None


def _dump_entry(entry: dict, indent: str) -> list[str]:
    lines = yaml.safe_dump([entry], sort_keys=False, allow_unicode=True, width=10**9).rstrip("\n").split("\n")
    return [indent + line for line in lines]


def append_entry(text: str, key: str, entry: dict) -> str:
    """The file text with `entry` appended to the front-matter list `key` (made when absent)."""
    start, end, front = _front(text)
    lines = front.split("\n")
    k, v = _list_node(front, key)
    if k is None:
        lines += [f"{key}:"] + _dump_entry(entry, "  ")
    elif isinstance(v, yaml.SequenceNode) and not v.flow_style:
        indent = " " * v.value[0].start_mark.column if v.value else "  "
        indent = indent[:-2] if len(indent) >= 2 else ""  # the `- ` sits two columns before the mapping
        at = _block_end(lines, v.end_mark)
        lines[at:at] = _dump_entry(entry, indent)
    elif (isinstance(v, yaml.SequenceNode) and not v.value) or (isinstance(v, yaml.ScalarNode) and v.value == ""):
        if k.start_mark.line != v.end_mark.line:
            raise FrontEditError(f"`{key}:` spans several lines; write it as a block list by hand")
        lines[k.start_mark.line] = f"{key}:"
        lines[k.start_mark.line + 1: k.start_mark.line + 1] = _dump_entry(entry, "  ")
    else:
        raise FrontEditError(f"`{key}:` is not a block list (`- ...` entries); write the entry by hand")
    return text[:start] + "\n".join(lines) + text[end:]


def _block_end(lines: list[str], end_mark) -> int:
    """The line index just after a block sequence (its end mark sits at the start of the next key,
    or at the end of the text)."""
    at = end_mark.line if end_mark.column == 0 else end_mark.line + 1
    while at > 0 and not lines[at - 1].strip():
        at -= 1  # blank lines before the next key stay after the new entry
    return min(at, len(lines))


def set_entry_field(text: str, key: str, index: int, field: str, value: str) -> str:
    """The file text with `field: value` set in entry `index` of the front-matter list `key`."""
    start, end, front = _front(text)
    lines = front.split("\n")
    _, v = _list_node(front, key)
    if not isinstance(v, yaml.SequenceNode) or index >= len(v.value):
        raise FrontEditError(f"no entry {index + 1} under `{key}:`")
    entry = v.value[index]
    if not isinstance(entry, yaml.MappingNode) or entry.flow_style:
        raise FrontEditError(f"entry {index + 1} of `{key}:` is not a block mapping; edit `{field}:` by hand")
    scalar = yaml.safe_dump({field: value}, allow_unicode=True, width=10**9).strip()
    for fk, fv in entry.value:
        if isinstance(fk, yaml.ScalarNode) and fk.value == field:
            if fv.start_mark.line != fv.end_mark.line or fk.start_mark.line != fv.start_mark.line:
                raise FrontEditError(f"`{field}:` of entry {index + 1} spans several lines; edit it by hand")
            line = lines[fk.start_mark.line]
            lines[fk.start_mark.line] = line[: fk.start_mark.column] + scalar + line[fv.end_mark.column:]
            return text[:start] + "\n".join(lines) + text[end:]
    first = entry.value[0][0] if entry.value else None
    col = first.start_mark.column if first is not None else entry.start_mark.column
    last = max(fv.end_mark.line if fv.end_mark.column else fv.end_mark.line - 1 for _, fv in entry.value)
    lines.insert(last + 1, " " * col + scalar)
    return text[:start] + "\n".join(lines) + text[end:]
