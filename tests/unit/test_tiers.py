"""The unit tier starts no Lore process: a test that runs `python -m lore`, the language server or the
MCP server as a process (over stdio, through git's merge driver, in a capped child) belongs in
tests/e2e. Read from the source, nothing run; `git` and tools such as ruff may still be started."""

from __future__ import annotations

import re
from pathlib import Path

UNIT = Path(__file__).resolve().parent
# A Lore process in the making: the module run as a program, the raw LSP client, an MCP stdio session.
STARTS_LORE = re.compile(r"""["']-m["'],\s*["']lore(\.lsp)?["']|-m lore(\.lsp)?\s|\bRawServer\(|\bstdio_client\(|"""
                         r"""from lsp_support import""")


def lore_processes(folder: Path) -> list[str]:
    """`file:line` of every place under `folder` that starts a Lore process."""
    found = []
    for path in sorted(folder.glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if STARTS_LORE.search(line) and path.name != Path(__file__).name:
                found.append(f"{path.name}:{n}")
    return found


def test_unit_tests_start_no_lore_process():
    assert lore_processes(UNIT) == []


def test_the_check_finds_each_way_of_starting_one(tmp_path):
    lines = ['run([sys.executable, "-m", "lore", "-w", ws])', "f'{python} -m lore merge-file %O'",
             "server = RawServer(ws)", 'cmd = [sys.executable, "-m", "lore.lsp"]', "async with stdio_client(params):",
             "from lsp_support import start", 'run([sys.executable, "-m", "ruff", "check"])', 'git("commit", "-m", "lore: x")']
    (tmp_path / "test_x.py").write_text("\n".join(lines) + "\n")
    assert lore_processes(tmp_path) == [f"test_x.py:{n}" for n in range(1, 7)]
