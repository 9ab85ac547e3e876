"""Time symbol extraction on generated 3,000-line Python and TypeScript files.

Run: `.venv/bin/python bench/symbols_bench.py [--repeat N]`. For each file prints the fastest and
the median wall time in milliseconds (parse + query + building symbols, warm parser cache; the
fastest run is the least disturbed by other processes), the fastest CPU time of this thread (what
the work costs when the machine is busy with other things) next to the CPU time of the bare
tree-sitter parse (the floor), the first call (which also loads the grammar and
compiles the query), a repeated call answered from the result cache, and the time to extract
comments.

Two densities: "dense" has a symbol every 3-4 lines, "typical" pads each function body with
`--filler` statements, closer to ordinary code.
"""

from __future__ import annotations

import argparse
import statistics
import time

from lore.anchors.comments import extract_comments
from lore.anchors.languages import parse
from lore.anchors.symbols import extract_symbols

TARGET_LINES = 3000


def python_source(lines: int = TARGET_LINES, filler: int = 0) -> str:
    """A Python module of classes with documented, decorated methods and nested helpers."""
    pad = [f"        total = total * {n} + len(request)" for n in range(filler)]
    out = ['"""Generated module."""', "import logging", "", "log = logging.getLogger(__name__)", ""]
    index = 0
    while len(out) < lines:
        out += [
            "", f"class Service{index}(Base):", f'    """Service number {index} 😀."""', "",
            "    def __init__(self, repo: Repo) -> None:", "        self.repo = repo", "",
            "    @property", "    def name(self) -> str:", f'        return "service-{index}"', "",
            f"    async def handle_{index}(self, request: dict[str, int]) -> int:",
            '        """Handle a request."""', "        total = 0",
            "        for key, value in request.items():  # sum the values",
            "            if key.startswith('x'):", "                total += value",
            *pad, "        return total", "", f"def helper_{index}(a, b=2, *args, **kwargs):",
            "    def inner(x):", "        return x * 2", *[line[4:] for line in pad],
            "    return inner(a) + b", "",
        ]
        index += 1
    return "\n".join(out[:lines]) + "\n"


def typescript_source(lines: int = TARGET_LINES, filler: int = 0) -> str:
    """A TypeScript module of interfaces, classes, arrow functions and enums."""
    pad = [f"    this.cache.delete(`stale-${{id}}-{n}`);" for n in range(filler)]
    out = ["import { Base } from './base';", ""]
    index = 0
    while len(out) < lines:
        out += [
            f"/** Options for client {index}. */", f"export interface Options{index} {{",
            "  timeout: number;", "  retry(count: number): boolean;", "}", "",
            f"export type Id{index} = string | number;", "",
            f"export class Client{index}<T> extends Base {{", "  private cache = new Map<string, T>();",
            f"  constructor(private readonly opts: Options{index}) {{ super(); }}", "",
            "  async get(id: string): Promise<T | undefined> {",
            "    // look in the cache first 😀", "    const hit = this.cache.get(id);",
            "    if (hit !== undefined) { return hit; }", *pad, "    return this.fetch(id);", "  }",
            "", "  handle = (event: Event): void => {", "    console.log(event.type);", *pad, "  };",
            "}", "", f"export const make{index} = (opts: Options{index}) => new Client{index}(opts);",
            f"export enum Mode{index} {{ Fast, Slow }}", "",
        ]
        index += 1
    return "\n".join(out[:lines]) + "\n"


def _time(function, *args) -> float:
    started = time.perf_counter()
    function(*args)
    return (time.perf_counter() - started) * 1000


def _cpu(function, *args) -> float:
    started = time.thread_time()
    function(*args)
    return (time.thread_time() - started) * 1000


def main() -> None:
    """Print extraction timings for the generated files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--filler", type=int, default=12)
    options = parser.parse_args()
    for density, filler in (("dense", 0), ("typical", options.filler)):
        for language, make, path in (("python", python_source, "app/generated.py"),
                                     ("typescript", typescript_source, "src/generated.ts")):
            source = make(filler=filler)
            marker = "#" if language == "python" else "//"
            # A distinct last line per run defeats the result cache: these are cold extractions.
            variants = [f"{source}{marker} run {n}\n" for n in range(options.repeat + 1)]
            first = _time(extract_symbols, variants[0], language, path)
            half = len(variants) // 2
            runs = [_time(extract_symbols, v, language, path) for v in variants[1:half]]
            cpu = [_cpu(extract_symbols, v, language, path) for v in variants[half:-1]]
            cached = [_time(extract_symbols, variants[-1], language, path) for _ in range(5)]
            encoded = source.encode()
            floor = [_cpu(parse, language, encoded) for _ in range(options.repeat // 2)]
            notes = [_time(extract_comments, source, language) for _ in range(options.repeat)]
            count = len(extract_symbols(source, language, path))
            print(f"{language:<10} {density:<7} {source.count(chr(10))} lines {count:>4} symbols: "
                  f"fastest {min(runs):5.1f} ms, median {statistics.median(runs):5.1f} ms, "
                  f"cpu {min(cpu):5.1f} ms (parse alone {min(floor):4.1f}), first {first:5.1f} ms, cached {min(cached):.2f} ms | "
                  f"comments fastest {min(notes):5.1f} ms")


if __name__ == "__main__":
    main()
