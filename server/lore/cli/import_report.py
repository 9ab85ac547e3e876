"""What `lore import` prints about the files it took: decision records, guides and rules, documentation, and nothing."""

from __future__ import annotations

from collections import Counter

from lore.cli.output import err, out
from lore.memory import HIDDEN_STATUSES, Status
from lore.sources import docs
from lore.sources.newer import PROPOSED_CHANGE
from lore.sources.report import COPY_OF, folders_of, reasons_of

FOLDERS_SHOWN = 4
HIDDEN = frozenset(s.value for s in HIDDEN_STATUSES)


def print_taken(summary, verbose: bool) -> None:
    """A line per category (and, verbose, the files), so a decision record that was missed is visible."""
    folders = ", ".join(f"{f} {n}" for f, n in folders_of(summary.decisions)[:FOLDERS_SHOWN])
    more = len(folders_of(summary.decisions)) - FOLDERS_SHOWN
    folders += f", … {more} more folders" if more > 0 else ""
    out.print(f"decision records: {_files(len(summary.decisions))}" + (f" ({folders})" if folders else ""),
              markup=False)
    logs = {p: n for p, n in summary.log_entries.items() if p in set(summary.decisions)}
    if logs:
        out.print("decision logs:    " + ", ".join(f"{p} ({n} decisions)" for p, n in sorted(logs.items())),
                  markup=False)
    later = set(summary.docs_later)
    if verbose:
        _list(summary.decisions, later)
    left = summary.rules_left_out
    copies = sum(1 for _, why in left if why.startswith(COPY_OF))
    kinds = [f"{n} {why}" for n, why in ((len(left) - copies, "pointing to another file"),
                                         (copies, f"cop{'y' if copies == 1 else 'ies'} of another guide")) if n]
    out.print(f"guides and rules: {_files(len(summary.rules))}"
              + (f" ({len(left)} left out: {', '.join(kinds)})" if left else ""), markup=False)
    if verbose:
        _list(summary.rules)
        for path, why in left:
            out.print(f"  {path}: left out, {why}", markup=False)
    notes = []
    if summary.docs_later:  # an import the language server ran
        notes.append(f"{_files(len(summary.docs_later))} of documentation past the embedding caps of "
                     f"{docs.MAX_DOC_FILES} pages and about {docs.MAX_DOC_SECTION_BUDGET} sections: found by words "
                     "now, by meaning once embedded in the background")
    if summary.docs_left_out:
        notes.append(f"{summary.docs_left_out} more left out over the cap of {docs.MAX_DOC_PAGES} pages")
    out.print(f"documentation:    {_files(len(summary.docs))}" + (f" ({'; '.join(notes)})" if notes else ""),
              markup=False)
    if verbose:
        _list(summary.docs, later)
        for path in summary.docs_left_out_paths:
            out.print(f"  {path}: left out over the cap", markup=False)
    reasons = ", ".join(f"{n} {why}" for why, n in reasons_of(summary.not_taken))
    out.print(f"taken as nothing: {_files(len(summary.not_taken))} in docs folders or shaped like records"
              + (f" ({reasons})" if reasons else ""), markup=False)
    if verbose:
        for path, why in summary.not_taken:
            out.print(f"  {path}: {why}", markup=False)
    if verbose and summary.skipped_paths:
        out.print("skipped files:", markup=False)
        for why, paths in sorted(summary.skipped_paths.items()):
            more = summary.skipped.get(why, len(paths)) - len(paths)
            out.print(f"  {why}: " + ", ".join(paths) + (f", … {more} more" if more > 0 else ""), markup=False)
    if summary.left_out_memories:
        out.print(f"left out:         {summary.left_out_memories} memories of files in vendored, generated or built "
                  "folders (vendor/, third_party/, dist/, …), no longer read: deprecated", markup=False)
    for written, n in sorted(summary.unknown_statuses.items(), key=lambda kv: (-kv[1], kv[0])):
        out.print(f"statuses:         {n} record{'s' if n != 1 else ''} with an unknown status {written!r} "
                  "treated as active", markup=False)
    if summary.template_only:
        n = len(summary.template_only)
        out.print(f"unfilled:         {n} record{'s' if n != 1 else ''} left as {'their' if n != 1 else 'its'} template: "
                  "title only (ranked below records that say something)", markup=False)
        if verbose:
            _list(summary.template_only)
    if summary.superseded:
        _superseded(summary.superseded, verbose)
    proposed = [r for r in summary.later_records if r[1] == PROPOSED_CHANGE]
    later = [r for r in summary.later_records if r[1] != PROPOSED_CHANGE]
    if proposed:
        out.print(f"proposals:        {len(proposed)} record{'s' if len(proposed) != 1 else ''} a proposal says it "
                  f"supersedes or amends, kept as they are until the proposal is accepted", markup=False)
        if verbose:
            for earlier, rel, new in proposed:
                out.print(f"  {earlier}: {rel} by {new}", markup=False)
    if later:
        kinds = ", ".join(f"{n} {rel}" for rel, n in sorted(Counter(r for _, r, _ in later).items()))
        out.print(f"later records:    {len(later)} record{'s' if len(later) != 1 else ''} ranked below the later "
                  f"record that changed {'them' if len(later) != 1 else 'it'} ({kinds})", markup=False)
        if verbose:
            for earlier, rel, new in later:
                out.print(f"  {earlier}: {rel} by {new}", markup=False)
    if not summary.decisions and summary.not_taken:
        out.print("no decision records found; if some sit among the files above, name their folder with "
                  "--adr-folder F (it is remembered)", markup=False)


def print_held_back(summary) -> None:
    """The loud refusal to deprecate most of a workspace's imported memories without a confirmation."""
    err.print(f"[bold red]lore: this import would deprecate {summary.held_back} of the workspace's "
              f"{summary.live_before} imported memories; nothing of that was written.[/]", markup=True, soft_wrap=True)
    err.print("  If files or folders were removed on purpose, or decision records moved, run again with --yes.")
    err.print("  If decision records went missing because their folder was not given, name it with "
              "--adr-folder F (remembered in .lore/config.toml).")


def _superseded(retired: list[tuple[str, str, str]], verbose: bool) -> None:
    """The records retired for a later one, superseded, deprecated or rejected: each is ranked below what took its
    place; a rejected one is still shown on code (marked rejected), the others never are."""
    n = len({old for old, _, _ in retired})
    hidden = all(status in HIDDEN for _, status, _ in retired)
    out.print(f"superseded:       {n} record{'s' if n != 1 else ''} retired for a later one (ranked below "
              f"{'their successors' if n != 1 else 'its successor'}{', never shown on code' if hidden else ''})",
              markup=False)
    if verbose:
        for old, status, new in retired:
            out.print(f"  {old}: {'superseded by' if status == Status.SUPERSEDED.value else status + ' for'} {new}",
                      markup=False)


def _files(n: int) -> str:
    return f"{n} file{'s' if n != 1 else ''}"


def _list(paths: list[str], later: set[str] = frozenset()) -> None:
    for p in paths:
        out.print(f"  {p}" + (": embedded later" if p in later else ""), markup=False)
