"""What a person reads in a hover and on a lens (`lore.recall.gist`, `lore.recall.card`): one plain
sentence, never a heading, table or code fence; a reason in words; a lens that names its memory.
The imported texts are the vendored Unleash decision records and guides, as written upstream."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lore.anchors import Symbol
from lore.embedding.embedder import HashEmbedder
from lore.memory import Kind, Memory, Provenance, SourceKind
from lore.recall.card import card, escape, lens_title, reason, render_hover, source_name
from lore.recall.gist import cut, gist, plain
from lore.recall.governing import Governing, LensItem
from lore.api import Lore
from lore.ingest import run_import

CORPORA = Path(__file__).resolve().parents[1] / "fixtures" / "corpora"
RAW_MARKDOWN = ("|---", "| ---", "###", "```", "](", "**")


def symbol(qualified: str, kind: str = "function") -> Symbol:
    name = qualified.rsplit(".", 1)[-1]
    return Symbol(name, qualified, kind, 0, 0, 5, 0, 0, 0, len(name), "", None, None, "b", "s")


def memory(title: str, body: str, kind: str = "decision", path: str | None = "docs/adr/0001-x.md",
           line: int | None = 5) -> Memory:
    source = Provenance(SourceKind.ADR, path=path, line=line) if path else Provenance(SourceKind.MANUAL)
    return Memory(title=title, body=body, kind=Kind(kind), provenance=source)


@pytest.mark.parametrize(("body", "expected"), [
    pytest.param("## Decision\n\nWe use **named** exports. They are easier to grep.", "We use named exports.",
                 id="heading-and-emphasis"),
    pytest.param("```ts\nexport default x\n```\n\nPrefer [named exports](http://x/y) over `default`.",
                 "Prefer named exports over `default`.", id="fence-link-code-span"),
    pytest.param("| File | Purpose |\n|---|---|\n| `/src/server.ts` | Main entry point |\n| b | c |",
                 "Lists File and Purpose: `/src/server.ts` (Main entry point), …", id="table"),
    pytest.param("Status: Accepted\n\nTo stay safe, follow these rules:\n\n### Avoid\n- **Never** drop a column.",
                 "To stay safe, follow these rules: Never drop a column.", id="lead-in-and-list"),
    pytest.param("SUPERSEDED BY [ADR: X](/x)\n\nWe log errors with context, e.g. the user id.",
                 "We log errors with context, e.g. the user id.", id="superseded-line-and-eg"),
])
def test_gist_is_one_plain_sentence(body: str, expected: str):
    assert gist(body) == expected


def test_gist_falls_back_to_the_rationale_and_cuts_at_a_word():
    assert gist("```\ncode only\n```", "Keeps SQL out of business logic.") == "Keeps SQL out of business logic."
    long = "Every " + "repository method returns plain dictionaries " * 8
    out = cut(plain(long), 60)
    assert out.endswith("…") and len(out) <= 60 and long.startswith(out[:-1].rstrip())
    assert out[:-1].split()[-1] in long.split(), "never cut inside a word"


def test_prose_items_stop_at_the_number_asked_and_a_gist_reads_no_further(monkeypatch):
    from lore.recall import gist as gist_module

    body = "\n\n".join(["## Context", "Follow these rules:", "- avoid breaking changes", "- keep `v1` working"] +
                         [f"Paragraph {i} of a long record, **never** read for its gist." for i in range(200)])
    assert gist_module.prose_items(body, 2) == ["Follow these rules:", "avoid breaking changes"]
    assert len(gist_module.prose_items(body)) == 203
    made_plain: list[str] = []
    real = gist_module.plain
    monkeypatch.setattr(gist_module, "plain", lambda t: made_plain.append(t) or real(t))
    assert gist_module._gist(body) == "Follow these rules: avoid breaking changes"
    assert len(made_plain) == 2, "later paragraphs are not made plain for a gist"


def test_gist_never_cuts_inside_a_code_span():
    text = "Use " + "`averyveryverylongidentifier_name_that_goes_on_and_on_forever_more`" + " always."
    out = cut(text, 40)
    assert out.count("`") % 2 == 0


def test_every_unleash_record_reads_as_plain_text(tmp_path: Path):
    ws = tmp_path / "unleash"
    shutil.copytree(CORPORA / "Unleash__unleash", ws)
    (ws / ".git").mkdir()
    lore = Lore(ws, user_db=tmp_path / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        memories = [m for m in lore.list(limit=1000) if m.body]
    finally:
        lore.close()
    assert len(memories) > 40, "the Unleash corpus imported"
    for m in memories:
        text = gist(m.body, m.rationale)
        assert not [x for x in RAW_MARKDOWN if x in text], (m.title, text)
        assert len(text) <= 180


def test_reason_names_the_symbol_and_tells_a_method_its_class_is_the_anchor():
    cls, method = symbol("app.Repo", "class"), symbol("app.Repo.save", "method")
    m = memory("Repository pattern", "Services never call the ORM.")
    assert reason(Governing(m, "symbol", via="app.Repo"), [cls]) == "anchored to `Repo`"
    assert reason(Governing(m, "symbol", via="app.Repo"), [cls, method]) == "governs `Repo`, which holds this method"
    assert reason(Governing(m, "named", via="app.Repo"), [cls]) == "names `Repo`"
    assert reason(Governing(m, "file"), [cls]) == "governs this file"
    assert reason(Governing(m, "meaning", 0.7), [method]) == "about the same topic as this method"


def test_card_reads_in_four_lines_with_a_short_source_link():
    m = memory("ADR: Naming", "## Decision\n\n| a | b |\n|---|---|\n\nFiles are named after their main class.",
               path="contributing/ADRs/back-end/separation-request-response-schemas-and-more.md")
    c = card(Governing(m, "named", via="src.FeaturesReadModel"), [symbol("src.FeaturesReadModel", "class")],
             "file:///w/contributing/x.md#L5", lambda mem: [("Show", "command:lore.show")])
    text = render_hover([c])
    lines = text.split("\n\n")[1].split("  \n")
    assert text.startswith("**Lore**\n\n")
    assert lines[0] == "⚖ **Decision** · [ADR: Naming](file:///w/contributing/x.md#L5)"
    assert lines[1] == "Files are named after their main class."
    assert lines[2] == "*names `FeaturesReadModel`*"
    assert lines[3].startswith("[separation-request-response….md:5](file://") and lines[3].endswith("[Show](command:lore.show)")
    assert len(lines) == 4


def test_card_notes_can_be_extended():
    m = memory("Reports run at night", "Load is low then.")
    c = card(Governing(m, "file"), [], None)
    c.notes.append("2 checks failed")
    c.extra.append("⚠ `save()` changed since this was written · [Still true](command:x)")
    text = render_hover([c])
    assert "*governs this file · 2 checks failed*  \n⚠ `save()` changed since this was written" in text


def test_title_and_sentence_markup_is_escaped_but_code_spans_stay():
    m = memory("Use <T> | not *any*", "Call `save()` once_per_request.")
    text = render_hover([card(Governing(m, "file"), [], None)])
    assert "Use \\<T\\> \\| not \\*any\\*" in text
    assert "Call `save()` once_per_request." in text, "an underscore inside a word is literal"


def test_only_markup_that_would_render_is_escaped():
    """Neovim's markdown float shows a backslash escape as typed: escape only what would be markup."""
    assert escape("last: 'Add a flag' (#8985, 2026-07)") == "last: 'Add a flag' (#8985, 2026-07)"
    assert escape("# not a heading\n  #again") == "\\# not a heading\n  \\#again"
    assert escape("check_service_over_limit") == "check_service_over_limit"
    assert escape("_private and __dunder__ and trailing_") == "\\_private and \\_\\_dunder\\_\\_ and trailing\\_"
    assert escape("*bold* [x] <T> a|b `c`") == "\\*bold\\* \\[x\\] \\<T\\> a\\|b \\`c\\`"


