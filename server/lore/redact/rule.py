"""A detection rule: a regular expression, cheap keywords that gate it, and a validity check."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import attrs

# Receives the candidate secret and the whole match; says whether it is a real secret.
Check = Callable[[str, "re.Match[str]"], bool]
# Given a match, returns the (start, end) of the secret inside the text, or None to skip it.
Locate = Callable[["re.Match[str]"], "tuple[int, int] | None"]


@attrs.frozen
class Rule:
    """Finds one kind of secret; runs only when one of its lowercase keywords is in the text.

    With a `trigger` (a case-sensitive regex run over the lowercased text), the real
    case-insensitive pattern is only tried where the trigger hit, or at the start of that line
    when `line_anchored`: Python's `re` scans lowercase text for lowercase literals many times
    faster than it runs a case-insensitive pattern over the original.
    """

    kind: str
    pattern: re.Pattern[str]
    keywords: tuple[str, ...]
    group: int | str = 0
    check: Check | None = None
    locate: Locate | None = None
    trigger: re.Pattern[str] | None = None
    line_anchored: bool = False

    def spans(self, text: str, lowered: str) -> Iterator[tuple[int, int]]:
        """Yield the (start, end) offsets of every secret this rule finds in TEXT.

        LOWERED is TEXT lowercased with offsets preserved (same length).
        """
        for match in self._matches(text, lowered):
            span = self.locate(match) if self.locate else match.span(self.group)
            if span is None or span[0] >= span[1]:
                continue
            if self.check is None or self.check(text[span[0] : span[1]], match):
                yield span

    def _matches(self, text: str, lowered: str) -> Iterator[re.Match[str]]:
        if self.trigger is None:
            yield from self.pattern.finditer(text)
            return
        if not self.line_anchored:
            for hit in self.trigger.finditer(lowered):
                match = self.pattern.match(text, hit.start())
                if match:
                    yield match
            return
        # One try per line that has a hit; then jump past that line, so a single huge line
        # full of hits is scanned once, not once per hit.
        search = self.trigger.search
        hit = search(lowered)
        while hit:
            line_start = text.rfind("\n", 0, hit.start()) + 1
            line_end = text.find("\n", hit.start())
            match = self.pattern.match(text, line_start)
            if match:
                yield match
            if line_end < 0:
                return
            hit = search(lowered, line_end)


def rule(
    kind: str,
    regex: str,
    keywords: tuple[str, ...],
    *,
    group: int | str = 0,
    check: Check | None = None,
    locate: Locate | None = None,
    ignore_case: bool = False,
    trigger: str | None = None,
    line_anchored: bool = False,
    flags: int = 0,
) -> Rule:
    """Build a Rule; keywords are lowercased for the prefilter.

    With IGNORE_CASE and no TRIGGER, every letter written in REGEX must be lowercase: the same
    source then serves as the case-sensitive trigger over the lowercased text.
    """
    return Rule(
        kind=kind,
        pattern=re.compile(regex, flags | (re.IGNORECASE if ignore_case else 0)),
        keywords=tuple(k.lower() for k in keywords),
        group=group,
        check=check,
        locate=locate,
        trigger=re.compile(trigger or regex, flags) if ignore_case else None,
        line_anchored=line_anchored,
    )
