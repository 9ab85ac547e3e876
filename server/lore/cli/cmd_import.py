"""`lore import`: read ADRs, rules files, decision comments and team files into the workspace database."""

from __future__ import annotations

from lore.cli.common import flush_notices, open_lore
from lore.cli.output import err, notice, out, print_json, progress
from lore.cli.import_report import print_held_back, print_taken
from lore.sources import ImportSettings
from lore.ingest import run_import
from lore.sources.config import CONFIG_PATH, ConfigError, check_folder, remember_adr_folders
from lore.workspace import relative_path

WARNINGS_SHOWN = 50


def register(sub) -> None:
    """Add `import` to the parser."""
    p = sub.add_parser("import", help="import ADRs, rules files (AGENTS.md, CLAUDE.md, ...) and decision comments")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="only these files (changed or deleted ones); default: discover everything")
    p.add_argument("--adr-folder", action="append", default=[], metavar="F",
                   help="another folder holding ADRs, relative to the workspace (repeatable); remembered in "
                        ".lore/config.toml so every later import, the language server and MCP use it too")
    p.add_argument("--ignore", action="append", default=[], metavar="GLOB",
                   help="leave out files matching a gitignore-style glob (repeatable)")
    p.add_argument("--max-file-size", type=int, default=ImportSettings().max_file_size, metavar="BYTES")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="list the files read as decision records, as guides and rules, and as nothing")
    p.add_argument("--yes", action="store_true",
                   help="allow an import that deprecates most of the workspace's imported memories")
    p.set_defaults(func=cmd_import)


def cmd_import(args) -> int:
    """Run an import and print its summary."""
    with open_lore(args) as lore:
        try:
            folders = [check_folder(lore.root, f) for f in args.adr_folder]
            for f in remember_adr_folders(lore.root, folders):
                err.print(f"lore: {f} remembered as a decision-record folder in {CONFIG_PATH} (commit it)", markup=False)
        except ConfigError as e:
            err.print(f"[red]lore:[/] {e}")
            return 2
        settings = ImportSettings(adr_folders=folders, ignore=list(args.ignore),
                                  max_file_size=args.max_file_size, allow_mass_deprecation=args.yes)
        paths = None
        if args.paths:
            paths = []
            for p in args.paths:
                rel = relative_path(lore.root, p)
                if rel is None:
                    notice(f"{p} is outside the workspace {lore.root}; left out")
                    continue
                paths.append(rel)
        with progress("importing", enabled=not args.json) as update:
            summary = run_import(lore, paths=paths, settings=settings, one_shot=True,
                                 progress=lambda done, total, path: update(done, total, f"importing {path}" if path else None))
        if args.json:
            print_json(summary.to_json())
        else:
            _print_summary(summary)
            print_taken(summary, args.verbose)
            flush_notices(lore)
        if summary.held_back:
            print_held_back(summary)
            return 1
        return 0


def _print_summary(summary) -> None:
    skipped = sum(summary.skipped.values())
    reasons = ", ".join(f"{n} {r}" for r, n in sorted(summary.skipped.items()))
    out.print(f"files:    {summary.files_seen} seen, {summary.imported} imported, {summary.unchanged} unchanged, "
              f"{skipped} skipped" + (f" ({reasons})" if reasons else ""))
    line = f"memories: {summary.added} added, {summary.updated} updated, {summary.deprecated} deprecated"
    if summary.renamed:
        line += f"; {summary.renamed} renamed file{'s' if summary.renamed != 1 else ''} followed"
    out.print(line)
    out.print(f"time:     {summary.seconds:.2f}s" + (f", {summary.embedded} sections embedded" if summary.embedded else "")
              + (" (cancelled)" if summary.cancelled else ""))
    if summary.history_line:
        out.print(summary.history_line, markup=False, highlight=False)
    if summary.warnings:
        out.print(f"warnings: {len(summary.warnings)}")
        for w in summary.warnings[:WARNINGS_SHOWN]:
            out.print(f"  {w}", markup=False)
        if len(summary.warnings) > WARNINGS_SHOWN:
            out.print(f"  … and {len(summary.warnings) - WARNINGS_SHOWN} more (use --json for all)")
