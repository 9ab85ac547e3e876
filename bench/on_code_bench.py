"""What a person sees on code: real repositories checked out whole, `lore import`, then the language
server driven over stdio as an editor drives it, judged against hand-written labels.

For each label file (`bench/on_code/labels/<owner>__<name>.json`: which decisions govern which files,
and files nothing governs), the repository is materialised at the labelled commit from a bare git
mirror, cloned with its history (`--mirror-root DIR` holding <owner>+<name>) or taken from a checkout
(`--checkout owner/name=PATH`), imported with the real model (LORE_MODEL_PATH), and served by
`lore serve --stdio`, both run from this checkout's `server/` (a relative PYTHONPATH would name a folder
of the repository under test, not this one). Every labelled file is opened; its code lenses are requested and each resolved;
every top-level symbol (the project's own tree-sitter extraction) is hovered at its name once the
server has computed the file's meaning matches. Every memory shown is judged by its source file:

- precision: shown items (a memory in a lens or a hover) whose source governs the file ÷ all shown,
  leaving out pairs labelled `tolerated`; noise = 1 - precision;
- governed shown: governed files where a governing decision is the file's lens, or is in the lens or
  hover of a symbol the labels name as its subject;
- silent ungoverned: ungoverned files where nothing is shown (tolerated pairs apart);
- repetition: the most hovers of one file showing the same memory, symbols it is about left out;
- hover p50 (and apart, of the hovers that show a memory) and first-lens latency (the 3,000-line lens
  target is measured by bench/lsp_bench.py).

Usage: python bench/on_code_bench.py [--labels DIR] [--only NAME] [--mirror-root DIR] [--keep DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import urllib.parse
import time
from collections import Counter
from pathlib import Path

import attrs

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from checkout import clone_at  # noqa: E402

HERE = Path(__file__).resolve().parent
SERVER = HERE.parent / "server"  # this checkout's code is what is measured, whatever the venv installed
DEFAULT_LABELS = [HERE / "on_code" / "labels"]
TARGETS = {"precision": 0.80, "governed": 0.80, "silent": 0.90, "repeat": 2, "hover_p50": 2.0, "lens": 30.0}
RUBY_DECLARATION = re.compile(r"^( {0,2})(?:class|module|def)\s+(?:self\.)?([A-Za-z_][\w:.]*[?!]?)")
LANGUAGE_IDS = {"python": "python", "go": "go", "typescript": "typescript", "tsx": "typescriptreact",
                "javascript": "javascript", "ruby": "ruby", "rust": "rust", "java": "java", "csharp": "csharp",
                "php": "php", "kotlin": "kotlin", "c": "c", "cpp": "cpp"}


def materialise(label: dict, mirror_root: Path, slug: str, checkout: Path | None, into: Path) -> Path:
    """The repository at the labelled commit, whole and with its history, as a user's clone is (links a
    decision wrote to files since moved are followed through that history, see `lore.sources.moved`);
    a checkout given is used as is."""
    if checkout is not None:
        return checkout
    if (into / ".lore" / "lore.db").exists():
        return into  # kept from an earlier run (--keep): reused as it was imported
    clone_at(slug, label["commit"], into, mirror_root)
    subprocess.run(["git", "-C", str(into), "remote", "set-url", "origin", label["repository"]], check=True)
    return into  # its remote named as a user's clone names it


def lore_import(root: Path, label: dict, env: dict) -> list[str]:
    """A plain `lore import`; then, as a user would, the decision folders it found nothing in, by hand."""
    cmd = [sys.executable, "-m", "lore", "import", "--yes"]
    subprocess.run(cmd, cwd=root, env=env, check=True, capture_output=True)
    found = set(memory_sources(root, env, log_entries(label)).values())
    missing = sorted({str(Path(p.split(":")[0]).parent) for p in label["decision_paths"]}
                     - {str(Path(p.split(":")[0]).parent) for p in found})
    if missing:
        extra = [a for f in missing for a in ("--adr-folder", f)]
        subprocess.run(cmd + extra, cwd=root, env=env, check=True, capture_output=True)
    return missing


def memory_sources(root: Path, env: dict, entries: frozenset[str] = frozenset()) -> dict[str, str]:
    """Memory id -> its source path (workspace-relative), read through the CLI; `path:line` for a memory read
    from a line the labels name as one decision of a decision log (`DECISIONS.md:29`, `entries`)."""
    out = subprocess.run([sys.executable, "-m", "lore", "list", "--json", "--limit", "100000"], cwd=root, env=env,
                         check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    items = data["memories"] if isinstance(data, dict) else data
    sources = {}
    for m in items:
        source = m.get("source") or {}
        entry = f"{source.get('path')}:{source.get('line')}"
        sources[m["id"]] = entry if entry in entries else source.get("path") or ""
    return sources


def log_entries(label: dict) -> frozenset[str]:
    """The decisions a label names by path and line: entries of a decision log (`DECISIONS.md:29`)."""
    return frozenset(p for p in label["decision_paths"] if re.search(r":\d+$", p))


def top_level(text: str, language: str, rel: str) -> list:
    """Top-level declarations: no parent, or (Go) a method, which Go declares at the top level.

    For Ruby without its grammar, the `class`/`module`/`def` lines of the outer two levels, so that a
    hover is still asked where a person would point; with it, the same declarations (`ruby_outer`).
    """
    from lore.anchors.languages import has_grammar
    from lore.anchors.symbols import extract_symbols

    if has_grammar(language):
        symbols = extract_symbols(text, language, rel)
        if language == "ruby":
            return ruby_outer(symbols, text)
        return [s for s in symbols if s.parent is None or (language == "go" and s.kind == "method")]
    out = []
    for n, line in enumerate(text.splitlines()):
        m = RUBY_DECLARATION.match(line)
        if m:
            col = m.start(2)
            out.append(Place(m.group(2).split(".")[-1], n, col))
    return out


def ruby_outer(symbols: list, text: str) -> list:
    """Ruby with its grammar: the same places as without it, the classes, modules and methods of the
    outer two levels, each named as written (`FeaturedAttachments::UpdateOrderInteractor`, `call`), so
    that a run with the grammar and one without hover the same declarations."""
    lines = text.splitlines()
    out = []
    for s in symbols:
        if s.kind not in ("class", "module", "function", "method"):
            continue
        depth = sum(1 for o in symbols if o is not s and (o.start_line, o.start_col) <= (s.start_line, s.start_col)
                    and (o.end_line, o.end_col) >= (s.end_line, s.end_col))
        written = re.search(r"[\w:]+[?!=]?$", lines[s.name_line][:s.name_end_col]) if s.name_line < len(lines) else None
        if depth <= 1:
            out.append(Place(written.group(0) if written else s.name, s.name_line, s.name_col))
    return out


@attrs.frozen
class Place:
    """Where to hover for a declaration found without a grammar."""

    name: str
    name_line: int
    name_col: int


def lens_place(symbols: list, line: int) -> str | None:
    """The top-level symbol a lens on `line` belongs to: the one named there, else the one whose body
    holds the line (a lens on a method is on its class); None for a line no top-level symbol holds."""
    named = next((s.name for s in symbols if s.name_line == line), None)
    if named is not None:
        return named
    holding = [s for s in symbols if getattr(s, "start_line", s.name_line) <= line <= getattr(s, "end_line", -1)]
    return holding[-1].name if holding else None


class Session:
    """One `lore serve --stdio` over a workspace, with the notifications a bench waits on."""

    def __init__(self, root: Path, env: dict):
        self.root, self.env = root, env
        self.client = LanguageClient("lore-on-code-bench", "1")
        self.ready = asyncio.Event()
        self.semantic: dict[str, asyncio.Event] = {}
        self.stale_lenses = 0  # lenses over a memory whose code changed since it was written

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def log_message(params):
            marker = "semantic matches for "
            if marker in params.message:
                rel = params.message.split(marker, 1)[1].split(": ")[0]
                self.semantic.setdefault(rel, asyncio.Event()).set()

        @self.client.feature("lore/status")
        def status(params):
            state = params.get("state") if isinstance(params, dict) else getattr(params, "state", None)
            if state in ("ready", "wordsOnly"):
                self.ready.set()

        @self.client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
        def refresh(params):
            return None

        @self.client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def progress(params):
            return None

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params):
            """Diagnostics are not what this bench judges (pygls logged each one as unknown)."""

    async def start(self) -> None:
        await self.client.start_io(sys.executable, "-m", "lore", "serve", "--stdio", env=self.env, cwd=str(self.root))
        uri = from_fs_path(str(self.root))
        await self.client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=uri, process_id=os.getpid(),
            workspace_folders=[types.WorkspaceFolder(uri=uri, name=self.root.name)],
            initialization_options={"import": {"onStartup": False}, "commandLinks": True}))
        self.client.initialized(types.InitializedParams())
        await asyncio.wait_for(self.ready.wait(), 300)

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()

    async def visit(self, rel: str, language: str) -> dict:
        """Open a file, lens it (resolving every lens), hover every top-level symbol, close it."""
        path = self.root / rel
        text = path.read_text(encoding="utf-8", errors="replace")
        uri = from_fs_path(str(path))
        doc = types.TextDocumentIdentifier(uri=uri)
        self.semantic[rel] = asyncio.Event()
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=uri, language_id=LANGUAGE_IDS.get(language, language), version=1, text=text)))
        t = time.perf_counter()
        lenses = await self.client.text_document_code_lens_async(types.CodeLensParams(text_document=doc)) or []
        first_lens = 1000 * (time.perf_counter() - t)
        symbols = top_level(text, language, rel)
        from lore.anchors.languages import has_grammar

        if symbols and has_grammar(language):
            try:
                await asyncio.wait_for(self.semantic[rel].wait(), 30)
            except TimeoutError:
                print(f"  (no meaning matches for {rel} within 30 s)", file=sys.stderr)
        lenses = await self.client.text_document_code_lens_async(types.CodeLensParams(text_document=doc)) or []
        shown_lens = []
        for lens in lenses:
            if lens.command is not None and lens.command.command != "lore.show":
                self.stale_lenses += 1  # "⚠ … — Still true" / "Supersede" beside a memory's own lens
                continue
            resolved = lens if lens.command is not None else await self.client.code_lens_resolve_async(lens)
            args = resolved.command.arguments[0] if resolved.command and resolved.command.arguments else {}
            ids = args.get("ids") or [args.get("id")]
            where = lens_place(symbols, lens.range.start.line)
            if lens.range.start.line == 0 and str(resolved.command.title).startswith("This file"):
                where = None
            shown_lens.append((where, [i for i in ids if i]))
        hovers, times = [], []
        for s in symbols:
            t = time.perf_counter()
            h = await self.client.text_document_hover_async(types.HoverParams(
                text_document=doc, position=types.Position(line=s.name_line, character=s.name_col)))
            times.append(1000 * (time.perf_counter() - t))
            hovers.append((s.name, hover_ids(h)))
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc))
        return {"lens": shown_lens, "hover": hovers, "hover_ms": times, "first_lens_ms": first_lens,
                "symbols": [s.name for s in symbols]}


SHOW_LINK = re.compile(r"command:lore\.show\?([^)\s]+)")


def hover_ids(h: types.Hover | None) -> list[str]:
    """Memory ids in a hover, read from each memory's Show link (the bench asks for command links)."""
    if h is None:
        return []
    value = h.contents.value if hasattr(h.contents, "value") else str(h.contents)
    ids = []
    for encoded in SHOW_LINK.findall(value):
        found = json.loads(urllib.parse.unquote(encoded))[0].get("id")
        if found and found not in ids:
            ids.append(found)
    return ids


