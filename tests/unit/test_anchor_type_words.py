"""Single-word types a decision names (`Agreement`, **Edition**:) and definitions in Ruby, with its grammar
and without one, anchor; ordinary words, nested definitions named alone and data files do not."""

from pathlib import Path

from lore.sources.layout import WorkspaceLayout
from lore.sources.mentions import AnchorContext, derive_anchors
from lore.sources.named import SymbolIndex
from tree_files import write

# Shaped on notifications-api's docs/adrs/0008 (GSA/notifications-api, CC0-1.0).
QUOTAS = ("Move the paid quota from `Service` to `Organization`. Each `Organization` keeps its `Agreement`;\n"
          "an `Agreement` belongs to one `Organization` and the `Agreement` holds the limit. Keep the `Attributes`.\n")
# Shaped on content-publisher's docs/adr/0009-modelling-history.md (alphagov/content-publisher, MIT).
HISTORY = ("**Edition**: A numbered version of a document.\n\n**Revision**: An immutable snapshot.\n\n"
           "Stored with ActiveStorage, as the `Status` model keeps each state.\n")


def texts(root: Path, text: str) -> list[str]:
    found = derive_anchors(text, "docs/adrs/0008.md", AnchorContext(root))
    return sorted(f"{d.anchor.to_text()}@{d.anchor.file}" for d in found)


def test_a_type_word_written_as_code_three_times_anchors_its_one_definition_tests_aside(tmp_workspace):
    ws = write(tmp_workspace, {
        "app/models.py": "class Service:\n    pass\n\nclass Organization:\n    pass\n\nclass Agreement:\n    pass\n",
        "app/spans.py": "class Attributes:\n    pass\n",
        "app/test_models.py": "class Agreement:\n    pass\n",  # pytest modules beside the code are tests
        "app/conftest.py": "class Organization:\n    pass\n",
    })
    assert texts(ws, QUOTAS) == ["symbol:python:app.models.Agreement@app/models.py",
                                 "symbol:python:app.models.Organization@app/models.py"]


def test_a_type_word_defined_twice_or_only_as_a_function_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, {
        "a/models.py": "class Organization:\n    pass\n",
        "b/models.py": "class Organization:\n    pass\n",
        "c/agreement.py": "def Agreement():\n    pass\n",
    })
    assert texts(ws, QUOTAS) == []


def test_ruby_classes_anchor_as_symbols_and_nested_ones_need_their_owner(tmp_workspace):
    ws = write(tmp_workspace, {
        "app/models/edition.rb": "class Edition < ApplicationRecord\nend\n",
        "app/models/revision.rb": "class Revision < ApplicationRecord\nend\n",
        "app/models/status.rb": "class Status < ApplicationRecord\nend\n",
        "lib/healthcheck/active_storage.rb": "module Healthcheck\n  class ActiveStorage\n  end\nend\n",
        "config/locales/en.yml": "en:\n  status:\n    type: class Status\n",
    })
    found = derive_anchors(HISTORY, "docs/adr/0009.md", AnchorContext(ws))
    # `ActiveStorage` alone is the framework, not the class nested in `Healthcheck`.
    assert sorted((d.anchor.to_text(), d.anchor.file, d.why) for d in found) == [
        ("symbol:ruby:Edition", "app/models/edition.rb", "names `Edition`"),
        ("symbol:ruby:Revision", "app/models/revision.rb", "names `Revision`"),
        ("symbol:ruby:Status", "app/models/status.rb", "names `Status`")]



def test_a_record_template_field_in_bold_is_no_term_the_record_defines(tmp_workspace):
    """Shaped on DFE-Digital/fh-services (MIT): every record opens `**Status**: Accepted` and `**Deciders**: …`; the
    label is the template's field, so a `Status` enum of the code is not what the record is about, while a term the
    record defines in bold (`**Edition**:`) still names its class."""
    ws = write(tmp_workspace, {"src/Status.cs": "public enum Status { Active, Closed }\n",
                               "src/Deciders.cs": "public class Deciders { }\n",
                               "src/Edition.cs": "public class Edition { }\n"})
    record = ("# Use a distributed cache\n\n**Status**: Accepted\n**Deciders**: Ann, Bo\n\n"
              "**Edition**: a numbered version of a service's record.\n\nWe cache lookups.\n")
    found = derive_anchors(record, "docs/adr/0003-cache.md", AnchorContext(ws))
    assert sorted(d.anchor.file for d in found) == ["src/Edition.cs"]

def test_ruby_classes_anchor_their_files_without_a_grammar(tmp_workspace, monkeypatch):
    """A language whose grammar is not installed still anchors the files its classes are defined in."""
    from lore.anchors import languages

    monkeypatch.delitem(languages._GRAMMARS, "ruby")
    languages.grammar.cache_clear()
    try:
        ws = write(tmp_workspace, {
            "app/models/edition.rb": "class Edition < ApplicationRecord\nend\n",
            "app/models/revision.rb": "class Revision < ApplicationRecord\nend\n",
            "app/models/status.rb": "class Status < ApplicationRecord\nend\n",
            "lib/healthcheck/active_storage.rb": "module Healthcheck\n  class ActiveStorage\n  end\nend\n",
        })
        found = derive_anchors(HISTORY, "docs/adr/0009.md", AnchorContext(ws))
    finally:
        languages.grammar.cache_clear()
    assert sorted((d.anchor.to_text(), d.why) for d in found) == [
        ("app/models/edition.rb", "names `Edition`"), ("app/models/revision.rb", "names `Revision`"),
        ("app/models/status.rb", "names `Status`")]


# Shaped on notifications-api's docs/adrs/0005 and 0014 (GSA/notifications-api, CC0-1.0).
BARE = ("Add an Agreement model: a new class in `models.py`. Bring the `notifications-python-client` into the\n"
        "API, as we did with `notifications_utils`; list its dependencies in `pyproject.toml`. See `utils.py`.\n")


