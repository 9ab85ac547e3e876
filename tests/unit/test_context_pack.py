"""Context packs: levels, order, reasons, superseded excluded, budget never exceeded."""

import shutil

import pytest

from lore.context import build_pack
from lore.context.tokens import TokenCounter, estimate, token_counter
from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Kind, Memory, Provenance, Scope, SourceKind
from lore.api import Lore
from lore.recall import Query


@pytest.fixture
def lore(tmp_workspace):
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    add = lambda **kw: lo.add(Memory(**kw)).memory  # noqa: E731
    lo.sym = add(title="ApiClient.get retries twice on 502", kind=Kind.WARNING,
                 anchors=[Anchor.parse("symbol:typescript:client.ApiClient.get")])
    lo.sym.anchors[0].file = "src/api/client.ts"
    lo.update(lo.sym)
    lo.mod = add(title="All HTTP goes through src/api", kind=Kind.DECISION, body="No fetch() elsewhere.",
                 rationale="One place for auth headers.", anchors=[Anchor.parse("src/api/**")])
    lo.proj = add(title="Money is integer cents", kind=Kind.CONVENTION, body="Never floats for money.")
    lo.pref = add(title="Prefer async/await over .then chains", kind=Kind.PREFERENCE, scope=Scope.USER)
    lo.old = add(title="HTTP through axios", kind=Kind.DECISION, anchors=[Anchor.parse("src/api/**")])
    lo.supersede(lo.old.id, [lo.mod.id])
    for i in range(25):
        add(title=f"Filler convention number {i} about formatting of things", kind=Kind.CONVENTION,
            body="Lorem ipsum dolor sit amet " * 8)
    yield lo
    lo.close()


def test_levels_order_and_reasons(lore):
    pack = build_pack(lore, path="src/api/client.ts", budget=4000)
    md = pack.markdown
    assert md.index("## Governing this file") < md.index("## Symbols in this file")
    assert md.index(lore.mod.title) < md.index(lore.sym.title)
    assert lore.pref.title in md  # the user's preferences travel with them
    assert lore.old.title not in md  # superseded memories are never packed
    assert lore.proj.title not in md, "a project-wide rule unrelated to the file is not padding"
    item = next(i for i in pack.items if i.memory.id == lore.mod.id)
    assert item.reasons[0] == "governs the files under `src/api/`"
    assert "about `ApiClient.get` in this file" in md
    assert "One place for auth headers." in md
    symbol = build_pack(lore, path="src/api/client.ts", symbol="client.ApiClient.get", budget=4000).markdown
    assert symbol.index("## This symbol") < symbol.index(lore.sym.title) < symbol.index("## Governing this file")
    assert lore.proj.title in build_pack(lore, budget=4000).markdown  # the project's pack holds project rules


@pytest.mark.parametrize("budget", [60, 120, 300, 800])
def test_budget_holds(lore, budget):
    counter = TokenCounter("estimate")
    pack = build_pack(lore, path="src/api/client.ts", task="add a retry to uploads", budget=budget, counter=counter)
    assert pack.tokens <= budget
    assert counter.count(pack.markdown) == pack.tokens
    if budget >= 300:
        assert pack.items and pack.items[0].memory.id == lore.mod.id  # the governing decision first
    if budget < 300:
        assert pack.left_out > 0
    if budget >= 300:  # the footer states the pack's own count, footer included
        assert f"{len(pack.items)} {'memory' if len(pack.items) == 1 else 'memories'}, {pack.tokens} of {budget} tokens" in pack.markdown


def test_estimate_is_conservative_on_words():
    assert estimate("one two three four") >= 4
    assert estimate("") == 0


def test_export_is_idempotent_and_keeps_the_rest(lore, tmp_workspace):
    from lore.context.export import BEGIN, END, export_agents_md

    target = tmp_workspace / "AGENTS.md"
    target.write_text("# Agents\n\nRun `make test` before pushing.\n")
    lore.add(Memory(title="Errors are wrapped with context", kind=Kind.CONVENTION, scope=Scope.TEAM))
    assert export_agents_md(lore, target, budget=3000) is True
    first = target.read_text()
    assert first.startswith("# Agents\n\nRun `make test` before pushing.\n")
    assert first.count(BEGIN) == 1 and first.count(END) == 1
    assert "Errors are wrapped with context" in first
    assert "Money is integer cents" not in first, "workspace memories are private: not in a committed file"
    assert lore.pref.title not in first, "user memories never go into a repository file"
    assert export_agents_md(lore, target, budget=3000) is False
    assert target.read_text() == first
    lore.add(Memory(title="Feature flags live in flags.yaml", kind=Kind.CONVENTION, scope=Scope.TEAM))
    assert export_agents_md(lore, target, budget=3000) is True
    second = target.read_text()
    assert second.count(BEGIN) == 1 and "Run `make test` before pushing." in second


