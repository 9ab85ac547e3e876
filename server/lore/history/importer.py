"""`import_history`: read new commits, group them into tasks, and store each task as a memory.

Incremental: the last commit read is remembered; the next run reads only the commits after it
(all of the window again when history was rewritten or the window changed). Task ids come from
commits, so reading a commit twice updates its task rather than adding another.

A task's files are the project's own (`project_path`): what the import's walk of the workspace leaves
out as vendored, ignored or built (a `node_modules/` a repository commits though its .gitignore lists it)
is no task's file, so never its anchor. A commit that only writes pages the import reads for themselves
(decision records, guides, documentation, as `classify` routes a path: `record_page`) is no task: the pages
are found, and a task repeating them is not.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import attrs

from lore.history import gitlog
from lore.history.records import mark_reverted, merged, task_id, to_memory
from lore.history.settings import HistorySettings, read_settings
from lore.history.tasks import Task, automated, group, subject_key
from lore.memory import Memory
from lore.sources.classify import ADR, DOC, GUIDE, SKIP_DIRS, classify
from lore.sources.discover import IgnoreRules
from lore.sources.layout import WorkspaceLayout
from lore.store import history as q

log = logging.getLogger(__name__)
HEAD_META = "history.head"
WINDOW_META = "history.window"


@attrs.define
class HistoryResult:
    """What one history import did."""

    commits: int = 0
    tasks: int = 0
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    reverted: int = 0
    dependency_bumps: int = 0
    automated_commits: int = 0  # commits that only cut a release, and upkeep services' commits: no task either
    empty_commits: int = 0  # commits that change no file (`git commit --allow-empty`): no task either
    page_commits: int = 0  # commits that only write decision records, guides or documentation: the pages say it
    outside_window: int = 0  # commits left unread: older than the window's start or past its number of commits
    anchors_renamed: int = 0
    incremental: bool = False
    skipped: str | None = None  # why nothing was read ("not a git repository", "unchanged", "disabled")
    seconds: float = 0.0
    warnings: list[str] = attrs.field(factory=list)

    def to_json(self) -> dict:
        """The result as plain JSON data."""
        data = attrs.asdict(self)
        data["seconds"] = round(self.seconds, 3)
        return data

    def line(self) -> str:
        """One line for people."""
        if self.skipped:
            return f"history: {self.skipped}"
        return (f"history: {self.commits} commits → {self.tasks} tasks ({self.added} added, {self.updated} updated, "
                f"{self.reverted} marked reverted, {self.dependency_bumps} dependency bumps left out"
                f"{f', {self.automated_commits} release or bot commits left out' if self.automated_commits else ''}"
                f"{f', {self.empty_commits} commits changing no file left out' if self.empty_commits else ''}"
                f"{f', {self.page_commits} commits only writing records or documentation left out' if self.page_commits else ''}"
                f"{f', {self.outside_window} commits outside the window' if self.outside_window else ''})"
                f"{' since the last import' if self.incremental else ''}; {self.seconds:.2f}s")


def import_history(lore, settings: HistorySettings | None = None, ignore: Iterable[str] = (),
                   adr_folders: Iterable[str] = ()) -> HistoryResult:
    """Bring the workspace's task memories in step with its git history (`ignore`: the import's extra
    gitignore-style globs, leaving files out of tasks as they leave them out of the walk; `adr_folders`: the
    folders of decision records the import was told of, whose pages it reads as records)."""
    start = time.monotonic()
    result = HistoryResult()
    root = Path(lore.root)
    settings = settings or read_settings(root, result.warnings)
    head = gitlog.head(root) if settings.enabled else None
    if head is None:
        result.skipped = "disabled" if not settings.enabled else "not a git repository"
        return result
    store = lore.store
    window = settings.fingerprint()
    last = store.get_meta(HEAD_META)
    same_window = store.get_meta(WINDOW_META) == window
    if last == head and same_window:
        result.skipped = "unchanged"
        result.seconds = time.monotonic() - start
        return result
    since_commit = last if last and same_window and gitlog.is_ancestor(root, last, head) else None
    result.incremental = since_commit is not None
    commits = _read(root, since_commit, settings, result)
    if commits is None:
        result.skipped = "git log failed"
        result.seconds = time.monotonic() - start
        return result
    result.commits = len(commits)
    aliases: dict[str, str] = {}
    tasks, left_out = group(commits, aliases, project_path(root, ignore), record_page(adr_folders))
    result.dependency_bumps, result.automated_commits = left_out.bumps, left_out.automated
    result.empty_commits, result.page_commits = left_out.empty, left_out.pages
    del commits
    result.tasks = len(tasks)
    with store.transaction():
        if since_commit is not None and aliases:
            result.anchors_renamed = q.rename_path_anchors(store.db, aliases)
        written = _write(store, tasks, result, gitlog.files_at(root, head))
        _mark_reverts(store, tasks, written, result)
    store.set_meta(HEAD_META, head)
    store.set_meta(WINDOW_META, window)
    result.seconds = time.monotonic() - start
    return result


def project_path(root: Path, ignore: Iterable[str] = ()) -> Callable[[str], bool]:
    """Whether a path a commit touched is the project's own, as the import's walk (`discover.walk`) and the
    layout it builds read the workspace: in no folder the walk skips (`SKIP_DIRS`) or the ignore files and
    `ignore` globs leave out, not ignored itself, and neither vendored, generated nor built
    (`WorkspaceLayout.vendored`). Folders are judged once each."""
    rules = IgnoreRules(root, list(ignore))
    folders: dict[str, bool] = {"": True}

    def walked(folder: str) -> bool:
        if folder not in folders:
            parent, _, name = folder.rpartition("/")
            folders[folder] = walked(parent) and name not in SKIP_DIRS and not rules.ignored(folder, True)
        return folders[folder]

    def own(rel: str) -> bool:
        if not rel or rel.startswith("/") or WorkspaceLayout.vendored(rel):
            return False
        rules.load_for(rel)
        return walked(rel.rpartition("/")[0]) and not rules.ignored(rel)

    return own


def record_page(adr_folders: Iterable[str] = ()) -> Callable[[str], bool]:
    """Whether a path a commit touched is a page the import reads for itself, as `classify` routes it: a decision
    record (also in one of `adr_folders`), a contributing or style guide, or a page of documentation (a README, a
    change log, a page under `docs/`)."""
    folders = list(adr_folders)
    return lambda rel: classify(rel, folders) in (ADR, GUIDE, DOC)


def _read(root: Path, since_commit: str | None, settings: HistorySettings, result: HistoryResult) -> list | None:
    """The commits of the window, a span of time counted back from the newest commit that is no upkeep
    (`gitlog.window_start`); those read before git stopped when history is incomplete (a partial or damaged
    clone), None when nothing could be read. How many commits fell outside the window goes in `result`."""
    commits = []
    since = gitlog.window_start(root, settings.since, automated) or None
    try:
        for c in gitlog.log_commits(root, since_commit=since_commit, max_count=settings.max_commits or None,
                                    since=since):
            commits.append(c)
    except gitlog.GitError as e:
        result.warnings.append(f"(git):1: history read up to {len(commits)} commits: {e}")
        return commits or None
    if since or settings.max_commits:
        result.outside_window = max(0, (gitlog.count(root, since_commit) or 0) - len(commits))
    return commits


def _write(store, tasks: list[Task], result: HistoryResult, present: frozenset[str] | None = None) -> dict[str, Memory]:
    """Insert new tasks, update changed ones, each anchored to its files `present` at HEAD; returns the stored
    memories by id."""
    written: dict[str, Memory] = {}
    for task in tasks:
        try:
            m = to_memory(task, present)
        except Exception as e:  # one odd commit never stops the import
            log.warning("task %s not stored", task.key, exc_info=True)
            result.warnings.append(f"(git):{task.key[:10]}: task not stored: {e}")
            continue
        written.setdefault(m.id, m)
    existing = store.memories.many(written)
    for mid, m in written.items():
        old = existing.get(mid)
        if old is None:
            store.memories.insert(m)
            result.added += 1
            continue
        new = merged(m, old)
        if new is None:
            written[mid] = old
            result.unchanged += 1
        else:
            store.memories.update(new)
            written[mid] = new
            result.updated += 1
    return written


def _mark_reverts(store, tasks: list[Task], written: dict[str, Memory], result: HistoryResult) -> None:
    """Mark each task a revert undid (found among this run's tasks first, then the stored ones): a reverted sha is
    looked for among tasks' own commits, and no task begun after the revert's last commit is marked by it (a
    re-landed change keeps the title the revert quotes; a squash quoting the revert line of a commit it squashed
    names a sha no task holds)."""
    by_commit: dict[str, str] = {}
    by_subject: dict[str, list[str]] = {}
    by_pr: dict[str, list[str]] = {}
    for t in tasks:  # newest first
        if t.pr:
            by_pr.setdefault(t.pr, []).append(task_id(t))
        for c in t.commits:
            by_commit[c.sha] = task_id(t)
            by_subject.setdefault(subject_key(c.subject), []).append(task_id(t))
    for t in tasks:
        if not (t.reverts or t.reverts_pr or t.reverts_title) or task_id(t) not in written:
            continue  # a branch reverting one change among others still marks that change
        reverter = written[task_id(t)]
        hits = [next((mid for full, mid in by_commit.items() if full.startswith(sha)), None)
                or q.task_with_commit(store.db, sha) for sha in t.reverts]
        hits = [h for h in hits if h]
        targets = _undone(store, written, reverter, hits)
        if not hits and t.reverts_pr:
            targets = _undone(store, written, reverter, by_pr.get(t.reverts_pr, []))[:1]
        if not hits and not targets and t.reverts_title:
            targets = _undone(store, written, reverter, by_subject.get(subject_key(t.reverts_title), []))[:1]
        for target in targets:
            if mark_reverted(target, reverter):
                store.memories.update(target, reindex=False)
                result.reverted += 1


def _undone(store, written: dict[str, Memory], reverter: Memory, ids: list[str]) -> list[Memory]:
    """The tasks among `ids` a revert can have undone: tasks other than itself, begun before it ended."""
    found = (written.get(mid) or store.memories.get(mid) for mid in dict.fromkeys(ids) if mid != reverter.id)
    return [m for m in found if m is not None and not _later(m, reverter)]


def _later(task: Memory, revert: Memory) -> bool:
    """Whether a task began after a revert's last commit, so that the revert cannot have undone it."""
    started, at = task.meta.get("started"), revert.meta.get("at")
    return isinstance(started, int) and isinstance(at, int) and started > at
