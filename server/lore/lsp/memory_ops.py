"""What each command does: find the folder, run one core call on its command thread (own `Lore`),
shape the result as docs/PROTOCOL.md says, and tell the client when memories changed."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from lore.wire.views import forget_json, hit_json, memory_json, memory_markdown
from lore.lsp import command_args as a
from lore.lsp.folders import Folder
from lore.lsp.confirm import confirmed
from lore.lsp.links import source_uri
from lore.memory import Anchor, Memory, ValidationError, parse_kind, parse_scope
from lore.recall import Query
from lore.staleness.annotate import flag_hits
from lore.store import NotFoundError

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)
PREFERENCE_ACTIONS = ("list", "confirm", "reject")


def folders(ls: LoreServer, uri: str | None = None) -> list[Folder]:
    """The folder holding `uri`, or every open folder; a clear error when there is none."""
    if uri:
        folder = ls.folder_for(uri)
        if folder is None:
            raise ValidationError(f"{uri} is not inside a workspace folder of this server")
        found = [folder]
    else:
        found = list(ls.folders)
    found = [f for f in found if not f.error]
    if not found:
        raise ValidationError("no workspace folder is open (or its database could not be opened)")
    return found


def with_uri(folder: Folder, data: dict) -> dict:
    """Memory JSON with `source.uri` added."""
    source = data.get("source") or {}
    if source.get("path"):
        source["uri"] = folder.uri_for(source["path"])
    return data


async def locate(ls: LoreServer, mid: str, uri: str | None = None) -> Folder:
    """The folder whose databases hold a memory id (or prefix)."""
    for folder in folders(ls, uri):
        try:
            await folder.run(lambda lore: lore.get(mid))
            return folder
        except NotFoundError:
            continue
    raise NotFoundError(f"no memory with id {mid!r}")


async def search(ls: LoreServer, args: a.SearchArgs) -> list[dict]:
    """Hits across the folders, best first, each with a one-sentence `summary`; no words and a `uri`:
    the memories governing that file (`lore.lsp.file_memories`)."""
    if not 1 <= args.limit <= 500:
        raise ValidationError(f"limit {args.limit} is outside 1..500")
    if not args.query.strip():
        if not args.uri:
            raise ValidationError("query is empty")
        from lore.lsp.file_memories import file_memories

        return await file_memories(ls, args.uri, args.limit)
    kinds = tuple(parse_kind(k) for k in args.kinds)
    scored: list[tuple[float, dict]] = []
    for folder in folders(ls, args.uri):
        rel = folder.rel_path(args.uri) if args.uri else None
        query = Query(args.query, path=rel, kinds=kinds, include_superseded=args.include_superseded,
                      limit=args.limit)
        hits = await folder.run(lambda lore, q=query: flag_hits(lore.root, lore.search(q)), read=True)
        scored += [(h.score, with_uri(folder, hit_json(h))) for h in hits]
    scored.sort(key=lambda p: -p[0])
    return [data for _, data in scored[: args.limit]]


def _viewed(lore, mid: str) -> tuple[Memory, dict[str, str], dict[str, str]]:
    """A memory and what its view names and quotes (`Lore.related_titles`, `Lore.parts_of`), read in one go."""
    m = lore.get(mid)
    return m, lore.related_titles(m), lore.parts_of(m)


async def show(ls: LoreServer, args: a.ShowArgs) -> dict:
    """`{memory, markdown}` (plus `memories` for several ids); opens the source when asked."""
    ids = args.ids or [args.id]
    shown: list[tuple[Folder, Memory]] = []
    titles: dict[str, str] = {}
    parts: dict[str, dict[str, str]] = {}
    for mid in ids:
        folder = await locate(ls, mid)
        m, named, quoted = await folder.run(lambda lore, i=mid: _viewed(lore, i))
        titles.update(named)
        parts[m.id] = quoted
        shown.append((folder, m))
    folder, first = shown[0]
    result: dict[str, Any] = {"memory": with_uri(folder, memory_json(first)),
                              "markdown": "\n---\n\n".join(memory_markdown(m, titles=titles, parts=parts.get(m.id))
                                                          for _, m in shown)}
    if args.ids:
        result["memories"] = [with_uri(f, memory_json(m)) for f, m in shown]
    uri = source_uri(folder.root, first)
    if args.open and uri:
        await _show_document(ls, first, uri)
    return result


async def _show_document(ls: LoreServer, m: Memory, uri: str) -> None:
    caps = ls.client_capabilities.window
    if not (caps and caps.show_document and caps.show_document.support):
        return
    line = max(0, (m.provenance.line or 1) - 1)
    where = types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0))
    try:
        await ls.window_show_document_async(types.ShowDocumentParams(
            uri=uri.split("#", 1)[0], take_focus=True, selection=where))
    except Exception:
        log.warning("window/showDocument failed", exc_info=True)


async def remember(ls: LoreServer, args: a.RememberArgs) -> dict:
    """Validate, anchor, store; `{memory, redacted}`."""
    folder = folders(ls, args.uri)[0]
    anchors = [Anchor.parse(text) for text in args.anchors]
    if args.uri:
        anchors += await anchors_at(ls, args.uri, args.range, args.symbol, explicit=bool(args.anchors))
    m = Memory(title=args.title, body=args.body, kind=parse_kind(args.kind), rationale=args.rationale,
               scope=parse_scope(args.scope), anchors=anchors, supersedes=list(args.supersedes))
    m.validate()
    result = await folder.run(lambda lore: lore.add(m))
    ls.memories_changed()
    ls.background.refresh_semantic(folder)
    return {"memory": with_uri(folder, memory_json(result.memory)), "redacted": result.redactions}


async def anchors_at(ls: LoreServer, uri: str, where: a.RangeArg | None, symbol: str | None,
                     explicit: bool) -> list[Anchor]:
    """Anchors for a document place: its symbol (by name or at the range start), else the file."""
    from lore.lsp.documents import lines_for, symbols_for
    from lore.recall.follow import anchor_hash
    from lore.recall.governing import enclosing
    from lore.lsp.positions import from_client

    state = ls.doc_state(uri)
    if state is None:
        raise ValidationError(f"{uri} is not inside a workspace folder of this server")
    symbols = await symbols_for(ls, state)
    found = None
    if symbol:
        found = next((s for s in symbols if s.qualified_name == symbol or s.name == symbol), None)
        if found is None and not symbols:
            lang = state.language or "text"
            return [Anchor("symbol", symbol, language=lang, file=state.rel_path)]
    elif where is not None:
        doc = ls.workspace.get_text_document(uri)
        position = types.Position(line=where.start.line, character=where.start.character)
        chain = enclosing(symbols, *from_client(doc, lines_for(ls, state), position))
        found = chain[-1] if chain else None
    if found is not None:
        return [Anchor("symbol", found.qualified_name, language=state.language, file=state.rel_path,
                       content_hash=anchor_hash(found))]
    return [] if explicit else [Anchor("path", state.rel_path)]


async def forget(ls: LoreServer, args: a.ForgetArgs) -> dict:
    """`{id, status, title}`; status is "purged" after a purge."""
    folder = await locate(ls, args.id)
    m = await folder.run(lambda lore: lore.forget(args.id, purge=args.purge))
    ls.memories_changed()
    return forget_json(m, args.purge)


async def restore(ls: LoreServer, args: a.RestoreArgs) -> dict:
    """`{id, status, title}`."""
    folder = await locate(ls, args.id)
    m = await folder.run(lambda lore: lore.restore(args.id))
    ls.memories_changed()
    return {"id": m.id, "status": m.status.value, "title": m.title}


async def supersede(ls: LoreServer, args: a.SupersedeArgs) -> dict:
    """`{memory}`; without `by`: `{memory, draft}` after opening a template file for the successor
    (`draft`, the wire name, describes that file), or `{memory, cancelled}` when asked first
    (`confirm`) and the person did not choose it."""
    folder = await locate(ls, args.id)
    if args.by is None:
        from lore.lsp.actions import create_template_file, template_memory

        old = await folder.run(lambda lore: lore.get(args.id))
        if args.confirm and not await confirmed(
                ls, f"Draft a record superseding “{old.title}”? A template for its successor opens.", "Draft successor"):
            return {"memory": with_uri(folder, memory_json(old)), "cancelled": True}
        successor = template_memory(old.kind, f"{old.title} (revised)", list(old.anchors), supersedes=[old.id])
        created = await create_template_file(ls, folder, successor)
        return {"memory": with_uri(folder, memory_json(old)), "draft": created}
    m = await folder.run(lambda lore: lore.supersede(args.id, list(args.by)))
    ls.memories_changed()
    return {"memory": with_uri(folder, memory_json(m))}


async def not_relevant(ls: LoreServer, args: a.NotRelevantArgs) -> dict:
    """`{id, title}`; the memory stops surfacing at the symbol (or file), or shows there again with
    `undo` (`undone` says whether anything was taken back)."""
    folder = ls.folder_for(args.uri)
    rel = folder.rel_path(args.uri) if folder else None
    if folder is None or rel is None:
        raise ValidationError(f"{args.uri} is not inside a workspace folder of this server")
    m = await folder.run(lambda lore: lore.get(args.id))
    done = await folder.run(lambda lore: lore.not_relevant(m.id, args.symbol or rel, undo=args.undo))
    ls.memories_changed(status=False)
    return {"id": m.id, "title": m.title, **({"undone": done} if args.undo else {})}


async def anchor_here(ls: LoreServer, args: a.AnchorHereArgs) -> dict:
    """`{id, title, anchor, added}`: the memory anchored at the symbol (or the file) of `uri`, kept across
    imports; `added` is false when it was anchored there already. With `undo`, `{id, title, anchor,
    undone}`: an anchor a person added (not one derived from the record's text) is taken back."""
    from lore.anchors.choices import change_anchors, key_of, views

    folder = ls.folder_for(args.uri)
    if folder is None or folder.rel_path(args.uri) is None:
        raise ValidationError(f"{args.uri} is not inside a workspace folder of this server")
    key = key_of((await anchors_at(ls, args.uri, None, args.symbol, explicit=False))[0])

    def change(lore) -> tuple[Memory, bool]:
        before = lore.get(args.id)
        state = next((v.state for v in views(before) if v.key == key), None)
        if args.undo:
            if state not in ("added", "written"):
                return before, False
            return change_anchors(lore, before.id, take_back=[key]), True
        if state is not None:
            return before, False
        return change_anchors(lore, before.id, add=[key]), True

    m, changed = await folder.run(change)
    if changed:
        ls.memories_changed(status=False)
    return {"id": m.id, "title": m.title, "anchor": key, ("undone" if args.undo else "added"): changed}


async def new_template(ls: LoreServer, args: a.TemplateArgs) -> dict:
    """Create and open a memory file from a template, anchored to the symbol or file of `uri`."""
    from lore.lsp.actions import create_template_file, template_memory

    kind = parse_kind(args.kind)
    folder = folders(ls, args.uri)[0]
    anchors = await anchors_at(ls, args.uri, None, args.symbol, explicit=False) if args.uri else []
    about = anchors[0].value.rsplit(".", 1)[-1].rsplit("/", 1)[-1] if anchors else folder.root.name
    m = template_memory(kind, f"{kind.value.capitalize()} about {about}", anchors)
    return await create_template_file(ls, folder, m)


async def preferences(ls: LoreServer, args: a.PreferencesArgs) -> dict:
    """`{preferences}`: learned preferences (all statuses but deprecated), after confirming/rejecting one."""
    from lore.learn.service import list_preferences
    from lore.wire.learning import preference_json, preferences_action

    if args.action not in PREFERENCE_ACTIONS:
        raise ValidationError(f"action must be one of {', '.join(PREFERENCE_ACTIONS)}, got {args.action!r}")
    if args.action != "list":
        if not args.id:
            raise ValidationError(f"action {args.action!r} needs an id")
        folder = await locate(ls, args.id)
        await folder.run(lambda lore: preferences_action(lore, args.action, args.id))
        ls.memories_changed()
    out: dict[str, dict] = {}
    for folder in folders(ls):
        found = await folder.run(list_preferences)
        for m in found:  # user preferences are seen from every folder: list them once
            out.setdefault(m.id, with_uri(folder, preference_json(m)))
    return {"preferences": list(out.values())}


async def proposals(ls: LoreServer, args: a.ProposalsArgs) -> dict:
    """`{proposals, changed?}`: memories agents proposed in every folder, after confirming/rejecting one."""
    from lore.agents.proposals import list_proposals
    from lore.wire.proposals import PROPOSAL_ACTIONS, proposals_action

    if args.action not in PROPOSAL_ACTIONS:
        raise ValidationError(f"action must be one of {', '.join(PROPOSAL_ACTIONS)}, got {args.action!r}")
    out: dict = {}
    if args.action != "list":
        if not args.id:
            raise ValidationError(f"action {args.action!r} needs an id")
        folder = await locate(ls, args.id)
        done = await folder.run(lambda lore: proposals_action(lore, args.action, args.id))
        out["changed"] = with_uri(folder, done["changed"])
        ls.memories_changed()
    found: dict[str, dict] = {}
    for folder in folders(ls):
        for m in await folder.run(list_proposals):  # user-scope ones are seen from every folder: once
            found.setdefault(m.id, with_uri(folder, memory_json(m)))
    out["proposals"] = list(found.values())
    return out


async def feedback(ls: LoreServer, args: a.FeedbackArgs) -> dict:
    """Hand a feedback event to the learning engine; its result JSON."""
    from lore.wire.learning import event_json, feedback_from_json

    folder = folders(ls, args.uri)[0]
    retention = ls.settings.feedback.retention_days
    payload = event_json(uri=args.uri, language=args.language_id, proposed=args.proposed_text, final=args.final_text,
                         outcome=args.outcome, origin=args.origin, reason=args.reason)
    result = await folder.run(lambda lore: feedback_from_json(lore, payload, retention_days=retention))
    ls.memories_changed()
    return result


async def reindex(ls: LoreServer, args: a.ReindexArgs) -> dict:
    """`{summary}` of importing every folder (or the one holding `uri`)."""
    summaries = {}
    for folder in folders(ls, args.uri):
        summaries[str(folder.root)] = await ls.background.reindex(folder)
    if len(summaries) == 1:
        return {"summary": next(iter(summaries.values()))}
    return {"summary": {"folders": summaries}}


async def context(ls: LoreServer, args: a.ContextArgs) -> dict:
    """`{markdown, tokens, ...}`: the context pack for a document, symbol or task."""
    from lore.context import build_pack

    folder = folders(ls, args.uri)[0]
    rel = folder.rel_path(args.uri) if args.uri else None
    if args.budget < 50:
        raise ValidationError(f"budget {args.budget} is too small (at least 50 tokens)")
    return await folder.run(lambda lore: build_pack(lore, path=rel, symbol=args.symbol, task=args.task,
                                                    budget=args.budget).to_json())


async def verify(ls: LoreServer, args: a.VerifyArgs) -> dict:
    """`{id, verifiedAt, verifiedCommit}` after marking the memory still true (lore.staleness);
    `{id, cancelled}` when asked first (`confirm`) and the person did not choose it."""
    from lore.staleness.verify import still_true

    folder = await locate(ls, args.id)
    if args.confirm:
        old = await folder.run(lambda lore: lore.get(args.id))
        if not await confirmed(ls, f"“{old.title}” still holds for the code as it is now? This records it "
                                   "as checked at the current commit.", "Still true"):
            return {"id": old.id, "cancelled": True}
    m = await folder.run(lambda lore: still_true(lore, args.id))
    ls.memories_changed()
    return {"id": m.id, "verifiedAt": m.meta.get("verified_at"), "verifiedCommit": m.meta.get("verified_commit")}