def judge(label: dict, visits: dict[str, dict], sources: dict[str, str]) -> dict:
    """Every metric of one repository from what was shown and the labels."""
    governed = {g["file"]: g for g in label["governed"]}
    tolerated = {(x["file"], x["decision"]) for x in label.get("loosely_related", []) if x["verdict"] == "tolerated"}
    relevant = shown = 0
    noise_by_source: Counter = Counter()
    recall_hit, silent, repeat_worst, repeat_over = 0, 0, (0, "", ""), 0
    for rel, v in visits.items():
        g = governed.get(rel, {"decisions": [], "symbols": {}})
        decisions, subjects = set(g["decisions"]), g.get("symbols") or {}
        items = [(None if where is None else where, "lens", sources.get(i, "?"))
                 for where, ids in v["lens"] for i in ids]
        items += [(name, "hover", sources.get(i, "?")) for name, ids in v["hover"] for i in ids]
        counted = [(w, how, src) for w, how, src in items if (rel, src) not in tolerated]
        for _, _, src in counted:
            shown += 1
            if src in decisions:
                relevant += 1
            else:
                noise_by_source[src] += 1
        if rel in governed:
            hit = any(how == "lens" and w is None and src in decisions for w, how, src in items)
            hit = hit or any(w is not None and src in subjects.get(w, []) for w, how, src in items)
            recall_hit += hit
        elif not counted:
            silent += 1
        per_memory: Counter = Counter()
        for name, ids in v["hover"]:
            for i in set(ids):
                if sources.get(i, "?") not in subjects.get(name, []):
                    per_memory[i] += 1
        for i, n in per_memory.items():
            repeat_over += n > TARGETS["repeat"]
            if n > repeat_worst[0]:
                repeat_worst = (n, rel, sources.get(i, "?"))
    n_ungoverned = len(visits) - sum(1 for r in visits if r in governed)
    hover_ms = [t for v in visits.values() for t in v["hover_ms"]]
    shown_ms = [t for v in visits.values() for (_, ids), t in zip(v["hover"], v["hover_ms"]) if ids]
    return {
        "shown": shown, "relevant": relevant, "precision": relevant / shown if shown else None,
        "governed": recall_hit / len(governed) if governed else None, "n_governed": len(governed),
        "silent": silent / n_ungoverned if n_ungoverned else None, "n_ungoverned": n_ungoverned,
        "repeat": repeat_worst, "repeat_over": repeat_over,
        "hovers": len(hover_ms), "hovers_shown": sum(1 for v in visits.values() for _, ids in v["hover"] if ids),
        "lens_files": sum(1 for v in visits.values() if v["lens"]),
        "hover_p50": statistics.median(hover_ms) if hover_ms else 0.0,
        "shown_p50": statistics.median(shown_ms) if shown_ms else None,
        "lens_p50": statistics.median(v["first_lens_ms"] for v in visits.values()),
        "lens_max": max(v["first_lens_ms"] for v in visits.values()),
        "noise_sources": noise_by_source.most_common(6),
    }