class _DigitSensitive:
    """Counts words, plus one when the stated count is even: a count whose wording can never be exact."""

    method = "digits"

    def count(self, text: str) -> int:
        import re

        m = re.search(r"(\d+) of 100 tokens", text)
        return len(text.split()) + (1 if m and int(m.group(1)) % 2 == 0 else 0)


def test_footer_states_an_exact_count_or_an_honest_bound():
    from lore.context.pack import _with_footer

    counter = _DigitSensitive()
    footer = lambda stated: f"\n_x, {stated} of 100 tokens (digits); y._\n"  # noqa: E731
    text, total = _with_footer("a b", 2, 100, counter, footer)
    assert "_x, 9 of 100 tokens" in text and total == counter.count(text) == 9
    text, total = _with_footer("a b c", 3, 100, counter, footer)  # 10 reads as 11, 11 as 10
    assert "at most 13 of 100 tokens" in text and total == counter.count(text) == 12
    assert _with_footer("a b c", 3, 11, counter, footer) is None  # over the budget: no footer


def test_a_small_budget_shows_what_governs_the_file_even_when_its_head_is_long(tmp_workspace):
    """An item whose source line and reasons alone are over the per-item share still goes in when
    the rest of the budget holds it (first sentence at least), never "nothing fits"."""
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder()) as lo:
        m = lo.add(Memory(title="All database access goes through the one store class of the project, which wraps "
                                "the driver, its busy timeouts, its transactions and its extension loading",
                          kind=Kind.DECISION, body="Use the store. " + "It wraps the driver with busy timeouts. " * 12,
                          anchors=[Anchor.parse("server/lore/store/db.py")],
                          provenance=Provenance(SourceKind.ADR, "docs/adr/0001-a-rather-long-decision-record-"
                                                "file-name-for-the-store-and-its-driver.md", 1))).memory
        pack = build_pack(lo, path="server/lore/store/db.py", budget=300, code_map=False,
                          counter=TokenCounter("estimate"))
        assert [i.memory.id for i in pack.items] == [m.id], pack.markdown
        assert "Use the store." in pack.markdown and pack.tokens <= 300


def test_the_token_counter_follows_the_model_path_set_now(model_dir, tmp_path, monkeypatch):
    """The counter is the tokenizer of `LORE_MODEL_PATH` as it is at each call: a process that
    counted once with another model path (or none) does not keep that counter."""
    other = tmp_path / "other-model"
    other.mkdir()
    shutil.copy(model_dir / "tokenizer.json", other / "tokenizer.json")
    monkeypatch.setenv("LORE_MODEL_PATH", str(model_dir))
    assert token_counter().method == f"tokenizer:{model_dir.name}"
    monkeypatch.setenv("LORE_MODEL_PATH", str(other))
    assert token_counter().method == "tokenizer:other-model"


def test_a_page_is_not_packed_for_itself(lore):
    """OAI/sig-moonwalk: the pack for `specification/moonwalk-source.md` held that page's own Revision History;
    so a folder's rules file, anchored to its folder, came in the pack for itself. A decision comment stays: it
    speaks of the code beside it."""
    rules = lore.add(Memory(title="Specification pages are written in Respec", kind=Kind.CONVENTION,
                            anchors=[Anchor.parse("spec/**")],
                            provenance=Provenance(kind=SourceKind.RULES_FILE, path="spec/AGENTS.md"))).memory
    comment = lore.add(Memory(title="Keep the table sorted by version", kind=Kind.DECISION,
                              anchors=[Anchor.parse("spec/**")],
                              provenance=Provenance(kind=SourceKind.COMMENT, path="spec/AGENTS.md"))).memory
    beside = {i.memory.id for i in build_pack(lore, path="spec/index.md", budget=4000).items}
    assert {rules.id, comment.id} <= beside
    itself = {i.memory.id for i in build_pack(lore, path="spec/AGENTS.md", budget=4000).items}
    assert comment.id in itself and rules.id not in itself


