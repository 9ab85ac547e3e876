"""A library a decision titled for a choice adopts anchors the few files importing it (`sources.imports`)."""

from lore.sources import declared, imports
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on log4brains' docs/adr/20201103-use-lunr-for-search.md (thomvaill/log4brains, Apache-2.0) and
# JabRef's docs/decisions/0039-use-apache-velocity-as-template-engine.md (JabRef/jabref, MIT).
LUNR = "# Use Lunr for search\n\n- Status: accepted\n\nChosen option: \"Option 2: Lunr.js\".\n"
VELOCITY = ("---\nparent: Decision Records\nnav_order: 39\n---\n# Use Apache Velocity as template engine\n\n"
            "We render prompts with templates.\n")


def anchors(ws, text, rel="docs/adr/x.md"):
    return sorted(d.anchor.to_text() for d in derive_anchors(text, rel, AnchorContext(ws)))


def test_the_files_importing_the_chosen_library_are_anchored(tmp_workspace):
    ws = write(tmp_workspace, {
        "packages/web/package.json": '{"name": "@log4brains/web"}\n',
        "packages/web/src/lib/search/Search.ts": 'import lunr from "lunr";\nexport class Search {}\n',
        "packages/web/src/lib/search/instance.ts": 'import { Search } from "./Search";\n',
        "packages/web/src/lib/search/Search.test.ts": 'import lunr from "lunr";\n',
        "src/main/java/org/example/ai/AiTemplateRenderer.java":
            "package org.example.ai;\n\nimport org.apache.velocity.app.VelocityEngine;\n\nclass AiTemplateRenderer {}\n",
        "src/main/java/org/example/ai/Other.java": "package org.example.ai;\n\nimport java.util.List;\n\nclass Other {}\n",
    })
    assert anchors(ws, LUNR) == ["packages/web/src/lib/search/Search.ts"]
    assert anchors(ws, VELOCITY) == ["src/main/java/org/example/ai/AiTemplateRenderer.java"]


def test_a_library_imported_all_over_is_a_convention_and_the_workspaces_own_code_is_no_library(tmp_workspace):
    files = {f"src/main/java/org/example/C{i}.java": f"package org.example;\n\nimport org.slf4j.Logger;\n\nclass C{i} {{}}\n"
             for i in range(4)}
    files["src/main/java/org/example/regularexpression/Splitter.java"] = "package org.example.regularexpression;\n"
    files["src/main/java/org/example/Titles.java"] = ("package org.example;\n\n"
                                                      "import org.example.regularexpression.Splitter;\n\nclass Titles {}\n")
    ws = write(tmp_workspace, files)
    assert anchors(ws, "# Use SLF4J together with log4j2 for logging\n") == []
    assert anchors(ws, "# Use regular expression to split multiple-sentence titles\n") == [
        "src/main/java/org/example/regularexpression/**"], "the package titled so, not the files importing it"


def test_what_a_decision_chooses():
    assert imports.chosen(LUNR) == ["lunr"]
    assert imports.chosen("# Use Next.js for Static Site Generation\n") == ["nextjs", "next"]
    assert imports.chosen("# Use Deep Java Library for embeddings\n\nWe pick Deep Java Library (DJL).\n") == \
        ["deepjavalibrary", "djl", "deepjava"]
    assert imports.chosen("Use MkDocs\n=========\n\nText.\n") == ["mkdocs"]
    # JabRef's docs/decisions/0026-use-jna-to-determine-default-directory.md (JabRef/jabref, MIT)
    assert imports.chosen("# Use Java Native Access to Determine Default Directory\n\n* [AppDirs](https://github.com/"
                          "harawata/appdirs)\n* [Java Native Access](https://github.com/java-native-access/jna)\n") == \
        ["javanativeaccess", "jna"]
    assert imports.chosen("# Multi-packages architecture in a monorepo\n") == []
    # denoland/meet-me's doc/architecture/decisions/0002 and 0003 (MIT): British English
    assert imports.chosen("# 3. Utilise aleph as the frontend framework\n") == ["aleph"]
    # Darkona/java-springboot-archetype and KDProgramming2025/LiveWithoutBelief: a series' category before the number,
    # a "Decision:" label before the choice
    assert imports.chosen("# ADR Arch-004 — Use Spring Cloud OpenFeign for synchronous HTTP clients\n")[0] == \
        "springcloudopenfeign"
    assert imports.chosen("# Decision: Use Hilt for Dependency Injection\n") == ["hilt"]
    assert imports.chosen("# Decisions about logging\n") == []
    # alexandervivas/expat-ledger-backend and TolikPylypchuk/Cineaste: an upper-case "ADR-014:" before "… with Product",
    # and a product named with its vendor first, imported and declared without it
    assert imports.chosen("# ADR-014: Standardizing Dependency Injection with Google Guice\n") == ["googleguice", "guice"]
    assert imports.chosen("# Use Microsoft SQL Server as the Database\n") == ["microsoftsqlserver", "sqlserver"]
    assert imports.runs("org.apache.velocity.app") >= {"apache", "apachevelocity", "velocity", "velocityapp"}


# Shaped on find-information-about-academies-and-trusts' docs/adrs/0012 (DFE-Digital, MIT).
CLOSEDXML = "# 12. Use ClosedXML Library for Excel File Manipulation\n\nWe export spreadsheets.\n"


def test_a_kind_word_after_a_chosen_name_is_part_of_it_only_where_a_package_of_the_whole_name_exists(tmp_workspace):
    ws = write(tmp_workspace / "xml", {
        "App/Services/Export/ExportBuilder.cs": "using ClosedXML.Excel;\n\nnamespace App;\n\npublic class ExportBuilder {}\n",
        "App/App.csproj": '<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n'
                          '    <PackageReference Include="ClosedXML" Version="0.102.2" />\n  </ItemGroup>\n</Project>\n',
    })
    assert anchors(ws, CLOSEDXML) == ["App/App.csproj", "App/Services/Export/ExportBuilder.cs"]
    both = write(tmp_workspace / "both", {
        "src/main/java/org/example/Embed.java": "package org.example;\n\nimport deepjavalibrary.Model;\n\nclass Embed {}\n",
        "src/main/java/org/example/Other.java": "package org.example;\n\nimport deepjava.Tools;\n\nclass Other {}\n",
    })
    assert anchors(both, "# Use Deep Java Library for embeddings\n") == ["src/main/java/org/example/Embed.java"]


def test_a_kind_of_service_written_after_a_chosen_name_is_no_part_of_the_files_name(tmp_workspace):
    # Shaped on alphagov/govuk-infrastructure's docs/architecture/decisions/0010 (MIT).
    ws = write(tmp_workspace, {
        "terraform/deployments/cluster-services/dex.tf": 'resource "helm_release" "dex" {\n  name = "dex"\n}\n',
        "terraform/deployments/cluster-services/main.tf": 'terraform {\n}\n',
    })
    text = "# 10. Use Dex IdP for user web authentication\n\n## Decision\n\nWe will use Dex.\n"
    assert "dex" in imports.chosen(text, variants=False)
    assert anchors(ws, text) == ["terraform/deployments/cluster-services/dex.tf"]


def test_a_choice_of_three_letters_counts_where_the_workspace_has_a_package_so_named(tmp_workspace):
    # Shaped on MITLibraries/timdex's docs/architecture-decisions/0002-use-jwt-for-api-authorization.md (Apache-2.0).
    text = "# 2. Use JWT for API Authorization\n\n## Decision\n\nWe will use JWT for authentication.\n"
    ws = write(tmp_workspace / "gem", {
        "Gemfile": "source 'https://rubygems.org'\n\ngem 'rails'\ngem 'jwt'\n",
        "app/helpers/jwt_wrapper.rb": "module JwtWrapper\nend\n",
        "config/initializers/devise_jwt.rb": "Devise.setup do |config|\nend\n",
        "app/models/user.rb": "class User\nend\n",
    })
    assert imports.chosen(text) == []
    assert anchors(ws, text) == ["./Gemfile", "app/helpers/jwt_wrapper.rb", "config/initializers/devise_jwt.rb"]
    none = write(tmp_workspace / "none", {"Gemfile": "source 'https://rubygems.org'\n\ngem 'rails'\n",
                                          "app/helpers/jwt_wrapper.rb": "module JwtWrapper\nend\n"})
    assert anchors(none, text) == [], "no package of that name: a word, as before"