def print_table(name: str, r: dict, extra: str) -> None:
    """One repository's metrics beside their targets."""
    def pct(x):
        return "  -  " if x is None else f"{100 * x:5.1f}%"

    def ok(x, target, above=True):
        if x is None:
            return ""
        return "ok" if (x >= target if above else x <= target) else "MISSED"

    print(f"\n{name}{extra}")
    print(f"  {'metric':<34} {'value':>12}   target")
    print(f"  {'precision (relevant / shown)':<34} {pct(r['precision']):>12}   >= 80%  {ok(r['precision'], .8)}"
          f"   ({r['relevant']} / {r['shown']})")
    print(f"  {'noise':<34} {pct(None if r['precision'] is None else 1 - r['precision']):>12}   <= 20%")
    print(f"  {'governed files shown':<34} {pct(r['governed']):>12}   >= 80%  {ok(r['governed'], .8)}"
          f"   (of {r['n_governed']})")
    print(f"  {'ungoverned files silent':<34} {pct(r['silent']):>12}   >= 90%  {ok(r['silent'], .9)}"
          f"   (of {r['n_ungoverned']})")
    n, rel, src = r["repeat"]
    print(f"  {'same memory in hovers of a file':<34} {n:>12}   <= 2    {ok(n, 2, above=False)}"
          f"   ({r['repeat_over']} file-memory pairs over; worst {src} on {rel})")
    print(f"  {'hover p50':<34} {r['hover_p50']:>9.2f} ms   <= 2 ms {ok(r['hover_p50'], 2.0, above=False)}")
    if r.get("shown_p50") is not None:
        print(f"  {'  of hovers showing a memory':<34} {r['shown_p50']:>9.2f} ms   (what a person waits for)")
    print(f"  {'first lens after open, p50 / max':<34} {r['lens_p50']:>5.1f}/{r['lens_max']:<5.0f}ms"
          f"   (3,000-line target 30 ms: bench/lsp_bench.py)")
    print(f"  files with a lens {r['lens_files']}; hovers showing a memory {r['hovers_shown']} / {r['hovers']}")
    if r["noise_sources"]:
        print("  noise by source: " + "; ".join(f"{s} x{n}" for s, n in r["noise_sources"]))


