"""What a person decided about a memory's anchors: confirm a derived one, add one, drop one.

Anchors an import derived from a decision's text carry why (`meta["derived_anchors"]`). A person's
choices live in the memory's meta, which imports keep: `anchors_added`, `anchors_dropped` and
`anchors_confirmed` (anchor texts; a symbol anchor is written `symbol:<lang>:<name>@<file>`). Every
import applies them again, so a dropped anchor stays dropped however often the decision is
re-read. Team memories keep `anchors_dropped` in their file's front matter; imported records keep the
three lists in the team's `.lore/anchors.yaml` too (`lore.anchors.shared`), which every clone's import
applies. `change_anchors` is the one entry point for the CLI and the language server. The code committed
with a record is only offered (`offered`): a person adds what of it the record governs.
"""

from __future__ import annotations

import attrs

from lore.anchors import shared
from lore.memory import COMMITTED_WITH_META, Anchor, Memory, SourceKind, ValidationError
from lore.memory import normalize_glob

ADDED = "anchors_added"
DROPPED = "anchors_dropped"
CONFIRMED = "anchors_confirmed"
# The lists of `.lore/anchors.yaml` (`lore.anchors.shared.LISTS`) -> the meta keys they are kept under.
SHARED_LISTS = {"added": ADDED, "dropped": DROPPED, "confirmed": CONFIRMED}
DERIVED_META = "derived_anchors"


@attrs.define
class AnchorView:
    """One anchor of a memory as shown to a person: its text, where it came from and why."""

    key: str
    anchor: Anchor
    state: str  # "derived" | "confirmed" | "added" | "written"
    why: str | None = None


def key_of(a: Anchor) -> str:
    """An anchor's text, with the file for a symbol anchor (`symbol:go:Keeper@x/blob/keeper.go`)."""
    return f"{a.to_text()}@{a.file}" if a.kind == "symbol" and a.file else a.to_text()


def parse_key(text: str) -> Anchor:
    """An anchor from its text; `symbol:<lang>:<name>@<file>` keeps the file (ValidationError if bad)."""
    text = (text or "").strip()
    if text.startswith("symbol:") and "@" in text:
        head, _, file = text.rpartition("@")
        a = Anchor.parse(head)

        return attrs.evolve(a, file=normalize_glob(file))
    return Anchor.parse(text)


def _list(m: Memory, key: str) -> list[str]:
    v = m.meta.get(key) or []
    return [str(x) for x in v] if isinstance(v, list) else [str(v)]


def apply_choices(m: Memory) -> Memory:
    """Drop what a person dropped and add what they added, on a freshly derived memory (empty lists,
    an entry of the team's choices taken back, leave the meta)."""
    for key in (ADDED, DROPPED, CONFIRMED):
        if key in m.meta and not m.meta[key]:
            m.meta.pop(key)
    dropped = set(_list(m, DROPPED))
    m.anchors = [a for a in m.anchors if key_of(a) not in dropped and a.to_text() not in dropped]
    keys = {key_of(a) for a in m.anchors}
    for text in _list(m, ADDED):
        if text in keys or text in dropped:
            continue
        try:
            m.anchors.append(parse_key(text))
            keys.add(text)
        except ValidationError:
            continue
    derived = m.meta.get(DERIVED_META)
    if isinstance(derived, dict) and dropped & derived.keys():
        m.meta[DERIVED_META] = {k: v for k, v in derived.items() if k not in dropped}
    return m


def views(m: Memory) -> list[AnchorView]:
    """Each anchor of a memory with its state: derived (with why), confirmed, added or written."""
    derived = m.meta.get(DERIVED_META) if isinstance(m.meta.get(DERIVED_META), dict) else {}
    confirmed, added = set(_list(m, CONFIRMED)), set(_list(m, ADDED))
    out = []
    for a in m.anchors:
        k = key_of(a)
        state = "confirmed" if k in confirmed else "added" if k in added else "derived" if k in derived else "written"
        out.append(AnchorView(k, a, state, derived.get(k)))
    return out


def offered(m: Memory) -> tuple[str, list[str]]:
    """(commit, files): the code the commit adding a record changed beside it (`COMMITTED_WITH_META`), which Lore
    offers a person to anchor the record to and never shows on the code unasked; but the files it is anchored to
    already, by their path or a folder's, and those a person dropped. ("", []) for a memory with none."""
    held = m.meta.get(COMMITTED_WITH_META)
    if not isinstance(held, dict) or not isinstance(held.get("files"), list):
        return "", []
    have = {key_of(a) for a in m.anchors if a.kind == "path"} | set(_list(m, DROPPED))
    files = [str(f) for f in held["files"] if str(f) not in have
             and not any(k.endswith("/**") and str(f).startswith(k[:-2]) for k in have)]
    return str(held.get("commit") or ""), files


def change_anchors(lore, mid: str, *, add=(), drop=(), confirm=(), take_back=()) -> Memory:
    """Add, drop or confirm anchors of one memory; remembered across imports, and for an imported record
    in the team's `.lore/anchors.yaml` (`lore.anchors.shared`) so that every clone's import applies them
    (ValidationError if bad, or when that file cannot be read: nothing is changed then). `take_back`
    undoes an add: the anchor goes, and is not remembered as dropped (a derived one would come back
    with the next import)."""
    m = lore.get(mid)
    keys = {key_of(a): a for a in m.anchors}
    for text in add:
        a = parse_key(text)
        k = key_of(a)
        if k not in keys:
            m.anchors.append(a)
            keys[k] = a
        _remember(m, ADDED, k, m.provenance.kind is not SourceKind.TEAM_FILE)
        _forget(m, DROPPED, k)
    for text in drop:
        k = _known(keys, text, m)
        m.anchors = [a for a in m.anchors if key_of(a) != k]
        keys.pop(k, None)
        _remember(m, DROPPED, k, True)
        _forget(m, ADDED, k)
        _forget(m, CONFIRMED, k)
    for text in confirm:
        k = _known(keys, text, m)
        _remember(m, CONFIRMED, k, True)
    for text in take_back:
        k = _known(keys, text, m)
        m.anchors = [a for a in m.anchors if key_of(a) != k]
        keys.pop(k, None)
        _forget(m, ADDED, k)
        _forget(m, CONFIRMED, k)
    if lore.root is not None:
        try:
            shared.record(lore.root, m, SHARED_LISTS)
        except shared.ChoicesFileError as e:
            raise ValidationError(f"{e}; the anchors of {m.id} are unchanged") from None
    m.meta.pop("import_hash", None)  # the row is no longer what its last import wrote: the next one rewrites it
    return lore.update(m)


def _known(keys: dict[str, Anchor], text: str, m: Memory) -> str:
    """The key of an anchor the memory has, matched by its full text or (for symbols) without the file."""
    text = text.strip()
    if text in keys:
        return text
    same = [k for k, a in keys.items() if a.to_text() == text]
    if len(same) == 1:
        return same[0]
    have = ", ".join(keys) or "none"
    raise ValidationError(f"memory {m.id} has no anchor {text!r} (its anchors: {have})")


def _remember(m: Memory, key: str, value: str, keep: bool) -> None:
    if keep and value not in _list(m, key):
        m.meta[key] = _list(m, key) + [value]


def _forget(m: Memory, key: str, value: str) -> None:
    if value in _list(m, key):
        rest = [v for v in _list(m, key) if v != value]
        if rest:
            m.meta[key] = rest
        else:
            m.meta.pop(key, None)
