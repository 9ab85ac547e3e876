"""The memory model: kinds, statuses, scopes, anchors, provenance and the memory record itself."""

from __future__ import annotations

import enum
import re
import time
import uuid
from typing import Any

import attrs

from lore.redact import redact

_SURROGATE = re.compile("[\ud800-\udfff]")


class Kind(str, enum.Enum):
    """What sort of knowledge a memory holds."""

    DECISION = "decision"
    CONVENTION = "convention"
    PREFERENCE = "preference"
    TASK = "task"
    FACT = "fact"
    WARNING = "warning"


class Status(str, enum.Enum):
    """Lifecycle of a memory; superseded and deprecated are hidden from recall by default.

    A rejected decision ("we considered X and chose not to, because ...") is an answer, not a
    retired one: it is found like an active memory and shown as rejected.
    """

    ACTIVE = "active"
    PROPOSED = "proposed"
    SUPERSEDED = "superseded"
    DEPRECATED = "deprecated"
    REJECTED = "rejected"


class Scope(str, enum.Enum):
    """Where a memory lives: the user's own database, this checkout, or committed team files."""

    USER = "user"
    WORKSPACE = "workspace"
    TEAM = "team"


class SourceKind(str, enum.Enum):
    """Where a memory came from."""

    MANUAL = "manual"
    ADR = "adr"
    RULES_FILE = "rules-file"
    COMMENT = "comment"
    FEEDBACK = "feedback"
    GIT = "git"
    AGENT = "agent"
    TEAM_FILE = "team-file"
    CODE_MAP = "code-map"


HIDDEN_STATUSES = (Status.SUPERSEDED, Status.DEPRECATED)
# meta of an earlier record: {later memory id: "partly superseded" | "amended" | "graduated" | "reversed" |
# "partly reversed" | "replaced" | "change proposed"}
# (sources/newer.py); search ranks it below those later records where both answer.
NEWER_META = "import_newer"
# meta of a record one part of which a later record replaced: {later memory id: [[first line, last line], ...]}
NEWER_PARTS_META = "import_newer_parts"
# meta of a record: the identifiers it writes that the workspace defines in more than three files
# (`NewFactory` in every package): the project's vocabulary, no one symbol's subject (sources/mentions.py)
WIDESPREAD_META = "widespread_names"
# Where an imported record's body was taken from (its decision section) and the parts before it (`sources.adr.body_part`).
BODY_PART_META = "body_part"
# The ISO day git first held an imported record that writes no date of its own (`lore.sources.added`): shown as
# "in git since", never its date.
GIT_ADDED_META = "in_git_since"
# The code files the commit adding an imported record changed beside it (`lore.sources.added.committed_with`):
# {"commit": sha, "files": [path, ...]}, places offered to a person to anchor the record to, never shown unasked.
COMMITTED_WITH_META = "committed_with"
DOC_META = "doc"  # meta flag of a memory read from the project's plain documentation (sources/docs.py)
# meta flag of a decision record nobody filled in: its parts hold only its template's guidance ("The change that we're
# proposing or have agreed to implement."), so its title, status and relations are all it says (`sources.adr.unfilled`)
TEMPLATE_ONLY_META = "template_only"


def is_plain_doc(memory: Memory) -> bool:
    """Whether a memory is plain documentation with no anchor: search finds it, code surfaces
    (hovers, lenses, context packs) leave it out."""
    return bool(memory.meta.get(DOC_META)) and not memory.anchors
MAX_TITLE = 300
MAX_BODY = 200_000
_SYMBOL_RE = re.compile(r"^symbol:([A-Za-z0-9_+#.-]+):(\S+)$")
_LANG_RE = re.compile(r"^lang(?:uage)?:([A-Za-z0-9_+#.-]+)$")


class ValidationError(ValueError):
    """A memory or anchor that breaks the model's rules; the message is shown to the user."""


def _enum(cls: type[enum.Enum], value: Any, field: str) -> Any:
    if isinstance(value, cls):
        return value
    try:
        return cls(str(value).strip().lower())
    except ValueError:
        allowed = ", ".join(m.value for m in cls)  # type: ignore[attr-defined]
        raise ValidationError(f"invalid {field} {value!r}: expected one of {allowed}") from None


def parse_kind(value: Any) -> Kind:
    """Kind from text, with a clear error."""
    return _enum(Kind, value, "kind")


def parse_status(value: Any) -> Status:
    """Status from text, with a clear error."""
    return _enum(Status, value, "status")


def parse_scope(value: Any) -> Scope:
    """Scope from text, with a clear error."""
    return _enum(Scope, value, "scope")


def parse_source_kind(value: Any) -> SourceKind:
    """Source kind from text, with a clear error."""
    return _enum(SourceKind, value, "source kind")


def new_id() -> str:
    """A short random memory id (12 hex digits), never of decimal digits only: YAML reads those as a
    number (`supersedes: [012345678901]` an octal one), so a team file written by hand would name
    another id."""
    while True:
        mid = uuid.uuid4().hex[:12]
        if not mid.isdigit():
            return mid


