"""What a decision names beyond a workspace path: a file path written from some other folder, a .NET
project by its dotted name, the type its title is about, and the classes implementing a contract it is
titled for. Each anchors only when it means one place."""

from pathlib import Path

from lore.sources import concepts
from lore.sources.layout import WorkspaceLayout
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on carbon-aware-sdk's casdk-docs/docs/architecture/decisions (Green-Software-Foundation/carbon-aware-sdk, MIT).
WATTTIME = ("# 15. WattTime v3 Changes\n\n## Status\n\nAccepted\n\n## Decision\n\nThe paths are configured at "
            "`CarbonAware.DataSources.WattTime/src/Constants/Paths.cs`.\n")
REGISTRATION = ("# 6. Data Source Registration\n\n## Context\n\nData sources are hardcoded into a separate\n"
                "`CarbonAware.DataSources.Registration` project.\n")
INTERFACES = ("# 7. Data Source Interfaces\n\n## Decision\n\nEach data source implements `IEmissionsDataSource`,\n"
              "which the aggregator calls.\n")
# Shaped on log4brains' docs/adr/20201016-use-the-adr-slug-as-its-unique-id.md (thomvaill/log4brains, Apache-2.0).
SLUG = ("# Use the ADR slug as its unique ID\n\n- Status: accepted\n\n## Decision\n\n"
        "An ADR will be uniquely identified by its file name without the extension.\n")

CSPROJ = "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n"


def texts(root: Path, text: str, rel: str = "docs/decisions/0001.md") -> list[str]:
    found = derive_anchors(text, rel, AnchorContext(root))
    return sorted(f"{d.anchor.to_text()}@{d.anchor.file}" if d.anchor.file else d.anchor.to_text() for d in found)


def test_a_file_path_written_from_another_folder_anchors_the_one_file_ending_with_it(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/Sources/CarbonAware.DataSources.WattTime/src/Constants/Paths.cs": "class Paths {}\n",
        "src/Sources/CarbonAware.DataSources.WattTime/src/Other.cs": "class Other {}\n",
    })
    assert "src/Sources/CarbonAware.DataSources.WattTime/src/Constants/Paths.cs" in texts(ws, WATTTIME)


def test_a_file_path_two_folders_end_with_anchors_neither(tmp_workspace):
    ws = write(tmp_workspace, {
        "a/CarbonAware.DataSources.WattTime/src/Constants/Paths.cs": "class Paths {}\n",
        "b/CarbonAware.DataSources.WattTime/src/Constants/Paths.cs": "class Paths {}\n",
    })
    assert not [t for t in texts(ws, WATTTIME) if "Paths.cs" in t]


def test_only_a_file_is_found_by_the_end_of_its_path_not_a_folder():
    layout = WorkspaceLayout(Path("/nonexistent"))
    for d in ("x", "x/response", "x/response/data"):
        layout.add(d, True)
    layout.add("x/response/data/a.py", False)
    layout.add("x/lib/util.py", False)
    layout.finish()
    assert layout.resolve("response/data") == []
    assert layout.resolve("lib/util.py") == ["x/lib/util.py"]
    assert layout.resolve("util.py") == []


def test_a_dotnet_project_named_by_its_dotted_name_anchors_its_folder(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/Sources/CarbonAware.DataSources.Registration/Registration.csproj": CSPROJ,
        "src/Sources/CarbonAware.DataSources.Registration/Configuration/Extensions.cs": "class Extensions {}\n",
    })
    assert "src/Sources/CarbonAware.DataSources.Registration/**" in texts(ws, REGISTRATION)


def test_a_dotted_name_two_folders_carry_or_no_project_holds_anchors_nothing(tmp_workspace):
    twice = write(tmp_workspace / "twice", {
        "a/CarbonAware.DataSources.Registration/Registration.csproj": CSPROJ,
        "b/CarbonAware.DataSources.Registration/Registration.csproj": CSPROJ,
    })
    assert texts(twice, REGISTRATION) == []
    docs = write(tmp_workspace / "docs", {"site/CarbonAware.DataSources.Registration/index.md": "# Registration\n"})
    assert texts(docs, REGISTRATION) == []


def test_the_type_a_title_names_in_words_anchors_its_one_definition(tmp_workspace):
    ws = write(tmp_workspace, {
        "packages/core/src/adr/domain/AdrSlug.ts": "export class AdrSlug {\n  constructor(readonly value: string) {}\n}\n",
        "packages/core/src/adr/domain/Adr.ts": "export class Adr {}\n",
    })
    assert texts(ws, SLUG) == ["symbol:typescript:AdrSlug@packages/core/src/adr/domain/AdrSlug.ts"]


# Shaped on govuk-chat's docs/adr/0003-output-guardrails.md (alphagov/govuk-chat, MIT).
GUARDRAILS = ("# 3. Output guardrails\n\nDate: 2024-07-09\n\n## Decision\n\nWe implement a version of guardrails that "
              "uses a single chat completions call after answer generation.\n")


def test_a_type_inside_the_modules_of_its_namespace_is_the_type_a_title_names_when_its_file_is_named_for_it(
        tmp_workspace):
    ws = write(tmp_workspace, {
        "lib/answer_composition/pipeline/output_guardrails.rb":
            "module AnswerComposition\n  module Pipeline\n    class OutputGuardrails\n      def call\n      end\n"
            "    end\n  end\nend\n",
    })
    assert texts(ws, GUARDRAILS) == [
        "symbol:ruby:AnswerComposition.Pipeline.OutputGuardrails@lib/answer_composition/pipeline/output_guardrails.rb"]


def test_a_type_inside_another_type_is_not_the_type_a_title_names(tmp_workspace):
    ws = write(tmp_workspace, {
        "lib/answer_composition/pipeline.rb":
            "module AnswerComposition\n  class Pipeline\n    class OutputGuardrails\n      def call\n      end\n"
            "    end\n  end\nend\n",
    })
    assert texts(ws, GUARDRAILS) == []


def test_a_title_names_no_type_defined_twice_nor_words_after_its_head(tmp_workspace):
    ws = write(tmp_workspace, {
        "a/AdrSlug.ts": "export class AdrSlug {}\n",
        "b/AdrSlug.ts": "export class AdrSlug {}\n",
        "c/unique.ts": "export function uniqueId() { return 1; }\nexport class UniqueId {}\n",
    })
    assert texts(ws, SLUG) == []


# Shaped on adyen-commercetools' docs/adr/0010-generate-idempotency-key.md (Adyen/adyen-commercetools, MIT).
IDEMPOTENCY = ("# 10. Generate idempotency key\n\n## Status\n\nApproved\n\n## Decision\n\n"
               "For the above reasons, we picked `transaction.id` as the idempotency key.\n")


def test_the_top_level_function_named_for_all_of_a_titles_words_anchors_its_one_definition(tmp_workspace):
    ws = write(tmp_workspace, {
        "extension/src/paymentHandler/payment-utils.js":
            "function getIdempotencyKey(transaction) {\n  return transaction.key\n}\n\n"
            "function generateIdempotencyKey({ paymentObject, operation }) {\n  return paymentObject.id + operation\n}\n\n"
            "module.exports = { getIdempotencyKey, generateIdempotencyKey }\n",
        "extension/test/test-utils.js": "function generateIdempotencyKey() { return 1 }\n",
    })
    assert texts(ws, IDEMPOTENCY) == ["symbol:javascript:generateIdempotencyKey@extension/src/paymentHandler/payment-utils.js"]


def test_a_method_named_for_a_titles_words_is_part_of_its_owners_work(tmp_workspace):
    ws = write(tmp_workspace, {
        "extension/src/keys.js": "class Keys {\n  generateIdempotencyKey() {\n    return 1\n  }\n}\n",
    })
    assert texts(ws, IDEMPOTENCY) == []


IMPLEMENTERS = {
    "src/Interfaces/IEmissionsDataSource.cs": "public interface IEmissionsDataSource\n{\n    void Get();\n}\n",
    "src/WattTime/WattTimeDataSource.cs": "public class WattTimeDataSource : IEmissionsDataSource\n{\n    public void Get() {}\n}\n",
    "src/Json/JsonDataSource.cs": "public class JsonDataSource : IEmissionsDataSource\n{\n    public void Get() {}\n}\n",
}


def test_a_contract_a_decision_is_titled_for_anchors_the_classes_implementing_it(tmp_workspace):
    ws = write(tmp_workspace, IMPLEMENTERS)
    assert texts(ws, INTERFACES) == ["symbol:csharp:IEmissionsDataSource@src/Interfaces/IEmissionsDataSource.cs",
                                     "symbol:csharp:JsonDataSource@src/Json/JsonDataSource.cs",
                                     "symbol:csharp:WattTimeDataSource@src/WattTime/WattTimeDataSource.cs"]


def test_a_contract_named_under_another_title_anchors_only_itself(tmp_workspace):
    ws = write(tmp_workspace, IMPLEMENTERS)
    other = INTERFACES.replace("# 7. Data Source Interfaces", "# 7. Remove the aggregator layer")
    assert texts(ws, other) == ["symbol:csharp:IEmissionsDataSource@src/Interfaces/IEmissionsDataSource.cs"]


def test_a_contracts_implementers_are_kept_beside_the_paths_its_record_writes(tmp_workspace):
    ws = write(tmp_workspace, {**IMPLEMENTERS, **{f"src/Config/Part{i}.cs": f"class Part{i} {{}}\n" for i in range(5)}})
    text = INTERFACES + "".join(f"Its settings are in `src/Config/Part{i}.cs`.\n" for i in range(5))
    found = texts(ws, text)
    assert "symbol:csharp:JsonDataSource@src/Json/JsonDataSource.cs" in found
    assert "symbol:csharp:WattTimeDataSource@src/WattTime/WattTimeDataSource.cs" in found


def test_a_proposed_contract_anchors_only_itself(tmp_workspace):
    ws = write(tmp_workspace, IMPLEMENTERS)
    found = derive_anchors(INTERFACES, "docs/decisions/0001.md", AnchorContext(ws), proposal=True)
    assert [d.anchor.value for d in found] == ["IEmissionsDataSource"]


# Shaped on ClickHouse/terraform-provider-clickhouse's decisions/0002-adopt-service-group-layout.md and internal/service
# (Apache-2.0): each service group's package has a function returning the interface.
REGISTRY = ("# 2. Adopt a service-group layout with a ServicePackage registry\n\n## Decision Outcome\n\n"
            "Each group implements a `service.ServicePackage` interface. The hand-written `ServicePackage`\n"
            "implementations are small and explicit.\n")
SERVICE_GO = "package service\n\ntype ServicePackage interface {\n\tMeta() Metadata\n}\n\ntype Metadata struct{}\n"


def service_group(name: str) -> str:
    return (f"package {name}\n\nimport \"example.com/p/internal/service\"\n\n"
            f"func ServicePackage() service.ServicePackage {{ return servicePackage{{}} }}\n\n"
            f"type servicePackage struct{{}}\n\nfunc (servicePackage) Meta() service.Metadata {{\n"
            f"\treturn service.Metadata{{}}\n}}\n")


