"""What symbols and comments cost per language, on the source files of real repositories.

For each `LANGUAGE=GIT_DIR` given (a bare mirror; HEAD is read), up to `--files` files of that
language are read once; then, in one process, for each language: the bare tree-sitter parse of
every file (the floor), `extract_symbols` and `extract_comments` with their result caches cleared
(what a first hover or an import pays), the symbols found per file, files whose tree has an error
node, and the first call (grammar import and query compilation). Times are CPU seconds of this
thread over all files, printed as ms per file and MB/s, with the ratio to the bare parse.

    .venv/bin/python bench/languages_bench.py python=/work/.mirror/GSA+notifications-api/repo \\
        ruby=/work/.mirror/alphagov+content-publisher/repo csharp=/work/.mirror/jbogard+MediatR/repo
"""

from __future__ import annotations

import argparse
import subprocess
import time

from lore.anchors import comments, languages, symbols
from lore.anchors.languages import language_for_path


def files_of(git_dir: str, language: str, limit: int) -> list[tuple[str, bytes]]:
    """Up to `limit` (path, bytes) of `language` at HEAD of a bare repository, tests included."""
    names = subprocess.run(["git", f"--git-dir={git_dir}", "ls-tree", "-r", "--name-only", "HEAD"],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    picked = [n for n in names if n and language_for_path(n) == language][:limit]
    return [(n, subprocess.run(["git", f"--git-dir={git_dir}", "show", f"HEAD:{n}"], capture_output=True,
                               check=True).stdout) for n in picked]


def cpu(fn) -> float:
    start = time.thread_time()
    fn()
    return time.thread_time() - start


def measure(language: str, files: list[tuple[str, bytes]]) -> dict:
    first = cpu(lambda: symbols.extract_symbols(files[0][1], language, files[0][0])) if files else 0.0
    trees = []
    parse = cpu(lambda: trees.extend(languages.parse(languages.dialect(language, d), d) for _, d in files))
    symbols._extract_cached.cache_clear()
    found: list[int] = []
    extract = cpu(lambda: found.extend(len(symbols.extract_symbols(d, language, n)) for n, d in files))
    read = cpu(lambda: [comments.extract_comments(d, language) for _, d in files])
    size = sum(len(d) for _, d in files)
    return {"files": len(files), "mb": size / 1e6, "parse": parse, "symbols": extract, "comments": read,
            "per_file": sum(found) / max(1, len(files)), "first": first,
            "errors": sum(1 for t in trees if t is None or t.root_node.has_error)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("repos", nargs="+", help="LANGUAGE=GIT_DIR")
    parser.add_argument("--files", type=int, default=300)
    args = parser.parse_args()
    print(f"{'language':10} {'files':>5} {'MB':>5} {'parse ms/f':>10} {'symbols ms/f':>12} {'x parse':>7} "
          f"{'MB/s':>6} {'comments ms/f':>13} {'symbols/f':>9} {'errors':>6} {'first ms':>8}")
    for spec in args.repos:
        language, _, git_dir = spec.partition("=")
        r = measure(language, files_of(git_dir, language, args.files))
        n = max(1, r["files"])
        print(f"{language:10} {r['files']:5d} {r['mb']:5.2f} {1000 * r['parse'] / n:10.2f} "
              f"{1000 * r['symbols'] / n:12.2f} {r['symbols'] / max(r['parse'], 1e-9):7.1f} "
              f"{r['mb'] / max(r['symbols'], 1e-9):6.1f} {1000 * r['comments'] / n:13.2f} {r['per_file']:9.1f} "
              f"{r['errors']:6d} {1000 * r['first']:8.1f}")


if __name__ == "__main__":
    main()
