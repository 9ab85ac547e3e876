"""docs/neovim.md prints the Neovim configurations the real-Neovim tests run, character for character."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NEOVIM_DOC = HERE.parents[2] / "docs" / "neovim.md"
MARKED_BLOCK = re.compile(r"<!-- tested: (\S+) -->\n```lua\n(.*?)```\n", re.S)


def doc_snippets() -> dict[str, str]:
    """Fenced blocks of docs/neovim.md marked `<!-- tested: PATH -->`, by PATH."""
    return dict(MARKED_BLOCK.findall(NEOVIM_DOC.read_text(encoding="utf-8")))


@pytest.mark.parametrize("init", [
    pytest.param("init-0.11.lua", id="neovim-0.11"),
    pytest.param("init-0.7.lua", id="neovim-0.7"),
])
def test_the_documented_snippet_is_the_tested_init(init: str):
    path = f"tests/clients/nvim/{init}"
    snippets = doc_snippets()
    assert path in snippets, f"docs/neovim.md has no lua block marked <!-- tested: {path} -->"
    assert snippets[path] == (HERE / init).read_text(encoding="utf-8")


def test_every_marked_block_names_an_existing_init():
    snippets = doc_snippets()
    assert snippets, "docs/neovim.md marks no tested blocks"
    for path in snippets:
        assert (HERE.parents[2] / path).is_file(), f"docs/neovim.md marks {path}, which does not exist"
