"""Text a rendered view hides: HTML comments and invisible characters, removed from what Lore stores.

Repository files (ADRs, rules files, team memories, code comments) and what agents write can carry
text a person reviewing them never sees: `<!-- ... -->` outside code, zero-width and bidi control
characters, Unicode tag characters that spell hidden ASCII. None of it reaches memory text.
"""

from __future__ import annotations

import re

# Characters that change nothing a reader sees: zero-width, bidi controls, invisible operators,
# the BOM and Unicode tag characters.
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
                        "\ufeff\U000e0000-\U000e007f]")
# A fenced block or a code span (within a paragraph) is kept as written: an HTML comment there is
# shown, not hidden; an HTML comment elsewhere is hidden when rendered, and an unclosed one hides the rest.
# A code span opens and closes with whole runs of backticks of one length (CommonMark's rule), so a long
# run is tried once, from its start, not again from every backtick in it.
_HIDDEN = re.compile(r"(?ms)(^[ \t]{0,3}(`{3,}|~{3,}).*?(?:^[ \t]{0,3}\2|\Z))"
                     r"|(?<!`)(`++)(?:(?!(?<!`)\3(?!`)|\n[ \t]*\n).)*?(?<!`)\3(?!`)"
                     r"|(<!--.*?(?:-->|\Z))")


def strip_hidden(text: str) -> str:
    """Text without what a rendered view hides: HTML comments outside code (each replaced by the
    line breaks it held, so line numbers stay true) and invisible format characters."""
    if "<!--" in text:
        text = _HIDDEN.sub(lambda m: "\n" * m.group(4).count("\n") if m.group(4) else m.group(0), text)
    return _INVISIBLE.sub("", text)