def test_a_go_contract_anchors_the_types_asserting_it_and_the_functions_returning_it(tmp_workspace):
    ws = write(tmp_workspace, {
        "internal/service/service.go": SERVICE_GO,
        **{f"internal/service/{g}/{g}.go": service_group(g) for g in ("clickhouse", "postgres", "clickstack")},
        "internal/service/dbops/dbops.go": ("package dbops\n\nvar _ service.ServicePackage = (*pkg)(nil)\n\n"
                                            "type pkg struct{}\n"),
        "internal/service/registry/registry.go": ("package registry\n\nfunc ServicePackages() []service.ServicePackage "
                                                  "{\n\treturn nil\n}\n"),
        "internal/service/registry/registry_test.go": ("package registry\n\nfunc fake() service.ServicePackage {\n"
                                                       "\treturn nil\n}\n"),
    })
    assert texts(ws, REGISTRY) == ["symbol:go:ServicePackage@internal/service/clickhouse/clickhouse.go",
                                   "symbol:go:ServicePackage@internal/service/clickstack/clickstack.go",
                                   "symbol:go:ServicePackage@internal/service/postgres/postgres.go",
                                   "symbol:go:ServicePackage@internal/service/service.go",
                                   "symbol:go:pkg@internal/service/dbops/dbops.go"]


def test_a_go_contract_made_in_more_files_than_a_contract_may_anchor_anchors_only_itself(tmp_workspace):
    ws = write(tmp_workspace, {"internal/service/service.go": SERVICE_GO,
                               **{f"internal/service/g{i}/g{i}.go": service_group(f"g{i}") for i in range(9)}})
    assert texts(ws, REGISTRY) == ["symbol:go:ServicePackage@internal/service/service.go"]


# Shaped on log4brains' docs/adr/20210113-distribute-log4brains-as-a-global-npm-package.md (thomvaill/log4brains, Apache-2.0).
GLOBAL = ("# Distribute Log4brains as a global NPM package\n\n## Context\n\nRun `init-log4brains`, which installs "
          "`@log4brains/web`.\n\n## Decision Outcome\n\nIt is published as a global NPM package named `log4brains`.\n")


def test_a_package_named_as_it_is_published_anchors_its_folder(tmp_workspace):
    ws = write(tmp_workspace, {
        "package.json": '{"name": "root", "private": true}\n',
        "packages/global-cli/package.json": '{"name": "log4brains"}\n',
        "packages/global-cli/src/cli.ts": "export function run() {}\n",
        "packages/web/package.json": '{"name": "@log4brains/web"}\n',
        "packages/web/src/index.ts": "export const web = 1;\n",
        "packages/py/pyproject.toml": '[project]\nname = "init-log4brains"\n',
        "packages/py/init.py": "x = 1\n",
    })
    assert texts(ws, GLOBAL) == ["packages/global-cli/**", "packages/py/**", "packages/web/**"]


def test_a_published_name_two_packages_share_or_a_common_word_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, {
        "a/package.json": '{"name": "log4brains"}\n', "a/x.ts": "export const a = 1;\n",
        "b/package.json": '{"name": "log4brains"}\n', "b/x.ts": "export const b = 1;\n",
        "c/package.json": '{"name": "api"}\n', "c/x.ts": "export const c = 1;\n",
    })
    assert texts(ws, GLOBAL.replace("@log4brains/web", "api")) == []


def test_a_title_word_and_a_name_word_match_by_their_stem(tmp_workspace):
    ws = write(tmp_workspace, {"src/export/CffExporter.java": "public class CffExporter {\n}\n"})
    assert texts(ws, "# CFF export of multiple entries\n\nOne file per library.\n") == [
        "symbol:java:CffExporter@src/export/CffExporter.java"]
    assert texts(ws, "# Multiple entries in CFF export\n\nOne file per library.\n") == [], "the head, before the preposition"


def test_a_name_the_title_spells_leaves_out_names_sharing_only_its_stems(tmp_workspace):
    """Shaped on kumahq/kuma (Apache-2.0): "MeshMetric profiles" is about the policy type (defined twice,
    its API and its generated Kubernetes type), not the control plane's `MeshMetrics` settings."""
    ws = write(tmp_workspace, {
        "pkg/plugins/policies/meshmetric/api/v1alpha1/meshmetric.go": "package v1alpha1\n\ntype MeshMetric struct {\n}\n",
        "pkg/plugins/policies/meshmetric/k8s/v1alpha1/zz_generated.types.go": "package v1alpha1\n\ntype MeshMetric struct {\n}\n",
        "pkg/config/app/kuma-cp/config.go": "package kumacp\n\ntype MeshMetrics struct {\n}\n",
    })
    found = texts(ws, "# MeshMetric profiles (predefined subsets of all metrics)\n\nProfiles pick metrics.\n")
    assert not [a for a in found if "config.go" in a] and found
    ws = write(tmp_workspace, {  # another run of the title's words keeps its own names
        "pkg/lb/api.go": "package lb\n\ntype LocalityAwareness struct {\n}\n",
        "pkg/lb/a.go": "package lb\n\ntype LoadBalancing struct {\n}\n",
        "pkg/lb/b.go": "package lb\n\ntype LoadBalancing struct {\n}\n",
    })
    assert texts(ws, "# Locality aware load balancing\n\nPrefer the local zone.\n") == [
        "symbol:go:LocalityAwareness@pkg/lb/api.go"]


# Shaped on fundraising-application's doc/adr/002_Add_Bucket_Testing.md (wmde/fundraising-application, GPL-2.0-or-later).
BUCKETS = ("# 002 - Add [Bucket Testing](https://en.wikipedia.org/wiki/A/B_testing) to all parts of the application\n\n"
           "Each campaign assigns a visitor to a bucket.\n")


def test_the_folder_a_title_names_in_words_anchors_whole(tmp_workspace):
    ws = write(tmp_workspace, {f"src/BucketTesting/Part{i}.php": "<?php\nclass Part {}\n" for i in range(40)})
    assert texts(ws, BUCKETS) == ["src/BucketTesting/**"]


def test_a_folder_a_title_names_twice_over_or_too_big_anchors_nothing(tmp_workspace):
    twice = write(tmp_workspace / "twice", {"a/BucketTesting/A.php": "<?php\n", "b/bucket_testing/B.php": "<?php\n"})
    assert texts(twice, BUCKETS) == []
    big = write(tmp_workspace / "big", {f"src/BucketTesting/Part{i}.php": "<?php\n" for i in range(61)})
    assert texts(big, BUCKETS) == []
    data = write(tmp_workspace / "data", {"src/data/bucket-testing/a.json": "{}\n", "src/App.php": "<?php\n"})
    assert texts(data, BUCKETS) == [], "a folder of data is no subject"


# Shaped on wins' docs/adrs/0002 and 0004 (rancher/wins, Apache-2.0).
def test_a_folder_named_by_a_titles_words_run_together_anchors_as_if_they_were_apart(tmp_workspace):
    ws = write(tmp_workspace, {"pkg/systemagent/agent.go": "package systemagent\n",
                               "pkg/csiproxy/csi.go": "package csiproxy\n", "pkg/apikey/key.go": "package apikey\n"})
    assert texts(ws, "# 2. Add System Agent support to Wins\n\nWins runs the agent.\n") == ["pkg/systemagent/**"]
    assert texts(ws, "# 4. CSI Proxy and Configuration\n\nWins runs the proxy.\n") == ["pkg/csiproxy/**"]
    assert texts(ws, "# 5. Rotate the API key\n\nKeys expire.\n") == [], "too short to be those words alone"
    # kumahq/kuma: eight records titled "MeshService …" (one name, the resource's) lensed every file of the
    # `meshservice` package; a name written whole names its type, not the package spelling it in lower case
    ws = write(tmp_workspace, {"pkg/meshservice/helpers.go": "package meshservice\n"})
    assert texts(ws, "# MeshService API\n\nA new resource.\n") == []


# Shaped on manage.get.gov's docs/architecture/decisions/0002 and 0009 (cisagov/manage.get.gov, CC0-1.0).
def test_a_well_known_tool_a_title_names_anchors_its_files_and_one_named_in_passing_nothing(tmp_workspace):
    files = {"src/Dockerfile": "FROM python:3.12\n", "src/docker-compose.yml": "services: {}\n",
             "src/app/x.py": "x = 1\n"}
    files |= {f".github/workflows/job{i}.yaml": "on: push\n" for i in range(8)}
    ws = write(tmp_workspace, files)
    assert texts(ws, "# 2. Docker for development\n\nWe develop in containers.\n") == [
        "src/Dockerfile", "src/docker-compose.yml"]
    assert texts(ws, "# 9. GitHub Actions\n\nCI runs on each push.\n") == [".github/workflows/**"]
    assert texts(ws, "# 10. Templates\n\nRun it in Docker, from GitHub Actions.\n") == []


# Shaped on job-server's docs/adr/0020, 0022 and 0031 (opensafely-core/job-server, GPL-3.0-or-later) and
# teaching-vacancies' documentation/adr/0011 (DFE-Digital/teaching-vacancies, MIT).
def test_tools_configured_by_files_of_fixed_names_anchor_them_and_of_several_the_one_named_for_the_title(tmp_workspace):
    files = {".github/dependabot.yml": "version: 2\n", "Procfile": "web: gunicorn\n", "app.json": "{}\n",
             ".devcontainer/devcontainer.json": "{}\n", ".devcontainer/Dockerfile": "FROM ruby\n",
             ".devcontainer/docker-compose.local.yml.example": "services: {}\n",
             "src/app/x.py": "x = 1\n"}
    files |= {f".github/workflows/{n}.yml": "on: push\n" for n in ("main", "deploy", "verification-tests")}
    ws = write(tmp_workspace, files)
    assert texts(ws, "# 19. Manually approve Dependabot PRs\n\nA person reviews each.\n") == [".github/dependabot.yml"]
    assert texts(ws, "# 31. Rap status update uses Dokku service\n\nIt runs as a process.\n") == [
        "./Procfile", "./app.json"]
    assert texts(ws, "# Encourage use of devcontainers for local development\n\nSet up once.\n") == [
        ".devcontainer/Dockerfile", ".devcontainer/devcontainer.json", ".devcontainer/docker-compose.local.yml.example"], \
        "not the one file named for where it runs"
    assert texts(ws, "# 21. Move verification testing to its own GitHub workflow\n\nIt runs nightly.\n") == [
        ".github/workflows/verification-tests.yml"]
    assert texts(ws, "# 9. GitHub workflows\n\nCI runs on each push.\n") == [
        ".github/workflows/deploy.yml", ".github/workflows/main.yml", ".github/workflows/verification-tests.yml"]
    assert texts(ws, "# 10. Reviews\n\nDependabot opens PRs; we deploy to Dokku.\n") == [], "named in the body only"


