"""A decision titled for a choice anchors the few manifests declaring what it chose (`sources.manifests`)."""

from lore.sources import imports, manifests
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on DFE-Digital/teaching-vacancies' documentation/adr/0007_use_devise_for_authentication.md and
# 0002_replace_google_sheets_with_big_query.md (MIT): Rails loads its gems through Bundler, so no file
# imports Devise; the Gemfile declares it.
DEVISE = "# Use Devise for authentication\n\n## Status\n\nAccepted\n\nJobseekers sign in with accounts.\n"
BIG_QUERY = "# Replace Google Sheets with Big Query\n\nAccepted\n\nReporting moves to a database.\n"


def anchors(ws, text, rel="docs/adr/x.md"):
    return sorted(d.anchor.to_text() for d in derive_anchors(text, rel, AnchorContext(ws)))


def test_the_manifest_declaring_the_chosen_gem_is_anchored(tmp_workspace):
    ws = write(tmp_workspace, {
        "Gemfile": 'source "https://rubygems.org"\n\ngem "rails"\ngem "devise"\ngem "google-cloud-bigquery", require: false\n',
        "app/models/jobseeker.rb": "class Jobseeker < ApplicationRecord\n  devise :timeoutable\nend\n",
    })
    assert anchors(ws, DEVISE) == ["./Gemfile"]
    assert anchors(ws, BIG_QUERY) == ["./Gemfile"]
    assert anchors(ws, "# Use Sidekiq for background jobs\n\nAccepted\n") == []


def test_a_library_many_manifests_declare_is_the_stack_and_own_packages_are_no_choice(tmp_workspace):
    files = {f"packages/p{i}/package.json": '{"name": "@acme/p%d", "dependencies": {"react": "^18"}}\n' % i
             for i in range(4)}
    files["packages/web/package.json"] = '{"name": "@acme/web", "dependencies": {"@acme/p1": "*", "verror": "1"}}\n'
    ws = write(tmp_workspace, files)
    assert anchors(ws, "# Use React for the front end\n\nAccepted\n") == []
    assert anchors(ws, "# Use VError for wrapping errors\n\nAccepted\n") == ["packages/web/package.json"]
    assert anchors(ws, "# Use Acme P1 for widgets\n\nAccepted\n") == []


def test_what_each_kind_of_manifest_declares():
    assert manifests.declared("a/package.json", '{"dependencies": {"lunr": "2"}, "devDependencies": {"jest": "29"}}') \
        == ["lunr", "jest"]
    assert manifests.declared("pyproject.toml", '[project]\ndependencies = ["django-waffle>=4", "requests"]\n'
                              '[tool.poetry.dependencies]\npython = "^3.12"\nboto3 = "*"\n') == \
        ["django-waffle", "requests", "boto3"]
    assert manifests.declared("requirements-dev.txt", "# tools\n-r base.txt\nblack==24.1\n") == ["black"]
    assert manifests.declared("go.mod", "module x\n\nrequire (\n\tgithub.com/spf13/cobra v1.8.0\n)\n") == \
        ["github.com/spf13/cobra"]
    assert manifests.declared("Cargo.toml", '[dependencies]\naskama = "0.12"\n[dev-dependencies]\ntokio = "1"\n') == \
        ["askama", "tokio"]
    assert manifests.declared("composer.json", '{"require": {"php": ">=8.4", "wmde/fundraising-store": "~1"}}') == \
        ["php", "wmde/fundraising-store"]
    assert manifests.declared("pom.xml", "<dependency><groupId>org.apache.velocity</groupId>"
                              "<artifactId>velocity-engine-core</artifactId></dependency>") == \
        ["org.apache.velocity:velocity-engine-core"]
    assert manifests.declared("app/build.gradle.kts", 'implementation("info.picocli:picocli:4.7.5")') == \
        ["info.picocli:picocli"]
    assert manifests.declared("Api/Api.csproj", '<PackageReference Include="Polly" Version="8" />') == ["Polly"]
    assert manifests.declared("mix.exs", "defp deps do\n  [{:phoenix, \"~> 1.7\"}]\nend\n") == ["phoenix"]


