"""A decision log: one page holding many decisions, each under a heading of its own.

Many projects keep their decisions in one append-only file rather than a file per record:
`DECISIONS.md` with `## D1 — QUIC ALPN: relay/1`, `docs/decision-log.md` with `## 2026-02-16: Frontend
framework` over `### Decision` and `### Why`, `docs/decisions.md` with `### 2026-09-27: …` under its
title. Read as one page, the log is a documentation page that nothing shows on code, and a question
about one entry finds all of them. Read as a log, each entry is a decision record of its own: its
status, date, sections and lines, and the code its own text names.

A page is a log when, at one heading level, at least two headings (and at least half of that
level's) open an entry: a record's number (`ADR-003`, `DR 4`, `Decision 12`; `D1` and a plain
`3. Use Postgres` only in a page named for decisions), or a date (`2026-02-16: …`, `[2026-02-16] …`)
in a page named for decisions (a dated heading elsewhere is a journal's or a changelog's). An entry
says something: a heading over a line or two (a list of links to the records) is no entry. Index,
read-me and template pages are never logs. A page named for decisions may also number its entries in
bold at the head of a paragraph (`**D1. Transport is plain HTTP.** The design says …`) or in a table's
first column (`| D-001 | decision | rationale | Accepted |`): each paragraph or row is then an entry.
A part of any page that lists decisions ("## Decisions" over "### D1 — Typed-identifier flags", as
OpenSpec's `design.md` writes them) is read as such a log, the rest of the page aside.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from lore.markup import markdown
from lore.memory import Kind, Memory, SourceKind, Status
from lore.sources.adr import parse_adr, stated_status
from lore.sources.detect import index_reason, status_field
from lore.sources.ids import import_id
from lore.sources.parsed import Keys, Parsed, chunked, imported_memory, short_title
from lore.sources.status import RECORD_SUFFIXES, read_status

LOG_META = "log_lines"  # meta of an entry: [first, last] 1-based lines of the log it was read from
_RECORD_ID = re.compile(r"^\[?(?:adr|dr|decision|rfc)[\s#:_-]*0*(\d{1,4})\b\]?\s*[:.)—–|-]*\s*(\S.*)$", re.I)
_SHORT_ID = re.compile(r"^\[?(?:d|dec)[\s#_-]?0*(\d{1,4})\]?\s*[:.)—–|-]+\s*(\S.*)$", re.I)
_NUMBERED = re.compile(r"^0*(\d{1,4})[.):]\s+(\S.*)$")
_LABELLED = re.compile(r"^decision\s*[:—–-]\s*\S", re.I)  # "Decision: Use SQLite" in a page or part named for decisions
_DATED = re.compile(r"^\[?(\d{4}-\d{2}-\d{2})\]?\s*[:.)—–|-]*\s*(\S.*)$")
_LOG_WORDS = frozenset({"decision", "decisions", "adr", "adrs"})
ENTRY_MIN_WORDS = 15


def _named_log(rel_path: str) -> bool:
    """Whether a page's name says it holds decisions (`DECISIONS.md`, `decision-log.md`, `ADR.md`); a
    numbered name is one record's (`ADR-54.md`)."""
    stem = PurePosixPath(rel_path).stem.lower()
    return bool(set(re.split(r"[-_ .]+", stem)) & _LOG_WORDS) and not re.search(r"\d", stem)


def entry_head(heading: str, named: bool) -> tuple[int | None, str | None] | None:
    """(number, date) of a heading that opens an entry, else None."""
    text = markdown.plain(heading).strip()
    m = _RECORD_ID.match(text)
    if m:
        return int(m.group(1)), None
    if named:
        m = _SHORT_ID.match(text) or _NUMBERED.match(text)
        if m:
            return int(m.group(1)), None
        m = _DATED.match(text)
        if m:
            return None, m.group(1)
        if _LABELLED.match(text):
            return None, None
    return None


# A heading that may open an entry, to leave most pages unparsed here.
_MAYBE = re.compile(r"^#{2,4}[ \t]+[\[*_`]*(?:adr|dr|decision|rfc|dec|d|\d)", re.I | re.M)


