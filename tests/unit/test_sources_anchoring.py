"""Anchors derived from what decisions name: sub-project paths, Go import paths, specific identifiers;
and a person's choices about them kept across imports."""

import json

import pytest

from lore.anchors.choices import change_anchors, views
from lore.cli.main import main
from lore.embedding.embedder import HashEmbedder
from lore.api import Lore
from lore.ingest import run_import
from lore.memory import Memory, ValidationError
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# From Unleash's contributing/ADRs/front-end (tests/fixtures/corpora/Unleash__unleash, Apache-2.0).
SDK_GENERATOR = (
    "Types have not been updated in a while, and even some new features rely on hard-coded types instead of "
    "auto-generated files in `src/openapi`. Fetchers and actions in the frontend involve custom-built code that "
    "is grouped in the `src/hooks/api` folder. API actions (POST/PUT/DELETE) are grouped by feature and are "
    "exposed to components reliant on `useAPI` hook.\n")
JSX = "5. Utilities and components used in many places (`/src/component/common`).\n"
# From celestia-app's docs/architecture/adr-010 (tests/fixtures/corpora/celestiaorg__celestia-app, Apache-2.0).
CELESTIA = (
    "2. Implement a [`ValidateBlobTx`](https://github.com/celestiaorg/celestia-app/blob/74a3e4ba/x/blob/types/"
    "blob_tx.go#L37) that checks the blob.\nThe module `github.com/celestiaorg/celestia-app/x/blob` keeps "
    "`MsgPayForBlobs` small.\n")


def texts(found):
    return sorted(f"{d.anchor.to_text()}@{d.anchor.file}" if d.anchor.file else d.anchor.to_text() for d in found)


@pytest.fixture
def unleash(tmp_workspace):
    return write(tmp_workspace, {
        "package.json": json.dumps({"name": "unleash-server"}),
        "frontend/package.json": json.dumps({"name": "unleash-frontend"}),
        "frontend/src/openapi/models/index.ts": "export * from './x';\n",
        "frontend/src/hooks/api/actions/useApi/useApi.ts": "export const useAPI = () => {};\n",
        "frontend/src/component/common/Button.tsx": "export const Button = () => null;\n",
        "src/lib/features/segment/segment-read-model.ts": "export class SegmentReadModel {}\n",
        "src/lib/server-impl.ts": "export class Config {}\n",
        ".gitignore": "ignored/\n",
        "ignored/src/hooks/api/x.ts": "export const y = 1;\n",
    })


def test_paths_relative_to_a_sub_project_resolve_under_it(unleash):
    found = derive_anchors(SDK_GENERATOR + JSX, "contributing/ADRs/front-end/sdk-generator.md", AnchorContext(unleash))
    assert texts(found) == [
        "frontend/src/component/common/**", "frontend/src/hooks/api/**", "frontend/src/openapi/**",
        "symbol:typescript:useAPI@frontend/src/hooks/api/actions/useApi/useApi.ts"]
    assert {d.why for d in found} >= {"names `src/hooks/api` (frontend/src/hooks/api)", "names `useAPI`"}


def test_a_path_in_the_workspace_root_wins_over_sub_projects(unleash):
    (unleash / "frontend/src/lib/features").mkdir(parents=True)
    found = derive_anchors("Features live in `src/lib/features`.", "docs/adr/1.md", AnchorContext(unleash))
    assert texts(found) == ["src/lib/features/**"]


def test_go_import_paths_and_links_to_the_repository_resolve(tmp_workspace):
    ws = write(tmp_workspace, {
        "go.mod": "module github.com/celestiaorg/celestia-app/v10\n\ngo 1.23\n",
        "x/blob/types/blob_tx.go": "package types\n\nfunc ValidateBlobTx() error { return nil }\n",
        "x/blob/types/payforblob.go": "package types\n\ntype MsgPayForBlobs struct{}\n",
        "x/blob/keeper/keeper.go": "package keeper\n\ntype Keeper struct{}\n",
    })
    found = derive_anchors(CELESTIA, "docs/architecture/adr-010.md", AnchorContext(ws))
    assert texts(found) == [
        "symbol:go:MsgPayForBlobs@x/blob/types/payforblob.go", "symbol:go:ValidateBlobTx@x/blob/types/blob_tx.go",
        "x/blob/**", "x/blob/types/blob_tx.go"]


def test_a_prose_path_whose_underscore_markdown_escapes_anchors_the_path(tmp_workspace):
    # cloudfoundry/bosh-bootloader's docs/architecture/decisions/0002 (Apache-2.0): "the terraform binary in
    # terraform/binary\_dist/"; in backticks a backslash is the path's own.
    ws = write(tmp_workspace, {"terraform/binary_dist/embed.go": "package binary_dist\n",
                               "bosh/deployments/embed.go": "package deployments\n"})
    text = "# 2. Replace go-bindata with packr2\n\nWe ship the terraform binary in terraform/binary\\_dist/ and bosh/deployments/.\n"
    assert texts(derive_anchors(text, "docs/adr/0002.md", AnchorContext(ws))) == ["bosh/deployments/**", "terraform/binary_dist/**"]
    coded = text.replace("terraform/binary\\_dist/", "`terraform/binary\\_dist/`")
    assert texts(derive_anchors(coded, "docs/adr/0002.md", AnchorContext(ws))) == ["bosh/deployments/**"]


