"""Front matter built to explode (alias bombs, deep nesting, huge values) costs one skipped file.

The whole command runs in a child process capped at 500 MB of address space and 30 seconds (the
issue's bound for any single hostile file); it must finish, name the bad file, and import the
good one beside it. Without bounds the child is killed or raises RecursionError.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_support import child, write

from lore.markup.markdown import split_front_matter
from lore.markup.yamlbound import LIMITS, YamlLimitError, load_bounded

GOOD_ADR = "# 2. Use cents for money\n\n## Status\n\nAccepted\n\n## Decision\n\nIntegers only.\n"
KEYS = ("title", "status", "date", "tags", "description", "globs", "anchors", "supersedes", "name")


def bomb(levels: int = 9, width: int = 10) -> str:
    """'Billion laughs': each level is a list of `width` aliases of the level below; every key gets the top."""
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        lines.append(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]")
    lines += [f"{key}: *l{levels}" for key in KEYS]
    return "\n".join(lines)


def deep(depth: int = 20_000) -> str:
    return f"title: {'[' * depth}x{']' * depth}"


def deep_block(depth: int = 20_000) -> str:
    """Block sequences nested on one line (`- - - x`): each dash opens a sequence inside the last."""
    return "title: x\ntags:\n" + "- " * depth + "x"


def wide_alias(size: int = 200_000, copies: int = 3000) -> str:
    return f"title: &t {'x' * size}\ntags: [{', '.join(['*t'] * copies)}]"


def huge_value(size: int = 900_000) -> str:
    return f"title: {'y' * size}"


FRONTS = {"bomb": bomb(), "deep-flow": deep(), "deep-block": deep_block(), "wide-alias": wide_alias(size=50_000),
          "huge-value": huge_value()}
FILES = {
    "agents-md": ("AGENTS.md", "---\n{front}\n---\n# Rules\n\n## Style\n\nShort functions.\n"),
    "adr": ("docs/adr/0001-bomb.md", "---\n{front}\n---\n# 1. Bomb\n\n## Status\n\nAccepted\n\n## Decision\n\nX.\n"),
    "cursor-rule": (".cursor/rules/bomb.mdc", "---\n{front}\n---\n# Rule\n\nTabs.\n"),
    "team-file": (".lore/memories/bomb.md", "---\nid: bomb1\n{front}\n---\n# Bomb\n\nBody.\n"),
}


def _case(ws: Path, file_key: str, front_key: str) -> str:
    rel, template = FILES[file_key]
    write(ws, rel, template.format(front=FRONTS[front_key]))
    write(ws, "docs/adr/0002-cents.md", GOOD_ADR)
    return rel


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.mark.parametrize("front_key", [pytest.param(k, id=k) for k in ("bomb", "deep-flow", "wide-alias")])
@pytest.mark.parametrize("file_key", [pytest.param(k, id=k) for k in FILES])
def test_hostile_front_matter_costs_one_file(ws, file_key, front_key):
    rel = _case(ws, file_key, front_key)
    run = child(ws, "import", "--json")
    assert run.returncode == 0, run.stderr[-2000:]
    summary = json.loads(run.stdout)
    assert any(rel in w for w in summary["warnings"]), summary["warnings"]
    listed = child(ws, "list", "--json")
    assert listed.returncode == 0, listed.stderr[-2000:]
    assert any("Use cents for money" in m["title"] for m in json.loads(listed.stdout))


@pytest.mark.parametrize("front_key", [pytest.param(k, id=k) for k in ("deep-block", "huge-value")])
def test_deep_block_and_huge_values_in_an_adr(ws, front_key):
    rel = _case(ws, "adr", front_key)
    run = child(ws, "import", "--json")
    assert run.returncode == 0, run.stderr[-2000:]
    assert any(rel in w for w in json.loads(run.stdout)["warnings"])


@pytest.mark.parametrize("command", [
    pytest.param(("list",), id="list"),
    pytest.param(("doctor", "--no-model"), id="doctor"),
    pytest.param(("doctor", "--rebuild", "--no-model"), id="doctor-rebuild"),
    pytest.param(("search", "cents"), id="search"),
])
@pytest.mark.parametrize("front_key", [pytest.param(k, id=k) for k in ("deep-flow", "deep-block", "bomb")])
def test_one_bad_team_file_bricks_no_command(ws, command, front_key):
    _case(ws, "team-file", front_key)
    run = child(ws, *command)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and "RecursionError" not in run.stderr
    assert len(run.stderr) < 2000
    if command[0] == "list":
        assert ".lore/memories/bomb.md" in run.stderr


@pytest.mark.parametrize(("text", "limit"), [
    pytest.param(bomb(), "aliases", id="unit-bomb"),
    pytest.param(bomb(levels=4, width=4), "aliases", id="unit-small-bomb"),
    pytest.param(deep(), "nesting", id="unit-deep-flow"),
    pytest.param(deep_block(), "nesting", id="unit-deep-block"),
    pytest.param(wide_alias(size=50_000, copies=40), "aliases", id="unit-wide-alias"),
    pytest.param(huge_value(), "size", id="unit-huge"),
])
def test_bounded_loader_names_the_limit(text, limit):
    with pytest.raises(YamlLimitError) as info:
        load_bounded(text)
    assert limit in str(info.value)


@pytest.mark.parametrize("text", [
    pytest.param("title: &t Cents\nname: *t\ntags: [a, b]\n", id="one-alias-is-fine"),
    pytest.param("a:\n  b:\n    c: [1, {d: 2}]\n", id="ordinary-nesting"),
    pytest.param("date: 2024-01-31\nstatus: accepted\n", id="dates"),
])
def test_bounded_loader_reads_ordinary_front_matter(text):
    assert load_bounded(text)


def test_split_front_matter_refuses_the_whole_file():
    """A front matter over a limit is not salvaged key by key: the importer skips the file."""
    with pytest.raises(YamlLimitError) as info:
        split_front_matter(f"---\n{bomb()}\n---\n# T\n")
    assert str(LIMITS.max_aliases) in str(info.value) or str(LIMITS.max_nodes) in str(info.value)
