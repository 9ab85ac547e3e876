"""`lore feedback` (report what happened to a suggested edit) and `lore preferences` (review what
Lore learned from such reports: list, confirm, reject)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lore.cli.common import open_lore
from lore.cli.output import notice, out, print_json, table
from lore.learn.events import ORIGINS, OUTCOMES
from lore.wire.learning import PREFERENCE_ACTIONS, event_json, feedback_from_json, preferences_action
from lore.memory import ValidationError

DEFAULT_RETENTION_DAYS = 30
MAX_EVENT_BYTES = 5_000_000


def register(sub) -> None:
    """Add `feedback` and `preferences` to the parser."""
    p = sub.add_parser(
        "feedback", help="report an accepted, rejected or modified suggested edit (JSON on stdin, or flags)",
        description="Reads one lore.feedback event (JSON object with uri, languageId, proposedText, finalText, "
                    "outcome, origin, reason) from stdin or --file, or builds it from the flags.",
    )
    p.add_argument("--file", help="read the JSON event from this file ('-' for stdin)")
    p.add_argument("--uri", help="document URI or path the edit was made in")
    p.add_argument("--language", help="editor language id (default: from the file extension)")
    p.add_argument("--proposed", help="the suggested text")
    p.add_argument("--final", help="the text the developer kept (outcome modified)")
    p.add_argument("--outcome", choices=OUTCOMES)
    p.add_argument("--origin", choices=ORIGINS, default=None)
    p.add_argument("--reason", help="why the suggestion was rejected or changed")
    p.add_argument("--scope", choices=("user", "workspace"), default=None,
                   help="where to learn: user (all repositories, default) or workspace (this checkout)")
    p.add_argument("--retention-days", type=int, default=DEFAULT_RETENTION_DAYS,
                   help=f"days raw feedback text is kept (default {DEFAULT_RETENTION_DAYS})")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_feedback)

    p = sub.add_parser("preferences", help="review preferences learned from edits: list, confirm ID, reject ID")
    p.add_argument("action", nargs="?", default="list", choices=PREFERENCE_ACTIONS)
    p.add_argument("id", nargs="?", help="preference id (or unique prefix) for confirm and reject")
    p.add_argument("--all", action="store_true", help="also list rejected and retired preferences")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_preferences)


def cmd_feedback(args) -> int:
    """lore feedback"""
    data = _event_data(args)
    if args.scope:
        data["scope"] = args.scope
    if args.retention_days < 0:
        raise ValidationError("--retention-days must be 0 or more")
    with open_lore(args) as lore:
        result = feedback_from_json(lore, data, retention_days=args.retention_days)
    if args.json:
        print_json(result)
    else:
        _print_feedback(result)
    return 0


def _event_data(args) -> dict:
    """The event as `lore.feedback` JSON, from flags, --file or stdin."""
    given = event_json(uri=args.uri, language=args.language, proposed=args.proposed, final=args.final,
                       outcome=args.outcome, origin=args.origin, reason=args.reason)
    if args.file is None and (given or sys.stdin.isatty()):
        if not given:
            raise ValidationError("give the event as JSON on stdin or --file, or with --uri, --outcome and "
                                  "--proposed")
        if given.get("uri") and "://" not in given["uri"]:
            given["uri"] = Path(given["uri"]).resolve().as_uri()
        return given
    data = _read_json(args.file)
    if not isinstance(data, dict):
        raise ValidationError(f"the feedback event must be a JSON object, got {type(data).__name__}")
    data.update(given)
    return data


def _read_json(path: str | None):
    try:
        if path in (None, "-"):
            text = sys.stdin.read(MAX_EVENT_BYTES + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_EVENT_BYTES + 1)
    except OSError as e:
        raise ValidationError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise ValidationError(f"{path or 'stdin'} is not UTF-8 text") from None
    if len(text) > MAX_EVENT_BYTES:
        raise ValidationError(f"the feedback event is larger than {MAX_EVENT_BYTES} bytes")
    if not text.strip():
        raise ValidationError("no feedback event given: expected one JSON object")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValidationError(f"the feedback event is not valid JSON: {e}") from None


def _print_feedback(result: dict) -> None:
    observations = result["observations"]
    if not observations:
        out.print("Nothing to learn from this edit.")
    for o in observations:
        out.print(f"Observed {o['feature']}: {o['prefers']} over {o['over']} (weight {o['weight']:g})",
                  markup=False)
    for m in result["proposed"]:
        out.print(f"Proposed preference {m['id']}: {m['title']}", markup=False)
        out.print(f"  confirm with `lore preferences confirm {m['id']}`, reject with "
                  f"`lore preferences reject {m['id']}`", markup=False)
    for m in result["retired"]:
        out.print(f"Retired preference {m['id']}: {m['title']} (later edits went the other way)", markup=False)
    if result.get("redactions"):
        notice(f"removed {result['redactions']} secret(s) from the feedback before storing it")


def cmd_preferences(args) -> int:
    """lore preferences"""
    if args.action == "list" and args.id:
        raise ValidationError("list takes no id; use `lore preferences confirm ID` or `reject ID`")
    with open_lore(args) as lore:
        result = preferences_action(lore, args.action, args.id, include_rejected=args.all)
    if args.json:
        print_json(result)
        return 0
    changed = result.get("changed")
    if changed:
        verb = "Confirmed" if args.action == "confirm" else "Rejected"
        out.print(f"{verb} {changed['id']}: {changed['title']}", markup=False)
    else:
        _preferences_table(result["preferences"])
    return 0


def _preferences_table(preferences: list[dict]) -> None:
    rows = []
    for m in preferences:
        evidence = m.get("evidence") or {}
        signals = f"{evidence['signals']} signals" if evidence.get("signals") else "-"
        rows.append((m["id"], m["status"], m["scope"], f"{m['confidence']:.0%}", signals, m["title"]))
    table(("id", "status", "scope", "confidence", "evidence", "title"), rows, "No learned preferences yet.")