def test_a_file_path_whose_first_folder_was_renamed_anchors_the_one_file_it_became(tmp_workspace):
    # gardenlinux/gardenlinux's docs/architecture/decisions/0022 (MIT) writes `tests-ng/util/sysdiff.py`; the folder
    # is `tests/` now. A rest of the path two files end with, or a first folder still there, anchors nothing.
    ws = write(tmp_workspace, {"tests/util/sysdiff.py": "def diff():\n    pass\n",
                               "tests/plugins/sysdiff.py": "def plugin():\n    pass\n",
                               "src/util/report.py": "x = 1\n", "lib/util/report.py": "x = 1\n"})
    text = "# 22. System state diffing\n\nThe python script in `tests-ng/util/sysdiff.py` compares states.\n"
    assert texts(derive_anchors(text, "docs/adr/0022.md", AnchorContext(ws))) == ["tests/util/sysdiff.py"]
    for written in ("`old/util/report.py`", "`src/util/sysdiff.py`"):
        other = text.replace("`tests-ng/util/sysdiff.py`", written)
        assert texts(derive_anchors(other, "docs/adr/0022.md", AnchorContext(ws))) == []


def test_a_named_python_class_anchors_to_its_file_and_symbol(tmp_workspace):
    ws = write(tmp_workspace, {
        "billing/pyproject.toml": "[project]\nname = 'billing'\n",
        "billing/src/shop/ledger.py": "class InvoiceLedger:\n    def post(self):\n        pass\n",
        "billing/src/shop/__init__.py": "",
    })
    found = derive_anchors("All postings go through the InvoiceLedger and `InvoiceLedger.post`.", "docs/adr/2.md",
                           AnchorContext(ws))
    assert texts(found) == ["symbol:python:billing.src.shop.ledger.InvoiceLedger.post@billing/src/shop/ledger.py",
                            "symbol:python:billing.src.shop.ledger.InvoiceLedger@billing/src/shop/ledger.py"]


def test_ambiguous_and_common_names_anchor_nothing(tmp_workspace):
    files = {f"svc{i}/retry.go": "package x\n\ntype RetryPolicy struct{}\ntype Config struct{}\n" for i in range(4)}
    files["lib/handler.py"] = "class Handler:\n    pass\n"
    files["lib/tests/test_cache.py"] = "class FakeCacheStore:\n    pass\n"
    files["lib/one.go"] = "package lib\n\nfunc (s *Server) StartServing() {}\nfunc (c *Client) StartServing() {}\n"
    files["lib/two.go"] = "package lib\n\nfunc (p *Peer) StartServing() {}\n"
    ws = write(tmp_workspace, files)
    text = "Use `RetryPolicy`, `Config`, the Handler, `FakeCacheStore`, `Approved` and `StartServing`."
    assert derive_anchors(text, "docs/adr/3.md", AnchorContext(ws)) == []


def test_dropped_anchors_stay_dropped_and_added_ones_stay_across_imports(unleash):
    adr = unleash / "contributing/ADRs/front-end/sdk-generator.md"
    adr.parent.mkdir(parents=True)
    adr.write_text("# SDK generator\n\n## Status\n\nAccepted\n\n## Decision\n\n" + SDK_GENERATOR)
    lore = Lore(unleash, user_db=False, embedder=HashEmbedder())
    run_import(lore, settings=None)
    (m, _), = lore.memories_at("frontend/src/hooks/api/actions/useApi/useApi.ts")
    assert {v.state for v in views(m)} == {"derived"}
    change_anchors(lore, m.id, drop=["frontend/src/openapi/**"], add=["src/lib/**"],
                   confirm=["frontend/src/hooks/api/**"])
    adr.write_text(adr.read_text() + "\nWe will deprecate `src/interfaces`.\n")
    (unleash / "frontend/src/interfaces").mkdir()
    run_import(lore)
    states = {v.key: v.state for v in views(lore.get(m.id))}
    assert "frontend/src/openapi/**" not in states
    assert states["src/lib/**"] == "added" and states["frontend/src/hooks/api/**"] == "confirmed"
    assert states["frontend/src/interfaces/**"] == "derived"
    assert lore.memories_at("frontend/src/openapi/models/index.ts") == []
    lore.close()


def _read_models(workspace) -> tuple[Lore, Memory]:
    """A workspace with one record naming `SegmentReadModel`, imported: (its Lore, the record)."""
    adr = workspace / "docs/adr/0001-read-models.md"
    adr.parent.mkdir(parents=True)
    adr.write_text("# 1. Read models\n\n## Status\n\nAccepted\n\n## Decision\n\nQueries go through `SegmentReadModel`.\n")
    lore = Lore(workspace, user_db=False, embedder=HashEmbedder())
    run_import(lore)
    (m, _), = lore.memories_at("src/lib/features/segment/segment-read-model.ts", ["SegmentReadModel"], "typescript")
    return lore, m


