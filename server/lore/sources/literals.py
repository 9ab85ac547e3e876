"""Terms a decision writes as code that one code file of the workspace spells: a column or option
(`on_delete`, `first_public_at`, `raise_on_missing_translations`), a metric or setting key
(`otelcol_exporter_sent_spans_total`), a field or flag of a configuration or a payload as JavaScript,
Go or Java spell them (`addCommercetoolsLineItems`, `retriableRequestHeaders`, `gasPriceAdjustmentThreshold`).

Such a term is not a definition (`named` finds those) but a word of the code's own vocabulary. When
a decision writes it in backticks in its prose and exactly one code file outside tests writes it as
a word, that file is where the decision lands (`db/schema.rb`, the only file declaring
`on_delete:` constraints); a term two or more files write is vocabulary the decision shares with
the code, not a place, unless it is long enough to be no one's vocabulary (`files_for_parts`: a flag of five
words is declared in one file and read in another, both the decision's). Only terms of two or more words count, in snake_case or in camelCase starting
lower case: a single word (`restrict`, `draft`) is too often prose, and a name starting with a capital
is a type's, which a definition answers for or nothing does.

A name of hyphen-joined parts (`gemini-2.0-flash`, `text-embedding-3-small`, `rate-limit`) counts too, where the code
writes it as a string of its own (`google("gemini-2.0-flash")`): a model's, a queue's or a setting's name; so does a
command-line option's, written with its dashes (`--context-value=env=prod` is `"context-value"` in the code). It holds a
run of letters and either a number or two words of letters; a dot in it only joins numbers (`2.0`): one beside a
letter makes a file's or a host's name (`ai-sdk.ts`, `api.example.com`), and a version alone (`1.2.3`, `v2.1-rc1`)
names no place.
"""

from __future__ import annotations

import re

from lore.sources import named

SCORE = 0.7
_TERM = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+$")
_BACKTICK = re.compile(r"`([^`\n]{3,120})`")
_WORD = re.compile(rb"(?<![\w$])(?:_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+)(?![\w$])")
_HYPHENATED = re.compile(r"^[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*-[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*$")
_DOT_BY_LETTER = re.compile(r"[A-Za-z]\.|\.[A-Za-z]")
_VERSION = re.compile(r"^v?\d+(?:\.\d+)*(?:-[A-Za-z0-9.]+)?$")
_TWO_WORDS = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2,}-[A-Za-z]{2,}(?![A-Za-z0-9])")
# A string of its own in code (`"gemini-2.0-flash"`, `'rate-limit'`) holding a hyphen: where a hyphenated name is written.
_STRING = re.compile(rb"""(["'`])([A-Za-z0-9][A-Za-z0-9.-]{1,118}[A-Za-z0-9])\1""")


def hyphenated(term: str) -> bool:
    """Whether `term` is a name of hyphen-joined parts (`gemini-2.0-flash`, `rate-limit`): a run of two or more
    letters, and a number or two such runs joined; dots only between numbers; not a version (`1.2.3`, `v2.1-rc1`)."""
    return bool(_HYPHENATED.match(term)) and not _DOT_BY_LETTER.search(term) and not _VERSION.match(term) \
        and bool(re.search(r"[A-Za-z]{2}", term)) and (any(ch.isdigit() for ch in term) or bool(_TWO_WORDS.search(term)))


# A record's time stamp or author column (`created_at`, `updatedAt`, `modified_by`): every model's, whichever one a
# record means (openedx/edx-enterprise 0010's `updated_at` is enterprise-catalog's field, and the one file writing
# it reads Canvas's own). `first_public_at` is a field of its own.
_AUDIT = re.compile(r"^[a-z]+ed(?:_(?:at|on|by)|At|On|By)$")


# A command-line option written with its dashes and perhaps a value (`--context-value=env=prod`, `--keep-alive 5s`):
# the code declares its name without them (`"context-value"`).
_OPTION = re.compile(r"^-{1,2}([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+)(?:[= ].*)?$")


