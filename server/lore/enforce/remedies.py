"""What the code actions on a violation do, without an editor: the convention's edit, the place an
exception is recorded for, and recording it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lore.checks import Fix, RuleException, Violation, record_exception

if TYPE_CHECKING:
    from lore.api import Lore


@attrs.define
class ExceptionPlace:
    """Where "Record an exception here" applies: the file, and the enclosing definition when there is
    one (it outlives edits above it), else the 0-based line."""

    memory_id: str
    rule_id: str
    path: str
    symbol: str | None = None
    line: int | None = None


def fix_for(v: Violation) -> Fix | None:
    """The convention's edit for a violation, when its rule has a mechanical fix."""
    return v.fix


def exception_place(v: Violation) -> ExceptionPlace:
    """The place an exception for this violation covers."""
    if v.symbol:
        return ExceptionPlace(v.memory_id, v.rule.id, v.path, symbol=v.symbol)
    return ExceptionPlace(v.memory_id, v.rule.id, v.path, line=v.start_line)


def exception_here(lore: Lore, place: ExceptionPlace, reason: str) -> RuleException:
    """Record the exception in the decision's team file (`lore.checks.record_exception`)."""
    return record_exception(lore, place.memory_id, place.path, reason, rule_id=place.rule_id,
                            symbol=place.symbol, line=place.line)
