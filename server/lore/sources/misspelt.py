"""Identifiers a decision misspells: `usePerisistentTableState` for the `usePersistentTableState` the
workspace defines.

A long compound identifier that nothing in the workspace defines, one letter away (a letter added,
dropped, changed, or two swapped) from exactly one defined name, means that name: at `MIN_LENGTH`
characters and three or more words, two different things are not spelt one letter apart by chance. One spelt
the same but for its case (`JsonSerializer`, `JSONSerializer`) means it from two words and `CASE_MIN_LENGTH` letters,
when the decision writes it as code: in prose a word spelt so ("Harder to do dependsOn from Flux HelmReleases")
is as often another tool's field or the idea in words, not the project's type `DependsOn`. In prose it means
the name at a misspelling's length and words when only an acronym's case differs ("(AcasTopologyProcessorApi)" for
`AcasTopologyProcessorAPI`); "the profileCatalogEntry" is a value of `ProfileCatalogEntry`, not the type.
Defined names are bucketed by their first three letters and length, so a lookup compares a handful.
"""

from __future__ import annotations

from lore.sources.named import name_parts

MIN_LENGTH = 12
MIN_WORDS = 3
CASE_MIN_LENGTH = 8  # a name spelt but for its case: two words or more, eight letters or more


def one_edit(a: str, b: str) -> bool:
    """Whether two different strings are one insertion, deletion, substitution or swap of neighbours apart."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1:]
    if a[i + 1:] == b[i + 1:]:
        return True
    return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:]


class NearNames:
    """Defined names of `MIN_LENGTH` or more characters, by (first three letters, length)."""

    def __init__(self, defined):
        self.defined = defined
        self.buckets: dict[tuple[str, int], list[str]] = {}
        self.folded: dict[str, list[str]] = {}
        for name in defined:
            if len(name) >= MIN_LENGTH:
                self.buckets.setdefault((name[:3], len(name)), []).append(name)
            if len(name) >= CASE_MIN_LENGTH:
                self.folded.setdefault(name.lower(), []).append(name)

    def meant(self, written: str, as_code: bool = True) -> str | None:
        """The one defined name a written identifier misspells; None when it is defined, short, or not one. A
        name spelt the same but for its case (`JsonSerializer` for `JSONSerializer`) is meant at a shorter length
        `as_code` (written in backticks), and in prose at the length and words of a misspelling when only its acronyms'
        case differs (a lower-case first letter names a value of the type, not the type)."""
        if written in self.defined:
            return None
        words = len(name_parts(written))
        long_name = len(written) >= MIN_LENGTH and words >= MIN_WORDS
        same = self.folded.get(written.lower(), []) if words >= 2 and (as_code or long_name) else []
        if not as_code:
            same = [n for n in same if n[0].isupper() == written[0].isupper()]  # `profileCatalogEntry`: a value
        if len(same) == 1:
            return same[0]
        if not long_name:
            return None
        found = [n for size in (len(written) - 1, len(written), len(written) + 1)
                 for n in self.buckets.get((written[:3], size), ()) if one_edit(written, n)
                 and (as_code or n.lower() != written.lower())]
        return found[0] if len(found) == 1 else None