def log_entries(rel_path: str, text: str) -> Parsed | None:
    """Each entry of a decision log as a decision record, or None when the page is no log."""
    named = _named_log(rel_path)
    if not named and len(_MAYBE.findall(text[:200_000])) < 2:
        return None
    if index_reason(rel_path):  # by its name: a log's title is often "Decision log", an index's title too
        return None
    doc = markdown.parse(text)
    lines = text.split("\n")
    # one record stating its status lists its own decisions in its parts
    in_parts = set() if stated_status(doc) else _in_decision_parts(doc)
    for level in (2, 3, 4):
        heads = [s for s in doc.sections if s.heading is not None and s.level == level]
        inner = [s for s in heads if s.line in in_parts]
        for among, opens in ((heads, lambda h: entry_head(h, named)), (inner, _part_entry_head)):
            spans = [(s, s.line, _last_line(doc, s)) for s in among]
            entries = [(s, head, first, last) for s, first, last in spans
                       if (head := opens(s.heading)) is not None and _says_something(doc, first, last)]
            if len(entries) >= 2 and 2 * len(entries) >= len(among):
                if 2 * sum(_points_to_a_record(doc, first, last) for _, _, first, last in entries) >= len(entries):
                    return None  # an index of the records, each entry a summary and a link to its file
                if _decides_once(doc, level):
                    return None  # one record, its parts numbering what it covers
                return _records(rel_path, lines, entries)
    if named:  # a page named for decisions may number them in bold paragraphs or in a table's rows
        return _paragraph_entries(rel_path, lines, named) or _table_entries(rel_path, lines)
    return None


# A record's own part stating its one decision: "## Decision", "## Decision Outcome", "## Chosen option".
_ONE_DECISION = re.compile(r"^(?:the )?decision(?: outcome)?$|^chosen option$", re.I)


def _decides_once(doc: markdown.Document, level: int) -> bool:
    """Whether a page states its one decision in a part headed above the level its would-be entries are
    (CivicPress' `docs/test-skip-decision.md`: "## Decision", then "### 1. `tests/api/records.test.ts:454`" and
    two more under "## Skipped Tests", read as three decisions, and the one it took was lost)."""
    _, title_line = doc.title()
    return any(s.heading and s.level < level and s.line != title_line
               and _ONE_DECISION.match(markdown.plain(s.heading).strip().rstrip(":")) for s in doc.sections)


# A part of a design page that lists its decisions ("## Decisions" over "### D1 — Typed flags", as OpenSpec's
# design.md and many design documents write them).
_DECISIONS_PART = re.compile(r"^(?:key |design |architectur\w* |technical |major )?decisions(?: made| taken)?$|^decision log$",
                             re.I)


def _part_entry_head(heading: str) -> tuple[int | None, str | None] | None:
    """(number, date) of a heading that opens an entry in a part listing decisions: a record's number, a
    decision's own (`D1 —`) or a label (`Decision: …`); a plain `1. Units as containers` there numbers the
    parts of one record (openedx-learning's 0018 lists its six decisions so, under one title and context)."""
    text = markdown.plain(heading).strip()
    if m := _RECORD_ID.match(text) or _SHORT_ID.match(text):
        return int(m.group(1)), None
    return (None, None) if _LABELLED.match(text) else None


def _in_decision_parts(doc: markdown.Document) -> set[int]:
    """Lines of the headings whose nearest heading above, one level up or more, names a part of the page
    (not its title: a page is named for decisions by its file name) listing decisions; one pass."""
    out: set[int] = set()
    above: list[tuple[int, bool]] = []  # (level, names a part listing decisions) of the enclosing headings
    for s in doc.sections:
        if s.heading is None:
            continue
        while above and above[-1][0] >= s.level:
            above.pop()
        if above and above[-1][1]:
            out.add(s.line)
        above.append((s.level, s.level >= 2 and bool(_DECISIONS_PART.match(markdown.plain(s.heading).strip().rstrip(":")))))
    return out


def _points_to_a_record(doc: markdown.Document, first: int, last: int) -> bool:
    """Whether an entry is an index's: its heading links to a page of the repository (`#### [ADR 0002:
    Authentication](adr/0002-authentication.md)`, however long the summary under it), or it is a short
    summary linking to one."""
    return bool(_local_pages(doc.lines[first - 1])) or _index_entry("\n".join(doc.lines[first:last]))


def _local_pages(text: str) -> list[str]:
    """The pages of the repository a text links to (a record's or a document's file, not a web address)."""
    return [t for _, t in markdown.links(text) if t.split("#")[0].endswith(RECORD_SUFFIXES)
            and not t.startswith(("http://", "https://"))]


def _index_entry(text: str) -> bool:
    """Whether a text is a short summary linking to a page of the repository: an index's entry, whose
    record is that page."""
    return bool(_local_pages(text)) and len(markdown.plain(text).split()) < 60


def _last_line(doc: markdown.Document, s: markdown.Section) -> int:
    """The 1-based last line of an entry: up to the next heading of its level or above, subsections included."""
    later = [t.line for t in doc.sections if t.heading is not None and t.line > s.line and t.level <= s.level]
    return (min(later) - 1) if later else len(doc.lines)


def _says_something(doc: markdown.Document, first: int, last: int) -> bool:
    return len(markdown.plain("\n".join(doc.lines[first:last])).split()) >= ENTRY_MIN_WORDS