def test_an_acronym_a_title_writes_anchors_the_folders_of_the_one_namespace_so_named(tmp_workspace):
    """DFE-Digital/claim-additional-payments-for-teaching (MIT) 0012, "Automate DQT Integration with Claim service",
    anchored nothing: its client is `lib/dqt/`, Ruby's `module Dqt`, reopened in `app/models/dqt/`. An acronym of the
    trade ("API"), a folder that is no namespace so named, or two packages so named anchor nothing."""
    title = "# 12. Automate DQT Integration with Claim service\n\nThe service validates each teacher against DQT.\n"
    ruby = write(tmp_workspace / "ruby", {"lib/dqt/client.rb": "module Dqt\n  class Client\n  end\nend\n",
                                          "lib/dqt/teacher.rb": "module Dqt\n  class Teacher\n  end\nend\n",
                                          "app/models/dqt/retrieve.rb": "module Dqt\n  class Retrieve\n  end\nend\n",
                                          "spec/lib/dqt/client_spec.rb": "describe Dqt::Client do\nend\n",
                                          "lib/api/client.rb": "module Api\n  class Client\n  end\nend\n",
                                          "app/models/claim.rb": "class Claim\nend\n"})
    assert texts(ruby, title) == ["app/models/dqt/**", "lib/dqt/**"]
    assert texts(ruby, "# 13. Version the API\n\nEach route has a version.\n") == []
    views = write(tmp_workspace / "views", {"app/views/dqt/show.html.erb": "<p>x</p>\n", "app/models/claim.rb": "class Claim\nend\n"})
    assert texts(views, title) == []
    python = write(tmp_workspace / "py", {"src/dqt/__init__.py": "", "src/dqt/client.py": "def fetch():\n    pass\n"})
    assert texts(python, title) == ["src/dqt/**"]
    two = write(tmp_workspace / "go", {"pkg/dqt/client.go": "package dqt\n", "internal/dqt/fake.go": "package dqt\n"})
    assert texts(two, title) == []


def test_heroku_is_titled_for_the_procfile_it_reads_not_the_local_one(tmp_workspace):
    """DFE-Digital/claim-additional-payments-for-teaching (MIT) 0004, "Deployment on Heroku", anchored `Procfile.dev`,
    the processes `foreman` or `overmind` start on a developer's machine; Heroku reads `Procfile`, `app.json` and
    `heroku.yml`. A title naming the Procfile itself is about every one."""
    ws = write(tmp_workspace, {"Procfile": "web: bin/rails server\n", "Procfile.dev": "web: bin/rails server -p 3000\n",
                               "heroku.yml": "build: {}\n", "app/models/claim.rb": "class Claim\nend\n"})
    assert texts(ws, "# 4. Deployment on Heroku\n\nWe will use Heroku to deploy the application.\n") == [
        "./Procfile", "./heroku.yml"]
    assert texts(ws, "# 5. One Procfile per environment\n\nEach lists its processes.\n") == [
        "./Procfile", "./Procfile.dev"]


# Shaped on fundraising-application's doc/adr/013_Main_Factory.md (wmde/fundraising-application, GPL-2.0-or-later).
COMPOSER = '{"autoload": {"psr-4": {"WMDE\\\\Fundraising\\\\Frontend\\\\": "src/", "WMDE\\\\Fundraising\\\\Frontend\\\\App\\\\": "app/"}}}\n'


def test_a_php_namespace_or_class_anchors_the_folder_or_file_its_autoload_map_gives(tmp_workspace):
    ws = write(tmp_workspace, {
        "composer.json": COMPOSER,
        "src/Factories/EnvironmentSetup/ProductionEnvironmentSetup.php": "<?php\nclass ProductionEnvironmentSetup {}\n",
        "app/Controllers/ContactController.php": "<?php\nclass ContactController {}\n",
    })
    text = ("# Building objects in the main factory\n\nSee the classes in `WMDE\\Fundraising\\Frontend\\Factories\\"
            "EnvironmentSetup` and `WMDE\\Fundraising\\Frontend\\App\\Controllers\\ContactController`.\n")
    assert texts(ws, text) == ["app/Controllers/ContactController.php", "src/Factories/EnvironmentSetup/**",
                               "symbol:php:ContactController@app/Controllers/ContactController.php"]
    assert texts(ws, "# Factories\n\nSee `WMDE\\Fundraising\\Frontend\\Nowhere`.\n") == []


def test_a_package_path_of_three_parts_anchors_the_one_folder_ending_with_it(tmp_workspace):
    ws = write(tmp_workspace, {
        "jablib/src/main/java/org/jabref/logic/importer/Importer.java": "package org.jabref.logic.importer;\nclass Importer {}\n",
        "jablib/src/main/java/org/jabref/logic/exporter/Exporter.java": "package org.jabref.logic.exporter;\nclass Exporter {}\n",
    })
    assert texts(ws, "# Importers\n\nEvery format lives in `org.jabref.logic.importer`.\n") == [
        "jablib/src/main/java/org/jabref/logic/importer/**"]


# Shaped on manage.get.gov's docs/architecture/decisions/0016-django-form-wizard.md (cisagov/manage.get.gov, CC0-1.0).
WIZARD = ("# 16. Django form wizard\n\n## Decision\n\nThe domain request is a wizard of forms; each step of the "
          "wizard validates its own form.\n")


def test_a_record_naming_no_code_anchors_the_few_files_named_for_its_titles_head_weakly(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/registrar/forms/domain_request_wizard.py": "x = 1\n",
        "src/registrar/forms/utility/wizard_form_helper.py": "x = 1\n",
        "src/registrar/forms/tests/test_wizard.py": "x = 1\n",
        "src/registrar/views/domain.py": "class DomainView:\n    pass\n",
    })
    found = derive_anchors(WIZARD, "docs/decisions/0016.md", AnchorContext(ws))
    assert sorted((d.anchor.to_text(), d.score < 0.8) for d in found) == [
        ("src/registrar/forms/domain_request_wizard.py", True), ("src/registrar/forms/utility/wizard_form_helper.py", True)]
    assert texts(ws, WIZARD.replace("is a wizard of forms; each step of the wizard", "has steps; each")) == [], \
        "a head noun the prose does not come back to"
    assert texts(ws, WIZARD + "\nSee `DomainView`.\n") == ["symbol:python:src.registrar.views.domain.DomainView@src/registrar/views/domain.py"], \
        "a record that names code is anchored by what it names"
    assert derive_anchors(WIZARD, "docs/decisions/0016.md", AnchorContext(ws), proposal=True) == [], "nor a proposal"


def test_a_file_is_named_for_a_titles_head_when_the_head_is_much_of_its_name(tmp_workspace):
    # Shaped on JabRef/jabref's docs/decisions/0013-add-native-support-biblatex-software.md (MIT), whose head
    # "support" lit `DatabaseNotSupportedException.java`, and celestiaorg/celestia-app's adr-012 (Apache-2.0),
    # "Sequence Length Encoding", governing `app/encoding/encoding.go`.
    ws = write(tmp_workspace, {
        "src/logic/shared/DatabaseNotSupportedException.java": "class DatabaseNotSupportedException {}\n",
        "app/encoding/encoding.go": "package encoding\n",
    })
    support = ("# Add native support for BibLaTeX-Software\n\n## Status\n\nAccepted\n\n## Decision\n\n"
               "Support the entry types natively; the support covers the fields too.\n")
    encoding = ("# ADR 012: Sequence Length Encoding\n\n## Status\n\nAccepted\n\n## Decision\n\n"
                "The encoding writes a length first; every share follows the encoding.\n")
    assert texts(ws, support) == []
    assert texts(ws, encoding) == ["app/encoding/encoding.go"]
    # guardian/dotcom-rendering (Apache-2.0): "support" in many file names is its vocabulary, however few are short
    more = write(tmp_workspace / "dcr", {
        "src/components/SupportingContent.tsx": "export const SupportingContent = 1;\n",
        "src/client/hideSupportMessaging.ts": "export const hide = 1;\n",
        "src/lib/supportFlags.ts": "export const f = 1;\n",
        "src/lib/readerRevenueSupportBanner.ts": "export const b = 1;\n",
    })
    assert texts(more, support) == []


def test_a_titles_head_is_a_word_a_file_name_begins_with_and_rspec_files_are_tests(tmp_workspace):
    # Shaped on bitzesty/qae's doc/architecture/decisions/0010-change-logging-format-to-asim.md (MIT): "format"
    # is inside "information" and begins "formatted_time" of an RSpec support file; only the formatter is its home.
    ws = write(tmp_workspace, {
        "lib/formatters/asim_formatter.rb": "class AsimFormatter\nend\n",
        "app/assets/stylesheets/frontend/views/useful-information.scss": ".x { color: red; }\n",
        "spec/models/shared/formatted_time_for_examples.rb": "shared_examples 'formatted time' do\nend\n",
    })
    text = ("# 10. Change logging format to ASIM\n\n## Decision\n\nLogs are written in the ASIM format; the format "
            "keeps fields the SIEM reads.\n")
    assert texts(ws, text) == ["lib/formatters/asim_formatter.rb"]


def test_a_title_opening_on_a_move_has_no_head_noun(tmp_workspace):
    # teaching-vacancies' documentation/adr/0010 (DFE-Digital/teaching-vacancies, MIT): "Migrate" is what it
    # does, not what it is about; rake tasks named migrate_* are no home of it.
    ws = write(tmp_workspace, {"lib/tasks/migrate_legacy_job_preferences.rake": "task :x\n",
                               "lib/tasks/migrate_exceptions.rake": "task :y\n"})
    text = ("# Migrate from Algolia to Postgres-based search\n\nWe decided to migrate away from Algolia. To migrate, "
            "we index vacancies; we migrate in one step.\n")
    assert texts(ws, text) == []


def test_a_head_noun_many_files_are_named_for_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, {f"src/wizards/w{i}_wizard.py": "x = 1\n" for i in range(4)})
    assert texts(ws, WIZARD) == []


def test_a_head_noun_a_broad_folder_or_many_files_of_any_kind_are_named_for_anchors_nothing(tmp_workspace):
    # Shaped on dimagi/commcare-cloud's decisions (BSD-3-Clause): "Implement one command to deploy" lit
    # `commands/command_base.py` in a folder of forty commands; "Back service elasticsearch with custom
    # implementation" lit `schemas/elasticsearch.py` beside an `elasticsearch` role and its configuration files.
    command = ("# 3. Implement one command to deploy\n\n## Decision\n\nOne command deploys; the command runs "
               "each step.\n")
    ws = write(tmp_workspace / "deploy", {"src/app/commands/command_base.py": "class CommandBase:\n    pass\n"})
    assert texts(ws, command) == ["src/app/commands/command_base.py"]
    write(ws, {f"src/app/commands/step{i}.py": "x = 1\n" for i in range(4)})
    assert texts(ws, command) == [], "the folder `commands/` holds more files than a word may anchor"
    search = ("# 2. Back service elasticsearch with custom implementation\n\n## Decision\n\nWe run elasticsearch "
              "ourselves; elasticsearch keeps the indices.\n")
    ws = write(tmp_workspace / "hosting", {"environment/schemas/elasticsearch.py": "x = 1\n",
                                          "docs/elasticsearch.md": "# Notes\n"})
    assert texts(ws, search) == ["environment/schemas/elasticsearch.py"], "a document is no file named for it"
    write(ws, {f"environments/{env}/elasticsearch.yml": "nodes: 3\n" for env in ("staging", "production", "india")})
    assert texts(ws, search) == [], "configuration files named for it count"


