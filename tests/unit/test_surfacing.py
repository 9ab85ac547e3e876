"""The surfacing policy (`lore.recall.governing`, `lore.recall.calibration`): what is shown on code.

A file's memory is its lens, not every hover; a hover shows what the symbol is the subject of;
meaning-only matches pass a bar set by each memory's own spread and appear on at most two symbols
of a file; current records come before proposals; guides' generic sections never show on code.
The last test uses the real model on a small workspace written here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.anchors.symbols import extract_symbols
from lore.embedding.embedder import HashEmbedder
from lore.memory import NEWER_META, Anchor, Kind, Memory, Provenance, SourceKind, Status
from lore.recall import calibration
from lore.recall.calibration import PER_FILE, calibrate, memory_spreads
from lore.recall.governing import enclosing, governing_at, lens_groups, names_symbol
from lore.recall.off_code import is_generic_guide
from lore.api import Lore

ORDERS_PY = '''\
class OrderBook:
    """Keeps open orders."""

    def place(self, order):
        return order


def cancel_order(order_id):
    return order_id


def name():
    return "orders"
'''


@pytest.fixture
def lore(tmp_workspace: Path):
    (tmp_workspace / "app").mkdir()
    (tmp_workspace / "app" / "orders.py").write_text(ORDERS_PY)
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    yield lo
    lo.close()


def _add(lore: Lore, title: str, body: str = "", **kw) -> Memory:
    return lore.add(Memory(title=title, body=body, **kw)).memory


def _symbols():
    return extract_symbols(ORDERS_PY, "python", "app/orders.py")


def _hover(lore: Lore, line: int, col: int, semantic=None, limit: int = 5) -> list:
    chain = enclosing(_symbols(), line, col)
    return governing_at(lore, "app/orders.py", chain, "python", semantic or {}, 0.0, limit)


def test_a_file_memory_is_the_file_lens_and_only_the_hover_of_the_symbol_it_names(lore):
    m = _add(lore, "Cancelling is idempotent", "`cancel_order` may be called twice for one order.",
             anchors=[Anchor.parse("app/orders.py")])
    groups = lens_groups(lore, "app/orders.py", _symbols(), "python")
    assert [(g.symbol, [i.id for i in g.memories]) for g in groups] == [(None, [m.id])]
    on = {line: [g.memory.id for g in _hover(lore, line, 5)] for line in (0, 3, 7, 11)}
    assert on == {0: [], 3: [], 7: [m.id], 11: []}
    assert _hover(lore, 7, 5)[0].match == "named"


def test_a_file_memory_naming_most_symbols_of_the_file_stays_on_the_lens(lore):
    m = _add(lore, "Order flow", "`OrderBook`, `cancel_order` and `name` are the public surface.",
             anchors=[Anchor.parse("app/orders.py")])
    names = tuple(s.name for s in _symbols())
    chain = enclosing(_symbols(), 7, 5)
    assert governing_at(lore, "app/orders.py", chain, "python", {}, 0.0, 5, names) == []
    assert [g.memory.id for g in governing_at(lore, "app/orders.py", chain, "python", {}, 0.0, 5)] == [m.id]


def test_a_common_word_is_not_a_subject_but_an_identifier_or_a_call_is():
    m = Memory(title="Each service has a name", body="The name comes from config; see `load_config`.")
    assert not names_symbol(m, "name") and not names_symbol(m, "Name")
    assert names_symbol(m, "load_config")
    assert names_symbol(Memory(title="t", body="Call Name() once."), "Name")
    assert names_symbol(Memory(title="t", body="The OrderBook keeps orders."), "OrderBook")


def test_a_symbol_anchor_shows_on_its_symbol_only(lore):
    m = _add(lore, "Order books are per market", anchors=[Anchor.parse("symbol:python:app.orders.OrderBook")])
    assert [g.memory.id for g in _hover(lore, 0, 8)] == [m.id]
    assert _hover(lore, 7, 5) == [] and _hover(lore, 11, 5) == []


def _symbol_anchor(name: str) -> Anchor:
    return Anchor("symbol", name, language="python", file="app/orders.py")


def _file_hover(lore: Lore):
    """A hover of `app/orders.py` at a line, as the server asks it (the file's symbols given): (id, match) shown."""
    names = tuple(s.name for s in _symbols())
    qualified = tuple(s.qualified_name for s in _symbols())

    def hover(line: int) -> list[tuple[str, str]]:
        chain = enclosing(_symbols(), line, 5)
        return [(g.memory.id, g.match) for g in governing_at(lore, "app/orders.py", chain, "python", {}, 0.0, 5,
                                                             names, qualified)]

    return hover


def test_a_memory_anchored_to_many_symbols_of_a_file_is_its_lens_not_every_hover(lore):
    many = _add(lore, "Orders go through one book", "Cancel with `cancel_order`; the book and its name follow.",
                anchors=[_symbol_anchor(n) for n in ("OrderBook", "cancel_order", "name")])
    two = _add(lore, "Order books are per market", anchors=[_symbol_anchor(n) for n in ("OrderBook", "name")])
    groups = lens_groups(lore, "app/orders.py", _symbols(), "python")
    assert (groups[0].symbol, [i.id for i in groups[0].memories]) == (None, [many.id])
    assert [[i.id for i in g.memories] for g in groups[1:]] and all(
        [i.id for i in g.memories] == [two.id] for g in groups[1:])
    hover = _file_hover(lore)
    assert hover(0) == [(two.id, "symbol")]
    assert hover(7) == [(many.id, "named")]  # its subject: the one symbol it names
    assert hover(11) == [(two.id, "symbol")]


def test_a_memory_on_the_file_lens_still_shows_on_the_one_symbol_its_title_is_about(lore):
    """openedx/license-manager (AGPL-3.0) 0003, "Introduction of a Subscription Plan Renewal Model", is anchored to
    more of `models.py`'s symbols than `PER_FILE`, so it went to the file's lens, and the hover of the model it
    introduces showed nothing. Its other symbols still show nothing."""
    titled = _add(lore, "Introduction of an Order Book", "The `OrderBook`, `cancel_order` and `name`.",
                  anchors=[_symbol_anchor(n) for n in ("OrderBook", "cancel_order", "name")])
    hover = _file_hover(lore)
    assert hover(0) == [(titled.id, "symbol")]
    assert hover(7) == [] and hover(11) == []  # the rest of them: on the lens only


def test_a_memory_anchored_to_the_file_and_a_symbol_in_it_is_the_file_lens_and_that_symbol_hover(lore):
    m = _add(lore, "Cancelling is idempotent", anchors=[Anchor.parse("app/orders.py"), _symbol_anchor("cancel_order")])
    groups = lens_groups(lore, "app/orders.py", _symbols(), "python")
    assert [(g.symbol, [i.id for i in g.memories]) for g in groups] == [(None, [m.id])]
    assert [(g.memory.id, g.match) for g in _hover(lore, 7, 5)] == [(m.id, "symbol")]
    assert _hover(lore, 0, 8) == [] and _hover(lore, 11, 5) == []


def _graduated(lore: Lore, proposal: Memory, record: Memory) -> None:
    """Link a proposal to the record it graduated into, as the import does (`sources/newer.py`)."""
    store = lore.stores()[0]
    fresh = store.memories.get(proposal.id)
    fresh.meta[NEWER_META] = {record.id: "graduated"}
    with store.transaction():
        store.memories.update(fresh, reindex=False)


def test_a_proposal_that_graduated_into_a_record_is_not_shown_on_code_while_the_record_is(lore):
    on_file = [Anchor.parse("app/orders.py")]
    rfc = _add(lore, "RFC: one book per market", "`OrderBook` is split per market.", anchors=on_file)
    adr = _add(lore, "ADR: one book per market", "`OrderBook` is split per market.", anchors=on_file)
    elsewhere = _add(lore, "RFC: cancel in batches", "`cancel_order` takes a batch.",
                     anchors=[_symbol_anchor("cancel_order")])
    other = _add(lore, "ADR: cancelling", "Cancelling is synchronous.", anchors=[Anchor.parse("app/other.py")])
    _graduated(lore, rfc, adr)
    _graduated(lore, elsewhere, other)
    groups = lens_groups(lore, "app/orders.py", _symbols(), "python")
    assert [(g.symbol and g.symbol.name, [i.id for i in g.memories]) for g in groups] == [(None, [adr.id])]
    assert [g.memory.id for g in _hover(lore, 0, 8)] == [adr.id]
    assert _hover(lore, 7, 5) == []
    lore.supersede(other.id, [adr.id])  # the record it became is no longer shown: the proposal speaks again
    assert [g.memory.id for g in _hover(lore, 7, 5)] == [elsewhere.id]


def test_current_records_come_before_proposals_and_superseded_ones_are_not_shown(lore):
    at = [Anchor.parse("symbol:python:app.orders.cancel_order")]
    proposed = _add(lore, "Proposal: cancel in batches", status=Status.PROPOSED, anchors=at)
    current = _add(lore, "Cancel one order at a time", anchors=at)
    old = _add(lore, "Cancel through the queue", anchors=at)
    lore.supersede(old.id, [current.id])
    assert [g.memory.id for g in _hover(lore, 7, 5)] == [current.id, proposed.id]
    (group,) = lens_groups(lore, "app/orders.py", _symbols(), "python")
    assert [i.id for i in group.memories] == [current.id, proposed.id]


def test_generic_guide_sections_never_show_on_code(lore):
    guide = dict(kind=Kind.CONVENTION, anchors=[Anchor.parse("app/**")],
                 provenance=Provenance(kind=SourceKind.RULES_FILE, path="app/AGENTS.md", key="intro"))
    generic = _add(lore, "Agent context for `app/`", "This folder holds `cancel_order` and OrderBook.", **guide)
    toc = _add(lore, "App guide: Table of contents", "- cancel_order\n- OrderBook", **guide)
    folder_rule = _add(lore, "Log through the logger", "Never print in app/.", **guide)
    named = _add(lore, "Orders: keep cancel idempotent", "Calling it twice is harmless.",
                 **{**guide, "anchors": [Anchor.parse("app/orders.py")]})
    (group,) = lens_groups(lore, "app/orders.py", _symbols(), "python")
    assert [i.id for i in group.memories] == [named.id], "a folder's guide says the same on every file of it"
    assert folder_rule.id not in {g.memory.id for g in _hover(lore, 7, 5)}
    shown = {g.memory.id for line in (0, 7) for g in _hover(lore, line, 5, {
        "app.orders.cancel_order": [(generic.id, 0.9), (toc.id, 0.9)]})}
    assert not shown & {generic.id, toc.id}
    assert is_generic_guide("rules-file", "x", "Overview") and not is_generic_guide("adr", "x", "Overview")


def test_meaning_matches_are_not_repeated_where_the_file_lens_shows_them(lore):
    m = _add(lore, "Orders live in one table", anchors=[Anchor.parse("app/orders.py")])
    assert _hover(lore, 11, 5, {"app.orders.name": [(m.id, 0.95)]}) == []


def test_a_memory_close_to_every_symbol_is_kept_on_its_best_two():
    matches = {f"s{i}": [("broad", 0.60 + i / 100)] for i in range(6)}
    spreads = {"broad": (0.30, 0.05)}
    kept = calibrate(matches, spreads)
    assert sorted(kept) == ["s4", "s5"] and PER_FILE == 2


def test_overloads_count_as_the_hovers_they_are():
    """Two `getMetadata` overloads and `getMetadataWithSize` (hmpps-approved-premises-api's
    PaginationUtils.kt): a pagination record kept on both names was in three hovers of the file."""
    matches = {"getMetadata": [("paging", 0.66)], "getMetadataWithSize": [("paging", 0.64)], "toSort": [("paging", 0.62)]}
    spreads = {"paging": (0.30, 0.05)}
    assert sorted(calibrate(matches, spreads)) == ["getMetadata", "getMetadataWithSize"]
    assert sorted(calibrate(matches, spreads, hovers={"getMetadata": 2})) == ["getMetadata"]
    assert sorted(calibrate(matches, spreads, hovers={"getMetadataWithSize": 2})) == ["getMetadata", "toSort"]
    assert sorted(calibrate(matches, spreads, hovers={"getMetadata": 3})) == ["getMetadata"], \
        "the best name stays, overloads and all"


def test_the_bar_is_each_memory_own_spread_not_one_cosine():
    spreads = {"broad": (0.55, 0.05), "narrow": (0.20, 0.05)}
    kept = calibrate({"f": [("broad", 0.66), ("narrow", 0.50)]}, spreads)
    assert kept == {"f": [("narrow", 0.50)]}, "0.66 is ordinary for a broad memory; 0.50 stands out for a narrow one"
    assert calibrate({"f": [("unknown", 0.99)]}, spreads) == {}, "no spread, no meaning-only match"


def test_a_match_that_stands_out_but_is_far_in_meaning_is_not_shown(monkeypatch):
    from lore.recall import semantic

    spreads = {"narrow": (0.20, 0.05)}
    assert calibrate({"f": [("narrow", 0.50)]}, spreads, floor=calibration.MEANING_FLOOR) == {}
    assert calibrate({"f": [("narrow", 0.62)]}, spreads, floor=calibration.MEANING_FLOOR) == {"f": [("narrow", 0.62)]}
    seen = {}
    monkeypatch.setattr(semantic, "calibrate", lambda *a, floor=0.0, records=0, hovers=None: seen.update(floor=floor, hovers=hovers))
    monkeypatch.setattr(semantic, "memory_spreads", lambda lore: spreads)
    monkeypatch.setattr(semantic, "record_ids", lambda lore: set())
    monkeypatch.setattr(semantic, "reference_ids", lambda lore: set())

    class Lore:
        def ready_embedder(self):
            return type("E", (), {"embed": lambda self, texts: [], "model_id": "m"})()

    overloads = [type("S", (), {"name": name, "qualified_name": name, "docstring": "", "signature": ""})()
                 for name in ("get", "get", "put")]
    semantic.meaning_near(Lore(), "a.py", "python", overloads)
    assert seen["floor"] == calibration.MEANING_FLOOR, "the server's meaning matches pass the floor"
    assert seen["hovers"] == {"get": 2, "put": 1}, "overloads are counted as the hovers they take"


def test_a_match_must_stand_out_from_the_symbol_other_candidates_too():
    spreads = {"a": (0.2, 0.05)}
    match = 0.2 + 0.05 * (calibration.Z_MEMORY + 1)
    assert calibrate({"f": [("a", match)]}, spreads, {"f": (0.1, 0.05)}) == {"f": [("a", match)]}
    assert calibrate({"f": [("a", match)]}, spreads, {"f": (match - 0.01, 0.05)}) == {}, \
        "a symbol close to every memory: this one is not its subject"


WORKSPACE = {
    "billing/charges.py": [
        ("charge_card", "Charge the customer's credit card through the payment gateway."),
        ("refund_charge", "Refund a card charge to the customer."),
        ("retry_failed_charge", "Retry a card charge that the gateway declined."),
    ],
    "text/render.py": [
        ("render_markdown", "Render markdown text to HTML."),
        ("escape_html", "Escape characters that HTML treats as markup."),
        ("wrap_lines", "Wrap long lines of text at a given width."),
    ],
    "geo/shapes.py": [
        ("polygon_area", "Area of a polygon from its vertices."),
        ("point_in_polygon", "Whether a point lies inside a polygon."),
        ("bounding_box", "The smallest rectangle around a set of points."),
    ],
    "net/http_client.py": [
        ("fetch_url", "Download a URL over HTTP with a timeout."),
        ("parse_headers", "Parse raw HTTP headers into a dictionary."),
        ("follow_redirects", "Follow HTTP redirects up to a limit."),
    ],
    "store/cache.py": [
        ("cache_get", "Read a value from the in-memory cache."),
        ("cache_put", "Store a value in the cache with an expiry."),
        ("evict_oldest", "Evict the least recently used cache entry."),
    ],
    "cli/args.py": [
        ("parse_arguments", "Parse command-line arguments."),
        ("print_usage", "Print how to call the program."),
        ("read_config_file", "Read the YAML configuration file."),
    ],
    "time/dates.py": [
        ("parse_date", "Parse an ISO 8601 date."),
        ("business_days_between", "Count business days between two dates."),
        ("to_utc", "Convert a local time to UTC."),
    ],
}


@pytest.mark.model
def test_real_model_payment_decision_stands_out_on_payment_code_only(tmp_workspace: Path, model_dir: Path):
    for rel, functions in WORKSPACE.items():
        (tmp_workspace / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_workspace / rel).write_text("".join(f'def {n}(x):\n    """{doc}"""\n    return x\n\n\n'
                                                 for n, doc in functions))
    from lore.embedding.embedder import FastEmbedder
    from lore.recall.semantic import meaning_near

    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db",
              embedder=FastEmbedder(model_path=str(model_dir))) as lore:
        pay = _add(lore, "Card charges carry an idempotency key",
                   "Every charge to a customer's credit card sent to the payment gateway carries an idempotency "
                   "key, so a retried request never bills the customer twice.")
        assert len(memory_spreads(lore)) == 1
        shown = {}
        for rel in WORKSPACE:
            symbols = extract_symbols((tmp_workspace / rel).read_text(), "python", rel)
            found = meaning_near(lore, rel, "python", symbols)
            for name, pairs in (found.shown if found else {}).items():
                shown[name.rsplit(".", 1)[-1]] = [mid for mid, _ in pairs]
    places = sorted(name for name, ids in shown.items() if pay.id in ids)
    assert places and set(places) <= {"charge_card", "refund_charge", "retry_failed_charge"}, shown
    assert len(places) <= PER_FILE


