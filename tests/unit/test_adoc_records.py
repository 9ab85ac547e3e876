"""Decision records written in AsciiDoc (`adr-tools` set to AsciiDoc, Java and Clojure projects): found, read
as markdown line for line, imported, their links between records followed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.markup import adoc, markdown
from lore.memory import SourceKind, Status
from lore.sources.classify import ADR, classify

# After xtdb/xtdb's notes/adr/0040-pgwire-txs.adoc (MPL-2.0), shortened, with a status naming its successor.
RECORD = """\
= 40. PGWire transaction behaviour
:sectnums:
:status: Proposed

Date: 2022-08-01

== Status

Superseded by xref:0041-scoped-transactions.adoc[41. Scoped transactions]

// a note to the authors
== Context

We've implemented a *PGWire adapter* as an initial driver, see http://jepsen.io/consistency[the models^].
Read <<options,the options>> first.

. read-only transactions can go to any node
.. they return a synchronous result
* write transactions go to the `tx-log`

'transaction basis'::
An upper bound on the transactions a query sees.
+
It defaults to the latest one.

[[options]]
=== Options

.Example
[source,java]
----
== not a heading
conn.setAutoCommit(false);
----

NOTE: Postgres clients expect `READ WRITE`.

|===
| Option | Effect
| A | single statements
|===

== Decision

We will implement option B, scoped transactions.
"""


def test_titles_become_headings_and_lines_stay_where_they_were():
    md = adoc.to_markdown(RECORD)
    assert md.count("\n") == RECORD.count("\n")
    assert markdown.parse(md).title()[0] == "40. PGWire transaction behaviour"
    heads = [(h.level, h.text) for h in markdown.headings(md)]
    assert heads == [(1, "40. PGWire transaction behaviour"), (2, "Status"), (2, "Context"), (3, "Options"),
                     (2, "Decision")]
    lines = md.split("\n")
    assert lines[RECORD.split("\n").index("== Decision")] == "## Decision"


def test_inline_and_block_markup_reads_as_markdown():
    md = adoc.to_markdown(RECORD)
    lines = md.split("\n")
    assert ("41. Scoped transactions", "0041-scoped-transactions.adoc") in markdown.links(md)
    assert ("the models", "http://jepsen.io/consistency") in markdown.links(md)
    assert "Read the options first." in lines
    assert "**PGWire adapter**" in md
    assert "Status: Proposed" in lines and ":sectnums:" not in md
    assert "a note to the authors" not in md
    assert "1. read-only transactions can go to any node" in lines and "  1. they return a synchronous result" in lines
    assert "- write transactions go to the `tx-log`" in lines
    assert "- **'transaction basis'**" in lines and "+" not in lines
    assert "```\n== not a heading\nconn.setAutoCommit(false);\n```" in md  # a listing is code, never a heading
    assert "> **Note:** Postgres clients expect `READ WRITE`." in lines
    assert "| A | single statements |" in lines and "|===" not in md
    assert "[[options]]" not in md and "[source,java]" not in md and ".Example" not in md


@pytest.mark.parametrize("rel", ["doc/adr/0001-record-architecture-decisions.adoc", "notes/adr/0040-pgwire.adoc",
                                 "docs/decisions/adr-002-queues.asciidoc"])
def test_adoc_records_go_to_the_adr_importer(rel):
    assert classify(rel) == ADR


@pytest.mark.parametrize("rel", ["README.adoc", "docs/index.adoc", "docs/getting-started.adoc"])
def test_other_adoc_files_are_not_records(rel):
    assert classify(rel) != ADR


def test_adoc_records_are_imported_and_linked(tmp_workspace: Path):
    folder = tmp_workspace / "doc" / "adr"
    folder.mkdir(parents=True)
    (folder / "0040-pgwire-txs.adoc").write_text(RECORD, encoding="utf-8")
    (folder / "0041-scoped-transactions.adoc").write_text(
        "= 41. Scoped transactions\n\nDate: 2022-09-01\n\n== Status\n\nAccepted\n\n== Context\n\nxref:0040-pgwire-txs"
        ".adoc[ADR 40] left it open.\n\n== Decision\n\nSession parameters scope the bases of a transaction.\n",
        encoding="utf-8")
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lore)
        records = {Path(m.provenance.path).name: m for m in lore.list(limit=50) if m.provenance.kind is SourceKind.ADR}
        assert set(records) == {"0040-pgwire-txs.adoc", "0041-scoped-transactions.adoc"}
        old, new = records["0040-pgwire-txs.adoc"], records["0041-scoped-transactions.adoc"]
        assert old.title == "40. PGWire transaction behaviour" and old.status is Status.SUPERSEDED
        assert old.superseded_by == [new.id]
        assert "option B" in old.body and new.status is Status.ACTIVE
        assert not summary.warnings
    finally:
        lore.close()


_PIECES = ["= T", "== S", "----", "....", "////", "|===", "[source]", "[[a]]", ".Title", "+", ":a: b", "// c",
           "* i", ". i", "t:: d", "*b*", "+p+", "<<a,b>>", "xref:a.adoc[b]", "http://x[y]", "`c`", "NOTE: n",
           "é😀", "\r", "\x00", "[", "]", "<<", ">>"]


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=12)), max_size=60),
       breaks=st.lists(st.booleans(), max_size=60))
def test_any_text_reads_as_markdown_with_the_same_lines(parts, breaks):
    """Whatever the text, the rewrite neither fails nor moves a line (sections point into the file)."""
    text = "".join(p + ("\n" if b else " ") for p, b in zip(parts, breaks + [True] * len(parts)))
    assert adoc.to_markdown(text).count("\n") == text.count("\n")


def test_a_long_line_of_unclosed_markup_is_read_quickly():
    started = time.monotonic()
    adoc.to_markdown(("*a " * 20_000) + "\n" + ("<<x," * 20_000) + "\n" + ("link:a[" * 20_000) + "\n" + ("a::" * 20_000))
    assert time.monotonic() - started < 2


def test_an_inline_picture_is_its_alt_text_never_a_link():
    """Tomboyo/lily's README.adoc opens with a release badge, `image:https://img.shields.io/…svg[title="latest release
    version badge" link=…]`, which became a broken link and the page's summary."""
    text = ('= Lily\n\nimage:https://img.shields.io/maven/v.svg[title="latest release version badge" link=https://x]\n\n'
            "Lily generates clients, see image:ci.svg[Build status,link=https://ci].\n")
    md = adoc.to_markdown(text)
    assert "img.shields.io" not in md and "](" not in md
    assert md.splitlines()[2] == "" and "see Build status." in md


