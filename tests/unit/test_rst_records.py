"""Decision records written in reStructuredText (Sphinx projects): found, read as markdown line for line, imported."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.markup import markdown, rst
from lore.memory import SourceKind
from lore.sources.classify import ADR, classify
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write
from lore.sources.docs import LINKS_ONLY

RECORD = """\
5. Identifier Conventions
=========================

Context
-------

We want conventions for referencing models, see `OEP-9`_ and `the guide <https://example.org/guide>`_.

Decision
--------

:Status: Accepted

Helpers live in the ``openedx_learning.lib.fields`` module; :class:`~pkg.Taxonomy` keeps them.

Notes
~~~~~

#. first
#. second

Example::

    # not a heading
    key = key_field()

.. note::
   An aside.

.. _OEP-9: https://example.org/oep-9
"""


def test_titles_become_headings_and_lines_stay_where_they_were():
    md = rst.to_markdown(RECORD)
    assert md.count("\n") == RECORD.count("\n")
    doc = markdown.parse(md)
    assert doc.title()[0] == "5. Identifier Conventions"
    heads = [(h.level, h.text) for h in markdown.headings(md)]
    assert heads == [(1, "5. Identifier Conventions"), (2, "Context"), (2, "Decision"), (3, "Notes")]
    lines = md.split("\n")
    assert lines[RECORD.split("\n").index("Decision")] == "## Decision"


def test_inline_markup_reads_as_markdown():
    md = rst.to_markdown(RECORD)
    assert "`openedx_learning.lib.fields`" in md and "``openedx" not in md
    assert ("the guide", "https://example.org/guide") in markdown.links(md)
    assert ("OEP-9", "https://example.org/oep-9") in markdown.links(md)
    assert "`Taxonomy` keeps them" in md
    assert "Status: Accepted" in md.split("\n")
    assert "1. first" in md and "#." not in md
    assert "```\n    # not a heading\n    key = key_field()\n```" in md  # a literal block is fenced code, never a heading
    assert "> **Note:**\n>    An aside." not in md and "> **Note:**\n> An aside." in md  # a note is the text's own


def test_code_directives_are_fenced_admonitions_quoted_and_other_directives_left_out():
    """A Sphinx page's `.. code-block::` is its sample code (fenced, as a markdown page's), a `.. warning::` its
    own guidance (quoted), a `.. toctree::` no prose, an `.. automodule::` the code it documents (its options
    no prose)."""
    text = ("Deploying\n=========\n\n.. warning:: Never run migrations by hand.\n\n.. code-block:: bash\n\n"
            "    make migrate\n\n.. automodule:: app.deploy\n   :members:\n\nAfter.\n")
    md = rst.to_markdown(text)
    assert md.count("\n") == text.count("\n")
    assert "> **Warning:** Never run migrations by hand." in md
    assert "```\n    make migrate\n```" in md
    assert "automodule" not in md and ":members:" not in md and "After." in md
    assert "`app.deploy`" in md.split("\n")


def test_a_class_an_autodoc_directive_documents_anchors_the_record(tmp_workspace: Path):
    """Shaped on uktrade/tamato (MIT) docs/source/adr: a record lists the business rules it covers as
    `.. autoclass:: commodities.business_rules.NIG30`, which resolves to the class in that module."""
    ws = write(tmp_workspace, {"commodities/business_rules.py": "class NIG30:\n    pass\n\nclass NIG31:\n    pass\n",
                               "quotas/business_rules.py": "class QA3:\n    pass\n"})
    text = rst.to_markdown("13. Rules\n=========\n\nDecision\n--------\n\n.. autoclass:: commodities.business_rules.NIG30\n"
                           "   :members:\n\nDone.\n")
    found = derive_anchors(text, "docs/source/adr/13-rules.rst", AnchorContext(ws))
    assert [(d.anchor.kind, d.anchor.file) for d in found] == [("symbol", "commodities/business_rules.py")]


def test_a_literal_block_is_fenced_where_blank_lines_allow_and_stays_indented_code_where_they_do_not():
    text = "Use it::\n\n    a = ```b```\n\n    c()\n\nAfter.\n\nTight::\n\n    x()\nNext.\n\nLast::\n\n    y()\n"
    md = rst.to_markdown(text)
    assert md.count("\n") == text.count("\n")
    assert md.split("\n") == ["Use it:", "````", "    a = ```b```", "", "    c()", "````", "After.", "",
                               "Tight:", "", "        x()", "Next.", "", "Last:", "```", "    y()", "```"]


def test_names_a_literal_block_only_uses_anchor_nothing(tmp_workspace: Path):
    """Sample code in an rst record illustrates, as a markdown record's fenced block does: the names it calls
    are not what the decision governs (from openedx/frontend-platform's 0006, AGPL-3.0)."""
    from lore.sources.mentions import AnchorContext, derive_anchors
    from tree_files import write

    ws = write(tmp_workspace, {"src/auth/service.js": "export class AxiosJwtAuthService {}\n",
                               "src/logging/interface.js": "export function getLoggingService() {}\n"})
    text = rst.to_markdown("Middleware\n==========\n\nDecision\n--------\n\nThe ``AxiosJwtAuthService`` applies "
                           "middleware. Pass it to configure::\n\n   configure({\n       loggingService: "
                           "getLoggingService(),\n   });\n\nThat is all.\n")
    found = derive_anchors(text, "docs/decisions/0006-middleware.rst", AnchorContext(ws))
    assert [d.anchor.to_text() for d in found] == ["symbol:javascript:AxiosJwtAuthService"]


@pytest.mark.parametrize("rel", ["docs/decisions/0005-identifier-conventions.rst", "doc/adr/adr-001-queues.rst"])
def test_rst_records_go_to_the_adr_importer(rel):
    assert classify(rel) == ADR


@pytest.mark.parametrize("rel", ["docs/index.rst", "README.rst", "docs/getting_started.rst"])
def test_other_rst_files_are_not_records(rel):
    assert classify(rel) != ADR


def test_a_folder_given_by_hand_holds_rst_records():
    assert classify("architecture/0001-x.rst", ["architecture"]) == ADR


def test_an_rst_record_is_imported_as_a_decision(tmp_workspace: Path):
    path = tmp_workspace / "docs" / "decisions" / "0005-identifier-conventions.rst"
    path.parent.mkdir(parents=True)
    path.write_text(RECORD)
    (tmp_workspace / "docs" / "decisions" / "index.rst").write_text("Decisions\n=========\n\n.. toctree::\n   :glob:\n\n   *\n")
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        records = [m for m in lore.list(limit=50) if m.provenance.kind is SourceKind.ADR]
        assert [m.title for m in records] == ["5. Identifier Conventions"]
        assert records[0].status.value == "active"
        assert "openedx_learning.lib.fields" in records[0].body
    finally:
        lore.close()


_PIECES = ["Title", "=====", "-----", "~~~~", "::", ".. note::", ".. _x: http://a", "``code``", "`t <u>`_",
           ":class:`~a.B`", ":status: ok", "#. item", "   indented", "\t", "`", "<", ">", "_", "é😀", "\r", "\x00"]


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=12)), max_size=60),
       breaks=st.lists(st.booleans(), max_size=60))