def test_bare_file_and_package_names_anchor_when_they_mean_one_place(tmp_workspace):
    files = {"pyproject.toml": "[project]\nname = 'api'\n", "app/models.py": "class Agreement:\n    pass\n",
             "app/utils.py": "", "scripts/utils.py": "", "tests/app/models.py": "",
             "notifications_python_client/__init__.py": "", "notifications_python_client/base.py": "",
             "docs/notifications_utils/README.md": "words\n"}
    files |= {f"notifications_utils/m{i}.py": "" for i in range(40)}
    ws = write(tmp_workspace, files)
    found = derive_anchors(BARE, "docs/adrs/0014.md", AnchorContext(ws))
    assert sorted(d.anchor.to_text() for d in found) == ["app/models.py", "notifications_python_client/**",
                                                         "symbol:python:app.models.Agreement"]  # "an Agreement model"


# Shaped on Unleash's contributing/ADRs/back-end/write-model-vs-read-models.md (Unleash/unleash, Apache-2.0).
READ_MODELS = ("Internal read models answer one question.\n\n```ts\nclass SegmentReadModel {\n"
               "    getAll(): Promise<ISegment[]> { return this.db.select(); }\n}\n"
               "const rows = writeRows(segments);\n```\n")


def test_a_name_a_code_block_defines_anchors_weakly_and_one_it_only_uses_does_not(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/lib/features/segment/segment-read-model.ts": "export class SegmentReadModel {}\n",
        "src/lib/db/rows.ts": "export function writeRows() {}\n",
    })
    found = derive_anchors(READ_MODELS, "contributing/ADRs/back-end/read-models.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.anchor.file, d.score) for d in found] == [
        ("symbol:typescript:SegmentReadModel", "src/lib/features/segment/segment-read-model.ts", 0.6)]


def test_a_class_in_a_namespace_or_written_with_its_scope_is_not_nested(tmp_workspace):
    """A C++ namespace and Ruby's `class Admin::User` define no enclosing definition: the class named
    alone anchors as any top-level class does."""
    ws = write(tmp_workspace, {
        "util/arena.h": "namespace leveldb {\nclass Arena {\n public:\n  Arena();\n};\n}\n",
        "app/admin/report_builder.rb": "class Admin::ReportBuilder\n  def call; end\nend\n",
        "lib/healthcheck/active_storage.rb": "module Healthcheck\n  class ActiveStorage\n  end\nend\n",
    })
    index = SymbolIndex(ws, WorkspaceLayout(ws))
    assert index.symbol("util/arena.h", "Arena") == ("c", "leveldb.Arena", "class")
    assert index.symbol("app/admin/report_builder.rb", "ReportBuilder") == ("ruby", "Admin.ReportBuilder", "class")
    assert index.symbol("lib/healthcheck/active_storage.rb", "ActiveStorage") == (
        "ruby", "Healthcheck.ActiveStorage", "nested")


# Shaped on manage.get.gov's docs/architecture/decisions/0018, 0020 and 0030 (cisagov/manage.get.gov, CC0-1.0).
def test_a_word_the_decision_calls_a_model_or_lists_among_models_anchors_its_one_type(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/registrar/models/domain.py": "class Domain:\n    pass\n",
        "src/registrar/models/user.py": "class User:\n    pass\n",
        "src/registrar/admin.py": "from .models import Domain\n\nSTATE = Domain.State\n",
        "src/registrar/models/source.py": "class Source:\n    pass\n",
    })
    assert texts(ws, "# 18. Registry\n\nWe develop the Domain model as the interface to the registry.\n") == [
        "symbol:python:src.registrar.models.domain.Domain@src/registrar/models/domain.py"]
    assert texts(ws, "# 20. Users\n\nA custom `User` model holds what Login.gov says.\n") == [
        "symbol:python:src.registrar.models.user.User@src/registrar/models/user.py"]
    assert texts(ws, "# 30. State\n\nFour models: `Domain`, `Thing` and `User`.\n") == [
        "symbol:python:src.registrar.models.domain.Domain@src/registrar/models/domain.py",
        "symbol:python:src.registrar.models.user.User@src/registrar/models/user.py"]
    assert texts(ws, "# 7. Interfaces\n\nThe Data Source interfaces, and a user model.\n") == []
    # openedx/edx-enterprise (AGPL-3.0) 0001: the last of a list of kinds of record is no type's name; written as
    # code, it is
    assert texts(ws, "# 1. Multiple\n\nEnrollment, Progression, Completion, Source records become ambiguous.\n") == []
    assert texts(ws, "# 1. Multiple\n\nEnrollment and Source records become ambiguous.\n") == []
    assert texts(ws, "# 1. Multiple\n\nEnrollment, Progression and `Source` records.\n") == [
        "symbol:python:src.registrar.models.source.Source@src/registrar/models/source.py"]
    # jaegertracing/jaeger (Apache-2.0) ADR 010: a list item opening "Storage interface:" (as a sentence may) is
    # capitalised for where it stands; mid-sentence, or written as code, the word is the type's name
    assert texts(ws, "# 10. Summaries\n\n## References\n\n* Source interface: [reader.go](../reader.go)\n") == []
    assert texts(ws, "# 10. Summaries\n\nIt ends here. Source model rows are read once.\n") == []
    assert texts(ws, "# 10. Summaries\n\n* `Source` model: [reader.go](../reader.go)\n") == [
        "symbol:python:src.registrar.models.source.Source@src/registrar/models/source.py"]


