"""Read the `checks:` and `exceptions:` of one team memory file, with the line of every entry.

    checks:
      - forbid_import: requests        # one kind key: forbid_import, require_import, forbid_call, pattern
        fix: httpx                     # optional replacement for the matched text
        paths: ["src/**", "!src/legacy/**"]
        languages: [python]
        severity: error                # error, warning (default), info, hint
        message: We use httpx, not requests.
        id: no-requests                # optional; made from kind and value when absent
        state: proposed                # proposed, confirmed, rejected; absent: confirmed
        decision: adr-0007             # optional: the rule enforces that memory (an ADR, say), not this file's
    exceptions:
      - path: src/legacy/client.py     # a glob
        rule: no-requests              # optional: every rule of this memory when absent
        symbol: LegacyClient.fetch     # optional: the enclosing definition
        line: 42                       # optional, 1-based as in an editor
        reason: vendored client, goes with the legacy API

Every problem is a RuleError naming the file and the line of the entry at fault; the entries
that are fine are kept. Nothing here raises on bad input.
"""

from __future__ import annotations

import re

import attrs
import yaml

from lore.checks.model import KINDS, SEVERITIES, STATES, Rule, RuleError, RuleException
from lore.yamlbound import YamlLimitError, load_bounded

FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
_RULE_KEYS = {"id", "fix", "paths", "languages", "severity", "message", "state", "decision", *KINDS}
_EXCEPTION_KEYS = {"path", "rule", "symbol", "line", "reason"}
MAX_PATTERN = 1000


@attrs.define
class FileChecks:
    """What one team file says about checks: its memory, status, rules, exceptions and errors."""

    file: str
    memory_id: str = ""
    title: str = ""
    status: str = "active"
    agent_unconfirmed: bool = False  # `source: agent`: written by an agent, not yet confirmed by a person
    rules: list[Rule] = attrs.field(factory=list)
    exceptions: list[RuleException] = attrs.field(factory=list)
    errors: list[RuleError] = attrs.field(factory=list)


def mentions_checks(text: str) -> bool:
    """A cheap test: whether a team file's text may hold checks or exceptions at all."""
    return "checks:" in text or "exceptions:" in text


def read_checks(text: str, rel_path: str) -> FileChecks:
    """The checks of one team file's text (see the module docstring); errors collected, never raised."""
    out = FileChecks(rel_path)
    m = FRONT.match(text)
    if not m:
        return out
    try:
        front = load_bounded(m.group(1)) or {}
        node = yaml.compose(m.group(1), Loader=yaml.SafeLoader)
    except (YamlLimitError, yaml.YAMLError) as e:
        line = getattr(getattr(e, "problem_mark", None), "line", 0) + 1
        out.errors.append(RuleError(rel_path, line, f"front matter cannot be read, so no rule in it is checked: "
                                    f"{getattr(e, 'problem', None) or e}"))
        return out
    if not isinstance(front, dict):
        return out
    out.memory_id = str(front.get("id") or _stem(rel_path))
    out.status = str(front.get("status") or "active").strip().lower()
    out.agent_unconfirmed = front.get("source") == "agent"
    title = re.search(r"^#\s+(.+?)\s*$", text[m.end():], re.M)
    out.title = str(front.get("title") or (title.group(1) if title else out.memory_id))
    lines = entry_lines(node)
    for key, reader in (("checks", _rule), ("exceptions", _exception)):
        entries = front.get(key)
        if entries is None:
            continue
        at = lines.get(key, ([], 1))
        if not isinstance(entries, list):
            out.errors.append(RuleError(rel_path, at[1], f"`{key}:` must be a list of entries (`- ...`)",
                                        out.memory_id))
            continue
        for i, entry in enumerate(entries):
            line = at[0][i] if i < len(at[0]) else at[1]
            try:
                made = reader(entry, out, line)
            except _Bad as e:
                out.errors.append(RuleError(rel_path, line, f"{key} entry {i + 1}: {e}", out.memory_id))
                continue
            (out.rules if key == "checks" else out.exceptions).append(made)
    _check_unique(out)
    return out


class _Bad(ValueError):
    """One entry that cannot be read."""


def _stem(rel_path: str) -> str:
    return rel_path.rsplit("/", 1)[-1].removesuffix(".md")


def entry_lines(node) -> dict[str, tuple[list[int], int]]:
    """For `checks` and `exceptions`: the file line (0-based) of each list item, and of the key."""
    found: dict[str, tuple[list[int], int]] = {}
    if not isinstance(node, yaml.MappingNode):
        return found
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value in ("checks", "exceptions"):
            items = [n.start_mark.line + 1 for n in v.value] if isinstance(v, yaml.SequenceNode) else []
            found[k.value] = (items, k.start_mark.line + 1)  # +1: the `---` line before the front matter
    return found


