"""Architecture decision records: Nygard/adr-tools, MADR 2–4, log4brains and free-form variants.

One ADR file becomes one decision memory (key "adr"); its sections (Context, Decision,
Consequences, ...) are indexed on their own. Status comes from front matter, a Status section or
heading, or a `Status:` line, list item or table row; supersession references are kept raw in
`meta["refs"]` and resolved across files once the import has seen every ADR.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import PurePosixPath

from lore.memory import BODY_PART_META, HIDDEN_STATUSES, TEMPLATE_ONLY_META, Kind, Section, SourceKind, Status
from lore.markup import markdown
from lore.sources.detect import folder_hint, index_reason, name_hint, placeholder_heading
from lore.text import clip_between_sentences, folded
from lore.sources.parsed import Parsed, chunked, imported_memory
from lore.sources import dates
from lore.sources.newer import moved_from_links, removal_links
from lore.sources.status import (LIFECYCLE_KEYS, Reference, StatusReading, decided_against,
                                 front_supersessions, misspelt_status, part_supersessions, read_status, references,
                                 retired_for, supersession_lines, word_status)

IMPORTER = "adr"
UNFILLED = "an unfilled template"  # why the opening record of headings alone is taken as nothing (`unfilled`)
#: A record's context kept as its memory's rationale, at most (the whole text stays in its sections).
RATIONALE_CHARS = 1500
# "Status", and its name in French, Spanish, Portuguese and Italian ("## État", "## Estado", "## Stato").
_STATUS_HEAD = re.compile(r"^(?:status|statut|état|etat|estado|stato)\b\s*([:\-–]?)\s*(.*)$", re.I)
# A record's header part: its metadata, revision history or change log ("Revision History", "Changelog").
_HEADER_PART = (r"(?:(?:release|revision|update|version|change)\s*(?:history|log)|changelog|revisions?|history|"
                r"amendments|metadata)")
_HEADER_HEADING = re.compile(rf"^{_HEADER_PART}$", re.I)
_HISTORY_HEAD = re.compile(rf"^#{{1,6}}\s*{_HEADER_PART}\s*$", re.I)
_HEADER_TABLES = {"metadata", "meta", "field", "fields", "property", "key", "revision", "version", "date"}
_HEADER_FIELDS = {"status", "date", "author", "authors", "deciders", "decision-makers", "tags", "updates",
                  "supersedes", "superseded by", "consulted", "informed",
                  # MADR's header in French, Spanish, Portuguese, Italian and German
                  "statut", "auteur", "auteurs", "décisionnaires", "decisionnaires", "consultés", "consultes",
                  "informés", "informes", "périmètre", "perimetre", "estado", "fecha", "autores", "decisores",
                  "consultados", "informados", "autori", "stato", "datum", "autor", "autoren",
                  "entscheider"}
_DEPRECATION_HEAD = re.compile(r"^deprecat(?:ed|ion)\b", re.I)
_DATE_HEAD = re.compile(r"^date\b\s*[:\-–]?\s*(.+)$", re.I)
# A status field's names: getsentry/rfcs' `* RFC Status: approved` too (not a proposal's "Implementation Status",
# which says how far the code got, not what was decided).
_STATUS_FIELDS = frozenset({"status", "current status", "state", "decision status", "rfc status", "adr status",
                            "proposal status", "statut", "état", "etat", "estado", "stato"})
_FIELD = re.compile(r"^\s*(?:[-*+]\s+|\d+\.\s+)?(?:\*\*|__)?([^\W\d_][\w -]{1,30}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.+)$")
_TABLE_ROW = re.compile(r"^\s*\|\s*(?:\*\*)?([^\W\d_][\w -]{1,30}?)(?:\*\*)?\s*\|\s*(.+?)\s*\|")
# The fields a record dates itself by, and a year any date written there holds.
_DATE_FIELDS = ("date", "decision date", "last updated", "proposal date", "created")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_DATE_IN = re.compile(r"\b(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})\b")
# A record's number in its file name: `0012-…`, `adr-012-…`, and a series' own letters (`fip-0009.md`,
# `frc-0053.md`, `tep-0005-…`: two to five letters, then at least two digits, so `v2-…` is no number).
_NUMBER_NAME = re.compile(r"^(?:adr[-_ ]?|[a-z]{2,5}(?:[-_](?=\d{2})|(?=0\d)))?0*(\d{1,5})(?:[-_. ]|$)", re.I)
# A file name's number followed by another, as a date's year or a section's number are (`2019-05-21-…`, `1.2-…`).
_NUMBER_AFTER = re.compile(r"[-_.]\d")
# The titles of the record a series opens with, about keeping records ("Record architecture decisions", MADR's "Use
# Markdown Architectural Decision Records" and "Use Markdown Any Decision Records").
_PROCESS_TITLE = re.compile(r"^(?:record\s+architecture\s+decisions|use\s+markdown\s+(?:architectural|any)\s+decision\s+records)\b",
                            re.I)
# A title that only names the kind of page (`# Architectural Decision Record (ADR)`, `# ADR`, `# Decision record`).
_GENRE_ONLY = re.compile(r"^(?:\[[^\[\]\n]{1,60}\]\s*)?"  # a project's tag first: "[dps-starterkit-java] Architecture …"
                         r"(?:(?:an?\s+)?(?:architectur(?:e|al)\s+)?(?:decision\s+record|decision)(?:\s*\((?:adr|dr)\))?"
                         r"|adr|rfc|architecture\s+decision\s+record\s+template)\s*:?$", re.I)
_GENRE_PREFIX = re.compile(r"^(?:adr|rfc|decision)\s*[-#]?\s*(?:\d+\s*)?[:.\-–]\s*", re.I)
# A genre's word and no number before a title: "ADR: Multiple Sync Sources", "RFC - Flag sets", "Decision: Use Kafka",
# "Decision Record: Message Concept" (alphagov/email-alert-api), "Design Decisions: HTML Templating"
# (Financial-Times/dotcom-page-kit).
_GENRE_LABEL = re.compile(r"^\s*(?:(?:architecture\s+|architectural\s+)?decision\s+record|adr|rfc|decision|"
                          r"(?:design|technical|architecture|architectural|engineering)\s+decisions?)\s*(?::|\s[-–—])"
                          r"\s*(?=\S)", re.I)
_NUMBER_TITLE = re.compile(r"^\s*(?:adr|decision|rfc)?[\s#:-]*0*(\d{1,5})\s*[:.\-–]\s+\S", re.I)
# A template's number left unfilled in a title: "ADR-00XX: Data Hosting", "NNNN. Use Kafka", "ADR-?? – …".
_PLACEHOLDER_NUMBER = re.compile(r"^(\s*(?:adr|decision|rfc)?[\s#:-]*)(\d*[Xx]{2,}|N{2,}|#{2,}|\?{2,})(?=\s*[:.\-–]\s+\S)", re.I)
# A title written as its file's slug, after its number if it has one (`2. add-notifications-permission`, as record
# tools that take the title from the file name leave it): three or more lower-case words joined by hyphens, or four or
# more joined by underscores.
_SLUG_TITLE = re.compile(r"^(\s*(?i:(?:adr|decision|rfc)?[\s#:-]*\d{1,5}\s*[:.\-–]\s+)?)"
                         r"([a-z][a-z0-9]*(?:-[a-z0-9]+){2,}|[a-z][a-z0-9]*(?:_[a-z0-9]+){3,})\s*$")
RETIRED_DIRS = {"deprecated", "historic", "history", "archive", "archived", "obsolete", "superseded",
                 "retired", "old", "legacy"}
_REJECTED_DIRS = {"rejected", "declined"}
# Folders of proposals not yet decided. Not `rfcs/`: a project merges an RFC there once it is accepted (adobe/react-spectrum's
# README: "merged … once accepted"), and each of its RFCs read as proposed kept only its surest anchors.
_PROPOSED_DIRS = {"proposed", "proposals", "proposal", "draft", "drafts", "pending"}


def _names(*names: str) -> frozenset[str]:
    """Names of a record's parts as headings are compared with them (`_part_key`): lower case, accents aside, so
    that "## Decisao", written without its accent, is "## Decisão"."""
    return frozenset(folded(n) for n in names)


def _part_key(heading: str) -> str:
    """A heading as it is compared with the names of a record's parts (`_names`): "## Decisão:" -> "decisao"."""
    return folded(heading.strip().rstrip(":"))