def test_a_package_named_once_as_where_something_lives_anchors_nothing(tmp_workspace):
    """Shaped on afomera/relay's DECISIONS.md (MIT): D12 places a job in a crate, D20 is titled for one."""
    ws = write(tmp_workspace, {
        "Cargo.toml": "[workspace]\nmembers = ['crates/*']\n",
        "crates/relay-control/Cargo.toml": "[package]\nname = 'relay-control'\n",
        "crates/relay-control/src/lib.rs": "pub fn a() {}\n", "crates/relay-control/src/routes.rs": "pub fn b() {}\n",
        "crates/relay-acme/Cargo.toml": "[package]\nname = 'relay-acme'\n",
        "crates/relay-acme/src/lib.rs": "pub fn c() {}\n",
    })
    ctx = AnchorContext(ws)
    placed = ("## D12 — Inspection capture limits: 1 MiB bodies, 7 day retention\n\nPer-direction body cap: 1,048,576 "
              "bytes.\n\nA background job in `relay-control` deletes rows older than 7 days every hour.\n")
    assert [d.anchor.to_text() for d in derive_anchors(placed, "DECISIONS.md", ctx)] == []
    titled = "## D20 — `relay-acme` uses `instant-acme` + `rcgen`\n\nStanding on `instant-acme` for the ACME protocol.\n"
    assert [d.anchor.to_text() for d in derive_anchors(titled, "DECISIONS.md", ctx)] == ["crates/relay-acme/**"]
    acted_on = "# Split the control plane\n\nWe will move the dashboard in `relay-control` out, in two steps.\n\n" \
               "`relay-control` keeps the API.\n"
    assert [d.anchor.to_text() for d in derive_anchors(acted_on, "docs/adr/0003.md", ctx)] == ["crates/relay-control/**"]


def test_packages_a_record_lists_once_each_anchor_nothing(tmp_workspace):
    """Shaped on BrighterCommand/Brighter's ADRs (MIT): 0051's samples' "Project References" label five
    packages once each, and every file of the five carried the record; 0063 lists the provider packages it
    creates, each with what it does, and governs them."""
    files = {f"src/Paramore.Brighter.{p}/{p}.csproj": "<Project />\n" for p in ("Kafka", "Rmq", "Hosting", "Di")}
    files.update({f"src/Paramore.Brighter.{p}/Thing.cs": "namespace A { public class T {} }\n"
                  for p in ("Kafka", "Rmq", "Hosting", "Di")})
    ctx = AnchorContext(write(tmp_workspace, files))
    listed = ("# 51. Error handling samples\n\n## Project references\n\nThe samples use project references:\n\n"
              "- `Paramore.Brighter.Kafka`: Kafka transport\n- `Paramore.Brighter.Rmq`: RabbitMQ transport\n"
              "- `Paramore.Brighter.Hosting`: the hosted service\n")
    assert [d.anchor.to_text() for d in derive_anchors(listed, "docs/adr/0051.md", ctx)] == []
    two = ("# 52. Transports\n\nThe Kafka transport moves to `Paramore.Brighter.Kafka`, the RabbitMQ one to "
           "`Paramore.Brighter.Rmq`.\n")
    assert sorted(d.anchor.to_text() for d in derive_anchors(two, "docs/adr/0052.md", ctx)) == [
        "src/Paramore.Brighter.Kafka/**", "src/Paramore.Brighter.Rmq/**"]
    come_back = listed + "\nThe Kafka sample runs `Paramore.Brighter.Kafka` with a dead letter queue.\n"
    assert [d.anchor.to_text() for d in derive_anchors(come_back, "docs/adr/0051.md", ctx)] == [
        "src/Paramore.Brighter.Kafka/**"]
    headed = listed.replace("## Project references", "## `Paramore.Brighter.Hosting` and its peers")
    assert [d.anchor.to_text() for d in derive_anchors(headed, "docs/adr/0051.md", ctx)] == [
        "src/Paramore.Brighter.Hosting/**"]
    designed = ("# 63. Request validation\n\n**Provider packages** (separate assemblies):\n\n"
                "- `Paramore.Brighter.Kafka` — derives from the abstract base handlers and implements `Validate`\n"
                "  by resolving a validator from the container and mapping its failures.\n"
                "- `Paramore.Brighter.Rmq` — validates with annotations.\n"
                "- `Paramore.Brighter.Hosting` — validates with the specification pattern.\n")
    assert sorted(d.anchor.to_text() for d in derive_anchors(designed, "docs/adr/0063.md", ctx)) == [
        "src/Paramore.Brighter.Hosting/**", "src/Paramore.Brighter.Kafka/**", "src/Paramore.Brighter.Rmq/**"]


def test_a_member_the_type_does_not_define_names_that_type_only_when_its_name_is_specific(tmp_workspace):
    """Shaped on BrighterCommand/Brighter (MIT): "`await Task.Delay(…)`" anchored a sample's own `class Task`."""
    ws = write(tmp_workspace, {
        "samples/TaskQueue/App/Task.cs": "namespace App { public class Task { public string Name; } }\n",
        "src/Features/FeaturesReadModel.cs": "namespace F { public class FeaturesReadModel { } }\n",
    })
    found = derive_anchors("# 5. Waiting\n\nThe pump calls `Task.Delay` between reads, and `FeaturesReadModel.load` "
                           "once.\n", "docs/adr/0005.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.anchor.file) for d in found] == [
        ("symbol:csharp:FeaturesReadModel", "src/Features/FeaturesReadModel.cs")]

