"""Hostile files through `lore import` and hostile arguments through `lore add`: each gets a clear
message (skipped with a reason, a warning naming file and line, or an error and exit code 2), the
import finishes, and the memories that existed before are all still there afterwards.

The corpus is built by the tests in temporary folders; nothing binary is committed.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from lore.cli.main import main

FIFTY_MB = 50 * 1024 * 1024


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def cli(capsys, ws: Path, *args: str) -> tuple[int, str, str]:
    """Run `lore -w WS ARGS`; (exit code, stdout, stderr with line wrapping undone)."""
    code = main(["-w", str(ws), *args])
    out, err = capsys.readouterr()
    return code, out, " ".join(err.split())


def write(ws: Path, rel: str, data: str | bytes) -> Path:
    path = ws / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def existing_memories(capsys, ws: Path) -> dict[str, str]:
    """Add a private and a team memory the bad input must not disturb; {id: title}."""
    made = {}
    for scope, title in (("workspace", "Retries use exponential backoff"), ("team", "Money is stored in cents")):
        code, out, err = cli(capsys, ws, "add", "--title", title, "--body", "Kept.", "--scope", scope, "--json")
        assert code == 0, err
        made[json.loads(out)["id"]] = title
    return made


def listed(capsys, ws: Path) -> dict[str, str]:
    """{id: title} of every memory; no memory is ever anchored outside the workspace."""
    code, out, err = cli(capsys, ws, "list", "--json")
    assert code == 0, err
    memories = json.loads(out)
    for m in memories:
        for anchor in m["anchors"]:
            path = anchor.split(":")[-1] if anchor.startswith(("symbol:", "lang:")) else anchor
            assert not path.startswith("/") and ".." not in path.split("/"), (m["title"], anchor)
    return {m["id"]: m["title"] for m in memories}


def random_bytes(n: int) -> bytes:
    return random.Random(n).randbytes(n)


def fifty_megabytes(path: Path) -> None:
    with path.open("wb") as f:
        line = b"The quick brown fox decides to use SQLite for everything. " * 17 + b"\n"
        for _ in range(FIFTY_MB // len(line) + 1):
            f.write(line)


TEAM_ANCHORED = "---\nkind: decision\nanchors:\n- {anchor}\n---\n# Anchored somewhere odd\n\nBody.\n"

# (file, content, what the import says about it)
CORPUS = [
    pytest.param("docs/adr/0001-blob.md", random_bytes(4096), {"skipped": "binary"}, id="binary-file"),
    pytest.param("app/nul.py", b"# DECISION: keep NULs out\nx = '\x00\x00'\n", {"skipped": "binary"}, id="nul-bytes"),
    pytest.param("docs/adr/0002-latin1.md", b"# Caf\xe9 au lait\n\n\xff\xfe broken \xc3\x28\n",
                 {"skipped": "not utf-8"}, id="invalid-utf8"),
    # ardalis/CleanArchitecture's PARALLEL_TEST_EXECUTION.md: UTF-8 but for one `×` saved as the Windows-1252 byte
    pytest.param("docs/parallel-tests.md", "# Parallel test execution\n\nTests run on (processors ".encode() +
                 b"\xd7 2) workers.\n\n" + "Each worker has its own database, created from a template. ".encode() * 3,
                 {"title": "Parallel test execution",
                  "warning": "docs/parallel-tests.md:3: 1 byte not UTF-8, read as Windows-1252"}, id="one-stray-byte"),
    pytest.param("docs/adr/0003-huge.md", fifty_megabytes, {"skipped": "too large"}, id="fifty-megabytes"),
    pytest.param("docs/adr/0004-lists.md", "# Deeply nested lists\n\n" + "- " * 10_000 + "leaf\n",
                 {"title": "Deeply nested lists"}, id="10k-nested-lists"),
    pytest.param("docs/adr/0005-quotes.md", "# Deeply nested quotes\n\n" + ">" * 10_000 + " leaf\n",
                 {"title": "Deeply nested quotes"}, id="10k-nested-quotes"),
    pytest.param("AGENTS.md", "# Rules\n\n" + "".join("  " * i + "- rule\n" for i in range(400)) + "\n" + "[" * 10_000,
                 {"title": "Rules"}, id="nested-rules-file"),
    pytest.param("docs/adr/0006-yaml.md", "---\nstatus: [unclosed\nfoo: : :\n---\n# Broken front matter\n\nBody.\n",
                 {"title": "Broken front matter", "warning": "broken YAML front matter"}, id="broken-yaml"),
    pytest.param(".lore/memories/dotdot.md", TEAM_ANCHORED.format(anchor="../outside/**"),
                 {"warning": "anchor '../outside/**' points outside the workspace"}, id="team-anchor-dotdot"),
    pytest.param(".lore/memories/absolute.md", TEAM_ANCHORED.format(anchor="/etc/passwd"),
                 {"warning": "anchor '/etc/passwd' is an absolute path"}, id="team-anchor-absolute"),
    pytest.param("docs/adr/0007-anchors.md",
                 "---\nanchors:\n- ../../etc/**\n- /etc/passwd\n---\n# Anchored outside\n\nx\n",
                 {"title": "Anchored outside"}, id="adr-front-matter-anchors-outside"),
    pytest.param(".lore/memories/yaml.md", "---\nkind: [decision\n---\n# Half a team file\n",
                 {"warning": ".lore/memories/yaml.md"}, id="team-broken-yaml"),
    pytest.param(".cursor/rules/out.mdc", "---\nglobs: ../../**, /etc/*\n---\n# Rule\n\nUse tabs.\n",
                 {"title": "Rule", "warning": "glob '../../**' ignored: anchor '../../**' points outside"},
                 id="mdc-globs-outside"),
    pytest.param("CLAUDE.md", "# Project\n\nSee @../outside.md and @/etc/hostname\n",
                 {"title": "Project", "warning": "import @../outside.md points outside the repository; not read"},
                 id="claude-import-outside"),
]


@pytest.mark.parametrize(("rel", "content", "expect"), CORPUS)
def test_bad_file_through_import(tmp_path: Path, capsys, rel: str, content: bytes | str | Callable, expect: dict):
    ws = tmp_path / "ws"
    ws.mkdir()
    before = existing_memories(capsys, ws)
    if callable(content):
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        content(ws / rel)
    else:
        write(ws, rel, content)
    code, out, err = cli(capsys, ws, "import", "--json")
    assert code == 0, err
    summary = json.loads(out)
    if "skipped" in expect:
        assert summary["skipped"] == {expect["skipped"]: 1}
        assert summary["added"] == 0
    if "warning" in expect:
        assert any(expect["warning"] in w for w in summary["warnings"]), summary["warnings"]
    after = listed(capsys, ws)
    assert before.items() <= after.items()  # nothing that existed was lost
    if "title" in expect:
        assert expect["title"] in after.values()
    code, out, err = cli(capsys, ws, "import", "--json")  # a second run sees the same and changes nothing
    again = json.loads(out)
    assert code == 0 and again["added"] == again["updated"] == again["deprecated"] == 0
    assert listed(capsys, ws) == after


def test_symlink_loops_and_links_out_of_the_workspace(tmp_path: Path, capsys):
    ws = tmp_path / "ws"
    (ws / "app").mkdir(parents=True)
    (ws / "docs" / "adr").mkdir(parents=True)
    outside = write(tmp_path, "outside.md", "# Outside notes\n\nnever-imported-marker\n")
    os.symlink("loop2", ws / "app" / "loop1")
    os.symlink("loop1", ws / "app" / "loop2")
    os.symlink(".", ws / "app" / "self")
    os.symlink("..", ws / "app" / "parent")
    os.symlink(outside, ws / "docs" / "adr" / "0001-outside.md")
    os.symlink(tmp_path, ws / "docs" / "escape")
    write(ws, "docs/adr/0002-real.md", "# A real decision\n\nImported once.\n")
    before = existing_memories(capsys, ws)
    code, out, err = cli(capsys, ws, "import")
    assert code == 0, err
    assert "outside workspace" in out
    after = listed(capsys, ws)
    assert before.items() <= after.items()
    assert list(after.values()).count("A real decision") == 1
    assert "Outside notes" not in after.values()
    assert b"never-imported-marker" not in (ws / ".lore" / "lore.db").read_bytes()


BAD_ADDS = [
    pytest.param(["--anchor", "../../etc/passwd"], "anchor '../../etc/passwd' points outside the workspace",
                 id="dotdot"),
    pytest.param(["--anchor", "app/../../x.py"], "points outside the workspace", id="dotdot-inside-path"),
    pytest.param(["--anchor", "/etc/passwd"], "is an absolute path", id="absolute"),
    pytest.param(["--title", "a\x01b" + "x" * 1000], "title is", id="title-too-long"),
    pytest.param(["--kind", "rumour"], "rumour", id="unknown-kind"),
    pytest.param(["--title", "bad \udcff byte"], "not valid UTF-8", id="undecodable-argument"),
    pytest.param(["--body", "nul \x00 byte"], "NUL", id="nul-in-body"),
]


@pytest.mark.parametrize(("extra", "message"), BAD_ADDS)
def test_bad_add_is_refused_with_a_message(tmp_path: Path, capsys, extra: list[str], message: str):
    ws = tmp_path / "ws"
    ws.mkdir()
    before = existing_memories(capsys, ws)
    args = ["add", "--title", "Bad one", "--body", "x", *extra]
    code, out, err = cli(capsys, ws, *args)
    assert code == 2, (out, err)
    assert message in err
    assert listed(capsys, ws) == before
    assert sorted(p.name for p in (ws / ".lore" / "memories").iterdir()) == ["money-is-stored-in-cents.md"]


@pytest.mark.parametrize("stdin", [
    pytest.param(b"\xff\xfe not utf-8 \xc3\x28", id="invalid-utf8"),
    pytest.param(b"nul \x00 byte", id="nul"),
])
def test_bad_body_on_stdin_is_refused(tmp_path: Path, capsys, monkeypatch, stdin: bytes):
    import io
    import sys

    ws = tmp_path / "ws"
    ws.mkdir()
    before = existing_memories(capsys, ws)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="surrogateescape"))
    code, out, err = cli(capsys, ws, "add", "--title", "From stdin", "--body", "-")
    assert code == 2 and ("not valid UTF-8" in err or "NUL" in err), (out, err)
    assert listed(capsys, ws) == before


SHAPES = {
    "indented-lists": "".join("  " * i + "- use it\n" for i in range(400)),
    "brackets": "[" * 20_000,
    "quotes": ">" * 20_000 + " quoted\n",
    "one-long-line": "a" * 400_000,
    "stars": "*" * 50_000,
    "checkboxes": "- [ ] " * 20_000,
    "bold-runs": "**x** " * 20_000,
    "blank-lines": " \t \n" * 50_000,
}
HOMES = {
    "docs/adr/0001-{}.md": "# Decision {}\n\n{}",
    "AGENTS-{}/AGENTS.md": "# Rules {}\n\n{}",
    ".cursor/rules/{}.mdc": "---\ndescription: {}\nalwaysApply: true\n---\n{}",
    "app/{}.py": "# DECISION: shape {}\n# {}\nx = 1\n",
    ".lore/memories/{}.md": "---\nkind: decision\n---\n# Team {}\n\n{}",
}


def test_pathological_shapes_in_every_source_kind_import_quickly(tmp_path: Path, capsys):
    """Shapes that make careless regular expressions and parsers backtrack, in every importer."""
    import time

    ws = tmp_path / "ws"
    ws.mkdir()
    before = existing_memories(capsys, ws)
    for home, template in HOMES.items():
        for name, shape in SHAPES.items():
            text = shape.replace("\n", "\n# ") if home.endswith(".py") else shape
            write(ws, home.format(name), template.format(name, text))
    started = time.process_time()  # CPU time, this process's threads: a loaded machine's waiting is not the import's
    code, out, err = cli(capsys, ws, "import", "--json", "--max-file-size", str(2 * 1024 * 1024))
    took = time.process_time() - started
    assert code == 0, err
    summary = json.loads(out)
    assert summary["files_seen"] == len(HOMES) * len(SHAPES) - len(SHAPES)  # team files are synced, not "seen"
    assert took < 30, f"import of {len(HOMES) * len(SHAPES)} pathological files took {took:.1f} s of CPU"
    assert before.items() <= listed(capsys, ws).items()


@pytest.mark.parametrize("query", [
    pytest.param("\x1b", id="no-words"),  # the hash embedder's zero vector: no cosine distance
    pytest.param("", id="empty"),
    pytest.param("\ud800", id="lone-surrogate"),
    pytest.param("\x00", id="nul"),
    pytest.param('NEAR( "', id="fts-syntax"),
    pytest.param("a" * 100_000, id="huge"),
])
def test_search_with_odd_queries_finds_nothing_and_does_not_fail(tmp_path: Path, query: str):
    from lore.embedding.embedder import HashEmbedder
    from lore.memory import Memory
    from lore.recall import Query
    from lore.api import Lore

    lore = Lore(tmp_path, user_db=tmp_path / "user.db", embedder=HashEmbedder())
    lore.add(Memory(title="Use SQLite for local state", body="One file per workspace."))
    assert lore.search(Query(query)) == []
    assert [h.memory.title for h in lore.search(Query("sqlite"))] == ["Use SQLite for local state"]


def test_a_pasted_page_as_a_query_is_read_to_its_first_four_thousand_characters(tmp_path: Path):
    """A 1.4 MB `workspace/symbol` query ("a\\n" 730,192 times) kept a server busy past 30 s: a query
    reads `MAX_QUERY_CHARS` characters, so words pasted after them find nothing."""
    from lore.embedding.embedder import HashEmbedder
    from lore.memory import Memory
    from lore.recall import Query
    from lore.recall.query import MAX_QUERY_CHARS
    from lore.api import Lore

    lore = Lore(tmp_path, user_db=tmp_path / "user.db", embedder=HashEmbedder())
    lore.add(Memory(title="Use SQLite for local state", body="One file per workspace."))
    filler = "a\n" * 200_000
    assert len(Query(filler).text) == MAX_QUERY_CHARS
    assert [h.memory.title for h in lore.search(Query("sqlite " + filler))] == ["Use SQLite for local state"]
    assert lore.search(Query(filler + " sqlite")) == []


def test_a_stray_byte_is_read_as_windows_1252_and_the_rest_as_utf_8():
    """One Windows-1252 byte in a UTF-8 page is that character; the page's UTF-8 characters stay what they are; a
    file with many such bytes is in another encoding and refused."""
    from lore.markup.decoding import NotText, decoded

    text, stray, line = decoded("# Café\n\nWorkers: (processors ".encode() + b"\xd7 2)\n" + b"x" * 200)
    assert text.startswith("# Café\n\nWorkers: (processors × 2)") and (stray, line) == (1, 3)
    assert decoded("déjà vu".encode()) == ("déjà vu", 0, None)
    with pytest.raises(NotText):
        decoded(b"# Caf\xe9 au lait\n\n\xff\xfe broken \xc3\x28\n")
