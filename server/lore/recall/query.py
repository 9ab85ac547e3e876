"""What a search asks for, and what it answers."""

from __future__ import annotations

import attrs

from lore.memory import Kind, Memory, Scope, Section, Status

# A cosine under which a section is at best loosely about the question. A query's best meaning match scores 1 only
# when it reaches this: when even the nearest section is barely above the floor (an identifier the model cannot
# read, `hlm_add_test`, nearest a README at 0.27), the nearest is not made to look as sure as a record that writes it.
MEANING_SURE = 0.35

MAX_QUERY_CHARS = 4000
"""A query reads this many characters at most: the model reads ~1,000 of them, and the words of a
pasted page past a few paragraphs only slow the word index down (a 1.4 MB query took 14 s)."""


def _cut(text: str) -> str:
    return text if len(text) <= MAX_QUERY_CHARS else text[:MAX_QUERY_CHARS]


@attrs.define
class Query:
    """A recall request: text plus optional code context and filters. Text past `MAX_QUERY_CHARS`
    characters is left out."""

    text: str = attrs.field(converter=_cut)
    path: str | None = None  # workspace-relative file the query is about
    symbol: str | None = None  # qualified name of the symbol the query is about
    language: str | None = None
    kinds: tuple[Kind, ...] = ()
    scopes: tuple[Scope, ...] = ()
    statuses: tuple[Status, ...] = ()  # empty: active and proposed (plus hidden ones when include_superseded)
    tags: tuple[str, ...] = ()
    since: float | None = None  # updated at or after (unix time)
    include_superseded: bool = False
    limit: int = 10
    under: str | None = None  # only memories whose source or anchors sit under this path


@attrs.define
class Hit:
    """One recalled memory with its score and the signals that put it there."""

    memory: Memory
    score: float
    why: list[str] = attrs.field(factory=list)
    section: Section | None = None
    similarity: float | None = None  # cosine similarity of the best section, when vectors were used
    lexical_rank: int | None = None
    semantic_rank: int | None = None
    anchor_match: str | None = None
    # The question's words the memory writes, read only for a record and a later one that amends it when
    # both are hits (recall/ordering.py); None when not read.
    said: frozenset[str] | None = None
    # The score before the weight for its status and for a later record changing part of it (`search._adjust`), when
    # those weighed it down: a later record taking its place is lifted above the strength of the match (ordering.py).
    matched: float | None = None
    # Asked for by its number with nothing else to match ("ADR 12", "what is ADR 12"): first, even when a later record
    # superseded it (ordering.py).
    asked: bool = False
    # The share of the question's content words its matching section writes, when the word index matched it.
    coverage: float | None = None
