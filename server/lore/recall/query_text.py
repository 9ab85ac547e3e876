"""The text the sentence model and the word index read for a question: a question holding code is read
as the words its code is made of, and a block of code as typed too.

The model was trained on prose. Code syntax (braces, `=`, `=>`, `foo_bar(baz)`) pulls a fragment's
vector toward other code, such as a guide's blocks of shell commands or configuration, rather than
toward the prose of the decision that explains that code. Read as words ("use effect fetch format
api path admin projects set projects"), the same fragment lands near the sections that talk about
those things. Read as words alone, though, a fragment loses what only its form says: a pipeline's
`when: - cel: "…"` block, or a policy's `targetRef: {kind: Dataplane}`, is nearest the record that quotes the same
configuration when it is read as typed. So the meaning of a block of code (two lines or more) is the mean of the two
readings (`question_vector`): a section near both stands above one near either. A line of code has no layout to
read, and a name alone as typed is nearly noise to the model (`hlm_add_test` is nearest a README that writes "hlm"
and "test"): it is read as words alone. The word index gets the fragment as typed, identifiers whole (a record
that writes `useSWR` matches it), and then the same words (a record that writes "feature flags" matches
`featureFlags` and `feature_flags`), but for the generic verbs inside a compound name (`Add` of
`AddHttpClient`), which alone would match every record saying "add".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from lore.text import GENERIC_NAME_WORDS, STOP_WORDS

# What prose rarely holds and code nearly always does: braces, brackets, assignment and comparison
# signs, a call (`name(`), a line opening with a parenthesis (Lisp) or ending with `;`, and names in
# snake_case or lowerCamelCase. A capitalised product name (TypeScript, PostgreSQL) or a remark in
# parentheses is prose.
_CODE_MARK = re.compile(r"[{}\[\]<>=]|\w\(|(^|\n)\s*\(|;[ \t]*(\n|$)|[^\W_]_[^\W_]|\b[a-z][a-z0-9]*[A-Z]")
_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_WORD = re.compile(r"[^\W_]+")
_NAME_WORD = re.compile(r"\w+")
_NAME_TOKEN = re.compile(r"[^\W_]+(?:[-_.][^\W_]+)*")
# The verbs that open names (`add`, `get`, `handle`, `use`: `text.GENERIC_NAME_WORDS`) and that nearly every record also
# writes in prose; a stop word the index never looks up (`is` of `isEnabled`) may stay.
_GENERIC_PARTS = (GENERIC_NAME_WORDS | {"use"}) - STOP_WORDS


def holds_code(text: str) -> bool:
    """Whether a question holds code marks (braces, brackets, `=`, a call, snake_case or lowerCamelCase names)."""
    return bool(_CODE_MARK.search(text))


def unnamed(text: str, own: Collection[str]) -> str:
    """The question less the words that write the project's own name (`own`: each name folded to letters and digits,
    `concepts.own_names`), as typed when no content word would be left ("covguard" alone asks about the project).
    Nearly every page of a project writes its name, in its title too: the name in a question finds them all, by
    meaning most of all, above the record that answers the rest of it."""
    if not own:
        return text
    rest = _NAME_TOKEN.sub(lambda m: " " if re.sub(r"[^a-z0-9]", "", m.group(0).lower()) in own else m.group(0), text)
    return rest if any(len(w) > 1 and w not in STOP_WORDS for w in _WORD.findall(rest.lower())) else text


def embedded_query(text: str) -> str:
    """The text to embed for a question: as typed when it is prose; when it holds code, its words in
    order, identifiers split at case changes and underscores, punctuation dropped (letters of every
    script kept). A question with no word at all is embedded as typed."""
    if not holds_code(text):
        return text
    words = _WORD.findall(_CAMEL.sub(r"\1 \2", text))
    return " ".join(words) if words else text


def question_vector(embed: Callable[[list[str]], Sequence[Sequence[float]]], text: str) -> list[float]:
    """The vector a question is matched by in meaning: `embed` of its `embedded_query`; for a block of code (two
    lines or more that are not blank), the mean of the vectors of its words and of the block as typed, of unit
    length, each embedded apart (a batch would pad the shorter reading to the longer one's tokens)."""
    words = embedded_query(text)
    first = list(embed([words])[0])
    if words == text or sum(1 for line in text.splitlines() if line.strip()) < 2:
        return first
    typed = embed([text])[0]
    mean = [a + b for a, b in zip(first, typed)]
    norm = sum(x * x for x in mean) ** 0.5
    return [x / norm for x in mean] if norm > 1e-12 else first


def indexed_query(text: str) -> str:
    """The text whose words the word index looks up for a question: as typed, and when it holds code,
    then its identifiers split into words (`embedded_query`) but for the generic verbs inside them
    (`_split_names`), so that prose about a name matches it; then the shorter names inside its compound
    names (`inner_names`)."""
    typed = f"{text}\n{_split_names(text)}" if holds_code(text) else text
    inner = inner_names(text)
    return f"{typed}\n{' '.join(inner)}" if inner else typed


def _split_names(text: str) -> str:
    """A code question's words as `embedded_query` splits them, less each generic verb (`_GENERIC_PARTS`) that is
    one part of a compound name: `services.AddHttpClient()` is looked up as `services Http Client`, its name whole
    as typed; an `add(x)` written alone keeps its `add`."""
    words: list[str] = []
    for name in _NAME_WORD.findall(text):
        parts = _WORD.findall(_CAMEL.sub(r"\1 \2", name))
        words += parts if len(parts) < 2 else [p for p in parts if p.lower() not in _GENERIC_PARTS]
    return " ".join(words)


_MIXED = re.compile(r"\b[A-Za-z][A-Za-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*\b")
_HUMP = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
MAX_HUMPS = 6
MAX_INNER = 2  # compound names a question may write for the names inside them to be looked up


def inner_names(text: str) -> list[str]:
    """The names inside each compound camelCase or PascalCase name of a question, as the word index spells a
    name (one word, lower case): every run of two or more of its words short of the whole, for names of at
    most `MAX_HUMPS` words in a question writing at most `MAX_INNER` compound names. The index holds a name
    as one word, so `NewServeMux` finds no record writing `ServeMux` unless it is looked up too, nor
    `getIdempotencyKey` one writing `IdempotencyKey`."""
    out: list[str] = []
    names = list(dict.fromkeys(_MIXED.findall(text)))
    if len(names) > MAX_INNER:
        return out  # a fragment naming many things is found by its names whole; what is inside them only adds noise
    for name in names:
        humps = _HUMP.findall(name)
        if not 3 <= len(humps) <= MAX_HUMPS:
            continue
        for size in range(len(humps) - 1, 1, -1):
            out += ["".join(humps[i:i + size]).lower() for i in range(len(humps) - size + 1)]
    return list(dict.fromkeys(out))