def test_source_name_is_short():
    assert source_name(memory("x", "y", path="docs/adr/0003-repos.md", line=12)) == "0003-repos.md:12"
    assert source_name(memory("x", "y", path=None)) == "manual"


def test_lens_title_names_the_first_memory_and_counts_the_rest():
    items = [LensItem("a", "decision", 1.0, title="ADR: Naming"), LensItem("b", "convention", 2.0, title="x"),
             LensItem("c", "fact", 3.0, title="y")]
    assert lens_title(items) == "⚖ ADR: Naming · +2"
    assert lens_title(items[:1]) == "⚖ ADR: Naming"
    long = LensItem("a", "convention", 1.0, title="A convention with a title far longer than any lens should hold")
    assert lens_title([long]).endswith("…") and len(lens_title([long])) <= 50


def test_an_anchor_the_import_derived_says_the_record_names_the_symbol():
    from lore.memory import Anchor

    anchor = Anchor("symbol", "Reader", language="go", file="x/reader.go")
    m = memory("ADR-013", "Backends declare capabilities.")
    m.meta["derived_anchors"] = {"symbol:go:Reader@x/reader.go": "names `tracestore.Reader`"}
    reader, method = symbol("tracestore.Reader", "interface"), symbol("tracestore.Reader.GetTraces", "method")
    assert reason(Governing(m, "symbol", via="tracestore.Reader", anchor=anchor), [reader]) == "names `tracestore.Reader`"
    assert reason(Governing(m, "symbol", via="tracestore.Reader", anchor=anchor), [reader, method]) == \
        "names `Reader`, which holds this method"



BADGED_README = """# covguard-policy

[![crates.io](https://img.shields.io/crates/v/covguard-policy.svg)](https://crates.io/crates/covguard-policy)
[![docs.rs](https://docs.rs/covguard-policy/badge.svg)](https://docs.rs/covguard-policy)
[![License: MIT](https://img.shields.io/badge/License-MIT-blue.svg)](LICENSE)

Shared policy model for coverage policy evaluation.
"""


def test_gist_skips_a_paragraph_of_badges_and_plain_strips_nested_links():
    assert gist(BADGED_README) == "Shared policy model for coverage policy evaluation."
    assert plain("See [![docs.rs](https://docs.rs/x/badge.svg)](https://docs.rs/x) now") == "See docs.rs now"
    assert gist("[Read the guide](docs/guide.md) before you start.") == "Read the guide before you start."