_ATX = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")


def _title_line(line: str, heading: str) -> str:
    """An entry's heading as the title line of its own record, written as the log writes it: the record's
    reader makes it plain once, so a code span's text stays (`<adj>-<noun>-<4 hex>` is no HTML tag to drop,
    as it would be read plain twice). A heading underlined rather than hashed is its text line."""
    m = _ATX.match(line)
    written = m.group(1) if m else line
    return "# " + (written.strip() or heading.strip())


def _records(rel_path: str, lines: list[str], entries) -> Parsed:
    """One record per entry, each read as a record file of its own would be, but for what only a file has: a number
    in the log's name is no entry's, and a status the log states above its first entry is each entry's that states
    none ("**Status:** Design Proposal" over ten "## ADR-00N" entries)."""
    out = Parsed()
    keys = Keys()
    opening = min((first for _, _, first, _ in entries), default=1)
    page_status = next((_field_value(ln) for ln in lines[:opening - 1] if status_field(ln)), None)
    for s, (number, date), first, last in entries:
        own_lines = entry_lines(lines, first, last)
        own_lines[first - 1] = _title_line(lines[first - 1], s.heading)
        stated = page_status is not None and not any(status_field(ln) for ln in lines[first:last])
        parsed = parse_adr(rel_path, "\n".join(own_lines), {"status": page_status} if stated else None, entry=True)
        out.warnings += parsed.warnings
        if not parsed.memories:
            continue
        m: Memory = parsed.memories[0]
        key = keys.make("log", m.title)
        m.id = import_id(rel_path, key)
        m.provenance.key = key
        m.meta.pop("adr_number", None)
        if number is not None:
            m.meta["adr_number"] = number
        if date and not m.date:
            m.date = date
        m.meta[LOG_META] = [first, last]
        m.meta["read_from"] = "decision log"
        _entries_named(m, s.heading + "\n" + "\n".join(lines[first:last]))
        out.memories.append(m)
    return out


_OTHER = r"(?:d|dec|adr|decision|#)[\s#-]?0*(\d{1,4})\b"
_SUPERSEDES_ENTRY = re.compile(r"\bsupersed(?:es|ing)\s+" + _OTHER, re.I)
_SUPERSEDED_BY_ENTRY = re.compile(r"\bsuperseded\s+(?:in\s+full\s+)?by\s+" + _OTHER, re.I)


def _entries_named(m: Memory, text: str) -> None:
    """Supersessions between entries of one log, by their numbers ("D24 — Postgres backend landed
    (supersedes D21's typed stub)"): kept as references resolved within the file (`links.AdrIndex`)."""
    refs = m.meta.setdefault("refs", {})
    for kind, pattern in (("supersedes", _SUPERSEDES_ENTRY), ("superseded_by", _SUPERSEDED_BY_ENTRY)):
        for found in pattern.finditer(markdown.plain(text)):
            ref = {"text": found.group(0).split()[-1], "target": None, "number": int(found.group(1)), "same_file": True}
            if int(found.group(1)) != m.meta.get("adr_number") and ref not in refs.get(kind, []):
                refs.setdefault(kind, []).append(ref)
    if not refs:
        m.meta.pop("refs")


def _field_value(line: str) -> str | None:
    """What a status field line states ("**Status:** Design Proposal" -> "Design Proposal"), None when nothing."""
    cells = [c for c in line.strip().strip("|").split("|")]
    value = cells[1] if line.lstrip().startswith("|") and len(cells) > 1 else line.split(":", 1)[-1]
    value = markdown.plain(value).strip(" *_")
    return value or None


def entry_lines(lines: list[str], first: int, last: int) -> list[str]:
    """A log's lines with every line outside one entry (1-based, inclusive) left empty, so that the entry's
    lines keep their numbers."""
    return [line if first - 1 <= i < last else "" for i, line in enumerate(lines)]


# A paragraph that opens with its entry's number and title in bold ("**D1. Transport is plain HTTP.** The
# design says …"), perhaps as a list item.
_BOLD_LEAD = re.compile(r"^\s*(?:[-*+]\s+)?\*\*([^*\n]{3,200}?)\*\*[ \t]*(.*)$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*$")
_TITLE_COLUMN = re.compile(r"^(?:decision|title|what|summary|choice|decided)\b", re.I)
_REASON_COLUMN = re.compile(r"\b(?:rationale|why|reason|reasons|consequences?|context|notes?)\b", re.I)


