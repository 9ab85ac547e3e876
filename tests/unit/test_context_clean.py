"""Packs read as clean text: bodies lose their markdown syntax, items are whole or cut between
sentences, placeholder decisions are not served, and a pack stops where relevance drops."""

from __future__ import annotations

import re

import pytest

from lore.context import build_pack
from lore.context.clean import inline, is_placeholder, one_line, paragraphs
from lore.context.tokens import TokenCounter
from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Kind, Memory, Provenance, SourceKind
from lore.api import Lore

ADR_BODY = """### Advantages

Separating the schemas lets responses be precise. Requests can stay forgiving.

| Level | Frequency | Configurable |
|-------|-----------|--------------|
| ERROR | 0         | NO           |
| WARN  | 1-10      | NO           |

```sql
-- Preferred
name TEXT NOT NULL
-- Discouraged
name VARCHAR(255) NOT NULL
```

See [the guide](https://example.com/guide) and ![diagram](/img/x.png).
"""


def test_paragraphs_drop_headings_tables_fences_and_links():
    paras = paragraphs(ADR_BODY)
    text = "\n".join(paras)
    assert paras[0] == "Advantages: Separating the schemas lets responses be precise. Requests can stay forgiving."
    assert "- ERROR (Frequency: 0; Configurable: NO)" in paras
    assert "Example: Preferred: `name TEXT NOT NULL`; Discouraged: `name VARCHAR(255) NOT NULL`" in paras
    assert "See the guide and ." in text or "See the guide and" in text
    for syntax in ("###", "|---", "```", "](", "!["):
        assert syntax not in text


def test_a_long_example_points_to_the_source_once():
    long_code = "```ts\n" + "\n".join(f"const x{i} = {i};" for i in range(12)) + "\n```\n"
    paras = paragraphs("Do this.\n\n" + long_code + "\nAnd this.\n\n" + long_code)
    assert paras == ["Do this.", "(A longer example is in the source.)", "And this."]


def test_one_line_cuts_at_a_word_boundary():
    text = "A " + "veryLongWordThatKeepsGoing " * 20
    line = one_line(text, 60)
    assert line.endswith("…") and len(line) <= 60
    assert text.startswith(line[:-1])  # whole words only
    assert one_line("First sentence. Second one.") == "First sentence."


@pytest.mark.parametrize("body, placeholder", [("TBD", True), ("Approved.", True), ("", True),
                                               ("We use Postgres.", False)])
def test_placeholder_decision_records(body, placeholder):
    adr = Memory(title="ADR 7: Storage", body=body, kind=Kind.DECISION,
                 provenance=Provenance(SourceKind.ADR, "docs/adr/0007.md"))
    assert is_placeholder(adr) is placeholder
    comment = Memory(title="charge in cents", body="", kind=Kind.DECISION, provenance=Provenance(SourceKind.COMMENT))
    assert not is_placeholder(comment), "a comment's decision is its title"


@pytest.fixture
def lore(tmp_workspace):
    lo = Lore(tmp_workspace, user_db=False, embedder=HashEmbedder())
    yield lo
    lo.close()


def _adr(lore, title, body, anchors=()):
    m = Memory(title=title, body=body, kind=Kind.DECISION, anchors=[Anchor.parse(a) for a in anchors],
               provenance=Provenance(SourceKind.ADR, f"docs/adr/{title[:4]}.md", line=1))
    return lore.add(m).memory


def test_a_pack_serves_whole_rules_without_syntax_or_placeholders(lore):
    _adr(lore, "0001 Schemas", ADR_BODY, ["src/api/**"])
    _adr(lore, "0002 Storage", "TBD", ["src/api/**"])
    md = build_pack(lore, path="src/api/routes.py", budget=1500).markdown
    assert "0001 Schemas" in md and "0002 Storage" not in md
    assert "Requests can stay forgiving." in md  # the whole rule, not a teaser
    for syntax in ("###", "|---", "```", "symbol:", "anchored to"):
        assert syntax not in md
    assert "governs the files under `src/api/`" in md
    assert "[`docs/adr/0001.md:1`](docs/adr/0001.md#L1)" in md