def test_a_ruby_file_writing_a_gems_constant_uses_that_gem(tmp_workspace):
    """UKGovernmentBEIS/beis-report-official-development-assistance (MIT) 0012 chose Wicked and 0037 csv-safe; Rails
    loads them with no `require`, and the controller doing `include Wicked::Wizard` and the download writing
    `CSVSafe.generate_line` got neither record. A constant no declared gem is named for imports nothing."""
    ws = write(tmp_workspace, {
        "Gemfile": "source 'https://rubygems.org'\n\ngem 'rails'\ngem 'wicked'\ngem 'csv-safe'\n",
        "app/controllers/activity_forms_controller.rb": "class ActivityFormsController < BaseController\n"
                                                          "  include Wicked::Wizard\nend\n",
        "app/services/stream_csv_download.rb": "class StreamCsvDownload\n  def line(r)\n    CSVSafe.generate_line(r)\n"
                                                "  end\nend\n",
        "app/models/activity.rb": "class Activity < ApplicationRecord\n  WICKED = 1\nend\n",
    })
    assert anchors(ws, "# 12. Use Wicked for multi-step forms\n\n## Decision\n\nWe use Wicked.\n") == [
        "./Gemfile", "app/controllers/activity_forms_controller.rb"]
    assert anchors(ws, "# 37. Use CSV Safe for CSV exports\n\n## Decision\n\nWe use CSVSafe.\n") == [
        "./Gemfile", "app/services/stream_csv_download.rb"]


def test_the_chosen_options_link_among_the_options_weighed_names_its_package(tmp_workspace):
    # Shaped on JabRef's docs/decisions/0026-use-jna-to-determine-default-directory.md (JabRef/jabref, MIT).
    text = ("# Use Java Native Access to Determine Default Directory\n\n## Considered Options\n\n"
            "* [AppDirs](https://github.com/harawata/appdirs)\n"
            "* [Java Native Access](https://github.com/java-native-access/jna)\n\n"
            "## Decision Outcome\n\nChosen option: \"Java Native Access\", because comes out best.\n")
    ws = write(tmp_workspace, {
        "src/main/java/org/example/os/Windows.java":
            "package org.example.os;\n\nimport com.sun.jna.platform.win32.Shell32Util;\n\nclass Windows {}\n",
        "src/main/java/org/example/os/Linux.java": "package org.example.os;\n\nimport net.harawata.appdirs.AppDirs;\n",
    })
    assert anchors(ws, text) == ["src/main/java/org/example/os/Windows.java"]


def test_a_library_many_files_import_narrows_to_those_named_for_what_it_was_chosen_for(tmp_workspace):
    # Shaped on JabRef's docs/decisions/0030-use-apache-commons-io-for-directory-monitoring.md (JabRef/jabref, MIT).
    files = {f"src/main/java/org/example/io/Files{i}.java":
             "package org.example.io;\n\nimport org.apache.commons.io.FileUtils;\n\nclass F {}\n" for i in range(5)}
    files["src/main/java/org/example/util/DirectoryMonitor.java"] = (
        "package org.example.util;\n\nimport org.apache.commons.io.monitor.FileAlterationMonitor;\n\nclass DirectoryMonitor {}\n")
    ws = write(tmp_workspace, files)
    assert anchors(ws, "# Use Apache Commons IO for directory monitoring\n") == \
        ["src/main/java/org/example/util/DirectoryMonitor.java"]
    assert anchors(ws, "# Use Apache Commons IO for everything\n") == []


# Shaped on manage.get.gov's docs/architecture/decisions/0026-django-waffle-library.md (cisagov/manage.get.gov, CC0-1.0).
WAFFLE = "# 26. Django Waffle library for Feature Flags\n\n## Status\n\nAccepted\n\nFlags are toggled in the admin.\n"


def test_a_title_naming_a_library_as_such_and_a_plugin_by_its_module(tmp_workspace):
    assert imports.chosen(WAFFLE) == ["djangowaffle", "waffle"]
    assert imports.chosen("# 15. Use Django-FSM library for domain request state\n") == ["djangofsm"]
    files = {f"src/registrar/views/v{i}.py": "from waffle import flag_is_active\n" for i in range(5)}
    files |= {"src/registrar/utility/waffle.py": "from waffle.models import get_waffle_flag_model\n",
              "src/registrar/models/waffle_flag.py": "from waffle.models import AbstractUserFlag\n",
              "src/registrar/migrations/0042_waffle.py": "import waffle.models\n"}
    ws = write(tmp_workspace, files)
    assert anchors(ws, WAFFLE) == ["src/registrar/models/waffle_flag.py", "src/registrar/utility/waffle.py"]


# Shaped on fundraising-application's doc/adr/002_Add_Bucket_Testing.md (wmde/fundraising-application, GPL-2.0-or-later).
def test_a_library_the_decision_says_it_uses_as_such_anchors_its_importers(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/BucketTesting/DoorkeeperFeatureToggle.php": "<?php\nuse RemotelyLiving\\Doorkeeper\\Doorkeeper;\n",
        "src/Other.php": "<?php\nuse Psr\\Log\\LoggerInterface;\n",
    })
    text = ("# Toggles per campaign\n\n## Decision\n\n* Use [Doorkeeper](https://github.com/remotelyliving/doorkeeper) "
            "as a feature toggle library.\n")
    assert anchors(ws, text) == ["src/BucketTesting/DoorkeeperFeatureToggle.php"]
    assert anchors(ws, text.replace("as a feature toggle library", "to switch features")) == []
    weighed = "# Toggles\n\n## Considered Options\n\n* Use Doorkeeper as a feature toggle library.\n"
    assert anchors(ws, weighed) == [], "an option weighed is no choice"


def test_a_choice_written_as_a_gerund_as_what_we_will_do_or_as_what_a_part_does():
    # wmde/fundraising-application doc/adr (GPL-2.0+): "Using Typescript", "Using Vue.js as the new frontend framework".
    assert imports.chosen("# Using Vue.js as the new frontend framework\n") == ["vuejs"]
    assert imports.chosen("# We will use Redis for caching\n") == ["redis"]
    assert imports.chosen("# ADR-012: Adopting Picocli for the command line\n") == ["picocli"]
    # afomera/relay DECISIONS.md (MIT): an entry's title names the crate that makes the choice.
    assert imports.chosen("# D20 — `relay-acme` uses `instant-acme` + `rcgen`\n") == ["instantacme", "rcgen"]
    assert imports.chooser("D20 — relay-acme uses instant-acme + rcgen") == "relayacme"
    assert imports.chooser("Use Lunr for search") is None
    assert imports.chosen("# How the API uses pagination\n") == []


def test_the_part_a_title_says_makes_the_choice_gives_way_to_its_files_importing_what_it_chose(tmp_workspace):
    # Shaped on afomera/relay's DECISIONS.md D20 and crates/relay-acme (MIT).
    ws = write(tmp_workspace, {
        "Cargo.toml": '[workspace]\nmembers = ["crates/relay-acme", "crates/relay-edge"]\n',
        "crates/relay-acme/Cargo.toml": '[package]\nname = "relay-acme"\n',
        "crates/relay-acme/src/issue.rs": "use instant_acme::{Account, NewOrder};\n\npub async fn issue() {}\n",
        "crates/relay-acme/src/store.rs": "use std::path::PathBuf;\n\npub struct CertStore { dir: PathBuf }\n",
        "crates/relay-acme/src/lib.rs": "pub mod issue;\npub mod store;\n",
        "crates/relay-edge/Cargo.toml": '[package]\nname = "relay-edge"\n',
        "crates/relay-edge/src/lib.rs": "pub fn start() {}\n",
    })
    text = ("# D20 — `relay-acme` uses `instant-acme` + `rcgen`\n\nStanding on `instant-acme` for ACME protocol + "
            "`rcgen` for CSR generation. No vendored ACME logic.\n")
    assert anchors(ws, text, "DECISIONS.md") == ["crates/relay-acme/src/issue.rs"]
    # A decision about the crate itself keeps it whole.
    assert anchors(ws, "# The `relay-acme` crate keeps certificates on disk\n\nThe `relay-acme` crate stores "
                       "every certificate it issues in a folder.\n", "DECISIONS.md") == ["crates/relay-acme/**"]