def test_a_migration_named_for_a_titles_head_is_no_home_of_it(tmp_workspace):
    # afomera/relay (MIT): D4, "Development TLS: self-signed wildcard with CLI trust-on-first-use", is about dev
    # certificates; the two migrations named for custom-domain wildcards are one schema change each.
    ws = write(tmp_workspace, {
        "migrations/postgres/20260418000003_custom_domain_wildcard.sql": "ALTER TABLE domains ADD wildcard BOOL;\n",
        "migrations/sqlite/20260418000003_custom_domain_wildcard.sql": "ALTER TABLE domains ADD wildcard INTEGER;\n",
        "crates/relay-edge/src/tls.rs": "pub fn generate_dev_cert() {}\n",
    })
    text = ("# D4 — Development TLS: self-signed wildcard with CLI trust-on-first-use\n\nIn dev mode the server "
            "generates a self-signed wildcard cert for the base domain; the wildcard covers every tunnel.\n")
    assert texts(ws, text) == []
    ws = write(tmp_workspace, {"crates/relay-edge/src/wildcard_cert.rs": "pub fn make() {}\n"})
    assert texts(ws, text) == ["crates/relay-edge/src/wildcard_cert.rs"]


def test_a_titles_head_that_is_the_projects_own_name_anchors_nothing(tmp_path):
    # openedx/credentials' docs/decisions/0009 (openedx/credentials, AGPL-3.0): in a project named credentials,
    # "credential" is what every part of it is about.
    ws = write(tmp_path / "credentials", {
        "credentials/apps/verifiable_credentials/storages/learner_credential_wallet.py": "x = 1\n",
        "credentials/apps/verifiable_credentials/management/commands/generate_issuer_credentials.py": "x = 1\n",
    })
    text = ("# Issue digital credentials in the learner's records page\n\nA learner asks for a credential; the "
            "credential is signed, and the credential goes to a wallet.\n")
    assert texts(ws, text) == []
    other = write(tmp_path / "records", {"src/storages/learner_credential_wallet.py": "x = 1\n"})
    assert texts(other, text) == ["src/storages/learner_credential_wallet.py"]


def test_a_titles_head_that_is_the_whole_system_anchors_nothing(tmp_workspace):
    # kgrzybek/modular-monolith-with-ddd's docs/architecture-decision-log/0004 (MIT): "the system" is all of it,
    # not the two `SystemClock.cs` named for the word.
    ws = write(tmp_workspace, {"src/Meetings/Domain/SystemClock.cs": "public class SystemClock {}\n",
                               "src/Payments/Domain/SystemClock.cs": "public class SystemClock {}\n"})
    text = ("# 4. Divide the system into 4 modules\n\n## Decision\n\nWe need to modularize our system. Each "
            "module of the system is developed on its own.\n")
    assert texts(ws, text) == []
    assert texts(ws, text.replace("system", "clock")) == ["src/Meetings/Domain/SystemClock.cs",
                                                          "src/Payments/Domain/SystemClock.cs"]


def test_a_preposition_inside_a_compound_of_a_title_is_part_of_the_name_it_spells(tmp_workspace):
    # kgrzybek/modular-monolith-with-ddd's 0015 (MIT): "In-Memory" is one word of the title, not "in" ending its head.
    ws = write(tmp_workspace, {
        "src/BuildingBlocks/Infrastructure/EventBus/InMemoryEventBus.cs": "public sealed class InMemoryEventBus {}\n",
        "src/Modules/Meetings/Configuration/EventsBus/EventsBusModule.cs": "internal class EventsBusModule {}\n",
    })
    text = ("# 15. Use In-Memory Events Bus\n\n## Decision\n\nSolution number 1 - In Memory Events Bus.\n")
    assert texts(ws, text) == [
        "symbol:csharp:InMemoryEventBus@src/BuildingBlocks/Infrastructure/EventBus/InMemoryEventBus.cs"]
    assert texts(ws, text.replace("In-Memory", "in memory")) == [], "a preposition of its own ends the head"


def test_pictures_are_no_code_a_record_names_or_is_titled_for(tmp_workspace):
    # GSA-TTS/FAC's material icons (`architecture.svg`, CC0-1.0) under "Initial architecture"; informalsystems/hermes'
    # ADR 002 (Apache-2.0), whose diagrams are `assets/IBC_relayer.jpeg`.
    ws = write(tmp_workspace, {
        "backend/static/img/material-icons/architecture.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>\n",
        "docs/architecture/assets/IBC_relayer.jpeg": "not really a picture\n",
        "docs/architecture/assets/IBC_relayer.gif": "not really a picture\n",
        "crates/relayer/src/link.rs": "pub struct Link;\n",
    })
    text = ("# 3. Initial architecture\n\n## Decision\n\nThe architecture has three parts; the architecture is drawn "
            "in ![relayer](assets/IBC_relayer.jpeg) and `docs/architecture/assets/IBC_relayer.gif`.\n")
    assert texts(ws, text, "docs/architecture/adr-003.md") == []
    ws = write(tmp_workspace, {"backend/audit/architecture.py": "x = 1\n"})
    assert texts(ws, text, "docs/architecture/adr-003.md") == ["backend/audit/architecture.py"]


def test_a_title_saying_what_the_project_does_not_do_has_no_head_noun(tmp_workspace):
    # dapr/dapr's docs/decision_records/api/API-010 (Apache-2.0): no code implements what it decided against, and
    # the two `versioning.go` are about workflows and components.
    ws = write(tmp_workspace, {"pkg/components/versioning.go": "package components\n",
                               "pkg/actors/workflow/versioning.go": "package workflow\n"})
    text = ("# API-010: Do not implement App Callback Versioning for HTTP\n\n## Decision\n\nVersioning of the app "
            "callback stays out of HTTP; versioning is for gRPC only.\n")
    assert texts(ws, text) == []
    assert texts(ws, text.replace("Do not implement ", "")) == ["pkg/actors/workflow/versioning.go",
                                                                 "pkg/components/versioning.go"]


def test_a_title_saying_what_the_project_removes_has_no_head_noun(tmp_workspace):
    # CMS-Enterprise/mint-app 0010 "Remove existing Data Backfill command" was anchored on the seed program's
    # `seed_command_tui.go` and cypress' `commands.js`: what is named for "command" is what stays.
    ws = write(tmp_workspace, {"cmd/dbseed/seed_command_tui.go": "package main\n", "cypress/support/commands.js": "x\n"})
    text = "# 10. Remove existing Data Backfill command\n\n## Decision\n\nThe backfill command goes; no command replaces it.\n"
    assert texts(ws, text) == []
    assert texts(ws, text.replace("Remove existing ", "")) != []


def test_the_projects_own_name_is_no_class_a_record_names(tmp_path):
    # ahitrin/SiebenApp's doc/adr/0005-forever-alpha-version.md (MIT): "SiebenApp stays in alpha" is about the
    # project, though `siebenapp/app.py` defines a class of its name; in another project the class is the name's.
    text = "# 5. Forever alpha version\n\n## Decision\n\n`SiebenApp` stays in alpha: no compatibility promises.\n"
    files = {"siebenapp/app.py": "class SiebenApp:\n    pass\n"}
    assert texts(write(tmp_path / "SiebenApp", files), text) == []
    assert texts(write(tmp_path / "goals", files), text) == ["symbol:python:siebenapp.app.SiebenApp@siebenapp/app.py"]


def test_the_record_on_keeping_records_is_about_no_file_named_decision(tmp_workspace):
    # Bentebent/zeebe-rs (MIT): the adr-tools first record, "Record architecture decisions", beside `src/decision.rs`
    # (the engine's decision tables).
    ws = write(tmp_workspace, {"src/decision.rs": "pub struct Decision;\n"})
    text = ("# 1. Record architecture decisions\n\n## Decision\n\nWe will use Architecture Decision Records; each "
            "decision gets a record.\n")
    assert texts(ws, text) == []


def test_a_folder_of_pages_or_pictures_is_no_code_a_record_names(tmp_workspace):
    # jaegertracing/jaeger's docs/rfc/0011 (Apache-2.0) writes `docs/rfc/`, its own folder; carbon-aware-sdk's 0004
    # (MIT) writes `/docs/images`. A folder holding code is still named.
    ws = write(tmp_workspace, {
        "docs/rfc/0011-trace-summary-api.md": "# RFC 0011\n", "docs/rfc/README.md": "# RFCs\n",
        "docs/images/arch.png": "png", "docs/images/flow.svg": "<svg/>",
        "cmd/query/service.go": "package query\n\nfunc Find() {}\n",
    })
    text = "# RFC 0011: Trace summaries\n\n## Decision\n\nRFCs live in `docs/rfc/`, diagrams in `docs/images`; see `cmd/query`.\n"
    assert texts(ws, text, "docs/rfc/0011-trace-summary-api.md") == ["cmd/query/**"]