def test_a_manifest_saved_with_a_byte_order_mark_still_declares(tmp_workspace):
    ws = write(tmp_workspace, {"web/package.json": '\ufeff{"name": "web", "dependencies": {"verror": "1"}}\n'})
    assert anchors(ws, "# Use VError for wrapping errors\n\nAccepted\n") == ["web/package.json"]


def test_a_manifest_that_does_not_parse_declares_nothing():
    assert manifests.declared("package.json", '{"dependencies": {"lunr": ') == []
    assert manifests.declared("package.json", "[1, 2]") == []
    assert manifests.declared("pyproject.toml", "[project\ndependencies = [") == []
    assert manifests.declared("Cargo.toml", "[dependencies]\naskama = ") == []


def test_a_dependency_answers_to_the_names_that_end_its_parts():
    # Shaped on UKHomeOffice/drt-v2's client/package.json and project/FrontendDependencies.scala (MIT).
    assert "bigquery" in manifests.names_of("google-cloud-bigquery")
    assert {"slf4j", "slf4japi"} <= manifests.names_of("org.slf4j:slf4j-api")
    assert "emotion" in manifests.names_of("@emotion/react")
    assert "cobra" in manifests.names_of("github.com/spf13/cobra")
    assert "scala" not in manifests.names_of("@scala-js/vite-plugin-scalajs")
    assert "reacthooks" not in manifests.names_of("eslint-plugin-react-hooks")
    assert manifests.declared("project/FrontendDependencies.scala",
                              'val diode = Def.setting("io.suzaku" %%% "diode" % "1.2.0")') == ["io.suzaku:diode"]
    assert manifests.is_manifest("project/plugins.sbt") and not manifests.is_manifest("src/main/scala/App.scala")
    assert "ruby" not in manifests.names_of("sentry-ruby") and "sentryruby" in manifests.names_of("sentry-ruby")


def test_a_title_written_as_a_slug_is_read_in_words(tmp_workspace):
    # Shaped on DFE-Digital/buy-for-your-school's doc/architecture/decisions/0008-use-brakeman-for-security-analysis.md
    # (MIT): adr-tools left the file's slug as the heading.
    ws = write(tmp_workspace, {"Gemfile": 'gem "rails"\ngem "brakeman"\n'})
    assert anchors(ws, "# 8. use-brakeman-for-security-analysis\n\nDate: 2021-01-01\n\n## Status\n\nAccepted\n") == \
        ["./Gemfile"]
    assert imports.slug_words("8. UseGovUkNotifyForEmailing") == "8. Use Gov Uk Notify For Emailing"
    assert imports.slug_words("Use Lunr for search") == "Use Lunr for search"


def test_a_title_in_lower_case_names_a_product_the_text_writes_with_a_capital(tmp_workspace):
    # Shaped on DFE-Digital/buy-for-your-school's doc/architecture/decisions/0011-use-sidekiq-for-asynchronous-tasks.md (MIT).
    ws = write(tmp_workspace, {"config/initializers/sidekiq.rb": "Sidekiq.configure_server { |c| c }\n",
                               "app/models/preference.rb": "class Preference\nend\n"})
    text = "# 11. use sidekiq for asynchronous tasks\n\nAccepted\n\nWe have Redis and Sidekiq works great with it.\n"
    found = derive_anchors(text, "doc/adr/0011.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == [
        ("config/initializers/sidekiq.rb", "is named for sidekiq, what it chose")]
    assert imports.chosen("# use preference for settings\n\nPreference rows are kept.\n", variants=False) == []