def test_a_package_the_decision_writes_as_code_anchors_the_few_files_importing_it(tmp_workspace):
    # Shaped on afomera/relay's DECISIONS.md D15 and crates/relay-control (MIT).
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["crates/relay-control", "crates/relay-server"]\n',
        "crates/relay-control/Cargo.toml": '[package]\nname = "relay-control"\n',
        "crates/relay-control/src/templates.rs": "use askama::Template;\n\npub struct Home;\n",
        "crates/relay-control/src/routes.rs": "use axum::Router;\nuse crate::templates::Home;\n\npub fn app() {}\n",
        "crates/relay-control/tests/render.rs": "use askama::Template;\n",
        "crates/relay-server/Cargo.toml": '[package]\nname = "relay-server"\n',
        "crates/relay-server/src/main.rs": "use relay_control::routes;\nuse axum::serve;\n\nfn main() {}\n",
    }
    files.update({f"crates/relay-control/src/h{i}.rs": "use axum::extract::State;\n\npub fn h() {}\n" for i in range(3)})
    ws = write(tmp_workspace, files)
    text = ("# D15 — Static assets baked into the binary\n\n`askama` templates compile into the binary, served by "
            "`axum`; `relay-control` holds them. Built with `cargo`.\n")
    # askama: one importer (its test aside); axum: five, the stack; relay-control: the workspace's own crate;
    # cargo: imported by nothing.
    assert anchors(ws, text, "DECISIONS.md") == ["crates/relay-control/**", "crates/relay-control/src/templates.rs"]


def test_a_module_beside_the_importing_file_is_no_package(tmp_workspace):
    """breakthrough-rc/wallchart (MIT): `web-htmx/src/lib.rs` writes `use resources::auth::login_routes;` for its own
    `resources.rs` and `resources/`, and record 0002 ("With `Resources` … all the routes for a resource live here")
    governed `lib.rs` as "importing" it. A crate's package of that name is still one (`resources` from Cargo)."""
    ws = write(tmp_workspace, {
        "web-htmx/Cargo.toml": '[package]\nname = "web-htmx"\n',
        "web-htmx/src/lib.rs": "mod resources;\nuse resources::auth::login_routes;\n\npub fn app() {}\n",
        "web-htmx/src/resources.rs": "pub mod auth;\n",
        "web-htmx/src/resources/auth.rs": "pub fn login_routes() {}\n",
        "tool/src/main.rs": "use resources::Loader;\n\nfn main() {}\n",
    })
    text = "# 2. Everything is a resource\n\n## Decision\n\nWith `resources` the routes of a resource live together.\n"
    assert anchors(ws, text) == ["tool/src/main.rs"]


def test_the_package_an_import_loads():
    assert [imports.package_of(s) for s in ("askama::Template", "lodash/fp", "@log4brains/core", "django.conf",
                                            "github.com/spf13/cobra/doc", "gopkg.in/yaml.v3", "org.apache.velocity",
                                            "std::io", "instant_acme")] == \
        ["askama", "lodash", "log4brainscore", "django", "cobra", "yaml", None, None, "instantacme"]
    assert imports.written_packages("Use `askama` and `rust-embed`; not `x`.\n\n```\n`fenced`\n```\n") == \
        ["askama", "rustembed"]
    # gardenlinux/gardenlinux's docs/reference/adr/0034 (MIT): values listed as examples, each written once
    assert imports.written_packages("Examples: `aws`, `azure`, `gcp`, or `openstack`.") == []
    assert imports.written_packages("Examples: `aws`, `azure`, `gcp`. We deploy with `azure`.") == ["azure"]
    assert imports.written_packages("We make `gremlinpython`, `pymysql` and `redshift` optional.") == \
        ["gremlinpython", "pymysql", "redshift"]


def test_examples_run_across_wrapped_lines_and_follow_like():
    assert imports.without_examples("For example the\n`webpack` CLI reads it. We use `vite`.") == " . We use `vite`."
    assert imports.without_examples("such as `a`\n- `b`\n\nsuch as `c`\n\n`d`") == " \n- `b`\n\n \n\n`d`"
    assert imports.without_examples("Bundlers like `webpack` read it, like `vite`.") == "Bundlers  ."
    kept = "We would like to use `vite`; it looks like `webpack`; it is like `rollup`."
    assert imports.without_examples(kept) == kept


def test_the_standard_library_is_no_package_a_decision_writes(tmp_workspace):
    # openedx/openedx-learning docs/decisions/0005-identifier-conventions.rst (AGPL-3.0): ``uuid`` is a field.
    ws = write(tmp_workspace, {
        "openedx_learning/apps/authoring/components/api.py": "from uuid import UUID\nimport attrs\n\ndef get(): pass\n",
        "web/src/files.ts": 'import { readFile } from "node:fs";\nimport path from "path";\n',
        "cmd/serve.go": 'package main\n\nimport (\n\t"net/http"\n\t"github.com/spf13/cobra"\n)\n',
    })
    text = "# 5. Identifier Conventions\n\nThe ``uuid`` field is random; see `path`, `http`, `attrs` and `cobra`.\n"
    assert anchors(ws, text) == ["cmd/serve.go", "openedx_learning/apps/authoring/components/api.py"]
    assert [imports.standard_library(s, rel) for s, rel in (("uuid", "a.py"), ("django.db", "a.py"), ("node:fs", "a.ts"),
                                                             ("lodash/fp", "a.js"), ("net/http", "a.go"),
                                                             ("github.com/a/b", "a.go"))] == \
        [True, False, True, False, True, False]


def test_a_choice_written_as_what_replaces_what_or_as_a_use_encouraged():
    # DFE-Digital/teaching-vacancies documentation/adr (MIT): 0002, 0005, 0010, 0011.
    assert imports.chosen("# Replace Google Sheets with Big Query as a reporting database\n") == ["bigquery"]
    assert imports.chosen("# Switch from ElasticSearch to Algolia for search functionality\n") == ["algolia"]
    assert imports.chosen("# Migrate from Algolia to Meilisearch-based search\n") == ["meilisearch"]
    # Enterprise-CMCS/managed-care-review (CC0-1.0) 032: a way of doing it chose no product named `header`, whose
    # lens went on every `components/Header/` file
    assert imports.chosen("# Use header-based impersonation for admin users\n") == []
    assert imports.chosen("# Moving away from Heroku to Fly.io\n") == ["flyio"]
    assert imports.chosen("# Encourage use of devcontainers for local development\n") == ["devcontainers"]
    assert imports.chosen("# Standardise on Poetry for dependencies\n") == ["poetry"]
    assert imports.purpose("# Replace Google Sheets with Big Query as a reporting database\n") == ["reporting", "database"]
    assert imports.chosen("# 20. Replace Zen Queries\n") == [], "a replacement that names no successor"


def test_a_ruby_require_is_an_import_and_its_standard_library_no_package(tmp_workspace):
    # Shaped on teaching-vacancies' config/initializers/big_query.rb (DFE-Digital/teaching-vacancies, MIT).
    ws = write(tmp_workspace, {
        "config/initializers/big_query.rb": 'require "google/cloud/bigquery"\nrequire "json"\n\nBIGQUERY = 1\n',
        "app/services/report.rb": "require 'json'\n\nclass Report; end\n",
        "lib/x.rb": 'require_relative "bigquery"\n',
    })
    assert anchors(ws, "# Replace Google Sheets with BigQuery as a reporting database\n") == [
        "config/initializers/big_query.rb"]
    assert anchors(ws, "# Reports\n\nThe `json` payload is sent as is.\n") == []
    assert imports.specifiers(b'require "google/cloud/bigquery"\nrequire_relative "x"\n  require \'csv\'\n') == [
        "google/cloud/bigquery", "csv", "google/cloud/bigquery"]
    assert [imports.standard_library(s, "a.rb") for s in ("json", "net/http", "devise/orm/active_record")] == [
        True, True, False]


