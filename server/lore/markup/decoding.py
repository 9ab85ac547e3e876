"""A text file's bytes as text: UTF-8, with a few stray bytes of another encoding read rather than the file lost.

A page written in UTF-8 may hold a character an editor saved in Windows-1252 (`(processors × 2)` with `×` as the
single byte 0xD7, in ardalis/CleanArchitecture's `PARALLEL_TEST_EXECUTION.md`). Refusing the whole file for one byte
loses the page; reading all of it as Windows-1252 garbles every other non-ASCII character. So each byte that is not
UTF-8 is read alone as Windows-1252, when such bytes are few (`MAX_STRAY_SHARE` of the file at most); more than that,
and the file is in another encoding, which is refused with its reason as before.
"""

from __future__ import annotations

import re

MAX_STRAY_SHARE = 0.01  # of a file's bytes
_ESCAPED = re.compile("[\udc80-\udcff]")  # a stray byte as `surrogateescape` keeps it


class NotText(ValueError):
    """A file's bytes are not UTF-8 and not UTF-8 with a few stray bytes."""


def decoded(data: bytes) -> tuple[str, int, int | None]:
    """(text, stray bytes read as Windows-1252, 1-based line of the first), or NotText when the bytes are not UTF-8
    and more than `MAX_STRAY_SHARE` of them are stray."""
    try:
        return data.decode("utf-8"), 0, None
    except UnicodeDecodeError as e:
        first = e.start
    escaped = data.decode("utf-8", errors="surrogateescape")
    stray = len(_ESCAPED.findall(escaped))
    if stray > len(data) * MAX_STRAY_SHARE:
        raise NotText(f"{stray} of {len(data)} bytes are not UTF-8")
    text = _ESCAPED.sub(lambda m: bytes([ord(m.group()) - 0xDC00]).decode("cp1252", errors="replace"), escaped)
    return text, stray, data.count(b"\n", 0, first) + 1