def test_a_linked_library_the_text_will_use_is_declared_by_its_familys_packages(tmp_workspace):
    # Shaped on citizensadvice/local-office-search-api's doc/architecture/decisions/0004-use-swagger-to-document-apis.md.
    ws = write(tmp_workspace, {"Gemfile": 'gem "rails"\ngem "rswag-api"\ngem "rswag-ui"\n'})
    text = ("# 4. Use Swagger to document APIs\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "Local Office Search API will use the [RSwag Gem](https://github.com/rswag/rswag).\n")
    assert imports.chosen_in_body(text) == ["rswaggem", "rswag"]
    assert anchors(ws, text) == ["./Gemfile"]
    assert "rswag" in manifests.names_of("rswag-api") and "ruby" not in manifests.names_of("ruby-progressbar")


def test_an_initializer_named_for_a_declared_gem_is_anchored_by_a_heading_and_a_workflow_by_the_title(tmp_workspace):
    """OHS-Hosting-Infrastructure/complaint-tracker (CC0) and guardian/dotcom-rendering (Apache-2.0): a Rails app
    sets a gem up in `config/initializers/<gem>.rb`, a repository runs a tool in `.github/workflows/<tool>….yml`.
    A record giving the gem a heading of its own is about its set-up; only one titled for the tool is about the
    workflow running it, and a workflow named for a word no manifest declares runs no library."""
    ws = write(tmp_workspace, {
        "Gemfile": 'gem "rails"\ngem "omniauth"\ngem "sidekiq"\ngroup :test do\n  gem "brakeman"\nend\n',
        "package.json": '{"devDependencies": {"jest": "^29"}}\n',
        "config/initializers/omniauth.rb": "Rails.application.config.middleware.use OmniAuth::Builder\n",
        "config/initializers/sidekiq.rb": "Sidekiq.configure_server { }\n",
        "config/initializers/assets.rb": "Rails.application.config.assets.version = '1.0'\n",
        ".github/workflows/brakeman-analysis.yml": "jobs:\n  scan:\n    steps:\n      - run: brakeman\n",
        ".github/workflows/jest.yml": "jobs:\n  test:\n    steps:\n      - run: jest\n",
        ".github/workflows/deploy-stage.yml": "jobs:\n  deploy:\n    steps:\n      - run: deploy\n",
        "app/models/user.rb": "class User < ApplicationRecord\nend\n",
    })
    auth = "# 3. Authentication\n\n## Decision\n\nUsers sign in through HSES.\n\n### Omniauth\n\nThe OAuth2 strategy.\n"
    assert "config/initializers/omniauth.rb" in anchors(ws, auth)
    scans = "# 4. Security scans\n\n## Decision\n\n### Brakeman\n\nRun Brakeman on every pull request.\n"
    assert ".github/workflows/brakeman-analysis.yml" in anchors(ws, scans)
    setup = scans.replace("### Brakeman", "### Brakeman setup")
    assert ".github/workflows/brakeman-analysis.yml" not in anchors(ws, setup)
    assert ".github/workflows/jest.yml" in anchors(ws, "# 13. Jest & react-testing-library\n\nWe test with Jest.\n")
    deploys = anchors(ws, "# 5. Deploy\n\n## Deploy stage\n\nDeploy on merge.\n")
    assert ".github/workflows/deploy-stage.yml" not in deploys and "config/initializers/assets.rb" not in deploys


def test_a_product_the_text_says_we_will_use_is_declared_by_the_manifest(tmp_workspace):
    # Shaped on MITLibraries/tacos' docs/architecture-decisions/0008-choose-administrative-ui-strategy.md (Apache-2.0):
    # the title names no product; the decision does: "We will use Administrate for now."
    ws = write(tmp_workspace, {"Gemfile": 'gem "rails"\ngem "administrate"\n',
                               "app/models/term.rb": "class Term < ApplicationRecord\nend\n"})
    text = ("# 8. Choose administrative UI strategy\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "We will use Administrate for now, and revisit it when the dashboards grow.\n")
    assert anchors(ws, text) == ["./Gemfile"]
    assert anchors(ws, text.replace("We will use Administrate", "We looked at Administrate")) == []
    assert imports.chosen_in_body("We will use Architecture Decision Records, as described by Nygard.") == []


def test_a_word_the_text_also_writes_in_lower_case_names_no_tool(tmp_workspace):
    # defenseunicorns/uds-core adrs/0010 (AGPL-3.0): "6. **Docs carry an explicit warning.**" and "carried in the docs
    # and review guidance": an ordinary word, capitalised where a sentence starts, is no tool configured by
    # `docs/docs.config.json`. Lerna, written only with its capital, is.
    ws = write(tmp_workspace, {"docs/docs.config.json": '{"title": "UDS"}\n', "lerna.json": '{"version": "1"}\n',
                               "src/a.ts": "export const a = 1\n"})
    text = ("# 10. Allow public clients\n\n## Decision\n\n6. **Docs carry an explicit warning.**\n\n"
            "## Consequences\n\nThe risk has to be carried in the docs and review guidance.\n")
    assert anchors(ws, text) == []
    assert anchors(ws, text + "\nReleases go out with Lerna. Lerna tags each package.\n") == ["./lerna.json"]


def test_a_version_after_the_chosen_name_is_no_part_of_it(tmp_workspace):
    # henryeffel/jobops-radar docs/adr/0004 (MIT), "Use SQLAlchemy 2.0 and Alembic": read as `sqlalchemy20`, SQLAlchemy
    # matched nothing while Alembic anchored its files.
    assert imports.chosen("# 4. Use SQLAlchemy 2.0 and Alembic\n", variants=False) == ["sqlalchemy", "alembic"]
    assert imports.chosen("# Use Python 3.12\n", variants=False) == ["python"]
    assert imports.chosen("# Use log4j2 for logging\n", variants=False) == ["log4j2"]  # a digit in the name stays
    ws = write(tmp_workspace, {"pyproject.toml": '[project]\nname = "x"\ndependencies = ["sqlalchemy>=2.0", "alembic"]\n',
                               "app/db/base.py": "from sqlalchemy.orm import DeclarativeBase\n\nclass Base(DeclarativeBase):\n    pass\n",
                               "app/main.py": "def main():\n    return 1\n"})
    assert "app/db/base.py" in anchors(ws, "# 4. Use SQLAlchemy 2.0 and Alembic\n\n## Status\n\nAccepted\n")


def test_a_title_naming_what_it_is_done_with_chooses_those_products(tmp_workspace):
    # SUNET/go-trust docs/adr/0007 (BSD-2-Clause), "Observability with Prometheus": go.mod requires its client.
    assert imports.chosen("# 7. Observability with Prometheus and Grafana\n", variants=False) == ["prometheus", "grafana"]
    assert imports.purpose("# 7. Observability with Prometheus\n") == ["observability"]
    assert imports.chosen("# Integration with the payment provider\n", variants=False) == []  # no product named
    ws = write(tmp_workspace, {"go.mod": "module example.com/trust\n\nrequire (\n\tgithub.com/prometheus/client_golang v1.19.0\n)\n",
                               "pkg/api/metrics.go": 'package api\n\nimport "github.com/prometheus/client_golang/prometheus"\n\nvar _ = prometheus.NewRegistry\n',
                               "pkg/api/health.go": "package api\n\nfunc Health() {}\n"})
    found = anchors(ws, "# 7. Observability with Prometheus\n\n## Status\n\nAccepted\n")
    assert "pkg/api/metrics.go" in found and "pkg/api/health.go" not in found


def test_what_a_madr_outcome_line_chose_is_anchored_in_its_manifest(tmp_workspace):
    """CMS-Enterprise/mint-app 0006 ("Background job processing") ends "Chosen Alternative: [Faktory](https://github.com/
    contribsys/faktory)"; a title in words chooses nothing, so go.mod, which requires Faktory's client, was not anchored."""
    ws = write(tmp_workspace, {
        "go.mod": "module github.com/cms/mint\n\ngo 1.22\n\nrequire (\n\tgithub.com/contribsys/faktory v1.9.0\n"
                  "\tgithub.com/google/uuid v1.6.0\n)\n",
        "pkg/worker/worker.go": "package worker\n\nfunc Run() {}\n",
    })
    text = ("# Background job processing\n\n## Decision Outcome\n\nChosen Alternative: [Faktory](https://github.com/"
            "contribsys/faktory), because it is language-agnostic.\n")
    assert anchors(ws, text) == ["./go.mod"]
    assert imports.chosen_option('Chosen option: "Use PostgreSQL", because it is operated') == ["postgresql"]
    assert imports.chosen_option("Chosen option: Option 2, because it is cheaper") == []


def test_a_title_naming_a_product_for_a_purpose_chooses_it_where_the_workspace_declares_it(tmp_workspace):
    # ThoughtWorksInc/kakuma-frontend doc/adr/0010 and 0011 (Apache-2.0): titles with no verb, read as no choice, left
    # the gem and the package.json declaring what they chose unanchored.
    ws = write(tmp_workspace, {"Gemfile": 'source "https://rubygems.org"\n\ngem "sinatra"\ngem "jasmine"\n',
                               "package.json": '{"name": "web", "devDependencies": {"browserify": "^13.1.0"}, '
                                               '"dependencies": {"@guardian/support-dotcom-components": "11.0.0"}}\n',
                               "app/flags.rb": "module Flags\nend\n"})
    accepted = "\n\nDate: 22/08/2016\n\n## Status\n\nAccepted\n"
    assert anchors(ws, "# 10. Jasmine for JS Test" + accepted) == ["./Gemfile"]
    assert anchors(ws, "# 11. Browserify for bundling JS files" + accepted) == ["./package.json"]
    assert anchors(ws, "# 9. Datamapper as ORM" + accepted) == []  # declared nowhere
    assert anchors(ws, "# Feature flags for rollout" + accepted) == []
    # guardian/dotcom-rendering docs/architecture/006 (Apache-2.0): a family of packages is no package of that name
    assert anchors(ws, "# Support for frontend only" + accepted) == []
    assert imports.chosen("# 10. Jasmine for JS Test\n") == []  # a choice only of what the workspace has


def test_a_title_naming_only_a_declared_package_or_a_scoped_products_name_chooses_it(tmp_workspace):
    # network-goods-institute/negation-game docs/architecture-decisions 0005 and 0006 (AGPL-3.0): "Recharts" chose the
    # package its title is, and "Privy for auth" the product `@privy-io/react-auth` is published for; neither chose.
    ws = write(tmp_workspace, {
        "package.json": '{"name": "web", "dependencies": {"recharts": "^2", "@privy-io/react-auth": "^2", '
                        '"@types/node": "^20", "@reduxjs/toolkit": "^2"}}\n',
        "src/charts/FavorChart.tsx": 'import { LineChart } from "recharts";\n',
        "src/auth/PrivyGate.tsx": 'import { usePrivy } from "@privy-io/react-auth";\n'})
    accepted = "\n\nDate: 2024-11-07\n\n## Status\n\nAccepted\n"
    assert anchors(ws, "# 1. Recharts" + accepted) == ["./package.json", "src/charts/FavorChart.tsx"]
    assert anchors(ws, "# 1. Privy for auth" + accepted) == ["./package.json", "src/auth/PrivyGate.tsx"]
    assert anchors(ws, "# Redux for state" + accepted) == ["./package.json"]  # `@reduxjs/toolkit`
    assert anchors(ws, "# 2. Graphs" + accepted) == []  # declared by no package of that name
    assert anchors(ws, "# Types for the node API" + accepted) == []  # `@types` names no product
    assert imports.scope_product("@privy-io/server-auth") == "privy"
    assert imports.scope_product("@sentry/node") == "sentry"
    assert imports.scope_product("react-auth") is None


def test_a_product_named_with_plain_words_after_it_is_the_package_its_leading_words_name(tmp_workspace):
    # ThoughtWorksInc/kakuma-frontend doc/adr/0007 (Apache-2.0), "Slim Template Framework": read as `slimtemplate`, it
    # missed `gem 'slim'` and `require 'slim'`.
    ws = write(tmp_workspace, {"Gemfile": 'gem "slim"\n',
                               "app/app.rb": "require 'slim'\nrequire 'sinatra/base'\n\nclass App < Sinatra::Base\nend\n",
                               "pyproject.toml": '[project]\nname = "x"\ndependencies = ["django>=5", "markdown"]\n',
                               "tools/upload.py": "from google.cloud import storage\n\nBUCKET = storage\n",
                               "tools/render.py": "import markdown\n\nHTML = markdown.markdown\n"})
    accepted = "\n\n## Status\n\nAccepted\n"
    assert anchors(ws, "# 7. Slim Template Framework" + accepted) == ["./Gemfile", "app/app.rb"]
    assert anchors(ws, "# Use Google Cloud Client Library for uploads" + accepted) == []  # the vendor's name alone
    assert anchors(ws, "# Use Django REST Framework for the API" + accepted) == []  # "REST" is the product's own
    assert anchors(ws, "# Use Markdown Architectural Decision Records" + accepted) == []  # not named as a kind
