"""A hover's title link opens the section of the record that speaks of the code under the cursor,
not the record's first line (`lore.recall.section_link`); a pack's source link opens the section
that matched."""

from __future__ import annotations

from lore.anchors import Symbol
from lore.context.render import source_link
from lore.embedding.embedder import HashEmbedder
from lore.memory import Kind, Memory, Provenance, Section, SourceKind
from lore.api import Lore
from lore.recall.card import card
from lore.recall.governing import Governing
from lore.recall.section_link import section_line

FILLER = "Background words that say nothing about any symbol in particular, repeated. " * 4
GUIDE = "\n".join([
    "This guide is about the order flow, from the cart to the ledger, for everyone.", "",  # body lines 0-1
    "## Background", "", FILLER, "",            # 2-5
    "## Orders", "", "Writes go through `OrderRepo.save`, never raw SQL. " + FILLER, "",  # 6-9
])
RECORD = "\n".join([
    "## Status", "", "| Status | Date |", "|---|---|", "| Accepted | 2024-01-02 |", "",  # 0-5
    "## Decision", "", "Every write goes through a repository class and never through raw SQL. " + FILLER, "",  # 6-9
    "## Orders", "", "`OrderRepo.save` is the one place orders are written. " + FILLER, "",  # 10-13
])


def symbol(qualified: str, kind: str = "class") -> Symbol:
    name = qualified.rsplit(".", 1)[-1]
    return Symbol(name, qualified, kind, 0, 0, 5, 0, 0, 0, len(name), "", None, None, "b", "s")


def test_the_title_links_to_the_section_the_card_speaks_from(tmp_workspace):
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        add = lambda title, body: lore.add(Memory(  # noqa: E731
            title=title, body=body, kind=Kind.DECISION,
            provenance=Provenance(SourceKind.ADR, f"docs/{title}.md", 5))).memory
        guide, record = add("orders-guide", GUIDE), add("0003-repos", RECORD)
        here = [symbol("orders.OrderRepo"), symbol("orders.OrderRepo.save", "method")]
        named = Governing(guide, "named", via="orders.OrderRepo")
        # the card's sentence is the guide's untitled opening: the first section naming the symbol
        assert section_line(lore, named, here) == 5 + 6
        # a record's card shows its decision: the title opens the Decision section, where it says so
        assert section_line(lore, Governing(record, "named", via="orders.OrderRepo"), here) == 5 + 6
        # a symbol the guide does not name, a sentence under no heading: where the record starts
        assert section_line(lore, Governing(guide, "meaning"), [symbol("billing.Invoice")]) is None
        line = section_line(lore, named, here)
        c = card(named, here, f"file:///r/docs/orders-guide.md#L{line}", line=line)
        assert "](file:///r/docs/orders-guide.md#L11)" in c.lines()[0]
        assert ("orders-guide.md:11", "file:///r/docs/orders-guide.md#L11") in c.actions
    finally:
        lore.close()


def test_a_pack_item_links_to_the_section_that_matched():
    m = Memory(title="Back end", body="x", kind=Kind.CONVENTION,
               provenance=Provenance(SourceKind.RULES_FILE, "contributing/backend/overview.md", 7))
    assert source_link(m).endswith("(contributing/backend/overview.md#L7)")
    linked = source_link(m, Section("Database changes", "Back end — Database changes\nWe use migrations.", 91))
    assert linked == "[`contributing/backend/overview.md:91`](contributing/backend/overview.md#L91)"
    assert source_link(m, Section(None, "Back end", 7)).endswith("#L7)")