def test_the_record_about_keeping_records_is_no_topic_of_a_code_file(model_dir, tmp_path):
    """ministryofjustice/laa-court-data-adaptor (MIT): `lore context --file app/services/prosecution_case_recorder.rb`
    gave "1. Record architecture decisions" as "about the same topic", by the word "recorder"."""
    from lore.embedding.embedder import FastEmbedder
    from lore.ingest import run_import
    from tree_files import write

    root = write(tmp_path / "ws", {
        "docs/architecture/decisions/0001-record-architecture-decisions.md": (
            "# 1. Record architecture decisions\n\nDate: 2020-12-08\n\n## Status\n\nAccepted\n\n## Context\n\n"
            "We need to record the architectural decisions made on this project.\n\n## Decision\n\nWe will use "
            "Architecture Decision Records, as [described by Michael Nygard](http://thinkrelevance.com/blog/2011/11/15/"
            "documenting-architecture-decisions).\n\n## Consequences\n\nSee Michael Nygard's article, linked above. "
            "For a lightweight ADR toolset, see Nat Pryce's [adr-tools](https://github.com/npryce/adr-tools).\n"),
        "app/services/prosecution_case_recorder.rb": "class ProsecutionCaseRecorder\n  def call; end\nend\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=FastEmbedder(model_path=str(model_dir))) as lo:
        run_import(lo)
        text = build_pack(lo, path="app/services/prosecution_case_recorder.rb", code_map=False).markdown
        assert "Record architecture decisions" not in text
        assert "Record architecture decisions" in build_pack(lo, task="how do we record decisions").markdown


def test_a_file_reached_by_a_folders_glob_is_said_to_be_under_that_folder_not_by_the_first_anchor(tmp_workspace):
    """trade-tariff/trade-tariff-backend: `…/exchange_rates/exchange_rate_period_list_serializer.rb` read "applies to
    files matching `symbol:ruby:ExchangeRateCountryCurrency`", the record's first anchor, not the glob that placed it."""
    rel = "app/serializers/api/v2/exchange_rates/period_list_serializer.rb"
    (tmp_workspace / rel).parent.mkdir(parents=True)
    (tmp_workspace / rel).write_text("class PeriodListSerializer\nend\n")
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder()) as lo:
        sym = Anchor.parse("symbol:ruby:ExchangeRateCountryCurrency")
        sym.file = "app/models/exchange_rate_country_currency.rb"
        lo.add(Memory(title="Exchange rates by country and currency over time", kind=Kind.DECISION,
                      body="Currencies change per country.", anchors=[sym, Anchor.parse("**/exchange_rates/**")]))
        text = build_pack(lo, path=rel, code_map=False).markdown
    assert "Exchange rates by country" in text and "symbol:ruby" not in text


def test_lore_context_for_a_file_not_in_the_workspace_says_so(tmp_workspace, capsys, monkeypatch):
    """trade-tariff/trade-tariff-backend: two mistyped paths gave governance and no word that no such file exists."""
    from lore.cli.main import main

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    (tmp_workspace / "app").mkdir()
    (tmp_workspace / "app" / "real.rb").write_text("class Real; end\n")
    assert main(["-w", str(tmp_workspace), "context", "--file", "app/real.rb"]) == 0
    assert "not in the workspace" not in capsys.readouterr().err
    assert main(["-w", str(tmp_workspace), "context", "--file", "app/mistyped.rb"]) == 0
    assert "note: app/mistyped.rb is not in the workspace" in capsys.readouterr().err


def test_lore_context_says_its_tokens_once(tmp_workspace, capsys, monkeypatch):
    """alphagov/pay-adminusers: every `lore context` printed its token count twice, in the pack's last line and again
    on stderr."""
    from lore.cli.main import main

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    assert main(["-w", str(tmp_workspace), "context", "--task", "add a queue"]) == 0
    out = capsys.readouterr()
    assert "tokens" in out.out and "tokens" not in out.err


def test_a_change_log_is_no_topic_of_a_code_file(model_dir, tmp_path):
    """hashicorp/terraform-ls: `lore context --file internal/cmd/version_command.go` quoted the change log's
    "0.30.0" section, a release's list of changes, by the words "version" and "command"."""
    from lore.embedding.embedder import FastEmbedder
    from lore.ingest import run_import
    from tree_files import write

    log = "".join(f"## 0.{n}.0 ({n} November 2022)\n\nENHANCEMENTS:\n\n- The `version` command prints the version "
                  f"and the commit of build {n}.\n\n" for n in range(30, 20, -1))
    root = write(tmp_path / "ws", {"CHANGELOG.md": "# Changelog\n\n" + log,
                                   "internal/cmd/version_command.go": "package cmd\n\nfunc VersionCommand() {}\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=FastEmbedder(model_path=str(model_dir))) as lo:
        run_import(lo)
        assert any(h.memory.provenance.path == "CHANGELOG.md" for h in lo.search(Query("version command")))
        text = build_pack(lo, path="internal/cmd/version_command.go", code_map=False).markdown
    assert "CHANGELOG.md" not in text