def _text(entry: dict, key: str, *, required: bool = False) -> str | None:
    value = entry.get(key)
    if value is None:
        if required:
            raise _Bad(f"`{key}:` is required")
        return None
    if not isinstance(value, (str, int, float)) or isinstance(value, bool) or not str(value).strip():
        raise _Bad(f"`{key}:` must be a non-empty text, not {value!r}")
    return str(value).strip()


def _texts(entry: dict, key: str) -> tuple[str, ...]:
    value = entry.get(key)
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(x, str) and x.strip() for x in items):
        raise _Bad(f"`{key}:` must be a text or a list of texts, not {value!r}")
    return tuple(x.strip() for x in items)


def _rule(entry: object, fc: FileChecks, line: int) -> Rule:
    if not isinstance(entry, dict):
        raise _Bad(f"must be a mapping such as `- forbid_import: requests`, not {entry!r}")
    unknown = sorted(set(map(str, entry)) - _RULE_KEYS)
    if unknown:
        raise _Bad(f"unknown key {unknown[0]!r}; a rule takes one of {', '.join(KINDS)} and "
                   f"id, fix, paths, languages, severity, message, state, decision")
    kinds = [k for k in KINDS if k in entry]
    if len(kinds) != 1:
        raise _Bad(f"a rule needs exactly one of {', '.join(KINDS)}" + (f"; found {', '.join(kinds)}" if kinds else ""))
    kind = kinds[0]
    value = _text(entry, kind, required=True)
    assert value is not None
    if kind == "pattern":
        _compile(value)
    severity = (_text(entry, "severity") or "warning").lower()
    if severity not in SEVERITIES:
        raise _Bad(f"severity {severity!r}: expected one of {', '.join(SEVERITIES)}")
    state = (_text(entry, "state") or "confirmed").lower()
    if state not in STATES:
        raise _Bad(f"state {state!r}: expected one of {', '.join(STATES)}")
    fix = entry.get("fix")
    if fix is not None and not isinstance(fix, str):
        raise _Bad(f"`fix:` must be a text, not {fix!r}")
    languages = tuple(x.lower() for x in _texts(entry, "languages"))
    _known_languages(languages)
    rid = _text(entry, "id") or rule_id(kind, value)
    return Rule(rid, _text(entry, "decision") or fc.memory_id, kind, value, _texts(entry, "paths"), languages, severity,
                _text(entry, "message") or "", fix, state, fc.file, line, fc.title)


def rule_id(kind: str, value: str) -> str:
    """The id of a rule written without one: kind and value as a slug (`forbid-import-requests`)."""
    slug = re.sub(r"[^a-z0-9]+", "-", f"{kind} {value}".lower()).strip("-")
    return slug[:60].rstrip("-") or kind


def _compile(pattern: str) -> re.Pattern:
    if len(pattern) > MAX_PATTERN:
        raise _Bad(f"pattern of {len(pattern)} characters is over {MAX_PATTERN}")
    try:
        return re.compile(pattern, re.M)
    except re.error as e:
        raise _Bad(f"pattern {pattern!r} is not a valid regular expression: {e}") from None


def _known_languages(names: tuple[str, ...]) -> None:
    from lore.anchors.languages import language_for_id

    for name in names:
        if language_for_id(name) is None:
            raise _Bad(f"unknown language {name!r} (use names such as python, typescript, tsx, javascript, go)")


def _exception(entry: object, fc: FileChecks, line: int) -> RuleException:
    if not isinstance(entry, dict):
        raise _Bad(f"must be a mapping with `path:` and `reason:`, not {entry!r}")
    unknown = sorted(set(map(str, entry)) - _EXCEPTION_KEYS)
    if unknown:
        raise _Bad(f"unknown key {unknown[0]!r}; an exception takes {', '.join(sorted(_EXCEPTION_KEYS))}")
    at = entry.get("line")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool) or at < 1):
        raise _Bad(f"`line:` must be a line number from 1, not {at!r}")
    return RuleException(fc.memory_id, _text(entry, "path", required=True) or "",
                         _text(entry, "reason", required=True) or "", _text(entry, "rule"),
                         _text(entry, "symbol"), at - 1 if at is not None else None, fc.file, line)


def _check_unique(fc: FileChecks) -> None:
    """Two rules with one id: the second is an error (confirm/reject could not tell them apart)."""
    seen: dict[str, Rule] = {}
    kept = []
    for r in fc.rules:
        if r.id in seen:
            fc.errors.append(RuleError(fc.file, r.line, f"rule id {r.id!r} is used twice (also line "
                                       f"{seen[r.id].line + 1}); give one an `id:`", fc.memory_id))
            continue
        seen[r.id] = r
        kept.append(r)
    fc.rules = kept
    ids = set(seen)
    for ex in fc.exceptions:
        if ex.rule_id and ex.rule_id not in ids:
            fc.errors.append(RuleError(fc.file, ex.entry_line, f"exception for {ex.path}: no rule {ex.rule_id!r} in this file",
                                       fc.memory_id))
