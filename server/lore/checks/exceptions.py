"""Exceptions to a rule: recorded in the memory's team file (reviewable), matched per violation."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lore.checks.model import RuleException, Violation

if TYPE_CHECKING:
    from lore.service import Lore

MAX_REASON = 500


class ExceptionError(ValueError):
    """An exception that cannot be recorded; the message says why (nothing was written)."""


def covers(ex: RuleException, v: Violation) -> bool:
    """Whether a recorded exception covers a violation: written in the rule's team file, for that rule
    (or every rule of the file), a path glob covering the file, and the symbol and line when named."""
    from lore.recall.anchoring import glob_covers

    if (ex.file or v.rule.file) != v.rule.file or (ex.rule_id and ex.rule_id != v.rule.id):
        return False
    if ex.path != v.path and glob_covers(ex.path, v.path) is None:
        return False
    if ex.symbol and not (v.symbol and f".{ex.symbol}." in f".{v.symbol}."):
        return False  # `Legacy` covers `pkg.mod.Legacy` and `pkg.mod.Legacy.run`, not `pkg.mod.LegacyTwo`
    return ex.line is None or ex.line == v.start_line


def enclosing_symbols(found: list[Violation], path: str, text: str, language: str | None) -> dict[int, str]:
    """id(violation) -> qualified name of the innermost definition around it (grammar languages only)."""
    if not language:
        return {}
    from lore.anchors.symbols import extract_symbols, symbol_at

    symbols = extract_symbols(text, language, path)
    if not symbols:
        return {}
    out = {}
    for v in found:
        s = symbol_at(symbols, v.start_line, v.start_col)
        if s is not None:
            out[id(v)] = s.qualified_name
    return out


def team_file_of(lore: Lore, memory_id: str) -> Path:
    """The team file of a memory (by its provenance, else by the `id:` in the files); ExceptionError
    when the memory has no team file (rules and exceptions live only in team files)."""
    from lore.checks.load import read_team_checks
    from lore.store import NotFoundError

    rel = None
    try:
        m = lore.get(memory_id)
        memory_id = m.id
        if m.provenance.path and m.provenance.path.startswith(".lore/memories/"):
            rel = m.provenance.path
    except NotFoundError:
        pass
    files = read_team_checks(lore)
    holding = [fc.file for fc in files if any(r.memory_id == memory_id for r in fc.rules)]
    if holding and rel not in holding:
        rel = holding[0]  # the rules of an ADR live in a companion team file (`decision:`)
    if rel is None:
        rel = next((fc.file for fc in files if fc.memory_id == memory_id), None)
    if rel is None:
        raise ExceptionError(f"memory {memory_id!r} has no team file in .lore/memories/: rules and exceptions "
                             f"are kept there")
    return lore.root / rel


def record_exception(lore: Lore, memory_id: str, path: str, reason: str, *, rule_id: str | None = None,
                     symbol: str | None = None, line: int | None = None) -> RuleException:
    """Record that a memory's rule (`rule_id`, or all of them) does not apply at `path` (a
    workspace-relative file or glob), within `symbol` or on the 0-based `line` when given, for
    `reason`. Appended to `exceptions:` in the memory's team file; ExceptionError when it cannot be.

    A symbol outlives edits above it; a line does not: prefer the symbol where there is one."""
    from lore.checks.frontlists import FrontEditError, append_entry
    from lore.checks.rulefile import read_checks
    from lore.model import ValidationError, normalize_glob
    from lore.teamfiles import write_text

    reason = " ".join((reason or "").split())
    if not reason:
        raise ExceptionError("an exception needs a reason (it is shown in review)")
    if len(reason) > MAX_REASON:
        raise ExceptionError(f"the reason is over {MAX_REASON} characters")
    try:
        path = normalize_glob(path)
    except ValidationError as e:
        raise ExceptionError(str(e)) from None
    if not path:
        raise ExceptionError("an exception needs a path")
    file = team_file_of(lore, memory_id)
    rel = file.relative_to(lore.root).as_posix()
    text = file.read_bytes().decode("utf-8")
    before = read_checks(text, rel)
    if rule_id and rule_id not in {r.id for r in before.rules}:
        raise ExceptionError(f"{rel} has no rule {rule_id!r} (rules: {', '.join(r.id for r in before.rules) or 'none'})")
    entry: dict = {"path": path}
    if rule_id:
        entry["rule"] = rule_id
    if symbol:
        entry["symbol"] = symbol
    if line is not None:
        entry["line"] = int(line) + 1
    entry["reason"] = reason
    try:
        new = append_entry(text, "exceptions", entry)
    except FrontEditError as e:
        raise ExceptionError(f"{rel}: {e}") from None
    after = read_checks(new, rel)
    if len(after.exceptions) != len(before.exceptions) + 1:
        raise ExceptionError(f"{rel}: the exception could not be written safely; add it by hand")
    write_text(lore.root, file, new)
    return after.exceptions[-1]