def test_a_member_a_record_says_it_removed_names_no_type(tmp_workspace):
    """Altinn/altinn-authentication 0002 (MIT): "removing … the legacy `IUserProfileService.GetUser`/`CreateUser`
    provisioning path": the interface stays, its `GetUser` went, and the record is not about the interface."""
    ws = write(tmp_workspace, {
        "src/Services/IUserProfileService.cs":
            "namespace S { public interface IUserProfileService { Task<UserProfile> GetUserByUuid(Guid id); } }\n",
        "src/Features/FeaturesReadModel.cs": "namespace F { public class FeaturesReadModel { } }\n",
    })
    removed = ("# 2. One sign-in path\n\n## Decision\n\nWe collapse `AuthenticateUser` to one flow, removing the dead "
               "helpers and the legacy `IUserProfileService.GetUser`/`CreateUser` provisioning path they pulled in.\n")
    assert derive_anchors(removed, "docs/adr/0002.md", AnchorContext(ws)) == []
    kept = "# 5. Reads\n\n## Decision\n\nReads go through `IUserProfileService.GetUser` from now on.\n"
    assert [d.anchor.file for d in derive_anchors(kept, "docs/adr/0005.md", AnchorContext(ws))] == [
        "src/Services/IUserProfileService.cs"]

def test_a_member_written_javadoc_style_is_that_types_member(tmp_workspace):
    """eclipse-edc/Connector (Apache-2.0) "Contract Definition Validation" writes
    `ContractValidationServiceImpl#validateAgreement` twice; Javadoc's `Type#member` is `Type.member`. A `#` after no
    type (`#123`, `README.md#usage`, `C#`) names nothing."""
    ws = write(tmp_workspace, {
        "core/contract/src/main/java/org/edc/ContractValidationServiceImpl.java":
            "package org.edc;\n\npublic class ContractValidationServiceImpl {\n"
            "    public Result validateAgreement(Agreement a) { return null; }\n}\n",
    })
    text = ("# Contract Definition Validation\n\n## Decision\n\n`ContractValidationServiceImpl#validateAgreement()` checks "
            "the definition; see `#123`, `README.md#usage` and `C#`.\n")
    assert texts(ws, text) == ["symbol:java:ContractValidationServiceImpl.validateAgreement"
                               "@core/contract/src/main/java/org/edc/ContractValidationServiceImpl.java"]

def test_an_acronym_before_a_kind_word_names_a_type_only_written_as_code(tmp_workspace):
    """open-feature/flagd numeric-coercion (Apache-2.0): "its parsed JSON type" anchored the Go `type JSON` of a
    parser package; a format's acronym in prose names no type of the code, `JSON` written as code does."""
    ws = write(tmp_workspace, {"core/pkg/model/json.go": "package model\n\ntype JSON struct{}\n"})
    assert texts(ws, "# Numeric coercion\n\nA value keeps its parsed JSON type.\n") == []
    assert texts(ws, "# Numeric coercion\n\nA value keeps its `JSON` type.\n") == [
        "symbol:go:JSON@core/pkg/model/json.go"]


def test_the_text_of_a_link_to_a_web_page_names_no_type(tmp_workspace):
    """liquidmetal-dev/flintlock 0234 (MPL-2.0) lists what Firecracker can change in a running machine, each a link to
    Firecracker's pages: "[Network interface rate limiting](https://github.com/firecracker-microvm/…)" names a page
    of another project, not the workspace's `Network` type; the same words in the record's own prose do."""
    ws = write(tmp_workspace, {"client/cloudinit/network/network.go": "package network\n\ntype Network struct {\n}\n"})
    linked = ("Very few operations are valid after a MicroVM has started:\n\n- [Network interface rate limiting]"
              "(https://github.com/firecracker-microvm/firecracker/blob/main/docs/api_requests/patch-network-interface.md).\n")
    assert texts(ws, linked) == []
    said = "The Network interface holds the rate limits.\n"
    assert [a.split("@")[1] for a in texts(ws, said)] == ["client/cloudinit/network/network.go"]


def test_a_name_defined_at_the_top_and_nested_in_a_namespace_means_the_top_one(tmp_workspace):
    """MITLibraries/tacos 0010 (Apache-2.0): "link `SuggestedResource` to `Term`" means the model
    `app/models/suggested_resource.rb`, not `Detector::SuggestedResource`, which the record does not place near its
    namespace; before, the two together anchored nothing."""
    ws = write(tmp_workspace, {
        "app/models/suggested_resource.rb": "class SuggestedResource < ApplicationRecord\nend\n",
        "app/models/detector/suggested_resource.rb": "class Detector\n  class SuggestedResource\n  end\nend\n",
        "app/models/term.rb": "class Term < ApplicationRecord\nend\n",
    })
    text = ("# 10. Store phrases with terms\n\n## Decision\n\nWe link `SuggestedResource` to `Term`: each "
            "`SuggestedResource` keeps its phrases on the `Term`.\n")
    assert [a.split("@")[1] for a in texts(ws, text)] == ["app/models/suggested_resource.rb", "app/models/term.rb"]


def test_a_name_written_in_an_html_code_tag_is_written_as_code(tmp_workspace):
    """alphagov/verify-service-provider 0021 (MIT) writes its types in HTML: "the <code>Scenario</code> field"."""
    ws = write(tmp_workspace, {"src/main/java/uk/gov/ida/dto/Scenario.java": "package uk.gov.ida.dto;\n\npublic enum Scenario {}\n",
                               "src/main/java/uk/gov/ida/App.java": "package uk.gov.ida;\n\npublic class App {}\n"})
    text = ("# 21. Scenarios in responses\n\n## Decision\n\nEach response carries the <code>Scenario</code>; a "
            "<code>Scenario</code> says what happened.\n")
    assert [a.split("@")[1] for a in texts(ws, text)] == ["src/main/java/uk/gov/ida/dto/Scenario.java"]


