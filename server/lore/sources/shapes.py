"""The fields a decision's example writes, and the types of the workspace that declare them.

A decision about an API or a message often shows one instance of it (a JSON response, a payload,
an event): `{"value": …, "child_count": 15, "parent_value": None, "sub_tags_url": …}`. The keys of
such an example are the fields of the type that carries it in the code: a `TypedDict`, a
serializer, a TypeScript interface, a Go struct tagged `json:"child_count"`. When a type of the
workspace declares most of an example's keys, that type is what the decision is about.

Only keys of two or more words count (`child_count`, `featureName`): `value`, `id` or `name` are
fields of every type. An example needs `MIN_KEYS` such keys, and a type must declare at least
`MIN_KEYS` of them and half of them, as its own members (a line of its body at the indent of its
members, `child_count: int` or `child_count = serializers.IntegerField()`, or a Go field tag): a
method that merely uses the words, or a docstring quoting them, declares nothing. When more than
`named.MAX_FILES` files outside tests declare such a type, the example shows vocabulary the
workspace shares, not one place, and anchors nothing.
"""

from __future__ import annotations

import re
from lore.anchors import extract_symbols, has_grammar, language_for_path
from lore.sources import named
from lore.sources.ranking import Derived, symbol_anchor

SCORE = 0.8
MIN_KEYS = 3
GAP_LINES = 3  # lines between two keys of one example
MAX_CANDIDATES = 12  # files read for their types, those writing most of the keys first
MAX_EXAMPLES = 20  # examples of one decision read (an API reference pasted whole is no decision's subject)
_KEY = re.compile(r"""(?<![\w$])["']([A-Za-z_][A-Za-z0-9_]{2,80})["']\s*:""")
_COMPOUND = re.compile(r"^_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+$")
_MEMBER = re.compile(rb"^([ \t]+)(?:readonly[ \t]+|public[ \t]+|private[ \t]+|protected[ \t]+)*"
                     rb"([A-Za-z_$][\w$]*)[ \t]*\??[ \t]*[:=]")
_GO_TAG = re.compile(rb"""(?:json|yaml|xml|db|mapstructure):\\?"([A-Za-z_][\w]*)""")


def examples_in(text: str) -> list[list[str]]:
    """The keys of two or more words of each example `text` writes (quoted keys, `"child_count":`, on
    lines no more than `GAP_LINES` apart), for the examples with at least `MIN_KEYS` of them."""
    groups: list[list[str]] = []
    current: list[str] = []
    last = -GAP_LINES - 1
    for number, line in enumerate(text.splitlines()):
        keys = [k for k in _KEY.findall(line) if _COMPOUND.match(k)]
        if not keys:
            continue
        if number - last > GAP_LINES and current:
            groups.append(current)
            current = []
        current += [k for k in keys if k not in current]
        last = number
    if current:
        groups.append(current)
    return [g for g in groups if len(g) >= MIN_KEYS]


def declared(data: bytes | list[bytes], start: int, end: int) -> set[str]:
    """The member names a type's body (0-based lines `start`..`end` of `data`, or of its lines) declares
    at its members' indent (`child_count: int`, `sub_tags_url = …`), and the keys its field tags give
    (`json:"id"`)."""
    lines = (data.split(b"\n") if isinstance(data, bytes) else data)[start + 1:end + 1]
    out: set[str] = set()
    indent = None
    for line in lines:
        for m in _GO_TAG.finditer(line):
            out.add(m.group(1).decode("ascii"))
        m = _MEMBER.match(line)
        if not line.strip() or line.lstrip().startswith((b"#", b"//", b"*", b"/*", b'"', b"'")):
            continue
        lead = len(line) - len(line.lstrip(b" \t"))
        if indent is None:
            indent = lead
        if m and lead == indent:
            out.add(m.group(2).decode("ascii"))
    return out


def declaring_types(rel: str, data: bytes, keys: list[str]) -> list[tuple[str, str, int]]:
    """(language, qualified name, keys declared) of the types in `rel` declaring enough of `keys`."""
    lang = language_for_path(rel)
    if lang is None or not has_grammar(lang):
        return []
    need = max(MIN_KEYS, (len(keys) + 1) // 2)
    out = []
    lines = data.split(b"\n")
    for s in extract_symbols(data, lang, rel):
        if s.kind not in named.TYPE_KINDS:
            continue
        n = len(declared(lines, s.start_line, s.end_line) & set(keys))
        if n >= need:
            out.append((lang, s.qualified_name, n))
    return out


def shape_anchors(text: str, ctx) -> list[Derived]:
    """Symbol anchors for the types (in at most `named.MAX_FILES` files outside tests) declaring the
    fields of an example the decision writes (`ctx`: a `mentions.AnchorContext`)."""
    out: dict[tuple[str, str], Derived] = {}
    for keys in examples_in(text)[:MAX_EXAMPLES]:
        need = max(MIN_KEYS, (len(keys) + 1) // 2)
        written: dict[str, int] = {}
        for key in keys:
            for rel in ctx.terms.files.get(key, ()):
                written[rel] = written.get(rel, 0) + 1
        candidates = sorted((rel for rel, n in written.items() if n >= need), key=lambda r: (-written[r], r))
        found: dict[str, list[tuple[str, str, int]]] = {}
        for rel in candidates[:MAX_CANDIDATES]:
            try:
                data = (ctx.root / rel).read_bytes()
            except OSError:
                continue
            types = declaring_types(rel, data, keys)
            if types:
                found[rel] = types
        if not found or len(found) > named.MAX_FILES:
            continue
        shown = ", ".join(f"`{k}`" for k in keys[:3])
        for rel, types in found.items():
            for lang, qualified, _n in types:
                why = f"declares the fields of its example ({shown})"
                out.setdefault((rel, qualified), Derived(symbol_anchor(lang, qualified, rel), SCORE, why))
    return list(out.values())