def test_any_text_reads_as_markdown_with_the_same_lines(parts, breaks):
    """Whatever the text, the rewrite neither fails nor moves a line (sections point into the file)."""
    text = "".join(p + ("\n" if b else " ") for p, b in zip(parts, breaks + [True] * len(parts)))
    assert rst.to_markdown(text).count("\n") == text.count("\n")


def test_a_long_line_of_unclosed_markup_is_read_quickly():
    started = time.monotonic()
    rst.to_markdown(("`a <" * 20_000) + "\n" + (":x:`" * 20_000) + "\n" + ("``" * 20_001))
    assert time.monotonic() - started < 2


def test_rst_and_adoc_documentation_and_guides_are_imported(tmp_workspace: Path):
    """A Sphinx project's read-me, guides and documentation pages (openedx/openedx-learning keeps `README.rst`,
    `docs/testing.rst`; a Java project `doc/build.adoc`) are read as markdown like its records; a page that is
    only a table of contents (a toctree) is reported as the list of links it is."""
    from tree_files import write

    write(tmp_workspace, {
        "README.rst": "Learning Core\n=============\n\nA library of ``openedx_learning`` apps.\n",
        "CONTRIBUTING.rst": "Contributing\n============\n\nAlways run ``make quality`` before a pull request.\n",
        "docs/testing.rst": "Testing\n=======\n\nRun the tests with ``pytest``::\n\n    pytest -x\n\n"
                            "Fixtures\n--------\n\nEach app keeps its fixtures in ``tests/fixtures``.\n",
        "docs/api_reference.rst": "API Reference\n=============\n\n.. toctree::\n   :glob:\n\n   public_apis/*\n",
        "doc/build.adoc": "= Building\n\n== Gradle\n\nRun `./gradlew build`; see xref:release.adoc[releasing].\n",
    })
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lore)
        assert sorted(summary.docs) == ["README.rst", "doc/build.adoc", "docs/testing.rst"]
        assert summary.rules == ["CONTRIBUTING.rst"]
        assert dict(summary.not_taken)["docs/api_reference.rst"] == LINKS_ONLY
        pages = {m.provenance.path: m for m in lore.list(limit=50)}
        testing = lore.store.sections.of_memory(pages["docs/testing.rst"].id)
        assert [s.heading for s in testing] == [None, "Fixtures"] and "tests/fixtures" in testing[1].text
        assert pages["doc/build.adoc"].title == "Building" and "./gradlew build" in pages["doc/build.adoc"].body
        assert any("make quality" in m.body for m in lore.list(limit=50) if m.provenance.path == "CONTRIBUTING.rst")
    finally:
        lore.close()