def test_a_generators_output_defines_no_name_a_record_anchors(tmp_workspace):
    """weaveworks/weave-gitops 0003 (MPL-2.0): "**Object type** – Entity classification" anchored `Object` in
    `ui/lib/api/core/types.pb.ts`, written by the protobuf compiler; a file whose head says it was generated is the
    tool's as well, whatever its name."""
    ws = write(tmp_workspace, {
        "ui/lib/api/core/types.pb.ts": "export type Object = {\n  payload?: string\n}\n",
        "pkg/models/widget.go": "// Code generated by sqlc. DO NOT EDIT.\n\npackage models\n\ntype Widget struct{}\n",
        "pkg/models/gadget.go": "package models\n\ntype Gadget struct{}\n",
    })
    text = ("# 3. CLI nouns\n\n## Decision\n\n**Object type** - entity classification. The `Widget` model and the "
            "`Gadget` model keep their names; each `Widget` and each `Gadget` is listed.\n")
    assert [a.split("@")[1] for a in texts(ws, text)] == ["pkg/models/gadget.go"]


def test_a_schema_a_framework_dumps_still_defines_its_tables(tmp_workspace):
    """alphagov/content-publisher (MIT): Rails' `db/schema.rb` opens "This file is auto-generated from the current
    state of the database"; it is the schema records about tables govern, not a tool's output to leave out."""
    from lore.sources.named import generated

    head = "# This file is auto-generated from the current state of the database. Instead\n# of editing this file, " \
           "please use the migrations feature of Active Record.\n"
    assert generated("db/schema.rb", head) and not generated("db/schema.rb", head, marked_for_tools=True)
    assert generated("pkg/models/widget.go", "// Code generated by sqlc. DO NOT EDIT.\n", marked_for_tools=True)
    # paritytech/truapi (Apache-2.0): seven `…/versions/<v>/types.ts` "cited in" two records
    assert generated("src/versions/v1/types.ts", "// Auto-generated by truapi-codegen. Do not edit.\n", marked_for_tools=True)


def test_a_line_a_record_quotes_from_a_dumped_schema_anchors_it(tmp_workspace):
    """alphagov/content-publisher docs/adr/0008 (MIT) writes `on_delete`, which only `db/schema.rb` writes, dumped
    by Rails under its "auto-generated" header."""
    schema = ('# This file is auto-generated from the current state of the database. Instead\n# of editing this file, '
              'please use the migrations feature of Active Record.\n\nActiveRecord::Schema.define(version: 2019_01_24) do\n'
              '  add_foreign_key "documents", "users", column: "creator_id", on_delete: :restrict\nend\n')
    ws = write(tmp_workspace, {"db/schema.rb": schema, "app/models/document.rb": "class Document < ApplicationRecord\nend\n"})
    text = ('# 8. Restricted Deletion\n\n## Context\n\n```\nadd_foreign_key "documents", "users", column: "creator_id", '
            'on_delete: :restrict\n```\n\nThere are other `on_delete` behaviours instead of `restrict`.\n\n'
            '## Decision\n\nWe `restrict` on all foreign key delete actions.\n')
    assert [a.split("@")[0] for a in texts(ws, text)] == ["db/schema.rb"]


def test_an_anonymous_default_export_defines_its_files_name(tmp_workspace):
    """3jins/wiki-hexagonal writes its React pages and components as `export default () => {...}` in
    `DocumentsPage.tsx`: a record naming `DocumentsPage` anchors that definition, as importers name it. A default
    export that defines no function (`connect(mapState)(Sidebar)`) defines no name."""
    ws = write(tmp_workspace, {
        "frontend/src/react/page/DocumentsPage.tsx": "import x from 'y';\n\nexport default () => {\n  return <main />;\n};\n",
        "frontend/src/react/component/SearchSection/index.tsx": "export default (props: Props) => <section />;\n",
        "frontend/src/react/component/SideBar.tsx": "export default connect(mapState)(SideBarView);\n",
    })
    index = AnchorContext(ws).symbols
    assert index.files_for("DocumentsPage") == ["frontend/src/react/page/DocumentsPage.tsx"]
    assert index.files_for("SearchSection") == ["frontend/src/react/component/SearchSection/index.tsx"]
    assert index.files_for("SideBar") == []
    text = "# 3. Pages\n\n## Decision\n\nThe `DocumentsPage` lists documents; the `SideBar` links to it.\n"
    assert texts(ws, text) == ["symbol:tsx:DocumentsPage@frontend/src/react/page/DocumentsPage.tsx"]


# Shaped on cloudfoundry/korifi's docs/architecture-decisions/0014 and 0019 (Apache-2.0): resources named only as
# examples of a kind, the lines wrapped as the records wrap them.
OWNERSHIP = ("# Resource ownership\n\n## Context\n\nThis applies when the child already holds a reference to its "
             "parent. For example the\n`CFApp` owns a secret that describes its environment. Also child resources "
             "such as\n`CFServiceBinding` do not make sense without their parent. A runner could run e.g. "
             "`Deployment`s instead.\n\n## Decision\n\nThe `CFProcess` reconciler sets the owner reference.\n")
RESOURCES = {
    "controllers/api/cfapp_types.go": "package api\n\ntype CFApp struct{}\n",
    "controllers/api/cfservicebinding_types.go": "package api\n\ntype CFServiceBinding struct{}\n",
    "controllers/api/cfprocess_types.go": "package api\n\ntype CFProcess struct{}\n",
    "api/handlers/deployment.go": "package handlers\n\ntype Deployment struct{}\n",
}


def test_a_type_named_only_as_an_example_anchors_nothing(tmp_workspace):
    """A name given in passing ("such as", "e.g.") is no subject; a sentence opening "For example" tells of the case it
    names (the `CFApp`), as the records of alphagov/content-publisher and guardian/dotcom-rendering do."""
    ws = write(tmp_workspace, RESOURCES)
    assert texts(ws, OWNERSHIP) == ["symbol:go:CFApp@controllers/api/cfapp_types.go",
                                    "symbol:go:CFProcess@controllers/api/cfprocess_types.go"]
    again = OWNERSHIP + "\nThe `CFApp` keeps its secret.\n"
    assert texts(ws, again) == ["symbol:go:CFApp@controllers/api/cfapp_types.go",
                                "symbol:go:CFProcess@controllers/api/cfprocess_types.go"], "written elsewhere too"
    listed = "# Labels\n\nResources like `CFApp` carry labels (e.g. `CFServiceBinding`).\n"
    assert texts(ws, listed) == []
    liked = "# Labels\n\nWe would like `CFApp` to carry labels; it looks like `CFServiceBinding` has one.\n"
    assert texts(ws, liked) == ["symbol:go:CFApp@controllers/api/cfapp_types.go",
                                "symbol:go:CFServiceBinding@controllers/api/cfservicebinding_types.go"]


