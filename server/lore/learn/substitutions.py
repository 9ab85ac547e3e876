"""Recurring substitutions mined from the edits themselves, in any language with a grammar here.

The catalogue knows a dozen style choices; a developer has more (`requests` → `httpx`, `let` →
`const`, `%v` → `%w`, `interface{}` → `any`). When a suggestion is rewritten by hand, both texts
are cut into tree-sitter tokens (string contents split into words and `%` verbs, comments left
out) and diffed; every small replaced span is a candidate substitution, filed as feature
`edit.<family>:<over> \u2192 <prefers>`. One edit is an anecdote: a candidate is proposed only once it
recurs in several edits (see `evidence.propose`) and the developer does not keep writing the old
form elsewhere (`kept`).

Not style, so never a candidate: lone punctuation (the `,` → `) /` pieces of a larger rewrite
that the catalogue reads as a whole), swapping literals (`0` → `1`, `True` → `False`), operators that
change meaning (`<` → `<=`, `+` → `-`, `==` → `!=`), and an edit that changes one use while
leaving others of the same form in place (a fix, not a habit). Renames recur within one edit but
not across edits, so they never reach the threshold.
"""

from __future__ import annotations

import difflib
import re

import attrs

from lore.learn.events import FeedbackEvent
from lore.learn.extract import Observation
from lore.learn.syntax import Snippet, family, parse, shorten
from lore.learn.syntax import normalize_language

PREFIX = "edit."
ARROW = " \u2192 "
WEIGHT_FLIP = 1.5
WEIGHT_KEPT = 0.5
WEIGHT_UNREASONED_REJECTION = 0.25
WEIGHT_REASONED_REJECTION = 1.0
MAX_SPAN = 4
MAX_TOKENS = 4000
_LITERALS = {"integer", "float", "number", "int_literal", "float_literal", "true", "false", "none", "nil",
             "null", "undefined", "imaginary_literal", "rune_literal", "decimal_integer_literal",
             "integer_literal", "boolean_literal"}
_SEMANTIC = [{"<", "<=", ">", ">="}, {"==", "!="}, {"===", "!=="}, {"+", "-", "*", "/", "%"}, {"and", "or"},
             {"&&", "||"}, {"+=", "-="}, {"is", "is not"}, {"in", "not in"}]
_STRINGISH = re.compile(r"string|template|char|raw_str")
_WORDS = re.compile(r"%[-+ #0-9.]*[a-zA-Z]|\w+|[^\w\s]")
#: Terms of prose or code for matching a reason to code: words, `%` verbs, runs of operator characters.
_TERMS = re.compile(r"%\w|\w+|[^\w\s()\[\],.;:'\"`]+")


@attrs.frozen
class Token:
    """One token: its text, whether it is a literal value, its 0-based row and byte column."""

    text: str
    literal: bool
    row: int
    col: int = 0


def tokens(snippet: Snippet) -> list[Token]:
    """Leaf tokens of a snippet in source order; string contents split into words, no comments."""
    out: list[Token] = []
    stack = [snippet.tree.root_node]
    while stack and len(out) < MAX_TOKENS:
        node = stack.pop()
        if "comment" in node.type:
            continue
        if node.child_count == 0:
            text = snippet.source[node.start_byte:node.end_byte].decode("utf-8", errors="replace")
            if not text.strip():
                continue
            if _STRINGISH.search(node.type) or (node.parent is not None and _STRINGISH.search(node.parent.type)):
                out += _string_words(text, *node.start_point)
            else:
                out.append(Token(text, node.type in _LITERALS, *node.start_point))
            continue
        stack.extend(reversed(node.children))
    return out


def _string_words(text: str, row: int, col: int) -> list[Token]:
    """Words and `%` verbs of a string's text, each at its own row and byte column."""
    out = []
    for m in _WORDS.finditer(text):
        before = text[:m.start()]
        line = before.count("\n")
        start = len(before.rsplit("\n", 1)[-1].encode()) + (col if line == 0 else 0)
        out.append(Token(m.group(), False, row + line, start))
    return out


def show(texts: tuple[str, ...]) -> str:
    """Tokens joined as code: a space only between two word-like tokens."""
    out = ""
    for text in texts:
        if out and (out[-1].isalnum() or out[-1] == "_") and (text[0].isalnum() or text[0] in "_%"):
            out += " "
        out += text
    return out


def feature_id(language: str, over: tuple[str, ...], prefers: tuple[str, ...]) -> str:
    """Stable feature id of a substitution."""
    return f"{PREFIX}{family(language) or language}:{show(over)}{ARROW}{show(prefers)}"[:200]


def split_feature(feature: str) -> tuple[str, str, str] | None:
    """(family, over, prefers) of an `edit.` feature id, else None."""
    if not feature.startswith(PREFIX) or ":" not in feature or ARROW not in feature:
        return None
    fam, rest = feature[len(PREFIX):].split(":", 1)
    over, prefers = rest.split(ARROW, 1)
    return fam, over, prefers


def _semantic(before: tuple[str, ...], after: tuple[str, ...]) -> bool:
    a, b = " ".join(before), " ".join(after)
    return any(a in group and b in group for group in _SEMANTIC)


def _meaningful(side: tuple[str, ...]) -> bool:
    """A side names something: a word, a `%` verb or an operator (`===`), not lone brackets and commas."""
    return any(t[0].isalnum() or t[0] in "_%" or len(t) > 1 for t in side)


def _stream(toks: list[Token]) -> str:
    return "\x00" + "\x00".join(t.text for t in toks) + "\x00"


