"""What a person reads about the memories governing a place: hover cards and lens titles, as
markdown that renders the same in VS Code and in Neovim's float. Takes `governing_at`'s result;
links come from the caller (file URIs and, for clients that run them, command links).

A hover is a "Lore" header, then per memory: its kind icon and title linked to its source section;
one plain sentence of what it says (`lore.recall.gist`); why it is here, in words; any notes (status,
review flags, and whatever a caller adds to `Card.notes`); any extra markdown lines a caller adds to
`Card.extra` (what changed since it was written, checks); and its actions on one line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from lore.recall.gist import cut, gist
from lore.anchors.choices import DERIVED_META, key_of

if TYPE_CHECKING:
    from lore.anchors import Symbol
    from lore.memory import Memory
    from lore.recall.governing import Governing, LensItem

HEADER = "**Lore**"
KIND_ICON = {"decision": "⚖", "convention": "§", "preference": "★", "task": "☐", "fact": "ℹ", "warning": "⚠"}
KIND_LABEL = {"decision": "Decision", "convention": "Convention", "preference": "Preference",
              "task": "Task", "fact": "Fact", "warning": "Warning"}
SYMBOL_WORD = {"function": "function", "method": "method", "class": "class", "interface": "interface",
               "struct": "type", "type": "type", "enum": "type", "trait": "trait", "module": "module",
               "constant": "constant"}
LENS_TITLE_CHARS = 48
SOURCE_NAME_CHARS = 28
MARKUP = "\\`*_[]<>#|"

Link = tuple[str, str]  # (label, target)


@attrs.define
class Card:
    """One memory in a hover, line by line; callers may append short plain `notes` (shown after the
    reason) and whole markdown lines to `extra` (shown before the actions) before rendering."""

    memory: Memory
    title_link: str | None
    sentence: str
    reason: str
    notes: list[str] = attrs.field(factory=list)
    actions: list[Link] = attrs.field(factory=list)
    extra: list[str] = attrs.field(factory=list)  # whole markdown lines after the reason (staleness)

    def lines(self) -> list[str]:
        """The card's markdown lines (joined with hard line breaks by `render_hover`)."""
        m = self.memory
        kind = m.kind.value
        title = escape(m.title)
        title = link(title, self.title_link) if self.title_link else title
        out = [f"{KIND_ICON.get(kind, '•')} **{KIND_LABEL.get(kind, kind)}** · {title}"]
        if self.sentence:
            out.append(code_aware_escape(self.sentence))
        out.append("*" + " · ".join([self.reason, *self.notes]) + "*" if self.reason or self.notes else "")
        out += self.extra
        if self.actions:
            out.append(" · ".join(link(escape(label), target) for label, target in self.actions))
        return [line for line in out if line]


def card(g: Governing, chain: list[Symbol], source: str | None,
         actions: Callable[[Memory], list[Link]] = lambda m: [], line: int | None = None) -> Card:
    """A memory's card at a place: `chain`, the symbols around the position (outermost first);
    `source`, the URI of its source section, at `line` when that section is not where the record
    starts (`lore.recall.section_link`); `actions`, its action links."""
    m = g.memory
    notes = status_notes(m)
    acts = [(source_name(m, line), source)] if source else []
    return Card(m, source, gist(m.body, m.rationale), reason(g, chain), notes, acts + actions(m))


def status_notes(m: Memory) -> list[str]:
    """Short notes on a memory's status: superseded, proposed, flagged for review."""
    out = []
    if m.superseded_by:
        out.append("superseded by " + ", ".join(f"`{i}`" for i in m.superseded_by))
    elif m.status.value != "active":
        out.append(m.status.value)
    if m.needs_review:
        out.append("⚠ flagged for review: the code it is anchored to changed")
    return out


