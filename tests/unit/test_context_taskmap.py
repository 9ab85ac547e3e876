"""A task's pack starts with the map lines that share its words: the commands, modules, test folders
and entry points it needs, then the project's plainest test, lint and build commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.codemap import store as map_store
from lore.codemap import model
from lore.codemap.model import CodeMap, Command, Module
from lore.context import build_pack
from lore.context.taskmap import task_map_lines, task_terms, words
from tree_files import hash_lore

FILES = {
    "pyproject.toml": '[project]\nname = "shop"\n[project.scripts]\nshop = "shop.cli:main"\n',
    "Makefile": (".PHONY: test lint migrate mocks\ntest:\n\tpytest -q\nlint:\n\truff check .\n"
                 "migrate:\n\talembic upgrade head\ngenerate-mocks:\n\tmockery --all\n"),
    "src/shop/__init__.py": '"""Shop: orders and payments."""\n',
    "src/shop/api/__init__.py": '"""HTTP routes of the shop."""\nfrom shop.orders import service\n',
    "src/shop/api/routes.py": "from shop.db.session import Session\n",
    "src/shop/db/__init__.py": '"""Database access: sessions and models."""\nfrom shop.db.session import Session\n',
    "src/shop/db/session.py": "class Session: ...\n",
    "src/shop/orders/service.py": "from shop.db import Session\n",
    "src/shop/cli.py": "from shop.orders import service\nimport shop.db\nimport shop.api\n",
    "tests/orders/test_orders.py": "from shop.orders import service\n",
    "tests/payments/test_payments.py": "import shop\n",
}


@pytest.fixture
def lore(tmp_workspace: Path):
    with hash_lore(tmp_workspace, FILES) as lo:
        map_store.refresh_map(lo)
        yield lo


def _map_section(md: str) -> str:
    return md.split("## Map", 1)[1].split("\n## ", 1)[0]


def test_words_split_identifiers_and_drop_plurals_and_filler():
    assert words("make generate-mocks") == {"generate", "mock"}  # "make" says nothing, plurals count once
    assert words("src/test/e2e/api") == {"src", "test", "e2e", "api"}
    assert {"feature", "toggle", "service"} <= words("featureToggleService")
    assert "the" not in words("the tests") and "test" in words("the tests")


def test_task_words_widen_by_family_and_name_command_kinds():
    terms, kinds = task_terms("add a new REST endpoint")
    assert {"route", "controller", "handler"} <= terms and not kinds
    terms, kinds = task_terms("add a database migration")
    assert "alembic" in terms and kinds == {"migrate"}
    assert task_terms("regenerate mocks")[1] == {"generate"}


def test_a_migration_task_gets_the_migrate_command_then_the_plain_ones(lore):
    pack = build_pack(lore, task="add a database migration", budget=1500)
    section = _map_section(pack.markdown)
    assert "- migrate: `make migrate` → `alembic upgrade head`\n" in section
    assert section.index("make migrate") < section.index("make test")
    assert "; lint `make lint` → `ruff check .`" in section and "program" not in section
    assert pack.map_lines > 3 and pack.tokens <= 1500


def test_where_are_the_tests_for_x_names_its_test_folder(lore):
    section = _map_section(build_pack(lore, task="where are the tests for orders and how are they run",
                                      budget=1500).markdown)
    assert "- tests: `tests/orders/` (1 files" in section
    assert "tests/payments" not in section
    assert "`make test` → `pytest -q`" in section


def test_an_endpoint_task_finds_the_routes_module_by_family(lore):
    section = _map_section(build_pack(lore, task="add a new API endpoint", budget=1500).markdown)
    assert "- code: `src/shop/api/` — HTTP routes of the shop" in section
    assert "src/shop/db/" not in section


def test_a_task_sharing_no_word_still_gets_the_plain_commands_and_programs():
    cmap = CodeMap("x", commands=[Command("make test", "pytest", "Makefile"), Command("make lint", "ruff", "Makefile")])
    lines = task_map_lines(cmap, "write a poem")
    assert lines == ["- test `make test` → `pytest`; lint `make lint` → `ruff`"]  # one line, every task needs it
    assert task_map_lines(CodeMap("empty"), "write a poem") == []


def test_ci_steps_and_other_sub_projects_rank_below_the_projects_own_targets():
    cmap = CodeMap("x", commands=[
        Command("Run storage integration tests", "make storage-integration-test", ".github/workflows/ci.yml"),
        Command("make test (in tools)", "go test ./...", "tools/Makefile", area="tools"),
        Command("make storage-integration-test", "go test ./integration/...", "Makefile"),
    ], tests=[model.TestLayout("internal/**/*_test.go (beside the code)", "go test", 9,
                         {"internal/storage/integration": 4, "internal/metrics": 5})],
        modules=[Module("internal/storage/integration", "go", 4)])
    lines = task_map_lines(cmap, "run the storage integration tests")
    assert next(ln for ln in lines if ln.startswith("- test:")) == \
        "- test: `make storage-integration-test` → `go test ./integration/...`"
    assert "- tests: `internal/storage/integration/` (4 files, go test)" in lines
    assert not any("internal/metrics" in ln for ln in lines)


def test_a_file_pack_keeps_its_module_lines(lore):
    md = build_pack(lore, path="src/shop/db/session.py", task="add a database migration", budget=1500).markdown
    section = _map_section(md)
    assert "Module `src/shop/db/`" in section and "- migrate:" not in section


def test_a_small_budget_keeps_the_best_of_each_part(lore):
    small = _map_section(build_pack(lore, task="add a database migration", budget=210).markdown)  # room kept for the closing lines
    assert "- code: " in small and "- migrate: `make migrate`" in small
    assert small.count("  > - ") < len(task_map_lines(map_store.stored_map(lore), "add a database migration"))


def test_a_task_alone_gets_a_compact_pack_and_a_smaller_default_budget(lore):
    from lore.memory import Kind, Memory

    mem = lore.add(Memory(title="Migrations never change once merged", kind=Kind.CONVENTION,
                          body="Write a new migration that reverts the old one.")).memory
    pack = build_pack(lore, task="add a database migration")
    assert pack.budget == 400 and pack.tokens <= 400
    md = pack.markdown
    assert "\n## Map\n- derived by `lore map` from the repository's files (quoted as data):\n" in md
    # the kind, the source and the trust: not the reason every item of a task's pack shares, no link
    assert f"\n- **convention** · from `{mem.id}` (your own):\n  > **Migrations never change once merged**" in md
    assert "matches the task" not in md
    assert md.endswith(f"\n_1 memory, {pack.tokens} of 400 tokens._\n")
    assert build_pack(lore, path="src/shop/db/session.py", task="add a database migration").budget == 1500
    assert build_pack(lore, task="add a database migration", budget=900).budget == 900


def _two_layouts() -> CodeMap:
    """Unit tests beside the code (a few in the admin routes' folder) and end-to-end tests in a test tree."""
    return CodeMap("x", routes={"src/lib/routes/admin-api/index.ts": 36},
                   commands=[Command("npm run gen:api", "orval", "frontend/package.json", area="frontend"),
                             Command("npm test", "vitest run", "package.json")],
                   modules=[Module("frontend/src/hooks/api", "typescript", 9)],
                   tests=[model.TestLayout("src/**/*.test.ts (beside the code)", "Vitest", 301,
                                           {"src/lib/routes/admin-api": 6, "src/lib/routes/admin-api/user": 1,
                                            "src/lib/routes/public-api": 3}),
                          model.TestLayout("src/test/", "Vitest", 125,
                                           {"src/test/fixtures": 31, "src/test/e2e/api/admin": 28})])


def test_the_tests_for_a_subject_are_one_line_naming_each_layouts_folder():
    cmap = _two_layouts()
    small = task_map_lines(cmap, "add a new admin API endpoint", 4)  # one line of each part
    tests = [ln for ln in small if ln.startswith("- tests: `src/")]
    assert tests == ["- tests: `src/lib/routes/admin-api/` (6 files), `src/test/e2e/api/admin/` (28 files, Vitest)"]
    # the second folder of the code's own layout waits for the test tree's best one
    whole = task_map_lines(cmap, "add a new public or admin API endpoint")
    named = next(ln for ln in whole if ln.startswith("- tests: `src/lib"))
    assert "`src/test/e2e/api/admin/`" in named and named.count("`src/lib/routes/") == 1
    assert "src/lib/routes/admin-api/user" not in named  # a sub-folder of one named adds nothing
    assert [ln for ln in whole if ln.startswith("- tests:")] == [named], "nor does a layout holding one named"
