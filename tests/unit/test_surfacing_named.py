"""The surfacing policy for records that name a file's symbols (`lore.recall.naming`), for members of
an anchored type, and for meaning-only candidates: a record naming one or two symbols is shown in
their hovers, one naming more is the file's lens, a type's record is not repeated on each
of its members, and only records are shown by naming or meaning. No meaning here (fake embedder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.anchors.symbols import extract_symbols
from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Kind, Memory, Provenance, SourceKind, Status
from lore.recall.calibration import calibrate
from lore.recall.governing import enclosing, governing_at, lens_groups
from lore.recall.naming import identifiers_named, named_in_file, words_in_backticks
from lore.recall.off_code import record_ids

LEDGER_PY = '''\
class LedgerBook:
    """Keeps entries."""

    def post_entry(self, entry):
        return entry

    def size(self):
        return 0


def close_period(day):
    return day


def reopen_period(day):
    return day


def archive_entries(day):
    return day


def archive_entries_nightly():
    return None
'''
PATH = "app/ledger.py"


@pytest.fixture
def lore(tmp_workspace: Path):
    (tmp_workspace / "app").mkdir()
    (tmp_workspace / PATH).write_text(LEDGER_PY)
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    yield lo
    lo.close()


def _symbols():
    return extract_symbols(LEDGER_PY, "python", PATH)


def _adr(lore: Lore, title: str, body: str, **kw) -> Memory:
    kw.setdefault("provenance", Provenance(kind=SourceKind.ADR, path=f"docs/adr/{title[:10]}.md"))
    return lore.add(Memory(title=title, body=body, kind=Kind.DECISION, **kw)).memory


def _named(lore: Lore, version: int = 0) -> dict:
    return named_in_file(lore, _symbols(), version)


def _hover(lore: Lore, line: int, col: int, named: dict, semantic=None) -> list[tuple[str, str]]:
    symbols = _symbols()
    found = governing_at(lore, PATH, enclosing(symbols, line, col), "python", semantic or {}, 0.0, 5,
                         tuple(s.name for s in symbols), tuple(s.qualified_name for s in symbols), named)
    return [(g.memory.id, g.match) for g in found]


def _lenses(lore: Lore, named: dict) -> list[tuple[str | None, list[str]]]:
    return [(g.symbol.name if g.symbol else None, [i.id for i in g.memories])
            for g in lens_groups(lore, PATH, _symbols(), "python", named)]


def test_what_a_text_names_is_code_not_ordinary_words():
    text = ("Periods close with `close_period()`; the `ledger.LedgerBook` keeps them. The Ledger has a Size, "
            "and reopenPeriod is rare. See `src/app/ledger`.")
    assert identifiers_named(text) == {"close_period", "LedgerBook", "reopenPeriod"}
    assert words_in_backticks("Call `Size` once; the `ledger.Book` holds it.") == {"Size", "ledger", "Book"}
    assert not identifiers_named("Call `Size` once.")


def test_a_method_is_named_only_with_its_type(lore):
    alone = _adr(lore, "Posting is checked", "`post_entry` refuses entries of another company.")
    assert _named(lore, 1) == {}, "post_entry alone could be any type's method"
    both = _adr(lore, "Books post once", "`LedgerBook.post_entry` never posts twice.")
    assert _named(lore, 2) == {both.id: ("app.ledger.LedgerBook", "app.ledger.LedgerBook.post_entry")}
    assert alone.id not in _named(lore, 2)


def test_what_sample_code_only_uses_names_nothing_and_what_it_defines_does(lore):
    sample = _adr(lore, "Periods close nightly", "Schedule it like this:\n\n```python\nscheduler.every_night("
                  "close_period, archive_entries)\n```\n\nThe scheduler retries a failed night.\n")
    assert _named(lore, 1) == {}, "the names a sample call passes along are not the record's subject"
    defined = _adr(lore, "Books are kept by one class", "It looks like this:\n\n```python\nclass LedgerBook:\n"
                   "    pass\n```\n")
    assert _named(lore, 2) == {defined.id: ("app.ledger.LedgerBook",)}
    assert sample.id not in _named(lore, 2)


def test_a_name_the_record_says_stays_as_it_is_names_nothing(lore):
    kept = _adr(lore, "Entries are archived nightly", "`archive_entries_nightly` runs at two. The existing "
                "`close_period` logic is unchanged.")
    assert _named(lore) == {kept.id: ("app.ledger.archive_entries_nightly",)}


def test_an_identifier_many_records_name_is_vocabulary_not_a_subject(lore):
    for i in range(3):
        _adr(lore, f"Rule {i}", f"Call `close_period` after step {i}.")
    assert _named(lore) == {}


def test_a_record_naming_one_symbol_is_in_that_symbol_hover_only(lore):
    m = _adr(lore, "Periods close once", "Closing is final: `close_period` refuses a closed day.")
    named = _named(lore)
    assert named == {m.id: ("app.ledger.close_period",)}
    assert _lenses(lore, named) == [], "naming is not an anchor: no lens"
    assert _hover(lore, 10, 5, named) == [(m.id, "named")]
    assert _hover(lore, 14, 5, named) == [] and _hover(lore, 0, 8, named) == []


def test_a_record_naming_many_symbols_of_a_file_is_its_lens_not_every_hover(lore):
    m = _adr(lore, "Periods are immutable", "Use `close_period`, `reopen_period` and `archive_entries` only.")
    named = _named(lore)
    assert _lenses(lore, named) == [(None, [m.id])]
    assert all(_hover(lore, line, 5, named) == [] for line in (10, 14, 18))


def test_only_records_name_symbols(lore):
    comment = Provenance(kind=SourceKind.COMMENT, path="app/other.py")
    guide = Provenance(kind=SourceKind.RULES_FILE, path="AGENTS.md", key="ledger")
    lore.add(Memory(title="Note", body="`close_period` is slow.", kind=Kind.WARNING, provenance=comment))
    lore.add(Memory(title="Ledger: periods", body="Call `reopen_period` with care.", kind=Kind.CONVENTION,
                    provenance=guide))
    old = _adr(lore, "Old rule", "`archive_entries` deletes.", status=Status.DEPRECATED)
    assert _named(lore) == {}
    assert old.id in record_ids(lore)


def test_the_index_follows_the_memories_version(lore):
    assert _named(lore, 1) == {}
    m = _adr(lore, "Reopening needs approval", "`reopen_period` asks a second person.")
    assert _named(lore, 1) == {}, "same version: the index is reused"
    assert _named(lore, 2) == {m.id: ("app.ledger.reopen_period",)}


def test_a_type_record_shows_on_the_type_and_on_its_members_only_where_it_names_them(lore):
    at = [Anchor("symbol", "LedgerBook", language="python", file=PATH)]
    m = _adr(lore, "One ledger per company", "The book is never shared.", anchors=at)
    assert _hover(lore, 0, 8, {}) == [(m.id, "symbol")]
    assert _hover(lore, 3, 9, {}) == [] and _hover(lore, 6, 9, {}) == [], "members it does not name"
    named = _adr(lore, "Posting checks the company", "`post_entry` refuses another company's entry.",
                 anchors=at)
    assert (named.id, "named") in _hover(lore, 3, 9, {})
    assert [(g.symbol.name, {i.id for i in g.memories}) for g in lens_groups(lore, PATH, _symbols(), "python")] \
        == [("LedgerBook", {m.id, named.id})]


def test_meaning_matches_skip_what_the_lens_or_a_symbol_already_shows(lore):
    m = _adr(lore, "Periods close once", "`close_period` refuses a closed day.")
    named = _named(lore)
    assert _hover(lore, 14, 5, named, {"app.ledger.reopen_period": [(m.id, 0.9)]}) == []


def test_a_symbol_keeps_the_one_memory_that_stands_out_on_it_most():
    spreads = {"a": (0.2, 0.05), "b": (0.3, 0.05)}
    kept = calibrate({"f": [("b", 0.55), ("a", 0.52)]}, spreads)
    assert kept == {"f": [("a", 0.52)]}, "a stands 6.4 deviations out, b 5: one explanation per symbol"


def test_a_symbol_whose_name_holds_a_named_identifier_is_its_subject(lore):
    m = _adr(lore, "Archiving keeps a copy", "`archive_entries` copies before it deletes; "
             "`archive_entries` never runs twice at once.")
    assert _named(lore) == {m.id: ("app.ledger.archive_entries", "app.ledger.archive_entries_nightly")}
    from lore.recall.naming import name_parts

    assert name_parts("ProcessProposalHandler") == {"ProcessProposalHandler", "ProcessProposal", "ProposalHandler"}
    assert "close" not in name_parts("close_period") and "Handler" not in name_parts("ProposalHandler")


def test_an_identifier_written_once_names_its_symbol_not_the_names_made_from_it(lore):
    """A type given once, as an example, is not the subject of everything named after it."""
    once = _adr(lore, "Archiving keeps a copy", "Jobs such as `archive_entries` copy before they delete.")
    assert _named(lore) == {once.id: ("app.ledger.archive_entries",)}


def test_a_link_to_the_code_is_no_second_writing_of_the_name_beside_it(lore):
    # Sylius/Sylius' adr/2020_03_03_api_product_option_values.md (MIT): "(e.g. be [related with](…/ProductVariant.php#L44)
    # `ProductVariant`)" writes the type once; `ProductVariantGenerator` is no subject of it.
    link = "[related with](https://github.com/o/ledger/blob/main/app/archive_entries.py#L4)"
    once = _adr(lore, "Archiving keeps a copy", f"Jobs (e.g. {link} `archive_entries`) copy before they delete.")
    assert _named(lore) == {once.id: ("app.ledger.archive_entries",)}


def test_an_identifier_in_the_title_names_the_names_made_from_it(lore):
    m = _adr(lore, "archive_entries keeps a copy", "It copies before it deletes.")
    assert _named(lore) == {m.id: ("app.ledger.archive_entries", "app.ledger.archive_entries_nightly")}


def test_a_record_listing_a_whole_api_names_none_of_it_as_its_subject(lore):
    from lore.recall.naming import SURVEY

    api = ", ".join(f"`call_number_{i}`" for i in range(SURVEY))
    _adr(lore, "The client API", f"The client offers {api} and `close_period`.")
    assert _named(lore) == {}


def test_a_proposal_names_only_the_symbols_it_is_anchored_to(lore):
    loose = _adr(lore, "Draft: cache periods", "Cache what `close_period` and `reopen_period` return.",
                 status=Status.PROPOSED)
    tied = _adr(lore, "Draft: archive nightly", "`archive_entries_nightly` runs at 2am.", status=Status.PROPOSED,
                anchors=[Anchor("symbol", "archive_entries_nightly", language="python", file=PATH)])
    assert _named(lore) == {tied.id: ("app.ledger.archive_entries_nightly",)}
    assert loose.id not in _named(lore)


def test_a_name_the_workspace_defines_in_many_files_is_vocabulary_not_a_subject(tmp_workspace: Path):
    files = {f"components/c{i}/factory.go": f"package c{i}\n\nfunc NewFactory() int {{ return {i} }}\n" for i in range(5)}
    files["components/c0/wrap.go"] = "package c0\n\nfunc WrapFactory() int { return 0 }\n"
    files["docs/adr/0011-facades.md"] = ("# 11. Facades\n\n## Status\n\nAccepted\n\n## Decision\n\n"
                                         "Each facade is `var NewFactory = impl.NewFactory`; telemetry goes through "
                                         "`WrapFactory`.\n")
    from tree_files import write

    ws = write(tmp_workspace, files)
    lo = Lore(ws, user_db=False, embedder=HashEmbedder())
    from lore.ingest import run_import

    run_import(lo)
    (adr,) = [m for m in lo.list(limit=20) if m.title.startswith("11.")]
    assert adr.meta.get("widespread_names") == ["NewFactory"]
    text = (ws / "components/c1/factory.go").read_text()
    assert named_in_file(lo, extract_symbols(text, "go", "components/c1/factory.go"), 1) == {}
    text = (ws / "components/c0/wrap.go").read_text()
    assert adr.id in named_in_file(lo, extract_symbols(text, "go", "components/c0/wrap.go"), 1)
    lo.close()


def test_a_name_is_about_what_it_begins_with_or_what_verbs_act_on_not_what_a_noun_qualifies(tmp_workspace: Path):
    code = ("class PublishableEntity:\n    pass\n\n\nclass PublishableEntityVersion:\n    pass\n\n\n"
            "def create_publishable_entity():\n    pass\n\n\nclass CollectionPublishableEntity:\n    pass\n\n\n"
            "def NewPublishableEntity():\n    pass\n")
    (tmp_workspace / "app").mkdir()
    (tmp_workspace / "app" / "pub.py").write_text(code)
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder()) as lo:
        m = _adr(lo, "Containers", "A container marks any `PublishableEntity`; every PublishableEntity has versions.")
        named = named_in_file(lo, extract_symbols(code, "python", "app/pub.py"), 0)
    assert named == {m.id: ("app.pub.PublishableEntity", "app.pub.PublishableEntityVersion",
                            "app.pub.NewPublishableEntity")}
    from lore.recall.naming import extends

    assert extends("get_job_cache", "job_cache") and not extends("expire_invitations_after", "invitations_after")
    # openedx/edx-enterprise (AGPL-3.0): the toggle `enterprise_customer_support_tool` is a tool, not the
    # `enterprise_customer` its record writes; a name that is mostly the part, or the part and a role, is about it
    assert not extends("enterprise_customer_support_tool", "enterprise_customer")
    assert not extends("enterprise_admin_onboarding_enabled", "enterprise_admin")
    assert extends("ProcessProposalHandler", "ProcessProposal") and extends("expire_invitations_after", "expire_invitations")
    assert extends("EnterpriseCustomerAdminView", "EnterpriseCustomer")  # a role's word last
    assert extends("ProcessNextRequestFactory", "ProcessNext") and extends("CourseCertificateViewSet", "CourseCertificate")
    assert extends("DataSourcesConfigurationExtensions", "DataSources")
    # openedx/license-manager (AGPL-3.0): the error raised about a customer agreement is not the model its record adds
    assert not extends("CustomerAgreementError", "CustomerAgreement") and not extends("RenewalException", "Renewal")


EXCEPTION_CS = '''\
namespace Shop.Domain
{
    public class BusinessRuleValidationException : Exception
    {
        public BusinessRuleValidationException(IBusinessRule brokenRule)
            : base(brokenRule.Message)
        {
        }

        public override string ToString()
        {
            return "broken";
        }
    }
}
'''


def test_a_types_record_is_not_shown_again_on_its_constructor(tmp_workspace: Path):
    # kgrzybek/modular-monolith-with-ddd's BuildingBlocks/Domain (MIT): a C# constructor is named as its class, and
    # the record anchored to the class (and naming it) was the class's lens and again the constructor's.
    rel = "src/Domain/BusinessRuleValidationException.cs"
    (tmp_workspace / "src/Domain").mkdir(parents=True)
    (tmp_workspace / rel).write_text(EXCEPTION_CS)
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        at = [Anchor("symbol", "BusinessRuleValidationException", language="csharp", file=rel)]
        m = _adr(lo, "Protect business invariants using exceptions",
                 "A broken rule throws `BusinessRuleValidationException`.", anchors=at)
        symbols = extract_symbols(EXCEPTION_CS, "csharp", rel)
        assert [s.qualified_name for s in symbols][:2] == ["BusinessRuleValidationException",
                                                          "BusinessRuleValidationException.BusinessRuleValidationException"]
        named = named_in_file(lo, symbols, 0)
        groups = lens_groups(lo, rel, symbols, "csharp", named)
        assert [(g.symbol.qualified_name, [i.id for i in g.memories]) for g in groups] == \
            [("BusinessRuleValidationException", [m.id])]

        def hover(line: int, col: int) -> list[str]:
            found = governing_at(lo, rel, enclosing(symbols, line, col), "csharp", {}, 0.0, 5,
                                 tuple(s.name for s in symbols), tuple(s.qualified_name for s in symbols), named)
            return [g.memory.id for g in found]

        assert hover(2, 20) == [m.id]
        assert hover(4, 20) == [], "the constructor is the class's"
    finally:
        lo.close()


def test_a_deprecation_on_the_file_is_not_shown_on_the_replacement_it_names(lore):
    """negation-game's `POINT_MAX_LENGTH = 160; // Deprecated, use getPointMaxLength() instead`: the warning is
    about the constant (no symbol: its file), not about the function it points to, whose hover it stayed on."""
    comment = Provenance(kind=SourceKind.COMMENT, path=PATH, line=1)
    old = lore.add(Memory(title="LIMIT is deprecated: use close_period() instead", body="use close_period() instead",
                          kind=Kind.WARNING, provenance=comment, anchors=[Anchor("path", PATH)],
                          tags=["comment", "deprecated"], meta={"marker": "deprecated", "symbol": "LIMIT"})).memory
    hack = lore.add(Memory(title="close_period() runs twice on a leap day", body="", kind=Kind.WARNING,
                           provenance=Provenance(kind=SourceKind.COMMENT, path=PATH, line=2),
                           anchors=[Anchor("path", PATH)], tags=["comment", "hack"],
                           meta={"marker": "HACK", "symbol": "file"})).memory
    named = _named(lore)
    assert _hover(lore, 10, 5, named) == [(hack.id, "named")]
    assert old.id in {i for _, ids in _lenses(lore, named) for i in ids}