def reason(g: Governing, chain: list[Symbol]) -> str:
    """Why a memory is in this hover, in words ("governs this file", "names `Repo`"); an anchor the
    import derived from what a record names says so ("names `tracestore.Reader`")."""
    inner = chain[-1] if chain else None
    derived = derived_reason(g)
    if g.match == "symbol":
        name = short_name(g.via) if g.via else (inner.name if inner else "")
        if inner is not None and g.via and g.via != inner.qualified_name:
            verb = "names" if derived else "governs"
            return f"{verb} `{name}`, which holds this {symbol_word(inner)}"
        if derived and derived.startswith("names `") and len(derived) <= 60:
            return derived
        return f"anchored to `{name}`" if name else "anchored to this symbol"
    if g.match == "named":
        return f"names `{short_name(g.via) if g.via else inner.name if inner else ''}`"
    if g.match == "file":
        return "governs this file"
    if g.match == "glob":
        return "governs this folder"
    if g.match == "meaning":
        return f"about the same topic as this {symbol_word(inner) if inner else 'code'}"
    return g.match


def place_reason(match: str) -> str:
    """Why a memory governs a file, in words, from how its anchor matched (symbol, file, glob…)."""
    return {"symbol": "anchored to a symbol here", "file": "governs this file", "glob": "governs this folder",
            "language": "governs this language"}.get(match, match)


def derived_reason(g: Governing) -> str | None:
    """Why the import gave a memory the anchor that matched ("names `TraceReader`"), if it did."""

    derived = g.memory.meta.get(DERIVED_META) if g.anchor is not None else None
    found = derived.get(key_of(g.anchor)) if isinstance(derived, dict) else None
    return found if isinstance(found, str) else None


def symbol_word(symbol: Symbol) -> str:
    """"function", "class", "method" … for a symbol's kind; "code" when unknown."""
    return SYMBOL_WORD.get(symbol.kind, "code")


def short_name(qualified: str) -> str:
    """The last part of a dotted name."""
    return qualified.rsplit(".", 1)[-1]


def source_name(m: Memory, line: int | None = None) -> str:
    """A short label for a memory's source: `naming.md:5`, its file name cut to fit one line; at
    `line` when given (a section of the record)."""
    path = m.provenance.path or m.provenance.kind.value
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    if len(stem) > SOURCE_NAME_CHARS:
        stem = stem[: SOURCE_NAME_CHARS - 1] + "…"
    short = f"{stem}.{ext}" if ext else stem
    line = line or m.provenance.line
    return f"{short}:{line}" if line and m.provenance.path else short


def render_hover(cards: list[Card], sections: list[str] = ()) -> str:
    """The hover's markdown: the header, each card, then extra sections (history, preferences)."""
    parts = [HEADER] + ["  \n".join(c.lines()) for c in cards] + [s for s in sections if s]
    return "\n\n".join(parts)


def lens_title(items: list[LensItem]) -> str:
    """"⚖ Naming · +2": the first memory's kind icon and title, and how many more the lens holds."""
    if not items:
        return ""
    first = items[0]
    title = cut(first.title or KIND_LABEL.get(first.kind, first.kind), LENS_TITLE_CHARS)
    more = f" · +{len(items) - 1}" if len(items) > 1 else ""
    return f"{KIND_ICON.get(first.kind, '•')} {title}{more}"


def escape(text: str) -> str:
    """Text with markdown markup characters escaped (memory text is shown literally).

    Only where they would mean markup: an underscore inside a word (`once_per_request`) and a `#`
    that does not start a line (`#8985`) are literal in CommonMark, and Neovim's markdown float shows
    a backslash escape as typed, so those stay bare."""
    return "".join("\\" + ch if ch in MARKUP and not literal(text, i) else ch for i, ch in enumerate(text))


def literal(text: str, i: int) -> bool:
    """Whether the markup character at `text[i]` reads literally where it stands."""
    ch = text[i]
    if ch == "_":
        return 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum()
    if ch == "#":
        return text[:i].rsplit("\n", 1)[-1].strip() != ""
    return False


def code_aware_escape(text: str) -> str:
    """Escape a plain sentence, keeping its backtick code spans as code."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: everything literal
        return escape(text)
    return "".join(escape(p) if i % 2 == 0 else f"`{p}`" for i, p in enumerate(parts))


def link(label: str, target: str) -> str:
    """A markdown link; the label is markdown already (see `escape`)."""
    return f"[{label}]({target})"
