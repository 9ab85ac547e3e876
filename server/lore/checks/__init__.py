"""Decisions that check the code: rules kept in team memory files, matched against source text.

A decision or convention in `.lore/memories/*.md` may carry machine-checkable rules under
`checks:` in its front matter (see `lore.checks.rulefile` for the format), and recorded
exceptions under `exceptions:`. Only confirmed rules of active memories are enforced: a rule Lore
proposed stays `state: proposed` until a person confirms it, and a superseded, deprecated,
rejected or agent-written-unconfirmed memory enforces nothing.

The public surface, used by the CLI (`lore check`, `lore checks`), MCP (`check_change`) and the
language server (diagnostics, code actions):

- `load_checks(lore) -> Checks` (rules, exceptions, errors); `load_rules(lore) -> (rules, errors)`.
- `check_text(rules, path, text, language=None, exceptions=()) -> list[Violation]`: one file's text
  (an open editor buffer); no disk, no database.
- `check_paths(lore, paths) -> list[Violation]` (PathError), `check_diff(lore, diff_text) ->
  list[Violation]` (DiffError): files on disk; a unified diff (violations on changed lines only).
- `record_exception(lore, memory_id, path, reason, *, rule_id=None, symbol=None, line=None)`:
  writes an exception into the memory's team file (ExceptionError when it cannot); the location
  then produces no violation.
- Records: `Rule`, `Violation`, `Fix`, `RuleException`, `RuleError` (`lore.checks.model`).

Imports and calls are matched on tree-sitter syntax trees (Python, JavaScript, TypeScript/TSX,
Go, Java, Rust where the grammar reads them); `pattern` rules are regular expressions over any
text file. docs/checks.md says why tree-sitter rather than a structural-search tool.
"""

from lore.checks.diffs import DiffError, check_diff
from lore.checks.engine import check_text
from lore.checks.exceptions import ExceptionError
from lore.checks.files import PathError, check_paths
from lore.checks.exceptions import record_exception
from lore.checks.load import Checks, load_checks, load_rules
from lore.checks.model import Fix, Rule, RuleError, RuleException, Violation

__all__ = ["Checks", "DiffError", "ExceptionError", "Fix", "PathError", "Rule", "RuleError", "RuleException", "Violation", "check_diff", "check_paths",
           "check_text", "load_checks", "load_rules", "record_exception"]
