"""Measure secret-redaction false positives through `lore import` on ordinary code.

`bench/redact_false_positives.py` runs `redact` over raw files; this one goes the way text really
reaches the database. It builds a workspace from code nobody here wrote (default: the running
interpreter's site-packages): every Python file is copied with the first line of each of its
comment blocks turned into a `DECISION:` comment, so real comments flow through the decision-comment
importer, and every package's METADATA (its README) becomes an ADR. Then it imports the workspace
and counts the `[REDACTED:kind]` placeholders stored. Third-party code holds almost no live secrets,
so to a first approximation each one is a false positive.

    python bench/secrets_false_positives.py [SITE_PACKAGES] [--files N] [--show N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import re
import shutil
import sysconfig
import tempfile
import time
from collections import Counter
from pathlib import Path

import attrs

PLACEHOLDER = re.compile(r"\[REDACTED:([a-z0-9-]+)\]")
COMMENT = re.compile(r"^([ \t]*)# ?(?!DECISION)(\S.*)$")
MAX_BYTES = 200_000


@attrs.define
class Measure:
    """What one run imported and what was redacted."""

    python_files: int = 0
    adr_files: int = 0
    decision_comments: int = 0
    memories: int = 0
    stored_bytes: int = 0
    seconds: float = 0.0
    by_kind: Counter = attrs.field(factory=Counter)
    examples: list[str] = attrs.field(factory=list)

    @property
    def redactions(self) -> int:
        """Placeholders stored in all."""
        return sum(self.by_kind.values())


def decisions_from_comments(source: str) -> tuple[str, int]:
    """SOURCE with the first line of every comment block made a decision comment; (text, how many)."""
    out, count, previous_comment = [], 0, False
    for line in source.splitlines():
        m = COMMENT.match(line)
        if m and not previous_comment:
            line = f"{m.group(1)}# DECISION: {m.group(2)}"
            count += 1
        previous_comment = bool(m)
        out.append(line)
    return "\n".join(out) + "\n", count


def build_workspace(site: Path, ws: Path, files: int, measure: Measure, adrs: int | None = None) -> None:
    """Copy up to FILES Python files (as decision comments) and ADRS METADATA files (all by default) into WS."""
    (ws / "src").mkdir(parents=True)
    (ws / "docs" / "adr").mkdir(parents=True)
    for path in sorted(site.rglob("*.py")):
        if measure.python_files >= files:
            break
        try:
            if path.stat().st_size > MAX_BYTES:
                continue
            text, count = decisions_from_comments(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if count:
            rel = path.relative_to(site).as_posix().replace("/", "__")
            (ws / "src" / rel).write_text(text, encoding="utf-8")
            measure.python_files += 1
            measure.decision_comments += count
    for i, path in enumerate(sorted(site.glob("*.dist-info/METADATA"))[:adrs]):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        name = path.parent.name.split("-")[0].lower()
        (ws / "docs" / "adr" / f"{i + 1:04d}-{name}.md").write_text(f"# {name}\n\n{text}", encoding="utf-8")
        measure.adr_files += 1


def measure_import(site: Path, ws: Path, files: int, show: int = 0, adrs: int | None = None) -> Measure:
    """Build the workspace, import it with the hash embedder, count what was redacted."""
    from lore.embedding.embedder import HashEmbedder
    from lore.api import Lore
    from lore.sources import ImportSettings
    from lore.ingest import run_import

    measure = Measure()
    build_workspace(site, ws, files, measure, adrs)
    lore = Lore(ws, user_db=ws / ".lore" / "bench-user.db", embedder=HashEmbedder())
    started = time.perf_counter()
    run_import(lore, settings=ImportSettings(max_file_size=MAX_BYTES * 4))
    measure.seconds = time.perf_counter() - started
    rows = lore.store.db.query("SELECT m.id, m.title, m.body, coalesce(m.rationale, ''), m.source_path "
                               "FROM memories m")
    measure.memories = len(rows)
    for _id, *texts, source in rows:
        for text in texts:
            measure.stored_bytes += len(text.encode("utf-8"))
            for m in PLACEHOLDER.finditer(text):
                measure.by_kind[m.group(1)] += 1
                if len(measure.examples) < show:
                    lo = max(0, m.start() - 80)
                    measure.examples.append(f"{source}: {text[lo:m.end() + 40]!r}")
    lore.close()
    return measure


def main() -> None:
    """Build, import, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=sysconfig.get_paths()["purelib"])
    parser.add_argument("--files", type=int, default=2000, help="Python files to copy")
    parser.add_argument("--show", type=int, default=0, help="redactions to print with context")
    parser.add_argument("--keep", help="build the workspace here and keep it")
    args = parser.parse_args()
    ws = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="lore-fp-")) / "ws"
    try:
        m = measure_import(Path(args.site), ws, args.files, args.show)
    finally:
        if not args.keep:
            shutil.rmtree(ws.parent, ignore_errors=True)
    mb = m.stored_bytes / 1_000_000
    print(f"source:             {args.site}")
    print(f"python files:       {m.python_files} ({m.decision_comments} comment blocks as decisions)")
    print(f"ADRs (READMEs):     {m.adr_files}")
    print(f"memories stored:    {m.memories} ({mb:.1f} MB of text)")
    print(f"import:             {m.seconds:.1f} s")
    print(f"redactions:         {m.redactions} ({m.redactions / max(m.memories, 1) * 100:.2f} per 100 memories, "
          f"{m.redactions / mb if mb else 0:.2f} per MB)")
    for kind, count in m.by_kind.most_common():
        print(f"  {kind:28} {count}")
    for line in m.examples:
        print(f"    {line}")


if __name__ == "__main__":
    main()
