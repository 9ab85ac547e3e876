"""Measure how often `lore.redact` fires on real code nobody here wrote.

Runs `redact` over every text file under a directory (default: the site-packages of the
running interpreter) and prints files scanned, megabytes, seconds, throughput and redactions
per megabyte by kind. Third-party code holds almost no live secrets, so the rate printed is,
to a first approximation, the false-positive rate. `--show N` prints up to N findings per kind
with their context so a rule can be judged by eye. `--timing` also times `redact` on 1 MB
inputs built to provoke regex backtracking (long lines, repeated markers, long runs).

    python bench/redact_false_positives.py [DIR] [--show N] [--max-bytes N] [--timing]
"""

from __future__ import annotations

import argparse
import random
import string
import sysconfig
import time
from collections import Counter, defaultdict
from pathlib import Path

from lore.redact import redact

SNIFF_BYTES = 8192


def read_text(path: Path, max_bytes: int) -> str | None:
    """The file as text, or None when it is binary, unreadable or larger than MAX_BYTES."""
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > max_bytes:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:SNIFF_BYTES]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def context_line(text: str, start: int, end: int, width: int = 60) -> str:
    """The secret's surroundings on one line, the secret itself bracketed."""
    lo, hi = max(0, start - width), min(len(text), end + width)
    snippet = text[lo:start] + "⟦" + text[start:end][:80] + "⟧" + text[end:hi]
    return snippet.replace("\n", "⏎")


def timing_inputs() -> dict[str, str]:
    """About 1 MB each: ordinary code, and shapes that make careless patterns backtrack."""
    size = 1_000_000
    gen = random.Random(0)
    code = (
        "def handler(request, token=None):\n"
        "    password = get_password()\n"
        '    headers = {"Authorization": f"Bearer {token}"}\n'
        '    DB_PASSWORD = os.environ["DB_PASSWORD"]\n'
        "    return call('https://api.example.com/v1?page=2', headers)\n\n"
    )
    alphabet = string.ascii_letters + string.digits + "-_"
    base64ish = "".join(gen.choice(alphabet) for _ in range(size))
    return {
        "ordinary code": (code * (size // len(code) + 1))[:size],
        "one line, one letter": "a" * size,
        "one line of base64url": base64ish,
        "PEM headers, no END": ("-----BEGIN RSA PRIVATE KEY-----\n" * (size // 32))[:size],
        "assignments, no values": ("password=" * (size // 9))[:size],
        "URL colons": ("https://" + "u:" * (size // 2))[:size],
        "dots after eyJ": "eyJ" + "a" * (size // 2) + "." * (size // 2),
        "long secret-named lines": (("TOKEN=" + "x" * 2000 + "\n") * (size // 2007))[:size],
    }


def print_timing() -> None:
    """Time `redact` on each synthetic input."""
    print("timing (1 MB inputs; CPU seconds, then wall seconds):")
    for name, text in timing_inputs().items():
        wall, cpu = time.perf_counter(), time.process_time()
        redact(text)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"  {name:28} {cpu:7.3f}s {wall:7.3f}s")


def main() -> None:
    """Scan, then print the totals and the per-kind rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=sysconfig.get_paths()["purelib"])
    parser.add_argument("--show", type=int, default=0, help="findings to print per kind")
    parser.add_argument("--max-bytes", type=int, default=20_000_000, help="skip larger files")
    parser.add_argument("--timing", action="store_true", help="also time pathological inputs")
    args = parser.parse_args()
    if args.timing:
        print_timing()

    root = Path(args.root)
    files = 0
    total_bytes = 0
    elapsed = 0.0
    cpu = 0.0
    slowest = (0.0, "")
    by_kind: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("*")):
        text = read_text(path, args.max_bytes)
        if text is None:
            continue
        began, began_cpu = time.perf_counter(), time.process_time()
        result = redact(text)
        took = time.perf_counter() - began
        cpu += time.process_time() - began_cpu
        elapsed += took
        slowest = max(slowest, (took, str(path)))
        files += 1
        total_bytes += len(text.encode("utf-8"))
        for r in result.redactions:
            by_kind[r.kind] += 1
            if len(examples[r.kind]) < args.show:
                rel = path.relative_to(root)
                examples[r.kind].append(f"{rel}:{r.line}: {context_line(text, r.start, r.end)}")

    mb = total_bytes / 1_000_000
    total = sum(by_kind.values())
    print(f"root:            {root}")
    print(f"files scanned:   {files}")
    print(f"megabytes:       {mb:.1f}")
    print(f"seconds:         {elapsed:.2f} wall, {cpu:.2f} CPU ({mb / cpu if cpu else 0:.1f} MB/s of CPU)")
    print(f"slowest file:    {slowest[0]:.3f}s {slowest[1]}")
    print(f"redactions:      {total} ({total / mb if mb else 0:.3f} per MB)")
    for kind, count in by_kind.most_common():
        print(f"  {kind:28} {count:6d}  {count / mb:8.4f} per MB")
        for line in examples[kind]:
            print(f"      {line}")


if __name__ == "__main__":
    main()
