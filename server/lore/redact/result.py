"""What a redaction pass returns: the cleaned text and where each secret was."""

from __future__ import annotations

import attrs


@attrs.frozen
class Redaction:
    """One secret found in a text: its kind, 1-based line and offsets in the original text."""

    kind: str
    line: int
    start: int
    end: int


@attrs.frozen
class RedactResult:
    """The text with every secret replaced by `[REDACTED:<kind>]`, plus the redactions made."""

    text: str
    redactions: tuple[Redaction, ...] = ()

    @property
    def changed(self) -> bool:
        """True when at least one secret was replaced."""
        return bool(self.redactions)

    def summary(self) -> str:
        """A one-line human description, e.g. `redacted 1 secret: github-token (line 7)`."""
        count = len(self.redactions)
        if not count:
            return "no secrets found"
        noun = "secret" if count == 1 else "secrets"
        parts = ", ".join(f"{r.kind} (line {r.line})" for r in self.redactions)
        return f"redacted {count} {noun}: {parts}"
