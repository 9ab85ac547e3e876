"""What a record says it did not choose: the code, path or part a contrast introduces ("the ledger depends on a
consumer-defined `Signer` interface rather than on the wallet package", "`Chain` holds a `Store` instead of a
`[]*Block` slice", "as opposed to `pkg/legacy`", "it is not in `support`"), what it keeps clear of ("prefixed so
they never clash with `clickhouse_role`", "collides with `Foo`", "conflicts with `pkg/legacy`") and what it keeps apart
from ("not tied to `@actions/io`", "independent of `pkg/legacy`"). A record writes it to
say what it decided against, avoided or left where it was, not what it governs, as it writes the options it weighed and set aside
(`headings.without_alternatives`): `without_contrasted` blanks it, and the same name written elsewhere in the record
anchors as before.

What is blanked is the contrast's object only: after "rather than", "instead of", "as opposed to", a clash,
collision or conflict "with", or "not tied to", "independent of", "decoupled from", up to
`LEAD_WORDS` words leading to it that say no more than how it is reached (`_LEAD`: "on the", "relying on a"; after "not
in" and "not on" an article at most), then the thing itself, a code span, a link, a path, a CamelCase name, a
capitalised name or a word and the kind of part it is ("wallet package"), a code span after capitalised words
qualifying it ("the Cloud `clickhouse_role`"), with the code spans, links, paths and names
listed after it ("instead of `A`, `B` or `C`"). What the clause goes on to say ("an error rather than a `bool` lets
callers tell `ErrMissing` apart") is kept, and so is a name the object only places: "new features rely on hard-coded
types instead of auto-generated files in `src/openapi`" says what the code should use, the files of `src/openapi`."""

from __future__ import annotations

import re

from lore.sources.named import FENCE

LEAD_WORDS = 3
_SP = r"(?:[ \t]+|[ \t]*\n[ \t]*)"  # words of one paragraph, wrapped or not
_KIND = (r"(?:package|module|crate|library|app|application|service|project|workspace|folder|directory|model|class|"
         r"entity|interface|struct|record|aggregate|table|type|enum)s?\b")
# Named code: a code span, a link, a path, a capitalised name of one word or more ("Google Sheets"); no plain word.
_CODE = (r"(?:`[^`\n]+`|\[[^\]\n]*\]\([^()\s]*\)|(?<![\w/])(?:[\w.-]+/)+[\w.-]*"
         r"|[A-Z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*(?:[ \t]+[A-Z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*)*(?![\w`]))")
# A code span after the capitalised words qualifying it: "the Cloud `clickhouse_role`".
_QUALIFIED = r"(?:[A-Z][A-Za-z0-9]*(?:[ \t]+[A-Z][A-Za-z0-9]*)*[ \t]+`[^`\n]+`)"
_THING = rf"(?:{_QUALIFIED}|{_CODE}|[A-Za-z][\w-]*{_SP}{_KIND})"
# What a record keeps clear of: "clash with", "collides with", "a collision with", "conflicts with".
_CLASH = r"(?:clash(?:es|ed|ing)?|collid(?:e|es|ed|ing)|collisions?|conflict(?:s|ed|ing)?)"
# What a record keeps apart from: "versioned at its own pace - not tied to `@actions/io`", "independent of
# `pkg/legacy`", "decoupled from the `Store`".
_APART = rf"(?:not{_SP}(?:tied|coupled|bound){_SP}to|independent(?:ly)?{_SP}of|decoupled{_SP}from)"
# Words between a contrast and its object that only lead to it: articles, prepositions, a verb of using.
_LEAD = (r"(?:the|a|an|its|our|their|this|that|these|those|any|some|on|in|of|to|from|into|with|via|through|by|at|"
         r"under|inside|within|using|calling|relying|depending|directly|plain|raw|existing|current|old|legacy)")
_MORE = rf"(?:[ \t]*,[ \t]*(?:(?:or|and|nor){_SP})?|{_SP}(?:or|and|nor){_SP})(?:(?:the|a|an){_SP})?{_CODE}"
_OBJECT = re.compile(
    rf"(?:\b(?i:rather{_SP}than|instead{_SP}of|as{_SP}opposed{_SP}to|{_CLASH}{_SP}with|{_APART}){_SP}"
    rf"((?:{_LEAD}{_SP}){{0,{LEAD_WORDS}}}?)"
    rf"|\b(?i:not{_SP}(?:in|on)){_SP}((?:(?:the|a|an|its|our|their|this|that){_SP})?))"
    rf"({_THING}(?:{_MORE})*)")


def without_contrasted(text: str) -> str:
    """`text` with the objects of its contrasts blanked (see the module), backticks, line breaks and length kept; its
    code blocks are left as written."""
    out = list(text)
    blocks = [b.span() for b in FENCE.finditer(text)] if "```" in text or "~~~" in text else []
    for m in _OBJECT.finditer(text):
        if any(a <= m.start() < b for a, b in blocks):
            continue
        start = m.start(1) if m.group(1) is not None else m.start(2)
        for i in range(start, m.end(3)):
            if out[i] not in "`\n":
                out[i] = " "
    return "".join(out)
