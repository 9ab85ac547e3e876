"""Real headless Neovim 0.7 and 0.11 (configured with docs/neovim.md's snippets) on code that breaks a
decision's rule: the violation shows as a diagnostic naming the decision; "Record an exception here…"
from the code-action menu asks the reason, writes the exception into the decision's team file and
the diagnostic goes; "Apply the convention" fixes the code. drive_checks.lua does what a person does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_nvim_client import CLIENTS, HERE, NVIM_TIMEOUT, find_nvim, lsp_log_tail

pytestmark = pytest.mark.nvim

DRIVER = HERE / "drive_checks.lua"

HTTPX = """\
---
id: http000000001
kind: decision
status: active
checks:
  - forbid_import: requests
    id: no-requests
    fix: httpx
    severity: error
    message: We use httpx, not requests.
---
# Use httpx for HTTP

One client, with timeouts everywhere.
"""

NO_PRINT = """\
---
id: noprint000001
kind: convention
status: active
checks:
  - forbid_call: print
    id: no-print
    message: Log, don't print.
---
# Log, don't print
"""

CLIENT_PY = """\
import os
import requests


def fetch(url):
    os.getcwd()
    print(url)
    return requests.get(url)
"""


def build(root: Path) -> Path:
    ws = root / "project"
    (ws / ".git").mkdir(parents=True)
    (ws / "app").mkdir()
    (ws / "app" / "__init__.py").write_text("")
    (ws / "app" / "client.py").write_text(CLIENT_PY)
    memories = ws / ".lore" / "memories"
    memories.mkdir(parents=True)
    (memories / "use-httpx.md").write_text(HTTPX)
    (memories / "no-print.md").write_text(NO_PRINT)
    return ws


@pytest.fixture(scope="module", params=CLIENTS)
def seen(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    low, high, init_name, what = request.param
    binary = find_nvim(low, high)
    if binary is None:
        pytest.skip(f"no Neovim {low[0]}.{low[1]} <= version < {high[0]}.{high[1]} found: install {what}")
    scratch = tmp_path_factory.mktemp("nvim-checks")
    ws = build(scratch)
    result_file = scratch / "result.json"
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "LORE_EMBEDDER": "hash", "LORE_MODEL_PATH": "", "LORE_USER_DB": str(scratch / "user.db"),
        "LORE_NVIM_RESULT": str(result_file),
        **{f"XDG_{name}_HOME": str(scratch / name.lower()) for name in ("CONFIG", "DATA", "STATE", "CACHE")},
    }
    command = ["timeout", str(NVIM_TIMEOUT), str(binary), "--headless", "-i", "NONE",
               "--cmd", f"luafile {DRIVER}", "-u", str(HERE / init_name), "app/client.py"]
    proc = subprocess.run(command, cwd=ws, env=env, capture_output=True, text=True, timeout=NVIM_TIMEOUT + 15)
    result = json.loads(result_file.read_text()) if result_file.is_file() else {}
    if proc.returncode != 0 or "error" in result:
        pytest.fail(f"{binary} exited with {proc.returncode} (124 = timed out)\nerror: {result.get('error')}\n"
                    f"stderr: {proc.stderr[-2000:]}\nlsp.log: {lsp_log_tail(scratch)}")
    result["ws"] = ws
    return result


def test_the_violations_show_at_the_code_naming_the_decision(seen: dict):
    before = seen["before"]
    assert [(d["lnum"], d["col"], d["code"]) for d in before] == [
        (1, 7, "http000000001/no-requests"), (6, 4, "noprint000001/no-print")]
    assert "We use httpx, not requests." in before[0]["message"] and "Use httpx for HTTP" in before[0]["message"]
    assert before[0]["severity"] == 1 and before[1]["severity"] == 2  # error, warning


def test_record_an_exception_asks_why_writes_it_and_the_diagnostic_goes(seen: dict):
    assert seen["offered"][:3] == ["Record an exception here…", "Open decision “Log, don't print”",
                                   "Propose superseding this decision"], seen["offered"]
    assert seen["prompt"] == "Why does the decision not apply here? "
    team = (seen["ws"] / ".lore" / "memories" / "no-print.md").read_text()
    assert "reason: prints the report for the cron mail" in team and "symbol: app.client.fetch" in team
    assert [d["code"] for d in seen["after_exception"]] == ["http000000001/no-requests"]


def test_apply_the_convention_fixes_the_code(seen: dict):
    assert seen["line2"] == "import httpx"
    assert seen["after_fix"] == []