def _count(haystack: str, needle: tuple[str, ...]) -> int:
    return haystack.count("\x00" + "\x00".join(needle) + "\x00") if needle else 0


def mine(event: FeedbackEvent) -> list[Observation]:
    """Candidate substitutions of one hand-modified edit, one observation per distinct candidate."""
    if event.outcome != "modified" or event.final is None:
        return []
    before_snip, after_snip = parse(event.proposed, event.language), parse(event.final, event.language)
    if before_snip is None or after_snip is None:
        return []
    a, b = tokens(before_snip), tokens(after_snip)
    matcher = difflib.SequenceMatcher(None, [t.text for t in a], [t.text for t in b], autojunk=False)
    found: dict[tuple, tuple[int, str]] = {}
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal" or i2 - i1 > MAX_SPAN or j2 - j1 > MAX_SPAN:
            continue
        if op != "replace" and i1 > 0 and j1 > 0:  # an insertion or deletion is shown with its left neighbour
            i1, j1 = i1 - 1, j1 - 1
        old, new = a[i1:i2], b[j1:j2]
        if not old or not new:
            continue
        over, prefers = tuple(t.text for t in old), tuple(t.text for t in new)
        if over == prefers or _semantic(over, prefers) or all(t.literal for t in old + new) \
                or not (_meaningful(over) and _meaningful(prefers)):
            continue
        flips, example = found.get((over, prefers), (0, ""))
        if not example:
            example = f"{before_snip.line_text(old[0].row)} \u2192 {after_snip.line_text(new[0].row)}"
        found[(over, prefers)] = (flips + 1, example)
    kept_text = _stream(b)
    observations = []
    for (over, prefers), (flips, example) in found.items():
        if _count(kept_text, over) > flips:
            continue  # the old form stays elsewhere in the result: a fix, not a habit
        observations.append(Observation(feature_id(event.language, over, prefers), show(prefers), show(over),
                                        WEIGHT_FLIP, shorten(example), event.at))
    return observations


def counter_evidence(event: FeedbackEvent, candidates: list[str], mined: set[str],
                     reason_names: set[str] | None) -> list[Observation]:
    """Observations for known candidates from what this event kept, accepted or rejected.

    Old form kept in a hand-modified result or accepted: 0.5 for it. New form accepted: 0.5 for it.
    A rejected suggestion using one form: 0.25 for the other, 1.0 when the reason names that form.
    """
    fam = family_of(event.language)
    text = event.final if event.outcome == "modified" else event.proposed
    snippet = parse(text or "", event.language)
    if snippet is None or fam is None:
        return []
    stream = _stream(tokens(snippet))
    out = []
    for feature in candidates:
        parts = split_feature(feature)
        if parts is None or parts[0] != fam or feature in mined:
            continue
        _fam, over_text, prefers_text = parts
        over, prefers = _needle(over_text), _needle(prefers_text)
        has_over, has_prefers = _count(stream, over) > 0, _count(stream, prefers) > 0
        if event.outcome == "rejected":
            named = reason_names is not None and bool(reason_names & _word_set(f"{over_text} {prefers_text}"))
            if reason_names is not None and not named:
                continue  # the reason names something else: this rejection is not about this choice
            weight = WEIGHT_REASONED_REJECTION if named else WEIGHT_UNREASONED_REJECTION
            if has_over and not has_prefers:
                out.append(Observation(feature, prefers_text, over_text, weight, "", event.at))
            elif has_prefers and not has_over:
                out.append(Observation(feature, over_text, prefers_text, weight, "", event.at))
        elif has_over and not has_prefers:
            out.append(Observation(feature, over_text, prefers_text, WEIGHT_KEPT, "", event.at))
        elif has_prefers and event.outcome == "accepted":
            out.append(Observation(feature, prefers_text, over_text, WEIGHT_KEPT, "", event.at))
    return out


def family_of(language: str) -> str | None:
    """The family of an editor language id, None when no grammar reads it."""

    normalized = normalize_language(language)
    return family(normalized) if normalized else None


def _needle(shown: str) -> tuple[str, ...]:
    """Token texts of a shown substitution side (the inverse of `show` for its tokens)."""
    return tuple(_WORDS.findall(shown))


_STOP = {"the", "a", "an", "of", "for", "in", "to", "is", "are", "we", "use", "not", "no", "this", "it", "please",
         "with", "and", "or", "instead", "prefer", "over", "so", "never", "always"}


def _word_set(text: str) -> set[str]:
    """Content words and symbols of a text, lower-cased, plural s dropped (for matching reasons to code)."""
    words = set()
    for w in _TERMS.findall(text.lower()):
        if w in _STOP:
            continue
        words.add(w[:-1] if len(w) > 3 and w.endswith("s") and w[-2] != "s" else w)
    return words


def reason_words(reason: str | None) -> set[str] | None:
    """What a reason names, for `counter_evidence`; None without a reason."""
    return _word_set(reason) if reason else None


def uses_of(language: str, fam: str, shown: str, code: str, description: str) -> list[tuple[int, int, str]]:
    """(line, col, description) of each place `code` writes the tokens of `shown` (a substitution side)."""
    if family_of(language) != fam:
        return []
    snippet = parse(code, language)
    if snippet is None:
        return []
    needle = _needle(shown)
    toks = tokens(snippet)
    texts = [t.text for t in toks]
    found = []
    for i in range(len(texts) - len(needle) + 1):
        if tuple(texts[i:i + len(needle)]) == needle:
            found.append((*snippet.point(toks[i].row, toks[i].col), f"{shown}: {description}"))
    return sorted(set(found))