def test_a_short_budget_cuts_between_sentences_never_inside_a_word(lore):
    sentences = [f"Rule {n} says the handler number {n} retries with backoff." for n in range(40)]
    _adr(lore, "0003 Retries", " ".join(sentences), ["src/**"])
    counter = TokenCounter("estimate")
    pack = build_pack(lore, path="src/x.py", budget=300, counter=counter)
    assert pack.tokens <= 300
    quoted = " ".join(ln[4:] for ln in pack.markdown.splitlines() if ln.startswith("  > "))
    assert "(continues in the source)" in quoted
    kept = quoted.split(" — ", 1)[1].replace(" (continues in the source)", "")
    assert re.fullmatch(r"(Rule \d+ says the handler number \d+ retries with backoff\. ?)+", kept), kept


def test_a_pack_stops_where_relevance_drops(lore):
    _adr(lore, "0004 Webhooks", "Webhook deliveries are signed with HMAC and retried with backoff.")
    for n in range(15):
        lore.add(Memory(title=f"Unrelated rule {n} about invoices", body="Invoices are numbered per year.",
                        kind=Kind.CONVENTION))
    pack = build_pack(lore, task="sign webhook deliveries", budget=3000)
    titles = [i.memory.title for i in pack.items]
    assert titles[0] == "0004 Webhooks"
    assert not any("invoices" in t for t in titles), "no padding with what does not match"
    empty = build_pack(lore, task="kubernetes helm charts", budget=3000)
    assert not empty.items and "Nothing in the project's memory is specific to this" in empty.markdown


def test_a_files_pack_starts_with_what_its_lens_shows(lore):
    from lore.context.select import file_symbols
    from lore.recall.governing import lens_groups

    src = lore.root / "src" / "billing"
    src.mkdir(parents=True)
    (src / "invoice.py").write_text("class Invoice:\n    def total(self):\n        return 1\n")
    folder = _adr(lore, "0005 Billing in cents", "All billing amounts are integer cents.", ["src/billing/**"])
    own = _adr(lore, "0006 Invoice numbering", "Invoices are numbered per year.", ["src/billing/invoice.py"])
    method = lore.add(Memory(title="Invoice.total rounds half up", kind=Kind.WARNING,
                             anchors=[Anchor.parse("symbol:python:src.billing.invoice.Invoice.total")])).memory
    pack = build_pack(lore, path="src/billing/invoice.py", budget=1500)
    symbols, language = file_symbols(lore, "src/billing/invoice.py")
    lens_file = [li.id for g in lens_groups(lore, "src/billing/invoice.py", symbols, language) if g.symbol is None
                 for li in g.memories]
    assert [i.memory.id for i in pack.items if i.level == "file"] == lens_file
    assert set(lens_file) == {folder.id, own.id}
    assert pack.items[-1].memory.id == method.id and pack.items[-1].reasons[0] == "about `Invoice.total` in this file"
    md = pack.markdown
    assert md.index("## Governing this file") < md.index("## Symbols in this file")
    assert "governs this file" in md and "governs the files under `src/billing/`" in md


def test_a_title_that_says_it_all_is_not_repeated(lore):
    lore.add(Memory(title="Client is deprecated: use Session instead", body="use Session instead",
                    kind=Kind.WARNING, anchors=[Anchor.parse("src/client.py")]))
    md = build_pack(lore, path="src/client.py", budget=800).markdown
    assert md.count("use Session instead") == 1


def test_one_line_leaves_out_a_paragraph_of_badges():
    text = ("[![crates.io](https://img.shields.io/crates/v/x.svg)](https://crates.io/crates/x) "
            "[![docs.rs](https://docs.rs/x/badge.svg)](https://docs.rs/x)\n\nShared policy model for coverage.")
    assert one_line(text) == "Shared policy model for coverage."


def test_a_rule_drawn_in_html_is_no_text_and_a_generic_is_kept():
    """celestia-node's ADR 003 draws its rules as `<hr style="border:3px solid gray"> </hr>`: the one-line summary was
    that tag; a generic written in prose is text."""
    assert inline('<hr style="border:3px solid gray"> </hr> Use `Vec<T>` or List<String>') == \
        "Use `Vec<T>` or List<String>"


def test_link_definitions_are_no_paragraphs():
    """alphagov/publishing-api `docs/model.md`: quoted sections ended on "[uuid]: https://en.wikipedia.org/wiki/…"
    and "[signon]: https://github.com/alphagov/signon", a budget's tokens spent on where links lead."""
    from lore.context.clean import paragraphs

    text = ("A user is identified by a [UUID][uuid] from [Signon][signon].\n\n"
            "[uuid]: https://en.wikipedia.org/wiki/Universally_unique_identifier\n"
            "[signon]: https://github.com/alphagov/signon \"Signon\"\n")
    (only,) = paragraphs(text)
    assert only.startswith("A user is identified by") and "https://" not in only
