"""What one source file is read as: a decision record, documentation, a rules file or decision
comments (`parse_file`, called by `lore.ingest.runner` for each changed file)."""

from __future__ import annotations

import re

from lore.markup import markdown
from lore.memory import SourceKind
from lore.sources import classify as cls
from lore.sources import sidecar
from lore.sources.adr import UNFILLED, parse_adr
from lore.sources.comments import parse_comments
from lore.sources.detect import Series, decide, placeholder_title, prompt_page, tool_log, work_item, work_page
from lore.sources.docs import (LINKS_ONLY, MAX_DOC_BYTES, change_log, copied_page, generated_readme, is_documentation, newest_part,
                               fitted, parse_doc, tool_change_log)
from lore.sources.decision_log import LOG_META, log_entries
from lore.sources.parsed import Parsed
from lore.sources.layout import generator_output
from lore.sources.claude_imports import pointer_only
from lore.sources.report import (COPIED_PAGE, DECISION, DOCUMENTATION, GENERATED_OUTPUT, GENERATED_README, NOT_TAKEN,
                                 GENERATED_LOG, POINTER, RULES)
from lore.sources.rules import parse_rules


def parse_file(importer: str, rel: str, text: str, imported: list[tuple[str, str]] = (),
               adr_folders: list[str] = (), *, abs_path: str | None = None, series: Series | None = None) -> Parsed:
    """Run the parser for one file; markdown is read as a decision record when its evidence says so.
    A reStructuredText or AsciiDoc record or page comes as markdown already (`classify.record_text`).
    A page holding many decisions under headings of their own is read as that many records
    (`decision_log`). A guide that only points to another file imports nothing of its own (`pointer_only`): the
    files it imports (`@docs/rules.md`), if any."""
    if importer in (cls.ADR, cls.COMMENTS, cls.DOC) and (cls.is_markdown(rel) or importer in (cls.ADR, cls.DOC)):
        front, warnings = _item_front(imported)
        parsed = _page(importer, rel, text, adr_folders, abs_path, series, front)
        parsed.warnings[:0] = [w for w in warnings if w not in parsed.warnings]
        return parsed
    if importer == cls.COMMENTS:
        return parse_comments(rel, text)
    pointer = pointer_only(rel, text)
    if pointer and not imported:
        return Parsed(note=f"{NOT_TAKEN}{POINTER}")
    parsed = parse_rules(importer, rel, "" if pointer else text, imported)  # a pointer's imports, not its sentence
    parsed.taken = RULES if parsed.memories else None
    return parsed


def _item_front(imported: list[tuple[str, str]]) -> tuple[dict, list[str]]:
    """What the metadata file beside an item's page says of its state (`sidecar`), and warnings."""
    front: dict = {}
    warnings: list[str] = []
    for path, text in imported:
        got, why = sidecar.item_front(text)
        front.update(got)
        if why:
            warnings.append(f"{path}:1: {why}; the page is read without it")
    return front, warnings


def _page(importer: str, rel: str, text: str, adr_folders, abs_path: str | None, series: Series | None,
          front: dict) -> Parsed:
    """A page: a decision log, a decision record, documentation, or decision comments."""
    if cls.agent_command(rel):
        return Parsed(note=f"{NOT_TAKEN}an agent's command or prompt")
    if abs_path is not None and generator_output(abs_path, rel) and not cls.in_folders(rel, list(adr_folders)):
        return Parsed(note=f"{NOT_TAKEN}{GENERATED_OUTPUT}")  # an API client's model pages, its generated read-me
    if tool_log(rel) and not cls.folder_hint(rel) and not cls.in_folders(rel, list(adr_folders)):
        return Parsed(note=f"{NOT_TAKEN}{TOOL_LOG}")  # a records folder's `20231201123456-use-x.md` is a record
    log = log_entries(rel, text)
    if log is not None and log.memories:
        log.taken = DECISION
        rest = _around_entries(text, log)
        page = _documentation(rel, rest, importer == cls.DOC, front, records=False) if rest else None
        if page is not None:
            log.memories += page.memories
            log.warnings += page.warnings
        return log
    if cls.in_folders(rel, list(adr_folders)):
        parsed = parse_adr(rel, text, front)  # a folder the user named holds decision records, whatever they look like
    else:
        ev = decide(rel, abs_path, text, series)
        # a spec-driven workflow's page, an agent's brief, a plan or report: documentation, whatever status it states
        work = work_item(abs_path, rel) or prompt_page(rel) or work_page(rel) and not cls.folder_hint(rel)
        if work or not ev.is_decision:
            # a record template (`EMPTY-ADR.md`: "# <ADR NUMBER>. <ADR TITLE>") is no documentation either
            doc = None if placeholder_title(text) else _documentation(rel, text, importer == cls.DOC, front,
                                                                      records=not work)
            if doc is not None:
                return doc
            parsed = parse_comments(rel, text)
            parsed.note = parsed.note or f"{NOT_TAKEN}{(PROMPT if prompt_page(rel) else WORK_PAGE if work_page(rel) else WORK_ITEM) if work else ev.why_not()}"
            return parsed
        parsed = parse_adr(rel, text, front)
        if ev.series:  # a page its siblings make a record is read as one stating its status is (`docs.parse_doc`)
            for m in parsed.memories:
                m.sections = fitted(m.sections, m.title)
    parsed.taken = DECISION if parsed.memories else None
    if not parsed.memories:
        # an index or read-me page among records; not a record's template left unfilled
        doc = None if parsed.note == UNFILLED else _documentation(rel, text, importer == cls.DOC, front)
        if doc is not None:
            return doc
        parsed.note = f"{NOT_TAKEN}{parsed.note or 'empty'}"
    return parsed


