"""Removing secrets from everything a memory stores.

Title, body, rationale, date, tags, anchors, id, the importer's key, text metadata (nested too)
and sections all pass through `redact`. Tags are redacted by `Memory.validate` before it
lowercases them (a lowercased key no longer looks like one); here they are only reported.
"""

from __future__ import annotations

import hashlib
from typing import Any

from lore.memory import Memory, new_id
from lore.redact import redact, redact_path

_PLACEHOLDER = "[redacted:"


def scrub_memory(m: Memory) -> list[str]:
    """Redact secrets in place; returns one line per field that changed ("body redacted 1 secret: ...")."""
    notes: list[str] = []

    def clean(value: str | None, label: str) -> str | None:
        if not value or not isinstance(value, str):
            return value
        r = redact(value)
        if not r.changed:
            return value
        notes.append(f"{label} {r.summary()}")
        return r.text

    for field in ("title", "body", "rationale", "date"):
        setattr(m, field, clean(getattr(m, field), field))
    m.tags = [_tag(t, notes) for t in m.tags]
    m.anchors = [a for a in m.anchors if _anchor_is_clean(a, notes)]
    for field in ("supersedes", "superseded_by"):
        ids = getattr(m, field)
        kept = [i for i in ids if not redact(str(i)).changed]
        if len(kept) != len(ids):
            setattr(m, field, kept)
            notes.append(f"{field.replace('_', ' ')}: dropped {len(ids) - len(kept)} id(s) that held a secret")
    if redact(str(m.id)).changed:
        m.id = new_id()
        notes.append("id held a secret: the memory got a new id")
    key = m.provenance.key
    if key and redact(key).changed:
        m.provenance.key = "h:" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:24]
        notes.append("source key held a secret: stored as a hash")
    m.meta = {k: _clean_value(v, k, clean) for k, v in m.meta.items()}
    for s in m.sections or ():
        where = f"section at line {s.line}" if s.line else "section"
        s.heading = clean(s.heading, f"{where} heading")  # headings are stored and indexed too
        s.text = clean(s.text, where) or ""
    return notes


def scrub_source(text: str) -> tuple[str, list[str]]:
    """A source file's text with its secrets replaced before any parsing (markup, headings and
    front matter can no longer split a secret from the words that mark it), each placeholder
    followed by as many line breaks as it replaced, so line numbers stay right; and one note per
    secret, starting with its line number ("5: redacted 1 secret: github-token")."""
    r = redact(text)
    if not r.changed:
        return text, []
    pieces, pos = [], 0
    for found in r.redactions:
        pieces += [text[pos : found.start], f"[REDACTED:{found.kind}]", "\n" * text.count("\n", found.start, found.end)]
        pos = found.end
    pieces.append(text[pos:])
    return "".join(pieces), [f"{found.line}: redacted 1 secret: {found.kind}" for found in r.redactions]


def _tag(tag: Any, notes: list[str]) -> Any:
    if not isinstance(tag, str):
        return tag
    r = redact(tag)
    if r.changed:
        notes.append(f"tag {r.summary()}")
        return r.text
    if _PLACEHOLDER in tag.lower():
        notes.append("tag held a secret: redacted")
    return tag


def _anchor_is_clean(anchor, notes: list[str]) -> bool:
    """False (and a note) when an anchor's text or file holds a secret: it is dropped, not rewritten."""
    for text in (anchor.to_text(), anchor.file or ""):
        r = redact_path(text)
        if r.changed:
            notes.append(f"anchor dropped: it {r.summary()}")
            return False
    return True


def _clean_value(value: Any, label: str, clean) -> Any:
    """A metadata value with every string in it redacted (lists and dicts included)."""
    if isinstance(value, str):
        return clean(value, label)
    if isinstance(value, list):
        return [_clean_value(v, label, clean) for v in value]
    if isinstance(value, dict):
        return {k: _clean_value(v, label, clean) for k, v in value.items()}
    return value