def _paragraph_entries(rel_path: str, lines: list[str], named: bool) -> Parsed | None:
    """Entries that are paragraphs led by a bold number and title ("**D1. Transport is plain HTTP.** …")."""
    starts = []
    in_fence = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        m = None if in_fence else _BOLD_LEAD.match(line)
        head = entry_head(m.group(1), named) if m else None
        if head is not None:
            starts.append((i, markdown.plain(m.group(1)).strip().rstrip(".:"), m.group(2), head))
    if len(starts) < 2:
        return None
    out, keys = Parsed(), Keys()
    for n, (i, title, rest, (number, date)) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        end = next((j for j in range(i + 1, end) if lines[j].lstrip().startswith("#")), end)
        body = "\n".join([rest, *lines[i + 1:end]]).strip()
        if len(markdown.plain(body).split()) < ENTRY_MIN_WORDS or _index_entry(lines[i] + "\n" + body):
            continue
        out.memories.append(_entry(rel_path, keys, title, body, i + 1, end, number, date, None))
    return out if len(out.memories) >= 2 else None


def _table_entries(rel_path: str, lines: list[str]) -> Parsed | None:
    """Entries that are rows of a table whose first column numbers them (`| D-001 | decision | why | Accepted |`)."""
    out, keys = Parsed(), Keys()
    for i in range(1, len(lines)):
        if not _TABLE_SEPARATOR.match(lines[i]) or "|" not in lines[i - 1]:
            continue
        header = _cells(lines[i - 1])
        title_col = next((k for k, h in enumerate(header) if k and _TITLE_COLUMN.match(h)), 1)
        status_col = next((k for k, h in enumerate(header) if h.lower().strip() == "status"), None)
        reason_cols = [k for k, h in enumerate(header) if k not in (0, title_col, status_col) and _REASON_COLUMN.search(h)]
        j = i + 1
        while j < len(lines) and lines[j].lstrip().startswith("|"):
            cells = _cells(lines[j])
            head = _cell_id(cells[0]) if cells and len(cells) > title_col else None
            if head is not None and not _index_entry(lines[j]):
                title = markdown.plain(cells[title_col])
                reasons = [f"{header[k]}: {cells[k]}" for k in reason_cols if k < len(cells) and cells[k]]
                status = cells[status_col] if status_col is not None and status_col < len(cells) else None
                if not status and _open_part(lines, i - 1):
                    status = "proposed"  # a row of "## Decisions Needed": a question to decide, not yet decided
                body = "\n\n".join([cells[title_col], *reasons])
                out.memories.append(_entry(rel_path, keys, short_title(title), body, j + 1, j + 1, *head, status))
            j += 1
    return out if len(out.memories) >= 2 else None


# A part of a page listing decisions still to take: "## Decisions Needed", "Open decisions", "Pending decisions", "To decide".
_OPEN_HEADING = re.compile(r"^#{1,6}\s+(?:decisions?\s+(?:needed|required|pending|to\s+(?:make|take))|(?:open|pending|outstanding|"
                           r"upcoming)\s+(?:decisions?|questions?)|to\s+decide|questions?\s+to\s+decide)\b", re.I)
_ANY_HEADING = re.compile(r"^#{1,6}\s")


def _open_part(lines: list[str], line: int) -> bool:
    """Whether the nearest heading above the 0-based `line` names a part listing decisions still to take."""
    for k in range(line, -1, -1):
        if _ANY_HEADING.match(lines[k]):
            return bool(_OPEN_HEADING.match(lines[k].strip()))
    return False


_ID_CELL = re.compile(r"^\[?(?:adr|dr|decision|rfc|dec|d)[\s#_-]?0*(\d{1,4})\]?$", re.I)


def _cell_id(cell: str) -> tuple[int | None, str | None] | None:
    """(number, date) of a table's first cell that numbers a decision (`D-001`, `ADR-12`), else None."""
    m = _ID_CELL.match(markdown.plain(cell).strip())
    return (int(m.group(1)), None) if m else None


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _entry(rel_path: str, keys: Keys, title: str, body: str, first: int, last: int, number: int | None,
           date: str | None, status_text: str | None) -> Memory:
    """One entry that is a paragraph or a table row, as a decision record."""
    reading = read_status(status_text or _status_field(body) or "")
    key = keys.make("log", title)
    m = imported_memory(title=title, body=body, kind=Kind.DECISION, source=SourceKind.ADR, path=rel_path, line=first,
                        key=key, status=reading.status or Status.ACTIVE, date=date,
                        sections=chunked(title, None, body, first), meta={LOG_META: [first, last],
                                                                          "read_from": "decision log"})
    if number is not None:
        m.meta["adr_number"] = number
    if status_text:
        m.meta["status_text"] = markdown.plain(status_text)
    _entries_named(m, title + "\n" + body)
    return m


def _status_field(body: str) -> str | None:
    m = re.search(r"^\W*status\W*:\s*(.+)$", body, re.I | re.M)
    return markdown.plain(m.group(1)) if m else None
