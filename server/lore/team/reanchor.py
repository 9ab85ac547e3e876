"""Team memories follow code that was renamed or moved in another clone.

After a pull (or any command that syncs team files), the commit checked out is compared with the
last one this database saw (`team.git_head`). git's rename detection between the two says which
files and folders moved; the old and new text of changed files (read from git's objects, never
from the working tree or an editor buffer) says which anchored symbols were renamed. Path and
symbol anchors of team memories move accordingly, and only their lines in the team file change
(`updated:` stays): the answer depends on the two commits and the file alone, so every clone that
re-anchors writes the same bytes, and two that commit the same re-anchoring do not conflict.

An ambiguous case (a folder only partly moved, a symbol whose code matches several new ones)
leaves the anchor as it is.
"""

from __future__ import annotations

import logging
from pathlib import Path

import attrs

from lore.team import gitmoves
from lore.memory import ROOT_FILE, Anchor, Memory, Scope
from lore.recall.anchoring import match_anchor
from lore.store.errors import StoreError
from lore.store.safe_fs import UnsafePathError, check_inside
from lore.workspace import LORE_DIR, MEMORIES_DIR

log = logging.getLogger(__name__)
HEAD_META = "team.git_head"
GLOB_CHARS = set("*?[")  # as lore.recall.anchoring reads a path anchor
TEAM_PREFIX = f"{LORE_DIR}/{MEMORIES_DIR}/"


@attrs.define
class Reanchored:
    """What one pass changed: team files rewritten (their database rows with them), and problems
    (a file that could not be)."""

    files: list[str] = attrs.field(factory=list)
    moved: list[tuple[str, str, str]] = attrs.field(factory=list)  # memory id, old anchor, new anchor
    errors: list[str] = attrs.field(factory=list)
    rows: dict[str, list[Anchor]] = attrs.field(factory=dict)  # memory id -> the anchors its file now has
    retry: bool = False  # a team file held conflict markers: HEAD is not recorded as seen
    head_moved: bool = False  # HEAD is not the commit last seen (or none was seen yet)
    since: str | None = None  # the commit last seen before this pass, if any


def reanchor(lore) -> Reanchored:
    """Move the anchors of team memories along what git moved since the last commit seen; the first
    time, only remember the commit. Cheap when HEAD has not moved (a few small file reads)."""
    result = Reanchored()
    head = gitmoves.head_commit(lore.root)
    last = lore.store.get_meta(HEAD_META)
    if head is None or head == last or not gitmoves.settled(lore.root):
        return result  # mid-rebase or detached: the moves are followed once back on a branch
    result.head_moved, result.since = True, last
    anchored = _team_memories(lore) if last is not None else []
    mv = gitmoves.moves(lore.root, last, head) if anchored and last is not None else None
    if mv is not None and mv.changed:
        plan = Planner(lore.root, last, head, mv)
        for m in sorted(anchored, key=lambda x: x.id):
            _apply(lore, m, plan, result)
    if result.rows:
        with lore.store.transaction():  # each row says what its file now says (read again: unchanged)
            for row in lore.store.memories.many(result.rows).values():
                row.anchors = result.rows[row.id]
                lore.store.memories.update(row, reindex=False)
    if not result.retry:  # a file in the middle of a merge is tried again next time
        lore.store.set_meta(HEAD_META, head)
    return result


def _team_memories(lore) -> list[Memory]:
    return [m for m in lore.list(scopes=[Scope.TEAM], limit=10**9)
            if m.provenance.path and m.provenance.path.startswith(TEAM_PREFIX)
            and any(a.kind in ("path", "symbol") for a in m.anchors)]


def _apply(lore, m: Memory, plan: Planner, result: Reanchored) -> None:
    """Rewrite one team file's anchors when any of them moved (read from the file itself)."""
    from lore.team import files as teamfiles

    if not plan.affects(m.anchors):  # the database's anchors are the file's (read just before)
        return
    rel = m.provenance.path
    assert rel is not None
    path = lore.root / rel
    try:
        check_inside(lore.root, path)
        text = path.read_bytes().decode("utf-8")
        own = teamfiles.parse(text, rel)
    except (OSError, UnicodeDecodeError, UnsafePathError, teamfiles.TeamFileError) as e:
        result.errors.append(f"{rel}: anchors not moved: {e}")
        result.retry = result.retry or isinstance(e, teamfiles.MergeConflictError)
        return
    new = [plan.follow(a) for a in own.anchors]
    if [a.to_text() for a in new] == [a.to_text() for a in own.anchors]:
        return
    result.moved += [(own.id, a.to_text(), b.to_text()) for a, b in zip(own.anchors, new)
                     if a.to_text() != b.to_text()]
    own.anchors = new
    try:
        teamfiles.write_text(lore.root, path, teamfiles.rewrite(text, own, rel, touch=False))
    except (StoreError, UnsafePathError, teamfiles.TeamFileError) as e:
        result.errors.append(f"{rel}: anchors not moved: {e}")
        result.retry = result.retry or isinstance(e, teamfiles.MergeConflictError)
        return
    result.rows[m.id] = new
    result.files.append(rel)
    log.info("team file %s: anchors moved with the code (%s..%s)", rel, plan.old[:8], plan.new[:8])