# The nouns a heading of the options a record weighed opens on, and the names of a list of their pros and cons, in
# English and in the languages of `_CONTEXT`, as folded headings write them (`text.folded`: "opcoes"); shared with
# `headings.ALTERNATIVES`.
OPTION_NOUNS = r"alternatives?|options?|alternativ(?:as|en)|opciones|opcoes|opzioni|optionen"
PROS_AND_CONS = r"pros and cons|avantages et inconvenients|pros (?:y|e) contras|pro e contro"
# The options a record weighed, matched on the folded heading ("## Alternativas consideradas", "## Opções
# Consideradas", "## Betrachtete Optionen").
_ALTERNATIVES = re.compile(rf"^(?:\d+\.\s*)?(?:{OPTION_NOUNS}|considered|{PROS_AND_CONS}|"
                           r"(?:betrachtete|erwogene|verworfene)\s+(?:optionen|alternativen))\b", re.I)
_CONTEXT = _names("context", "context and problem statement", "background", "problem", "problem statement", "problem context",
                  "motivation", "context and motivation",
                  # the same parts in the languages whose status words `status` reads (MADR's translations among them)
                  "contexte", "contexte et énoncé du problème", "contexto", "contexto y planteamiento del problema",
                  "contexto e declaração do problema", "contexto e problema", "contesto", "contesto e problema",
                  "kontext", "kontext und problemstellung", "hintergrund")
# "Result" and "Outcome" head the decision of templates that open on the outcome ("## Result", then "## Problem context").
_DECISION = _names("decision", "decisions", "decision outcome", "proposal", "solution", "chosen option", "the decision",
                   "result", "outcome", "decision result",
                   "décision", "décision prise", "résultat de la décision", "decisión", "resultado de la decisión",
                   "decisão", "resultado da decisão", "decisione", "esito della decisione", "entscheidung",
                   "entscheidungsergebnis")
DECISION_PARTS = _DECISION
# A decision part named with a word saying which decision it is: "## Proposed Decision", "## Final Decision",
# "## Chosen Solution" (not "## Alternative Solution" or "## Related Decisions", which name other choices).
_QUALIFIED_DECISION = re.compile(r"^(?:proposed|final|chosen|agreed|accepted|adopted|selected|preferred|recommended|"
                                 r"suggested|our)\s+(?:decisions?|solution)$")


def _decision_name(heading: str | None) -> bool:
    """Whether a heading names a record's decision part: one of `_DECISION`, a decision noun after a word saying
    which decision it is (`_QUALIFIED_DECISION`: "## Proposed Decision"), or either stating the decision after a colon
    (`stated_decision`)."""
    key = _part_key(heading or "")
    return key in _DECISION or bool(_QUALIFIED_DECISION.match(key)) or bool(stated_decision(heading))


def _stated_decisions(doc: markdown.Document) -> int:
    """How many of a page's headings state a decision after a colon (`stated_decision`): one is the record's decision
    part; several are the decisions of a design's areas (kumahq/kuma's MADR 078, "#### Decision: Naming for
    non-system inbound-related resources" and two more), none of which is the record's whole decision."""
    return sum(1 for s in doc.sections if s.heading and stated_decision(s.heading))


def _stated_elsewhere(doc: markdown.Document, s, title_line: int | None) -> bool:
    """Whether a heading stating a decision (`stated_decision`) is no record's decision part: the page's title, or
    one of several such headings (`_stated_decisions`)."""
    return bool(stated_decision(s.heading)) and (s.level == 1 and s.line == title_line or _stated_decisions(doc) > 1)


def stated_decision(heading: str | None) -> str | None:
    """What a decision part's heading states after its name and a colon ("## Decision: Separate GovUK Notify Services
    for each TDR Environment"), else None. The title of a page is no part: `_block` passes it by."""
    name, colon, rest = (heading or "").partition(":")
    key = _part_key(name)
    if not colon or not rest.strip() or not (key in _DECISION or _QUALIFIED_DECISION.match(key)):
        return None
    return rest.strip()


def _context_name(heading: str | None) -> bool:
    """Whether a heading names a record's context part (`_CONTEXT`)."""
    return _part_key(heading or "") in _CONTEXT


# Parts holding what the record is, not what it says: its status, history, metadata, date, and the people who wrote or
# decided it ("## Authors" then "@Wondertan @renaynay": a record with no decision part was summed up by its authors).
_SKIP_META = _names("status", "changelog", "change log", "metadata", "date", "author", "authors", "deciders",
                    "decision makers", "decision-makers", "reviewers", "contributors")
# The parts of a record its headings name besides its context and decision (`_CONTEXT`, `_DECISION`): "## Why?".
_PARTS = _CONTEXT | _DECISION | _names("why", "consequences", "considered options", "options", "decision drivers",
                                       "rationale", "alternatives", "pros and cons of the options")
# A status in brackets before a record's title: `# [Superseded by [ADR-0019](0019-x.md)] Push Metrics via InfluxDB`
# (not a title that is a link, `# [Use Kafka](0003-use-kafka.md)`).
# What may follow the status word in such a marker: nothing, or whom or when it is for ("by ADR-19", ": 2021-03-04";
# not `[Deprecated API removal]`, a title's words).
_MARKER_REST = re.compile(r"^\s*(?:$|[:(–—,.]|by\b|in favou?r\b|since\b|on\b|in\b|for\b)")
_MARKED_TITLE = re.compile(r"^\s{0,3}#{1,6}[ \t]+\[((?:[^\[\]\n]|\[[^\[\]\n]*\])+)\](?!\()[ \t]*(\S.*?)[ \t#]*$")
# A title ending on its status in brackets or parentheses: "# ADR 0013 — Data Provenance: EuropePMC Ingestion (WIP)".
_TRAILING_MARK = re.compile(r"^\s{0,3}#{1,6}[ \t]+(\S.*?)[ \t]*[(\[][ \t]*([A-Za-z][A-Za-z -]{1,30}?)[ \t]*[)\]][ \t#]*$")


# Fields of record templates beyond the header's: who and what a record is for, and where it stands.
_FIELD_WORDS = _names("owner", "owners", "reviewer", "reviewers", "approvers", "approved", "created", "updated",
                      "version", "ticket", "issue", "story", "epic", "summary", "notes", "references", "links",
                      "related", "risks", "drawbacks", "assumptions", "constraints", "goals", "goal", "participants",
                      "stakeholders")


def record_field(label: str) -> bool:
    """Whether a bold label (`**Status**:`, `**Deciders**:`, `**Context**:`) names a field or a part of a decision
    record rather than a term the record defines: the template's words, written on every record alike."""
    key = folded(label.strip())
    return key in _HEADER_FIELDS or key in _SKIP_META or key in _PARTS or key in _FIELD_WORDS


def _part_name(heading: str | None) -> bool:
    """Whether a heading names a part of a record, not the record (`markdown.section_name`, `_PARTS`): a record
    with no title of its own that opens, under its header fields, on "## Problem" or "## Why?" is no record titled
    "Problem"."""
    return markdown.section_name(heading) or bool(heading) and folded(heading.strip().rstrip(":?").strip()) in _PARTS


def _status_marker(doc: markdown.Document, title_line: int | None) -> tuple[str, str] | None:
    """The status a record's title opens with in brackets and the title after it (`# [Superseded by
    [ADR-0019](0019-push-metrics-via-thanos.md)] Push Metrics via InfluxDB`: "Push Metrics via InfluxDB"), None
    when its title has none (`# [short title of solved problem and solution]` names no status)."""
    if title_line is None or not doc.lines[title_line - 1:title_line]:
        return None
    m = _MARKED_TITLE.match(doc.lines[title_line - 1])
    if not m:
        return _trailing_marker(doc.lines[title_line - 1])
    status, word = word_status(m.group(1))
    said = markdown.plain(m.group(1)).lower().replace("-", " ").strip()
    if status is None or not said.startswith(word) or not _MARKER_REST.match(said[len(word):]):
        return None
    return m.group(1).strip(), markdown.plain(m.group(2)).strip()


def _trailing_marker(line: str) -> tuple[str, str] | None:
    """The status a title ends on in brackets, all of the bracket being that status ("(WIP)", "[Draft]", "(Superseded)"),
    and the title before it; None for any other bracket at a title's end ("(Option B)", "(v2)")."""
    m = _TRAILING_MARK.match(line)
    if not m:
        return None
    status, word = word_status(m.group(2))
    said = m.group(2).lower().replace("-", " ").strip()
    if status is None or said != word:
        return None
    return m.group(2).strip(), markdown.plain(m.group(1)).strip()