def test_an_added_anchor_taken_back_goes_without_being_dropped(unleash):
    lore, m = _read_models(unleash)
    change_anchors(lore, m.id, add=["src/lib/features/**"])
    assert {v.key: v.state for v in views(lore.get(m.id))}["src/lib/features/**"] == "added"
    back = change_anchors(lore, m.id, take_back=["src/lib/features/**"])
    assert "src/lib/features/**" not in {v.key for v in views(back)}
    assert "anchors_dropped" not in back.meta and "anchors_added" not in back.meta
    run_import(lore)
    assert {v.state for v in views(lore.get(m.id))} == {"derived"}
    with pytest.raises(ValidationError):
        change_anchors(lore, m.id, take_back=["nowhere/**"])
    lore.close()


def test_the_cli_lists_and_changes_anchors(unleash, capsys):
    lore, m = _read_models(unleash)
    mid = m.id
    lore.close()
    assert main(["-w", str(unleash), "anchors", mid]) == 0
    shown = capsys.readouterr().out
    assert "derived" in shown and "names `SegmentReadModel`" in shown
    assert main(["-w", str(unleash), "anchors", mid, "--drop", "symbol:typescript:SegmentReadModel", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["anchors"] == [] and data["dropped"] == [
        "symbol:typescript:SegmentReadModel@src/lib/features/segment/segment-read-model.ts"]
    assert main(["-w", str(unleash), "anchors", mid, "--drop", "nowhere/**"]) != 0


def test_a_team_file_keeps_its_dropped_anchors(tmp_workspace):
    from lore.team import files as teamfiles
    from lore.memory import Anchor, Memory, Scope

    m = Memory(title="Read models", scope=Scope.TEAM, anchors=[Anchor.parse("src/**")])
    m.meta["anchors_dropped"] = ["src/lib/**"]
    back = teamfiles.parse(teamfiles.render(m), ".lore/memories/read-models.md")
    assert back.meta["anchors_dropped"] == ["src/lib/**"] and [a.to_text() for a in back.anchors] == ["src/**"]


# From celestia-app's docs/architecture/adr-022, adr-018 and adr-002 (tests/fixtures/corpora/celestiaorg__celestia-app).
HOOKS = ("`InitGenesis`, `BeginBlock` and `EndBlock` will only be called for the modules that belong to the "
         "current version of the application.\n")
UPGRADE = ("Again after a quorum is reached and some grace period, the `upgrade` module would trigger the app "
           "version change in `EndBlock`.\n")
QGB = "Then, using `EndBlocker()`, the protocol makes a `ValsetRequest`.\n"


@pytest.fixture
def cosmos(tmp_workspace):
    return write(tmp_workspace, {
        "go.mod": "module github.com/celestiaorg/celestia-app/v10\n\ngo 1.23\n",
        "x/upgrade/keeper/keeper.go": "package keeper\n\ntype Keeper struct{}\n\n"
                                      "func (k Keeper) EndBlock(ctx int) error { return nil }\n"
                                      "func (k Keeper) InitGenesis(ctx int) {}\n",
        "x/mint/module.go": "package mint\n\ntype AppModule struct{}\n\nfunc (am AppModule) BeginBlock(ctx int) {}\n",
        "x/qgb/abci.go": "package qgb\n\nfunc EndBlocker(ctx int) {}\n",
    })


def test_a_framework_hook_named_alone_anchors_no_method_that_happens_to_define_it(cosmos):
    assert derive_anchors(HOOKS, "docs/architecture/adr-022.md", AnchorContext(cosmos)) == []


def test_a_method_anchors_when_its_package_or_type_is_named_near_it(cosmos):
    found = derive_anchors(UPGRADE, "docs/architecture/adr-018.md", AnchorContext(cosmos))
    assert "symbol:go:Keeper.EndBlock@x/upgrade/keeper/keeper.go" in texts(found)
    found = derive_anchors("The Keeper runs `EndBlock` once a block.", "docs/adr/9.md", AnchorContext(cosmos))
    assert texts(found) == ["symbol:go:Keeper.EndBlock@x/upgrade/keeper/keeper.go"]


def test_a_long_method_name_one_file_defines_anchors_alone(tmp_workspace):
    """cosmos/interchain-security (Apache-2.0) defines nearly every function of its modules as a method of `Keeper`,
    which no record writes: ADR 002 names `CheckForSlashMeterReplenishment()` and anchored nothing. A name of three or
    more words that one file of the code defines is that method; a short hook, or one a test alone defines, is not."""
    ws = write(tmp_workspace, {
        "x/ccv/provider/keeper/throttle.go": "package keeper\n\ntype Keeper struct{}\n\n"
                                             "func (k Keeper) CheckForSlashMeterReplenishment(ctx int) {}\n"
                                             "func (k Keeper) EndBlock(ctx int) {}\n",
        "x/ccv/provider/keeper/throttle_test.go": "package keeper\n\ntype Suite struct{}\n\n"
                                                  "func (s Suite) ReplenishAllSlashMeters() {}\n",
    })
    text = ("# 2. Throttle\n\nOnce a block `CheckForSlashMeterReplenishment()` refills the meter, from `EndBlock`; "
            "`ReplenishAllSlashMeters` checks it.\n")
    assert texts(derive_anchors(text, "docs/adr/002.md", AnchorContext(ws))) == [
        "symbol:go:Keeper.CheckForSlashMeterReplenishment@x/ccv/provider/keeper/throttle.go"]


def test_a_function_defined_once_still_anchors_alone(cosmos):
    found = derive_anchors(QGB, "docs/architecture/adr-002.md", AnchorContext(cosmos))
    assert "symbol:go:EndBlocker@x/qgb/abci.go" in texts(found)


def test_a_folder_of_many_files_anchors_only_when_a_heading_names_it(tmp_workspace):
    files = {f"app/models/m{i}.rb": "class M; end\n" for i in range(31)}
    files["app/models/concerns/edition/workflow.rb"] = "module Workflow; end\n"
    ws = write(tmp_workspace, files)
    text = "# 7. Edition workflow\n\nWorkflow code lives in `app/models/` and `app/models/concerns/edition`.\n"
    assert texts(derive_anchors(text, "docs/adr/7.md", AnchorContext(ws))) == ["app/models/concerns/edition/**"]
    titled = "# 8. Everything in app/models\n\nSee `app/models/`.\n"
    assert texts(derive_anchors(titled, "docs/adr/8.md", AnchorContext(ws))) == ["app/models/**"]
    sub = "# 9. Edition\n\n### The app/models/concerns package\n\nSee `app/models/`.\n"  # names a folder inside it
    assert "app/models/**" not in texts(derive_anchors(sub, "docs/adr/9.md", AnchorContext(ws)))


def test_folders_holding_many_files_together_anchor_only_those_a_heading_names(tmp_workspace):
    """Shaped on ClickHouse/terraform-provider-clickhouse's docs/rfcs/0001 (Apache-2.0): a proposal to regroup the
    code names the packages it moves, each under the cap alone (27 and 26 files), 68 together; it showed on
    every file of them. Its files are kept."""
    files = {f"internal/service/clickstack/r{i}.go": "package clickstack\n" for i in range(20)}
    files |= {f"internal/service/clickstack/r{i}_test.go": "package clickstack\n" for i in range(20)}
    files |= {f"internal/api/c{i}.go": "package api\n" for i in range(14)}
    files |= {"internal/provider/provider.go": "package provider\n", "internal/project/project.go": "package project\n"}
    ws = write(tmp_workspace, files)
    body = ("Move `internal/service/clickstack` and `internal/api` beside `internal/project`; "
            "see `internal/provider/provider.go`.\n")
    text = "# RFC 1: Consolidate the providers\n\n## Migration phases\n\n" + body
    assert texts(derive_anchors(text, "docs/rfcs/0001.md", AnchorContext(ws), proposal=True)) == [
        "internal/provider/provider.go"]
    headed = "# RFC 1: Consolidate the providers\n\n## Moving `internal/api`\n\n" + body
    assert texts(derive_anchors(headed, "docs/rfcs/0001.md", AnchorContext(ws))) == [
        "internal/api/**", "internal/provider/provider.go"]
    decided = "# 2. Service groups\n\n## Decision\n\nGroups live in `internal/service/clickstack`.\n\n## Context\n\n" + body
    assert texts(derive_anchors(decided, "docs/adr/0002.md", AnchorContext(ws))) == [
        "internal/provider/provider.go", "internal/service/clickstack/**"]
    few = "# 3. Projects\n\n`internal/project` and `internal/api` hold the client.\n"
    assert texts(derive_anchors(few, "docs/adr/0003.md", AnchorContext(ws))) == ["internal/api/**", "internal/project/**"]


def test_a_heading_naming_a_sub_package_does_not_name_the_broad_package(tmp_workspace):
    """Shaped on BrighterCommand/Brighter's docs/adr/0053 (MIT): "Core Abstractions (Package:
    `Paramore.Brighter.BoxProvisioning`)" made the whole core package, `Paramore.Brighter`, its subject."""
    files = {f"src/Paramore.Brighter/C{i}.cs": f"namespace Paramore.Brighter {{ public class C{i} {{ }} }}\n"
             for i in range(40)}
    files["src/Paramore.Brighter.BoxProvisioning/BoxTableState.cs"] = "namespace X { public class BoxTableState { } }\n"
    ws = write(tmp_workspace, files)
    text = ("# 53. Box Database Migration\n\n## Decision\n\n### Core Abstractions (Package: "
            "`Paramore.Brighter.BoxProvisioning`)\n\nBuilt on `Paramore.Brighter`.\n")
    assert texts(derive_anchors(text, "docs/adr/0053.md", AnchorContext(ws))) == ["src/Paramore.Brighter.BoxProvisioning/**"]


def test_a_folder_of_many_instances_of_the_decided_kind_anchors_those_instances(tmp_workspace):
    files = {f"app/interactors/things/do{i}_interactor.rb": "class X; end\n" for i in range(35)}
    files["app/interactors/application_interactor.rb"] = "class ApplicationInteractor; end\n"
    files.update({f"app/models/m{i}.rb": "class M; end\n" for i in range(35)})
    ws = write(tmp_workspace, files)
    about = ("# 11. Business logic out of controllers\n\nWe use interactors. Interactors are stored in the "
             "`app/interactors` directory. Each interactor class name is suffixed with Interactor.\n")
    assert texts(derive_anchors(about, "docs/adr/11.md", AnchorContext(ws))) == ["app/interactors/**/*_interactor.rb"]
    in_passing = "# 12. Caching\n\nThe cache is read by `app/interactors` code.\n"
    assert texts(derive_anchors(in_passing, "docs/adr/12.md", AnchorContext(ws))) == []
    layer = "# 7. Minimal model\n\nA model is a class in `app/models`. Every model persists; models have ids.\n"
    assert texts(derive_anchors(layer, "docs/adr/7.md", AnchorContext(ws))) == []


def test_a_call_in_a_code_block_on_an_instance_named_for_a_type_anchors_that_method(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/lib/services/openapi-service.ts": (
            "export class OpenApiService {\n  validPath(op: object) {\n    return op;\n  }\n}\n"),
        "src/lib/services/other.ts": "export class Service {\n  validPath(op: object) {\n    return op;\n  }\n}\n",
    })
    example = "# Versions\n\nEach endpoint declares a release.\n\n```ts\nopenApiService.validPath({\n  release: {},\n})\n```\n"
    assert texts(derive_anchors(example, "docs/adr/v.md", AnchorContext(ws))) == [
        "symbol:typescript:OpenApiService.validPath@src/lib/services/openapi-service.ts"]
    generic = "# Versions\n\n```ts\nservice.validPath({})\nk.EndBlocker(ctx)\n```\n"
    assert texts(derive_anchors(generic, "docs/adr/w.md", AnchorContext(ws))) == []


