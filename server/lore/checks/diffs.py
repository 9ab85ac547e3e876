"""Check a unified diff: each file as it would be after the diff, violations on changed lines only."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs

from lore.checks.engine import check_text
from lore.checks.model import Violation

if TYPE_CHECKING:
    from lore.service import Lore

_FILE = re.compile(r"^(---|\+\+\+) (?:\"?[ab]/)?(.*?)\"?(?:\t.*)?$")
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
MAX_DIFF = 5_000_000


class DiffError(ValueError):
    """A diff that cannot be read or does not apply; the message names the file and hunk."""


@attrs.define
class Hunk:
    """One hunk: where it starts on each side (1-based, as written) and its lines with their marks."""

    old_start: int
    new_start: int
    lines: list[str] = attrs.field(factory=list)


@attrs.define
class FilePatch:
    """The changes a diff makes to one file."""

    old_path: str | None
    new_path: str | None
    hunks: list[Hunk] = attrs.field(factory=list)

    @property
    def added_lines(self) -> set[int]:
        """0-based lines of the new file that the diff adds or changes."""
        out = set()
        for h in self.hunks:
            row = h.new_start - 1
            for line in h.lines:
                if line.startswith("+"):
                    out.add(row)
                if not line.startswith("-"):
                    row += 1
        return out


def parse_diff(text: str) -> list[FilePatch]:
    """The file patches of a unified diff (git's or plain `diff -u`); DiffError when there are none."""
    if len(text) > MAX_DIFF:
        raise DiffError(f"a diff of {len(text)} characters is over {MAX_DIFF}")
    patches: list[FilePatch] = []
    old: str | None = None
    left = (0, 0)  # lines still due in the current hunk: old side, new side
    for line in text.splitlines():
        if left != (0, 0):
            mark = line[:1] or " "
            if mark not in "+- ":
                if mark == "\\":
                    continue  # "\\ No newline at end of file"
                raise DiffError(f"{patches[-1].new_path}: a hunk ends early at {line[:40]!r}")
            patches[-1].hunks[-1].lines.append(line if line else " ")
            left = (left[0] - (mark != "+"), left[1] - (mark != "-"))
            continue
        m = _FILE.match(line)
        if m and m.group(1) == "---":
            old = None if m.group(2) == "/dev/null" else m.group(2)
        elif m:
            patches.append(FilePatch(old, None if m.group(2) == "/dev/null" else m.group(2)))
        elif h := _HUNK.match(line):
            if not patches:
                raise DiffError("a hunk before any `--- a/FILE` / `+++ b/FILE` header")
            patches[-1].hunks.append(Hunk(int(h.group(1)), int(h.group(3))))
            left = (int(h.group(2) or 1), int(h.group(4) or 1))
    if not patches:
        raise DiffError("no file in the diff (expected `--- a/FILE`, `+++ b/FILE` and `@@` hunks)")
    return patches


def apply_patch(old_text: str, patch: FilePatch) -> str:
    """The file's text after the patch; DiffError naming the hunk when its context does not match."""
    old = old_text.split("\n")
    out: list[str] = []
    at = 0
    for n, h in enumerate(patch.hunks, 1):
        start = max(h.old_start - 1, 0) if any(not x.startswith("+") for x in h.lines) else h.old_start
        if start < at:
            raise DiffError(f"{patch.new_path}: hunk {n} overlaps the one before")
        out += old[at:start]
        at = start
        for line in h.lines:
            mark, body = line[:1], line[1:]
            if mark in (" ", "-"):
                if at >= len(old) or old[at] != body:
                    raise DiffError(f"{patch.new_path}: hunk {n} does not apply (line {at + 1} differs)")
                at += 1
            if mark in (" ", "+"):
                out.append(body)
    out += old[at:]
    return "\n".join(out)


def new_text(lore: Lore, patch: FilePatch) -> str:
    """A patched file's new text: the diff applied to the file on disk, or the disk file itself
    when it already holds the change (the diff of an edit already made)."""
    from lore.checks.files import read_text

    if patch.old_path is None:
        return "\n".join(line[1:] for h in patch.hunks for line in h.lines if line.startswith("+")) + "\n"
    disk = read_text(lore.root / patch.old_path)
    if disk is None:
        raise DiffError(f"{patch.old_path}: not found in the workspace (or not a text file) to apply the diff to")
    try:
        return apply_patch(disk, patch)
    except DiffError:
        rows = disk.split("\n")
        if all(_holds(rows, h) for h in patch.hunks):
            return disk
        raise


def _holds(rows: list[str], h: Hunk) -> bool:
    """Whether the file already reads as the hunk's new side."""
    new = [line[1:] for line in h.lines if not line.startswith("-")]
    start = max(h.new_start - 1, 0)
    return rows[start: start + len(new)] == new


def check_diff(lore: Lore, diff_text: str, contents: dict[str, str] | None = None, checks=None) -> list[Violation]:
    """The violations a unified diff would bring: each changed file is checked as it would be after
    the diff, and only violations on added or changed lines are returned (a forbidden import the
    diff did not touch is not the diff's fault; a missing required import counts for a new file
    only). A file the diff deletes is skipped. The diff is applied to the file on disk, unless the
    file already holds the change; `contents` gives a file's new text directly (the staged text for
    `lore check --staged`); `checks` the loaded rules (read from the team files when not given).
    DiffError for a diff that cannot be read or applied."""
    from lore.checks.load import load_checks

    checks = checks or load_checks(lore)
    out: list[Violation] = []
    if not checks.rules:
        return out
    for patch in parse_diff(diff_text):
        if patch.new_path is None:
            continue
        text = (contents or {}).get(patch.new_path)
        if text is None:
            text = new_text(lore, patch)
        changed = patch.added_lines
        for v in check_text(checks.rules, patch.new_path, text, None, checks.exceptions, symbols=True,
                            reuse=False):
            if v.start_line in changed or (v.rule.kind == "require_import" and patch.old_path is None):
                out.append(v)
    return out
