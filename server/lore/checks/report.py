"""Violations, rules and rule errors as JSON, the same for every face (CLI `--json`, MCP, editor),
and `check_change`: what an agent asks before it writes (a diff, or a file's new content)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lore.checks.model import Fix, Rule, RuleError, Violation

if TYPE_CHECKING:
    from lore.service import Lore

MAX_CONTENT = 2_000_000


def _range(sl: int, sc: int, el: int, ec: int) -> dict[str, Any]:
    return {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}}


def fix_json(f: Fix | None) -> dict[str, Any] | None:
    """A fix as an LSP-shaped text edit with a title."""
    if f is None:
        return None
    return {"title": f.title, "range": _range(f.start_line, f.start_col, f.end_line, f.end_col), "newText": f.new_text}


def rule_json(r: Rule) -> dict[str, Any]:
    """A rule as written, with its key, memory and team file."""
    return {"key": r.key, "id": r.id, "memory": r.memory_id, "title": r.memory_title, "kind": r.kind,
            "value": r.value, "paths": list(r.paths), "languages": list(r.languages), "severity": r.severity,
            "message": r.message, "fix": r.fix, "state": r.state, "file": r.file, "line": r.line + 1}


def violation_json(v: Violation) -> dict[str, Any]:
    """A violation: where (0-based LSP range; `line` 1-based for people), what, which decision, the fix."""
    return {"path": v.path, "line": v.start_line + 1, "range": _range(v.start_line, v.start_col, v.end_line, v.end_col),
            "severity": v.severity, "message": v.message, "rule": v.rule.key, "kind": v.rule.kind,
            "memory": {"id": v.rule.memory_id, "title": v.rule.memory_title, "file": v.rule.file},
            "symbol": v.symbol, "fix": fix_json(v.fix)}


def error_json(e: RuleError) -> dict[str, Any]:
    """A rule error: the team file, its 1-based line, the message."""
    return {"file": e.file, "line": e.line + 1, "message": e.message}


def check_change(lore: Lore, *, diff: str = "", path: str = "", content: str | None = None) -> dict[str, Any]:
    """The decisions a change would break: a unified diff (violations on the lines it adds), or a
    file's path and new content (violations anywhere in it). ValueError for bad arguments."""
    from lore.checks.diffs import check_diff
    from lore.checks.engine import check_text
    from lore.checks.load import load_checks

    if bool(diff) == (content is not None):
        raise ValueError("give either `diff` (a unified diff) or `path` with `content` (the file's new text)")
    checks = load_checks(lore)
    if diff:
        found = check_diff(lore, diff, checks=checks)
    else:
        if not path:
            raise ValueError("`content` needs the `path` of the file it is the new text of")
        if len(content or "") > MAX_CONTENT:
            raise ValueError(f"content of {len(content or '')} characters is over {MAX_CONTENT}")
        found = check_text(checks.rules, path, content or "", None, checks.exceptions, symbols=True, reuse=False)
    return {"violations": [violation_json(v) for v in found], "clean": not found,
            "rules_checked": len(checks.rules), "rule_errors": [error_json(e) for e in checks.errors]}
