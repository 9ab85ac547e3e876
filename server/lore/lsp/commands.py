"""`workspace/executeCommand` handlers (docs/PROTOCOL.md). Each takes one camelCase object argument,
structured into its attrs class; bad arguments and refused operations answer a JSON-RPC error."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from pygls.exceptions import JsonRpcException, JsonRpcInternalError, JsonRpcInvalidParams

from lore.lsp import command_args as a
from lore.lsp.wire import WireError, structure

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)


def _ops():
    """The command implementations, imported on first use (they load the core)."""
    from lore.lsp import memory_ops

    return memory_ops


def _argument(command: str, args: tuple, cls: type) -> Any:
    if len(args) > 1:
        raise WireError(f"{command} takes one object argument, got {len(args)}")
    return structure(args[0] if args else {}, cls, what=f"{command} arguments")


def command(name: str, cls: type):
    """Wrap a handler `(ls, parsed_args)`: parse the argument, turn expected failures into JSON-RPC errors."""

    def wrap(fn):
        async def handler(ls, *args):  # unannotated: pygls resolves annotations at call time
            from lore.memory import ValidationError
            from lore.store import NotFoundError, StoreError

            try:
                parsed = _argument(name, args, cls)
                return await fn(ls, parsed)
            except (WireError, ValidationError, NotFoundError) as e:
                raise JsonRpcInvalidParams(str(e)) from None
            except StoreError as e:
                raise JsonRpcInternalError(f"{name}: {e}") from None
            except JsonRpcException:
                raise
            except Exception as e:
                log.error("%s failed", name, exc_info=True)
                raise JsonRpcInternalError(f"{name} failed: {type(e).__name__}: {e}") from None

        # No functools.wraps: pygls reads the signature to decide which arguments to structure.
        handler.__doc__, handler.__name__ = fn.__doc__, fn.__name__
        handler.command_name = name  # type: ignore[attr-defined]
        return handler

    return wrap


@command("lore.search", a.SearchArgs)
async def search(ls: LoreServer, args: a.SearchArgs) -> dict:
    """Search memory: `{hits}` best first across the folders (or the one holding `uri`)."""
    return {"hits": await _ops().search(ls, args)}


@command("lore.show", a.ShowArgs)
async def show(ls: LoreServer, args: a.ShowArgs) -> dict:
    """A memory as JSON and markdown; opens its source unless `open` is false."""
    return await _ops().show(ls, args)


@command("lore.remember", a.RememberArgs)
async def remember(ls: LoreServer, args: a.RememberArgs) -> dict:
    """Store a new memory, anchored to the symbol at `range` (or `symbol`) in `uri` when given."""
    return await _ops().remember(ls, args)


@command("lore.forget", a.ForgetArgs)
async def forget(ls: LoreServer, args: a.ForgetArgs) -> dict:
    """Forget a memory (restorable), or delete it for good with `purge`."""
    return await _ops().forget(ls, args)


@command("lore.restore", a.RestoreArgs)
async def restore(ls: LoreServer, args: a.RestoreArgs) -> dict:
    """Bring a forgotten or superseded memory back."""
    return await _ops().restore(ls, args)


@command("lore.supersede", a.SupersedeArgs)
async def supersede(ls: LoreServer, args: a.SupersedeArgs) -> dict:
    """Mark a memory superseded by others; without `by`, open a template file for the successor."""
    return await _ops().supersede(ls, args)


@command("lore.notRelevant", a.NotRelevantArgs)
async def not_relevant(ls: LoreServer, args: a.NotRelevantArgs) -> dict:
    """Stop showing a memory at a symbol (or file)."""
    return await _ops().not_relevant(ls, args)


@command("lore.anchorHere", a.AnchorHereArgs)
async def anchor_here(ls: LoreServer, args: a.AnchorHereArgs) -> dict:
    """Anchor a memory at a symbol or file (`undo` takes it back)."""
    return await _ops().anchor_here(ls, args)


@command("lore.feedback", a.FeedbackArgs)
async def feedback(ls: LoreServer, args: a.FeedbackArgs) -> dict:
    """Record what happened to a suggested edit; preferences are learned from it."""
    return await _ops().feedback(ls, args)


@command("lore.preferences", a.PreferencesArgs)
async def preferences(ls: LoreServer, args: a.PreferencesArgs) -> dict:
    """List learned preferences, or confirm / reject a proposed one."""
    return await _ops().preferences(ls, args)


@command("lore.proposals", a.ProposalsArgs)
async def proposals(ls: LoreServer, args: a.ProposalsArgs) -> dict:
    """List memories agents proposed, or confirm / reject one."""
    return await _ops().proposals(ls, args)


@command("lore.reindex", a.ReindexArgs)
async def reindex(ls: LoreServer, args: a.ReindexArgs) -> dict:
    """Import sources again (progress through `$/progress`)."""
    return await _ops().reindex(ls, args)


@command("lore.context", a.ContextArgs)
async def context(ls: LoreServer, args: a.ContextArgs) -> dict:
    """A context pack of the memories that matter for a file, symbol or task."""
    return await _ops().context(ls, args)


@command("lore.status", a.StatusArgs)
async def status(ls: LoreServer, args: a.StatusArgs) -> dict:
    """The same object as the `lore/status` notification."""
    return ls.status()


@command("lore.draft", a.TemplateArgs)
async def new_template(ls: LoreServer, args: a.TemplateArgs) -> dict:
    """Create a memory file from a template and open it (for clients without input boxes)."""
    return await _ops().new_template(ls, args)


@command("lore.verify", a.VerifyArgs)
async def verify(ls: LoreServer, args: a.VerifyArgs) -> dict:
    """A memory still holds for the code as it is now: record when and at which commit."""
    return await _ops().verify(ls, args)


@command("lore.recordException", a.RecordExceptionArgs)
async def record_exception(ls: LoreServer, args: a.RecordExceptionArgs) -> dict:
    """Record an exception to a decision's rule at a place, with the reason, in its team file."""
    from lore.lsp.check_actions import record_exception as run

    return await run(ls, args)


@command("lore.guidance", a.GuidanceArgs)
async def guidance(ls: LoreServer, args: a.GuidanceArgs) -> dict:
    """Guidance that contradicts or repeats itself, both sides shown, as markdown and JSON."""
    from lore.lsp.guidance import run_review

    folder = ls.folder_for(args.uri) if args.uri else (ls.folders[0] if ls.folders else None)
    if folder is None:
        from lore.memory import ValidationError

        raise ValidationError("no workspace folder to review")
    return await run_review(folder)


HANDLERS = [search, show, remember, forget, restore, supersede, not_relevant, anchor_here, feedback, preferences,
            proposals, reindex, context, status, new_template, verify, record_exception, guidance]


def register(ls: LoreServer) -> None:
    """Register every command on a server."""
    for handler in HANDLERS:
        ls.command(handler.command_name)(handler)