def test_the_few_code_files_named_for_what_a_decision_chose_are_anchored(tmp_workspace):
    # Shaped on teaching-vacancies' documentation/adr/0002_replace_google_sheets_with_big_query.md
    # (DFE-Digital/teaching-vacancies, MIT): the export job and the exporters do not require the client
    # library themselves, the initializer does.
    ws = write(tmp_workspace, {
        "config/initializers/big_query.rb": 'require "google/cloud/bigquery"\n',
        "app/jobs/export_users_to_big_query_job.rb": "class ExportUsersToBigQueryJob; end\n",
        "app/services/big_query_export/users.rb": "class Users; end\n",
        "app/services/big_query_export/approvers.rb": "class Approvers; end\n",
        "app/services/bigqueryable.rb": "module Bigqueryable; end\n",  # its words are not Big Query's
        "spec/jobs/export_users_to_big_query_job_spec.rb": "describe 1\n",
        "db/migrate/20200101_big_query_ids.rb": "class BigQueryIds; end\n",
        "app/models/user.rb": "class User; end\n",
    })
    # the folder named for it is one place, all of its files
    assert anchors(ws, "# Replace Google Sheets with Big Query as a reporting database\n") == [
        "app/jobs/export_users_to_big_query_job.rb", "app/services/big_query_export/**", "config/initializers/big_query.rb"]


def test_files_named_for_a_choice_only_when_few_and_the_name_is_written_as_a_products(tmp_workspace):
    files = {f"src/module{i}/Gradle{i}Task.java": "class T {}\n" for i in range(7)}
    files.update({
        "src/prefs/PreferenceTab.java": "class PreferenceTab {}\n",
        "src/git/git_command_error.ts": "export class E {}\n",
        "src/core/Log4brainsError.ts": "export class Log4brainsError {}\n",
        "package.json": '{"name": "log4brains"}\n',
    })
    ws = write(tmp_workspace, files)
    assert anchors(ws, "# Use Gradle as build tool\n") == []  # seven places: the project's stack, not a place
    assert anchors(ws, "# Use a Preference to Handle Reference Marks\n") == []  # a thing, not a product
    assert anchors(ws, "# use command/query-based API for git repos\n") == []
    assert anchors(ws, "# Use Log4brains to manage the ADRs\n") == []  # the workspace's own name
    assert imports.chosen("# Use a Preference to Handle Reference Marks\n", variants=False) == []
    assert imports.chosen("# Replace Google Sheets with Big Query\n", variants=False) == ["bigquery"]
    # govuk-infrastructure's docs/architecture/decisions/0008 (alphagov/govuk-infrastructure, MIT): a tool's name
    # written in lower case is a product's when its words are joined
    assert imports.chosen("# 8. Use external-secrets for secrets storage\n", variants=False) == ["externalsecrets"]
    # a vendor's name before the product's, and a remark in parentheses
    assert imports.chosen("# 23. Use OPA Gatekeeper\n", variants=False) == ["opagatekeeper", "gatekeeper"]
    assert imports.chosen("# 11. Use AWS Graviton (ARM) for compute instances\n", variants=False) == \
        ["awsgraviton", "graviton"]


def test_a_product_whose_name_is_everywhere_in_code_still_names_the_files_about_it(tmp_workspace):
    # Shaped on teaching-vacancies' documentation/adr/0010_migrate_from_algolia_to_postgres.md
    # (DFE-Digital/teaching-vacancies, MIT): the search folder named for Postgres imports nothing of it.
    ws = write(tmp_workspace, {
        "app/services/search/postgres/query_parser.rb": "class QueryParser; end\n",
        "app/services/search/postgres/tsvector_generator.rb": "class TsvectorGenerator; end\n",
        "app/services/search/vacancy_search.rb": "class VacancySearch; end\n",
        "app/models/vacancy.rb": "class Vacancy; end\n",
    })
    assert anchors(ws, "# 10. Migrate from Algolia to Postgres-based search\n") == ["app/services/search/postgres/**"]
    assert imports.chosen("# 10. Migrate from Algolia to Postgres-based search\n", variants=False) == ["postgres"]
    # what it may be imported as stays a common word: a package called `postgres` is no sign of the choice
    assert imports.chosen("# 10. Migrate from Algolia to Postgres-based search\n") == []
    assert imports.chosen("# 3. Use a config file\n", variants=False) == []


def test_a_file_named_for_the_choice_whose_symbol_the_decision_names_keeps_the_symbols_anchor(tmp_workspace):
    # Shaped on JabRef's docs/decisions/0042-use-markdowntextflow-for-summarization-content.md (JabRef/jabref, MIT).
    ws = write(tmp_workspace, {
        "src/main/java/org/example/gui/MarkdownTextFlow.java":
            "package org.example.gui;\n\npublic class MarkdownTextFlow {\n    void render() {}\n}\n",
    })
    text = ("# Use MarkdownTextFlow for Summarization Content\n\n## Decision Outcome\n\n"
            "Chosen option: `MarkdownTextFlow`, because it renders markdown natively.\n")
    assert anchors(ws, text) == ["symbol:java:MarkdownTextFlow"]


def test_the_name_a_javascript_import_binds_is_no_package(tmp_workspace):
    # Shaped on git-en-boite's doc/adr/0011-remove-task-scheduler-for-now.md and packages/smoke-tests/index.ts
    # (SmartBear/git-en-boite, MIT): `fetch` there is git's fetch, and the smoke test loads node-fetch.
    assert imports.specifiers(b"import fetch, { Response } from 'node-fetch'\nimport * as fs from \"fs\"\n"
                              b"import os.path\nfrom django.conf import settings\nimport org.example.Thing;\n") == \
        ["node-fetch", "fs", "os.path", "django.conf", "org.example.Thing"]
    ws = write(tmp_workspace, {"packages/smoke-tests/index.ts": "import fetch, { Response } from 'node-fetch'\n"})
    assert anchors(ws, "# 11. Remove task scheduler for now\n\nThe `fetch` now happens while the request waits.\n") == []


def test_a_go_import_alone_on_its_line_is_read_with_or_without_its_name(tmp_workspace):
    """`import bolt "go.etcd.io/bbolt"` was read as Python's `import bolt`: the record choosing bbolt never reached
    the one file using it (Pinguladora/imgcull's internal/db/db.go)."""
    assert imports.specifiers(b'package db\n\nimport bolt "go.etcd.io/bbolt"\nimport _ "github.com/lib/pq"\n'
                              b'import "context"\n') == ["context", "go.etcd.io/bbolt", "github.com/lib/pq"]
    ws = write(tmp_workspace, {"go.mod": "module example.com/imgcull\n\nrequire go.etcd.io/bbolt v1.4.0\n",
                               "internal/db/db.go": 'package db\n\nimport bolt "go.etcd.io/bbolt"\n\n'
                                                    'func Open() (*bolt.DB, error) { return nil, nil }\n',
                               "internal/gc/gc.go": 'package gc\n\nimport "context"\n'})
    found = anchors(ws, "# 2. Use bbolt\n\n## Decision\n\nWe will use bbolt as the embedded store.\n")
    assert "internal/db/db.go" in found and "internal/gc/gc.go" not in found


def test_a_library_the_decision_decided_to_use_by_its_repository_anchors_its_importers(tmp_workspace):
    # Bentebent/zeebe-rs' doc/adr/0003-oauth2.md (MIT): "We have decided to use [oauth2-rs](…/ramosbugs/oauth2-rs)"; the
    # crate is imported as `oauth2`, in one file.
    text = ("# 3. Oauth2\n\n## Status\n\nAccepted\n\n## Decision\n\nWe have decided to use "
            "[oauth2-rs](https://github.com/ramosbugs/oauth2-rs).\n")
    ws = write(tmp_workspace, {"src/oauth.rs": "use oauth2::basic::BasicClient;\npub struct OAuthProvider;\n",
                               "src/client.rs": "use crate::oauth::OAuthProvider;\npub struct Client;\n"})
    assert anchors(ws, text) == ["src/oauth.rs"]
    weighed = text.replace("We have decided to use", "We looked at")
    assert anchors(ws, weighed) == [], "a library linked, not chosen"
    # alphagov/govuk-chat's docs/adr/0007 (MIT): "We have chosen to use [Blueprinter](…/procore/blueprinter) for
    # serializing objects into JSON."
    assert anchors(ws, text.replace("We have decided to use", "We have chosen to use")) == ["src/oauth.rs"]
    assert imports.chosen_in_body("We have chosen to use [Blueprinter](https://github.com/procore/blueprinter) for "
                                  "serializing objects into JSON.") == ["blueprinter"]


