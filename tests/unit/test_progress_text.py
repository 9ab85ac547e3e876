"""Progress notifications say how far an import is in short, steady text (issue 16: no flicker of long paths)."""

from __future__ import annotations


def test_progress_text_is_a_short_file_name():
    from lore.lsp.background import short_text

    assert short_text("contributing/ADRs/back-end/write-model-vs-read-models.md") == "write-model-vs-read-models.md"
    assert len(short_text("a/" + "x" * 80 + ".md")) == 32
    assert short_text("embedding") == "embedding"
