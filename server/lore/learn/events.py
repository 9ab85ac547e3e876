"""Feedback events: what happened to one suggested edit (accepted, rejected or modified).

`FeedbackEvent.from_json` reads the `lore.feedback` command argument (camelCase keys, see
docs/PROTOCOL.md) and refuses bad input with one message naming every problem.
"""

from __future__ import annotations

import math
import posixpath
import time
from typing import Any

import attrs

OUTCOMES = ("accepted", "rejected", "modified")
ORIGINS = ("inline-completion", "agent", "code-action", "manual")

_EXTENSION_LANGUAGES = {
    ".py": "python", ".pyi": "python", ".js": "javascript", ".mjs": "javascript",
    ".cjs": "javascript", ".jsx": "javascript", ".ts": "typescript", ".mts": "typescript",
    ".cts": "typescript", ".tsx": "tsx", ".go": "go", ".rs": "rust", ".java": "java",
}
_LANGUAGE_IDS = {"javascriptreact": "javascript", "typescriptreact": "tsx"}


@attrs.frozen
class FeedbackEvent:
    """One suggested edit and what the developer did with it."""

    uri: str
    language: str
    proposed: str
    final: str | None
    outcome: str = attrs.field(validator=attrs.validators.in_(OUTCOMES))
    origin: str = attrs.field(default="manual", validator=attrs.validators.in_(ORIGINS))
    reason: str | None = None
    at: float = attrs.field(factory=time.time)

    @classmethod
    def from_json(cls, data: Any) -> FeedbackEvent:
        """Build an event from `lore.feedback` arguments; ValueError lists what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"feedback must be a JSON object, got {type(data).__name__}")
        problems: list[str] = []
        uri = _text(data, "uri", problems, required=True)
        proposed = _text(data, "proposedText", problems, required=True, allow_empty=True)
        final = _text(data, "finalText", problems, allow_empty=True)
        reason = _text(data, "reason", problems)
        language = _text(data, "languageId", problems)
        outcome = _choice(data, "outcome", OUTCOMES, problems, default=None)
        origin = _choice(data, "origin", ORIGINS, problems, default="manual")
        at = _timestamp(data, problems)
        if outcome == "modified" and data.get("finalText") is None:
            problems.append("finalText is required when outcome is 'modified'")
        if "range" in data and data["range"] is not None and not isinstance(data["range"], dict):
            problems.append(f"range must be an object, got {type(data['range']).__name__}")
        if problems:
            raise ValueError("invalid feedback: " + "; ".join(problems))
        if not language:
            language = _EXTENSION_LANGUAGES.get(posixpath.splitext(uri or "")[1].lower(), "plaintext")
        language = _LANGUAGE_IDS.get(language, language)
        return cls(
            uri=uri or "",
            language=language,
            proposed=proposed or "",
            final=final if outcome == "modified" else None,
            outcome=outcome or "",
            origin=origin or "manual",
            reason=(reason.strip() or None) if reason else None,
            at=at,
        )


def _text(data: dict, key: str, problems: list[str], *, required: bool = False,
          allow_empty: bool = False) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            problems.append(f"{key} is required")
        return None
    if not isinstance(value, str):
        problems.append(f"{key} must be a string, got {type(value).__name__}")
        return None
    if required and not allow_empty and not value.strip():
        problems.append(f"{key} must not be empty")
        return None
    return value


def _choice(data: dict, key: str, allowed: tuple[str, ...], problems: list[str],
            *, default: str | None) -> str | None:
    value = data.get(key)
    if value is None:
        if default is None:
            problems.append(f"{key} is required (one of {', '.join(allowed)})")
        return default
    if value not in allowed:
        problems.append(f"{key} must be one of {', '.join(allowed)}, got {value!r}")
        return None
    return value


def _timestamp(data: dict, problems: list[str]) -> float:
    value = data.get("at")
    if value is None:
        return time.time()
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        problems.append(f"at must be a number of seconds since the epoch, got {value!r}")
        return time.time()
    return float(value)
