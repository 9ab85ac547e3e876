"""`lore check` and `lore checks` as a person and a pre-commit hook run them: exit codes (0 clean,
1 violations, 2 usage or error), output within 80 columns, --json, --staged."""

from __future__ import annotations

import io
import json
import subprocess

import pytest
import yaml

from lore.cli.main import main

RULES = """---
id: httpx01
kind: decision
checks:
  - forbid_import: requests
    fix: httpx
    message: We use httpx everywhere, for its async client and its timeouts by default, not requests.
  - forbid_call: print
    state: proposed
  - forbid_call: [broken]
---
# We use httpx, not requests
"""


@pytest.fixture
def ws(tmp_workspace, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    (tmp_workspace / ".lore/memories").mkdir(parents=True)
    (tmp_workspace / ".lore/memories/httpx.md").write_text(RULES)
    (tmp_workspace / "src").mkdir()
    (tmp_workspace / "src/clean.py").write_text("import httpx\nprint(1)\n")
    (tmp_workspace / "src/bad.py").write_text("import requests\n")
    return tmp_workspace


def run(capsys, monkeypatch, ws, *args):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["-w", str(ws), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def git(ws, *args):
    subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True)


def test_exit_codes(capsys, monkeypatch, ws):
    assert run(capsys, monkeypatch, ws, "check", str(ws / "src/clean.py"))[0] == 0
    code, out, err = run(capsys, monkeypatch, ws, "check")
    assert code == 1 and "src/bad.py:1:8: warning: We use httpx everywhere" in out
    assert "1 violation in 1 file." in out
    assert "rule error: .lore/memories/httpx.md:10:" in err, "the malformed rule is named; the others still run"
    assert run(capsys, monkeypatch, ws, "check", "no/such/file.py")[0] == 2
    assert run(capsys, monkeypatch, ws, "check", "--staged", "src")[0] == 2
    assert run(capsys, monkeypatch, ws, "check", "/etc")[0] == 2


def test_output_fits_80_columns(capsys, monkeypatch, ws):
    code, out, _ = run(capsys, monkeypatch, ws, "check", "src")
    assert code == 1 and max(len(line) for line in out.splitlines()) <= 80
    assert "    rule httpx01/forbid-import-requests in .lore/memories/httpx.md" in out
    assert "    fix: replace with 'httpx'" in out


def test_json(capsys, monkeypatch, ws):
    code, out, _ = run(capsys, monkeypatch, ws, "check", "--json")
    data = json.loads(out)
    assert code == 1 and data["clean"] is False and data["rules_checked"] == 1
    [v] = data["violations"]
    assert (v["path"], v["line"], v["rule"], v["fix"]["newText"]) == ("src/bad.py", 1, "httpx01/forbid-import-requests", "httpx")
    assert data["rule_errors"][0]["line"] == 10


def test_staged_checks_what_the_commit_adds(capsys, monkeypatch, ws):
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "start")
    assert run(capsys, monkeypatch, ws, "check", "--staged")[0] == 0, "nothing staged; old violations are not the commit's"
    (ws / "src/clean.py").write_text("import httpx\nprint(1)\nimport requests\n")
    assert run(capsys, monkeypatch, ws, "check", "--staged")[0] == 0, "not staged yet"
    git(ws, "add", "src/clean.py")
    (ws / "src/clean.py").write_text("import httpx\n")  # the working tree differs: the staged text counts
    code, out, _ = run(capsys, monkeypatch, ws, "check", "--staged")
    assert code == 1 and "src/clean.py:3:8:" in out
    (ws / "src/new.py").write_text("import requests\n")
    git(ws, "add", "src/new.py")
    assert "src/new.py:1:8:" in run(capsys, monkeypatch, ws, "check", "--staged")[1]


def test_checks_list_confirm_reject(capsys, monkeypatch, ws):
    code, out, _ = run(capsys, monkeypatch, ws, "checks")
    assert code == 0 and "httpx01/forbid-call-print [proposed] forbid_call print" in out
    assert run(capsys, monkeypatch, ws, "check", "src/clean.py")[0] == 0
    code, out, _ = run(capsys, monkeypatch, ws, "checks", "confirm", "forbid-call-print")
    assert code == 0 and out.startswith("Confirmed httpx01/forbid-call-print")
    assert run(capsys, monkeypatch, ws, "check", "src/clean.py")[0] == 1
    assert run(capsys, monkeypatch, ws, "checks", "reject", "httpx01/forbid-call-print")[0] == 0
    assert run(capsys, monkeypatch, ws, "check", "src/clean.py")[0] == 0
    assert run(capsys, monkeypatch, ws, "checks", "confirm", "nope")[0] == 2
    assert run(capsys, monkeypatch, ws, "checks", "confirm")[0] == 2
    data = json.loads(run(capsys, monkeypatch, ws, "checks", "list", "--json")[1])
    assert [r["state"] for r in data["rules"]] == ["confirmed", "rejected"]


def test_checks_propose_then_write(capsys, monkeypatch, ws):
    run(capsys, monkeypatch, ws, "add", "--scope", "team", "--title", "Dates: use dayjs instead of moment")
    code, out, _ = run(capsys, monkeypatch, ws, "checks", "propose")
    assert code == 0 and "forbid_import moment" in out and "from: Dates: use dayjs instead of moment" in out
    code, out, _ = run(capsys, monkeypatch, ws, "checks", "propose", "--write", "--json")
    data = json.loads(out)
    assert data["written"] and data["proposals"][0]["rule"]["state"] == "proposed"
    assert run(capsys, monkeypatch, ws, "checks", "propose")[1].startswith("No new rules")


def test_the_pre_commit_hooks_are_valid(ws):
    from pathlib import Path

    hooks = yaml.safe_load((Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text())
    assert {h["id"]: h["entry"] for h in hooks} == {"lore-check": "lore check --staged", "lore-check-files": "lore check"}
    assert all({"id", "name", "entry", "language"} <= set(h) for h in hooks)