def _top(doc: markdown.Document) -> int:
    """The 0-based line a page's text begins on: past its front matter and the blank lines after it (an entry of a
    decision log is read with the log's other lines blanked, `decision_log._records`, so its text begins where the
    entry does, hundreds of lines down for the log's later entries)."""
    top = doc.front_lines
    while top < len(doc.lines) and not doc.lines[top].strip():
        top += 1
    return top


def header_fields(doc: markdown.Document) -> dict:
    """The fields of an opening block of `Key: value` lines, when it gives a title (a PEP's `PEP: 5`,
    `Title: Guidelines for Language Evolution`, `Status: Superseded`, `Superseded-By: 387`): keys in lower
    case, an indented line continuing the field above it; {} for any other opening."""
    fields: dict[str, str] = {}
    last = None
    top = _top(doc)
    for line in doc.lines[top:top + 40]:
        if not line.strip():
            if fields:
                break
            continue
        m = markdown.KEY_VALUE.match(line)
        if m:
            last = m.group(1).lower()
            fields[last] = m.group(2).strip()
        elif last is not None and line[:1] in (" ", "\t"):
            fields[last] = f"{fields[last]} {line.strip()}".strip()
        else:
            break
    return fields if len(fields) >= 2 and fields.get("title") else {}


def with_front(doc: markdown.Document, front: dict | None) -> markdown.Document:
    """`doc` with the front matter it states in other ways, under its own: `front` (a metadata file's keys,
    `sidecar`) and an opening block of header fields (`header_fields`)."""
    stated = {**(front or {}), **({} if doc.front else header_fields(doc))}
    if stated:
        doc.front = {**stated, **doc.front}
    return doc


def parse_adr(rel_path: str, text: str, front: dict | None = None, *, entry: bool = False) -> Parsed:
    """The decision memory of one ADR file (nothing for index pages); `front`: what the metadata file beside
    the page says of its state (`sidecar`), under the page's own front matter; `entry`: `text` is one entry of a
    decision log at `rel_path`, whose file name numbers the log, not the entry."""
    out = Parsed()
    if not text.strip() and not front:
        out.note = "empty"  # a record's file created and never written (ieee1905-rs 0015): nothing to remember
        return out
    doc = with_front(markdown.parse(text), front)
    for line, msg in doc.warnings:
        out.warn(rel_path, line, msg)
    front = doc.front
    heading, title_line = doc.title()
    marker = _status_marker(doc, title_line)
    if marker:
        marker, heading = marker
    if heading and _GENRE_ONLY.match(heading.strip()):
        heading, title_line = _next_heading(doc, title_line)
    heading = None if _part_name(heading) or placeholder_heading(heading) else heading  # `## Problem`: titled otherwise
    if heading is not None and _first_level(doc) >= 3:
        heading = None  # a record opening on "### Reasoning" (mint-app 0017) has no title of its own: its name is one
    if heading and _GENRE_LABEL.match(heading):
        heading = _GENRE_LABEL.sub("", heading)  # "ADR: Multiple Sync Sources": the genre said, not the title
        heading = heading[:1].upper() + heading[1:]
    if heading is None and (unspaced := _unspaced_title(doc)):
        heading, title_line = unspaced
    title = _in_words(_text(front.get("title")) or _unbracketed(heading) or _title_from_name(rel_path))
    if not entry and copied_title(rel_path, title):
        out.warn(rel_path, title_line or 1, f"title {title!r} belongs to another record (copied?): "
                                            f"titled from the file name instead")
        title = f"{_number(rel_path, '')}. {_title_from_name(rel_path)}"
    if not entry:
        title = file_numbered(rel_path, title)
    not_one = index_reason(rel_path, title)
    if not_one:
        out.note = not_one
        return out
    empty = unfilled(doc, title_line)
    if empty and process_record(title):
        out.note = UNFILLED  # the series' first record as the template left it: no more than any series says
        return out
    reading, status_line, status_text = _status(doc, rel_path, out)
    if status_text is None and marker:
        reading, status_line, status_text = read_status(marker), title_line, markdown.plain(marker)
    front_supersessions(front, reading)
    _body_supersessions(doc, reading)
    _history_successor(doc, reading)
    _later_updates(doc, reading, _number(rel_path, title))
    reading.narrowest()
    if reading.status is None and status_text and read_status(status_text).supersedes:
        reading.status = Status.ACTIVE  # a status saying only what the record replaces ("Replaces 0004-x"): in force
    if reading.status is Status.DEPRECATED and not reading.superseded_by and _never_adopted(doc):
        reading.status, reading.word = Status.REJECTED, "rejected"
    status = reading.status
    unknown = status is None and bool(status_text)
    status = _folder_status(rel_path, status)
    given = status.value if status is Status.ACTIVE else f"{status.value}, as its folder says"
    if unknown and reading.choices:
        out.warn(rel_path, status_line, f"status {reading.choices[:80]!r} is the template's list of choices, "
                                        f"none picked; imported as {given}")
    elif unknown:
        out.warn(rel_path, status_line, f"unknown status {status_text!r}; imported as {given}")
    elif status_text and reading.word and reading.word not in status_text.lower() \
            and misspelt_status(status_text)[1] == reading.word:
        out.warn(rel_path, status_line,
                 f"status {status_text!r} read as {reading.word!r}, the status word it misspells")
    sections, body, rationale = _sections(doc, title, title_line)
    body = "" if empty else body  # a template's headings say nothing: its title is what the record says
    meta: dict = {"status_text": status_text} if status_text else {}
    if empty:
        meta[TEMPLATE_ONLY_META] = True  # a title only: search weighs it below records that say something
    if unknown and status is Status.ACTIVE:
        meta["status_unknown"] = status_text[:60]
    number = _number(rel_path, title)
    if number is not None:
        meta["adr_number"] = number
    kinds = ("superseded_by", "supersedes", "partly_superseded_by", "partly_supersedes", "graduated",
             "graduated_from", "amended_by", "amends")
    refs = {k: [r.to_json() for r in getattr(reading, k)] for k in kinds}
    refs = {k: v for k, v in refs.items() if v}
    parts = _superseded_parts(doc, title_line, reading)
    if parts:
        refs["parts_superseded_by"] = parts
    removes = removal_links(title, doc, title_line)
    if removes:
        refs["reverses"] = removes
    moved = moved_from_links(text)
    if moved:
        refs["moved_from"] = moved
    if refs:
        meta["refs"] = refs
    part = body_part(doc, title_line)
    if part:
        meta[BODY_PART_META] = part
    for key in ("decision-makers", "deciders", "consulted", "informed", "authors", "author"):
        if front.get(key):
            meta[key.replace("-", "_")] = _text(front[key])
    fields = _fields(doc)
    for key in ("deciders", "decision-makers", "authors"):
        if key in fields and key.replace("-", "_") not in meta:
            meta[key.replace("-", "_")] = fields[key]
    tags = ["adr"] + [t for t in _list(front.get("tags") or fields.get("tags")) if t]
    out.memories.append(imported_memory(
        title=title, body=body, kind=Kind.DECISION, source=SourceKind.ADR, path=rel_path,
        line=title_line or 1, key="adr", status=status, sections=sections, rationale=rationale,
        date=_date(doc) or dates.written_in(status_text)  # "Accepted - January 2021"
        or dates.named_day(_record_name(rel_path)),
        tags=tags, meta=meta,
    ))
    return out


def _status(doc: markdown.Document, rel_path: str, out: Parsed) -> tuple[StatusReading, int | None, str | None]:
    """The status reading, the line it came from and its text as written (None when there is none).

    Front matter first; then whichever comes first of a Status section and a `Status:` field or
    `| Status | … |` row among the opening lines. A Status section further down a record that has
    already stated its status in its header is most often about something else (an API's `Status`
    type, status codes) and counts only when it names a successor ("Superseded by [ADR-9](…)").
    """
    value = doc.front.get("status")
    if value not in (None, ""):
        text = _text(value)
        return read_status(text), 2, text
    for key in LIFECYCLE_KEYS:
        state = doc.front.get(key)
        if isinstance(state, str) and word_status(state)[0] is not None:
            return read_status(state), 2, state
    field = _status_field(doc)
    section = _status_section(doc)
    if field and section and field[1] < section[1] and not section[0].superseded_by:
        return field
    return section or field or (read_status(""), None, None)