# A snake_case name in italics, as reStructuredText authors often write code (`*lms_user_id*`, openedx/ecommerce 0004):
# one token of two or more words joined by `_`, which no italic prose is.
_ITALIC_NAME = re.compile(r"(?<![*\w])\*([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\*(?![*\w])")


def terms_in(text: str) -> list[str]:
    """Terms of two or more words (snake_case, lower camelCase, `hyphenated`) a decision's prose writes in backticks
    (or a snake_case one in italics, `_ITALIC_NAME`), in order, once each; not one made only of common words
    (`user_name`, `pageType`, `user-id`)."""
    prose = named.FENCE.sub(" ", text)
    out: list[str] = []
    spans = sorted([*_BACKTICK.finditer(prose), *_ITALIC_NAME.finditer(prose)], key=lambda m: m.start())
    for m in spans:
        term = m.group(1).strip()
        if option := _OPTION.match(term):
            term = option.group(1)  # `--context-value=env=prod`: the option's name, as code declares it
        if (_TERM.match(term) or hyphenated(term)) and term not in out and not _AUDIT.match(term) \
                and not all(p in named.COMMON for p in named.name_parts(term)):
            out.append(term)
    return out


class TermIndex:
    """Word of two or more parts (snake_case or camelCase), and string holding a hyphen (`"gemini-2.0-flash"`) ->
    the code files outside tests writing it, read once from a `SymbolIndex`'s files (built on the first decision
    that writes such a term or an example's keys, see `shapes`, under the same time budget)."""

    def __init__(self, root, files: list[str], budget: float = named.BUDGET_SECONDS):
        self.files: dict[str, set[str]] = {}
        for rel, data in named.code_outside_tests(root, files, budget):
            found = set(_WORD.findall(data))
            if b"-" in data:
                found |= {s for _, s in _STRING.findall(data) if b"-" in s}
            for word in found:
                self.files.setdefault(word.decode("ascii"), set()).add(rel)

    def only_file(self, term: str) -> str | None:
        """The one code file writing `term`, or None when none or several do."""
        found = self.files.get(term, ())
        return next(iter(found)) if len(found) == 1 else None

    def few_files(self, term: str) -> list[str]:
        """The code files writing `term` when they are few for how specific it is (`files_for_parts`), else []."""
        found = sorted(self.files.get(term, ()))
        return found if 0 < len(found) <= files_for_parts(term) else []


#: A record writing this many terms or more may lead to the file writing most of them together (`leading_file`).
JOINT_TERMS = 4


def leading_file(terms: list[str], index: TermIndex) -> tuple[str, list[str]] | None:
    """(file, the terms it writes) for the one code file writing at least half of the terms of a record writing
    `JOINT_TERMS` or more, three of them at least, and twice as many as any other file: a record listing a session
    cookie's keys (`user_ik`, `eq_session_id`, `schema_name`, `expires_in`, …), each of which several files write,
    lands where they are written together (census31-eq-questionnaire-runner's `app/routes/session.py`, six of them;
    no other over three). None otherwise."""
    if len(terms) < JOINT_TERMS:
        return None
    by_file: dict[str, list[str]] = {}
    for term in terms:
        for rel in index.files.get(term, ()):
            by_file.setdefault(rel, []).append(term)
    ranked = sorted(by_file.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    if not ranked:
        return None
    best, written = ranked[0]
    second = len(ranked[1][1]) if len(ranked) > 1 else 0
    if 2 * len(written) < len(terms) or len(written) < 3 or len(written) < 2 * second:
        return None
    return best, written


def files_for_parts(term: str) -> int:
    """How many code files may write a term before it is vocabulary rather than a place: one for two or three
    parts (`on_delete`, `first_public_at`), two for four (`new_logs_end_date`), three for five or more
    (`show_draft_trainee_course_year_choice`, a flag declared in settings and read where it is used)."""
    parts = term.count("-") + 1 if "-" in term else len(named.name_parts(term))  # `gemini-2.0-flash`: three
    return 1 if parts <= 3 else 2 if parts == 4 else 3