def test_a_records_number_is_no_word_of_its_title(tmp_workspace):
    # defenseunicorns/pepr's adr/0005 (Apache-2.0), "# 5: Migrate to Jest and Refactor E2E Tests to Journey Tests",
    # lit `migrateStore.ts` (a store's key migration): read with its number, "migrate" was the title's head noun.
    ws = write(tmp_workspace, {"src/lib/controller/migrateStore.ts": "export function migrateStore() {}\n",
                               "src/lib/controller/store.ts": "export class Store {}\n"})
    text = ("# 5: Migrate to Jest and Refactor E2E Tests to Journey Tests\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "We migrate the unit tests to Jest, and migrate the end-to-end tests to journeys.\n")
    assert texts(ws, text) == []
    assert concepts.title_head("5: Migrate to Jest", text) is None
    assert concepts.title_head("ROS2 bridge design", "The design of the bridge. A design in two parts.") == "design"


def test_an_adverb_ending_a_titles_head_is_how_not_what(tmp_workspace):
    """UKGovernmentBEIS/beis-report-official-development-assistance (MIT) 0030, "Run data migrations manually", ended
    its head with "manually" and anchored nothing; the generator of data migrations is what it added. A noun ending
    in -ly stays the head."""
    ws = write(tmp_workspace, {"lib/generators/data_migration_generator.rb": "class DataMigrationGenerator\nend\n",
                               "app/models/activity.rb": "class Activity\nend\n"})
    text = ("# 30. Run data migrations manually\n\n## Decision\n\nWe run any data migrations manually. A generator "
            "creates the migration file; we run the migration on the server.\n")
    assert concepts.title_head("30. Run data migrations manually", text) == "migration"
    assert texts(ws, text) == ["lib/generators/data_migration_generator.rb"]
    assert concepts.title_head("Load the plugin assembly", "The assembly loads. An assembly per plugin.") == "assembly"


def test_what_a_title_sets_against_its_subject_is_no_part_of_it(tmp_workspace):
    # Aybavs/go-kv-store docs/design-decisions/0004 (MIT): "Log Canonical Effects, Not Client Commands" is about the
    # append-only file's effect records, not `internal/command/command.go`, what it says is not logged.
    ws = write(tmp_workspace, {"internal/command/command.go": "package command\n\nfunc Parse() {}\n",
                               "internal/aof/aof.go": "package aof\n\nfunc Append() {}\n"})
    text = ("# ADR 0004: Log Canonical Effects, Not Client Commands\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "The log stores effects, not the commands clients send; replaying a command twice differs, an effect "
            "does not. Commands stay out of the log.\n")
    assert texts(ws, text) == []
    assert concepts.title_head("Log Canonical Effects, Not Client Commands", text) == "effect"
    assert concepts.title_head("Use queues rather than cron commands", "A queue; the queue.") == "queue"
    # DFE-Digital/manage-entitlement-funding-for-early-years-providers (MIT) 0010 "Security and privacy by design"
    # anchored the scaffolded `Privacy.cshtml.cs`: a head joining two subjects ends with neither
    privacy = "Privacy notices stay short. Privacy is designed in; privacy reviews come first."
    assert concepts.title_head("10. Security and privacy by design", privacy) is None
    assert concepts.title_head("10. Privacy by design", privacy) == "privacy"


def test_a_version_managers_pin_file_and_a_stylesheet_written_whole_are_anchored(tmp_workspace):
    """INFURA/infrakit (Apache-2.0) "Manage tool dependencies using asdf" is about its `.tool-versions`;
    Davidslv/seams (MIT) gives "the example `_quire.css` theme", the one stylesheet of that name."""
    ws = write(tmp_workspace, {
        ".tool-versions": "golang 1.22.0\n",
        "templates/app/assets/themes/_quire.css": "@theme { --color-ink: #111; }\n",
        "app/models/user.rb": "class User\nend\n",
    })
    assert texts(ws, "# 2. Manage tool dependencies using asdf\n\nAccepted\n") == ["./.tool-versions"]
    assert texts(ws, "# 3. Tailwind\n\nAs the example `_quire.css` theme shows.\n") == \
        ["templates/app/assets/themes/_quire.css"]


def test_a_build_tools_wrapper_run_in_a_command_is_no_subject(tmp_workspace):
    # DmytroShulha/sudoku docs/adr/adr-008 (Apache-2.0): "run `./gradlew detektCheck` locally"; spac-valentin/project-seed
    # 0004: "invoked with `./gradlew itest`". The wrapper is how any build runs, not what a record governs.
    ws = write(tmp_workspace, {"gradlew": "#!/bin/sh\n", "mvnw": "#!/bin/sh\n", "config/detekt/detekt.yml": "a: 1\n",
                               "app/src/Main.kt": "package app\n\nclass Main\n"})
    text = ("# 8. Static analysis with Detekt\n\n## Decision\n\nRun `./gradlew detektCheck` locally, or `./mvnw verify`; "
            "the rules live in `config/detekt/detekt.yml`.\n")
    assert texts(ws, text) == ["config/detekt/detekt.yml"]


def test_a_dot_file_written_whole_is_that_file(tmp_workspace):
    # defenseunicorns/uds-core adrs/0007 (AGPL-3.0): "configured in `.husky/pre-commit` and `.yamllint`": the second
    # is as much a file of the workspace as the first, though it has no extension nor folder.
    ws = write(tmp_workspace, {".yamllint": "extends: default\n", ".husky/pre-commit": "npx lint-staged\n",
                               "src/a.ts": "export const a = 1\n"})
    text = "# 7. Lint before commit\n\n## Decision\n\nHooks are configured in `.husky/pre-commit` and `.yamllint`.\n"
    assert texts(ws, text) == ["./.yamllint", ".husky/pre-commit"]
    assert texts(ws, "# 8. Env\n\n## Decision\n\nNothing goes in `.env`.\n") == []  # no such file here


def test_a_component_a_script_and_a_dot_file_written_whole_are_those_files(tmp_workspace):
    # StrongSteve/duellumdiegeld 0011 (MIT) writes **iPadFrame.vue** and 0013 "The `start.sh` script detects…";
    # henryeffel/jobops-radar 0003 (MIT) lists `.env.example`. Each is the one file so named.
    ws = write(tmp_workspace, {"frontend/src/components/iPadFrame.vue": "<template><div/></template>\n",
                               "deploy/start.sh": "#!/bin/sh\nexec node main.js\n", ".env.example": "DATABASE_URL=x\n",
                               "src/main.ts": "export const a = 1\n"})
    text = ("# 11. Frame the game in an iPad\n\n## Decision\n\nThe **iPadFrame.vue** component wraps the views. The "
            "`start.sh` script seeds the database; `.env.example` lists the settings.\n")
    assert texts(ws, text) == ["./.env.example", "deploy/start.sh", "frontend/src/components/iPadFrame.vue"]


# Shaped on git-en-boite's doc/adr/0014-always-use-value-objects-in-the-core.md (SmartBear/git-en-boite, MIT).
VALUE_OBJECTS = ("# 14. Always use value objects in the core\n\n## Status\n\nAccepted\n\n## Decision\n\n"
                 "All types passed into the interfaces of the core package are value objects. We'll use value\n"
                 "object classes, exported by the core package, to represent values.\n")
MONOREPO = {
    "package.json": '{"name": "git-en-boite", "workspaces": ["packages/*"]}\n',
    "packages/core/package.json": '{"name": "@git-en-boite/core"}\n',
    "packages/core/src/ref_name.ts": "export class RefName {}\n",
    "packages/app/package.json": '{"name": "@git-en-boite/app"}\n',
    "packages/app/src/server.ts": "export const server = 1\n",
}


def test_a_part_of_the_project_named_in_prose_with_the_word_for_it_anchors_its_folder(tmp_workspace):
    ws = write(tmp_workspace, MONOREPO)
    assert "packages/core/**" in texts(ws, VALUE_OBJECTS)


def test_a_part_a_record_names_in_words_only_in_its_context_anchors_nothing(tmp_workspace):
    """mikevalstar/grimoire's 0008 and 0017 tell in their context that "the first deployments are a desktop app": that
    anchored `apps/desktop/**`, the decisions on users and covers shown on the desktop shell. Where a record states its
    decision in a part of its own, a part it names in words there, in a heading or in its title anchors; one named only
    in its context does not."""
    ws = write(tmp_workspace, {**MONOREPO, "apps/desktop/package.json": '{"name": "desktop"}\n',
                               "apps/desktop/src/index.ts": "export const shell = 1\n"})
    context = ("# 8. Multiple users without authentication\n\n## Context\n\nThe first deployments are a desktop app "
               "someone quits.\n\n## Decision\n\nEach reader picks a profile.\n")
    assert texts(ws, context) == []
    decided = context.replace("Each reader picks a profile.", "The desktop app asks for no password.")
    assert texts(ws, decided) == ["apps/desktop/**"]
    plain = "# 8. Multiple users\n\nThe first deployments are a desktop app someone quits.\n"
    assert texts(ws, plain) == ["apps/desktop/**"], "a record with no decision part is read whole"


def test_a_part_in_prose_two_folders_share_or_a_word_saying_which_part_anchors_nothing(tmp_workspace):
    twice = write(tmp_workspace / "twice", {**MONOREPO, "tools/core/package.json": '{"name": "core-tools"}\n'})
    assert not [t for t in texts(twice, VALUE_OBJECTS) if "core" in t]
    which = write(tmp_workspace / "which", {**MONOREPO, "packages/new/package.json": "{}\n"})
    assert texts(which, "# 3. Split the server\n\nWe move the queue into the new package.\n") == []
    docs = write(tmp_workspace / "docs", {"docs/core/index.md": "# Core\n", "src/main.ts": "export const a = 1\n"})
    assert texts(docs, VALUE_OBJECTS) == []


def test_a_folder_of_typescript_without_its_own_package_json_is_no_package_named_in_prose(tmp_workspace):
    """guardian/cdk (Apache-2.0) 005-x01: "Or just the core package?" and "the core `@guardian/cdk` package" (the
    library) anchored `src/constructs/core/**`, a folder of its code; in JavaScript a package has a package.json."""
    ws = write(tmp_workspace, {"package.json": '{"name": "@guardian/cdk"}\n',
                               "src/constructs/core/stack.ts": "export class GuStack {}\n",
                               "src/constructs/iam/policy.ts": "export class GuPolicy {}\n"})
    assert not [t for t in texts(ws, VALUE_OBJECTS) if "core" in t]
    python = write(tmp_workspace / "py", {"pyproject.toml": "[project]\nname = 'x'\n", "x/core/__init__.py": "",
                                          "x/core/values.py": "class RefName:\n    pass\n", "x/app.py": "a = 1\n"})
    assert "x/core/**" in texts(python, VALUE_OBJECTS)


def test_a_part_in_prose_named_once_as_where_something_lives_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, MONOREPO)
    passing = "# 9. Retry failed fetches\n\nA background job in the core package retries failed fetches.\n"
    assert texts(ws, passing) == []


def test_a_service_named_in_prose_is_a_project_of_its_own_not_a_folder_of_code_named_so(tmp_workspace):
    """DFE-Digital/claim-additional-payments-for-teaching (MIT) 0012, "Automate DQT Integration with Claim service":
    "The claim service team will be responsible ..." anchored `app/models/claim/**`, the Rails models of claims.
    A service, project or workspace is a sub-project with its own manifest; a Django app is a package of code."""
    rails = write(tmp_workspace / "rails", {"Gemfile": "gem 'rails'\n", "app/models/claim.rb": "class Claim\nend\n",
                                            "app/models/claim/finder.rb": "class Claim::Finder\nend\n",
                                            "app/models/claim/report.rb": "class Claim::Report\nend\n"})
    text = ("# 12. Automate the checks\n\n## Decision\n\nThe claim service team will run the checks; the claim "
            "service validates each claim against the register.\n")
    assert not [t for t in texts(rails, text) if "claim" in t]
    services = write(tmp_workspace / "services", {"services/claim/Gemfile": "gem 'sinatra'\n",
                                                  "services/claim/app.rb": "class ClaimApp\nend\n",
                                                  "services/payroll/Gemfile": "gem 'sinatra'\n",
                                                  "services/payroll/app.rb": "class PayrollApp\nend\n"})
    assert "services/claim/**" in texts(services, text)


def test_a_part_named_in_prose_too_big_to_be_one_decisions_subject_anchors_nothing(tmp_workspace):
    """cisagov/manage.get.gov (CC0) 0029, "DNS Hosting architecture: use services in registrar app": the whole
    Django app (hundreds of files) took the lens of a record deciding where DNS code lives."""
    app = {f"src/registrar/models/model_{n}.py": f"class Model{n}:\n    pass\n" for n in range(31)}
    ws = write(tmp_workspace, {**app, "src/registrar/apps.py": "class RegistrarConfig:\n    pass\n"})
    text = ("# 29. DNS Hosting architecture: use services in registrar app\n\n## Decision\n\n"
            "We will add DNS services inside the registrar app, which keeps one set of migrations.\n")
    assert not [t for t in texts(ws, text) if t.startswith("src/registrar")]


def test_a_build_file_a_record_names_anchors_the_one_file_so_named(tmp_workspace):
    """kcoconnor/hapi-fhir-jpaserver-starter's 0009 ("Distroless container") quotes its "Multi-stage Dockerfile:" and
    got no anchor; the workspace has one `Dockerfile`. Where several sub-projects each keep one, none is meant."""
    text = "# 9. Distroless container\n\n## Decision\n\nMulti-stage Dockerfile:\n\n```\nFROM maven AS build\n```\n"
    one = write(tmp_workspace / "one", {"Dockerfile": "FROM debian\n", "src/app.py": "def main():\n    pass\n",
                                        "tests/Dockerfile": "FROM debian\n"})
    assert texts(one, text) == ["./Dockerfile"]
    two = write(tmp_workspace / "two", {"api/Dockerfile": "FROM debian\n", "web/Dockerfile": "FROM node\n"})
    assert texts(two, text) == []
    assert texts(one, "# 9. Images\n\n```\nCOPY Dockerfile /x\n```\n") == []  # a name in a code block is code