def status_heading(heading: str | None) -> str | None:
    """The status written in a Status heading ("" for a bare "Status"), None for any other heading.

    "Status: Proposed", "Status Accepted" and "Status" head a record's status; "Status handling",
    "Status Messages / Server Errors" or "Status Change Approved" (a guide to the emails a status change
    sends) head a part of a page that speaks of other statuses.
    """
    m = _STATUS_HEAD.match((heading or "").strip())
    if not m:
        return None
    sep, rest = m.group(1), m.group(2).strip()
    if not rest or sep:
        return rest
    status, word = word_status(rest)
    if status is not None and markdown.plain(rest).lower().replace("-", " ").startswith(word):
        return rest
    return None


def _status_section(doc: markdown.Document) -> tuple[StatusReading, int, str | None] | None:
    """The first Status section, the page's own title aside (a guide titled "# Status" explains statuses). A Status
    section with no text of its own is read from its first sub-section, heading and text (openedx/license-manager's
    0003: "Status", then "Mostly Rejected May 2021" underlined as a part of it)."""
    _, title_line = doc.title()
    for i, s in enumerate(doc.sections):
        inline = status_heading(s.heading)
        if inline is None or (s.line == title_line and s.level == 1):
            continue
        own = doc.text(s)
        sub = doc.sections[i + 1] if i + 1 < len(doc.sections) else None
        if not inline and not own.strip() and sub is not None and sub.heading and sub.level > s.level:
            own = sub.heading + "\n\n" + doc.text(sub)
        text = (inline + "\n\n" + own).strip() if inline else own
        first = inline or next((ln.strip() for ln in own.splitlines() if ln.strip()), "")
        return read_status(text), s.line, markdown.plain(first) or None
    return None


_FENCE_LINE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


def _status_field(doc: markdown.Document) -> tuple[StatusReading, int, str | None] | None:
    """A `Status:` field or `| Status | … |` row among the opening lines. Past the page's first section, a
    field counts only when its value opens with a status ("- **Status:** Accepted"): there, "- **Status:** a
    request moves from pending to `Accepted`" describes a thing the page is about, not the page. Lines of
    a fenced code block are code, not fields."""
    later = [s.line for s in doc.sections if s.heading is not None and s.level >= 2][1:2]
    top = _top(doc)
    # a command's output in a code block ("status:    Create in progress") is no field of the page
    for i, line in _unfenced(doc.lines[top:top + 60], top + 1):
        field = _FIELD.match(line)
        m = field or _TABLE_ROW.match(line)
        if m and m.group(1).strip().lower() in _STATUS_FIELDS:
            value = m.group(2)
            if field:  # "**Status:** developed | Technical Story: [#297](…)": one line holding several fields
                value = re.split(r"\s\|\s", value, maxsplit=1)[0] + _continued(doc.lines, i)
            value = value.strip().strip("|").strip()
            for mark in ("**", "__"):
                if value.count(mark) % 2:  # "* Status: **Expired**": the field took the value's opening mark
                    value = value.replace(mark, "")
            if ((later and i > later[0]) or not field) and not _opens_with_status(value):
                continue  # a table row describing a `status` column ("| status | Status of the request, one of …")
            if later and i > later[0] and _item_fields(doc, later[0]) >= 2:
                return None  # a roadmap's features, each with its "**Status**: Planned": the items', not the page's
            return read_status(value), i, markdown.plain(value)
    return None


def _item_fields(doc: markdown.Document, first_part: int) -> int:
    """How many `Status:` fields a page writes past its first part (line `first_part`), outside code blocks. Two or
    more there state the statuses of the things its parts describe (thoni56/c-xrefactory's "Planned Features": one
    part a feature, "**Status**: EXPERIMENTAL (January 2026)" under one and "**Status**: Planned" under another,
    was read as a proposed decision), not the page's own."""
    fields = (_FIELD.match(line) for i, line in _unfenced(doc.lines, 1) if i > first_part)
    return sum(1 for field in fields if field and field.group(1).strip().lower() in _STATUS_FIELDS)


def _unfenced(lines: list[str], first: int):
    """(line number, line) for the lines outside fenced code blocks, numbered from `first`."""
    fence = None
    for i, line in enumerate(lines, first):
        marker = _FENCE_LINE.match(line)
        if marker and (fence is None or marker.group(1).startswith(fence)):
            fence = marker.group(1) if fence is None else None
            continue
        if fence is None:
            yield i, line


def _continued(lines: list[str], number: int) -> str:
    """The indented lines that carry on the list item field on line `number` (1-based), joined as one: "- **Status:**
    Accepted; job machine amended by\n  [ADR 0030](…); terminal-outcome table\n  amended by [ADR 0033](…)"."""
    more: list[str] = []
    for line in lines[number:number + 10]:
        if not line.strip() or not line[:1].isspace() or _FIELD.match(line) and not line.lstrip().startswith("["):
            break
        more.append(line.strip())
    return "".join(" " + m for m in more)


def _opens_with_status(value: str) -> bool:
    """Whether a field's value begins with a status word or emoji ("Accepted", "✅ Accepted (2021)", "[Proposed]")."""
    status, word = word_status(value)
    if status is None or word is None:
        return False
    lead = re.sub(r"^[^\w]+", "", markdown.plain(value).lower().replace("-", " "))
    return lead.startswith(word) or value.lstrip(" *_[(`").startswith(word)


def _never_adopted(doc: markdown.Document) -> bool:
    """Whether the text explaining a "deprecated" status (the Status section, or a section headed
    "Deprecated" / "Deprecation note") says the idea was decided against rather than retired after use."""
    return any(decided_against(doc.text(s)) for s in doc.sections
               if status_heading(s.heading) is not None or _DEPRECATION_HEAD.match((s.heading or "").strip()))


def _body_supersessions(doc: markdown.Document, reading: StatusReading) -> None:
    """Paragraphs such as "SUPERSEDED BY [..]", "This document supersedes [..]" or "This is an addendum to [..]"
    anywhere in the text.

    Only a paragraph that opens with it, or a sentence about this record ("This ADR has been
    superseded by …"), counts; an option "superseded by the other approach" in a list of
    alternatives does not. Against a stated status, it must also name the successor. A heading written as such a
    sentence counts as one (Enterprise-CMCS/managed-care-review's "## This ADR has been superseded by [028-…](…)",
    "## This ADR is deprecated as we removed Protobufs …").
    """
    for s in doc.sections:
        if status_heading(s.heading) is not None or _ALTERNATIVES.match(folded((s.heading or "").strip())):
            continue
        if s.heading and _ABOUT_THIS.match(s.heading):  # "## This ADR has been superseded by [028-…](028-….md)"
            _read_supersessions(s.heading, reading, named_only=False)
            if reading.status is None and _RETIRED_THIS.match(s.heading):
                reading.status = Status.DEPRECATED  # "## This ADR is deprecated as we removed Protobufs …"
        for para in re.split(r"\n\s*\n", markdown.FENCE.sub("", doc.text(s))):  # a code block's "Replaces this value" is code
            items = re.split(r"\n(?=[ \t]{0,3}[-*+][ \t])", para)
            for part in items:
                _read_supersessions(part, reading, named_only=len(items) > 1)


def _read_supersessions(para: str, reading: StatusReading, named_only: bool) -> None:
    """The supersessions one paragraph or list item states; `named_only`: a list item (a MADR "Links" bullet,
    "* Superseded (for `duration`) by ADR [0017](…)") retires the record only when it names the successor."""
    para = _BANNER.sub("", para)
    for line in para.splitlines():
        line = _BANNER.sub("", line)
        amended = _AMENDED_BY.match(line)
        if amended:
            said = re.split(r"[.;](?:\*\*|__)?\s", line[amended.end():], maxsplit=1)[0]  # its sentence only
            reading.amended_by += [r for r in references(said) if r not in reading.amended_by]
    found = supersession_lines(para, opening_only=True)
    if found.status is Status.SUPERSEDED and (found.superseded_by or reading.status is None and not named_only):
        reading.status = Status.SUPERSEDED
        reading.superseded_by += [r for r in found.superseded_by if r not in reading.superseded_by]
    reading.supersedes += [r for r in found.supersedes if r not in reading.supersedes]
    reading.partly_supersedes += [r for r in found.partly_supersedes if r not in reading.partly_supersedes]
    reading.partly_superseded_by += [r for r in found.partly_superseded_by if r not in reading.partly_superseded_by]
    reading.amends += [r for r in found.amends if r not in reading.amends]