@attrs.define
class Anchor:
    """Where a memory applies: a path glob, a symbol, or a language."""

    kind: str  # "path" | "symbol" | "language"
    value: str  # glob, qualified name, or language name
    language: str | None = None  # for symbols
    file: str | None = None  # for symbols: workspace-relative file the symbol lives in
    content_hash: str | None = None  # hash of the anchored code when attached

    @classmethod
    def parse(cls, text: str) -> Anchor:
        """Parse `symbol:<lang>:<qualified.name>`, `lang:<name>`, or a path glob."""
        text = (text or "").strip()
        if not text:
            raise ValidationError("empty anchor")
        if "\x00" in text or len(text) > 1000:
            raise ValidationError("anchor is not a valid path, glob or symbol")
        m = _SYMBOL_RE.match(text)
        if m:
            return cls("symbol", m.group(2), language=m.group(1).lower())
        if text.startswith("symbol:"):
            raise ValidationError(f"invalid symbol anchor {text!r}: expected symbol:<language>:<qualified.name>")
        m = _LANG_RE.match(text)
        if m:
            return cls("language", m.group(1).lower())
        return cls("path", normalize_glob(text))

    def to_text(self) -> str:
        """The anchor as written on the command line and in team files."""
        if self.kind == "symbol":
            return f"symbol:{self.language}:{self.value}"
        if self.kind == "language":
            return f"lang:{self.value}"
        return self.value


ROOT_FILE = "./"  # the prefix of a path anchor naming a file at the workspace's root only (`./lerna.json`)


def normalize_glob(glob: str) -> str:
    """Make a path glob workspace-relative with forward slashes; refuse ones that escape the workspace.

    A file name alone (`Makefile`, `.eslintrc.js`) matches that name at any depth; written with `./`
    (`./Makefile`) it means the file at the workspace's root only, and keeps its `./` (see `ROOT_FILE`)."""
    g = glob.replace("\\", "/").strip()
    rooted = g.startswith("./")
    while g.startswith("./"):
        g = g[2:]
    if rooted and g and "/" not in g and not set("*?[") & set(g):
        return ROOT_FILE + g
    if g.startswith("/") or re.match(r"^[A-Za-z]:/", g):
        raise ValidationError(f"anchor {glob!r} is an absolute path: anchors are relative to the workspace")
    if any(part == ".." for part in g.split("/")):
        raise ValidationError(f"anchor {glob!r} points outside the workspace")
    return g


@attrs.define
class Provenance:
    """Where a memory came from, precisely enough to link back and to re-import."""

    kind: SourceKind = SourceKind.MANUAL
    path: str | None = None  # workspace-relative
    line: int | None = None  # 1-based
    commit: str | None = None
    content_hash: str | None = None
    key: str | None = None  # stable identity within the source file, used by importers


@attrs.define
class Section:
    """A part of a memory's text indexed on its own (split at headings)."""

    heading: str | None
    text: str
    line: int | None = None  # 1-based line in the source file


@attrs.define
class Memory:
    """One remembered decision, convention, preference, task, fact or warning."""

    title: str
    body: str = ""
    kind: Kind = Kind.DECISION
    rationale: str | None = None
    status: Status = Status.ACTIVE
    scope: Scope = Scope.WORKSPACE
    anchors: list[Anchor] = attrs.field(factory=list)
    provenance: Provenance = attrs.field(factory=Provenance)
    confidence: float = 1.0
    tags: list[str] = attrs.field(factory=list)
    id: str = attrs.field(factory=new_id)
    supersedes: list[str] = attrs.field(factory=list)
    superseded_by: list[str] = attrs.field(factory=list)
    created_at: float = attrs.field(factory=time.time)
    updated_at: float = attrs.field(factory=time.time)
    last_surfaced_at: float | None = None
    surfaced_count: int = 0
    used_count: int = 0
    dismissed_count: int = 0
    needs_review: bool = False
    date: str | None = None  # the date the source gives (ADR date), as written
    meta: dict[str, Any] = attrs.field(factory=dict)
    sections: list[Section] | None = None  # pre-split sections from an importer; None = split automatically

    def validate(self) -> Memory:
        """Check and normalise fields; raises ValidationError with a message for the user."""
        self.kind = parse_kind(self.kind)
        self.status = parse_status(self.status)
        self.scope = parse_scope(self.scope)
        self.provenance.kind = parse_source_kind(self.provenance.kind)
        self.title = " ".join((self.title or "").split())
        if not self.title:
            raise ValidationError("a memory needs a title")
        if len(self.title) > MAX_TITLE:
            raise ValidationError(f"title is {len(self.title)} characters; the limit is {MAX_TITLE}")
        self.body = (self.body or "").strip()
        if len(self.body) > MAX_BODY:
            raise ValidationError(f"body is {len(self.body)} characters; the limit is {MAX_BODY}")
        if self.rationale is not None:
            self.rationale = self.rationale.strip() or None
        for text in (self.title, self.body, self.rationale or ""):
            if "\x00" in text:
                raise ValidationError("memory text contains NUL bytes")
        for text in (self.title, self.body, self.rationale or "", *self.tags, *(a.to_text() for a in self.anchors)):
            if _SURROGATE.search(text):  # undecodable input bytes (surrogateescape) or a lone \\ud800 from JSON
                raise ValidationError("memory text is not valid UTF-8 (undecodable bytes or lone surrogates)")
        if not 0.0 <= float(self.confidence) <= 1.0:
            raise ValidationError(f"confidence {self.confidence} is outside 0..1")
        self.confidence = float(self.confidence)
        # Secrets are redacted before lowercasing: a lowercased key no longer looks like one.
        self.tags = sorted({redact(t).text.strip().lower() for t in self.tags if t and t.strip()})
        return self

    @property
    def visible(self) -> bool:
        """Whether default recall shows it."""
        return self.status not in HIDDEN_STATUSES

    def text_for_index(self) -> str:
        """Title, body and rationale as one text (for hashing and whole-memory indexing)."""
        parts = [self.title, self.body]
        if self.rationale:
            parts.append(f"Why: {self.rationale}")
        return "\n\n".join(p for p in parts if p)
