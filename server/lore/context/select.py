"""Which memories a context pack holds, and why, in words: the file's governing memories first (the
same ones, in the same order, as the file's lens: `lore.recall.governing`), then the asked symbol's
and the file's symbols', then what matches the task, then what is about the same topic as the file.
Memories below a relevance bar are left out: a short pack beats padding.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs

from lore.context.clean import is_placeholder
from lore.learn.lifecycle import applies_to_path
from lore.memory import HIDDEN_STATUSES, Kind, Memory, Scope, Section, SourceKind, Status, is_plain_doc
from lore.recall import Query
from lore.recall.anchoring import GLOB_CHARS, match_anchor
from lore.recall.governing import lens_groups, memories_by_id
from lore.recall.importance import kind_rank
from lore.recall.off_code import OFF_CODE_SOURCES
from lore.sources.adr import process_record
from lore.text import identifier_words
from lore.learn.lifecycle import LEARNED_TAG

if TYPE_CHECKING:
    from lore.anchors import Symbol
    from lore.api import Lore

LEVELS = ("symbol", "file", "in_file", "task", "related", "project")
LEVEL_TITLES = {"symbol": "This symbol", "file": "Governing this file", "in_file": "Symbols in this file",
                "task": "For this task", "related": "About the same topic as this file", "project": "Project-wide"}
LEVEL_BASE = {"symbol": 9.0, "file": 8.0, "in_file": 7.0, "task": 5.0, "related": 3.0, "project": 1.0}
#: The levels of what is anchored to the file or symbol (as opposed to found by a search).
GOVERNING = ("symbol", "file", "in_file")
#: A search hit stays in the pack while its score is at least this share of the best hit's.
TASK_SHARE = 0.6
#: Found by meaning alone, a hit needs at least this cosine.
MEANING_FLOOR = 0.3
#: What the file's own words find must match by words and meaning, and stand closer to the best
#: match (a file name says less than a task).
RELATED_FLOOR = 0.33
RELATED_SHARE = 0.6
RELATED_MOST = 3
#: At most this many memories anchored to the file's symbols (deprecation notes can be many).
IN_FILE_MOST = 6
MAX_FILE_BYTES = 1_000_000
PROJECT_KINDS = (Kind.DECISION, Kind.CONVENTION, Kind.PREFERENCE, Kind.FACT, Kind.WARNING)
KIND_PRIOR = {Kind.CONVENTION: 0.3, Kind.DECISION: 0.3, Kind.PREFERENCE: 0.35, Kind.WARNING: 0.25,
              Kind.FACT: 0.2, Kind.TASK: 0.1}


@attrs.define
class ContextItem:
    """One memory in a pack, with why it was picked (in words) and the section that matched."""

    memory: Memory
    level: str
    score: float
    reasons: list[str] = attrs.field(factory=list)
    section: Section | None = None
    strength: float = 1.0  # how strongly it is here: 1 when anchored, the share of the best score when found
    stale: str | None = None  # why it may be out of date (lore.staleness), shown under its head line
    #: Anchored here, or found by meaning as well as words: a match by shared words alone may be
    #: another sense of the word (a UI's "table" for a database table), so it is never grown whole.
    by_meaning: bool = True
    #: The headed section of a governing memory that the pack's task matched: the memory is quoted
    #: from there (`lore.context.render.content`), not from its decision alone.
    task_section: Section | None = None
    #: In a pack for a task, whether the task is close in meaning to this governing memory (None
    #: without a task): one it is not is here for the file, quoted by its decision and never grown.
    task_close: bool | None = None


def servable(m: Memory) -> bool:
    """A memory a pack may hold: current, not a placeholder record, not a git task or map fact."""
    return (m.status not in (Status.SUPERSEDED, Status.DEPRECATED)
            and m.provenance.kind.value not in OFF_CODE_SOURCES and not is_placeholder(m))


def _offer(found: dict[str, ContextItem], m: Memory, level: str, score: float, reason: str,
           section: Section | None = None, strength: float = 1.0, by_meaning: bool = True) -> None:
    if not servable(m):
        return
    item = found.get(m.id)
    if item is None:
        found[m.id] = ContextItem(m, level, score, [reason], section, strength, by_meaning=by_meaning)
        return
    item.strength = max(item.strength, strength)
    item.by_meaning = item.by_meaning or by_meaning
    if score > item.score:
        item.level, item.score = level, score
        item.section = section or item.section
    if reason not in item.reasons:
        item.reasons.append(reason)


def quality(m: Memory) -> float:
    """A small bonus by kind and confidence; proposals and learned preferences a little lower."""

    bonus = KIND_PRIOR.get(m.kind, 0.1) + 0.1 * m.confidence - (0.2 if LEARNED_TAG in m.tags else 0.0)
    return bonus - (0.2 if m.status is Status.PROPOSED else 0.0)


def file_symbols(lore: Lore, path: str) -> tuple[list[Symbol], str | None]:
    """The symbols of a workspace file as the lens sees them, and its language ([] when unreadable)."""
    from lore.anchors import extract_symbols, language_for_path

    language = language_for_path(path)
    target = lore.root / path
    if language is None or not target.is_file():
        return [], language
    try:
        if target.stat().st_size > MAX_FILE_BYTES:
            return [], language
        return extract_symbols(target.read_bytes(), language, path), language
    except (OSError, ValueError):
        return [], language


def place_reason(match: str, anchor_text: str, path: str) -> str:
    """Why an anchored memory is here, in words."""
    if match == "file":
        return "governs this file"
    if match == "glob":
        fixed = []
        for part in anchor_text.split("/"):
            if GLOB_CHARS & set(part):
                break
            fixed.append(part)
        folder = "/".join(fixed)
        if folder and path.startswith(folder + "/"):
            return f"governs the files under `{folder}/`"
        return f"applies to files matching `{anchor_text}`"
    if match == "language":
        return "applies to every file of this language"
    return "governs this file"


def short_name(qualified: str) -> str:
    """`pkg.mod.Class.method` -> `Class.method` (what a reader calls it)."""
    parts = qualified.split(".")
    return ".".join(parts[-2:]) if len(parts) > 2 else qualified


def _governing(lore: Lore, found: dict[str, ContextItem], path: str, symbol: str | None) -> None:
    """The file's lens memories (governing first, as the lens orders them), its symbols' memories, then
    the asked symbol's and the folder rules the lens leaves to packs."""
    symbols, language = file_symbols(lore, path)
    groups = lens_groups(lore, path, symbols, language)
    ids = [li.id for g in groups for li in g.memories]
    mems = memories_by_id(lore, ids, [path]) if ids else {}
    places = {m.id: (match, _placing_anchor(m, path, language))
              for m, match in lore.memories_at(path, [symbol] if symbol else [], language)}
    rank = 0
    in_file = 0
    for g in groups:
        for li in g.memories:
            m = mems.get(li.id)
            if m is None:
                continue
            rank += 1
            if g.symbol is None:
                match, anchor = places.get(m.id, ("file", path))
                _offer(found, m, "file", LEVEL_BASE["file"] - 0.01 * rank, place_reason(match, anchor, path))
            elif in_file < IN_FILE_MOST:
                in_file += 1
                _offer(found, m, "in_file", LEVEL_BASE["in_file"] - 0.01 * rank,
                       f"about `{short_name(g.symbol.qualified_name)}` in this file")
    for m, match in lore.memories_at(path, [symbol] if symbol else [], language):
        in_symbol = next((a.value for a in m.anchors if a.kind == "symbol" and a.file == path), None)
        if match == "symbol" and symbol:
            _offer(found, m, "symbol", LEVEL_BASE["symbol"] + quality(m), f"about `{short_name(symbol)}`")
        elif m.id in found:
            continue
        elif symbols and in_symbol and not _placed_by_path(m, path, language):
            continue  # reached by its symbols alone, and the lens, seeing them, left it off (`lens_groups`)
        elif match == "file" and in_symbol and not any(a.kind == "path" for a in m.anchors):
            if in_file < IN_FILE_MOST:  # a symbol of this file the lens did not see (file not on disk)
                in_file += 1
                _offer(found, m, "in_file", LEVEL_BASE["in_file"] + quality(m),
                       f"about `{short_name(in_symbol)}` in this file")
        elif match in ("file", "glob", "language"):
            _offer(found, m, "file", LEVEL_BASE["file"] - 0.5 + quality(m), place_reason(match, places[m.id][1], path))