def test_a_path_written_without_its_extension_anchors_the_few_files_it_names(tmp_workspace):
    """danbrakeley/hardlinkmgr (GPL-3.0) 0002 writes `src/core/LinkRunner`, meaning `LinkRunner.h` and `LinkRunner.cpp`."""
    ws = write(tmp_workspace, {"src/core/LinkRunner.h": "class LinkRunner {};\n",
                               "src/core/LinkRunner.cpp": "#include \"LinkRunner.h\"\n",
                               "src/core/LinkRunner.test.cpp": "int x;\n", "docs/LinkRunner.md": "# LinkRunner\n"})
    text = "# 2. Metadata-only match finder\n\n## Decision\n\nThe work runs on a thread in `src/core/LinkRunner`.\n"
    assert texts(ws, text) == ["src/core/LinkRunner.cpp", "src/core/LinkRunner.h"]


def test_a_path_a_language_loads_from_a_source_root_anchors_its_file(tmp_workspace):
    """HealthDataInsight/way_of_working's record adds the code of conduct with `require
    'way_of_working/code_of_conduct/contributor_covenant'`, Ruby's load path for `lib/…/contributor_covenant.rb`."""
    ws = write(tmp_workspace, {"lib/way_of_working/code_of_conduct/contributor_covenant.rb": "module WayOfWorking\nend\n",
                               "lib/way_of_working.rb": "module WayOfWorking\nend\n",
                               "spec/way_of_working/code_of_conduct/contributor_covenant_spec.rb": "describe 1\n"})
    text = ("# 2. Add a code of conduct\n\n## Decision\n\nEach project gets one through "
            "`require 'way_of_working/code_of_conduct/contributor_covenant'`.\n")
    assert texts(ws, text) == ["lib/way_of_working/code_of_conduct/contributor_covenant.rb"]
    both = write(tmp_workspace / "both", {"lib/a/b.rb": "x = 1\n", "src/a/b.ts": "export const x = 1;\n"})
    assert texts(both, "# 3. B\n\nWe load `a/b` first.\n") == [], "two source roots hold it: which one is meant?"


def test_a_part_named_in_prose_only_as_where_things_go_anchors_nothing(tmp_workspace):
    """openedx/openedx-learning (AGPL-3.0) 0017 decides containers "will be folded into the publishing app" and lists
    "containers in the publishing app": the whole of `publishing/` took its lens, `publish_log.py` included."""
    app = {f"openedx_learning/apps/authoring/publishing/models/m{n}.py": f"class M{n}:\n    pass\n" for n in range(5)}
    ws = write(tmp_workspace, {**app, "openedx_learning/apps/authoring/publishing/api.py": "def publish():\n    pass\n"})
    text = ("# 17. Modeling Containers\n\n## Decision\n\nThe generalized container will be folded into the publishing app."
            "\n\n- Generalized containers (containers in the publishing app are the lowest level)\n")
    assert not [t for t in texts(ws, text) if "publishing" in t]
    acts = text.replace("- Generalized containers", "- The publishing app keeps every container's versions.\n- Generalized containers")
    assert "openedx_learning/apps/authoring/publishing/**" in texts(ws, acts)


def test_an_elixir_module_written_as_code_anchors_its_file(tmp_workspace):
    """peguesj/sound-forge-alchemy ADR-002: "The implementation is in `SoundForge.Audio.AnalyzerPort`", whose file is
    `lib/sound_forge/audio/analyzer_port.ex`; nothing was anchored."""
    ws = write(tmp_workspace, {"lib/sound_forge/audio/analyzer_port.ex": "defmodule SoundForge.Audio.AnalyzerPort do\nend\n",
                               "lib/sound_forge/music.ex": "defmodule SoundForge.Music do\nend\n",
                               "mix.exs": "defmodule SoundForge.MixProject do\nend\n"})
    text = ("# ADR-002: Python integration\n\n## Decision\n\nThe implementation is in `SoundForge.Audio.AnalyzerPort`; "
            "contexts such as `SoundForge.Music` call it, and `Phoenix.LiveView` renders the result.\n")
    assert texts(ws, text) == ["lib/sound_forge/audio/analyzer_port.ex", "lib/sound_forge/music.ex"]


def test_a_dotnet_namespace_written_as_code_anchors_the_one_folder_its_dots_spell(tmp_workspace):
    """DFE-Digital/manage-entitlement-funding-for-early-years-providers 0014 (MIT): "Shared contracts reside in
    `ManageEntitlementFunding.Domain.DataTransfer`", the folder `DataTransfer` of the project folder
    `src/ManageEntitlementFunding.Domain` (a .NET project is named for its namespace); it was read as a path of
    folders and anchored nothing."""
    ws = write(tmp_workspace, {
        "src/ManageEntitlementFunding.Domain/DataTransfer/ProviderSummaryDto.cs": "public record ProviderSummaryDto;\n",
        "src/ManageEntitlementFunding.Domain/ManageEntitlementFunding.Domain.csproj": "<Project />\n",
        "src/ManageEntitlementFunding.Web/Pages/Index.cshtml.cs": "public class IndexModel {}\n",
        "a/Shared/Models/X.cs": "class X {}\n", "b/Shared/Models/Y.cs": "class Y {}\n"})
    text = "# 14. Tenancy\n\n## Decision\n\nShared contracts reside in `ManageEntitlementFunding.Domain.DataTransfer`.\n"
    assert texts(ws, text) == ["src/ManageEntitlementFunding.Domain/DataTransfer/**"]
    assert texts(ws, "# 14. Tenancy\n\n## Decision\n\nModels live in `Shared.Models`.\n") == []  # two folders


def test_a_lower_camel_case_name_written_as_code_anchors_the_one_module_so_named(tmp_workspace):
    """albatrocity/lending-library 0003: "must record activity via `activityService`", a module of functions in
    `src/lib/server/services/activityService.ts`; nothing was anchored."""
    ws = write(tmp_workspace, {"src/lib/server/services/activityService.ts": "export const recordActivity = () => 1\n",
                               "src/lib/server/services/activityService.test.ts": "test('x', () => {})\n",
                               "src/lib/a/userId.ts": "export const a = 1\n", "src/lib/b/userId.ts": "export const b = 1\n"})
    text = ("# 3. Activity stream pattern\n\n## Decision\n\nNew features must record activity via `activityService`; "
            "rows carry a `userId`.\n")
    assert texts(ws, text) == ["src/lib/server/services/activityService.ts"]


def test_a_dot_file_named_in_prose_is_that_file(tmp_workspace):
    """qbit86/arborescence (MIT) 0002, "Configure line endings in a .gitattributes file", got no anchor; the
    workspace's `.gitattributes` is what it decides. An extension named in prose ("all .md files") is no file."""
    ws = write(tmp_workspace, {".gitattributes": "* text=auto\n", "src/Graph.cs": "class Graph {}\n"})
    text = "# 2. Configure line endings in a .gitattributes file\n\n## Decision\n\nUse `* text=auto` for all .md files.\n"
    assert texts(ws, text) == ["./.gitattributes"]


def test_a_file_tree_of_another_repository_anchors_nothing_here(tmp_workspace):
    """dr3dr3/terraform (MIT) ADR-003 and ADR-004 draw "service-a/  (Application monorepo - separate from infra)"
    over `├── Dockerfile` and `└── .github/workflows/`: the workspace's own workflows and dev container took them."""
    ws = write(tmp_workspace, {".github/workflows/plan.yml": "on: push\n", "terraform/main.tf": "terraform {}\n"})
    tree = ("# 3. Layering\n\n## Decision\n\nApplications live in their own repositories:\n\n```\n{root}/  (separate)\n"
            "├── src/\n├── Dockerfile\n└── .github/workflows/\n    └── deploy.yaml\n```\n")
    assert texts(ws, tree.format(root="service-a")) == []
    assert ".github/workflows/**" in texts(ws, tree.format(root="terraform"))


def test_a_function_nested_in_a_function_is_no_subject_of_a_title(tmp_workspace):
    """A closure (`createInMemoryCollabBroker.fanOut`, here `makeHandler.generateIdempotencyKey`) is one step of
    the function holding it, as a method is of its owner: a title naming it anchors nothing; the top-level
    function of that name does."""
    nested = write(tmp_workspace / "nested", {
        "extension/src/handler.js": "function makeHandler(ctx) {\n  function generateIdempotencyKey(op) {\n"
                                    "    return ctx.id + op\n  }\n  return generateIdempotencyKey\n}\n",
    })
    assert texts(nested, IDEMPOTENCY) == []
    top = write(tmp_workspace / "top", {
        "extension/src/keys.py": "def generate_idempotency_key(op):\n    def salt():\n        return 1\n    return op\n",
    })
    assert texts(top, IDEMPOTENCY) == ["symbol:python:extension.src.keys.generate_idempotency_key@extension/src/keys.py"]


# Shaped on OPRE-OPS' docs/adr/024-use-hhs-ams-for-authentication.md and 010-use-renovatebot-dependency-updates.md
# (HHS/OPRE-OPS, CC0-1.0).
AMS = "# 24. HHS AMS (AuthN)\n\nUsers sign in through HHS AMS, over OAuth.\n"
AMS_PROVIDER = "class HhsAmsProvider(AuthenticationProvider):\n    def authenticate(self, code):\n        return code\n"


def test_words_a_title_writes_capitalised_anchor_the_one_file_and_type_whose_names_begin_with_them(tmp_workspace):
    """ADR 024 "HHS AMS (AuthN)" anchored nothing: its provider is `hhs_ams_provider.py`, class `HhsAmsProvider`.
    A file named so holding the type anchors as the file; a type named so in a file that is not anchors as the
    type; a longer word (`hhs_amsterdam`), a test, or two files or two types named so anchor nothing."""
    auth = "backend/ops/auth/provider"
    ws = write(tmp_workspace / "one", {f"{auth}/hhs_ams_provider.py": AMS_PROVIDER,
                                       f"{auth}/login_gov_provider.py": "class LoginGovProvider:\n    pass\n",
                                       "backend/tests/auth/test_hhs_ams_provider.py": "def test_it():\n    pass\n",
                                       "backend/ops/hhs_amsterdam.py": "x = 1\n"})
    assert texts(ws, AMS) == [f"{auth}/hhs_ams_provider.py"]
    typed = write(tmp_workspace / "typed", {f"{auth}/providers.py": AMS_PROVIDER})
    assert texts(typed, AMS) == [f"symbol:python:backend.ops.auth.provider.providers.HhsAmsProvider@{auth}/providers.py"]
    two = write(tmp_workspace / "two", {f"{auth}/hhs_ams_provider.py": "x = 1\n", f"{auth}/hhs_ams_client.py": "y = 1\n",
                                        "a/x.py": AMS_PROVIDER, "b/y.py": "class HhsAmsClient:\n    pass\n"})
    assert texts(two, AMS) == []


def test_a_migration_named_for_a_titles_words_is_no_part_of_the_code_it_names(tmp_workspace):
    """alphagov/content-data-api (MIT) ADR 016 "Rename Content Performance Manager to Content Data API" anchored the
    schema migration `RenameContentUuidToWarehouseItemId`: a change made once, whatever it is named for."""
    title = "# ADR 016: Rename Content Performance Manager to Content Data API\n\nThe application is renamed.\n"
    migration = "db/migrate/20180926100046_rename_content_uuid_to_warehouse_item_id.rb"
    ws = write(tmp_workspace / "migration", {
        migration: "class RenameContentUuidToWarehouseItemId < ActiveRecord::Migration[5.2]\n  def change\n  end\nend\n",
        "app/models/item.rb": "class Item\nend\n"})
    assert texts(ws, title) == []
    code = write(tmp_workspace / "code", {"app/services/rename_content_job.rb": "class RenameContentJob\nend\n"})
    assert texts(code, title) == ["app/services/rename_content_job.rb"], "the same name outside migrations anchors"


