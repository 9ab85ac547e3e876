"""Runs every rule over a text, keeps the non-overlapping findings and rewrites the text."""

from __future__ import annotations

import bisect
import itertools
import logging
import re
from collections.abc import Iterator

from lore.redact.assignments import ASSIGNMENT_RULES
from lore.redact.connections import CONNECTION_RULES, PROSE_RULES
from lore.redact.keys import KEY_RULES
from lore.redact.result import Redaction, RedactResult
from lore.redact.rule import Rule
from lore.redact.tokens import TOKEN_RULES
from lore.redact.vendors import VENDOR_RULES

log = logging.getLogger(__name__)

# Order is precedence: when two findings overlap, the rule listed first wins, so a GitHub
# token assigned to GITHUB_TOKEN is reported as github-token, not as an env secret.
RULES: tuple[Rule, ...] = (
    KEY_RULES + TOKEN_RULES + VENDOR_RULES + CONNECTION_RULES + ASSIGNMENT_RULES
    + PROSE_RULES
)

_ASCII_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}

KINDS: frozenset[str] = frozenset(r.kind for r in RULES)


def _lowered(text: str) -> str:
    """TEXT lowercased without changing its length, so offsets carry over."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return text.translate(_ASCII_LOWER)


# Every rule's keywords, looked up once per text; a rule runs when its set meets the ones present.
_KEYWORDS: tuple[str, ...] = tuple(sorted({k for r in RULES for k in r.keywords}))
_RULE_KEYWORDS: tuple[frozenset[str], ...] = tuple(frozenset(r.keywords) for r in RULES)


def _findings(text: str) -> Iterator[tuple[int, int, str]]:
    """Yield (start, end, kind) for every finding of every rule, in rule order."""
    if not isinstance(text, str):
        raise TypeError(f"secret redaction needs a str, not {type(text).__name__}")
    lowered = _lowered(text)
    present = {k for k in _KEYWORDS if k in lowered}
    if not present and all(_RULE_KEYWORDS):
        return
    for rule, keywords in zip(RULES, _RULE_KEYWORDS):
        if keywords and keywords.isdisjoint(present):
            continue
        for start, end in rule.spans(text, lowered):
            yield start, end, rule.kind


def _select(findings: Iterator[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Keep each finding that overlaps no earlier-ranked one; return them by position."""
    starts: list[int] = []
    kept: list[tuple[int, int, str]] = []
    for start, end, kind in findings:
        i = bisect.bisect_right(starts, start)
        if i > 0 and kept[i - 1][1] > start:
            continue
        if i < len(kept) and kept[i][0] < end:
            continue
        starts.insert(i, start)
        kept.insert(i, (start, end, kind))
    return kept


def _with_lines(text: str, spans: list[tuple[int, int, str]]) -> tuple[Redaction, ...]:
    """Attach 1-based line numbers, counting newlines once across the sorted spans."""
    out = []
    line, pos = 1, 0
    for start, end, kind in spans:
        line += text.count("\n", pos, start)
        pos = start
        out.append(Redaction(kind=kind, line=line, start=start, end=end))
    return tuple(out)


def redact(text: str) -> RedactResult:
    """Replace every secret in TEXT with `[REDACTED:<kind>]` and report where each one was."""
    return _rewrite(text, _select(_findings(text)))


def _rewrite(text: str, spans: list[tuple[int, int, str]]) -> RedactResult:
    """TEXT with each span replaced by its placeholder."""
    if not spans:
        return RedactResult(text=text)
    pieces, pos = [], 0
    for start, end, kind in spans:
        pieces.append(text[pos:start])
        pieces.append(f"[REDACTED:{kind}]")
        pos = end
    pieces.append(text[pos:])
    redactions = _with_lines(text, spans)
    log.debug("redacted %d secrets", len(redactions))
    return RedactResult(text="".join(pieces), redactions=redactions)


def contains_secret(text: str) -> bool:
    """True when TEXT holds at least one secret that `redact` would replace."""
    return next(_findings(text), None) is not None


_PATH_SEPARATORS = (re.compile(r"[/\\]"), re.compile(r"[/\\_.]"))


def redact_path(text: str) -> RedactResult:
    """`redact` for a path, a glob or a URI: also reads it with its separators as spaces, so
    `app/DB_PASSWORD=x.py` shows the assignment a separator hid (same length: offsets carry over)."""
    spans = _findings(text)
    for separators in _PATH_SEPARATORS:
        spaced = separators.sub(" ", text)
        if spaced != text:
            spans = itertools.chain(spans, _findings(spaced))
    return _rewrite(text, _select(spans))
