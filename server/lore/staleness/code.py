"""Has the code a memory is anchored to changed since the memory was written or last verified?

A memory's *reference time* is the newest of: when a person last confirmed it still holds
(`meta["verified_at"]`, set by "Still true"), when its text was last committed (the source file of
an ADR, a rules file or a team file), and when it was created (a private memory). Its anchored code
is each symbol anchor's range in the file at HEAD and each anchor naming one file; folder and glob
anchors are left out (a commit somewhere under `app/` says nothing about a decision on `app/`).
The memory is stale when a commit after the reference time touched that code: the newest such
commit is named ("code changed since this decision: `abc1234`, 3 weeks ago").

Only committed changes count (an edit in progress is not a reason to doubt a decision), so the
answer is a function of HEAD and the memory, cached on both.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import attrs

from lore.anchors import extract_symbols, language_for_path
from lore.memory import Anchor, Memory
from lore.recall.anchoring import GLOB_CHARS, match_anchor
from lore.recall.crowded import spoken_of
from lore.sources.named import TEST_PATH
from lore.staleness import git
from lore.staleness.verify import verified_at

CODE_SOURCES = ("adr", "rules-file", "team-file", "agent", "comment")


@attrs.define
class CodeChange:
    """A commit that touched a memory's anchored code after the memory's reference time."""

    commit: git.Commit
    path: str
    symbol: str | None = None


@attrs.define
class Staleness:
    """Why a memory may be out of date: the newest change to its code after `since` (`basis` says
    whether `since` is when it was written or verified), and names its text gives that are gone."""

    memory_id: str
    since: float
    basis: str  # "written" | "verified"
    change: CodeChange | None = None
    names_gone: list[dict] = attrs.field(factory=list)

    @property
    def stale(self) -> bool:
        """Whether there is anything to show."""
        return self.change is not None or bool(self.names_gone)


def reference_time(root: Path, m: Memory) -> tuple[float, str]:
    """(time, basis): the newest of verified, last committed text and created."""
    written = m.created_at or 0.0
    path = m.provenance.path
    if path and m.provenance.kind.value in CODE_SOURCES:
        committed = git.last_commit(root, [path])
        if committed is not None:
            written = float(committed.at)
    verified = verified_at(m)
    if verified is not None and verified >= written:
        return verified, "verified"
    return written, "written"


def changed_since(root: Path, m: Memory, since: float) -> CodeChange | None:
    """The newest commit after `since` touching a symbol or file the memory is anchored to; an anchor only a phrase
    it says led to (`crowded.spoken_of`: desmos-labs/desmos' ADR 021 and `GetTokenDenom`, by "token denom") is where
    its words land, not code it decided, and says nothing of it changing; nor does a test's (thin-edge/thin-edge.io's
    0011 warned of a commit to `entity_manager/tests.rs` on every file it showed on)."""
    best: CodeChange | None = None
    for anchor in m.anchors:
        if spoken_of(m, anchor) or anchor.file and TEST_PATH.search(anchor.file):
            continue
        found = _anchor_change(root, anchor, since)
        if found is not None and (best is None or found.commit.at > best.commit.at):
            best = found
    return best


def _anchor_change(root: Path, anchor: Anchor, since: float) -> CodeChange | None:
    if anchor.kind == "symbol":
        for rel in symbol_files(root, anchor):
            found = _symbol_change(root, anchor, rel, since)
            if found is not None:
                return found
        return None
    if anchor.kind == "path" and not GLOB_CHARS & set(anchor.value) and (root / anchor.value).is_file():
        commit = git.last_commit(root, [anchor.value])
        if commit is not None and commit.at > since:
            return CodeChange(commit, anchor.value)
    return None


def symbol_files(root: Path, anchor: Anchor) -> list[str]:
    """Files a symbol anchor points into: its recorded file, else the Python module its name spells."""
    if anchor.file:
        return [anchor.file]
    if anchor.language != "python":
        return []
    parts = anchor.value.split(".")
    out = []
    for i in range(len(parts) - 1, 0, -1):
        base = PurePosixPath(*parts[:i])
        for rel in (f"{base}.py", f"{base}/__init__.py"):
            if (root / rel).is_file():
                out.append(rel)
    return out[:1]


def _symbol_change(root: Path, anchor: Anchor, rel: str, since: float) -> CodeChange | None:
    """The newest commit after `since` on the symbol's lines at HEAD (cheap file check first)."""
    file_commit = git.last_commit(root, [rel])
    if file_commit is None or file_commit.at <= since:
        return None
    data = git.at_head(root, rel)
    lang = anchor.language or language_for_path(rel)
    if data is None or lang is None:
        return None
    for s in extract_symbols(data, lang, rel):
        if match_anchor(anchor, rel, s.qualified_name) == "symbol":
            commit = git.last_range_commit(root, rel, s.start_line + 1, s.end_line + 1)
            if commit is not None and commit.at > since:
                return CodeChange(commit, rel, s.qualified_name)
            return None
    return None