# Words a decision log's page says outside its entries for that text to be a page of its own: ardalis/
# CleanArchitecture's `minimal-clean-architecture.md` writes five records in 95 of its 439 lines, around them the
# template's structure, when to use it and how to migrate from it; a `DECISIONS.md` opening with a sentence on how
# entries are added says nothing a search needs.
REST_OF_LOG_WORDS = 150


def _around_entries(text: str, log: Parsed) -> str | None:
    """A decision log's page without its entries' lines (blank, so lines keep their numbers), when what is left
    says `REST_OF_LOG_WORDS` words or more; else None."""
    lines = text.split("\n")
    for m in log.memories:
        first, last = m.meta.get(LOG_META) or (0, 0)
        lines[max(first - 1, 0):last] = [""] * len(lines[max(first - 1, 0):last])
    prose = "\n".join(ln for ln in lines if not ln.lstrip().startswith("#"))
    return "\n".join(lines) if len(re.findall(r"[^\W\d_]{2,}", prose)) >= REST_OF_LOG_WORDS else None


WORK_ITEM = "a page of one piece of work's specification"
PROMPT = "an agent's prompt"
WORK_PAGE = "a plan, report or review of work"
TOOL_LOG = "a tool's log of one run, named by the second it was written"


def _documentation(rel: str, text: str, listed: bool, front: dict | None = None, records: bool = True) -> Parsed | None:
    """A documentation page's memory (a decision record when it states a status, unless not `records`), or None when
    it is none. `listed`: the import took the file as documentation (by its path, or as a page of a series,
    `docs.series_page`)."""
    if not (listed or is_documentation(rel)):
        return None
    if not is_documentation(rel) and not _titled(text):
        return None  # a numbered page with no title is content a program shows (form help texts), not a page to read
    if generated_readme(text):
        return Parsed(note=f"{NOT_TAKEN}{GENERATED_README}")
    if tool_change_log(rel, text):
        return Parsed(note=f"{NOT_TAKEN}{GENERATED_LOG}")
    if copied_page(rel, text):
        return Parsed(note=f"{NOT_TAKEN}{COPIED_PAGE}")
    cut = None
    if len(text.encode("utf-8", "replace")) > MAX_DOC_BYTES:
        cut = newest_part(text)
        if not change_log(rel, cut):
            return Parsed(note=f"{NOT_TAKEN}documentation over {MAX_DOC_BYTES // 1024} KB")
        text = cut
    skill = cls.in_skills_folder(rel) and cls.skill_page(rel, markdown.split_front_matter(text)[0])
    parsed = parse_doc(rel, text, front, records=records, skill=skill)
    if cut is not None:
        parsed.warn(rel, text.count("\n") + 1, f"change log over {MAX_DOC_BYTES // 1024} KB: its newest "
                                                f"{len(cut.encode('utf-8')) // 1024} KB read, to this line")
    if not parsed.memories:
        return Parsed(note=f"{NOT_TAKEN}{parsed.note}") if parsed.note in ("empty", LINKS_ONLY) else None
    parsed.taken = DECISION if parsed.memories[0].provenance.kind is SourceKind.ADR else DOCUMENTATION
    return parsed


def _titled(text: str) -> bool:
    """Whether a page gives itself a title: a `title` in its front matter or a top-level heading."""
    doc = markdown.parse(text)
    return bool(str(doc.front.get("title") or "").strip() or doc.title()[0])
