"""Git conflict markers in a file Lore reads: such a file is refused, never imported as text."""

from __future__ import annotations

import re

# `<<<<<<< ours`, `||||||| base` (diff3), `=======`, `>>>>>>> theirs`, each at a line start
_MARKER = re.compile(r"^(?:<{7}|\|{7}|>{7})(?:[ \t].*)?$|^={7}[ \t]*$", re.M)
_OPEN_CLOSE = re.compile(r"^(?:<{7}|>{7})(?:[ \t].*)?$", re.M)


def conflict_line(text: str) -> int | None:
    """The 1-based line of the first conflict marker, or None when the text has no conflict.

    A lone `=======` is a markdown heading underline, so a file counts as conflicted only when it
    also holds an opening `<<<<<<<` or closing `>>>>>>>` marker; the line reported is the first
    marker of any kind.
    """
    if not _OPEN_CLOSE.search(text):
        return None
    m = _MARKER.search(text)
    assert m is not None
    return text.count("\n", 0, m.start()) + 1


def conflict_message(rel_path: str, line: int) -> str:
    """The one wording every face uses for a refused file."""
    return (f"merge conflict in {rel_path}:{line}: resolve the conflict markers; "
            "the last good version stays in use")