def test_a_proposal_keeps_only_its_sure_anchors(tmp_workspace):
    ws = write(tmp_workspace, {
        "fibre/payment_promise.go": "package fibre\n\ntype PaymentPromise struct{}\n",
        "fibre/state/client.go": "package state\n\ntype PaymentPromise struct{}\n",
        "x/fibre/keeper/cache.go": "package keeper\n\nfunc ValidatePaymentPromise() {}\n",
    })
    text = "# 25. Promise cache\n\nCache each `PaymentPromise` that `ValidatePaymentPromise` accepts.\n"
    ctx = AnchorContext(ws)
    both = ["symbol:go:PaymentPromise@fibre/payment_promise.go", "symbol:go:PaymentPromise@fibre/state/client.go",
            "symbol:go:ValidatePaymentPromise@x/fibre/keeper/cache.go"]
    assert texts(derive_anchors(text, "docs/adr-025.md", ctx)) == both
    assert texts(derive_anchors(text, "docs/adr-025.md", ctx, proposal=True)) == [
        "symbol:go:ValidatePaymentPromise@x/fibre/keeper/cache.go"]


def test_the_import_reads_a_proposed_record_as_a_proposal(tmp_workspace):
    ws = write(tmp_workspace, {
        "fibre/payment_promise.go": "package fibre\n\ntype PaymentPromise struct{}\n",
        "fibre/state/client.go": "package state\n\ntype PaymentPromise struct{}\n",
        "docs/adr/0025-promise-cache.md": "# 25. Promise cache\n\n## Status\n\nProposed\n\n## Decision\n\n"
                                          "Cache each `PaymentPromise` once.\n",
        "docs/adr/0026-promise-log.md": "# 26. Promise log\n\n## Status\n\nAccepted\n\n## Decision\n\n"
                                        "Log each `PaymentPromise` once.\n",
    })
    lore = Lore(ws, user_db=False, embedder=HashEmbedder())
    run_import(lore)
    by_title = {m.title: m for m in lore.list(limit=50)}
    assert by_title["25. Promise cache"].anchors == []
    assert len(by_title["26. Promise log"].anchors) == 2
    lore.close()