# A heading that is a sentence about the record it heads.
_ABOUT_THIS = re.compile(r"^\W*this\s+(?:adr|document|record|decision)\b", re.I)
_RETIRED_THIS = re.compile(r"^\W*this\s+(?:adr|document|record|decision)\s+(?:is|has\s+been|was)\s+(?:now\s+)?"
                           r"(?:deprecated|outdated|obsolete|retired)\b", re.I)
# A banner's marks before what a paragraph says: a quote and bold (`> **Amended by [DESIGN-011](…) (2026-07-28).**`).
_BANNER = re.compile(r"^(?:[ \t]*>[ \t]?)+(?:\*\*|__)?|^[ \t]*(?:\*\*|__)(?=\w)")
# A paragraph saying a later record changed this one in part (`Amended by [ADR-0072](…)`).
_AMENDED_BY = re.compile(r"^\s*(?:this (?:adr|record|decision|document) (?:has been|was|is) )?amended by\b", re.I)
# A part added to a record after it was decided: "## Update (2025-05-20)", "## Addendum", "## Amendment 2024-03".
_UPDATE_HEADING = re.compile(r"^(?:updates?|updated|addendum|addenda|amendments?|revisions?)\b(?![ \t]+(?:process|strategy|"
                             r"policy|mechanism|flow|handling|logic)\b)", re.I)


def _first_level(doc: markdown.Document) -> int:
    """The level of a page's highest heading (1 for a page with a `#` title), 0 for one with none."""
    return min((s.level for s in doc.sections if s.heading), default=0)


def _later_updates(doc: markdown.Document, reading: StatusReading, own: int | None) -> None:
    """The later records a part headed as an update links to ("## Update (2025-05-20) We updated our testing
    guidelines [here](./0020-testing-guidelines.md)", digitalcheck-dito 0012): each amends this one, which
    still governs the rest. Only links to records numbered after this one count (a link back to an earlier
    record is context); a record without a number of its own takes none."""
    if own is None:
        return
    for s in doc.sections:
        if s.heading is None or not _UPDATE_HEADING.match(markdown.plain(s.heading).strip()):
            continue
        for label, target in markdown.links(markdown.FENCE.sub("", doc.text(s))):
            if not target or target.startswith(("http://", "https://", "mailto:", "#")):
                continue
            ref = Reference(markdown.plain(label), target, _number(PurePosixPath(target.split("#")[0]).name, ""))
            if ref.number is not None and ref.number > own and ref not in reading.amended_by:
                reading.amended_by.append(ref)


def _history_successor(doc: markdown.Document, reading: StatusReading) -> None:
    """A record retired with no successor in its status: the one its revision history or change log
    names ("Deprecate in favor of ADR-37"), so the later record takes its place as a stated one does."""
    if reading.status not in (Status.SUPERSEDED, Status.DEPRECATED) or reading.superseded_by:
        return
    for s in doc.sections:
        if _HEADER_HEADING.match((s.heading or "").strip()):
            reading.superseded_by += retired_for(doc.text(s).splitlines())


def _superseded_parts(doc: markdown.Document, title_line: int | None, reading: StatusReading) -> list[dict]:
    """References of sentences inside one part of a record saying that part was replaced ("**These IP
    ranges have been superseded by [ADR #0033](0033-ip-ranges.md).**"), each with the lines of the
    part (its top-level section) it stands in, for a record that is not superseded as a whole."""
    if reading.status is Status.SUPERSEDED:
        return []
    parts = [s for s in doc.sections if s.heading is not None and not (s.line == title_line and s.level == 1)]
    tops: list[markdown.Section] = []
    for s in parts:
        if not tops or s.level <= tops[-1].level:
            tops.append(s)
    out: list[dict] = []
    for s in parts:
        if status_heading(s.heading) is not None or _ALTERNATIVES.match(folded(s.heading.strip())):
            continue
        n = max(i for i, t in enumerate(tops) if t.line <= s.line)
        last = tops[n + 1].line - 1 if n + 1 < len(tops) else len(doc.lines)
        for ref in part_supersessions(doc.text(s)):
            out.append({**ref.to_json(), "lines": [tops[n].line, last]})
    return out


def stated_status(doc: markdown.Document) -> bool:
    """Whether a page states a status a rule knows (front matter, a Status heading or a `Status:` line),
    the mark of a proposal or decision with a life cycle rather than a plain guide."""
    reading, _, text = _status(doc, "", Parsed())
    return bool(text) and reading.status is not None


# The progress of a piece of work, not the standing of a decision: an audit's "Status: Complete", a research plan's
# "Status: In Progress". A page with no record's structure stating only this is no record.
PROGRESS_WORDS = frozenset({"complete", "completed", "done", "finished", "in progress", "inprogress", "wip",
                            "work in progress", "ongoing", "incomplete", "todo", "to do", "not started", "blocked"})


def status_leads(doc: markdown.Document) -> bool:
    """Whether the status a page states opens with a status word ("Accepted", "✅ Accepted (2021)", `status:
    complete`), not a sentence that holds one somewhere ("Status: repository enforcement implemented", "Status:
    not executed. Requires Gate D approval"): a guide's note on how far its subject has got."""
    reading, _, text = _status(doc, "", Parsed())
    return bool(text) and reading.status is not None and _opens_with_status(_QUALIFIER.sub("", text))


# How far a status holds, before its word: "Partially Implemented" (jaeger's RFCs), "Tentatively accepted".
_QUALIFIER = re.compile(r"^\W*(?:partially|partly|fully|mostly|largely|now|currently|tentatively|conditionally|"
                        r"provisionally)\s+", re.I)


def states_progress(doc: markdown.Document) -> bool:
    """Whether a page's stated status is only the progress of a piece of work (`PROGRESS_WORDS`), written in its
    text: a status in front matter is a site's declared life cycle (thanos' proposals: `status: complete`)."""
    if doc.front.get("status") not in (None, ""):
        return False
    reading, _, _ = _status(doc, "", Parsed())
    return (reading.word or "").lower() in PROGRESS_WORDS


def states_retirement(doc: markdown.Document) -> bool:
    """Whether a page's stated status retires it (superseded, deprecated, withdrawn...: `HIDDEN_STATUSES`, never shown
    on code), its successor named or not."""
    reading, _, _ = _status(doc, "", Parsed())
    return reading.status in HIDDEN_STATUSES


# A part's number before its name: "## 2. Decision", "## 3) Context".
_PART_NUMBER = re.compile(r"^\s*\d+(?:\.\d+)*[.)]?\s+")
# What a decision's consequences are headed ("## Consequences", "## Positive Consequences", "## Implications").
_CONSEQUENCES = _names("consequences", "positive consequences", "negative consequences", "implications",
                       "consequences and risks")
# The parts telling what a decision brings and how it is carried out: names written there are the code it touches.
CONSEQUENCE_PARTS = _CONSEQUENCES | _names("consequence", "implementation", "implementation notes", "implementation plan",
                                           "implementation details", "changes", "migration", "rollout")


def decision_structure(doc: markdown.Document) -> bool:
    """Whether a page, its title aside, has a decision record's structure: a part stating the decision (`_DECISION`:
    Decision, Decision Outcome, Result, Chosen option, Proposal...), or its context and its consequences both, numbered
    or not ("## 2. Decision"). A Status line over a page's own sections (Executive Summary, Roadmap, Options of a
    command) makes no record of it."""
    _, title_line = doc.title()
    names = {folded(_PART_NUMBER.sub("", markdown.plain(s.heading)).strip().rstrip(":?").strip())
             for s in doc.sections if s.heading is not None and s.line != title_line}
    return bool(names & _DECISION) or bool(names & _CONTEXT and names & _CONSEQUENCES)


# A decision record named in words: "ADR-0121", "ADR 12", "decision #4", "Decision record 7".
_RECORD_MENTION = re.compile(r"\b(?:adr|decision(?:\s+record)?)s?[\s#:_-]*0*(\d{1,5})\b", re.I)
_LINK = re.compile(r"!?\[[^\[\]]*\]\([^)]*\)")


