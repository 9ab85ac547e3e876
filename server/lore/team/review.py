"""`lore review BASE..HEAD`: the team-memory changes between two git revisions, as markdown for a
pull request description or a CI comment (added, superseded, forgotten, restored, edited, anchors
moved, removed, and the anchors people chose for imported records in `.lore/anchors.yaml`), each
with who made it (from git)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import attrs

from lore.anchors import shared
from lore.team import files as teamfiles
from lore.team.provenance import pr_number
from lore.memory import Memory, Status, ValidationError
from lore.workspace import LORE_DIR, MEMORIES_DIR

FOLDER = f"{LORE_DIR}/{MEMORIES_DIR}/"


@attrs.define
class Change:
    """One team memory's change in the range."""

    what: str  # added, superseded, forgotten, restored, edited, removed, unreadable, anchors chosen
    path: str
    memory: Memory | None
    detail: list[str] = attrs.field(factory=list)
    author: str = ""
    pr: int | None = None  # the pull request that brought the change, when a commit subject names it


def _git(root: Path, *args: str) -> str:
    try:
        r = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ValidationError(f"git {' '.join(args)}: {e}") from None
    if r.returncode != 0:
        raise ValidationError(f"git {' '.join(args)}: {r.stderr.strip() or 'failed'}")
    return r.stdout


def _at(root: Path, rev: str, path: str) -> tuple[Memory | None, str | None]:
    """The memory a team file held at a revision, or (None, why not)."""
    try:
        text = _git(root, "show", f"{rev}:{path}")
    except ValidationError as e:
        return None, str(e)
    try:
        return teamfiles.parse(text, path), None
    except teamfiles.TeamFileError as e:
        return None, str(e)


def changes(root: Path, spec: str) -> list[Change]:
    """The team-memory changes of `BASE..HEAD` (HEAD defaults to the checked-out commit)."""
    base, _, head = spec.partition("..")
    if not base:
        raise ValidationError("give a range: lore review BASE..HEAD (for example main..HEAD)")
    head = head or "HEAD"
    diff = _git(root, "diff", "--name-status", "-M", base, head, "--", FOLDER)
    out: list[Change] = []
    for line in diff.splitlines():
        cols = line.split("\t")
        status, old_path, new_path = cols[0], cols[1], cols[-1]
        if not new_path.endswith(".md"):
            continue
        before = None if status.startswith("A") else _at(root, base, old_path)[0]
        after, problem = (None, None) if status.startswith("D") else _at(root, head, new_path)
        change = _classify(before, after, problem, new_path)
        change.author, change.pr = _who(root, f"{base}..{head}", new_path)
        out.append(change)
    return out + _choices(root, base, head)


CHOICES = shared.REL
_CHOSEN = {"added": ("added", "no longer added"), "dropped": ("dropped", "no longer dropped"),
           "confirmed": ("confirmed", "no longer confirmed")}


def _choices(root: Path, base: str, head: str) -> list[Change]:
    """The records whose anchor choices (`lore.anchors.shared`) changed in the range, one change each,
    its path the record's source (`docs/adr/1.md#adr`); the file unreadable at `head`, one change."""
    if not _git(root, "diff", "--name-only", base, head, "--", CHOICES).strip():
        return []
    texts = []
    for rev in (base, head):
        try:
            texts.append(_git(root, "show", f"{rev}:{CHOICES}"))
        except ValidationError:
            texts.append("")  # not there at that revision
    try:
        before, after = shared.parse(texts[0]) if texts[0] else {}, shared.parse(texts[1]) if texts[1] else {}
    except shared.ChoicesFileError as e:
        return [Change("unreadable", CHOICES, None, [str(e)])]
    author, pr = _who(root, f"{base}..{head}", CHOICES)
    out = []
    for key in sorted(before.keys() | after.keys()):
        detail = []
        for name, (now, no_longer) in _CHOSEN.items():
            was, new = set(before.get(key, {}).get(name, [])), set(after.get(key, {}).get(name, []))
            detail += [f"{now} `{a}`" for a in sorted(new - was)] + [f"{no_longer} `{a}`" for a in sorted(was - new)]
        if detail:
            out.append(Change("anchors chosen", key, None, detail, author, pr))
    return out