TWO_READERS_PY = '''\
class CassandraReader:
    def find_trace_ids(self, q):
        return q


class MemoryReader:
    def find_trace_ids(self, q):
        return q


def query_by_duration(q):
    return q
'''


def test_a_file_memory_naming_a_method_two_types_define_counts_both_hovers(tmp_workspace: Path):
    (tmp_workspace / "app").mkdir()
    (tmp_workspace / "app" / "readers.py").write_text(TWO_READERS_PY)
    lo = Lore(tmp_workspace, user_db=False, embedder=HashEmbedder())
    m = lo.add(Memory(title="Duration queries", body="`find_trace_ids` runs `query_by_duration` alone.",
                      anchors=[Anchor.parse("app/readers.py")])).memory
    symbols = extract_symbols(TWO_READERS_PY, "python", "app/readers.py")
    names = tuple(s.name for s in symbols)
    shown = [s.qualified_name for s in symbols if s.name in ("find_trace_ids", "query_by_duration")
             and any(g.memory.id == m.id for g in governing_at(
                 lo, "app/readers.py", enclosing(symbols, s.name_line, s.name_col), "python", {}, 0.0, 5, names))]
    assert shown == []  # three hovers would show it: it is the file's, on the lens
    anchored = lo.add(Memory(title="Duration index", body="`find_trace_ids` reads the duration index.",
                             anchors=[Anchor.parse("app/readers.py"),
                                      Anchor("symbol", "query_by_duration", language="python", file="app/readers.py")]))
    hovers = [s.qualified_name for s in symbols if any(g.memory.id == anchored.memory.id for g in governing_at(
        lo, "app/readers.py", enclosing(symbols, s.name_line, s.name_col), "python", {}, 0.0, 5, names))]
    assert hovers == ["app.readers.query_by_duration"]  # its anchor's symbol; naming two more is the lens's
    lo.close()