def status_names_record(doc: markdown.Document, rel_path: str) -> bool:
    """Whether the line stating a page's status also names a decision record that is none of its relations (a
    successor, a predecessor, a record it amends or graduated into): "**Status:** Implemented · **ADR:**
    [ADR-0121](../adr/0121-….md)", "**Status:** live. **ADRs:** [0063](../adr/0063-….md)". Such a page documents
    how that record was carried out; it is not the record. A status in front matter names none."""
    if doc.front.get("status") not in (None, "") or any(doc.front.get(k) for k in LIFECYCLE_KEYS):
        return False
    reading, line, _ = _status(doc, rel_path, Parsed())
    if line is None:
        return False
    related = [r for kind in ("superseded_by", "supersedes", "partly_superseded_by", "partly_supersedes", "graduated",
                              "amended_by", "amends") for r in getattr(reading, kind)]
    own = {_number(rel_path, "")} - {None}
    taken = {r.target for r in related if r.target} | {r.number for r in related if r.number is not None} | own
    return any(r.target not in taken and r.number not in taken for r in _named_records(_status_source(doc, line)))


def _status_source(doc: markdown.Document, line: int) -> str:
    """A page's status as written, links kept: its field's line, or its Status section's heading and first
    paragraph."""
    section = next((s for s in doc.sections if s.line == line and s.heading is not None), None)
    if section is None:
        return doc.lines[line - 1]
    return section.heading + "\n" + doc.text(section).strip().split("\n\n")[0]


def _named_records(text: str) -> list[Reference]:
    """The decision records a text names: links to a page in a records folder or named as a record (`detect.folder_hint`,
    `detect.name_hint`), or labelled "ADR-12", and "ADR-12" written in words."""
    out: list[Reference] = []
    for label, target in markdown.links(text):
        path = target.split("#", 1)[0]
        if not path or re.match(r"^[a-z][\w+.-]*:", path, re.I):
            continue  # a page of another site, or an anchor of this one
        if folder_hint(path) or name_hint(path) or _RECORD_MENTION.search(markdown.plain(label)):
            out.append(Reference(markdown.plain(label), target, _number(path, markdown.plain(label))))
    words = markdown.plain(_LINK.sub(" ", text))
    return out + [Reference(m.group(0), None, int(m.group(1))) for m in _RECORD_MENTION.finditer(words)]


TRACKER_FIELDS = 4  # a record states its status once or twice (a header, a history line); a backlog, per item


def tracker(doc: markdown.Document) -> bool:
    """Whether a page writes a status field for each of `TRACKER_FIELDS` or more items, code blocks aside
    (`- **Status**: Released` per work item): it tracks work, and is no one record."""
    blanked = markdown.FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), "\n".join(doc.lines[doc.front_lines:]))
    fields = (_FIELD.match(line) for line in blanked.splitlines())
    return sum(1 for f in fields if f and f.group(1).strip().lower() in _STATUS_FIELDS) >= TRACKER_FIELDS


def sections_of(doc: markdown.Document, title: str, title_line: int | None) -> tuple[list[Section], str, str | None]:
    """Heading sections, body and rationale of a page, split as a decision record's (see `_sections`)."""
    return _sections(doc, title, title_line)


# OpenSpec keeps each change's proposal and design in `openspec/changes/<change>/` while it is open, and moves
# them to `openspec/changes/archive/` once applied: there an archive holds what is in force, not what retired.
_OPENSPEC_APPLIED = re.compile(r"(?:^|/)openspec/changes/archive/")
_OPENSPEC_OPEN = re.compile(r"(?:^|/)openspec/changes/(?!archive/)[^/]+/")


# Words naming what a folder of proposals holds beside the word for their state (`adr-drafts/`, `proposed-rfcs/`).
_RECORD_WORDS = {"adr", "adrs", "decision", "decisions", "record", "records", "rfc", "rfcs", "design", "designs", "spec",
                 "specs"}


def _proposals_folder(rel_path: str) -> bool:
    """Whether a folder on the path holds proposals not yet decided: named by that state and, at most, words for
    records (`proposed/`, `drafts/`, `adr-drafts/`, `proposals-pending/`). A part of the product named with the word
    (alphagov/forms' `design/features/live-draft/`, the feature of editing a live form's draft) holds none, nor does a
    folder naming another state beside it (thanos' `docs/proposals-accepted/`, `proposals-done/`)."""
    for part in PurePosixPath(rel_path).parts[:-1]:
        words = set(re.split(r"[-_ .]+", part.lower())) - {""}
        if words & _PROPOSED_DIRS and words <= _PROPOSED_DIRS | _RECORD_WORDS:
            return True
    return False


def _folder_status(rel_path: str, status: Status | None) -> Status:
    """A folder for retired or proposed ADRs says what a missing or plain status does not."""
    words = {w for part in PurePosixPath(rel_path).parts[:-1] for w in re.split(r"[-_ .]+", part.lower())}
    if status in (Status.SUPERSEDED, Status.DEPRECATED, Status.REJECTED):
        return status
    if _OPENSPEC_APPLIED.search(rel_path):
        return status or Status.ACTIVE
    if _OPENSPEC_OPEN.search(rel_path):
        return status or Status.PROPOSED
    if words & _REJECTED_DIRS:
        return Status.REJECTED
    if words & RETIRED_DIRS:
        return Status.DEPRECATED
    if status is None and _proposals_folder(rel_path):
        return Status.PROPOSED
    return status or Status.ACTIVE


def _sections(doc: markdown.Document, title: str, title_line: int | None) -> tuple[list[Section], str, str | None]:
    """Indexed sections, the body (the decision, else the whole text) and the rationale (the context).

    Sections are the top-level parts (Context, Decision, ...) with their subsections folded in:
    each is embedded as one vector, and a vector per small subsection costs more than it finds.
    """
    secs: list[Section] = []
    intro: list[str] = []
    parts = [s for s in doc.sections if s.heading is not None and not (s.line == title_line and s.level == 1)]
    for s in doc.sections:
        text = doc.text(s)
        if s.heading is None or (s.line == title_line and s.level == 1):
            if text:
                intro.append(text)
    starts: list[markdown.Section] = []
    for s in parts:
        if not starts or s.level <= starts[-1].level:
            starts.append(s)
    for n, s in enumerate(starts):
        end = starts[n + 1].line - 1 if n + 1 < len(starts) else len(doc.lines)
        lines = without_guidance(doc.lines[s.start:end])
        text = "\n".join(lines).strip()
        if text and not _bare_meta(s.heading, text):
            lead = next(i for i, ln in enumerate(lines) if ln.strip())
            secs += chunked(title, s.heading, text, s.start + lead + 1, first=s.line)
    head = "\n\n".join(intro)
    secs.insert(0, Section(None, f"{title}\n{head}".strip(), title_line or 1))
    start = title_line if title_line else doc.front_lines
    decision = "\n".join(without_guidance((_block(doc, _decision_name, joined=True) or "").splitlines())).strip()
    if not decision:  # the body is the whole text, its context in it: no rationale to say that context again
        return secs, _without_header_tables("\n".join(without_guidance(_without_meta(doc, start))).strip()), None
    context = "\n".join(without_guidance((_block(doc, _context_name) or "").splitlines())).strip()
    return secs, decision, clip_between_sentences(context, RATIONALE_CHARS) if context else None


# A metadata part that says nothing but its value: "## Status\n\nAccepted", "## Date\n\n2019-04-30", "Proposed on
# 2021-03-02 by J. Doe". One naming another record (a link, "superseded by ADR 14") says more and stays.
_SAYS_MORE = re.compile(r"\]\(|\b(?:supersed|replac|amend|extend|deprecat|rejected\s+(?:in\s+favou?r|because)|"
                        r"because|see)\w*|\b(?:adr|rfc|record)s?\b", re.I)


def _bare_meta(heading: str | None, text: str) -> bool:
    """Whether a record's part is a metadata part (`_SKIP_META`) holding only its value: no section of its own in
    the index, where "Status | Accepted" matched every question saying "status" ("Retry Pending status")."""
    if not heading or _part_key(heading) not in _SKIP_META or _SAYS_MORE.search(text):
        return False
    return len(re.findall(r"[^\W\d_]{3,}", markdown.plain(text))) <= 4


def unfilled(doc: markdown.Document, title_line: int | None) -> bool:
    """Whether a record is a template nobody wrote in: under its title, parts ("## Context", "## Decision") with no
    text beside their headings, once its status and date (sections, header fields) and the template's guidance
    (`without_guidance`) are left out. A title and a status alone make no template."""
    start = title_line if title_line else doc.front_lines
    heads = [s for s in doc.sections if s.heading is not None and s.line > start]
    parts = [s for s in heads if _part_key(s.heading) not in _SKIP_META]
    if not parts:
        return False
    lines = [ln for ln in doc.lines[start:heads[0].line - 1]
             if not ((m := _FIELD.match(ln)) and m.group(1).strip().lower() in _HEADER_FIELDS)]
    for s in parts:
        lines += ["", *doc.lines[s.start:s.end]]
    return not any(ln.strip() for ln in without_guidance(lines))