# After a man page written in AsciiDoc, with two-line titles (apache/qpid-dispatch's and its forks' docs/man).
MAN_PAGE = """\
skstat(8)
=========
:doctype: manpage

NAME
----
skstat - show status and statistics for a running router

SYNOPSIS
--------
*skstat* ['OPTIONS']

OUTPUT COLUMNS
--------------

skstat -g
~~~~~~~~~

Version::
The version of the router.

EXAMPLES
--------

.Show the logging configuration:
--------------------------------------------------------------
skstat query --type=log
--------------------------------------------------------------

SEE ALSO
----------
skmanage(8)
"""


def test_a_two_line_title_is_a_heading_never_a_listing():
    """A line of `= - ~ ^ +` as long as the text above it, give or take two, underlines it as a title; the
    `----` under `NAME` opened a listing that never closed, and the page read as prose and code by turns."""
    md = adoc.to_markdown(MAN_PAGE)
    assert md.count("\n") == MAN_PAGE.count("\n")
    heads = [(h.level, h.text) for h in markdown.headings(md)]
    assert heads == [(1, "skstat(8)"), (2, "NAME"), (2, "SYNOPSIS"), (2, "OUTPUT COLUMNS"), (3, "skstat -g"),
                     (2, "EXAMPLES"), (2, "SEE ALSO")]
    lines = md.split("\n")
    assert lines[5] == "" and lines[6] == "skstat - show status and statistics for a running router"
    assert "```\nskstat query --type=log\n```" in md  # under a block title, a delimiter still opens a listing
    assert md.count("```") == 2


@pytest.mark.parametrize("text", ["Some text\n-----------------\n", "[source]\n--------\n", ".Title\n------\n",
                                  "// note\n-------\n", "\n----\n"])
def test_a_delimiter_under_no_title_of_its_length_is_no_underline(text):
    assert not markdown.headings(adoc.to_markdown(text))