def test_a_file_saved_with_a_byte_order_mark_imports_on_its_first_line(tmp_workspace):
    # michaellperry/Mathematicians' adr/0003-use-schemavolution-to-describe-sql-schema.md (MIT): its two C# files
    # importing Schemavolution were saved by Visual Studio with a UTF-8 byte order mark before `using`.
    ws = write(tmp_workspace, {
        "Mathematicians.DAL/Genome.cs": "\ufeffusing Schemavolution.Specification;\nnamespace Mathematicians.DAL\n{\n"
                                        "    public class Genome {}\n}\n",
        "Mathematicians.DAL/Context.cs": "\ufeffusing System.Data.Entity;\nnamespace Mathematicians.DAL\n{\n"
                                         "    public class Context {}\n}\n",
    })
    assert anchors(ws, "# 3. Use Schemavolution to describe SQL schema\n\n## Status\n\nAccepted\n") == \
        ["Mathematicians.DAL/Genome.cs"]


def test_a_library_the_decision_uses_instead_of_another_anchors_its_importers(tmp_workspace):
    # linagora/linshare-mobile-android-app's adr/0002-image-loading-with-glide.md (Apache-2.0): "We decided to use
    # Glide instead of Picasso."; one Kotlin file imports it.
    text = ("# 7. Image Loading with Glide\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "We decided to use Glide instead of Picasso.\n")
    ws = write(tmp_workspace, {
        "presentation/src/main/java/com/example/glide/AppGlideModule.kt":
            "package com.example.glide\n\nimport com.bumptech.glide.annotation.GlideModule\n\nclass AppGlideModule\n",
        "presentation/src/main/java/com/example/App.kt": "package com.example\n\nimport android.app.Application\n",
    })
    # the title, "Image Loading with Glide", chooses it too: the folder named for it is its place
    assert anchors(ws, text) == ["presentation/src/main/java/com/example/glide/**",
                                 "presentation/src/main/java/com/example/glide/AppGlideModule.kt"]
    assert anchors(ws, text.replace("Image Loading with Glide", "Image loading")) == [
        "presentation/src/main/java/com/example/glide/AppGlideModule.kt"]
    assert imports.chosen_in_body("We decided to use Glide instead of Picasso.") == ["glide"]
    assert imports.chosen_in_body("We will use it instead of Picasso.") == [], "no name chosen"


def test_a_path_of_the_source_tree_imported_without_dots_is_no_package(tmp_workspace):
    # cbinsights/form-design-system's adr/file_organization.md (MIT) writes `assets` and `icons`, its `src/assets/`
    # and `src/icons/`: components importing 'assets/images/logo.svg' (a baseUrl path) and a script's
    # `icons.config.js` are neither a library's importers nor a tool's configuration.
    ws = write(tmp_workspace, {
        "src/assets/images/logo.svg": "<svg/>\n",
        "src/icons/index.ts": "export const icons = {};\n",
        "src/components/Navbar/index.tsx": "import logo from 'assets/images/logo.svg';\nimport produce from 'immer/dist';\n"
                                           "export const Navbar = () => logo;\n",
        "scripts/node/icons/icons.config.js": "module.exports = {};\n",
    })
    text = ("# File organization\n\n## Status\n\nAccepted\n\n## Decision\n\n| `assets` | images and fonts |\n"
            "| `icons` | the icon set |\n")
    assert anchors(ws, text) == []
    assert anchors(ws, "# Immutable state\n\n## Decision\n\nState updates go through `immer`.\n") == \
        ["src/components/Navbar/index.tsx"], "a package imported by its own path is still a package"


# Shaped on a React hooks library's docs/adr/0001 (MADR): the title says "a fetch library", the outcome chooses
# TanStack Query, and the text writes the project's own package as code.
FETCH_LIBRARY = ("# Use a fetch library for caching\n\n## Context and Problem Statement\n\nCurrently, `stac-react` uses the "
                 "native `fetch` API for all requests.\n\n## Decision Outcome\n\n**Chosen option:** Use TanStack Query "
                 "(`@tanstack/react-query`).\n")


def test_a_chosen_name_matches_a_package_from_its_start_not_a_word_inside_it(tmp_workspace):
    ws = write(tmp_workspace / "hooks", {
        "jest.setup.ts": "import { enableFetchMocks } from 'jest-fetch-mock';\nenableFetchMocks();\n",
        "src/context/index.tsx": "import type { QueryClient } from '@tanstack/query-core';\nexport const C = 1;\n",
    })
    assert anchors(ws, FETCH_LIBRARY) == ["src/context/index.tsx"]
    assert imports.runs("jest-fetch-mock") == {"jest", "jestfetch", "jestfetchmock"}
    assert {"tanstack", "tanstackquery", "querycore"} <= imports.runs("@tanstack/query-core")


def test_the_projects_own_package_is_no_library_it_chose(tmp_path):
    ws = write(tmp_path / "checkout", {
        "package.json": '{"name": "@developmentseed/stac-react", "version": "1.0.0"}\n',
        "src/context/index.tsx": "import type { QueryClient } from '@tanstack/query-core';\nexport const C = 1;\n",
        "example/package.json": '{"name": "example", "dependencies": {"stac-react": "link:.."}}\n',
        "example/src/App.jsx": "import { StacApiProvider } from 'stac-react';\nexport default function App() {}\n",
        "example/src/pages/Main/ItemDetails.jsx": "import { useItem } from 'stac-react';\nexport const D = 1;\n",
    })
    assert anchors(ws, FETCH_LIBRARY) == ["src/context/index.tsx"]
    assert anchors(ws, "# Use stac-react in the example app\n\nThe example imports `stac-react`.\n") == []


# Shaped on buildit/bookit-infrastructure's docs/architecture/decisions/0003-0005 and its cloudformation/ templates (MIT).
PIPELINE = ("AWSTemplateFormatVersion: '2010-09-09'\nDescription: Build pipeline\nParameters:\n  KeyName:\n"
            "    Type: AWS::EC2::KeyPair::KeyName\nResources:\n  CodeBuildBuildProject:\n    Type: AWS::CodeBuild::Project\n"
            "    Properties:\n      Name: build\n  AppPipeline:\n    Type: AWS::CodePipeline::Pipeline\n"
            "    Properties:\n      Name: app\n")
APP = ("AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  CloudWatchLogsGroup:\n    Type: AWS::Logs::LogGroup\n"
       "    Properties:\n      RetentionInDays: 7\n  LogErrorCountAlarm:\n    Type: AWS::CloudWatch::Alarm\n"
       "    Properties:\n      Namespace: app\n  Service:\n    Type: AWS::ECS::Service\n")
AURORA = ("Resources:\n  DatabaseCluster:\n    Type: AWS::RDS::DBCluster\n    Properties:\n      Engine: aurora\n"
          "      EngineVersion: 5.7.12\n  DatabaseSubnetGroup:\n    Type: AWS::RDS::DBSubnetGroup\n")


def test_a_cloud_service_a_decision_chooses_anchors_the_few_templates_declaring_its_resources(tmp_workspace):
    ws = write(tmp_workspace, {
        "cloudformation/build/deployment-pipeline.yaml": PIPELINE,
        "cloudformation/app/app.yaml": APP,
        "cloudformation/db-aurora/main.yaml": AURORA,
        "cloudformation/foundation/vpc.json": '{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"VPC": '
                                              '{"Type": "AWS::EC2::VPC", "Properties": {}}}}\n',
        "docs/notes.yaml": "Type: AWS::CodePipeline::Pipeline\n",  # no template: no Resources map
    })
    assert anchors(ws, "# 3. Use AWS CodePipeline and CodeBuild instead of Travis\n") == [
        "cloudformation/build/deployment-pipeline.yaml"]
    assert anchors(ws, "# 5. Use AWS RDS Aurora MySQL for database persistence\n") == [
        "cloudformation/db-aurora/main.yaml"], "the cluster's engine is the product chosen"
    assert anchors(ws, "# 4. Use Cloudwatch Logs for log aggregation\n") == ["cloudformation/app/app.yaml"], \
        "a product named by its family and its service declares the service (`AWS::Logs`)"
    assert anchors(ws, "# Use Amazon EC2 for the network\n") == ["cloudformation/foundation/vpc.json"]


def test_terraform_and_bicep_resource_types_are_what_their_files_import(tmp_workspace):
    ws = write(tmp_workspace, {
        "infra/service_resources/secrets.tf": 'resource "azurerm_key_vault_certificate" "istio" {\n  name = "x"\n}\n',
        "infra/modules/certs/main.tf": 'data "azurerm_key_vault" "kv" {\n  name = var.name\n}\n',
        "infra/monitoring/main.tf": 'resource "azurerm_dashboard" "default" {\n  name = "d"\n}\n'
                                    'resource "random_string" "suffix" {\n  length = 4\n}\n',
        "deploy/cache.bicep": "resource cache 'Microsoft.Cache/redis@2023-04-01' = {\n  name: 'c'\n}\n",
        "deploy/db.tf": 'resource "aws_rds_cluster" "db" {\n  engine = "aurora-postgresql"\n}\n',
        "deploy/bus.json": '{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",'
                           ' "resources": [{"type": "Microsoft.ServiceBus/namespaces", "name": "bus"}]}\n',
        "deploy/queue.tf.json": '{"resource": {"aws_sqs_queue": {"jobs": {"name": "jobs"}}}}\n',
    })
    assert anchors(ws, "# Use Azure Service Bus for messaging\n") == ["deploy/bus.json"]
    assert anchors(ws, "# Use Amazon SQS for the job queue\n") == ["deploy/queue.tf.json"]
    assert anchors(ws, "# Use Azure Key Vault for certificates\n") == ["infra/service_resources/secrets.tf"], \
        "a `data` block looks a vault up: it declares none"
    assert anchors(ws, "# Use Azure Cache for Redis\n") == ["deploy/cache.bicep"]
    assert anchors(ws, "# Use Aurora PostgreSQL for persistence\n") == ["deploy/db.tf"]
    assert anchors(ws, "# Use HashiCorp Vault for secrets\n") == [], "a resource type's own words name no service"


def test_a_resource_type_many_templates_declare_is_a_convention_and_no_choice_anchors_a_template(tmp_workspace):
    files = {f"stacks/s{i}.yaml": "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  Fn:\n"
                                  "    Type: AWS::Lambda::Function\n" for i in range(4)}
    files["stacks/queue.yaml"] = "Resources:\n  Queue:\n    Type: AWS::SQS::Queue\n"
    files["src/app.py"] = "import boto3\n"
    files[".terraform/modules/queue/main.tf"] = 'resource "aws_sqs_queue" "q" {\n}\n'  # a module Terraform downloaded
    ws = write(tmp_workspace, files)
    assert anchors(ws, "# Use AWS Lambda for the handlers\n") == []
    assert anchors(ws, "# Record architecture decisions\n") == []
    assert anchors(ws, "# Use Celery for background jobs\n") == []
    assert anchors(ws, "# Use Amazon SQS for the job queue\n") == ["stacks/queue.yaml"]


def test_the_projects_own_namespaces_are_no_library_it_chose(tmp_workspace):
    """A .NET service's record "Use Azure BLOB Storage" anchored the two files importing the project's own
    `Application.Common.DTO.AzureBlobStorage` namespace; PHP's `namespace App\\Storage;` is the project's as well."""
    ws = write(tmp_workspace, {
        "Application/Common/DTO/AzureBlobStorage/BlobSettings.cs":
            "namespace Application.Common.DTO.AzureBlobStorage;\n\npublic class BlobSettings {}\n",
        "Application/Features/Upload.cs": "using Application.Common.DTO.AzureBlobStorage;\n\nnamespace Application.Features\n{\n"
                                          "    public class Upload {}\n}\n",
        "Infrastructure/Export.cs": "\ufeffusing Application.Common.DTO.AzureBlobStorage;\n\nnamespace Infrastructure.Export;\n"
                                    "public class Export {}\n",
        "app/Storage/S3Store.php": "<?php\nnamespace App\\Storage;\n\nclass S3Store {}\n",
        "app/Http/Upload.php": "<?php\nnamespace App\\Http;\n\nuse App\\Storage\\S3Store;\n\nclass Upload {}\n",
    })
    assert anchors(ws, "# Use Azure BLOB Storage\n\n## Status\n\nAccepted\n\n## Decision\n\nFiles go to Azure Blob Storage.\n") \
        == ["Application/Common/DTO/AzureBlobStorage/**"], "the folder named for it; no file importing it"
    assert anchors(ws, "# Use S3 Store for uploads\n\nWe keep uploads in S3.\n") == ["symbol:php:S3Store"]


def test_a_library_only_tests_import_anchors_the_few_tests_importing_it(tmp_workspace):
    """kwj1270/lockr's "Use Testcontainers" record anchored only `build.gradle`: no code outside tests imports
    Testcontainers, and its test extension, which does, was never read."""
    ws = write(tmp_workspace, {
        "src/main/java/org/lockr/App.java": "package org.lockr;\n\nimport java.util.List;\n\nclass App {}\n",
        "src/test/java/org/lockr/support/MySQLTestContainerExtension.java":
            "package org.lockr.support;\n\nimport org.testcontainers.containers.MySQLContainer;\n\nclass MySQLTestContainerExtension {}\n",
        "src/test/java/org/lockr/AppTest.java": "package org.lockr;\n\nimport org.lockr.support.MySQLTestContainerExtension;\n\nclass AppTest {}\n",
        "src/test/java/org/lockr/UnitTest.java": "package org.lockr;\n\nimport org.junit.jupiter.api.Test;\n\nclass UnitTest {}\n",
    })
    assert anchors(ws, "# 3. Use Testcontainers for integration tests\n\n## Decision\n\nTests run against MySQL.\n") == [
        "src/test/java/org/lockr/support/MySQLTestContainerExtension.java"]
    assert anchors(ws, "# 4. Use Lombok for data classes\n\nWe add Lombok.\n") == [], "imported nowhere"


def test_a_go_module_written_whole_or_with_its_major_version_anchors_the_few_files_importing_it(tmp_workspace):
    # Shaped on a workload-identity bridge's docs/adr/0006 and bridge/dataplane: "validates SA tokens with
    # `github.com/coreos/go-oidc/v3`", whose one importer loads `github.com/coreos/go-oidc/v3/oidc`.
    ws = write(tmp_workspace, {
        "go.mod": "module github.com/acme/bridge\n\ngo 1.22\n",
        "bridge/dataplane/oidc.go": 'package dataplane\n\nimport (\n\t"context"\n\n\t"github.com/coreos/go-oidc/v3/oidc"\n)\n',
        "bridge/dataplane/tokens.go": 'package dataplane\n\nimport (\n\t"github.com/golang-jwt/jwt/v5"\n)\n',
        "bridge/dataplane/log.go": 'package dataplane\n\nimport "k8s.io/klog/v2"\n',
        "bridge/cmd/main.go": 'package main\n\nimport "github.com/acme/bridge/bridge/dataplane"\n',
    })
    oidc, tokens = ["bridge/dataplane/oidc.go"], ["bridge/dataplane/tokens.go"]
    assert anchors(ws, "# 6. OIDC\n\nThe bridge validates tokens with `github.com/coreos/go-oidc/v3`.\n") == oidc
    assert anchors(ws, "# 6. OIDC\n\nJWKS validation via `go-oidc/v3`.\n") == oidc
    assert anchors(ws, "# 6. OIDC\n\nThe `github.com/coreos/go-oidc/v3/oidc` verifier checks the audience.\n") == oidc
    assert anchors(ws, "# 7. Tokens\n\nWe keep github.com/golang-jwt/jwt/v5 for signing.\n") == tokens
    assert anchors(ws, "# 7. Tokens\n\nTokens are parsed with `jwt`.\n") == tokens, "a short name exactly as imported"
    assert anchors(ws, "# 7. Tokens\n\nA JWT is parsed with jwt, or `JWT`.\n") == [], "a short name as a word"
    assert anchors(ws, "# 8. Owners\n\nWe follow `github.com/coreos` and `github.com/golang-jwt/jwt-go`.\n") == []
    assert [imports.package_of(s) for s in ("github.com/golang-jwt/jwt/v5", "k8s.io/klog/v2")] == ["jwt", "klog"]
    assert imports.module_path("k8s.io/api/core/v1") == "k8s.io/api/core/v1", "a v1 is a package, no major version"
    assert imports.written_packages("With `go-oidc/v3`, `github.com/coreos/go-oidc/v3` and `JWT`.") == ["gooidc"]
    assert imports.written_modules("With `github.com/coreos/go-oidc/v3`, see https://github.com/a/b and gopkg.in/yaml.v3.") == \
        ["github.com/coreos/go-oidc/v3", "gopkg.in/yaml.v3"]
    assert imports.module_prefixes("github.com/coreos/go-oidc/v3/oidc") == ["github.com/coreos/go-oidc/oidc",
                                                                           "github.com/coreos/go-oidc"]


# Shaped on Koine's adr/0015 and adr/0017 (Atypical-Consulting/Koine): proposed records whose titles choose nothing,
# whose outcome lines name the library with its package written as code.
YJS_OUTCOME = ("# Yjs is the CRDT runtime\n\n- Status: proposed\n\n## Decision Outcome\n\n"
               "Chosen option: **Yjs (`yjs` 13.x)**, because it is the smallest dependency.\n")
SNOW_OUTCOME = ("# Collaboration traffic is Noise-encrypted\n\n## Decision Outcome\n\n"
                "Chosen option: \"**snow** (noise protocol via `snow`)\", because it needs no certificates.\n")
NOISE_OUTCOME = ("# Collaboration traffic is Noise-encrypted\n\n## Decision Outcome\n\n"
                 "Chosen option: **Noise `Noise_NK_25519_ChaChaPoly_BLAKE2s` via `snow`, on every connection\n"
                 "unconditionally**, because it authenticates the broker.\n")


def test_a_madr_outcome_chooses_the_options_leading_name_or_the_package_it_writes_as_code(tmp_workspace):
    """An outcome line naming a library with a parenthesis or code after it chose that library: its words were read
    as one name (`yjsyjs`, `noisenoisenk25519chachapolyblake2sviasnow`), which nothing imports."""
    assert imports.chosen_option(YJS_OUTCOME) == ["yjs"]
    assert imports.chosen_option(SNOW_OUTCOME) == ["snow"]
    assert "snow" in imports.chosen_option(NOISE_OUTCOME)
    assert not any(n.endswith("snow") and n != "snow" for n in imports.chosen_option(NOISE_OUTCOME))
    assert imports.chosen_option('Chosen option: "Deep Java Library (DJL)", because it does all') == [
        "deepjavalibrary", "deepjava"]
    assert imports.chosen_option('Chosen option: "Use `requests` for HTTP calls", because') == ["requests"]
    ws = write(tmp_workspace, {
        "studio/src/collab/session.ts": "import * as Y from 'yjs';\n",
        "studio/src/collab/binding.ts": "import * as Y from 'yjs';\nimport { EditorView } from '@codemirror/view';\n",
        "studio/src-tauri/src/noise.rs": "use snow::{Builder, StatelessTransportState};\n\npub struct NoiseWriter;\n",
    })
    ctx = AnchorContext(ws)
    def proposed(text):
        return sorted(d.anchor.to_text() for d in derive_anchors(text, "adr/0015.md", ctx, proposal=True))
    assert proposed(YJS_OUTCOME) == ["studio/src/collab/binding.ts", "studio/src/collab/session.ts"]
    assert proposed(SNOW_OUTCOME) == ["studio/src-tauri/src/noise.rs"]
    assert proposed(NOISE_OUTCOME) == ["studio/src-tauri/src/noise.rs"]


def test_a_package_a_record_writes_that_only_tests_import_anchors_the_few_tests_importing_it(tmp_workspace):
    # Shaped on a workload-identity bridge's docs/adr: it writes `github.com/golang-jwt/jwt/v5`, which only the
    # OIDC verifier's test imports, to sign the tokens it verifies.
    ws = write(tmp_workspace / "one", {
        "go.mod": "module github.com/acme/bridge\n\ngo 1.22\n",
        "bridge/dataplane/oidc.go": 'package dataplane\n\nimport "github.com/coreos/go-oidc/v3/oidc"\n',
        "bridge/dataplane/oidc_test.go": 'package dataplane\n\nimport (\n\t"testing"\n\n\t"github.com/golang-jwt/jwt/v5"\n)\n',
        "web/src/api.ts": "export const api = 1;\n",
        "web/src/api.test.ts": "import nock from 'nock';\nimport { api } from './api';\n",
    })
    test = ["bridge/dataplane/oidc_test.go"]
    assert anchors(ws, "# 7. Tokens\n\nTests sign tokens with `github.com/golang-jwt/jwt/v5`.\n") == test
    assert anchors(ws, "# 7. Tokens\n\nTests sign tokens with github.com/golang-jwt/jwt/v5.\n") == test
    assert anchors(ws, "# 7. Tokens\n\nTests sign tokens with `jwt`.\n") == test
    assert anchors(ws, "# 9. Fakes\n\nThe API's tests fake the server with `nock`.\n") == ["web/src/api.test.ts"]
    both = write(tmp_workspace / "both", {
        "src/sign.ts": "import jose from 'jose';\n",
        "src/sign.test.ts": "import jose from 'jose';\n",
        **{f"src/t{i}.test.ts": "import nock from 'nock';\n" for i in range(4)},
    })
    assert anchors(both, "# 3. Signing\n\nTokens are signed with `jose`.\n") == ["src/sign.ts"], "code imports it"
    assert anchors(both, "# 4. Fakes\n\nTests fake servers with `nock`.\n") == [], "more tests than a few"


def test_emphasis_around_a_chosen_name_is_no_part_of_it():
    # emiliosheinz/loci's docs/architecture/decisions/0005 and 0006: the products chosen are written in bold.
    assert imports.chosen_in_body("## Decision\n\nWe will use **Railway** as the initial production platform.\n") == \
        ["railway"]
    assert imports.chosen_in_body("## Decision\n\n- Use **Turborepo** as the main monorepo build system.\n") == \
        ["turborepo"]
    assert imports.chosen_in_body("We decided to use *Glide* instead of Picasso.") == ["glide"]
    assert imports.chosen_in_body("We will use __Administrate__ for now.") == ["administrate"]
    assert imports.chosen_in_body("* Use [**Doorkeeper**](https://github.com/remotelyliving/doorkeeper) as a feature "
                                  "toggle library.") == ["doorkeeper"]
    assert imports.chosen_in_body("We will use **Architecture Decision Records**.") == [], "no one product's name"


# Shaped on Pinguladora/imgcull's docs/architecture/decisions/0002-embedded-db-choice.md: the title names the question,
# the decision part opens with the choice in the imperative.
BBOLT = ("# 2. Embedded DB choice\n\n## Status\n\nAccepted\n\n## Context\n\nWe need a small embedded store.\n\n"
         "## Decision\n\nChoose **bbolt**.\n\nRationale:\n\n- Matches the workload.\n")


def test_a_sentence_of_the_decision_opening_with_its_choice_names_what_it_chose(tmp_workspace):
    assert imports.chosen_in_body(BBOLT) == ["bbolt"]
    decided = "## Decision\n\nWe keep the schema. We chose `bbolt` because it is small. Use Vitest for the tests.\n"
    assert imports.chosen_in_body(decided) == ["bbolt", "vitest"]
    assert imports.chosen_in_body(BBOLT.replace("## Decision", "## Context ")) == [], "only the decision part decides"
    assert imports.chosen_in_body("## Decision\n\nUse the existing queue for retries.\n") == []
    assert imports.chosen_in_body("## Decision\n\nUse option D: a proportional estimate.\n") == []
    assert imports.chosen_in_body("## Decision\n\nUse [Doorkeeper](https://github.com/x/doorkeeper) to switch "
                                  "features.\n") == [], "how it is used, not what was chosen"
    assert imports.chosen_in_body("## Decision\n\nUse `Result` types for errors. Adopt `errors.Is` checks.\n") == []
    assert imports.chosen_in_body("## Decision\n\n```rust\nuse Serde;\n```\n") == [], "code is no sentence"
    ws = write(tmp_workspace, {
        "go.mod": "module github.com/acme/imgcull\n\ngo 1.22\n",
        "internal/db/db.go": 'package db\n\nimport (\n\t"os"\n\n\tbolt "go.etcd.io/bbolt"\n)\n\ntype DB struct{ b *bolt.DB }\n',
        "internal/gc/gc.go": 'package gc\n\nimport "sort"\n\nfunc Run() { sort.Strings(nil) }\n',
    })
    assert anchors(ws, BBOLT) == ["internal/db/db.go"]


def test_a_title_choosing_in_another_language_names_what_it_chose(tmp_workspace):
    # saulomlcosta/SpecPilot's docs/adr (Portuguese): "ADR 0002 - Usar PostgreSQL", "Usar HttpClient para o provider
    # OpenAI"; and the same choice in the other languages whose status words are read.
    assert imports.chosen("# ADR 0002 - Usar PostgreSQL\n") == ["postgresql"]
    assert imports.chosen("# ADR 0011 - Usar HttpClient para o provider OpenAI\n") == ["httpclient"]
    assert imports.purpose("# ADR 0011 - Usar HttpClient para o provider OpenAI\n") == ["openai"]
    assert imports.chosen("# ADR 0009: Usar Result Pattern e ProblemDetails\n", variants=False) == \
        ["resultpattern", "problemdetails"]
    assert imports.chosen("# Adoptar Kafka como bus de eventos\n") == ["kafka"]
    assert imports.chosen("# Utiliser Redis pour le cache\n") == ["redis"]
    assert imports.chosen("# Usare Redis per la cache\n") == ["redis"]
    assert imports.chosen("# Gebruik Kafka voor events\n") == ["kafka"]
    assert imports.chosen("# 4. PostgreSQL als Datenbank verwenden\n") == ["postgresql"]
    assert imports.chosen("# ADR 0007 - Usar testes automatizados\n", variants=False) == [], "no product's name"
    ws = write(tmp_workspace, {
        "src/Infra/OpenAiService.cs": "using System.Net.Http;\nusing Polly;\n\nnamespace Infra;\n\npublic class OpenAiService {}\n",
        "src/Infra/Other.cs": "using System.Text;\n\nnamespace Infra;\n\npublic class Other {}\n",
    })
    assert anchors(ws, "# ADR 0013 - Usar Polly para retentativas\n\n## Status\n\nAceita\n") == ["src/Infra/OpenAiService.cs"]


# Shaped on chronicle-cal/chronicle's ADR 3 ("RabbitMQ for communication between REST API and sched/sync worker"),
# whose worker and backend reach RabbitMQ through pika and aio-pika, and whose compose file runs it.
COMPOSE = ("services:\n  postgres:\n    image: postgres:18\n  rabbitmq:\n    image: \"rabbitmq:4-management\"\n"
           "  backend:\n    image: ghcr.io/example/backend:latest\n    build:\n      context: .\n")


def test_the_container_images_compose_files_kubernetes_manifests_and_helm_values_run():
    assert declared.images("compose.yaml", COMPOSE.encode()) == ["postgres", "rabbitmq", "backend"]
    assert declared.images("charts/broker/values-dev.yaml", b"image:\n  registry: docker.io\n  repository: bitnami/rabbitmq\n"
                                                            b"  tag: 3.12\nsidecar:\n  image: \"{{ .Values.x }}\"\n") == ["rabbitmq"]
    assert declared.images("deploy/cache.yaml", b"apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n"
                                                b"      containers:\n        - name: cache\n          image: redis:7@sha256:ab\n"
                                                b"        - image: ${REGISTRY}/app\n") == ["redis"]
    assert declared.images(".github/workflows/ci.yml", b"jobs:\n  test:\n    services:\n      db:\n        image: postgres:14\n") \
        == [], "a CI workflow's service containers run the tests"
    assert declared.images("config/app.yaml", b"logo:\n  image: logo.png\n") == []


def test_a_chosen_server_anchors_the_files_running_its_image_and_reading_its_variables(tmp_workspace):
    ws = write(tmp_workspace, {
        "compose.yaml": COMPOSE,
        "services/worker/queue.py": "import os\nimport pika\n\nURL = os.getenv(\"RABBITMQ_URL\")\n",
        "services/backend/session.py": "import os\nfrom aio_pika import connect_robust\n\n"
                                       "URL = os.environ.get('RABBITMQ_URL', 'amqp://localhost/')\n",
        "services/backend/admin.py": "RABBITMQADMIN = 'tool'\nimport os\nX = os.getenv('RABBITMQADMIN_PATH')\n",
        "services/worker/tests/test_queue.py": "import os\nos.getenv('RABBITMQ_URL')\n",
    })
    assert anchors(ws, "# 3. RabbitMQ for communication\n\nWe will use RabbitMQ as a message broker.\n") == [
        "./compose.yaml", "services/backend/session.py", "services/worker/queue.py"]


def test_a_server_the_code_imports_by_its_name_or_reads_all_over_anchors_no_variables_reader(tmp_workspace):
    files = {"docker-compose.yml": "services:\n  cache:\n    image: redis:7\n",
             "app/cache.py": "import redis\n",
             "app/settings.py": "import os\nREDIS = os.getenv('REDIS_URL')\n"}
    ws = write(tmp_workspace, files)
    assert anchors(ws, "# Use Redis for caching\n") == ["./docker-compose.yml", "app/cache.py"]
    files = {f"svc{i}/main.go": f"package main\n\nimport \"os\"\n\nvar u = os.Getenv(\"KAFKA_BROKERS_{i}\")\n" for i in range(4)}
    ws = write(tmp_workspace, files)
    assert anchors(ws, "# Use Kafka for events\n") == [], "four services reading it: the project's stack"


def test_the_imports_of_vue_and_svelte_components_are_read_though_no_grammar_reads_their_names(tmp_workspace):
    # Shaped on ThaiProgrammer/tech-events-calendar, whose event editor page imports front-matter beside lib/.
    ws = write(tmp_workspace, {
        "lib/parseMarkdown.js": "const fm = require('front-matter')\nmodule.exports = fm\n",
        "website/src/components/DataEditorPage.vue": "<template><div /></template>\n<script>\n"
                                                     "import fm from 'front-matter'\nexport default {}\n</script>\n",
        "website/src/routes/Preview.svelte": "<script>\n  import fm from 'front-matter'\n</script>\n",
        "website/node_modules/x/Widget.vue": "<script>\nimport fm from 'front-matter'\n</script>\n",
    })
    assert anchors(ws, "# Use front-matter to read the events\n") == [
        "lib/parseMarkdown.js", "website/src/components/DataEditorPage.vue", "website/src/routes/Preview.svelte"]


def test_a_package_named_in_a_command_heading_or_as_an_example_is_no_subject(tmp_workspace):
    """thin-edge/thin-edge.io (Apache-2.0) 0011 writes `tedge` (its CLI) in passing and heads a part "New CLI command
    `tedge service`", and a shell script in a code block opens with `# Invoked by tedge …`: neither is a heading naming
    the 40-file `tedge` crate, which carried the record on every CLI file. 0008's "a single stage (e.g. `download`)"
    is an example, not the `download` crate. A heading naming the package alone still makes it the subject."""
    files = {"Cargo.toml": '[workspace]\nmembers = ["crates/tedge", "crates/download"]\n',
             "crates/tedge/Cargo.toml": '[package]\nname = "tedge"\n',
             "crates/download/Cargo.toml": '[package]\nname = "download"\n',
             "crates/download/src/lib.rs": "pub fn fetch() {}\n"}
    files.update({f"crates/tedge/src/cli/c{i}.rs": "pub fn run() {}\n" for i in range(40)})
    ws = write(tmp_workspace, files)
    text = ("# Service commands\n\n## Design\n\nThe `tedge` CLI runs plugins.\n\n### New CLI command `tedge service`\n\n"
            "It dispatches.\n\n```sh\n#!/bin/sh\n# Invoked by tedge\n```\n")
    assert anchors(ws, text, "design/decisions/0011-service-commands.md") == []
    assert anchors(ws, text.replace("### New CLI command `tedge service`", "### The `tedge` crate"),
                   "design/decisions/0011-service-commands.md") == ["crates/tedge/**"]
    stage = "# Config management\n\n## Decision\n\nUsers override a single stage (e.g. `download`) and keep the rest.\n"
    assert anchors(ws, stage, "design/decisions/0008-config.md") == []
