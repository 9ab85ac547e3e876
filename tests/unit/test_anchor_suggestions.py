"""The records offered for anchoring at a place (`lore.recall.suggest`): a symbol's own nearest
records, or the file's best ones outside symbols; never a record anchored at the file already, one
dismissed there, or a superseded one. Which records are near is given here (the background pass finds
them with the model; `tests/e2e/test_lsp_semantic.py` runs it with the real one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Memory, Status
from lore.recall.suggest import SUGGESTIONS, suggestions

SYMBOLS = ["app.orders.OrderBook", "app.orders.cancel_order"]


@pytest.fixture
def lore(tmp_workspace: Path):
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    yield lo
    lo.close()


def _add(lore: Lore, title: str, **kw) -> str:
    return lore.add(Memory(title=title, body=f"{title}.", **kw)).memory.id


def _ids(found) -> list[str]:
    return [s.memory.id for s in found]


def test_a_symbol_is_offered_its_nearest_records_best_first_at_most_three(lore):
    ids = [_add(lore, f"Record {n}") for n in range(5)]
    near = {SYMBOLS[0]: [(ids[2], 0.6), (ids[0], 0.5), (ids[1], 0.4), (ids[3], 0.3)], SYMBOLS[1]: [(ids[4], 0.9)]}
    found = suggestions(lore, "app/orders.py", "python", near, SYMBOLS[0], SYMBOLS)
    assert _ids(found) == ids[2:3] + ids[0:2] and len(found) == SUGGESTIONS
    assert {s.symbol for s in found} == {SYMBOLS[0]}


def test_outside_symbols_the_file_is_offered_each_record_by_its_best_cosine(lore):
    a, b = _add(lore, "Orders are immutable"), _add(lore, "Cancel through the queue")
    near = {SYMBOLS[0]: [(a, 0.4), (b, 0.3)], SYMBOLS[1]: [(b, 0.7)]}
    found = suggestions(lore, "app/orders.py", "python", near, None, SYMBOLS)
    assert _ids(found) == [b, a] and [s.similarity for s in found] == [0.7, 0.4]
    assert found[0].symbol is None


def test_anchored_dismissed_and_retired_records_are_not_offered(lore):
    anchored = _add(lore, "Orders live in app", anchors=[Anchor.parse("app/**")])
    dismissed = _add(lore, "Cancel is idempotent")
    retired = _add(lore, "Orders are mutable")
    fresh = _add(lore, "Order books are per market")
    lore.set_status(retired, Status.SUPERSEDED)
    lore.not_relevant(dismissed, "app/orders.py")
    near = {SYMBOLS[0]: [(anchored, 0.9), (dismissed, 0.8), (retired, 0.7), (fresh, 0.3)]}
    assert _ids(suggestions(lore, "app/orders.py", "python", near, SYMBOLS[0], SYMBOLS)) == [fresh]
    assert suggestions(lore, "app/orders.py", "python", {}, SYMBOLS[0], SYMBOLS) == []


def test_a_file_without_symbols_is_offered_what_its_words_find(lore):
    routes = _add(lore, "Every URL is declared in the routes table")
    _add(lore, "Invoices are immutable")
    found = suggestions(lore, "config/routes.yaml", None, {}, None, [])
    assert _ids(found) == [routes] and found[0].symbol is None


def test_at_the_file_two_places_go_to_meaning_and_the_third_to_words(lore):
    ids = [_add(lore, f"Meaning record {n}") for n in range(3)]
    worded = _add(lore, "Order books cancel orders")
    near = {SYMBOLS[0]: [(ids[0], 0.6), (ids[1], 0.5), (ids[2], 0.4)]}
    found = suggestions(lore, "app/orders.py", "python", near, None, SYMBOLS)
    assert _ids(found) == [ids[0], ids[1], worded]
    assert _ids(suggestions(lore, "app/orders.py", "python", near, SYMBOLS[0], SYMBOLS)) == ids