def test_a_tool_named_with_its_bot_is_that_tool(tmp_workspace):
    """ADR 010 "Use Renovatebot for Dependency Updates" anchored nothing, though `.github/renovate.json` is there."""
    ws = write(tmp_workspace, {".github/renovate.json": "{}\n", ".github/dependabot.yml": "version: 2\n",
                               "src/app/x.py": "x = 1\n"})
    for title in ("Use Renovatebot for Dependency Updates", "Adopt renovate-bot", "Renovate Bot updates packages"):
        assert texts(ws, f"# 10. {title}\n\nIt opens pull requests.\n") == [".github/renovate.json"], title
    assert texts(ws, "# 9. Use GitHub Dependabot\n\nIt opens pull requests.\n") == [".github/dependabot.yml"]
    assert texts(ws, "# 11. A robot reviews each change\n\nIt comments.\n") == []


def test_a_kind_of_library_written_in_plain_words_is_outside_software_not_a_part(tmp_workspace):
    """HHS/OPRE-OPS (CC0) 020, "Form Validation library for frontend": "We will use Vest as our form validation
    library" anchored the backend's `validation/` package. A plain word before "library" says what the library is
    for; the same word before "package", in backticks, or as a package the workspace publishes names the part."""
    ws = write(tmp_workspace, {"backend/pyproject.toml": "[project]\nname = 'api'\n",
                               "backend/api/validation/__init__.py": "",
                               "backend/api/validation/base.py": "class Check:\n    pass\n"})
    text = "# 20. Form validation\n\n## Decision\n\nWe will use Vest as our form validation library.\n"
    assert texts(ws, text) == []
    assert texts(ws, text.replace("form validation library", "`validation` library")) == ["backend/api/validation/**"]
    assert texts(ws, text.replace("library", "package")) == ["backend/api/validation/**"]
    published = write(tmp_workspace / "js", {"package.json": '{"name": "app", "workspaces": ["packages/*"]}\n',
                                             "packages/validation/package.json": '{"name": "validation"}\n',
                                             "packages/validation/index.js": "export const check = () => 1\n"})
    assert texts(published, text) == ["packages/validation/**"]


def test_a_title_confining_a_record_to_one_part_keeps_what_it_reads_from_words_inside_that_part(tmp_workspace):
    """HHS/OPRE-OPS (CC0) 020, "Form Validation library for frontend", speaks of "validation rules" twice: the
    backend's `ValidationRule` took its lens. A title ending "for frontend" (or opening "Frontend:") confines the
    record to the `frontend/` folder: a phrase read from its words anchors only code there; a name it writes as code
    anchors wherever it is defined."""
    ws = write(tmp_workspace, {"backend/api/rules.py": "class ValidationRule:\n    pass\n",
                               "backend/api/other.py": "class PaymentLimit:\n    pass\n",
                               "frontend/src/form.js": "export const field = 1\n"})
    body = ("\n\n## Decision\n\nIt gives a declarative syntax for defining validation rules. We write validation rules "
            "per form.\n")
    assert texts(ws, "# 20. Form validation" + body) == ["symbol:python:backend.api.rules.ValidationRule@backend/api/rules.py"]
    assert texts(ws, "# 20. Form validation for frontend" + body) == []
    assert texts(ws, "# 20. Frontend: form validation" + body) == []
    written = "# 20. Form validation for the front-end" + body + "It checks the `PaymentLimit` too.\n"
    assert texts(ws, written) == ["symbol:python:backend.api.other.PaymentLimit@backend/api/other.py"]
    assert texts(ws, "# 20. Form validation for mobile" + body) == \
        ["symbol:python:backend.api.rules.ValidationRule@backend/api/rules.py"], "no such part: nothing confines it"


def test_a_title_of_common_words_names_the_one_folder_spelling_them_joined(tmp_workspace):
    """openedx/frontend-app-learning 0004 "Model Store" (AGPL-3.0): two common words, and the one folder
    `src/generic/model-store/` spells them; words common alone name a part when they are its whole name."""
    ws = write(tmp_workspace, {
        "src/generic/model-store/slice.js": "export const x = 1;\n",
        "src/generic/model-store/hooks.js": "export const useModel = () => 1;\n",
        "src/courseware/data/api.js": "export const y = 1;\n",
    })
    text = "# Model Store\n\n## Decision\n\nComponents keep server data in one normalised store.\n"
    assert texts(ws, text) == ["src/generic/model-store/**"]
    assert texts(ws, "# Data Flow\n\n## Decision\n\nData flows one way.\n") == []  # no folder spells it
    two = write(tmp_workspace / "two", {"a/model-store/x.js": "export const x = 1;\n",
                                        "b/model_store/y.js": "export const y = 1;\n"})
    assert texts(two, text) == []


def test_a_title_of_one_word_not_a_common_one_names_the_one_folder_spelling_it(tmp_workspace):
    """ONSdigital/census31-eq-questionnaire-runner (MIT) 0007 "Relationships": the one folder
    `app/views/handlers/relationships/` holds the handlers it decides; a common word ("Users") names no part."""
    ws = write(tmp_workspace, {
        "app/views/handlers/relationships/relationship_question.py": "class RelationshipQuestion:\n    pass\n",
        "app/views/handlers/relationships/unrelated_question.py": "class UnrelatedQuestion:\n    pass\n",
        "app/users/models.py": "class Account:\n    pass\n",
    })
    assert texts(ws, "# 7. Relationships\n\n## Decision\n\nEach pair of people is asked how they relate.\n") == [
        "app/views/handlers/relationships/**"]
    assert texts(ws, "# 8. Users\n\n## Decision\n\nAccounts are kept.\n") == []


def test_a_title_of_one_word_and_a_genre_word_names_the_one_type_named_so(tmp_workspace):
    """alphagov/email-alert-api adr-004 "Message Concept" (MIT): the record introduces the `Message` model
    (`app/models/message.rb`); a title of one word besides a word for what the record is names that type, defined
    once in a file named for it."""
    ws = write(tmp_workspace, {"app/models/message.rb": "class Message < ApplicationRecord\nend\n",
                               "app/models/content_change.rb": "class ContentChange < ApplicationRecord\nend\n"})
    text = "# Decision Record: Message Concept\n\n## Decision\n\nWe introduce messages beside content changes.\n"
    assert texts(ws, text) == ["symbol:ruby:Message@app/models/message.rb"]
    assert texts(ws, text.replace("Message Concept", "Use Message Queues")) == []  # more than one word
    # open-feature/flagd (Apache-2.0) "Fractional Operator": the `Fractional` evaluator in `fractional.go`
    ops = write(tmp_workspace / "flagd", {"core/pkg/evaluator/fractional.go": "package evaluator\n\ntype Fractional struct{}\n"})
    assert texts(ops, "# Fractional Operator\n\n## Decision\n\nBuckets by hash.\n") == [
        "symbol:go:Fractional@core/pkg/evaluator/fractional.go"]
    assert texts(ops, "# Fractional Buckets\n\n## Decision\n\nBuckets by hash.\n") == []  # two words of subject


def test_a_title_of_more_words_than_one_names_no_folder_by_its_one_noun(tmp_workspace):
    """Adyen/adyen-commercetools (MIT) 0009 "Using payments for non-payment operations": the folder `api/payment/`
    was anchored as if the title were the one word "payments"."""
    ws = write(tmp_workspace, {"extension/src/api/payment/controller.js": "export function a() {}\n",
                               "extension/src/paymentHandler/disable.js": "export function b() {}\n"})
    text = "# 9. Using payments for non-payment operations\n\n## Decision\n\nDisabling a stored card is a payment.\n"
    assert texts(ws, text) == []
    assert texts(ws, "# 9. Payment\n\n## Decision\n\nPayments are made once.\n") == ["extension/src/api/payment/**"]


def test_a_package_of_the_workspace_written_as_code_by_its_bare_name_anchors_its_folder(tmp_workspace):
    """cert-manager/cert-manager (Apache-2.0) 20200326 "extensible certificate controller": "the `requestmanager`
    controller", the Go package `pkg/controller/certificates/requestmanager/`; nothing was anchored."""
    ws = write(tmp_workspace, {
        "pkg/controller/certificates/requestmanager/requestmanager_controller.go": "package requestmanager\n\nfunc a() {}\n",
        "pkg/controller/certificates/keymanager/keymanager_controller.go": "package keymanager\n\nfunc b() {}\n",
        "pkg/util/helpers/x.go": "package helpers\n\nfunc c() {}\n",
        "a/storage/x.go": "package storage\n\nfunc d() {}\n", "b/storage/y.go": "package storage\n\nfunc e() {}\n",
    })
    text = ("# Extensible certificate controller\n\n## Decision\n\nThe `requestmanager` controller creates requests; the "
            "`keymanager` controller keeps keys. Both use `helpers` and the `storage` package.\n")
    assert texts(ws, text) == ["pkg/controller/certificates/keymanager/**",
                               "pkg/controller/certificates/requestmanager/**"]
    # GSA/notifications-api (CC0-1.0) 0007: "the `notifications` table", in the project named for notifications
    files = {"app/notifications/__init__.py": "", "app/notifications/validators.py": "def check():\n    pass\n",
             "app/invoices/__init__.py": "", "app/invoices/rest.py": "def get():\n    pass\n"}
    tables = write(tmp_workspace / "api", files)
    assert texts(tables, "# 7. Retention\n\nCount the `invoices` table, then the `invoices` rows.\n") == []
    # kumahq/kuma (Apache-2.0): `labels`, `listeners`, `global` written alone are fields and keys as often
    assert texts(tables, "# 7. Retention\n\nSet `invoices` on each resource.\n") == []
    own = "# 7. Retention\n\nCount what the `notifications` package holds, then `notifications` again.\n"
    assert texts(tables, own) == ["app/notifications/**"]
    from lore.sources.mentions import own_package_anchors  # the part "in words" rule reads it otherwise
    assert own_package_anchors(own, AnchorContext(write(tmp_workspace.parent / "notifications-api", files))) == []


def test_a_type_a_title_names_is_the_projects_own_though_a_demo_defines_it_too(tmp_workspace):
    """OnkelMato/MFFM (Apache-2.0) 0300, "Use window manager for form and formmodel management": `WindowManager` is defined in
    `src/Mffm/Core/` and again in a prototype under `demo/`; the title anchored nothing. Two definitions in the
    project's own code still name no one type."""
    ws = write(tmp_workspace, {
        "src/Mffm/Core/WindowManager.cs": "public class WindowManager {}\n",
        "demo/Prototype/MvvmFramework/WindowManager.cs": "public class WindowManager {}\n",
    })
    text = "# Use window manager for form and formmodel management\n\n## Decision\n\nOne manager opens every form.\n"
    assert texts(ws, text) == ["symbol:csharp:WindowManager@src/Mffm/Core/WindowManager.cs"]
    write(ws, {"src/Mffm/Legacy/WindowManager.cs": "public class WindowManager {}\n"})
    assert texts(ws, text) == []


