"""What a preference feature is: its options, where it applies and how it reads a snippet.

A feature is one style choice with two or more options (pathlib or os.path, const/let or var).
Per language family it has a *finder* that lists every place in a snippet where an option is
used; `Feature.detect` turns those uses into one verdict. A snippet that mixes options without a
clear majority says nothing (None): a 2-to-2 split is not a choice, a 3-to-1 split is.

The finders live in `features_python` and `features_js`; `catalog` holds the feature list.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Mapping

import attrs

from lore.learn.syntax import Snippet, family

#: Share of uses one option needs before a mixed snippet counts as choosing it.
MAJORITY = 0.75


@attrs.frozen
class Option:
    """One way of doing a thing: a stable name, a label for titles, names people use for it."""

    name: str
    label: str
    aliases: tuple[str, ...] = ()

    def matches(self, words: str) -> bool:
        """True when `words` names this option (case-insensitive)."""
        words = words.strip().lower()
        return words in {self.name.lower(), self.label.lower(), *(a.lower() for a in self.aliases)}


@attrs.frozen
class Use:
    """One place where a snippet uses an option: 0-based line and character, and the code."""

    option: str
    line: int
    col: int
    text: str


Finder = Callable[[Snippet], list[Use]]


@attrs.frozen
class Feature:
    """A style choice that can be learned from edits."""

    id: str
    title_template: str
    options: tuple[Option, ...]
    finders: Mapping[str, Finder]
    idiomatic: str | None = None

    @property
    def families(self) -> frozenset[str]:
        """Language families ("python", "js") this feature reads."""
        return frozenset(self.finders)

    def applies_to(self, language: str) -> bool:
        """True when the feature has a finder for this normalized language."""
        return family(language) in self.finders

    def option(self, name: str) -> Option | None:
        """The option called `name`, if any."""
        return next((o for o in self.options if o.name == name), None)

    def others(self, name: str) -> list[str]:
        """Names of the options other than `name`."""
        return [o.name for o in self.options if o.name != name]

    def alternative(self, name: str) -> str | None:
        """The one clear alternative to `name`; None when there are several."""
        others = self.others(name)
        return others[0] if len(others) == 1 else None

    def label(self, name: str) -> str:
        """Human label of an option (the name itself when unknown)."""
        option = self.option(name)
        return option.label if option else name

    def title(self, prefers: str, over: str) -> str:
        """Title of the preference memory proposed for this feature."""
        return self.title_template.format(prefers=self.label(prefers), over=self.label(over))

    def uses(self, snippet: Snippet) -> list[Use]:
        """Every use of one of the options in `snippet`, in source order."""
        finder = self.finders.get(family(snippet.language) or "")
        if finder is None:
            return []
        return sorted(finder(snippet), key=lambda use: (use.line, use.col))

    def detect(self, snippet: Snippet) -> str | None:
        """Which option the snippet uses, or None when it says nothing clear about it."""
        return verdict(self.uses(snippet))


def verdict(uses: list[Use]) -> str | None:
    """The option used by a clear majority of `uses`, else None."""
    counts = collections.Counter(use.option for use in uses)
    if not counts:
        return None
    option, count = counts.most_common(1)[0]
    return option if count / sum(counts.values()) >= MAJORITY else None