def _who(root: Path, span: str, path: str) -> tuple[str, int | None]:
    """The author of the last commit in `span` that changed `path`, and the pull request named by
    that commit's subject ("Title (#12)") or by the merge that brought it into the line ("Merge
    pull request #12 ...")."""

    author, _, subject = _git(root, "log", "-1", "--format=%an%x1f%s", span, "--", path).strip().partition("\x1f")
    pr = pr_number(subject)
    if pr is None:
        merges = _git(root, "log", "--first-parent", "-m", "--format=%s", span, "--", path).splitlines()
        pr = next((n for n in map(pr_number, merges) if n is not None), None)
    return author, pr


def _classify(before: Memory | None, after: Memory | None, problem: str | None, path: str) -> Change:
    if after is None:
        return Change("unreadable" if problem else "removed", path, before, [problem] if problem else [])
    if before is None:
        return Change("added", path, after)
    detail = []
    was, now = {a.to_text() for a in before.anchors}, {a.to_text() for a in after.anchors}
    if was != now:
        detail.append("anchors: " + _moves(sorted(was - now), sorted(now - was)))
    if (before.title, before.body, before.rationale) != (after.title, after.body, after.rationale):
        detail.append("text edited")
    what = "edited"
    if before.status is not after.status:
        what = {Status.SUPERSEDED: "superseded", Status.DEPRECATED: "forgotten"}.get(
            after.status, "restored" if after.status is Status.ACTIVE else f"now {after.status.value}")
    elif was != now and len(detail) == 1:
        what = "anchors moved"
    return Change(what, path, after, detail)


def _moves(gone: list[str], new: list[str]) -> str:
    def ticks(xs: list[str]) -> str:
        return ", ".join(f"`{x}`" for x in xs)

    if gone and new:
        return f"{ticks(gone)} → {ticks(new)}"
    return f"dropped {ticks(gone)}" if gone else f"added {ticks(new)}"


def markdown(items: list[Change], spec: str, title_of: Callable[[str], str | None] = lambda _: None) -> str:
    """The changes as markdown, grouped by what happened."""
    names = {c.memory.id: c.memory.title for c in items if c.memory}

    def name(mid: str) -> str:
        t = names.get(mid) or title_of(mid)
        return f"“{t}” (`{mid}`)" if t else f"`{mid}`"

    lines = [f"## Memory changes in {spec}", ""]
    if not items:
        return "\n".join(lines + ["No team memory changed.", ""])
    order = ["added", "superseded", "forgotten", "restored", "anchors moved", "anchors chosen", "edited", "removed",
             "unreadable"]
    for what in sorted({c.what for c in items}, key=lambda w: order.index(w) if w in order else len(order)):
        group = [c for c in items if c.what == what]
        lines += [f"### {what.capitalize()} ({len(group)})", ""]
        for c in group:
            m = c.memory
            head = f"- **{m.title}** (`{m.id}`, {m.kind.value})" if m else f"- `{c.path}`"
            extra = list(c.detail)
            if m and what == "added" and m.supersedes:
                extra.append("supersedes " + ", ".join(name(i) for i in m.supersedes))
            if m and what == "superseded" and m.superseded_by:
                extra.append("by " + ", ".join(name(i) for i in m.superseded_by))
            if c.author:
                extra.append(f"committed by {c.author}" + (f" in PR #{c.pr}" if c.pr else ""))
            elif c.pr:
                extra.append(f"PR #{c.pr}")
            lines.append(head + (" — " + "; ".join(extra) if extra else ""))
        lines.append("")
    return "\n".join(lines)