def _keeping_records(m: Memory) -> bool:
    """Whether a memory is the record a series opens with, about keeping records ("1. Record architecture
    decisions"): about how the team writes its decisions, never the topic of a code file, though a file's name may
    share its words (ministryofjustice/laa-court-data-adaptor's `prosecution_case_recorder.rb`)."""
    return m.provenance.kind is SourceKind.ADR and process_record(m.title)


# A change log by its file's name: the history of releases, not the guides to upgrading or migrating that also keep.
_CHANGE_LOG = re.compile(r"^(change[-_ ]?log|changes|history|news|release[-_ ]?notes?)(\.[a-z]+)+$", re.I)


def _change_log(m: Memory) -> bool:
    """Whether a memory is a change log's page: the project's history by release, found by a file's name for words
    every release repeats ("command", "version"; hashicorp/terraform-ls' `version_command.go`), no topic of the file."""
    path = m.provenance.path or ""
    return is_plain_doc(m) and bool(_CHANGE_LOG.match(path.rpartition("/")[2]))


def _path_anchor(m: Memory, path: str, language: str | None):
    """The first of a memory's anchors that reaches a file by a path, folder or language, not by a symbol; None."""
    return next((a for a in m.anchors if a.kind != "symbol" and match_anchor(a, path, None, language)), None)