def test_a_comment_ending_on_a_keyword_word_leaves_the_next_lines_definition_whole(tmp_workspace):
    """Shaped on a Go controller (cloudfoundry/korifi, Apache-2.0): "// … reconciles a AppWorkload object" ends on
    `object`; the definition under it is still `AppWorkloadReconciler`, and a keyword's word inside a comment or an
    import ("// the type Reconciler", `import { type Props }`) defines nothing."""
    ws = write(tmp_workspace, {
        "controllers/appworkload.go": ("package controllers\n\n// AppWorkloadReconciler reconciles a AppWorkload object\n"
                                       "type AppWorkloadReconciler struct {\n}\n\n// Handle is called for the type\n"
                                       "func (r *AppWorkloadReconciler) Handle() {}\n"),
        "web/editor.ts": ("import { type EditorProps } from './props';\n// the class EditorShell wraps it\n"
                          "export default class Editor {}\nexport const Toolbar = () => null;\n"),
        "app/models/journey.rb": "module Journeys\n  private def self.start\n  end\nend\n",
    })
    index = AnchorContext(ws).symbols
    assert index.defs.get("AppWorkloadReconciler") == {"controllers/appworkload.go"}
    assert index.defs.get("Editor") == index.defs.get("Toolbar") == {"web/editor.ts"}
    assert {"object", "type", "EditorProps", "EditorShell"}.isdisjoint(index.defs)
    assert "start" in index.defs and "Journeys" in index.defs


def test_a_definition_whose_keyword_takes_a_second_keyword_is_named_after_both(tmp_workspace):
    """C#'s `record struct` and Kotlin's `enum class` (shaped on Altinn/altinn-studio's workflow engine, BSD-3-Clause)."""
    ws = write(tmp_workspace, {
        "src/Models/ExecutionResult.cs": ("namespace WorkflowEngine.Models;\n\npublic record struct ExecutionResult(int Status)\n"
                                          "{\n    public static ExecutionResult Defer(int delay) => new(1);\n}\n"),
        "app/src/main/kotlin/Color.kt": "package app\n\nenum class Color { RED }\n",
    })
    index = AnchorContext(ws).symbols
    assert index.defs.get("ExecutionResult") == {"src/Models/ExecutionResult.cs"}
    assert index.defs.get("Color") == {"app/src/main/kotlin/Color.kt"}
    assert {"struct", "class"}.isdisjoint(index.defs)


def test_an_exported_constant_defines_its_name_a_function_as_its_symbol_a_value_as_its_file(tmp_workspace):
    """network-goods-institute/negation-game defines its server actions and tables as exported constants
    (`export const fetchViewpoint = async (id) => {...}`, `export const viewpointsTable = pgTable(...)`): a record
    naming them anchors the function's symbol, and the file of a value no symbol is extracted for. A constant the
    module keeps to itself (`const buildRow = () => ...`) or exports from a block is no name a record points at."""
    ws = write(tmp_workspace, {
        "src/actions/viewpoints.ts":
            "import { db } from '@/db';\n\nexport const fetchViewpoint = async (id: string) => {\n  return db(id);\n};\n",
        "src/db/schema.ts": "export const viewpointsTable = pgTable('viewpoints', { id: serial('id') });\n"
                            "export let activeViewpointsFilter = eq(viewpointsTable.isActive, true);\n",
        "src/lib/rows.ts": "const buildRow = () => 1;\nexport function rowsOf() {\n  return [buildRow()];\n}\n",
        "src/lib/api.ts": "export namespace Api {\n  export const baseUrl = '/api';\n  export const DefaultLimit = 5;\n}\n",
    })
    index = AnchorContext(ws).symbols
    assert index.files_for("fetchViewpoint") == ["src/actions/viewpoints.ts"]
    assert index.files_for("activeViewpointsFilter") == ["src/db/schema.ts"]
    assert index.files_for("buildRow") == [] and index.files_for("baseUrl") == []
    assert index.files_for("DefaultLimit") == ["src/lib/api.ts"]
    text = "# 10. Viewpoints\n\n## Decision\n\n`fetchViewpoint` reads `viewpointsTable` through `activeViewpointsFilter`.\n"
    assert texts(ws, text) == ["src/db/schema.ts@None", "symbol:typescript:fetchViewpoint@src/actions/viewpoints.ts"]


def test_the_names_a_module_exports_by_destructuring_are_defined_there(tmp_workspace):
    """openedx/frontend-app-learning (AGPL-3.0) 0004 "Model Store" writes `addModel` and `updateModel`, which
    `src/generic/model-store/slice.js` exports as Redux Toolkit's actions: `export const { addModel, ... } =
    slice.actions`. A destructuring the module keeps to itself defines nothing a record points at."""
    ws = write(tmp_workspace, {
        "src/generic/model-store/slice.js":
            "const slice = createSlice({ name: 'models' });\n\nexport const {\n  addModel,\n  addModelsMap,\n"
            "  updateModel: replaceModel,\n} = slice.actions;\n\nexport const { reducer } = slice;\n",
        "src/lib/local.js": "const { hiddenHelper } = helpers;\nexport const [firstItem, secondItem] = pair;\n",
    })
    index = AnchorContext(ws).symbols
    assert index.files_for("addModel") == ["src/generic/model-store/slice.js"]
    assert index.files_for("replaceModel") == ["src/generic/model-store/slice.js"]
    assert index.files_for("updateModel") == []  # the property read, not the name exported
    assert index.files_for("firstItem") == ["src/lib/local.js"] and index.files_for("hiddenHelper") == []
    text = "# 4. Dispatching to the store\n\n## Decision\n\nComponents dispatch `addModel` and `addModelsMap`.\n"
    assert texts(ws, text) == ["src/generic/model-store/slice.js@None"]


