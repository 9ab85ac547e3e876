"""Code that cites a decision record: `// The rationale for this value is described in ADR-013.`

A comment that sends its reader to a record by number says, in the code itself, that the record
governs it. A record numbered in a series (`adr-013-….md`, `docs/adr/011-….md`, `docs/rfc/0011-….md`)
is cited as `ADR-013`, `ADR 13`, `adr-013`, `RFC 0011`, `RFC-11`; the series is the record's file-name
prefix (`adr-`, `rfc-`) or else the folder it sits in (`adr`, `adrs`, `rfc`, `rfcs`, `decisions` for
ADRs). Each code file that cites a record, and no other record of the workspace by that series and
number, is governed by it (tests, vendored and generated code are not read; see `named.SymbolIndex`).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from lore.sources.named import BUDGET_SECONDS, code_outside_tests

CITE = re.compile(rb"(?<![\w/.-])(ADR|RFC)[ #:_-]?0*(\d{1,4})(?!\w)", re.I)
_NUMBERED = re.compile(r"^(?:(adr|rfc)[-_ ]?)?0*(\d{1,4})(?:[-_. ]|$)", re.I)
_SERIES_FOLDERS = {"adr": "adr", "adrs": "adr", "decisions": "adr", "decision-records": "adr", "rfc": "rfc",
                   "rfcs": "rfc"}


def series_of(rel: str) -> tuple[str, int] | None:
    """(series, number) of a record by its path: `docs/architecture/adr-013-x.md` -> ("adr", 13),
    `docs/rfc/0011-x.md` -> ("rfc", 11); None when its name holds no number or no series is known."""
    path = PurePosixPath(rel)
    m = _NUMBERED.match(path.name)
    if not m:
        return None
    series = (m.group(1) or "").lower()
    if not series:
        series = next((_SERIES_FOLDERS[p.lower()] for p in reversed(path.parent.parts)
                       if p.lower() in _SERIES_FOLDERS), "")
    return (series, int(m.group(2))) if series else None


class CitationIndex:
    """(series, number) -> the code files citing it, from one pass over the files a SymbolIndex read
    (bounded by the same time budget), and (series, number) -> the records of the workspace so numbered."""

    def __init__(self, root, code_files: list[str], all_files, budget: float = BUDGET_SECONDS):
        self.cited: dict[tuple[str, int], set[str]] = {}
        self.records: dict[tuple[str, int], list[str]] = {}
        for f in all_files:
            if f.lower().endswith((".md", ".markdown", ".mdx", ".rst", ".adoc")):
                key = series_of(f)
                if key:
                    self.records.setdefault(key, []).append(f)
        for rel, data in code_outside_tests(root, code_files, budget):
            for m in CITE.finditer(data):
                self.cited.setdefault((m.group(1).decode().lower(), int(m.group(2))), set()).add(rel)

    def citing(self, record: str) -> list[str]:
        """Code files citing the record at `record`, when no other record of the workspace shares its number."""
        key = series_of(record)
        if key is None or len(self.records.get(key, [])) > 1:
            return []
        return sorted(self.cited.get(key, ()))
