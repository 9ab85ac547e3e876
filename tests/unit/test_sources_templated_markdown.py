"""Markdown pages a site generator templates first (`patching.html.md.erb`: the GOV.UK tech-docs /
Middleman layout) are documentation like any markdown page, under the same rules."""

from __future__ import annotations

from pathlib import Path

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.recall import Query
from lore.sources import classify
from lore.sources.docs import is_documentation, p_stem
from tree_files import write

PAGE = Path(__file__).resolve().parents[1] / "fixtures" / "corpora" / \
    "ministryofjustice__modernisation-platform" / "source" / "concepts" / "sdlc" / "patching.html.md.erb"


def test_a_templated_page_under_a_docs_folder_is_taken():
    assert is_documentation("source/concepts/sdlc/patching.html.md.erb")
    assert classify.classify("source/concepts/sdlc/patching.html.md.erb") == classify.DOC
    assert p_stem("docs/README.html.md.erb") == "readme"


def test_templated_pages_are_left_out_by_the_same_names():
    for rel in ("docs/CHANGELOG.html.md.erb", "docs/changelog.md.erb", "source/templates/page.html.md.erb",
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
