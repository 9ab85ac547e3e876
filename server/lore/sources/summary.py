"""Import settings and the summary an import returns (counts, reasons, warnings, time)."""

from __future__ import annotations

import attrs


@attrs.define
class ImportSettings:
    """What the importer looks at beyond its defaults."""

    adr_folders: list[str] = attrs.field(factory=list)  # extra ADR folders, workspace-relative
    ignore: list[str] = attrs.field(factory=list)  # extra gitignore-style globs
    max_file_size: int = 1_048_576
    allow_mass_deprecation: bool = False  # let one import deprecate most of the workspace's imported memories


SKIPPED_PATHS = 50  # files kept per reason a file was skipped for, for the report


@attrs.define
class ImportSummary:
    """What one import did."""

    files_seen: int = 0
    imported: int = 0
    unchanged: int = 0
    skipped: dict[str, int] = attrs.field(factory=dict)  # reason -> count
    skipped_paths: dict[str, list[str]] = attrs.field(factory=dict)  # reason -> the first files skipped for it
    added: int = 0
    updated: int = 0
    deprecated: int = 0
    renamed: int = 0
    seconds: float = 0.0
    warnings: list[str] = attrs.field(factory=list)  # "path:line: message"
    embedded: int = 0
    cancelled: bool = False
    held_back: int = 0  # deprecations not written: most of the workspace's imported memories (see guard)
    live_before: int = 0
    decisions: list[str] = attrs.field(factory=list)  # files read as decision records
    rules: list[str] = attrs.field(factory=list)  # files read as guides and rules
    # (guide or rules file, why it imports nothing): it only points to another file, or it is a copy of another guide
    rules_left_out: list[tuple[str, str]] = attrs.field(factory=list)
    docs: list[str] = attrs.field(factory=list)  # files read as project documentation
    docs_left_out: int = 0  # documentation pages not imported: past the per-workspace cap (docs.MAX_DOC_PAGES)
    docs_left_out_paths: list[str] = attrs.field(factory=list)  # those pages, in the order they were left out
    # pages imported but past the import's embedding caps (docs.MAX_DOC_FILES, docs.MAX_DOC_SECTION_BUDGET):
    # found by words, embedded later by the language server
    docs_later: list[str] = attrs.field(factory=list)
    not_taken: list[tuple[str, str]] = attrs.field(factory=list)  # (markdown file, why it is no decision record)
    unknown_statuses: dict[str, int] = attrs.field(factory=dict)  # status as written -> records read as active
    # decision records nobody filled in (their parts the template's guidance): kept by title, status and relations
    template_only: list[str] = attrs.field(factory=list)
    log_entries: dict[str, int] = attrs.field(factory=dict)  # decision log -> its entries read as records
    left_out_memories: int = 0  # deprecated: their files sit in vendored or built folders no importer reads now
    # (earlier record, relation, later record): records search ranks below a later one (sources/newer.py)
    later_records: list[tuple[str, str, str]] = attrs.field(factory=list)
    # (retired record, its status, the record that took its place): the decision records retired for a later one
    # (superseded, deprecated or rejected), as they stand
    superseded: list[tuple[str, str, str]] = attrs.field(factory=list)
    adr_folders: list[str] = attrs.field(factory=list)  # the decision-record folders this run used
    history: dict | None = None  # what reading the git history did (None when not read)
    history_line: str | None = None
    renamed_ids: dict[str, str] = attrs.field(factory=dict)  # imported memories given their derived id: old -> new
    code_map: dict = attrs.field(factory=dict)  # what the codebase map's refresh did (lore.codemap)

    def skip(self, reason: str, path: str | None = None) -> None:
        """Count one skipped file, and keep its path (the first `SKIPPED_PATHS` of each reason) when given."""
        self.skipped[reason] = self.skipped.get(reason, 0) + 1
        if path is not None:
            kept = self.skipped_paths.setdefault(reason, [])
            if len(kept) < SKIPPED_PATHS:
                kept.append(path)

    def to_json(self) -> dict:
        """The summary as plain JSON data."""
        return {
            "files_seen": self.files_seen,
            "imported": self.imported,
            "unchanged": self.unchanged,
            "skipped": dict(sorted(self.skipped.items())),
            "skipped_paths": dict(sorted(self.skipped_paths.items())),
            "added": self.added,
            "updated": self.updated,
            "deprecated": self.deprecated,
            "renamed": self.renamed,
            "embedded": self.embedded,
            "seconds": round(self.seconds, 3),
            "cancelled": self.cancelled,
            "warnings": list(self.warnings),
            "held_back": self.held_back,
            "live_before": self.live_before,
            "decision_records": list(self.decisions),
            "guides_and_rules": list(self.rules),
            "guides_and_rules_left_out": [{"path": p, "reason": r} for p, r in self.rules_left_out],
            "documentation": list(self.docs),
            "documentation_left_out": self.docs_left_out,
            "documentation_left_out_paths": list(self.docs_left_out_paths),
            "documentation_embedded_later": list(self.docs_later),
            "not_taken": [{"path": p, "reason": r} for p, r in self.not_taken],
            "unknown_statuses": dict(sorted(self.unknown_statuses.items())),
            "template_only": list(self.template_only),
            "decision_log_entries": dict(sorted(self.log_entries.items())),
            "left_out_memories": self.left_out_memories,
            "later_records": [{"earlier": a, "relation": r, "later": b} for a, r, b in self.later_records],
            "superseded": [{"record": a, "status": status, "by": b} for a, status, b in self.superseded],
            "adr_folders": list(self.adr_folders),
            "history": self.history,
            "code_map": dict(self.code_map),
        }

    def summary_line(self) -> str:
        """One line for people: files, memories, time."""
        skipped = sum(self.skipped.values())
        reasons = ", ".join(f"{n} {r}" for r, n in sorted(self.skipped.items()))
        parts = [
            f"{self.files_seen} files seen",
            f"{self.imported} imported",
            f"{self.unchanged} unchanged",
            f"{skipped} skipped" + (f" ({reasons})" if reasons else ""),
        ]
        memories = f"memories: {self.added} added, {self.updated} updated, {self.deprecated} deprecated"
        if self.renamed:
            memories += f", {self.renamed} files renamed"
        text = f"{'; '.join(parts)}; {memories}; {self.seconds:.2f}s"
        if self.warnings:
            text += f"; {len(self.warnings)} warning{'s' if len(self.warnings) != 1 else ''}"
        return text + (" (cancelled)" if self.cancelled else "")