def _placing_anchor(m: Memory, path: str, language: str | None) -> str:
    """The text of the anchor that places `m` at `path` (a folder's glob, not its first anchor, which may be a symbol
    elsewhere: "applies to files matching `symbol:ruby:ExchangeRateCountryCurrency`"), else the path itself."""
    placing = _path_anchor(m, path, language)
    return placing.to_text() if placing is not None else path


def _placed_by_path(m: Memory, path: str, language: str | None) -> bool:
    """Whether a memory reaches a file by a path, folder or language anchor, not only by symbols defined in it."""
    return _path_anchor(m, path, language) is not None


def _search_reason(h, task: bool) -> str:
    signals = []
    if h.lexical_rank is not None:
        signals.append("its words")
    if h.similarity is not None and h.similarity >= MEANING_FLOOR:
        signals.append("its meaning")
    subject = "the task" if task else "this file's name"
    how = " and ".join(signals) or "its words"
    where = f" (section “{h.section.heading}”)" if h.section is not None and h.section.heading else ""
    return f"matches {subject} by {how}{where}"


def _searched(lore: Lore, found: dict[str, ContextItem], text: str, path: str | None, symbol: str | None,
              level: str) -> int:
    """Hits for a text that pass the relevance bar, offered at `level`; how many were below it."""
    kinds = tuple(k for k in Kind if k is not Kind.TASK)  # work history is `get_history`'s
    place = {} if level == "task" else {"path": path, "symbol": symbol}  # anchors: the governing levels'
    floor = MEANING_FLOOR if level == "task" else RELATED_FLOOR
    current = tuple(s for s in Status if s not in HIDDEN_STATUSES)  # retired records are for search, not packs
    hits = [h for h in lore.search(Query(text, kinds=kinds, statuses=current, limit=30, **place))
            if servable(h.memory) and (h.lexical_rank is not None or h.similarity is not None)
            and (not is_plain_doc(h.memory) or _doc_section(h, floor))
            and (level != "task" or h.memory.provenance.kind is not SourceKind.COMMENT
                 or names_its_code(h.memory, text))
            and not (level == "related" and (_keeping_records(h.memory) or _change_log(h.memory)))]
    if not hits:
        return 0
    top = hits[0].score or 1.0
    kept = below = 0
    for h in hits:
        close = (h.similarity or 0.0) >= floor
        strong = h.score >= TASK_SHARE * top and (close or h.lexical_rank is not None)
        if level == "task":
            _quote_matched(found, h, strong, close)
        if level == "related":
            strong = (h.score >= RELATED_SHARE * top and close and h.lexical_rank is not None
                      and kept < RELATED_MOST)
        if not strong:
            below += 1
            continue
        kept += 1
        share = h.score / top * (0.85 if is_plain_doc(h.memory) or h.memory.kind is Kind.FACT else 1.0)
        _offer(found, h.memory, level, LEVEL_BASE[level] + share + 0.1 * quality(h.memory),
               _search_reason(h, level == "task"), h.section, h.score / top, close)
    return below


def _quote_matched(found: dict[str, ContextItem], h, strong: bool, close: bool) -> None:
    """What a task's search says of a memory that governs the file: whether the task is close to it
    in meaning, and the headed section it matched (strongly, or close in meaning), which the memory
    is quoted from: a record anchored to the file for its decision may hold what the task needs in a
    later part (an ADR's list of tags under "Consequences")."""
    item = found.get(h.memory.id)
    if item is None or item.level not in GOVERNING:
        return
    item.task_close = bool(item.task_close) or close
    if (strong or close) and h.section is not None and h.section.heading:
        item.task_section = item.task_section or h.section
        item.section = item.section or h.section


