"""Paths and names a record says it leaves as they are: "`bridge/controlplane/harbor` (the SDK wrapper) is
unchanged", "no changes to `api/` or `web/`", "the existing `partitionByUniqueLayers` logic is unchanged". A record
writes them to say what it does not touch, not what it governs (`without_unchanged`).

The check is conservative and reads one clause at a time: a sentence, a list item, a table's row, a paragraph, or
a part of a sentence after `;` or after "but", "while", "whereas", "although", "though", "yet" or "so" ("`a.go` is
rewritten while `b.go` is unchanged" leaves `a.go` as written). A path or a name written as code stays when it is
what "unchanged", "unaffected", "untouched", "not affected" or "stays / remains / is kept / is left as is" is said
of: written just before it, an aside in brackets and a few words of `_LINK_WORDS` ("is", "will remain", "folder is",
"logic is", "API stays") between them, with the paths listed before it ("`tokens/`, `fonts/` and `styles.css` are
unchanged"); or what "no change(s) to / in" is said of, the paths listed just after it. Anything else between them ("`a.go` keeps callers unchanged", "its
unchanged facade") says nothing of the path; a clause that is a condition ("if `go.mod` is unchanged, the cache is
reused") says when, not that it stays."""

from __future__ import annotations

import re

_CLAUSE_END = re.compile(r"[.!?;][*_)\"'”]*(?=\s|$)|\n[ \t]*\n|\n(?=[ \t]*(?:[-*+]|\d+[.)]|#+)[ \t])|\n(?=[ \t]*\|)"
                         r"|\b(?:but|while|whereas|although|though|yet|so)\b", re.I)
_STAYS = re.compile(r"\b(?:unchanged|unaffected|untouched|not\s+affected|(?:stays?|remains?|kept|left)\s+as[\s-]is)\b",
                    re.I)
_NO_CHANGE_TO = re.compile(r"\bno\s+(?:other\s+)?changes?\s+(?:(?:is|are)\s+)?(?:(?:needed|required|made)\s+)?(?:to|in)\b",
                           re.I)
_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|whether|until|once)\b", re.I)
# What `mentions` reads a path from: a code span, a web address, a path written in prose.
_WRITTEN = re.compile(r"`[^`\n]+`|https?://[^\s)>\]]+|(?<![\w/.:\\-])(?:[\w.-]+/)+[\w.-]*")
# The words that may stand between a path and what is said of it: a verb's helpers, a kind of place, an article.
_LINK_WORDS = frozenset("""is are was were be been will would should must can does do stays stay stayed remains remain
remained left kept itself themselves both all entirely completely fully otherwise still also largely mostly
functionally effectively essentially intentionally deliberately folder folders directory directories dir file files
package packages module modules crate crates chart charts tree code the a an its their any existing current
logic behaviour behaviours behavior behaviors function functions method methods implementation implementations api apis
interface interfaces format formats class classes type types signature signatures""".split())
_ASIDE = re.compile(r"\([^()]*\)")
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")
_JOINER = re.compile(r"[\s,&*_/|]*(?:(?:and|or|nor)\b[\s,*_]*)?", re.I)


def without_unchanged(text: str) -> str:
    """`text` with the paths it says stay as they are blanked (backticks and length kept), the rest as written."""
    out = list(text)
    start = 0
    for end in [m.end() for m in _CLAUSE_END.finditer(text)] + [len(text)]:
        for m in _staying(text[start:end]):
            for i in range(start + m.start(), start + m.end()):
                if out[i] != "`":
                    out[i] = " "
        start = end
    return "".join(out)


def _staying(clause: str) -> list[re.Match[str]]:
    """The paths one clause says stay as they are (see the module's docstring)."""
    if _CONDITION.search(clause) or not (_STAYS.search(clause) or _NO_CHANGE_TO.search(clause)):
        return []
    written = list(_WRITTEN.finditer(clause))
    out: list[re.Match[str]] = []
    for said in _STAYS.finditer(clause):
        before = [m for m in written if m.end() <= said.start()]
        gap = _ASIDE.sub(" ", clause[before[-1].end():said.start()]) if before else ""
        if not before or not _linking(gap):
            continue
        subject = [before[-1]]
        if "(" not in gap:  # "`a/`, `b/` (unchanged leaf)": said of the last path only
            for m in reversed(before[:-1]):
                if not _JOINER.fullmatch(_ASIDE.sub(" ", clause[m.end():subject[-1].start()])):
                    break
                subject.append(m)
        out += subject
    for said in _NO_CHANGE_TO.finditer(clause):
        after = [m for m in written if m.start() >= said.end()]
        if not after or not _linking(clause[said.end():after[0].start()]):
            continue
        subject = [after[0]]
        for m in after[1:]:
            if not _JOINER.fullmatch(_ASIDE.sub(" ", clause[subject[-1].end():m.start()])):
                break
            subject.append(m)
        out += subject
    return out


def _linking(gap: str) -> bool:
    """Whether the words between a path and what is said of it are only `_LINK_WORDS`."""
    return all(w.lower() in _LINK_WORDS for w in _WORD.findall(gap))