def test_a_documentation_page_read_as_a_decision_record_is_anchored_like_one(tmp_workspace):
    ws = write(tmp_workspace, {
        "internal/storage/tracestore/summary.go": "package tracestore\n\ntype TraceSummary struct{}\n",
        "docs/rfc/0011-trace-summary-api.md": (
            "# RFC 0011: Trace Summary API\n\n**Status**: Implemented\n\n## Design\n\n"
            "The summaries are declared in `internal/storage/tracestore/summary.go`.\n"),
    })
    lore = Lore(ws, user_db=False, embedder=HashEmbedder())
    run_import(lore)
    (rfc,) = [m for m in lore.list(limit=50) if m.title.startswith("RFC 0011")]
    assert rfc.provenance.kind.value == "adr"
    assert sorted(a.to_text() for a in rfc.anchors) == ["internal/storage/tracestore/summary.go",
                                                        "symbol:go:TraceSummary"]  # the path, and the type titled for
    lore.close()


def test_a_survey_anchors_the_names_it_returns_to_not_those_it_writes_once(tmp_workspace):
    ws = write(tmp_workspace, {
        "es/bulk.go": "package es\n\ntype SyncBulkWriter struct{}\n",
        "ext/storage.go": "package ext\n\nfunc GetTraceStoreFactory() {}\n",
    })
    listed = " ".join(f"`Name{i}Thing`" for i in range(30))
    survey = (f"# RFC 7: Synchronous writes\n\nThe API: {listed}.\n\n`SyncBulkWriter` flushes each batch; "
              "the `SyncBulkWriter` is new. The exporter finds its factory via `GetTraceStoreFactory`.\n")
    assert texts(derive_anchors(survey, "docs/rfc/0007.md", AnchorContext(ws))) == [
        "symbol:go:SyncBulkWriter@es/bulk.go"]
    short = "# 8. Factories\n\nThe exporter finds its factory via `GetTraceStoreFactory`.\n"
    assert texts(derive_anchors(short, "docs/adr/0008.md", AnchorContext(ws))) == [
        "symbol:go:GetTraceStoreFactory@ext/storage.go"]


