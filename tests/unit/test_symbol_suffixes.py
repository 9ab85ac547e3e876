"""The lens's index of a file's symbol names finds exactly the names `match_anchor` says a symbol
anchor governs, whatever the nesting and however the anchor is written."""

import itertools

from lore.memory import Anchor
from lore.recall.anchoring import match_anchor
from lore.recall.symbol_suffixes import suffix_index, symbols_matching

NAMES = ["app.repos.Repo", "app.repos.Repo.save", "app.repos.Repo.load", "app.repos.save", "save",
         "Stack.Push", "Stack", "Queue.Push", "app.other.Repo.save", "Repo.saver", "a.b.c.d.e"]
VALUES = ["save", "Repo.save", "app.repos.Repo.save", "x.app.repos.Repo.save", "Push", "Stack.Push",
          "pkg.Stack.Push", "Repo", "repos.Repo", "e", "c.d.e", "saver", "ave", "o.save", "", "missing"]


def test_every_anchor_finds_what_match_anchor_finds():
    index = suffix_index(NAMES)
    for value, file in itertools.product(VALUES, (None, "app/repos.py", "app/other.py")):
        anchor = Anchor("symbol", value, language="python", file=file)
        want = [n for n in NAMES if match_anchor(anchor, "app/repos.py", n) == "symbol"]
        got = symbols_matching(anchor, "app/repos.py", NAMES, index)
        assert sorted(got) == sorted(want), (value, file)
        assert len(got) == len(set(got)), value


def test_a_qualified_anchor_reaches_a_bare_name_it_ends_with_not_a_name_that_only_ends_like_it():
    index = suffix_index(NAMES)
    assert symbols_matching(Anchor("symbol", "o.save"), "app/repos.py", NAMES, index) == ["save"]
    assert symbols_matching(Anchor("symbol", "ave"), "app/repos.py", NAMES, index) == []
    assert symbols_matching(Anchor("symbol", "Stack.Push"), "x.go", NAMES, index) == ["Stack.Push"]
