"""What an import took: files read as decision records, as guides and rules, as documentation, and
markdown taken as nothing (with why), plus statuses no rule knew. Read from the ledger and the stored records, so
the report describes the whole workspace after the run, not only the files this run re-read.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from lore.memory import TEMPLATE_ONLY_META, SourceKind
from lore.sources.adr import UNFILLED
from lore.sources.classify import is_page
from lore.sources.detect import folder_hint, series_folder
from lore.sources.summary import ImportSummary
from lore.store import Store

DECISION, RULES, DOCUMENTATION, NOT_TAKEN = "decision", "rules", "documentation", "not taken: "
GENERATED_README = "a project generator's read-me"  # why a read-me is left out (`docs.generated_readme`)
GENERATED_LOG = "a change log a tool generates"  # why a change log is left out (`docs.tool_change_log`)
GENERATED_OUTPUT = "a code generator's output"  # why a page is left out (`layout.generator_output`)
COPIED_PAGE = "another site's page, as its opening cites"  # why a page is left out (`docs.copied_page`)
POINTER = "points to another file"  # why a guide imports nothing (`claude_imports.pointer_only`)
COPY_OF = "a copy of "  # why a guide is not read: the same bytes as the guide named after it (`ingest.runner`)
_DOC_WORDS = {"doc", "docs", "documentation", "architecture", "arch", "design", "designs", "decisions", "adr", "adrs",
              "rfc", "rfcs", "wiki", "notes", "handbook", "contributing", "proposals", "proposal", "spec", "specs",
              "guides", "guide", "dev", "development", "engineering"}
_PARTIAL = ("too little", "no decision or consequences")


def fill(store: Store, summary: ImportSummary) -> None:
    """Set the summary's lists from the ledger and the decision records in the database."""
    for path, sf in sorted(store.sources.all().items()):
        if sf.state != "removed" and sf.reason == NOT_TAKEN + POINTER:
            summary.rules_left_out.append((path, POINTER))
            continue
        if sf.state == "removed" or not is_page(path) and sf.reason not in (DECISION, RULES):
            continue  # code files; a record without extension, a rules file (`.mdc`, `.cursorrules`) still counted
        if sf.state == "skipped":
            if docs_like(path):
                summary.not_taken.append((path, sf.reason or "skipped"))
        elif sf.reason == DECISION:
            summary.decisions.append(path)
        elif sf.reason == RULES:
            summary.rules.append(path)
        elif sf.reason == DOCUMENTATION:
            summary.docs.append(path)
        elif sf.reason and sf.reason.startswith(NOT_TAKEN):
            why = sf.reason[len(NOT_TAKEN):]
            if docs_like(path) or why.startswith(_PARTIAL) or why in ("template", UNFILLED, GENERATED_README, GENERATED_LOG,
                                                                      GENERATED_OUTPUT, COPIED_PAGE):  # set aside, said
                summary.not_taken.append((path, why))
    summary.log_entries = store.memories.entries_per_file(SourceKind.ADR)
    for path, meta in store.memories.meta_by_source_kind(SourceKind.ADR):
        written = meta.get("status_unknown")
        if written:
            summary.unknown_statuses[written] = summary.unknown_statuses.get(written, 0) + 1
        if meta.get(TEMPLATE_ONLY_META) and path:
            summary.template_only.append(path)
    summary.template_only = sorted(set(summary.template_only))  # a decision log's entries share their file


def docs_like(path: str) -> bool:
    """Whether a file sits in a folder of documents, where a missed decision record would hide."""
    parts = PurePosixPath(path).parts[:-1]
    return folder_hint(path) or any(set(re.split(r"[-_ .]+", p.lower())) & _DOC_WORDS for p in parts)


def folders_of(paths: list[str]) -> list[tuple[str, int]]:
    """Folders with how many of the paths each holds, the fullest first; a series kept a folder per item
    (`features/0036-issue-credential/README.md`) counts in the folder holding the items (`features`)."""
    counts: dict[str, int] = {}
    for p in paths:
        parent = PurePosixPath(p).parent
        folder = (parent.parent if series_folder(parent.name) else parent).as_posix()
        counts[folder] = counts.get(folder, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def reasons_of(not_taken: list[tuple[str, str]]) -> list[tuple[str, int]]:
    """Reasons with how many files each left out, the commonest first."""
    counts: dict[str, int] = {}
    for _, why in not_taken:
        counts[why] = counts.get(why, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
