"""Markdown pages a site generator templates first (`patching.html.md.erb`: the GOV.UK tech-docs /
Middleman layout) are documentation like any markdown page, under the same rules."""

from __future__ import annotations

from pathlib import Path

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.recall import Query
from lore.sources import classify
from lore.markup import markdown
from lore.sources.docs import is_documentation, p_stem, parse_doc
from tree_files import write

PAGE = Path(__file__).resolve().parents[1] / "fixtures" / "corpora" / \
    "ministryofjustice__modernisation-platform" / "source" / "concepts" / "sdlc" / "patching.html.md.erb"


def test_a_templated_page_under_a_docs_folder_is_taken():
    assert is_documentation("source/concepts/sdlc/patching.html.md.erb")
    assert classify.classify("source/concepts/sdlc/patching.html.md.erb") == classify.DOC
    assert p_stem("docs/README.html.md.erb") == "readme"


def test_templated_pages_are_left_out_by_the_same_names():
    for rel in ("docs/LICENSE.html.md.erb", "docs/code-of-conduct.md.erb", "source/templates/page.html.md.erb",
                "docs/layouts/page.html.erb"):
        assert not is_documentation(rel)
        assert classify.classify(rel) != classify.DOC


def test_import_reads_a_templated_page_with_its_front_matter_title(tmp_workspace):
    write(tmp_workspace, {"source/concepts/sdlc/patching.html.md.erb": PAGE.read_text(encoding="utf-8")})
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder()) as lore:
        summary = run_import(lore)
        assert summary.docs == ["source/concepts/sdlc/patching.html.md.erb"]
        hits = lore.search(Query("patching policy operating system updates", limit=3))
    assert hits and hits[0].memory.title == "Patching"


def test_a_templated_title_line_leaves_the_page_split_at_its_own_headings():
    rel = "source/user-guide/how-to-use-shared-kms-keys.html.md.erb"
    text = (PAGE.parents[2] / "user-guide" / "how-to-use-shared-kms-keys.html.md.erb").read_text(encoding="utf-8")
    assert text.splitlines()[7] == "# <%= current_page.data.title %>"  # no text of its own: the front matter names it
    m = parse_doc(rel, text).memories[0]
    assert m.title == "How to use shared KMS keys"
    assert [s.heading for s in m.sections] == [None, "Introduction", "Shared per business unit KMS keys", "How to use"]
    assert m.sections[1].line == 10 and m.sections[1].text.startswith("How to use shared KMS keys — Introduction\n")


def test_a_heading_with_text_is_still_preferred_as_the_title():
    doc = markdown.parse("# <%= title %>\n\n## Part\n\nx\n\n# Real title\n\ny\n")
    assert doc.title() == ("Real title", 7)
    assert markdown.parse("## Only part\n\nx\n").title() == ("Only part", 1)
