"""`lore check` (the code against confirmed rules of current decisions; exit 0 clean, 1 violations,
2 usage or error) and `lore checks` (review the rules: list, propose, confirm KEY, reject KEY)."""

from __future__ import annotations

import subprocess
import textwrap

from lore.cli.common import open_lore
from lore.cli.output import notice, print_json, say
from lore.model import ValidationError

WIDTH = 80
CHECKS_ACTIONS = ("list", "propose", "confirm", "reject")


def register(sub) -> None:
    """Add `check` and `checks` to the parser."""
    p = sub.add_parser("check", help="check code against the rules of current decisions (exit 1 on a violation)")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: the whole workspace)")
    p.add_argument("--staged", action="store_true", help="check what `git commit` would commit (changed lines only)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check)
    q = sub.add_parser("checks", help="review rules of decisions: list, propose [--write], confirm KEY, reject KEY")
    q.add_argument("action", nargs="?", default="list", choices=CHECKS_ACTIONS)
    q.add_argument("key", nargs="*", help="rule key (memory/rule, or a unique prefix); for propose: memory ids")
    q.add_argument("--write", action="store_true", help="propose: write the proposals into team files")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=cmd_checks)


def cmd_check(args) -> int:
    """lore check"""
    from lore.checks.diffs import DiffError, check_diff
    from lore.checks.files import PathError, check_paths
    from lore.checks.load import load_checks
    from lore.checks.report import error_json, violation_json

    if args.staged and args.paths:
        raise ValidationError("give --staged or paths, not both")
    with open_lore(args) as lore:
        checks = load_checks(lore)
        try:
            if args.staged:
                diff, contents = _staged(lore.root)
                found = check_diff(lore, diff, contents, checks) if diff.strip() else []
            else:
                found = check_paths(lore, args.paths, checks.rules, checks.exceptions)
        except (PathError, DiffError) as e:
            raise ValidationError(str(e)) from None
    if args.json:
        print_json({"violations": [violation_json(v) for v in found], "clean": not found,
                    "rules_checked": len(checks.rules), "rule_errors": [error_json(e) for e in checks.errors]})
        return 1 if found else 0
    for e in checks.errors:
        notice(f"rule error: {e}")
    for v in found:
        say(render_violation(v))
    if found:
        files = len({v.path for v in found})
        say(f"{len(found)} violation{'s' * (len(found) != 1)} in {files} file{'s' * (files != 1)}.")
    elif not checks.rules:
        say("No confirmed rules to check (`lore checks propose` suggests some).")
    return 1 if found else 0


def _wrap(text: str, head: str = "", indent: str = "    ") -> str:
    return "\n".join(textwrap.wrap(head + text, WIDTH, subsequent_indent=indent, break_on_hyphens=False,
                                   break_long_words=True)) or head


def render_violation(v) -> str:
    """One violation at 80 columns: `path:line:col: severity: message`, the decision, the fix."""
    lines = [_wrap(f"{v.path}:{v.start_line + 1}:{v.start_col + 1}: {v.severity}: {v.message}")]
    lines.append(_wrap(f"rule {v.rule.key} in {v.rule.file}", "    "))
    if v.fix is not None:
        lines.append(_wrap(f"fix: replace with {v.fix.new_text.strip()!r}", "    "))
    return "\n".join(lines)


def _staged(root) -> tuple[str, dict[str, str]]:
    """The staged diff (no context) and the staged text of each file it changes."""
    def git(*cmd: str) -> str:
        try:
            p = subprocess.run(["git", "-C", str(root), *cmd], capture_output=True, timeout=60, check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise ValidationError(f"git failed: {e}") from None
        if p.returncode != 0:
            raise ValidationError(f"git {cmd[0]} failed: {p.stderr.decode('utf-8', 'replace').strip()}")
        return p.stdout.decode("utf-8", "replace")

    diff = git("diff", "--cached", "-U0", "--no-color", "--no-ext-diff", "--no-renames", "--diff-filter=AM")
    contents = {}
    for name in git("diff", "--cached", "--name-only", "--diff-filter=AM", "-z").split("\0"):
        if name:
            contents[name] = git("show", f":{name}")
    return diff, contents


def cmd_checks(args) -> int:
    """lore checks"""
    from lore.checks.manage import RuleReviewError, list_rules, pending_proposals, set_state, write_proposal
    from lore.checks.report import rule_json

    with open_lore(args) as lore:
        try:
            if args.action in ("confirm", "reject"):
                if len(args.key) != 1:
                    raise ValidationError(f"`lore checks {args.action}` takes one rule key")
                rule = set_state(lore, args.key[0], "confirmed" if args.action == "confirm" else "rejected")
                return _changed(args, rule, rule_json)
            if args.action == "propose":
                found = pending_proposals(lore, args.key or None)
                written = [write_proposal(lore, p) for p in found] if args.write else []
                return _proposals(args, found, written)
            if args.key:
                raise ValidationError("`lore checks list` takes no key")
            rules = list_rules(lore)
        except RuleReviewError as e:
            raise ValidationError(str(e)) from None
    if args.json:
        print_json({"rules": [rule_json(r) for r in rules]})
        return 0
    if not rules:
        say("No rules in team files yet (`lore checks propose` suggests some).")
    for r in rules:
        say(_wrap(f"{r.key} [{r.state}] {r.kind} {r.value} — {r.memory_title}", "", "    "))
    return 0


def _changed(args, rule, rule_json) -> int:
    if args.json:
        print_json({"changed": rule_json(rule)})
    else:
        say(f"{rule.state.capitalize()} {rule.key} ({rule.file}).")
    return 0


def _proposals(args, found, written) -> int:
    if args.json:
        print_json({"proposals": [{"memory": p.memory_id, "title": p.memory_title, "rule": p.entry(),
                                   "reason": p.reason, "source": p.source} for p in found], "written": written})
        return 0
    if not found:
        say("No new rules to propose.")
    for p in found:
        scope = f" in {', '.join(p.paths)}" if p.paths else ""
        say(_wrap(f"{p.memory_id} {p.kind} {p.value}{scope} — {p.memory_title}"))
        say(_wrap(f"from: {p.reason}", "    ", "    "))
    if written:
        say(f"Wrote {len(written)} proposal(s) as `state: proposed`; confirm with `lore checks confirm KEY`.")
    elif found:
        say("Write them into team files with `lore checks propose --write`.")
    return 0
