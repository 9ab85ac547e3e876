"""Records a person may anchor to a place: the few records nearest in meaning to the symbol at the cursor
(or to the file's symbols), not anchored there yet.

Meaning alone is too weak to show a record on code unasked (the calibrated bar keeps most governing
records out, `lore.recall.calibration`), but it ranks a record that governs a place among that place's
nearest few often enough to offer it: a person reading the code knows whether the decision governs
it, and one choice anchors it for the team (`lore.anchors.choices.change_anchors`: kept across imports,
in a team file's `anchors:` or, for an imported record, in `.lore/anchors.yaml`). The candidates are
the nearest records the background pass already found for each symbol
(`lore.recall.semantic.Meaning.near`). At the file, the last place goes to what a search with the
file's words finds (its path and symbol names, `lore.recall.search`): words reach records meaning
misses (a record naming the file's folder), and files without symbols (configuration, SQL, templates)
get offers too. First at the file come the records committed with it (the commit adding the record changed
the file, `lore.sources.added.committed_with`): a team often writes a decision down with the code it decides on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lore.memory import Memory, Status
from lore.recall.off_code import record_ids
from lore.recall.query import Query
from lore.text import identifier_words

if TYPE_CHECKING:
    from lore.api import Lore

SUGGESTIONS = 3
COMMITTED = "committed"
BY_MEANING_AT_FILE = 2  # of the file's offers, those by meaning first; the rest by words
FILE_WORDS = 25  # symbol names a file's words query holds
OFFERED = (Status.ACTIVE, Status.PROPOSED)


@attrs.define
class Suggestion:
    """A record offered for anchoring at a place: `symbol` (a qualified name) or, when None, the file."""

    memory: Memory
    similarity: float
    symbol: str | None
    why: str = "meaning"  # "committed" (with the file, `COMMITTED`), "meaning" or "words"


def file_words(rel_path: str, symbols: list[str]) -> str:
    """A file's path and its first `FILE_WORDS` symbol names, as words (`app/billing.py` -> "app billing")."""
    path = identifier_words(rel_path.rsplit(".", 1)[0].replace("/", " "))
    names = dict.fromkeys(identifier_words(name.rsplit(".", 1)[-1]) for name in symbols[:FILE_WORDS])
    return " ".join([path, *names])


def suggestions(lore: Lore, rel_path: str, language: str | None, near: dict[str, list[tuple[str, float]]],
                symbol: str | None, symbols: list[str]) -> list[Suggestion]:
    """At most `SUGGESTIONS` records to offer at `symbol` (its own nearest records) or, without one, at the
    file (the records committed with it, then the nearest records of any of its `symbols`, each by its best
    cosine, then what the file's words find), best first; records only, active or proposed, and neither
    anchored at the file nor dismissed there already."""
    committed: list[tuple[str, float]] = []
    if symbol is not None:
        by_meaning, by_words = near.get(symbol, []), []
    else:
        committed = [(mid, 1.0) for store in lore.stores() for mid in store.memories.committed_with(rel_path)]
        best: dict[str, float] = {}
        for name in symbols:
            for mid, sim in near.get(name, []):
                best[mid] = max(best.get(mid, -1.0), sim)
        by_meaning = sorted(best.items(), key=lambda p: -p[1])
        records = record_ids(lore)
        hits = lore.search(Query(file_words(rel_path, symbols), limit=10 * SUGGESTIONS))
        by_words = [(h.memory.id, h.similarity or 0.0) for h in hits if h.memory.id in records]
    if not by_meaning and not by_words and not committed:
        return []
    here = {m.id for m, _ in lore.memories_at(rel_path, list(symbols), language)}
    dismissed: set[str] = set()
    found: dict[str, Memory] = {}
    wanted = [mid for mid, _ in committed + by_meaning + by_words if mid not in here]
    for store in lore.stores():
        dismissed |= set(store.dismissals([rel_path, *symbols]))
        found.update(store.memories.many(wanted))

    def offered(pairs: list[tuple[str, float]], why: str) -> list[Suggestion]:
        return [Suggestion(found[mid], sim, symbol, why) for mid, sim in pairs if mid in found and mid not in here
                and mid not in dismissed and found[mid].status in OFFERED]

    meaning = offered(by_meaning, "meaning")
    ranked = offered(committed, COMMITTED) + meaning[:BY_MEANING_AT_FILE] + offered(by_words, "words") \
        + meaning[BY_MEANING_AT_FILE:]
    out: dict[str, Suggestion] = {}
    for s in ranked:  # a record found both ways, once, where it ranks first
        out.setdefault(s.memory.id, s)
    return list(out.values())[:SUGGESTIONS]
