"""Candidate anchoring rules for records that govern code without naming it, tried against the labels
before any is built: on workspaces kept by `on_code_bench.py --keep DIR` (with `--dump DIR` for what
the server showed), each rule derives (file, record) pairs from every labelled record, and the pairs
landing on labelled files are judged: right (the label says the record governs the file), wrong (the
file is labelled and the record does not govern it; tolerated pairs apart), and how many governed
files where nothing governing was shown the rule would reach.

A rule worth building adds reach at the precision the target asks (>= 80%); the families here did not
(bench/README.md gives the numbers), and none is in `lore.sources`.

Usage: python bench/on_code_rule_trials.py --keep DIR --dump DIR [--labels DIR] [--only NAME]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from on_code_bench import DEFAULT_LABELS  # noqa: E402
from on_code_offers import _same, missed_files  # noqa: E402

REPEATS = 2
MAX_FILES = 4
MAX_FOLDER_FILES = 12
MAX_COMMIT_FILES = 12
_BROAD_FOLDERS = frozenset("src lib app docs doc test tests config configuration common core utils util helpers "
                           "scripts bin build dist public assets static api web".split())


def _title_words(title: str, project: str) -> list[str]:
    """A title's words, singular and lower case, common words, function words and the project's name aside."""
    from lore.sources import named
    from lore.sources.concepts import _LINK, _STOP, GENERIC, singular

    own = {w.lower() for w in named.WORDS.findall(project)}
    out = []
    for w in named.WORDS.findall(_LINK.sub(" ", title)):
        s = singular(w.lower())
        if len(s) >= 4 and s not in _STOP and s not in named.COMMON and s not in GENERIC and s not in own:
            out.append(s)
    return list(dict.fromkeys(out))


def _prose(text: str) -> str:
    from lore.sources import named
    from lore.sources.concepts import _LINK

    return _LINK.sub(" ", named.FENCE.sub(" ", text)).lower()


def _said(word: str, text: str) -> int:
    return len(re.findall(rf"\b{re.escape(word)}", _prose(text)))


def _folder_files(ctx, folder: str) -> list[str]:
    from lore.anchors.languages import language_for_path
    from lore.sources import named

    return [f for f in ctx.layout.files if f.startswith(folder + "/") and not named.TEST_PATH.search(f)
            and language_for_path(f)]


def title_word_files(text: str, rel: str, ctx) -> list[str]:
    """Code files named for a word of the title the prose says twice, when at most MAX_FILES are."""
    from lore.sources import imports

    out = []
    for w in _title_words(imports.title_of(text), ctx.project_name):
        files = ctx.bare.stems_containing(w) if _said(w, text) >= REPEATS else []
        out += files if 0 < len(files) <= MAX_FILES else []
    return out


def title_word_folder(text: str, rel: str, ctx) -> list[str]:
    """The files of the one code folder named for a word of the title, when it holds at most MAX_FOLDER_FILES."""
    from lore.sources import imports
    from lore.sources.concepts import singular

    out = []
    for w in _title_words(imports.title_of(text), ctx.project_name):
        folders = [d for name, ds in ctx.bare.folders.items() if singular(name.lower()) == w
                   for d in ds if ctx.bare.holds_code(d)]
        files = _folder_files(ctx, folders[0]) if len(folders) == 1 and _said(w, text) >= REPEATS else []
        out += files if len(files) <= MAX_FOLDER_FILES else []
    return out


def body_word_folder(text: str, rel: str, ctx) -> list[str]:
    """The files of the one code folder named for a word the prose says three times or more."""
    from lore.sources.concepts import _STOP, singular

    counts = Counter(singular(w) for w in re.findall(r"[a-z][a-z-]{3,}", _prose(text)))
    out = []
    for name, ds in ctx.bare.folders.items():
        w = singular(name.lower())
        if w in _BROAD_FOLDERS or w in _STOP or counts.get(w, 0) < 3:
            continue
        folders = [d for d in ds if ctx.bare.holds_code(d)]
        files = _folder_files(ctx, folders[0]) if len(folders) == 1 else []
        out += files if len(files) <= 20 else []
    return out


def changed_with_it(text: str, rel: str, ctx) -> list[str]:
    """Code files changed in the commits that added or changed the record, commits of at most MAX_COMMIT_FILES."""
    from lore.anchors.languages import language_for_path
    from lore.sources import named

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ctx.root), *args], capture_output=True, text=True).stdout

    present, out = set(ctx.layout.files), []
    for sha in git("log", "--format=%H", "--follow", "--", rel).split():
        names = [n for n in git("show", "--format=", "--name-only", sha).splitlines()
                 if n in present and language_for_path(n) and not named.TEST_PATH.search(n)
                 and not n.endswith((".md", ".mdx", ".rst", ".txt", ".json", ".yml", ".yaml"))]
        out += names if len(names) <= MAX_COMMIT_FILES else []
    return out


def every_importer(text: str, rel: str, ctx) -> list[str]:
    """Every importer of the library a record chooses, beyond the three a lens may cover now."""
    from lore.markup.hidden import strip_hidden
    from lore.sources import imports, named
    from lore.sources.headings import without_alternatives

    whole = strip_hidden(text)
    body = without_alternatives(whole)
    out = []
    for name in dict.fromkeys(imports.chosen(body, whole) + imports.chosen_in_body(body)):
        files = [f for f in ctx.imports.files.get(name, ()) if not imports._MIGRATION.search(f)]
        out += files if len(files) > named.MAX_FILES else []
    return out


RULES = {"title word -> files named for it": title_word_files, "title word -> the folder named for it": title_word_folder,
         "word said 3 times -> the folder named for it": body_word_folder,
         "changed in the record's commits": changed_with_it, "every importer of the chosen library": every_importer}


def _path_words(rel: str) -> set[str]:
    from lore.sources.concepts import singular
    from lore.text import identifier_words

    return {singular(w) for seg in rel.rsplit(".", 1)[0].split("/") for w in identifier_words(seg).split() if len(w) >= 4}


def meaning_and_words(root: Path, label: dict, missed: set[str]) -> dict[str, tuple[int, int, int]]:
    """Two weak signals together, per labelled file and record: the record is the file's nearest in
    meaning (its best cosine over the file's symbols, as the hover pass finds them, `meaning_near`), and
    a word of its title is a word of the file's path. Variants: nearest alone, nearest with a cosine
    bar, nearest or second with the word. Rule -> (right, wrong, missed governed files reached)."""
    from lore.anchors.languages import has_grammar, language_for_path
    from lore.anchors.symbols import extract_symbols
    from lore.api import Lore
    from lore.recall.semantic import meaning_near

    governed = {g["file"]: g["decisions"] for g in label["governed"]}
    tolerated = {(x["file"], x["decision"]) for x in label.get("loosely_related", [])}
    rules = {"nearest in meaning": lambda rank, sim, word: rank == 1,
             "nearest in meaning, cosine >= 0.5": lambda rank, sim, word: rank == 1 and sim >= 0.5,
             "nearest in meaning and a title word in the path": lambda rank, sim, word: rank == 1 and word,
             "... and cosine >= 0.45": lambda rank, sim, word: rank == 1 and word and sim >= 0.45,
             "first or second in meaning and a title word in the path": lambda rank, sim, word: rank <= 2 and word}
    out = {name: [0, 0, set()] for name in rules}
    project = root.name.split("__")[-1]
    with Lore(root) as lore:
        records = {m.id: m for m in lore.list(limit=100_000)}
        for rel in [*governed, *(u["file"] for u in label["ungoverned"])]:
            language = language_for_path(rel)
            if not (root / rel).is_file() or not language or not has_grammar(language):
                continue
            text = (root / rel).read_text(errors="replace")
            found = meaning_near(lore, rel, language, extract_symbols(text, language, rel))
            best: dict[str, float] = {}
            for pairs in (found.near if found else {}).values():
                for mid, sim in pairs:
                    best[mid] = max(best.get(mid, 0.0), sim)
            words = _path_words(rel)
            for rank, (mid, sim) in enumerate(sorted(best.items(), key=lambda p: -p[1]), 1):
                m = records.get(mid)
                source = (m.provenance.path or "") if m else ""
                right = any(_same(source, d) for d in governed.get(rel, []))
                if not m or (not right and (rel, source) in tolerated):
                    continue
                word = bool(set(_title_words(m.title, project)) & words)
                for name, rule in rules.items():
                    if rule(rank, sim, word):
                        out[name][0 if right else 1] += 1
                        if right and rel in missed:
                            out[name][2].add(rel)
    return {name: (r, w, len(reached)) for name, (r, w, reached) in out.items()}


def trial(rule, root: Path, label: dict, missed: set[str]) -> tuple[int, int, int]:
    """(right, wrong, governed files where nothing was shown that the rule reaches) on one repository."""
    from lore.sources.mentions import AnchorContext

    ctx = AnchorContext(root)
    governed = {g["file"]: g["decisions"] for g in label["governed"]}
    labelled = set(governed) | {u["file"] for u in label["ungoverned"]}
    tolerated = {(x["file"], x["decision"]) for x in label.get("loosely_related", [])}
    right = wrong = 0
    reached: set[str] = set()
    for record in label["decision_paths"]:
        path = root / record
        if not path.is_file():
            continue
        for f in set(rule(path.read_text(errors="replace"), record, ctx)) & labelled:
            if any(_same(record, d) for d in governed.get(f, [])):
                right += 1
                reached |= {f} & missed
            elif (f, record) not in tolerated:
                wrong += 1
    return right, wrong, len(reached)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", required=True)
    parser.add_argument("--dump", required=True)
    parser.add_argument("--labels")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    labels = Path(args.labels) if args.labels else next(d for d in DEFAULT_LABELS if d.is_dir())
    repos = []
    for path in sorted(labels.glob("*.json")):
        root, dump = Path(args.keep) / path.stem, Path(args.dump) / path.name
        if args.only in path.stem and (root / ".lore" / "lore.db").exists() and dump.is_file():
            label = json.loads(path.read_text())
            repos.append((root, label, missed_files(json.loads(dump.read_text()), label)))
    n_missed = sum(len(m) for _, _, m in repos)
    print(f"{len(repos)} repositories, {n_missed} governed files where nothing governing was shown\n")
    print(f"| rule | right | wrong | precision | missed files reached |\n|---|---|---|---|---|")
    for name, rule in RULES.items():
        right = wrong = reached = 0
        for root, label, missed in repos:
            r, w, n = trial(rule, root, label, missed)
            right, wrong, reached = right + r, wrong + w, reached + n
        share = f"{100 * right / (right + wrong):.0f}%" if right + wrong else "-"
        print(f"| {name} | {right} | {wrong} | {share} | {reached} / {n_missed} |", flush=True)
    together: dict[str, list[int]] = {}
    for root, label, missed in repos:
        for name, counts in meaning_and_words(root, label, missed).items():
            together[name] = [a + b for a, b in zip(together.get(name, [0, 0, 0]), counts)]
    for name, (right, wrong, reached) in together.items():
        share = f"{100 * right / (right + wrong):.0f}%" if right + wrong else "-"
        print(f"| {name} | {right} | {wrong} | {share} | {reached} / {n_missed} |", flush=True)


if __name__ == "__main__":
    main()
