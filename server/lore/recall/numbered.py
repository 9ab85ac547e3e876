"""A question that cites a record by its number ("ADR 5", "adr-0042", "RFC 12", "TEP-0044"): the records with
that number come first. It is the commonest way people refer to decisions, and neither words nor meaning can
read it: "5" is no word of the index, and every record is equally "an ADR".

A record's number is the one its file name begins with (`0005-bundle-architecture.md`, `adr-005-…`), else the one
its title begins with (a decision log's "ADR-010: …" entries); the file's number wins over a copied heading's.
The word before the number must be one records are called by (`RECORD_WORDS`) or a word of the record's path
("TEP-0044" for `teps/0044-….md`), so "python 3" or "step 2" lifts nothing.

A citation that names a record is no part of what the question's words and meaning are matched by (`uncited`):
"adr" would find the record about writing records, "decision record" every record alike, and "13" any page
writing the number; the citation finds its record, and the rest of the question what it asks about it."""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import PurePosixPath

from lore.text import STOP_WORDS

RECORD_WORDS = frozenset({"adr", "adrs", "madr", "rfc", "rfcs", "dr", "decision", "record", "proposal", "ep"})
_CITED = re.compile(r"(?<![\w.-])(?P<word>[A-Za-z]{2,8})[ \t#:_-]{0,3}0*(?P<n>\d{1,5})(?![\w.-]|\.\d)")
_FILE_NUMBER = re.compile(r"^(?:[A-Za-z]{2,8}[-_ ]?)?0*(\d{1,5})(?![-_]\d)(?=[-_. ]|$)")  # not a date's year
_TITLE_NUMBER = re.compile(r"^\s*(?:[A-Za-z]{2,8}[-_ #]?)?0*(\d{1,5})\s*[.:)\-–—]")
_ALONE_REST = re.compile(r"^[\s?!.,:;\"'`]*$")
_WORD = re.compile(r"\w+")


def cited_numbers(text: str) -> tuple[list[tuple[str, int]], bool]:
    """The (word, number) pairs a question cites records by, and whether it is nothing but those citations."""
    found = [(m.group("word").lower(), int(m.group("n"))) for m in _CITED.finditer(text)]
    alone = bool(found) and bool(_ALONE_REST.match(_CITED.sub(" ", text)))
    return found, alone


def record_number(path: str | None, title: str) -> int | None:
    """The number a record is known by: its file name's, else its title's."""
    if path:
        m = _FILE_NUMBER.match(PurePosixPath(path).name)
        if m:
            return int(m.group(1))
    m = _TITLE_NUMBER.match(title)
    return int(m.group(1)) if m else None


def cites(word: str, path: str | None) -> bool:
    """Whether a citation's word calls the record at `path` (a record word, or a word of its path)."""
    if word in RECORD_WORDS:
        return True
    parts = re.split(r"[/_.\-\s]+", (path or "").lower())
    return any(p == word or p == word + "s" for p in parts)


def uncited(text: str, named: Collection[tuple[str, int]]) -> str:
    """The question less its citations that name a record (`named`, (word, number) pairs as `cited_numbers` reads
    them): the text its words and meaning are matched by. Empty when no content word is left ("what is ADR 13"),
    then the citation alone answers; a citation naming no record ("RFC 7231", "python 3") stays."""
    if not named:
        return text
    rest = _CITED.sub(lambda m: " " if (m.group("word").lower(), int(m.group("n"))) in named else m.group(0), text)
    return rest if any(len(w) > 1 and w not in STOP_WORDS for w in _WORD.findall(rest.lower())) else ""