def test_a_package_qualifier_may_be_an_import_alias_for_the_one_definition(tmp_workspace):
    ws = write(tmp_workspace, {
        "internal/storage/elasticsearch/backend_version.go": "package elasticsearch\n\nfunc ResolveBackendVersion() {}\n",
        "internal/auth/transport.go": "package auth\n\ntype RoundTripper struct{}\n",
        "internal/a/factory.go": "package a\n\nfunc NewStoreFactory() {}\n",
        "internal/b/factory.go": "package b\n\nfunc NewStoreFactory() {}\n",
    })
    text = ("# 12. Client\n\nThe version is resolved once through `es.ResolveBackendVersion`; see `otel.NewStoreFactory`"
            " and `http.RoundTripper`.\n")
    assert texts(derive_anchors(text, "docs/adr/012.md", AnchorContext(ws))) == [
        "symbol:go:ResolveBackendVersion@internal/storage/elasticsearch/backend_version.go"]
    assert texts(derive_anchors("# 13. Cancel\n\nStop on `ctx.Done`.\n", "docs/adr/013.md",
                                AnchorContext(write(tmp_workspace, {"x/y.go": "package y\n\nfunc Done() {}\n"})))) == []


def test_a_folder_broad_only_by_its_tests_is_not_broad(tmp_workspace):
    files = {f"internal/query/q{i}.go": "package query\n" for i in range(20)}
    files.update({f"internal/query/q{i}_test.go": "package query\n" for i in range(20)})
    ws = write(tmp_workspace, files)
    text = "# 12. Client\n\n`internal/query` builds the request body.\n"
    assert texts(derive_anchors(text, "docs/adr/012.md", AnchorContext(ws))) == ["internal/query/**"]


def test_a_broad_folder_the_decision_says_it_creates_is_its_subject(tmp_workspace):
    """Shaped on openedx/credentials' docs/decisions/0008-verifiable-credentials-issuing.rst (AGPL-3.0): the record
    creates the `verifiable_credentials` app, all of whose files are its doing; a record naming it in passing
    does not make it its subject."""
    files = {f"credentials/apps/verifiable_credentials/m{i}.py": "x = 1\n" for i in range(35)}
    files["credentials/apps/verifiable_credentials/__init__.py"] = ""
    files["docs/sharing/verifiable_credentials/index.rst"] = "Sharing\n=======\n"  # documents, no package
    ws = write(tmp_workspace, files)
    created = ("# Verifiable credentials issuing\n\n## Decision\n\nTo issue verifiable credentials, it is decided to create "
               "a new Django application in the Credentials Service named `verifiable_credentials`.\n")
    assert texts(derive_anchors(created, "docs/decisions/0008.rst", AnchorContext(ws))) == \
        ["credentials/apps/verifiable_credentials/**"]
    passing = "# Learner status\n\n## Decision\n\nThe endpoint reads what `verifiable_credentials` stored.\n"
    assert texts(derive_anchors(passing, "docs/decisions/0007.rst", AnchorContext(ws))) == []
    within = "# Probes\n\n## Decision\n\nCreate a new component in `verifiable_credentials` to handle the probes.\n"
    assert texts(derive_anchors(within, "docs/decisions/0009.rst", AnchorContext(ws))) == []


def test_a_broad_folder_the_decision_says_it_implements_or_defines_is_its_subject(tmp_workspace):
    """desmos-labs/desmos (Apache-2.0) `docs/architecture/adr-010-posts-module.md`: "This ADR contains the definition
    of the `x/posts` module", "We will implement a new module named `x/posts`"; ADR 006, "We will create a module
    named `subspaces`": the whole module is the record's doing, however many files it holds. Adding a field to a
    module, or using one, does not make it the subject."""
    files = {f"x/posts/keeper/k{i}.go": "package keeper\n" for i in range(35)}
    ws = write(tmp_workspace, files)
    for said in ("We will implement a new module named `x/posts` that lets users post.",
                 "This ADR contains the definition of the `x/posts` module.",
                 "We will create a module named `x/posts` which lets users post."):
        text = f"# ADR 010: Posting\n\n## Decision\n\n{said}\n"
        assert texts(derive_anchors(text, "docs/architecture/adr-010.md", AnchorContext(ws))) == ["x/posts/**"], said
    for said in ("We will add a field to the module `x/posts` for this.", "We rely on the `x/posts` module."):
        text = f"# ADR 011: Reporting\n\n## Decision\n\n{said}\n"
        assert texts(derive_anchors(text, "docs/architecture/adr-011.md", AnchorContext(ws))) == [], said


