"""The records of checkable decisions: a rule, a violation of it, an exception to it, a rule error.

A rule is written in a team memory file's front matter (`.lore/memories/*.md`, under `checks:`)
and belongs to that memory (the decision or convention it enforces). Lines and columns in these
records are 0-based; columns count UTF-16 code units, as LSP does (equal to characters for ASCII).
`str()` of a violation or a rule error is the human form, `path:line:col: message`, 1-based.
"""

from __future__ import annotations

import attrs

KINDS = ("forbid_import", "require_import", "forbid_call", "pattern")
SEVERITIES = ("error", "warning", "info", "hint")
STATES = ("confirmed", "proposed", "rejected")  # a rule written by a person without `state:` is confirmed


@attrs.frozen
class Rule:
    """One machine-checkable rule of a decision.

    - `id`: unique within its memory (written `id:` or made from kind and value); `key` is
      `memory_id/id`, unique in the workspace.
    - `kind`: one of KINDS; `value` what it names: a module (`requests`, `lodash/fp`,
      `github.com/pkg/errors`) for imports, a dotted callee (`os.path.join`, `*.objects.*`) for
      calls, a Python regular expression for `pattern`.
    - `paths`: globs the rule applies to (empty: everywhere); a glob starting with `!` excludes.
    - `languages`: our language names (`python`, `typescript`, ...); empty: every language the kind
      can read (imports and calls: those with a grammar; pattern: any text file).
    - `fix`: the replacement for the matched text (a module name, a callee, or a regex replacement
      template for `pattern`), or None when there is no mechanical fix.
    - `state`: one of STATES; only `confirmed` rules are enforced (see `confirmed`).
    - `file`, `line`: the team file (workspace-relative) and the 0-based line of the rule's entry.
    """

    id: str
    memory_id: str
    kind: str
    value: str
    paths: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    severity: str = "warning"
    message: str = ""
    fix: str | None = None
    state: str = "confirmed"
    file: str = ""
    line: int = 0
    memory_title: str = ""

    @property
    def confirmed(self) -> bool:
        """Whether a person confirmed the rule (only confirmed rules are enforced)."""
        return self.state == "confirmed"

    @property
    def key(self) -> str:
        """`memory_id/id`: the rule's name in the workspace (what `lore checks confirm` takes)."""
        return f"{self.memory_id}/{self.id}"


@attrs.frozen
class Fix:
    """A suggested edit: replace the range with `new_text` (0-based, UTF-16 columns)."""

    start_line: int
    start_col: int
    end_line: int
    end_col: int
    new_text: str
    title: str = ""


@attrs.frozen
class Violation:
    """Where code breaks a confirmed rule: the path, the range of the offending code, the message
    (the rule's own, or one made from it) and the decision it comes from, with the fix if any."""

    rule: Rule
    path: str
    start_line: int
    start_col: int
    end_line: int
    end_col: int
    message: str
    fix: Fix | None = None
    symbol: str | None = None  # the innermost enclosing definition, when the language has a grammar

    @property
    def memory_id(self) -> str:
        """The id of the decision the violated rule belongs to."""
        return self.rule.memory_id

    @property
    def memory_title(self) -> str:
        """The title of that decision."""
        return self.rule.memory_title

    @property
    def severity(self) -> str:
        """The rule's severity."""
        return self.rule.severity

    def __str__(self) -> str:
        return f"{self.path}:{self.start_line + 1}:{self.start_col + 1}: {self.message}"


@attrs.frozen
class RuleException:
    """A recorded exception: the rules of team file `file` (one, `rule_id`, or all of them) do not
    apply at `path` (a glob), within `symbol` (a qualified name) or on `line` (0-based) when given;
    `reason` says why. Kept under `exceptions:` in that team file, beside the rules."""

    memory_id: str
    path: str
    reason: str
    rule_id: str | None = None
    symbol: str | None = None
    line: int | None = None
    file: str = ""
    entry_line: int = 0  # 0-based line of the entry in the team file


@attrs.frozen
class RuleError:
    """A rule or exception that cannot be read: the team file, the 0-based line of the offending
    entry, and a message saying what is wrong and what is expected. Never raised: collected."""

    file: str
    line: int
    message: str
    memory_id: str | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line + 1}: {self.message}"