def test_meaning_shows_a_memory_anchored_in_the_file_only_on_the_places_its_anchors_leave(lore):
    m = _add(lore, "Cancelling is idempotent", anchors=[_symbol_anchor("cancel_order")])
    names = tuple(s.name for s in _symbols())
    qualified = tuple(s.qualified_name for s in _symbols())
    semantic = {q: [(m.id, sim)] for q, sim in (("app.orders.OrderBook", 0.7), ("app.orders.OrderBook.place", 0.6),
                                                ("app.orders.name", 0.5))}

    def shown(line: int, col: int) -> list[tuple[str, str]]:
        chain = enclosing(_symbols(), line, col)
        return [(g.memory.id, g.match) for g in governing_at(lore, "app/orders.py", chain, "python", semantic, 0.0, 5,
                                                             names, qualified)]

    assert shown(7, 5) == [(m.id, "symbol")]
    assert shown(0, 8) == [(m.id, "meaning")], "its closest match fills the one place its anchor leaves"
    assert shown(3, 9) == [] and shown(11, 5) == [], "not on a third and fourth hover of the file"


def test_a_symbol_is_measured_among_memories_not_read_from_git_history(lore):
    """Tasks read from git history (hundreds in a clone) neither take a symbol's nearest places nor make
    the spread a match must stand out of: what is shown on code does not depend on the clone's history."""
    from lore.recall.calibration import nearest_memories, reference_ids

    records = [_add(lore, f"Record {i} about orders", f"Orders rule number {i}.").id for i in range(4)]
    for i in range(20):
        _add(lore, f"Task {i}: place order book entries", f"Changed place() in app/orders.py, step {i}.",
             kind=Kind.TASK, provenance=Provenance(kind=SourceKind.GIT, commit=f"{i:040x}", key=f"c{i}"))
    assert reference_ids(lore) == frozenset(records)
    emb = lore.ready_embedder()
    vector = emb.embed(["OrderBook place order"])[0]
    everyone, spread_all = nearest_memories(lore, vector, emb.model_id, 5)
    only, spread_records = nearest_memories(lore, vector, emb.model_id, 5, among=reference_ids(lore))
    assert {mid for mid, _ in only} == set(records)
    assert any(mid not in records for mid, _ in everyone)
    assert spread_all is not None and spread_records is None, "four memories are too few for a spread"