def process_record(title: str) -> bool:
    """Whether a title is that of the record a series opens with, about keeping records ("1. Record architecture
    decisions"; `_PROCESS_TITLE`), its number or label aside."""
    return bool(_PROCESS_TITLE.match(re.sub(r"^[\W\d_]+", "", _GENRE_PREFIX.sub("", title.strip()))))


def _without_meta(doc: markdown.Document, start: int) -> list[str]:
    """A record's lines from `start` without what says nothing of the decision: its status, date, metadata and
    authors parts (`_SKIP_META`, left out) and the header fields before its first heading ("Date: 2021-04-15",
    blanked).
    The body of a record whose Decision nobody wrote (the template's text) or that has none is what it says."""
    lines: list[str | None] = list(doc.lines)
    for i, s in enumerate(doc.sections):
        if s.heading and _part_key(s.heading) in _SKIP_META:
            # a part of the record written a level too deep under it ends it (edgexfoundry/edgex-docs' use-case
            # records: "## Change Log", then "### Motivation", "### Description" and the rest)
            end = next((t.line - 1 for t in doc.sections[i + 1:] if t.level <= s.level or _part_name(t.heading)
                        and _part_key(t.heading or "") not in _SKIP_META), len(lines))
            lines[s.line - 1:end] = [None] * (end - s.line + 1)
    first = next((s.line - 1 for s in doc.sections if s.heading and s.line - 1 > start), len(lines))
    for i in range(start, first):
        m = _FIELD.match(lines[i] or "")
        if m and m.group(1).strip().lower() in _HEADER_FIELDS:
            lines[i] = ""
    return [line for line in lines[start:] if line is not None]  # a part left out leaves no run of blank lines


# The guidance Nygard's template (as adr-tools writes it) puts under each heading, left in records nobody filled in
# or filled in below it: it says nothing of the record, and matches every question about context or risks.
_GUIDANCE = frozenset(" ".join(g.lower().split()) for g in (
    "The issue motivating this decision, and any context that influences or constrains the decision.",
    "The change that we're proposing or have agreed to implement.",
    "What becomes easier or more difficult to do and any risks introduced by the change that will need to be "
    "mitigated.",
    "What is the status, such as proposed, accepted, rejected, deprecated, superseded, etc.?",
))


# A template's stand-in for a section nobody wrote: "Context here...", "Decision goes here.", "Consequences here…".
_PLACEHOLDER = re.compile(r"^(?:the\s+)?(?:context|decision|consequences?|status|rationale|problem|solution|options?|"
                          r"outcome|alternatives?|drivers?|notes?|description|summary)\s+(?:goes\s+)?here\s*"
                          r"(?:\.{1,3}|…)?$")


def without_guidance(lines: list[str]) -> list[str]:
    """Lines of a section with the paragraphs that are the template's guidance (`_GUIDANCE`) or a stand-in for
    the section (`_PLACEHOLDER`) blanked, so that line numbers hold."""
    out, start = list(lines), 0
    for i in range(len(lines) + 1):
        if i == len(lines) or not lines[i].strip():
            paragraph = " ".join(" ".join(lines[start:i]).lower().split())
            if paragraph in _GUIDANCE or _PLACEHOLDER.match(paragraph):
                out[start:i] = [""] * (i - start)
            start = i + 1
    return out


def _without_header_tables(text: str) -> str:
    """A record's text from its first prose or content heading on (the text itself when nothing follows).

    Header tables right under the title (`| Status | Implemented |` metadata, a revision log) and a
    history section holding only such a table ("## Release History") are the record's header, not
    what it says: a pack or a card that opened with "Date (Value: 2021-06-30)" would say nothing. A
    table of content (a page that opens with a table of address ranges) stays.
    """
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if not line:
            i += 1
            continue
        if line.startswith("|"):
            j = i
            while j < len(lines) and lines[j].strip().startswith("|"):
                j += 1
            if not _header_table(lines[i:j]):
                break
            i = j
            continue
        if _HISTORY_HEAD.match(line):
            after = next((k for k in range(i + 1, len(lines)) if lines[k].strip()), None)
            if after is not None and lines[after].strip().startswith("|"):
                i += 1
                continue
        break
    return "\n".join(lines[i:]).strip() or text


def _header_table(rows: list[str]) -> bool:
    """Whether a table is a record's metadata or revision log: its header names one, or a row is a field."""
    cells = [markdown.plain(r.strip().strip("|").split("|")[0]).strip().lower() for r in rows]
    return bool(cells) and (cells[0] in _HEADER_TABLES or any(c in _HEADER_FIELDS for c in cells))


def body_part(doc: markdown.Document, title_line: int | None) -> dict | None:
    """Where the body was taken from when it is the record's decision section, and the parts of the
    record before it (top-level headings and their lines, status and metadata aside) with the one the
    rationale was taken from: `{heading, line, before: [[heading, line], ...], context, after}`, `after` the parts that
    follow it (its consequences). A decision section often speaks of them ("the record layouts described above"), so a
    view of the memory names them (`lore.wire.views`)."""
    for i, s in enumerate(doc.sections):
        last, end = _part_end(doc, i, _decision_name)
        if s.heading and _decision_name(s.heading) and not _stated_elsewhere(doc, s, title_line) \
                and "\n".join(without_guidance(doc.lines[s.start:end])).strip():
            before = [[t.heading.strip(), t.line] for t in doc.sections[:i]
                      if t.heading and t.level <= s.level and not (t.line == title_line and t.level == 1)
                      and _part_key(t.heading) not in _SKIP_META]
            context = next((h for h, _ in before if _part_key(h) in _CONTEXT), None)
            after = [[t.heading.strip(), t.line] for t in doc.sections[last + 1:]
                     if t.heading and t.level <= s.level and _part_key(t.heading) not in _SKIP_META]
            return {"heading": s.heading.strip(), "line": s.line, "before": before, "context": context, "after": after}
    return None


def _part_end(doc: markdown.Document, i: int, named: Callable[[str | None], bool]) -> tuple[int, int]:
    """The index of the last section of the part opening on section `i` and the index one past its last line: its
    subsections, and the parts of its level right after it that `named` names too ("## Decision", then "## Solution":
    one decision, written in two parts)."""
    level, last = doc.sections[i].level, i
    while True:
        nxt = next((k for k in range(last + 1, len(doc.sections)) if doc.sections[k].level <= level), None)
        if nxt is None:
            return last, len(doc.lines)
        t = doc.sections[nxt]
        if t.level != level or not t.heading or not named(t.heading):
            return last, t.start - 1
        last = nxt


def _block(doc: markdown.Document, named: Callable[[str | None], bool], *, joined: bool = False) -> str | None:
    """The text of the first section whose heading `named` names, its subsections included; `joined`: with the parts
    of its level right after it that `named` names too (`_part_end`)."""
    title_line = doc.title()[1]
    for i, s in enumerate(doc.sections):
        if s.heading and named(s.heading) and not _stated_elsewhere(doc, s, title_line):
            end = _part_end(doc, i, named if joined else lambda _: False)[1]
            text = "\n".join(doc.lines[s.start:max(end, s.start)]).strip()
            stated = stated_decision(s.heading)
            if stated and named is _decision_name:
                text = f"{stated}\n\n{text}".strip()
            if text:
                return text
    return None


# Front-matter keys holding the day a record was decided, in the order they are read (`date` first; flagd's
# `created:`, and a KEP's `creation-date:`); `updated:` says when the page last changed, not when it was decided.
_FRONT_DATES = ("date", "decided", "accepted", "created", "creation-date", "creation_date")


def _date(doc: markdown.Document) -> str | None:
    """The record's date: from its front matter (`_FRONT_DATES`), a `Date:` heading or field, or its change log's first
    date; a written date whose day is certain as an ISO day (`dates.iso_day`)."""
    for key in _FRONT_DATES:
        value = doc.front.get(key)
        if isinstance(value, dt.date):  # a datetime too: its day
            return value.isoformat()[:10]
        if value and _YEAR.search(str(value)):
            return dates.iso_day(str(value))
    written = _written_date(doc)
    return dates.iso_day(written) if written else None


