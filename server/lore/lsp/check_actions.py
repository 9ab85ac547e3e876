"""Code actions on a violation of a decision's rule: "Apply the convention" (when the rule has a
fix), "Record an exception here…", "Open decision …" and "Propose superseding this decision", and
the `lore.recordException` command. The violations at the range are found again from the document
(clients differ in what they send back of a diagnostic); the remedies are `lore.enforce`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from lore.enforce import exception_here, exception_place, fix_for
from lore.lsp.documents import lines_for
from lore.lsp.positions import from_client, to_client

if TYPE_CHECKING:
    from lore.checks import Violation
    from lore.lsp.docstate import DocState
    from lore.lsp.server import LoreServer

RECORD_EXCEPTION = "lore.recordException"


def _touches(v: Violation, start: tuple[int, int], end: tuple[int, int]) -> bool:
    return (v.start_line, v.start_col) <= end and start <= (v.end_line, v.end_col)


async def violation_actions(ls: LoreServer, state: DocState, params: types.CodeActionParams) -> list[types.CodeAction]:
    """The actions for every violation the range touches."""
    from lore.lsp.diagnostics import problems_of

    doc = ls.workspace.get_text_document(state.uri)
    lines = lines_for(ls, state)
    start = from_client(doc, lines, params.range.start)
    end = from_client(doc, lines, params.range.end)
    found = await problems_of(ls, state, symbols=True)
    out: list[types.CodeAction] = []
    for v in found.violations:
        if _touches(v, start, end):
            out += _actions(ls, state, v)
    return out


def _actions(ls: LoreServer, state: DocState, v: Violation) -> list[types.CodeAction]:
    quickfix = types.CodeActionKind.QuickFix
    title = v.memory_title or v.memory_id
    out = []
    fix = fix_for(v)
    if fix is not None:
        doc = ls.workspace.get_text_document(state.uri)
        lines = lines_for(ls, state)
        edit = types.TextEdit(range=types.Range(start=to_client(doc, lines, fix.start_line, fix.start_col),
                                                end=to_client(doc, lines, fix.end_line, fix.end_col)),
                              new_text=fix.new_text)
        label = f"Apply the convention: {fix.title}" if fix.title else "Apply the convention"
        out.append(types.CodeAction(title=label, kind=quickfix, is_preferred=True,
                                    edit=types.WorkspaceEdit(changes={state.uri: [edit]})))
    place = exception_place(v)
    args = {"uri": state.uri, "memoryId": place.memory_id, "ruleId": place.rule_id}
    if place.symbol:
        args["symbol"] = place.symbol
    else:
        args["line"] = place.line
    out.append(types.CodeAction(title="Record an exception here…", kind=quickfix, command=types.Command(
        title="Record an exception here…", command=RECORD_EXCEPTION, arguments=[args])))
    out.append(types.CodeAction(title=f"Open decision “{title}”", kind=quickfix, command=types.Command(
        title="Open decision", command="lore.show", arguments=[{"id": v.memory_id}])))
    out.append(types.CodeAction(title="Propose superseding this decision", kind=quickfix, command=types.Command(
        title="Propose superseding this decision", command="lore.supersede",
        arguments=[{"id": v.memory_id, "draft": True}])))
    return out


async def record_exception(ls: LoreServer, args) -> dict:
    """`lore.recordException`: write the exception into the decision's team file; the diagnostic goes."""
    from lore.checks import ExceptionError
    from lore.enforce import ExceptionPlace
    from lore.memory import ValidationError

    folder = ls.folder_for(args.uri)
    rel = folder.rel_path(args.uri) if folder is not None else None
    if folder is None or rel is None:
        raise ValidationError(f"{args.uri} is not inside a workspace folder of this server")
    place = ExceptionPlace(args.memory_id, args.rule_id, rel, symbol=args.symbol, line=args.line)
    try:
        recorded = await folder.run(lambda lore: exception_here(lore, place, args.reason))
    except ExceptionError as e:  # no reason, no team file, a rule that is not there: the person's to fix
        raise ValidationError(str(e)) from None
    if folder.checks is not None:
        folder.checks.forget()
    ls.memories_changed()
    return {"memoryId": recorded.memory_id, "file": recorded.file, "path": recorded.path,
            "symbol": recorded.symbol, "line": recorded.line, "reason": recorded.reason}