def test_a_symbols_nearest_record_far_ahead_of_the_next_passes_on_its_lead():
    """LBHackney-IT/remultiform (MIT), 18 memories: `Store` ("A wrapper for an IndexedDB store") sat at 0.61 to the
    IndexedDB record and 0.32 to the next, yet failed the symbol's bar: a record's own subjects filled the small
    sample. A lead of `CLEAR_MARGIN` over the next record, at the floor or above, passes; a close second does not."""
    spreads = {"idb": (0.35, 0.15), "other": (0.30, 0.05)}
    lead = calibrate({"Store": [("idb", 0.61), ("other", 0.32)]}, spreads, {"Store": (0.45, 0.04)},
                     floor=calibration.MEANING_FLOOR)
    assert lead == {"Store": [("idb", 0.61)]}
    close = calibrate({"Store": [("idb", 0.61), ("other", 0.50)]}, spreads, {"Store": (0.45, 0.04)},
                      floor=calibration.MEANING_FLOOR)
    assert close == {}
    # a lead that clear needs `CLEAR_FLOOR` (0.55), under the z-scores' floor: measured as often the labels' there
    assert calibrate({"Store": [("idb", 0.58)]}, spreads, {"Store": (0.45, 0.04)},
                     floor=calibration.MEANING_FLOOR) == {"Store": [("idb", 0.58)]}
    assert calibrate({"Store": [("idb", 0.53)]}, spreads, {"Store": (0.45, 0.04)}, floor=calibration.MEANING_FLOOR) == {}
    assert calibrate({"Store": [("idb", 0.58), ("other", 0.45)]}, spreads, {"Store": (0.45, 0.04)},
                     floor=calibration.MEANING_FLOOR) == {}  # no clear lead under the floor
    # external-secrets/external-secrets (Apache-2.0): one record read as such is every symbol's nearest, ahead of none
    assert calibrate({"Store": [("idb", 0.61)]}, spreads, {"Store": (0.45, 0.04)}, floor=calibration.MEANING_FLOOR,
                     records=1) == {}