def _written_date(doc: markdown.Document) -> str | None:
    for s in doc.sections:
        m = _DATE_HEAD.match(s.heading or "")
        if m:
            return m.group(1).strip()
        if (s.heading or "").strip().rstrip(":").strip().lower() in _DATE_FIELDS:
            written = dates.written_in(markdown.plain(doc.text(s)))  # "## Date" over "**2025-11-10**"
            if written:
                return written
    top = _top(doc)
    for line in doc.lines[top:top + 40]:
        m = _FIELD.match(line) or _TABLE_ROW.match(line)
        if m and m.group(1).strip().lower() in _DATE_FIELDS:
            value = markdown.plain(m.group(2).strip().strip("|"))
            if _YEAR.search(value) or dates.WRITTEN.search(value):  # not the template's "[YYYY-MM-DD when …]"
                return value
    for s in doc.sections:
        if (s.heading or "").strip().lower() in ("changelog", "change log", "history"):
            m = _DATE_IN.search(doc.text(s))
            if m:
                return m.group(1)
    return None


def _fields(doc: markdown.Document) -> dict[str, str]:
    """`Key: value` metadata near the top (MADR 2 and log4brains list items, table rows)."""
    out: dict[str, str] = {}
    top = _top(doc)
    for line in doc.lines[top:top + 40]:
        m = _FIELD.match(line) or _TABLE_ROW.match(line)
        if m:
            out.setdefault(m.group(1).strip().lower(), markdown.plain(m.group(2).strip().strip("|")))
    return out


def _number(rel_path: str, title: str) -> int | None:
    name = PurePosixPath(rel_path).name
    dated = re.match(r"^\d{4}-\d{2}-\d{2}", name)
    m = (None if dated else _NUMBER_NAME.match(name)) or _NUMBER_TITLE.match(title)
    return int(m.group(1)) if m else None


def file_numbered(rel_path: str, title: str) -> str:
    """A title numbered as its file is: `0013-azure-kubernetes.md` titled "12. Migration to Azure Kubernetes",
    its heading left from the record it was copied from, is "13. Migration to Azure Kubernetes" (the number
    citations know it by, `recall.numbered`), the rest as written and a zero-padded number padded alike
    ("ADR-0012: …" -> "ADR-0013: …"), and a template's placeholder the file's number ("ADR-00XX: …" -> "ADR-0004:
    …"). Any other title as it is: one without a number, or on a file whose name has none, or a date
    (`2019-05-21-….md`), or a number followed by another (`1.2-….md`)."""
    name = PurePosixPath(rel_path).name
    in_name, in_title = _NUMBER_NAME.match(name), _NUMBER_TITLE.match(title)
    if in_name is None or _NUMBER_AFTER.match(name, in_name.end(1)):
        return title
    own = int(in_name.group(1))
    if in_title is None and (held := _PLACEHOLDER_NUMBER.match(title)):
        # the template's number never filled in ("ADR-00XX: Data Hosting" on `0004-….md`): the file's, padded alike
        return held.group(1) + str(own).zfill(len(held.group(2))) + title[held.end(2):]
    if in_title is None:
        return title
    if own == int(in_title.group(1)):
        return title
    start, end = in_title.start(1), in_title.end(1)
    while start > 0 and title[start - 1] == "0":
        start -= 1
    written = title[start:end]
    number = str(own).zfill(len(written)) if written.startswith("0") else str(own)
    return title[:start] + number + title[end:]


def copied_title(rel_path: str, title: str) -> bool:
    """Whether a numbered record carries another record's title, left from the file it was copied from
    (`0002-use-gov-paas.md` titled "1. Record architecture decisions"): the title's number is not the
    file's, and no word of four letters or more of either is written in the other (letters only, so that
    `0016-watt-time-v3.md` titled "0015. WattTime v3 Changes" is a misnumbered title, not a copied one);
    or, unnumbered, it is the title of the record that starts a series (`_PROCESS_TITLE`) on a later file (its
    number 2 or more) named for something else (`0002-abstract-over-wallet.md` titled "Use Markdown Architectural Decision Records")."""
    name = PurePosixPath(rel_path).name
    in_name, in_title = _NUMBER_NAME.match(name), _NUMBER_TITLE.match(title)
    stem = PurePosixPath(rel_path).stem
    if in_name and int(in_name.group(1)) >= 2 and not in_title and _PROCESS_TITLE.match(title.strip()) and \
            not _PROCESS_TITLE.match(re.sub(r"[-_]+", " ", re.sub(r"^[\d_.-]+", "", stem))):
        return True  # the first record's title, unnumbered, on a record of another number and subject
    if re.match(r"^\d{4}-\d{2}-\d{2}", name) or not in_name or not in_title or in_name.group(1) == in_title.group(1):
        return False
    in_stem, in_heading = _words4(stem), _words4(title)
    folded_stem, folded_title = _folded(stem), _folded(title)
    return bool(in_stem) and not any(w in folded_title for w in in_stem) and not any(w in folded_stem for w in in_heading)


def _next_heading(doc, after: int | None) -> tuple[str | None, int | None]:
    """The heading after a title that only names the kind of page, its "ADR:" prefix dropped
    (`# Architectural Decision Record (ADR)` then `## ADR: Adoption of Keep a Changelog Format`); (None, None)
    when the next one names a part ("Status"), so the file's name titles the record."""
    nxt = next((sec for sec in doc.sections if sec.heading and after is not None and sec.line > after), None)
    if nxt is None or _part_name(nxt.heading):
        return None, None
    return _GENRE_PREFIX.sub("", nxt.heading).strip() or None, nxt.line


def _words4(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}


def _folded(text: str) -> str:
    """Letters only, lower case: `WattTime v3` -> `watttimev`, so `watt-time` meets it."""
    return re.sub(r"[^a-z]", "", text.lower())


def _unbracketed(heading: str | None) -> str | None:
    """A heading a template's brackets still enclose whole, without them: `# [0003: Creating New React Components]`
    (the template's `# [XXXX: Title of Proposal]`, filled in) -> "0003: Creating New React Components"."""
    m = re.fullmatch(r"\s*\[([^\[\]]+)\]\s*", heading or "")
    return m.group(1).strip() if m else heading


def _in_words(title: str) -> str:
    """A title written as a file's slug (`_SLUG_TITLE`) in words, capitalised as a title: `2. add-notifications-permission`
    -> `2. Add notifications permission`, `10. use_repeatable_migrations_for_dev_and_test` -> `10. Use repeatable
    migrations for dev and test` (four words at least with underscores: fewer may be an identifier, `load_user_config`;
    the slug stays in the file's name); any other title as it is written."""
    m = _SLUG_TITLE.match(title)
    if m is None:
        return title
    words = m.group(2).replace("-", " ").replace("_", " ")
    return m.group(1) + words[:1].upper() + words[1:]


def _record_name(rel_path: str) -> str:
    """The name a record goes by: its file's, without the extension, or its folder's for a read-me or index in a
    folder of its own (`2023-12-19-token-handling-refactor/README.md`)."""
    p = PurePosixPath(rel_path)
    return p.parent.name if p.stem.lower() in ("readme", "index") and p.parent.name else p.stem


# A title written as a heading with no space after its marks (`#25. Automatic code merging`): no heading to markdown,
# and to its author the record's title. A number or a capital, then two words or more; `#include`, `#hashtag` stay text.
_UNSPACED_TITLE = re.compile(r"^#{1,2}(?=[A-Z0-9])(\S+(?:[ \t]+\S+)+)\s*$")


def _unspaced_title(doc: markdown.Document) -> tuple[str, int] | None:
    """(title, 1-based line) of a record whose first line of text is a title written without the space after its
    marks (`_UNSPACED_TITLE`), else None."""
    for i in range(doc.front_lines, len(doc.lines)):
        line = doc.lines[i]
        if line.strip():
            m = _UNSPACED_TITLE.match(line.strip())
            return (m.group(1).strip(), i + 1) if m else None
    return None


def _title_from_name(rel_path: str) -> str:
    """A title from the name a record goes by (`_record_name`), without its number or leading date."""
    stem = _record_name(rel_path)
    stem = dates.LEADING_DAY.sub("", stem) or stem
    stem = re.sub(r"^(?:adr[-_ ]?)?\d+[-_ ]*", "", stem, flags=re.I) or stem
    words = stem.replace("-", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:] or rel_path


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_text(v)}" for k, v in value.items())
    return str(value).strip()


def _list(value) -> list[str]:
    if isinstance(value, str):
        return [v.strip().lower() for v in value.split(",")]
    if isinstance(value, (list, tuple)):
        return [str(v).strip().lower() for v in value]
    return []
