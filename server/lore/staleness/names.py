"""Names a decision gives for code that is gone: a type, function or message its text writes as
current (`FeaturesReadModel`, `useFeatures()`, MessageBus) that no code file holds any more, and
that a commit after the decision was written took away.

Both conditions matter. A name absent from the code but never in it (a proposal, a library type
named in passing, a sketch) is not evidence of anything; a name a later commit removed from the
code is: the decision describes a mechanism that no longer exists ("possibly stale"). The check
is `git grep` (is it anywhere in the code now?) then `git log -S --since` (did a commit after the
decision change its count?), documentation files excluded from both, at most `MAX_NAMES` names, read from the memory
and, for an imported record, the whole record on disk (its consequences too, `record_text`). A change
counts only in a file the project reads as code (`is_code_path`: a language is known for its path, not a
documentation one): a record kept at a path with no extension (`docs/adr/006-user handling and login`) and
renamed to `.md` later did not take a name away from the code.
"""

from __future__ import annotations

import time
from pathlib import Path

from lore.anchors import language_for_path
from lore.memory import Memory, SourceKind
from lore.sources.decision_log import LOG_META
from lore.sources.named import Named, names_in, said_removed, specific
from lore.staleness import git
from lore.store import safe_fs

MAX_NAMES = 8
MIN_CHARS = 5  # `DoS`, `IoT`: abbreviations written in camel case, not names of code
NOT_CODE = (":(exclude,glob)**/*.md", ":(exclude,glob)**/*.mdx", ":(exclude,glob)**/*.rst",
            ":(exclude,glob)**/*.txt", ":(exclude,glob)**/*.adoc", ":(exclude).lore")
_DOCUMENTATION = frozenset({"markdown", "restructuredtext", "latex"})


def is_code_path(rel: str) -> bool:
    """Whether a file is code by its path: a language is known for it (`.py`, `Makefile`, `.yaml`), and it is
    not one of documentation; an extensionless file (`docs/adr/006-user handling and login`) is not."""
    language = language_for_path(rel)
    return language is not None and language not in _DOCUMENTATION


def candidates(text: str) -> list[str]:
    """Specific identifiers the text names (code blocks left out), at most `MAX_NAMES`; of
    `module.name` the name, when it is specific on its own (`logger.error` gives nothing); not those it says were
    removed ("We removed the `MessageBus`", `said_removed`): their absence is what it says."""
    out = []
    for n in names_in(text):
        if said_removed(n.name, text):
            continue
        name = n.name.split(".")[-1] if n.name.count(".") == 1 and n.name[:1].islower() else n.name
        if len(name.split(".")[-1]) >= MIN_CHARS and specific(n) and specific(Named(name, n.backticked)):
            out.append(name)
    return list(dict.fromkeys(out))[:MAX_NAMES]


MAX_RECORD_BYTES = 256 * 1024


def record_text(root: Path, m: Memory) -> str:
    """The whole text of the record a memory was imported from (its consequences and every other part, which the
    memory's body and rationale leave out), or only its lines for an entry of a decision log; "" for any other
    memory, a file that cannot be read (outside the workspace, a link, too large) or one no longer holding the
    memory's decision (rewritten since it was read)."""
    path = m.provenance.path
    if m.provenance.kind is not SourceKind.ADR or not path:
        return ""
    target = Path(root) / path
    try:
        if not safe_fs.inside(root, target) or target.is_symlink() or target.stat().st_size > MAX_RECORD_BYTES:
            return ""
        text = target.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    lines = m.meta.get(LOG_META)
    if isinstance(lines, list) and len(lines) == 2 and all(isinstance(n, int) for n in lines):
        text = "\n".join(text.splitlines()[max(0, lines[0] - 1):lines[1]])
    opening = (m.body or "").strip().split("\n", 1)[0][:60]
    return text if opening and opening in text else ""  # the record as the memory has it, not one rewritten since


def names_gone(root: Path, text: str, since: float, deadline: float | None = None) -> tuple[list[dict], bool]:
    """`{name, commit, at, subject}` for each name the text gives that the code no longer holds and
    a commit after `since` took away; and whether every name was looked for before `deadline` (`time.monotonic()`;
    none: no limit but git's own timeout). Searching a long history for a name takes git seconds (`git log -S`
    over 14,000 commits): a face with a time budget stops there, and says what it found."""
    names = candidates(text)

    def left() -> float | None:
        return None if deadline is None else deadline - time.monotonic()

    def over() -> bool:
        return deadline is not None and time.monotonic() >= deadline

    if names and over():
        return [], False
    present = git.words_present(root, [n.split(".")[-1] for n in names], NOT_CODE, timeout=left())
    if present is None:
        return [], not over()
    out = []
    for name in names:
        if name.split(".")[-1] in present:
            continue
        if over():
            return out, False
        commit = git.changed_count_since(root, name.split(".")[-1], since, NOT_CODE, is_code_path, timeout=left())
        if commit is None and over():
            return out, False  # cut short by the deadline: no answer, not "unchanged"
        if commit is not None:
            out.append({"name": name, "commit": commit.sha, "at": commit.at, "subject": commit.subject})
    return out, True
