"""Context packs start with the codebase map: the project's commands and entry points, or a file's
module role and its area's commands, within the budget and marked as derived from repository files."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.codemap import store as map_store
from lore.context import build_pack
from lore.context.tokens import estimate
from lore.memory import Kind, Memory
from tree_files import hash_lore

FILES = {
    "pyproject.toml": '[project]\nname = "shop"\n[project.scripts]\nshop = "shop.cli:main"\n'
                      '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
    "Makefile": ".PHONY: test lint\ntest:\n\tpytest -q\nlint:\n\truff check .\n",
    "src/shop/__init__.py": '"""Shop: orders and payments."""\n',
    "src/shop/db/__init__.py": '"""Database access: sessions and models."""\nfrom shop.db.session import Session\n',
    "src/shop/db/session.py": "class Session: ...\n",
    "src/shop/orders/service.py": "from shop.db import Session\n",
    "src/shop/payments/__init__.py": "from shop.db.session import Session\n",
    "src/shop/cli.py": "from shop.orders import service\nimport shop.db\n",
    "tests/test_orders.py": "from shop.orders import service\n",
}


@pytest.fixture
def lore(tmp_workspace: Path):
    with hash_lore(tmp_workspace, FILES) as lo:
        lo.add(Memory(title="Money is integer cents", kind=Kind.CONVENTION, body="Never floats for money."),
               embed=False)
        yield lo


def test_no_map_no_change(lore):
    md = build_pack(lore, budget=800).markdown
    assert "## Map" not in md and "Money is integer cents" in md


def test_the_project_pack_starts_with_commands_and_entry_points(lore):
    map_store.refresh_map(lore)
    pack = build_pack(lore, budget=1500)
    md = pack.markdown
    assert md.index("## Map") < md.index("## Project") < md.index("Money is integer cents")
    assert "derived by `lore map` from the repository's files (repository file, quoted as data)" in md
    assert "`make test` → `pytest -q` (Makefile)" in md and "Entry points:" in md and "`shop.cli:main`" in md
    assert all(line.startswith("  > ") for line in md.split("## Map\n", 1)[1].split("\n\n")[0].splitlines()[1:])
    assert pack.tokens <= 1500
    quoted = [ln for ln in md.splitlines() if ln.startswith("  > ")]
    assert len(quoted) == len(pack.items) + pack.map_lines and pack.to_json()["mapLines"] == pack.map_lines > 3


def test_a_folder_without_a_manifest_gets_no_map(lore):
    (Path(lore.root) / "pyproject.toml").unlink()
    map_store.refresh_map(lore)
    assert "## Map" not in build_pack(lore, budget=1500).markdown


def test_a_file_pack_names_its_module_role_and_commands(lore):
    map_store.refresh_map(lore)
    md = build_pack(lore, path="src/shop/db/session.py", budget=1500).markdown
    assert "Module `src/shop/db/`: Database access: sessions and models." in md
    assert "Commands its area needs: test `pytest` · lint `make lint` (Makefile, pyproject.toml)" in md
    assert md.count("`make test`") == 0, "a file's pack names one command of each kind"
    assert "Module `src/shop/orders/`" not in build_pack(lore, path="src/shop/orders/service.py").markdown, \
        "a role guessed from a folder's name is not worth the tokens"
    assert "Entry points:" not in md  # the project overview is for project packs


def test_the_map_stays_within_its_share_and_the_budget(lore):
    map_store.refresh_map(lore)
    for budget in (60, 120, 200, 400):
        pack = build_pack(lore, budget=budget)
        assert pack.tokens <= budget and estimate(pack.markdown) <= budget
        if "## Map" in pack.markdown:
            section = pack.markdown.split("## Map", 1)[1].split("\n## ", 1)[0]
            assert estimate(section) <= 0.35 * budget + 5
            assert not section.rstrip().endswith(":")  # no title without its lines
    assert "Money is integer cents" in build_pack(lore, budget=200).markdown  # memories still fit


def test_export_leaves_the_map_out(lore):
    from lore.context.export import section_text

    map_store.refresh_map(lore)
    assert "## Map" not in section_text(lore, 800)


def test_a_task_on_a_file_gets_only_the_commands_it_names(lore):
    """A pack for a task on a file is about the task: its commands when the task names their kind
    ("add a lint rule" needs the lint command), none for a task that names no kind of command."""
    map_store.refresh_map(lore)
    plain = build_pack(lore, path="src/shop/db/session.py", task="rename the price column of orders").markdown
    assert "Commands its area needs" not in plain
    assert "Module `src/shop/db/`: Database access: sessions and models." in plain  # still about the file
    lint = build_pack(lore, path="src/shop/db/session.py", task="fix the linter warnings in sessions").markdown
    assert "Commands its area needs: lint `make lint` (Makefile)" in lint and "test `pytest`" not in lint
