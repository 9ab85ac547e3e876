"""A record's written date as an ISO day, when the text says which day it is.

Records write their dates every way: `2021-03-25`, `2021/03/25`, `25/03/2021`, `25.03.2021`, `25 March 2021`,
`March 25th, 2021`, `Mar 2021`. Kept as written, a date is shown as the author wrote it but cannot order two records
(`newer.is_earlier` reads ISO days). `iso_day` reads the forms whose day is certain and leaves the rest as written: a
numeric day and month both 12 or under (`03/04/2021`) may be either, so it is kept as written, never guessed.
"""

from __future__ import annotations

import datetime as dt
import re

_MONTHS = {name: n for n, names in enumerate(
    (("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
     ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
     ("dec", "december")), start=1) for name in names}
_MONTH_WORD = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?" \
              r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_MONTH = rf"({_MONTH_WORD})\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR_FIRST = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])")
_YEAR_LAST = re.compile(r"(?<![\d])(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?![\d])")
# A year of two digits after a day and month written with slashes (edgexfoundry's "TSC vote on 3/25/20"): this century's.
_SHORT_YEAR_LAST = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{2})(?![\d/])")
_DAY_MONTH = re.compile(rf"(?<![\w]){_DAY}(?:\s+of)?(?:\s+|-){_MONTH},?(?:\s+|-)(\d{{4}})(?![\d])", re.I)
_MONTH_DAY = re.compile(rf"(?<![\w]){_MONTH}\s+{_DAY},?\s+(\d{{4}})(?![\d])", re.I)


# A date written somewhere in a line ("Accepted - January 2021", "Accepted (September 2023)", "Accepted on
# 2023-05-01"): a day, a month and year, or a day of a month and year; an ISO day may carry its time
# ("2026-08-07T22:50:34.000Z", Accenture/mercury's decision log).
WRITTEN = re.compile(rf"\b(\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{4}}|\d{{1,2}}/\d{{1,2}}/\d{{2}}(?![\d/])|"
                      rf"\d{{1,2}}-{_MONTH_WORD}-\d{{4}}|(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?"
                      rf"{_MONTH_WORD}\.?(?:\s+\d{{1,2}}(?:st|nd|rd|th)?,?)?\s+\d{{4}})(?:\b|(?=T\d{{2}}:))", re.I)


def written_in(text: str | None) -> str | None:
    """The first date `text` writes, as `iso_day` reads it; None when it writes none."""
    m = WRITTEN.search(text or "")
    return iso_day(m.group(1)) if m else None


def written_order(text: str | None) -> tuple[int, int, int] | None:
    """The first date `text` writes as (year, month, day) to order by, a month and year's day as 0 ("Proposed May
    2021" -> (2021, 5, 0)); None when it writes none or only one whose day and month may be either."""
    m = WRITTEN.search(text or "")
    if m is None:
        return None
    day = iso_day(m.group(1))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", day):
        return int(day[:4]), int(day[5:7]), int(day[8:])
    month = re.search(_MONTH_WORD, day, re.I)
    year = re.search(r"\d{4}", day)
    if month is None or year is None:
        return None
    return int(year.group(0)), _MONTHS[month.group(0).lower()], 0


def iso_day(text: str) -> str:
    """`text`'s date as `YYYY-MM-DD` when its day is certain (see the module's docstring), else `text` unchanged;
    an ISO date followed by a time or a remark gives its day."""
    value = (text or "").strip()
    for pattern, order in ((_YEAR_FIRST, "ymd"), (_DAY_MONTH, "dMy"), (_MONTH_DAY, "Mdy")):
        m = pattern.match(value)
        if m:
            parts = dict(zip(order, m.groups()))
            return _day(parts["y"], parts.get("m") or str(_MONTHS[parts["M"].lower().rstrip(".")]), parts["d"]) or value
    m = _YEAR_LAST.match(value)
    short = None if m else _SHORT_YEAR_LAST.fullmatch(value)
    if m or short:
        first, second, year = (m.group(1), m.group(3), m.group(4)) if m else (short.group(1), short.group(2),
                                                                                 f"20{short.group(3)}")
        if int(first) > 12 >= int(second):
            return _day(year, second, first) or value
        if int(second) > 12 >= int(first):
            return _day(year, first, second) or value
    return value


def _day(year: str, month: str, day: str) -> str | None:
    try:
        return dt.date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        return None


# A day a file's or folder's name opens with: `2023-12-19-token-handling-refactor`, `20201026-use-lunr-for-search`.
LEADING_DAY = re.compile(r"^((?:19|20)\d\d)-?(\d\d)-?(\d\d)(?:[-_ ]+|$)")


def named_day(name: str) -> str | None:
    """The ISO day a record's name opens with (`2023-12-19-token-handling-refactor`, `20201026-use-lunr-for-search`);
    None when it gives no day of the calendar."""
    m = LEADING_DAY.match(name)
    return _day(*m.groups()) if m else None

