"""Search hits as a reader needs them first: id, kind, title, one clean line, where it comes from,
why it matched and how strongly, in words. Bodies are one more call away (`get_memory`, `--long`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lore.context.clean import one_line
from lore.memory import SourceKind, Status
from lore.agents.trust import mark
from lore.recall.query import MEANING_SURE

if TYPE_CHECKING:
    from lore.recall import Hit

LINE_CHARS = 120
#: A hit's strength is its score's share of the best hit's score in the same answer.
STRONG, GOOD = 0.7, 0.4


def strength(share: float, faint: bool = False) -> str:
    """How strongly a hit matched, for a reader: strong, good or weak; never more than weak when its own evidence
    is `faint` (see `faint`), however it stands beside the best hit of a weak answer."""
    if faint:
        return "weak"
    return "strong" if share >= STRONG else "good" if share >= GOOD else "weak"


#: Under this share of the question's content words, a section's words are a passing match (one of "failed commands
#: retried exponential backoff" is "commands").
THIN_WORDS = 0.5


def faint(h: Hit) -> bool:
    """Whether a hit's own evidence is thin, whatever its rank: found by meaning less near than the similarity search
    is sure of (`MEANING_SURE`), with no anchor, citation or name behind it, and either no word of the question or
    under `THIN_WORDS` of them. "how are participants paid" answered by a record at cosine 0.23, and "how are failed
    commands retried, exponential backoff" by a README writing "command" at 0.29, were labelled "strong" because each
    was the best of a weak answer."""
    if h.anchor_match or h.asked or h.similarity is None or h.similarity >= MEANING_SURE:
        return False
    if h.lexical_rank is None:
        return all(w.startswith("meaning ") for w in h.why)
    return h.coverage is not None and h.coverage < THIN_WORDS and all(w.startswith(("meaning ", "words ")) for w in h.why)


def why_words(h: Hit) -> str:
    """Why a hit matched, in words ("words and meaning; anchored here")."""
    signals = []
    if h.lexical_rank is not None:
        signals.append("words")
    if h.similarity is not None and h.semantic_rank is not None:
        signals.append("meaning")
    out = "matches by " + " and ".join(signals) if signals else ""
    if h.anchor_match:
        out += ("; " if out else "") + ("anchored here" if h.anchor_match in ("symbol", "file") else "anchored around here")
    if h.memory.status is not Status.ACTIVE:
        out += ("; " if out else "") + h.memory.status.value
    return out or "listed"


def hit_line(h: Hit, limit: int = LINE_CHARS) -> str:
    """One clean line of what a hit says: the matching section's first sentence, else the body's,
    else the rationale's (cut at a word boundary when longer than `limit`)."""
    m = h.memory
    if h.section is not None and h.section.heading and "\n" in h.section.text:
        line = one_line(h.section.text.split("\n", 1)[1], limit)
        if line:
            return line
    if m.provenance.kind is SourceKind.GIT:  # a task's body is its commit list; its description says what
        return one_line(m.rationale or "", limit) or one_line(m.body or "", limit)
    return one_line(m.body or "", limit) or one_line(m.rationale or "", limit)


def hit_compact(h: Hit, top: float) -> dict[str, Any]:
    """A compact hit: id, kind, title, one line, trust (with the source), why and strength."""
    m = h.memory
    out: dict[str, Any] = {"id": m.id, "kind": m.kind.value, "title": m.title, "line": hit_line(h),
                           "trust": mark(m).to_json(), "why": why_words(h),
                           "match": strength(h.score / top if top > 0 else 0.0, faint(h))}
    if h.section is not None and h.section.heading:
        out["section"] = h.section.heading
    if m.status is not Status.ACTIVE:
        out["status"] = m.status.value
    return out