# Shaped on ClickHouse/terraform-provider-clickhouse's internal/service (Apache-2.0): the interface in one package, a
# function of its name returning it in each group's.
SINK = "package sink\n\n// LedgerSink is implemented once per group.\ntype LedgerSink interface {\n\tMeta() string\n}\n"


def group(name: str) -> str:
    return (f"package {name}\n\nimport \"example.com/p/internal/sink\"\n\n"
            f"func LedgerSink() sink.LedgerSink {{ return ledgerSink{{}} }}\n\ntype ledgerSink struct{{}}\n")


def test_a_name_one_file_defines_as_a_type_and_others_as_functions_means_the_type(tmp_workspace):
    text = "# 4. Groups\n\n## Decision\n\nEach group hands its `LedgerSink` to the provider.\n"
    ws = write(tmp_workspace, {"internal/sink/sink.go": SINK, **{f"internal/{g}/{g}.go": group(g) for g in "abcd"}})
    assert texts(ws, text) == ["symbol:go:LedgerSink@internal/sink/sink.go"]
    for rel in ("internal/c/c.go", "internal/d/d.go"):
        (ws / rel).unlink()
    assert texts(ws, text) == ["symbol:go:LedgerSink@internal/sink/sink.go"]  # not the functions beside it
    write(ws, {"internal/other/sink.go": SINK.replace("Meta", "Name")})
    assert texts(ws, text) == []  # two types of that name: which one is meant is not known


def test_a_type_word_defined_once_as_a_type_beside_functions_of_its_name_anchors_the_type(tmp_workspace):
    ws = write(tmp_workspace, {
        "app/models/edition.py": "class Edition:\n    pass\n",
        "app/publish.py": "def Edition(doc):\n    return doc\n",
        "app/draft.py": "def Edition(doc):\n    return doc\n",
    })
    assert texts(ws, "**Edition**: A numbered version of a document.\n") == [
        "symbol:python:app.models.edition.Edition@app/models/edition.py"]


def test_a_name_far_into_a_sentence_an_example_opens_is_what_the_sentence_tells(tmp_workspace):
    """Shaped on alphagov/content-publisher's docs/adr/0009 (MIT): "For example when a user edits the title of an
    edition a new ContentRevision is created" tells what happens to `ContentRevision`; it gives no example of it."""
    ws = write(tmp_workspace, {"app/models/content_revision.rb": "class ContentRevision < ApplicationRecord\nend\n",
                               **RESOURCES})
    text = ("# Modelling history\n\n## Decision\n\nRevisions are split. For example when a user edits the title of an "
            "edition a new ContentRevision is created and the others are kept.\n")
    assert texts(ws, text) == ["symbol:ruby:ContentRevision@app/models/content_revision.rb"]
    listed = "# Labels\n\nResources such as `CFApp`, `CFServiceBinding` and `CFProcess` carry labels.\n"
    assert texts(ws, listed) == []

def test_names_listed_under_an_examples_label_are_the_records_instances(tmp_workspace):
    """openedx/frontend-app-learning (AGPL-3.0) 0006 names its thunks under a line "Examples:" ("`fetchCourse` - The
    thunk for getting course data …", one per line): the instances its naming rule is about. Read as names given in
    passing, the first of them (`fetchCourse`) was dropped and the others kept. "e.g." inside a sentence stays an
    example given in passing."""
    ws = write(tmp_workspace, {
        "src/courseware/data/thunks.js": "export function fetchCourse(id) {\n  return id;\n}\n\n"
                                         "export function fetchSequence(id) {\n  return id;\n}\n",
    })
    text = ("# Thunk and API naming\n\n## Redux Thunks\n\nWe use the `fetch` prefix for loading data.\n\nExamples:\n\n"
            "`fetchCourse` - The thunk for getting course data across several APIs.\n"
            "`fetchSequence` - The thunk for the process of retrieving sequence data.\n")
    assert texts(ws, text) == ["symbol:javascript:fetchCourse@src/courseware/data/thunks.js",
                               "symbol:javascript:fetchSequence@src/courseware/data/thunks.js"]
    passing = "# Thunks\n\nLoaders are thunks (e.g. `fetchCourse`) named for their verb.\n"
    assert not [t for t in texts(ws, passing) if t.startswith("symbol:")]


def test_a_bold_label_a_record_repeats_is_a_form_field_not_a_term(tmp_workspace):
    """Shaped on EffortlessMetrics/covguard's docs/adr/ADR-015.md: each of its sections repeats
    "**Location**: Inline in `src/lib.rs`" and "**Scope**:"; the `Location` struct and `Scope` enum of other
    crates are not what it defines. A label written once (`**Edition**:`) still reads as a term."""
    ws = write(tmp_workspace, {
        "crates/geo/src/lib.rs": "pub struct Location {\n    pub line: u32,\n}\n",
        "crates/auth/src/lib.rs": "pub enum Scope {\n    Read,\n}\n",
        "app/models/edition.py": "class Edition:\n    pass\n",
    })
    section = "## {0}\n\n**Location**: Inline in the crate.\n\n**Scope**: {0} only.\n\n"
    form = "# Inline helpers\n\n" + "".join(section.format(name) for name in ("Parser", "Render", "Report"))
    assert texts(ws, form) == []
    assert texts(ws, form + "**Edition**: A numbered version of a document.\n") == [
        "symbol:python:app.models.edition.Edition@app/models/edition.py"]


