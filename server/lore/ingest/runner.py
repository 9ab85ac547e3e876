"""`run_import`: discover source files, re-read only what changed, sync each file, link, embed."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import stat
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path, PurePosixPath

import attrs

from lore.anchors import language_for_path, shared
from lore.anchors.choices import SHARED_LISTS
from lore.markup.conflicts import conflict_line, conflict_message
from lore.markup.decoding import NotText, decoded
from lore.memory import COMMITTED_WITH_META, GIT_ADDED_META, WIDESPREAD_META, SourceKind, Status
from lore.store.safe_fs import inside
from lore.markup.scrub import scrub_source
from lore.sources import classify as cls
from lore.sources.added import changed_files, committed_with, first_commits
from lore.sources import renames
from lore.sources.claude_imports import pointer_only, resolve_imports
from lore.sources import sidecar
from lore.sources.decision_log import LOG_META, entry_lines
from lore.sources.discover import IGNORE_FILES, Candidate, IgnoreRules, walk
from lore.sources import report
from lore.sources.report import NOT_TAKEN, RULES
from lore.sources import docs
from lore.sources.docs import capped, series_page
from lore.sources.config import CONFIG_PATH, with_workspace_config
from lore.sources.parsed import Parsed
from lore.sources.embedding import embed_sections, load_model_first
from lore.sources.guard import DeprecationGuard
from lore.sources.ids import migrate_ids, relink_team_files
from lore.sources.layout import WorkspaceLayout, in_foreign_project_on_disk
from lore.sources.links import resolve_links
from lore.sources.guide_paths import anchor_guide
from lore.sources.rules import scope_folder
from lore.sources.mentions import DERIVED_META, AnchorContext, derive_anchors, derived_meta, widespread_names
from lore.sources.summary import ImportSettings, ImportSummary
from lore.sources.sync import imported_memories, sync_file
from lore.store import SourceFile
from lore.text import content_hash
from lore.markup.markdown import split_front_matter
from lore.markup.yamlbound import YamlLimitError
from lore.codemap.store import refresh_for_import
from lore.history import import_history
from lore.sources.detect import Series
from lore.ingest.parse import parse_file

log = logging.getLogger(__name__)
IMPORTERS = frozenset((cls.ADR, cls.COMMENTS, cls.DOC, *cls.RULES_IMPORTERS))
IMPORTS_META = "sources.imports"
RULES_META = "sources.rules"
PAGES_META = "sources.pages_workspace"  # "1" when the last walk found a workspace of pages (`docs.pages_workspace`)
CHOICES_META = "sources.anchor_choices"  # fingerprints of the team's anchor choices last applied
RULES_VERSION = 144  # bump when what a file is read as changes, so every workspace reads its files again
BINARY_PROBE = 8192


class Importer:
    """State of one import run."""

    def __init__(self, lore, settings: ImportSettings, summary: ImportSummary, progress, cancelled):
        self.lore = lore
        self.store = lore.store
        self.root = Path(lore.root)
        self.settings = settings
        self.summary = summary
        self.progress = progress
        self.cancelled = cancelled or (lambda: False)
        self.ledger = {p: sf for p, sf in self.store.sources.all().items() if sf.importer in IMPORTERS}
        self.imports: dict[str, list[str]] = json.loads(self.store.get_meta(IMPORTS_META) or "{}")
        self.parsed_now: set[str] = set()
        self.quiet_rows: list[SourceFile] = []
        self.series = Series()
        self.pages: list[str] = []  # the run's pages (records and documentation), for `first_commits`
        self.records: set[str] = set()  # the records' pages, this run's and those imported before
        self.added: dict[str, tuple[str, str]] | None = None  # the commit first holding each of them, on first need
        self.changed: dict[str, list[str]] | None = None  # the files each record's first commit changed, on first need
        self.pages_workspace = self.store.get_meta(PAGES_META) == "1"  # as the last walk found it
        self.readme_pages = docs.readme_pages(self.root)
        self.agent_pages = docs.agent_pages(self.root)
        self.rules = rules_fingerprint(settings)
        self.reread = self.store.get_meta(RULES_META) != self.rules  # the rules changed: read every file again
        self.guard = DeprecationGuard(self.store, settings.allow_mass_deprecation)
        self.layout = WorkspaceLayout(self.root)
        self.anchoring = AnchorContext(self.root)  # its layout is the walk's when there is a walk
        self.choices, self.choices_applied, self.choices_changed = self.team_choices()

    def team_choices(self) -> tuple[dict | None, str | None, set[str]]:
        """The team's anchor choices (`lore.anchors.shared`), their fingerprints to remember once applied,
        and the sources whose choices changed since the last import (read again even if unchanged);
        (None, None, set()) with a warning when the file cannot be read: the choices applied last stay."""
        try:
            entries = shared.read(self.root)
        except shared.ChoicesFileError as e:
            self.summary.warnings.append(str(e))
            return None, None, set()
        now = shared.fingerprints(entries)
        before = json.loads(self.store.get_meta(CHOICES_META) or "{}")
        return entries, json.dumps(now, sort_keys=True), shared.changed_sources(now, before)

    def apply_team_choices(self, parsed: Parsed, rel: str) -> None:
        """Give each imported record of a file the team's choices about its anchors (an entry taken out of
        the file takes them back), for `sync_file` to apply; left alone when the file could not be read."""
        if self.choices is None:
            return
        for m in parsed.memories:
            key = shared.source_key(m)
            entry = self.choices.get(key) if key else None
            if entry is not None or (key and rel in self.choices_changed):
                for name, meta in SHARED_LISTS.items():
                    m.meta[meta] = list((entry or {}).get(name, []))

    def run(self, cands: list[Candidate], vanished: set[str]) -> None:
        """Renames, then each candidate, then deletions, links and vectors."""
        self.records = {c.rel for c in cands if c.importer == cls.ADR} | {
            p for p, sf in self.ledger.items() if sf.importer == cls.ADR}  # a run reading one file knows the others
        self.pages = sorted(self.records | {c.rel for c in cands if c.importer == cls.DOC})
        fresh = [c for c in cands if c.rel not in self.ledger]
        for old, new in renames.detect(self, fresh, vanished):
            renames.move(self, old, new)
            vanished.discard(old)
            self.summary.renamed += 1
        total = len(cands)
        for done, cand in enumerate(cands, 1):
            if self.cancelled():
                self.summary.cancelled = True
                break
            if self.progress:
                self.progress(done - 1, total, cand.rel)
            self.summary.files_seen += 1
            try:
                self.one(cand)
            except Exception as e:  # one bad file never stops an import
                log.warning("importing %s failed", cand.rel, exc_info=True)
                self.summary.warnings.append(f"{cand.rel}:1: not imported: {e.__class__.__name__}: {e}")
                self.summary.skip("error", cand.rel)
        self.flush_quiet()
        if not self.summary.cancelled:
            # Files still there that no importer reads any more (a vendored or built folder): the rules
            # changed on purpose, so their memories go, said in the report, whatever the guard holds back.
            left_out = {rel for rel in vanished if (cls.third_party(rel) or self.layout.in_foreign_project(rel))
                        and (self.root / rel).is_file() and not cls.in_folders(rel, list(self.settings.adr_folders))}
            for rel in sorted(left_out):
                self.summary.left_out_memories += self.deleted(rel, "left out: a vendored, generated or built folder")
            vanished = vanished - left_out
            for rel in vanished:
                self.guard.doom(rel, sum(1 for m in imported_memories(self.store, rel) if self.guard.live(m)))
            if self.guard.allowed(self.summary):
                for rel, parsed, row in self.guard.held:
                    with self.store.transaction():
                        sync_file(self.store, rel, parsed, self.summary)
                        self.store.sources.put(row)
                for rel in sorted(vanished):
                    self.deleted(rel)
        imports = json.dumps(self.imports, sort_keys=True)
        if imports != (self.store.get_meta(IMPORTS_META) or "{}"):
            self.store.set_meta(IMPORTS_META, imports)
        if self.choices_applied is not None and not self.summary.cancelled \
                and self.choices_applied != self.store.get_meta(CHOICES_META):
            self.store.set_meta(CHOICES_META, self.choices_applied)
        resolve_links(self.store, self.summary, self.parsed_now, self.root.name, self.anchoring)
        head = renames.git_head(self.root)
        if head and head != self.store.get_meta(renames.GIT_HEAD_META):
            self.store.set_meta(renames.GIT_HEAD_META, head)
        if self.progress:
            self.progress(total, total, "")

    def one(self, cand: Candidate) -> None:
        """Import one file unless the ledger shows it unchanged."""
        st = self.stat_inside(cand)
        if st is None:
            return self.summary.skip("outside workspace", cand.rel)
        known = self.ledger.get(cand.rel)
        same_stat = known is not None and known.importer == cand.importer and known.size == st.st_size \
            and known.mtime == st.st_mtime and not self.reread and cand.rel not in self.choices_changed
        if same_stat and known.state == "skipped":
            self.summary.skip(known.reason or "skipped", cand.rel)
            return
        if same_stat and known.state == "imported" and cand.rel not in self.imports:
            self.summary.unchanged += 1
            return
        if st.st_size > self.settings.max_file_size:
            return self.skipped(cand, st, "too large")
        data = Path(cand.path).read_bytes()
        if b"\0" in data[:BINARY_PROBE]:
            return self.skipped(cand, st, "binary")
        try:
            text, stray, line = decoded(data)
        except NotText:
            return self.skipped(cand, st, "not utf-8")
        if stray:
            self.summary.warnings.append(f"{cand.rel}:{line}: {stray} byte{'s' if stray > 1 else ''} not UTF-8, "
                                         f"read as Windows-1252")
        at = conflict_line(text)
        if at is not None:  # refused, ledger and memories untouched: the last good version stays in use
            self.summary.warnings.append(conflict_message(cand.rel, at))
            return self.summary.skip("merge conflict", cand.rel)
        imported = self.claude_imports(cand, text) if cand.importer == cls.AGENTS else self.page_sidecar(cand)
        chash = content_hash(text + "".join(t for _, t in imported))
        row = SourceFile(cand.rel, chash, st.st_size, st.st_mtime, "imported", known.reason if known else None,
                         cand.importer, time.time())
        if known is not None and known.state == "imported" and known.content_hash == chash \
                and known.importer == cand.importer and not self.reread and cand.rel not in self.choices_changed:
            self.summary.unchanged += 1
            if not same_stat:
                self.quiet_rows.append(row)  # new time, same text: remember the time, skip the read next run
            return
        text = cls.record_text(cand.importer, cand.rel, text)
        if cand.importer != cls.COMMENTS:  # code is scrubbed comment by comment, as parsed memories
            text, notes = scrub_source(text)
            self.summary.warnings += [f"{cand.rel}:{note}" for note in notes]
            imported = [(path, scrub_source(itext)[0]) for path, itext in imported]
        try:
            parsed = parse_file(cand.importer, cand.rel, text, imported, self.settings.adr_folders,
                                abs_path=cand.path, series=self.series)
        except YamlLimitError as e:
            self.summary.warnings.append(f"{cand.rel}:1: skipped: front matter over a limit: {e}")
            return self.skipped(cand, st, "over a limit")
        row = attrs.evolve(row, reason=parsed.taken or (parsed.note if (parsed.note or "").startswith(NOT_TAKEN) else None))
        if cand.importer in (cls.ADR, cls.DOC):  # a page read as a decision record is anchored as one
            self.anchor_records(parsed, text, cand.rel)
            self.from_git(parsed, cand.rel)
        if parsed.taken == RULES:  # a guide's section writing an existing file's path governs that file
            anchor_guide(parsed.memories, cand.rel, self.anchoring.layout)
        self.apply_team_choices(parsed, cand.rel)
        self.summary.warnings += parsed.warnings
        self.summary.imported += 1
        self.parsed_now.add(cand.rel)
        if not parsed.memories and (known is None or not self.store.memories.count(source_path=cand.rel)):
            self.quiet_rows.append(row)  # nothing here before or now: no transaction of its own
            return
        if known is not None and self.guard.hold(cand.rel, parsed, row):
            return
        with self.store.transaction():
            sync_file(self.store, cand.rel, parsed, self.summary)
            self.store.sources.put(row)

    def anchor_records(self, parsed: Parsed, text: str, rel: str) -> None:
        """Anchors for the decision records of a file that have none, derived from what `text` names
        (a proposal keeps only its sure ones), and the names it writes that are the project's
        vocabulary (`lore.sources.mentions`)."""
        records = [m for m in parsed.memories if m.provenance.kind is SourceKind.ADR]
        everywhere = widespread_names(text, self.anchoring) if records else []
        lines = text.split("\n") if any(LOG_META in m.meta for m in records) else []
        for m in records:
            if not m.anchors:
                span = m.meta.get(LOG_META)  # an entry of a decision log is anchored by its own lines
                own = "\n".join(entry_lines(lines, *span)) if span else text
                entry = m.meta.get("adr_number") if span else None  # the log entry's number, as read
                derived = derive_anchors(own, rel, self.anchoring, proposal=m.status is Status.PROPOSED, entry=entry)
                m.anchors = [d.anchor for d in derived]
                if derived:
                    m.meta[DERIVED_META] = derived_meta(derived)
            if everywhere:
                m.meta[WIDESPREAD_META] = everywhere

    def from_git(self, parsed: Parsed, rel: str) -> None:
        """What the commit first holding the file tells of its decision records (`lore.sources.added`): the day, on
        each record writing no date of its own, and, on the one record of a page, the code that commit changed beside
        it; git is asked once per run, for every page of it, on the first record."""
        found = [m for m in parsed.memories if m.provenance.kind is SourceKind.ADR]
        if not found:
            return
        if self.added is None:
            self.added = first_commits(self.root, sorted(set(self.pages) | {rel}))
        day = self.added.get(rel, ("", ""))[0]
        for m in found:
            if day and not m.date:
                m.meta[GIT_ADDED_META] = day
        if len(found) != 1 or LOG_META in found[0].meta:
            return  # a decision log's entries share its first commit, which decided on none of them in particular
        records = self.records | {rel}
        if self.changed is None:
            self.changed = changed_files(self.root, [c for p, (_, c) in self.added.items() if p in records])
        layout = self.anchoring.layout
        code = committed_with(rel, self.added, self.changed, records,
                              lambda f: layout.exists(f) and not layout.vendored(f))
        if code:
            found[0].meta[COMMITTED_WITH_META] = {"commit": code[0], "files": code[1]}

    def stat_inside(self, cand: Candidate) -> os.stat_result | None:
        """The file's stat, or None (with a warning) when it resolves outside the workspace. A file the walk
        found in a folder inside the workspace, and still no link, is inside; any other path (a link, a path
        named by a watcher) is resolved."""
        st = os.lstat(cand.path)
        if cand.walked and not stat.S_ISLNK(st.st_mode):
            return st
        if not inside(self.root, cand.path):
            self.summary.warnings.append(f"{cand.rel}:1: a link to a file outside the workspace; not read")
            return None
        return os.stat(cand.path)

    def claude_imports(self, cand: Candidate, text: str) -> list[tuple[str, str]]:
        """Files a CLAUDE.md imports (remembered, so a change to one re-imports the CLAUDE.md)."""
        if cand.importer != cls.AGENTS or not PurePosixPath(cand.rel).name.lower().startswith("claude"):
            return []
        imported, warnings = resolve_imports(self.root, cand.rel, text, self.settings.max_file_size)
        self.summary.warnings += warnings
        if imported:
            self.imports[cand.rel] = [p for p, _ in imported]
        else:
            self.imports.pop(cand.rel, None)
        return imported

    def page_sidecar(self, cand: Candidate) -> list[tuple[str, str]]:
        """The metadata file an item's page keeps its status in (`sidecar`), remembered as a file the page
        reads, so a change to it alone reads the page again; [] for any other file."""
        rel = sidecar.sidecar_of(str(self.root), cand.rel) if cls.is_page(cand.rel) else None
        text, why = sidecar.read_sidecar(str(self.root), rel) if rel else (None, None)
        if why:
            self.summary.warnings.append(f"{rel}:1: not read ({why}); {cand.rel} is read without it")
        if text is None:
            self.imports.pop(cand.rel, None)
            return []
        self.imports[cand.rel] = [rel]
        return [(rel, text)]

    def skipped(self, cand: Candidate, st: os.stat_result, reason: str) -> None:
        """Note a file left out, with why."""
        self.summary.skip(reason, cand.rel)
        self.quiet_rows.append(SourceFile(cand.rel, None, st.st_size, st.st_mtime, "skipped", reason,
                                          cand.importer, time.time()))

    def flush_quiet(self) -> None:
        """Ledger rows of files that changed no memory, written together."""
        if not self.quiet_rows:
            return
        with self.store.transaction():
            for row in self.quiet_rows:
                self.store.sources.put(row)
        self.quiet_rows.clear()

    def deleted(self, rel: str, why: str = "file deleted") -> int:
        """A source file is gone, or no longer read: deprecate its memories (restorable) and mark the ledger
        row; how many were deprecated."""
        known = self.ledger.get(rel)
        n = 0
        with self.store.transaction():
            for m in imported_memories(self.store, rel):
                if m.status is not Status.DEPRECATED and "user_status" not in m.meta:
                    m.status = Status.DEPRECATED
                    m.meta["removed_from_source"] = True
                    m.updated_at = time.time()
                    self.store.memories.update(m, reindex=False)
                    self.summary.deprecated += 1
                    n += 1
            if known is not None:
                self.store.sources.put(SourceFile(rel, known.content_hash, None, None, "removed", why,
                                                  known.importer, time.time()))
        self.imports.pop(rel, None)
        return n


def run_import(lore, *, paths: list[str] | None = None, settings: ImportSettings | None = None,
               progress: Callable[[int, int, str], None] | None = None,
               cancelled: Callable[[], bool] | None = None, one_shot: bool = False,
               embed_later: bool = False) -> ImportSummary:
    """Import ADRs, rules files, decision comments and team files; everything when `paths` is None.

    `one_shot` (a command that exits afterwards): the model is loaded while the process holds least (before
    the files are read, on a workspace's first import) and let go once the vectors are made.
    `embed_later` (the language server, whose editor waits): documentation pages past the import's embedding
    caps are imported without their vectors, named in `summary.docs_later`, for its background worker."""
    summary = ImportSummary()
    start = time.monotonic()
    settings = with_workspace_config(lore.root, settings or ImportSettings(), summary.warnings)
    summary.renamed_ids.update(migrate_ids(lore.store))
    _team(lore, summary)
    run = Importer(lore, settings, summary, progress, cancelled)
    rules = IgnoreRules(run.root, settings.ignore)
    if paths is not None and any(PurePosixPath(p).name in IGNORE_FILES or p == CONFIG_PATH or (run.root / p).is_dir()
                                 for p in paths):
        paths = None  # what is ignored changed, or a whole folder appeared: look at everything again
    if paths is None:
        walked = [_routed(c, run.series, settings.adr_folders) for c in walk(run.root, rules, settings.adr_folders, summary.skip,
                                                       every=run.layout.add)]
        run.pages_workspace, was = _pages_workspace(walked), run.pages_workspace
        if run.pages_workspace != was or lore.store.get_meta(PAGES_META) is None:
            lore.store.set_meta(PAGES_META, "1" if run.pages_workspace else "0")  # written only when it changes
        walked = [_loose(c, run.pages_workspace, run.readme_pages, run.agent_pages) for c in walked]
        walked = _own_project(walked, run.layout.in_foreign_project, settings.adr_folders, summary)
        cands = _cap_documentation(_without_copies(_without_old_versions(walked, summary), summary), summary)
        run.anchoring = AnchorContext(run.root, run.layout)
        seen = {c.rel for c in cands}
        vanished = {p for p, sf in run.ledger.items() if p not in seen and sf.state != "removed"}
        if one_shot and cands and not run.ledger:
            load_model_first(lore)
    else:  # and the records whose team anchor choices changed (a pull that changed only those)
        chosen = sorted(rel for rel in run.choices_changed if rel in run.ledger and (run.root / rel).is_file())
        cands, vanished = _explicit(run, rules, list(dict.fromkeys([*paths, *chosen])))
    run.run(cands, vanished)
    if cut := run.anchoring.history_cut_short():
        summary.warnings.append(f"(git):1: rename history {cut}; files renamed before that are not followed")
    relink_team_files(lore, summary.renamed_ids)
    if paths is None and not summary.cancelled:
        refresh_for_import(lore, summary, run.layout)
    if summary.cancelled:
        summary.seconds = time.monotonic() - start
        return summary
    if paths is None and not summary.held_back and run.reread:
        lore.store.set_meta(RULES_META, run.rules)
    summary.adr_folders = list(settings.adr_folders)
    report.fill(lore.store, summary)
    if not embed_later:
        summary.docs_later = []  # a command embeds every page: the user asked for the import and watches it
    embed_sections(lore, summary, progress, one_shot)  # before the history: the model is not held while it is read
    if paths is None:
        _history(lore, summary, settings.ignore, settings.adr_folders)
    summary.seconds = time.monotonic() - start
    return summary


def _routed(cand: Candidate, series: Series, adr_folders: list[str] = ()) -> Candidate:
    """A page (markdown, reStructuredText, AsciiDoc) no other rule takes, read as documentation when it is one
    page of a numbered or dated series (`docs.series_page`): with its secrets scrubbed and counted against the
    caps like any page. A skill kept as one page of a skills folder (`classify.skill_page`) is read as documentation
    too, as a skill's `SKILL.md` is, whatever its name says (a guide's, a record's), unless a folder the user named
    for records holds it."""
    if cand.importer == cls.COMMENTS and cls.is_page(cand.rel) and series_page(cand.rel, cand.path, series):
        return attrs.evolve(cand, importer=cls.DOC)
    if cand.importer in (cls.COMMENTS, cls.GUIDE, cls.ADR) and cls.in_skills_folder(cand.rel) \
            and not cls.in_folders(cand.rel, list(adr_folders)) and cls.skill_page(cand.rel, _front(cand.path)):
        return attrs.evolve(cand, importer=cls.DOC)
    return cand


FRONT_BYTES = 8192  # a page's front matter is at its top


def _front(path: str) -> dict:
    """A page's front matter, {} when it has none or it cannot be read."""
    try:
        with open(path, "rb") as f:
            head = f.read(FRONT_BYTES).decode("utf-8", "replace")
        return split_front_matter(head)[0]
    except (OSError, YamlLimitError):
        return {}


# Files a walk meets that are data, build settings or a site's styles and layouts, not code: a proposals
# repository's `.markdownlint.yaml`, CI workflow and Makefile, a handbook's stylesheets and page templates do not
# make it a project of code.
_NOT_CODE = frozenset({"yaml", "json", "toml", "xml", "ini", "csv", "make", "dockerfile", "css", "scss", "less", "html"})


def _pages_workspace(walked: list[Candidate]) -> bool:
    """Whether the walked workspace is one of pages rather than code (`docs.pages_workspace`): code files are
    those in a programming language, outside hidden folders and a site generator's own (`_static/`, `_tools/`)."""
    pages = sum(1 for c in walked if cls.is_page(c.rel))
    code = sum(1 for c in walked if c.importer == cls.COMMENTS and not cls.is_page(c.rel)
               and not any(part.startswith((".", "_")) for part in c.rel.split("/")[:-1])
               and not c.rel.rpartition("/")[2].startswith(".")
               and language_for_path(c.rel) not in _NOT_CODE)
    return docs.pages_workspace(pages, code)


def _loose(cand: Candidate, pages_workspace: bool, readme_pages: set[str] = frozenset(),
           agent_pages: set[str] = frozenset()) -> Candidate:
    """In a workspace of pages (`docs.loose_page`), or linked from the root read-me or contributing guide
    (`docs.readme_pages`, `docs.linked_page`), a page no other rule takes is documentation; linked from the
    agents' instructions (`docs.agent_pages`), a guide."""
    if cand.importer == cls.COMMENTS and cand.rel in agent_pages and cls.is_markdown(cand.rel) \
            and docs.linked_page(cand.rel, hidden=True) and not cls.agent_command(cand.rel):
        return attrs.evolve(cand, importer=cls.GUIDE)
    if cand.importer == cls.COMMENTS and cls.is_page(cand.rel) and (
            pages_workspace and docs.loose_page(cand.rel) or cand.rel in readme_pages and docs.linked_page(cand.rel)):
        return attrs.evolve(cand, importer=cls.DOC)
    return cand


FOREIGN_PROJECT = "another project's folder (its own licence, and a notice, a code of conduct or another holder's copyright)"


def _own_project(cands: list[Candidate], foreign: Callable[[str], bool], adr_folders, summary: ImportSummary) -> list[Candidate]:
    """The candidates but those in a folder holding another project (`WorkspaceLayout.foreign_projects`): its guides,
    pages and comments are that project's, as a vendored library's are; counted in the report. A folder the user
    named for records is read whatever holds it."""
    kept = []
    for c in cands:
        if foreign(c.rel) and not cls.in_folders(c.rel, list(adr_folders)):
            summary.skip(FOREIGN_PROJECT, c.rel)
        else:
            kept.append(c)
    return kept


def _cap_documentation(cands: list[Candidate], summary: ImportSummary) -> list[Candidate]:
    """Every candidate but the documentation pages past `docs.MAX_DOC_PAGES` (listed in the report); the
    pages past the embedding caps are imported and named in `summary.docs_later` (which the embedding step
    leaves to the language server's background worker when the import runs there)."""
    pages = [c for c in cands if c.importer == cls.DOC]
    keep, left = capped([c.rel for c in pages], {c.rel: _size(c.path) for c in pages})
    if not left:
        return cands
    room = max(0, docs.MAX_DOC_PAGES - len(keep))
    summary.docs_later, out = left[:room], left[room:]
    summary.docs_left_out, summary.docs_left_out_paths = len(out), list(out)
    for rel in out:
        summary.skip("over the documentation cap", rel)
    gone = set(out)
    return [c for c in cands if c.importer != cls.DOC or c.rel not in gone]


OLDER_VERSION = "a past release's copy of the documentation"


def _without_old_versions(cands: list[Candidate], summary: ImportSummary) -> list[Candidate]:
    """Every candidate but the pages, guides and records of a versioned site's copies for past releases
    (`docs.older_versions`), counted in the report: each page is read once, where it is current."""
    pages = [c.rel for c in cands if c.importer in (cls.DOC, cls.ADR, *cls.RULES_IMPORTERS)]
    gone = docs.older_versions(pages)
    for rel in sorted(gone):
        summary.skip(OLDER_VERSION, rel)
    return [c for c in cands if c.rel not in gone] if gone else cands


def _without_copies(cands: list[Candidate], summary: ImportSummary) -> list[Candidate]:
    """Every candidate but the documentation pages whose bytes a page nearer the root has (a site's demo page
    copied into six sections, a versioned site's unchanged pages under `versioned_docs/version-1.2/`): one memory
    each, the shallowest page's, so a search shows a text once; the copies are counted in the report. Empty pages
    (release notes' `v0.0.2.md` … `v0.0.13.md`, created and never written) are no copies of one another: each is
    reported empty. Likewise guides and rules files: the same text kept for each agent (`CLAUDE.md`, `GEMINI.md`,
    `.cursorrules` copying `AGENTS.md`) is read once (`_guide_covers`), the copies named in the report."""
    pages = _copies([c for c in cands if c.importer == cls.DOC], lambda c: docs.copy_order(c.rel))
    for rel in pages:
        summary.skip("a copy of another page", rel)
    guides = _copies([c for c in cands if c.importer in cls.RULES_IMPORTERS], _guide_order, _guide_covers)
    for rel, kept in guides.items():
        summary.skip("a copy of another guide", rel)
        summary.rules_left_out.append((rel, f"{report.COPY_OF}{kept}"))
    gone = pages.keys() | guides.keys()
    return [c for c in cands if c.rel not in gone] if gone else cands


def _copies(group: list[Candidate], order: Callable[[Candidate], tuple],
            covers: Callable[[Candidate, Candidate], bool] = lambda kept, copy: True) -> dict[str, str]:
    """The files of `group` whose bytes a file before them in `order` has and stands for (`covers`), each with that
    file's path. Only files of the same size are read; empty ones are no copies."""
    size = {c.rel: _size(c.path) for c in group}
    same_size = Counter(size.values())
    kept: dict[bytes, list[Candidate]] = {}
    copies: dict[str, str] = {}
    for c in sorted(group, key=order):
        if same_size[size[c.rel]] < 2 or not size[c.rel]:
            continue  # no other file of its size: no copy of it, and nothing to read here; or nothing in it
        digest = _digest(c.path)
        if digest is None:
            continue
        first = next((k for k in kept.get(digest, []) if covers(k, c)), None)
        if first is None:
            kept.setdefault(digest, []).append(c)
        else:
            copies[c.rel] = first.rel
    return copies


def _guide_order(c: Candidate) -> tuple:
    """Guides nearest the root of what they govern first, then the agents' own (`AGENTS.md`) before a tool's."""
    folder = scope_folder(c.importer, c.rel)
    return (len(PurePosixPath(folder).parts) if folder else 0, cls.RULES_IMPORTERS.index(c.importer), c.rel)


def _guide_covers(kept: Candidate, copy: Candidate) -> bool:
    """Whether a guide stands for a copy of it: it governs the copy's folder too (a copy in a sibling folder governs
    another part of the code), and the copy is more than a pointer to another file (`pointer_only`), which imports
    nothing and is said to point."""
    folder, within = scope_folder(kept.importer, kept.rel), scope_folder(copy.importer, copy.rel)
    if folder and within != folder and not within.startswith(folder + "/"):
        return False
    try:
        with open(copy.path, "rb") as f:
            text = f.read(POINTER_PROBE).decode("utf-8", "replace")
    except OSError:
        return True
    return not pointer_only(copy.rel, text)


POINTER_PROBE = 8192  # a pointer is short (`claude_imports.POINTER_CHARS`, past front matter)


def _digest(path: str) -> bytes | None:
    """A page's content hash (its first `docs.MAX_DOC_BYTES`), None when it cannot be read or holds only white
    space (an empty page, no copy of another)."""
    try:
        with open(path, "rb") as f:
            data = f.read(docs.MAX_DOC_BYTES)
    except OSError:
        return None
    return hashlib.sha256(data).digest() if data.strip() else None


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def rules_fingerprint(settings: ImportSettings) -> str:
    """What decides how files are read: the rules' version and the decision-record folders."""
    return json.dumps({"version": RULES_VERSION, "adr_folders": sorted(settings.adr_folders)})


def _explicit(run: Importer, rules: IgnoreRules, paths: list[str]) -> tuple[list[Candidate], set[str]]:
    """Candidates and vanished files among explicitly named paths (and the CLAUDE.md files importing them)."""
    wanted = []
    for p in paths:
        rel = p.replace("\\", "/").strip("/")
        wanted.append(rel)
        wanted += [claude for claude, deps in run.imports.items() if rel in deps]
    cands, vanished = [], set()
    for rel in dict.fromkeys(wanted):
        full = run.root / rel
        importer = cls.classify(rel, run.settings.adr_folders)
        rules.load_for(rel)
        if any(part in cls.SKIP_DIRS for part in rel.split("/")[:-1]):
            continue
        if full.is_file() and importer and in_foreign_project_on_disk(run.root, rel) \
                and not cls.in_folders(rel, list(run.settings.adr_folders)):
            run.summary.skip(FOREIGN_PROJECT, rel)
        elif full.is_file() and importer and not rules.ignored(rel) and inside(run.root, full):
            routed = _routed(Candidate(rel, str(full), importer), run.series, run.settings.adr_folders)
            cands.append(_loose(routed, run.pages_workspace, run.readme_pages, run.agent_pages))
        elif not full.exists():  # a deleted file, or a deleted folder with everything in it
            vanished |= {p for p, sf in run.ledger.items()
                         if (p == rel or p.startswith(rel + "/")) and sf.state != "removed"}
    return cands, vanished


def _history(lore, summary: ImportSummary, ignore: list[str], adr_folders: list[str] = ()) -> None:
    """Tasks from the git history (new commits only; nothing outside a git repository), their files left out
    where the walk leaves them out (`ignore`), and commits that only write the records (`adr_folders` among their
    folders), guides and documentation the import reads left out of them."""

    try:
        result = import_history(lore, ignore=ignore, adr_folders=adr_folders)
    except Exception as e:  # history is an addition: a failure never loses the import of files
        log.warning("reading git history failed", exc_info=True)
        summary.warnings.append(f"(git history):1: not read: {e}")
        return
    summary.history = result.to_json()
    summary.history_line = result.line()
    summary.warnings += result.warnings


def _team(lore, summary: ImportSummary) -> None:
    result = lore.sync_team()
    summary.added += result.added
    summary.updated += result.updated
    summary.deprecated += result.deprecated
    summary.warnings += result.errors