def test_one_folder_written_as_code_with_its_trailing_slash_anchors_that_folder(tmp_workspace):
    """A record writing "the infrastructure lives in `terraform/`" governs that folder, as `terraform/modules/` would;
    the word without backticks or without its slash, a file of that name, and a source root (`src/`, the whole
    project's code) anchor nothing, and a folder of many files only when a heading names it."""
    files = {"terraform/main.tf": 'provider "aws" {}\n', "terraform/aws/vpc.tf": 'resource "aws_vpc" "main" {}\n',
             "terraform/google/project.tf": 'resource "google_project" "p" {}\n', "deploy": "#!/bin/sh\n",
             "src/web/app.py": "x = 1\n", "src/api.py": "y = 1\n"}
    files.update({f"charts/t{i}.yaml": "kind: Service\n" for i in range(31)})
    ws = write(tmp_workspace, files)

    def derived(text):
        return texts(derive_anchors(f"# 3. Infrastructure\n\n{text}\n", "docs/adr/3.md", AnchorContext(ws)))

    assert derived("The infrastructure lives in `terraform/`.") == ["terraform/**"]
    assert derived("The infrastructure lives in terraform/, planned by `terraform`.") == []
    assert derived("Run `deploy/` after `src/`; the site is `src/web/`.") == ["src/web/**"]
    assert derived("Templates go in `charts/`.") == []
    assert texts(derive_anchors("# 4. The charts/ folder\n\nTemplates go in `charts/`.\n", "docs/adr/4.md",
                                AnchorContext(ws))) == ["charts/**"]


def test_a_folder_written_once_as_where_named_code_lives_gives_way_to_that_code(tmp_workspace):
    # Shaped on goldh0rse/trellis' docs/architecture/decisions/0004: the record names the key file type and says, once,
    # the folder it lives in; the folder also holds the chain's Bolt store, which the record is not about.
    ws = write(tmp_workspace, {
        "pkg/storage/keyfile.go": "package storage\n\ntype KeyFile struct{ path string }\n",
        "pkg/storage/storage.go": "package storage\n\ntype Bolt struct{}\n",
        "pkg/wallet/keystore.go": "package wallet\n\ntype KeyStore interface{ Save() error }\n",
    })
    said = ("# 4. Command-line interface\n\n## Decision\n\n- **Wallet keys** are persisted behind a `wallet.KeyStore` "
            "interface; a gob file implementation (`storage.KeyFile`) lives in `pkg/storage`.\n")
    found = texts(derive_anchors(said, "docs/adr/0004.md", AnchorContext(ws)))
    assert found == ["symbol:go:KeyFile@pkg/storage/keyfile.go", "symbol:go:KeyStore@pkg/wallet/keystore.go"]
    assert "pkg/storage/**" in texts(derive_anchors(said + "\n`pkg/storage` keeps the chain too.\n", "docs/adr/0004.md",
                                                    AnchorContext(ws))), "a folder the record comes back to"
    assert texts(derive_anchors("# 4. Layout\n\nKeys live in `pkg/storage`.\n", "docs/adr/0004.md", AnchorContext(ws))) \
        == ["pkg/storage/**"], "nothing named lives there: the folder is the place decided on"


def test_a_folder_written_only_where_the_record_says_where_to_read_more_anchors_nothing(tmp_workspace):
    """HHS/OPRE-OPS's docs/adr/030-api-first-development.md (CC0) ends with "## Related Issues" and "- Backend
    structure: `backend/ops_api/ops/` (API layer), `backend/models/` (data layer)": every model file took the lens
    of a record on API-first development. Written where the record says where to read more (Related, See also,
    References, Links, Further reading), or in a list item linking another record, a folder is where to look;
    written in its body or title too, it anchors. A file listed there is the record's own implementation (jaeger's
    docs/adr/003, Apache-2.0: "## References" lists "Factory creation: [`cmd/internal/storageconfig/factory.go`]"), and
    so is a folder listed there as the implementation."""
    ws = write(tmp_workspace, {"backend/models/agreement.py": "class Agreement:\n    pass\n",
                               "backend/services/fees.py": "def fee():\n    pass\n"})
    head = "# 30. API-first development\n\n## Decision\n\nThe API holds all business logic, as `backend/services/fees.py` does.\n\n"

    def derived(text):
        return texts(derive_anchors(text, "docs/adr/030.md", AnchorContext(ws)))

    for part in ("## Related Issues", "## See also", "## References", "### 5. Further reading"):
        assert derived(f"{head}{part}\n\n- Backend structure: `backend/models/` (data layer)\n") == \
            ["backend/services/fees.py"], part
    assert derived(f"{head}## Consequences\n\n- [ADR 17](./017-flask.md): the models live in `backend/models/`.\n") \
        == ["backend/services/fees.py"], "a list item linking another record"
    assert derived(f"{head}## Consequences\n\n- The models in `backend/models/` change.\n") == \
        ["backend/models/**", "backend/services/fees.py"]
    assert derived(head.replace("API-first development", "API-first models in `backend/models/`") +
                   "## Related\n\n- `backend/models/`\n") == ["backend/models/**", "backend/services/fees.py"]
    assert derived(f"{head}## References\n\n- Models: [`backend/models/agreement.py`](../../backend/models/agreement.py)\n") \
        == ["backend/models/agreement.py", "backend/services/fees.py"]
    # CivicPress/civicpress docs/architecture/decisions/ADR-002-saga-pattern.md (MIT): "- Implementation:
    # `core/src/saga/`" among its references is where the decision is carried out
    assert derived(f"{head}## References\n\n- Implementation: `backend/models/`\n") == \
        ["backend/models/**", "backend/services/fees.py"]
    assert derived(f"{head}## References\n\n- **Code:** `backend/models/`\n") == \
        ["backend/models/**", "backend/services/fees.py"]