class Planner:
    """Where each anchor goes between two commits (answers cached; git asked only when needed)."""

    def __init__(self, root: Path, old: str, new: str, mv: gitmoves.Moves):
        self.root, self.old, self.new, self.mv = root, old, new, mv
        self._folders: dict[str, str | None] = {}
        self._symbols: dict[tuple[str, str], tuple[list, list]] = {}
        self._old: dict[tuple[str, str], tuple[str, bytes]] | None = None
        self._texts: dict[tuple[str, str], bytes] = {}
        self._answers: dict[str, str] = {}

    def affects(self, anchors: list[Anchor]) -> bool:
        """Whether any of these anchors would move."""
        return any(self.follow(a).to_text() != a.to_text() for a in anchors)

    def follow(self, a: Anchor) -> Anchor:
        """The anchor after the moves (the same anchor when it stays)."""
        if a.kind == "path":
            value = self._path(a.value)
            return a if value == a.value else Anchor("path", value)
        if a.kind == "symbol" and not a.file:
            value = self._symbol(a)
            return a if value == a.value else attrs.evolve(a, value=value)
        return a

    # -- paths --------------------------------------------------------------------------------
    def _path(self, value: str) -> str:
        bare = value.rstrip("/")
        if bare.startswith(ROOT_FILE) and bare[len(ROOT_FILE):] in self.mv.renamed:
            moved = self.mv.renamed[bare[len(ROOT_FILE):]]
            return moved if "/" in moved else ROOT_FILE + moved
        if not GLOB_CHARS & set(value) and bare in self.mv.renamed:
            return self.mv.renamed[bare]
        folder = _static_folder(value)
        if not folder:
            return value
        target = self._folder(folder)
        return target + value[len(folder):] if target else value

    def _folder(self, folder: str) -> str | None:
        """Where a folder moved whole: every renamed file below it went to one new folder, keeping
        its place inside it, and no file is left below the old one; else None."""
        if folder in self._folders:
            return self._folders[folder]
        target: str | None = None
        ends: set[str] = set()
        for old, new in self.mv.renamed.items():
            if old.startswith(folder + "/"):
                rest = old[len(folder):]
                ends.add(new[: -len(rest)] if new.endswith(rest) else "\0")
        if len(ends) == 1 and "\0" not in ends:
            (candidate,) = ends
            left = gitmoves.files_under(self.root, self.new, folder)
            target = candidate if left == [] and candidate else None
        self._folders[folder] = target
        return target

    # -- symbols ------------------------------------------------------------------------------
    def _symbol(self, a: Anchor) -> str:
        """The symbol anchor's new value (its language is not checked: anchors name symbols, as
        recall matches them, and `ts`/`typescript` spellings differ)."""
        if a.value in self._answers:
            return self._answers[a.value]
        short = a.value.rsplit(".", 1)[-1].encode()
        answers = set()
        for (old_path, new_path), (lang, before) in sorted(self._old_texts().items()):
            if short not in before:
                continue
            old_symbols, new_symbols = self._file_symbols(old_path, new_path, lang, before)
            found = _renamed(a, old_path, old_symbols, new_path, new_symbols)
            if found is not None:
                answers.add(found)
        self._answers[a.value] = answers.pop() if len(answers) == 1 else a.value
        return self._answers[a.value]

    def _old_texts(self) -> dict[tuple[str, str], tuple[str, bytes]]:
        """(old path, new path) -> (language, old bytes) of every changed file in a language Lore
        reads symbols of; old and new texts are read from git in one batch the first time a symbol
        anchor asks."""
        if self._old is None:
            from lore.anchors.languages import language_for_path  # tree-sitter: loaded only when code moved

            pairs = {(o, n): language_for_path(o) for o, n in self.mv.changed.items()}
            pairs = {k: lang for k, lang in sorted(pairs.items()) if lang}
            wanted = [(self.old, o) for o, _ in pairs] + [(self.new, n) for _, n in pairs]
            self._texts = gitmoves.blobs(self.root, wanted)
            self._old = {k: (lang, self._texts[(self.old, k[0])]) for k, lang in pairs.items()
                         if (self.old, k[0]) in self._texts}
        return self._old

    def _file_symbols(self, old_path: str, new_path: str, lang: str, before: bytes) -> tuple[list, list]:
        """The symbols of a changed file before and after."""
        from lore.anchors import extract_symbols

        key = (old_path, new_path)
        if key not in self._symbols:
            after = self._texts.get((self.new, new_path))
            self._symbols[key] = ((extract_symbols(before, lang, old_path), extract_symbols(after, lang, new_path))
                                  if after is not None else ([], []))
        return self._symbols[key]


def _static_folder(glob: str) -> str:
    """The folder part of a path anchor before any glob character (`app/jobs/**` -> `app/jobs`)."""
    cut = min((glob.index(c) for c in GLOB_CHARS if c in glob), default=len(glob))
    head = glob[:cut]
    if cut == len(glob):
        return glob.rstrip("/") if glob.endswith("/") or "." not in glob.rsplit("/", 1)[-1] else ""
    return head.rsplit("/", 1)[0] if "/" in head else ""


def _renamed(a: Anchor, old_path: str, before: list, new_path: str, after: list) -> str | None:
    """The anchor's new value when its symbol was in the old file, no symbol of the new file answers
    to it, and exactly one new symbol has its code (same name moved, or renamed)."""
    from lore.anchors.tracking import relocate

    olds = [s for s in before if match_anchor(a, old_path, s.qualified_name) == "symbol"]
    if len(olds) != 1 or any(match_anchor(a, new_path, s.qualified_name) == "symbol" for s in after):
        return None
    old = olds[0]
    symbol, verdict = relocate(old.qualified_name, old.body_hash, old.shape_hash, after)
    if symbol is None or verdict not in ("renamed", "found"):
        return None
    if a.value == old.qualified_name:
        return symbol.qualified_name
    depth = a.value.count(".") + 1
    return ".".join(symbol.qualified_name.split(".")[-depth:])