def test_the_scope_the_workspace_publishes_its_packages_under_is_its_own_name(tmp_path):
    """Enterprise-CMCS/managed-care-review (CC0-1.0) publishes `@mc-review/…`; its 013, "Open Source MC Review", was
    titled for `MCReviewSettingsContextType`, a type named for the product as all of it is."""
    ws = write(tmp_path / "managed-care-review", {
        "services/app-web/package.json": '{"name": "@mc-review/app-web"}\n',
        "services/app-web/src/Settings.tsx": "export type MCReviewSettingsContextType = { a: string }\n",
    })
    text = "# 013 — Open Source MC Review\n\nMC Review has been closed source. Open sourcing MC Review helps.\n"
    assert texts(ws, text) == []
    other = write(tmp_path / "other", {"src/Settings.tsx": "export type MCReviewSettingsContextType = { a: string }\n"})
    assert texts(other, text) != []


def test_a_folder_a_title_names_is_the_one_holding_code_though_a_folder_of_scripts_shares_its_name(tmp_workspace):
    """thin-edge/thin-edge.io (Apache-2.0) 0005, titled "tedge-watchdog": `crates/core/tedge_watchdog/` and the package
    scripts in `configuration/package_scripts/_generated/tedge-watchdog/` share the name, and neither was taken."""
    ws = write(tmp_workspace, {
        "crates/core/tedge_watchdog/src/systemd_watchdog.rs": "pub fn start_watchdog() {}\n",
        "crates/core/tedge_watchdog/src/lib.rs": "pub mod systemd_watchdog;\n",
        "configuration/package_scripts/_generated/tedge-watchdog/deb/postinst": "#!/bin/sh\nexit 0\n",
    })
    text = "# tedge-watchdog\n\n## Decision\n\nThe watchdog notifies systemd for each service.\n"
    assert texts(ws, text) == ["crates/core/tedge_watchdog/**"]
    # openedx/credentials (AGPL-3.0) 0009, "Issue verifiable credentials in Learner Records MFE": words of a longer
    # title a docs folder shares with the app are a topic, not the app (its UI lives in another repository)
    app = write(tmp_workspace / "credentials", {
        "credentials/apps/verifiable_credentials/issuance/main.py": "def issue():\n    pass\n",
        "docs/sharing/verifiable_credentials/index.rst": "Sharing\n=======\n"})
    assert texts(app, "# Issue verifiable credentials in Learner Records MFE\n\nLearners ask for them.\n") == []


def test_a_title_naming_a_folder_each_part_holds_alike_anchors_all_of_them(tmp_workspace):
    """smarter-sh/smarter (AGPL-3.0) titles a record "Management Commands": Django keeps them in
    `management/commands/` in each app, a name spelled over two folders, so that no one folder is named for the title
    and the record anchored nothing. Folders several parts hold alike are the kind the title names, when few; a name
    two unlike folders share, or one folder inside another of its name, anchors nothing so."""
    files = {f"web/apps/{app}/management/commands/{cmd}.py": "from django.core.management.base import BaseCommand\n"
             for app in ("account", "plugin", "prompt") for cmd in ("seed", "reset")}
    files |= {f"web/apps/{app}/manifest/brokers/broker.py": "class Broker:\n    pass\n" for app in ("plugin", "chat")}
    files |= {"web/apps/account/models.py": "class Account:\n    pass\n"}
    ws = write(tmp_workspace, files)
    assert texts(ws, "# 10. Management Commands\n\nEach app's commands subclass BaseCommand.\n") == [
        "**/management/commands/**"]
    assert texts(ws, "# 6. Brokers\n\nA manifest is read by its broker.\n") == ["**/brokers/**"]
    nested = write(tmp_workspace / "nested", {"lib/brokers/a.py": "A = 1\n", "lib/brokers/x/brokers/b.py": "B = 1\n"})
    assert texts(nested, "# 6. Brokers\n\nA manifest is read by its broker.\n") == []


def test_a_title_word_a_package_of_the_project_is_published_as_anchors_that_package(tmp_path):
    """Siteimprove/alfa (MIT) publishes `@siteimprove/alfa-trilean`, `alfa-cache`, …; ADR 13 "Use trilean logic for
    reasoning about possibly unknown results" is that package's record. A layer's word ("core") or a common one
    ("option") names no package so."""
    pkg = lambda name: '{"name": "@siteimprove/' + name + '", "version": "1.0.0"}\n'  # noqa: E731
    ws = write(tmp_path / "alfa", {
        "package.json": '{"name": "@siteimprove/alfa", "private": true}\n',
        "packages/alfa-trilean/package.json": pkg("alfa-trilean"),
        "packages/alfa-trilean/src/trilean.ts": "export namespace Trilean {\n}\n",
        "packages/alfa-core/package.json": pkg("alfa-core"),
        "packages/alfa-core/src/core.ts": "export const x = 1;\n",
        "packages/alfa-option/package.json": pkg("alfa-option"),
        "packages/alfa-option/src/maybe.ts": "export const y = 1;\n",
    })
    ctx = AnchorContext(ws)
    found = derive_anchors("# ADR 13: Use trilean logic for reasoning about possibly unknown results\n\n## Decision\n\n"
                           "We will use three values.\n", "docs/architecture/decisions/adr-013.md", ctx)
    assert [d.anchor.value for d in found] == ["packages/alfa-trilean/**"]
    for title in ("Keep the core small", "Use optional values (option)"):
        assert derive_anchors(f"# {title}\n\nWe will.\n", "docs/architecture/decisions/adr-020.md", ctx) == []


# Shaped on govuk-chat's docs/adr/0002-openai-rate-limit-handling.md (alphagov/govuk-chat, MIT).
OPENAI_LIMITS = ("# 0002. Handling OpenAI Rate Limits within the GOV.UK Chat Application\n\n## Decision\n\n"
                 "We will respond to any rate limit from the provider with a crafted error message.\n")


def test_a_folder_a_title_names_as_another_partys_is_no_subject_unless_its_code_names_that_party(tmp_workspace):
    own = write(tmp_workspace / "own", {
        "lib/api/rate_limit/middleware.rb": "class Api::RateLimit::Middleware\n  def call(env)\n  end\nend\n",
    })
    assert texts(own, OPENAI_LIMITS) == [], "the application's own throttling, which never names OpenAI"
    assert texts(own, OPENAI_LIMITS.replace("OpenAI ", "")) == ["lib/api/rate_limit/**"]
    theirs = write(tmp_workspace / "theirs", {
        "lib/api/rate_limit/backoff.rb": "class Backoff\n  # retries OpenAI::RateLimitError\nend\n",
    })
    assert texts(theirs, OPENAI_LIMITS) == ["lib/api/rate_limit/**"]
    named_path = write(tmp_workspace / "path", {"lib/openai/rate_limit/backoff.rb": "class Backoff\nend\n"})
    assert texts(named_path, OPENAI_LIMITS) == ["lib/openai/rate_limit/**"]
    # Unleash's contributing/ADRs/back-end/frontend-api-design.md (Apache-2.0): "ADR:" is the record's own label.
    api = write(tmp_workspace / "label", {"src/lib/features/frontend-api/frontend-api-service.ts": "export class S {}\n"})
    assert texts(api, "# ADR: Frontend API design\n\nThe Frontend API reads a snapshot.\n") == \
        ["src/lib/features/frontend-api/**"]


# Shaped on it-at-m/Praktikumsplaner's docs/documentation/architecture/adr/adr005-dtos-as-records.md (MIT).
DTOS = ("# ADR-005 dtos as java records\n\n## Status\n\n<adr-status status='accepted' />\n\n## Decision\n\n"
        "Records provide this functionality by themselves.\n")


def test_a_label_and_number_with_nothing_after_them_are_no_words_of_the_title():
    assert concepts.head_words("ADR-005 dtos as java records") == ["dtos"]
    assert concepts.head_words("ADR 12 Use Postgres") == ["use", "postgres"]
    assert concepts.head_words("5 ways to cache") == ["5", "ways"], "a bare number is the title's own word"


def test_the_one_word_a_titles_head_is_names_the_one_folder_so_named(tmp_workspace):
    dtos = "backend/src/main/java/de/example/domain/dtos"
    ws = write(tmp_workspace, {f"{dtos}/NwkDto.java": "package de.example.domain.dtos;\npublic record NwkDto() {}\n",
                               f"{dtos}/MeldezeitraumDto.java": "package de.example.domain.dtos;\npublic record MeldezeitraumDto() {}\n",
                               "backend/src/main/java/de/example/App.java": "package de.example;\nclass App {}\n"})
    assert texts(ws, DTOS) == [f"{dtos}/**"]
    assert texts(ws, DTOS.replace("dtos as java records", "dtos and entities as java records")) == [], \
        "a head of more words names no folder by one of them"


def test_a_head_of_one_word_before_a_direction_is_no_subject_and_names_no_parallel_folders(tmp_workspace):
    """kuma's MADR 044 "Zone to global policy sync" is about the syncing, not every folder named `zone`."""
    ws = write(tmp_workspace / "direction", {"pkg/kds/zone/sync.go": "package zone\n\nfunc Sync() {}\n",
                                             "pkg/util/misc.go": "package util\n\nfunc X() {}\n"})
    assert texts(ws, "# Zone to global policy sync\n\n## Status\n\nAccepted\n") == []
    assert texts(ws, "# Zone with global policy sync\n\n## Status\n\nAccepted\n") == ["pkg/kds/zone/**"]
    parallel = write(tmp_workspace / "parallel", {"pkg/kds/zone/sync.go": "package zone\n\nfunc Sync() {}\n",
                                                  "pkg/xds/zone/gen.go": "package zone\n\nfunc Gen() {}\n"})
    assert texts(parallel, "# Zone with global policy sync\n\n## Status\n\nAccepted\n") == []


# After thoni56/c-xrefactory's doc/adr/0017-pass-structs-by-value-in-extractions.md (GPL-2.0), shortened.
_STRUCTS = """# Pass structs by value in extracted functions

## Context

`c-xrefactory` originally forced structs to be passed by pointer in extracted functions.

## Decision

Pass structs by value, like all other types; `extract.c` keeps no special case.
"""


def test_the_projects_own_name_written_as_code_anchors_no_file_named_like_it(tmp_path):
    """Five of c-xrefactory's records write the project's name as code, and all came to govern its Emacs client,
    `editors/emacs/c-xrefactory.el`; a file the record names stays anchored, and a clone named otherwise whose
    remote names the repository reads the same."""
    from lore.sources.mentions import AnchorContext, derive_anchors
    from tree_files import write
    files = {"editors/emacs/c-xrefactory.el": "(provide 'c-xrefactory)\n", "src/extract.c": "int extract(void);\n"}
    ws = write(tmp_path / "c-xrefactory", files)
    found = [d.anchor.value for d in derive_anchors(_STRUCTS, "doc/adr/0017-structs.md", AnchorContext(ws))]
    assert found == ["src/extract.c"]
    other = write(tmp_path / "elsewhere", files)
    found = [d.anchor.value for d in derive_anchors(_STRUCTS, "doc/adr/0017-structs.md", AnchorContext(other))]
    assert "editors/emacs/c-xrefactory.el" in found  # a name the workspace does not go by still names its file