def names_its_code(m: Memory, text: str) -> bool:
    """Whether a text names the code a comment's note sits on (a symbol it is anchored to, or its file).

    A note from a code comment ("`X` is deprecated: use Y") is about that code: it reaches a pack
    through its place (the governing levels) or a task that names it, not through the other words
    it shares with a task ("personal access token" in a note on `AuthorizationTokenKind`)."""
    names = {a.value.rsplit(".", 1)[-1] for a in m.anchors if a.kind == "symbol"}
    names |= {f.rsplit("/", 1)[-1] for f in (m.provenance.path, *(a.file for a in m.anchors)) if f}
    return any(len(n) >= 3 and re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", text, re.I) for n in names)


def _doc_section(h, floor: float) -> bool:
    """Plain documentation reaches a pack only through a headed section close in meaning (a
    guide's "Python Dependency Management"), never as a whole document."""
    return h.section is not None and bool(h.section.heading) and (h.similarity or 0.0) >= floor


def file_words(path: str) -> str:
    """What a file's name and folder say, in words (`feature-search-store.ts` -> "feature search store")."""
    parts = path.split("/")
    stem = parts[-1].rsplit(".", 1)[0]
    folder = parts[-2] if len(parts) > 1 else ""
    return " ".join(w for w in (identifier_words(stem), identifier_words(folder)) if w)


def gather(lore: Lore, path: str | None, symbol: str | None, task: str | None,
           scopes: tuple[Scope, ...] = ()) -> tuple[list[ContextItem], int]:
    """Candidate items, best first, and how many search hits fell below the relevance bar.

    A pack for the whole project (no file, no task) holds the project's unanchored decisions,
    conventions and rules; a pack for a file or task holds those only when they match it, and the
    user's own preferences (they travel with the user)."""
    found: dict[str, ContextItem] = {}
    below = 0
    if path:
        _governing(lore, found, path, symbol)
    if task:
        for item in found.values():
            item.task_close = False  # until the task's search finds it close in meaning
        below += _searched(lore, found, task, path, symbol, "task")
    elif path:
        below += _searched(lore, found, file_words(path), path, symbol, "related")
    for store in lore.stores():
        for m in project_memories(store):
            if not path and not task:
                _offer(found, m, "project", LEVEL_BASE["project"] + quality(m),
                       "project-wide " + m.kind.value + (" (yours)" if m.scope is Scope.USER else ""))
            elif m.kind is Kind.PREFERENCE and m.scope is Scope.USER:
                _offer(found, m, "project", LEVEL_BASE["project"] + quality(m), "your own preference")
    items = sorted((i for i in found.values() if (not scopes or i.memory.scope in scopes)
                    and applies_to_path(i.memory, path) and not (is_plain_doc(i.memory) and i.level == "project")
                    and not _its_own_text(i.memory, path)),
                   key=order)
    return items, below


def _its_own_text(m: Memory, path: str | None) -> bool:
    """Whether a memory is the page `path` itself (its Revision History section in the pack for
    `specification/moonwalk-source.md`, a record governing itself): the reader has that text open. A decision
    comment stays: it speaks of the code beside it."""
    return bool(path) and m.provenance.path == path and m.provenance.kind is not SourceKind.COMMENT


def order(item: ContextItem) -> tuple:
    """Best first: by level, then by score; what a file's name found ("About the same topic") by what
    binds first (`lore.recall.importance`: a decision record before a convention before a reference
    table), since a file name's few words cannot rank a record about the file's subject above a
    table that merely lists paths like it."""
    binds = kind_rank(item.memory.kind.value) if item.level == "related" else 0
    return (-LEVEL_BASE[item.level], binds, -item.score)


def project_memories(store) -> list[Memory]:
    """Unanchored active memories of one database, best first; cached until the database changes."""
    version = store.db.data_version()
    cached = store.cache.get("project-memories")
    if cached is not None and cached[0] == version:
        return cached[1]
    memories = store.memories.unanchored_active(tuple(k.value for k in PROJECT_KINDS), limit=200)
    store.cache["project-memories"] = (version, memories)
    return memories