def test_a_numbered_series_of_rst_pages_is_documentation_and_states_its_status(tmp_workspace: Path):
    """NumPy keeps its enhancement proposals as `doc/neps/nep-0029-deprecation_policy.rst`, each with a
    `:Status:` field; in a folder no rule names (`neps/`), they are still a series of pages, read as decision
    records."""
    from tree_files import write

    def nep(n: int, title: str, status: str) -> str:
        return (f"{'=' * 40}\nNEP {n} — {title}\n{'=' * 40}\n\n:Author: A. Person\n:Status: {status}\n\n"
                f"Abstract\n--------\n\nThis proposal says how {title.lower()} works for the whole project.\n")

    write(tmp_workspace, {"neps/nep-0001-process.rst": nep(1, "Process", "Active"),
                          "neps/nep-0029-deprecation_policy.rst": nep(29, "Deprecation policy", "Final"),
                          "neps/nep-0030-duck-arrays.rst": nep(30, "Duck arrays", "Draft"),
                          "neps/conf.py": "project = 'NEPs'\n"})
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        summary = run_import(lore)
        assert sorted(summary.decisions) == ["neps/nep-0001-process.rst", "neps/nep-0029-deprecation_policy.rst",
                                             "neps/nep-0030-duck-arrays.rst"]
        status = {m.provenance.path.rsplit("/", 1)[-1]: m.status.value for m in lore.list(limit=50)
                  if m.provenance.kind is SourceKind.ADR}
        assert status == {"nep-0001-process.rst": "active", "nep-0029-deprecation_policy.rst": "active",
                          "nep-0030-duck-arrays.rst": "proposed"}
    finally:
        lore.close()


def test_a_pages_title_is_past_a_notice_banner_and_without_its_badges():
    """openedx/ecommerce's README.rst (AGPL-3.0) opens on a "⛔️ WARNING" heading over its deprecation notice, then
    "edX E-Commerce Service  |CI|_ |Codecov|_": the page was stored as "⛔️ WARNING". A page whose only level-1 heading
    is a notice keeps it."""
    text = ("⛔️ WARNING\n==========\n\nThis repository is deprecated.\n\nedX E-Commerce Service  |CI|_ |Codecov|_\n"
            "============================================\n\nThe service.\n")
    assert markdown.parse(rst.to_markdown(text)).title()[0] == "edX E-Commerce Service"
    only = "Warning\n=======\n\nDo not run this in production.\n\nDetails\n-------\n\nIt deletes data.\n"
    assert markdown.parse(rst.to_markdown(only)).title()[0] == "Warning"


def test_a_sphinx_table_of_contents_is_a_list_of_links():
    """openedx/ecommerce's `docs/decisions.rst` (AGPL-3.0) is a title over a `toctree`: the import called it "empty";
    it lists the records, each read itself."""
    from lore.sources.docs import parse_doc

    text = ("Decisions\n=========\n\n.. toctree::\n    :glob:\n    :maxdepth: 1\n\n    decisions/*\n"
            "    Intro <intro>\n")
    converted = rst.to_markdown(text)
    assert "- [decisions/*](decisions/*)" in converted and "- [Intro](intro)" in converted
    assert converted.count("\n") == text.count("\n")
    assert parse_doc("docs/decisions.rst", converted).note == LINKS_ONLY