async def run_one(label_path: Path, args, tmp: Path) -> dict:
    """Materialise, import, serve and judge one labelled repository."""
    label = json.loads(label_path.read_text())
    owner_name = label["repository"].rstrip("/").split("github.com/")[-1]
    checkout = dict(c.split("=", 1) for c in args.checkout).get(owner_name)
    root = materialise(label, Path(args.mirror_root), owner_name, Path(checkout) if checkout else None,
                       tmp / owner_name.replace("/", "__"))
    paths = [str(SERVER)] + [str(Path(p).resolve()) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    env = {**os.environ, "LORE_USER_DB": str(tmp / "user.db"), "PYTHONPATH": os.pathsep.join(paths)}
    env.pop("LORE_EMBEDDER", None)
    t = time.perf_counter()
    by_hand = [] if (root / ".lore" / "lore.db").exists() and args.keep else lore_import(root, label, env)
    imported = time.perf_counter() - t
    sources = memory_sources(root, env, log_entries(label))
    from lore.anchors.languages import language_for_path

    files = [g["file"] for g in label["governed"]] + [u["file"] for u in label["ungoverned"]]
    session = Session(root, env)
    await session.start()
    visits = {}
    try:
        for rel in files:
            language = language_for_path(rel)
            if language is None or not (root / rel).is_file():
                print(f"  skipped {rel}: no language or missing", file=sys.stderr)
                continue
            visits[rel] = await session.visit(rel, language)
    finally:
        await session.stop()
    result = judge(label, visits, sources)
    extra = (f"  ({label['language']}, {len(sources)} memories, import {imported:.0f} s, "
             f"{session.stale_lenses} changed-since lenses"
             + (f", ADR folders given by hand: {', '.join(by_hand)}" if by_hand else "") + ")")
    print_table(owner_name, result, extra)
    if args.dump:
        Path(args.dump).mkdir(parents=True, exist_ok=True)
        (Path(args.dump) / label_path.name).write_text(json.dumps(
            {"visits": visits, "sources": sources}, indent=1, default=str))
    return result


async def main(args) -> None:
    labels_dir = Path(args.labels) if args.labels else next(d for d in DEFAULT_LABELS if d.is_dir())
    paths = sorted(p for p in labels_dir.glob("*.json") if not args.only or any(o in p.name for o in args.only))
    print(f"labels: {labels_dir} ({len(paths)} repositories); model: {os.environ.get('LORE_MODEL_PATH', 'default')}")
    with tempfile.TemporaryDirectory(prefix="lore-on-code-") as tmp:
        for p in paths:
            await run_one(p, args, Path(args.keep) if args.keep else Path(tmp))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--labels", help="folder of label files (default: bench/on_code/labels)")
    parser.add_argument("--only", action="append", default=[], help="only label files whose name contains this")
    parser.add_argument("--mirror-root", default="/work/.mirror", help="folder of <owner>+<name> bare mirrors")
    parser.add_argument("--checkout", action="append", default=[], help="owner/name=PATH: use this checkout")
    parser.add_argument("--keep", help="materialise under this folder instead of a temporary one")
    parser.add_argument("--dump", help="write what was shown, per repository, as JSON here")
    asyncio.run(main(parser.parse_args()))
