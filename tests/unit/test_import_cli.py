"""`lore import`: JSON summary, human summary with reasons and warnings, explicit paths, ADR folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lore.cli.main import main


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def write(root: Path, rel: str, data: str | bytes) -> None:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data.encode() if isinstance(data, str) else data)


def run(capsys, *args) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_json_summary_then_nothing_changed(tmp_path, capsys):
    write(tmp_path, "decisions/record/0001-use-sqlite.md", "# Use SQLite\n\n## Status\n\nAccepted\n")
    write(tmp_path, "AGENTS.md", "# Rules\n\n## Style\n\nUse black.\n")
    write(tmp_path, "blob.py", b"\x00\x00")
    code, out = run(capsys, "-w", str(tmp_path), "import", "--json", "--adr-folder", "decisions/record")
    data = json.loads(out)
    assert code == 0
    assert (data["files_seen"], data["imported"], data["skipped"], data["added"]) == (3, 2, {"binary": 1}, 2)
    code, out = run(capsys, "-w", str(tmp_path), "import", "--json", "--adr-folder", "decisions/record")
    again = json.loads(out)
    assert (again["unchanged"], again["imported"], again["added"], again["updated"]) == (2, 0, 0, 0)


def test_human_summary_lists_reasons_and_warnings(tmp_path, capsys):
    write(tmp_path, "docs/adr/0001-x.md", "# X\n\n## Status\n\nMulling it over\n")
    write(tmp_path, "bad.py", b"# caf\xe9\n")
    code, out = run(capsys, "-w", str(tmp_path), "import")
    assert code == 0
    assert "files:    2 seen, 1 imported, 0 unchanged, 1 skipped (1 not utf-8)" in out
    assert "memories: 1 added, 0 updated, 0 deprecated" in out and "time:" in out
    assert "docs/adr/0001-x.md:3: unknown status 'Mulling it over'; imported as active" in out
    assert "skipped files:" not in out
    write(tmp_path, "worse.py", b"# \xff\xfe\n")
    code, out = run(capsys, "-w", str(tmp_path), "import", "-v")
    assert code == 0 and "skipped files:\n  not utf-8: bad.py, worse.py" in out, "verbose names every skipped file"
    code, out = run(capsys, "-w", str(tmp_path), "import", "--json")
    assert json.loads(out)["skipped_paths"] == {"not utf-8": ["bad.py", "worse.py"]}


def test_explicit_paths_only(tmp_path, capsys):
    write(tmp_path, "a.py", "# DECISION: a\nx = 1\n")
    write(tmp_path, "b.py", "# DECISION: b\nx = 1\n")
    code, out = run(capsys, "-w", str(tmp_path), "import", "--json", str(tmp_path / "a.py"))
    assert code == 0 and json.loads(out)["files_seen"] == 1 and json.loads(out)["added"] == 1
    code, out = run(capsys, "-w", str(tmp_path), "list", "--json")
    assert [m["title"] for m in json.loads(out)] == ["a"]