def test_a_type_named_as_code_of_common_words_anchors_its_one_top_level_definition(tmp_workspace):
    """Shaped on ONSdigital/census31-eq-questionnaire-runner's 0009 ("an attribute of the `ListStore`") and
    ScilifelabDataCentre/swedish-pathogens-portal-django's 0004 ("implements `DataTypeListView`"): every word of
    the name is common, yet written as code it is the one class the project coined it for."""
    ws = write(tmp_workspace, {
        "app/data_models/list_store.py": "class ListStore:\n    pass\n",
        "pages/portal_data/views.py": "class DataTypeListView:\n    pass\n\ndef data_view():\n    pass\n",
        "a/user_service.py": "class UserService:\n    pass\n",
        "b/user_service.py": "class UserService:\n    pass\n",
        "c/helpers.py": "def ModelView():\n    pass\n",
        "d/forms.py": "class Outer:\n    class FormState:\n        pass\n",
        "tests/test_items.py": "class ItemList:\n    pass\n",
    })
    assert texts(ws, "# 9. Primary person\n\nThe primary person is an attribute of the `ListStore`.\n") == [
        "symbol:python:app.data_models.list_store.ListStore@app/data_models/list_store.py"]
    assert texts(ws, "# 4. Export\n\nThe export page implements `DataTypeListView`.\n") == [
        "symbol:python:pages.portal_data.views.DataTypeListView@pages/portal_data/views.py"]
    # written in prose, not as code; defined twice; only a function; only nested; only in tests: no one type
    assert texts(ws, "# 4. Export\n\nThe DataTypeListView lists data.\n") == []
    assert texts(ws, "# 5. Users\n\nThe `UserService` keeps them.\n") == []
    assert texts(ws, "# 6. Views\n\nThe `ModelView` and the `FormState` and the `ItemList`.\n") == []


def test_a_class_a_code_block_defines_with_its_bases_as_the_code_does_anchors_it(tmp_workspace):
    """ScilifelabDataCentre/swedish-pathogens-portal-django (MIT) 0002's example is `class Article(models.Model):`
    with the docstring of `pages/articles/models.py`'s: a plain word, named nowhere else, yet the record copies that
    very definition."""
    ws = write(tmp_workspace, {
        "pages/articles/models.py": "from django.db import models\n\n\nclass Article(models.Model):\n    pass\n",
        "pages/topics/models.py": "class Topic(models.Model):\n    pass\n\nclass Article:\n    pass\n",
        "web/Panel.java": "public class Panel extends Component {\n}\n",
        "web/Other.java": "public class Panel extends Component {\n}\n",
        "app/store.cs": "class Store : IStore\n{\n}\n",
    })
    record = "# 2. Code style\n\n```python\nclass Article(models.Model):\n    \"\"\"Research findings.\"\"\"\n```\n"
    assert texts(ws, record) == ["symbol:python:pages.articles.models.Article@pages/articles/models.py"]
    # another base, the same line in two files, a class written without its bases: nothing
    assert texts(ws, "# 2.\n\n```python\nclass Article(BaseModel):\n    pass\n```\n") == []
    assert texts(ws, "# 3.\n\n```java\npublic class Panel extends Component {\n}\n```\n") == []
    assert texts(ws, "# 4.\n\n```python\nclass Article:\n    pass\n```\n") == []
    assert texts(ws, "# 5.\n\n```csharp\nclass Store : IStore\n{\n}\n```\n") == [
        "symbol:csharp:Store@app/store.cs"]


def test_a_type_written_with_its_type_arguments_anchors_the_file_named_for_it(tmp_workspace):
    """Shaped on Siteimprove/alfa (MIT) ADR 9, "Use `Result<T, E>` to model errors": `Result` is a common word, but written
    with type arguments it is a type, and the file named for it (`alfa-result/src/result.ts`) its place, not another
    package's own `Result` interface. Written alone, the common word still anchors nothing."""
    ws = write(tmp_workspace, {"packages/alfa-result/src/result.ts": "export interface Result<T, E = T> {\n}\n",
                               "packages/alfa-xpath/src/function.ts": "export interface Result {\n}\n"})
    generic = "# ADR 9: Use `Result<T, E>` to model errors\n\n## Decision\n\nWe will implement a `Result<T, E>` type.\n"
    found = derive_anchors(generic, "docs/architecture/decisions/adr-009.md", AnchorContext(ws))
    assert [(d.anchor.kind, d.anchor.file) for d in found] == [("symbol", "packages/alfa-result/src/result.ts")]
    plain = "# ADR 9: Model errors\n\n## Decision\n\nEach parser returns a `Result`.\n"
    assert derive_anchors(plain, "docs/architecture/decisions/adr-009.md", AnchorContext(ws)) == []


def test_a_member_of_a_name_the_code_defines_only_as_a_method_names_nothing(tmp_workspace):
    """jaegertracing/jaeger RFC 0011 (Apache-2.0): spans "with OTEL `StatusCode.ERROR`" anchored a sample's method
    `StatusError.StatusCode`; a method has no member `ERROR`, so the name is OpenTelemetry's enum, not this code's."""
    ws = write(tmp_workspace, {
        "examples/hotrod/pkg/httperr/httperr.go": ("package httperr\n\ntype StatusError struct{ Code int }\n\n"
                                                  "func (e *StatusError) StatusCode() int { return e.Code }\n"),
        "internal/summary/summary.go": "package summary\n\ntype SpanCounter struct{ N int }\n",
    })
    text = "# RFC 0011: Error counts\n\nCount spans with OTEL `StatusCode.ERROR`, and `SpanCounter.Add` them.\n"
    found = derive_anchors(text, "docs/rfc/0011.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.anchor.file) for d in found] == [("symbol:go:SpanCounter", "internal/summary/summary.go")]