def test_a_type_written_with_its_package_anchors_the_one_in_that_package(tmp_workspace):
    """thunderbird/thunderbird-android (Apache-2.0): RFC 0005 writes `com.fsck.k9.controller.push.PushService`, and
    anchored nothing. The package picks the type among those of its name, even a one-word one; Kotlin may leave the
    package's common root out of the folders."""
    ws = write(tmp_workspace, {
        "legacy/core/src/main/java/com/fsck/k9/controller/push/PushService.kt": "package com.fsck.k9.controller.push\n\n"
                                                                                 "class PushService {\n}\n",
        "legacy/ui/src/main/java/com/fsck/k9/ui/PushService.kt": "package com.fsck.k9.ui\n\nclass PushService {\n}\n",
        "backend/api/src/main/kotlin/backend/Backend.kt": "package net.thunderbird.backend\n\ninterface Backend {\n}\n",
    })
    text = "# 5. Idle connections\n\nMove `com.fsck.k9.controller.push.PushService` behind `net.thunderbird.backend.Backend`.\n"
    assert sorted(texts(derive_anchors(text, "docs/rfcs/0005.md", AnchorContext(ws)))) == [
        "symbol:kotlin:Backend@backend/api/src/main/kotlin/backend/Backend.kt",
        "symbol:kotlin:PushService@legacy/core/src/main/java/com/fsck/k9/controller/push/PushService.kt"]


def test_a_gradle_project_path_anchors_the_folder_it_builds(tmp_workspace):
    """thunderbird/thunderbird-android (Apache-2.0): ADR 0009 writes the Gradle projects it splits
    (`:feature:account:settings:impl`), which anchored nothing. A project path is its folder; one with a wildcard
    names a kind of project, and one no folder holds anchors nothing."""
    ws = write(tmp_workspace, {
        "settings.gradle.kts": 'include(":feature:account:settings:impl")\n',
        "feature/account/settings/impl/src/main/kotlin/FetchingMailSettingsViewModel.kt": "class FetchingMailSettingsViewModel\n",
        "feature/account/avatar/api/src/main/kotlin/Avatar.kt": "interface Avatar\n",
    })
    text = ("# 9. Split features\n\n## Decision\n\nSettings move to `:feature:account:settings:impl`; every "
            "`:feature:*:api` stays small; `:feature:gone:impl` is planned.\n")
    assert texts(derive_anchors(text, "docs/adr/0009.md", AnchorContext(ws))) == ["feature/account/settings/impl/**"]


def test_copies_of_one_file_in_a_builds_source_sets_take_one_slot_of_the_caps(tmp_workspace):
    """thunderbird/thunderbird-android (Apache-2.0): technical design 0002 writes the four build-type copies of
    `TbFeatureFlagFactory.kt` and names a dozen classes; the copies took four of the twelve slots and six named classes
    anchored nothing. Copies of one file across source sets are one thing the record names."""
    variants = ("debug", "release", "beta", "daily")
    files = {f"app-thunderbird/src/{v}/kotlin/net/tb/TbFeatureFlagFactory.kt": "class TbFeatureFlagFactory\n"
             for v in variants}
    names = [f"FeatureFlagPart{chr(65 + i)}Provider" for i in range(11)]
    files |= {f"core/featureflag/src/main/kotlin/{n}.kt": f"class {n}\n" for n in names}
    ws = write(tmp_workspace, files)
    text = ("# 2. Feature flags\n\n## Decision\n\n"
            + "".join(f"- `app-thunderbird/src/{v}/kotlin/net/tb/TbFeatureFlagFactory.kt`\n" for v in variants)
            + "".join(f"- `{n}` provides one part.\n" for n in names))
    found = texts(derive_anchors(text, "docs/engineering/0002.md", AnchorContext(ws)))
    assert len([t for t in found if "TbFeatureFlagFactory" in t]) == 4
    assert all(any(n in t for t in found) for n in names), found
