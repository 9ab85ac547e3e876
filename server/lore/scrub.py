"""Removing secrets from everything a memory stores: title, body, rationale, text metadata, sections."""

from __future__ import annotations

from lore.model import Memory
from lore.redact import redact


def scrub_memory(m: Memory) -> list[str]:
    """Redact secrets in place; returns one line per field that changed ("body redacted 1 secret: ...")."""
    notes: list[str] = []

    def clean(value: str | None, label: str) -> str | None:
        if not value:
            return value
        r = redact(value)
        if not r.changed:
            return value
        notes.append(f"{label} {r.summary()}")
        return r.text

    for field in ("title", "body", "rationale"):
        setattr(m, field, clean(getattr(m, field), field))
    for key, value in list(m.meta.items()):
        if isinstance(value, str):
            m.meta[key] = clean(value, key)
    for s in m.sections or ():
        where = f"section at line {s.line}" if s.line else "section"
        s.heading = clean(s.heading, f"{where} heading")  # headings are stored and indexed too
        s.text = clean(s.text, where) or ""
    return notes
