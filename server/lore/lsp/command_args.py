"""One attrs class per `workspace/executeCommand` argument object (camelCase on the wire,
docs/PROTOCOL.md), structured strictly: a wrong type or a missing key is a clear error."""

from __future__ import annotations

import attrs


@attrs.define
class PositionArg:
    """An LSP position."""

    line: int
    character: int


@attrs.define
class RangeArg:
    """An LSP range."""

    start: PositionArg
    end: PositionArg


@attrs.define
class SearchArgs:
    """`lore.search`."""

    query: str
    limit: int = 20
    uri: str | None = None
    kinds: list[str] = attrs.field(factory=list)
    include_superseded: bool = False


@attrs.define
class ShowArgs:
    """`lore.show` (`ids` shows several, as a lens does)."""

    id: str
    open: bool = True
    ids: list[str] | None = None


@attrs.define
class RememberArgs:
    """`lore.remember`."""

    kind: str
    title: str
    body: str
    rationale: str | None = None
    scope: str = "team"
    uri: str | None = None
    range: RangeArg | None = None
    symbol: str | None = None
    anchors: list[str] = attrs.field(factory=list)
    supersedes: list[str] = attrs.field(factory=list)


@attrs.define
class ForgetArgs:
    """`lore.forget`."""

    id: str
    purge: bool = False


@attrs.define
class RestoreArgs:
    """`lore.restore`."""

    id: str


@attrs.define
class SupersedeArgs:
    """`lore.supersede`; without `by`, a template file for the successor is created and opened."""

    id: str
    by: list[str] | None = None
    draft: bool = False  # (wire name) a successor's template file even where the client would ask for a replacement
    confirm: bool = False  # ask the person first (run from a code lens, `lore.lsp.confirm`)


@attrs.define
class NotRelevantArgs:
    """`lore.notRelevant`; `undo` shows the memory there again."""

    id: str
    uri: str
    symbol: str | None = None
    undo: bool = False


@attrs.define
class AnchorHereArgs(NotRelevantArgs):
    """`lore.anchorHere`, with the same place as `lore.notRelevant`; `undo` takes back an anchor it added."""


@attrs.define
class FeedbackArgs:
    """`lore.feedback`."""

    uri: str
    proposed_text: str
    outcome: str
    language_id: str | None = None  # optional in every face: the core reads it from the file name
    range: RangeArg | None = None
    origin: str | None = None  # "manual" unless given
    final_text: str | None = None
    reason: str | None = None


@attrs.define
class PreferencesArgs:
    """`lore.preferences`."""

    action: str
    id: str | None = None


@attrs.define
class ProposalsArgs:
    """`lore.proposals`: memories agents proposed; list, confirm or reject one."""

    action: str = "list"
    id: str | None = None


@attrs.define
class ReindexArgs:
    """`lore.reindex` (optionally one folder, by a URI inside it)."""

    uri: str | None = None


@attrs.define
class ContextArgs:
    """`lore.context`."""

    uri: str | None = None
    symbol: str | None = None
    task: str | None = None
    budget: int = 1500


@attrs.define
class StatusArgs:
    """`lore.status`."""


@attrs.define
class TemplateArgs:
    """`lore.draft` (wire name): a team memory file from a template, anchored to a symbol or file, opened."""

    kind: str = "decision"
    uri: str | None = None
    symbol: str | None = None


@attrs.define
class VerifyArgs:
    """`lore.verify`: the memory that still holds for the code as it is now."""

    id: str
    confirm: bool = False  # ask the person first (run from a code lens, `lore.lsp.confirm`)


@attrs.define
class RecordExceptionArgs:
    """`lore.recordException`: a decision's rule does not apply here (`symbol`, else 0-based `line`)."""

    uri: str
    memory_id: str
    reason: str
    rule_id: str | None = None
    symbol: str | None = None
    line: int | None = None


@attrs.define
class GuidanceArgs:
    """`lore.guidance`: the guidance review of the folder holding `uri` (the first folder without)."""

    uri: str | None = None
