"""A file a record writes by name: of any kind when it is the one file so named and the record's title
says its name's words (`bare.BareIndex.titled`); a code file also when written without backticks, in prose
or a diagram (`bare.prose_file_names`)."""

from lore.sources import classify
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on DFE-Digital/buy-for-your-school's doc/architecture/decisions/0004-use-a-changelog-for-tracking-changes-
# in-a-release.md (MIT) and MaibornWolff/DependaCharta's 0005-use-semantic-versioning.md (MIT).
CHANGELOG = ("# 4. Use a changelog for tracking changes in a release\n\n## Status\n\nAccepted\n\n## Decision\n\n"
             "We will use a changelog (`CHANGELOG.md`) in the Keep a Changelog format.\n")
VERSIONING = ("# 5. Use semantic versioning\n\n## Status\n\nAccepted\n\n## Decision\n\n"
              "The build writes the version into `version.json`, and the page reads `README.md` too.\n")


def anchors(ws, text):
    return sorted(d.anchor.to_text() for d in derive_anchors(text, "doc/adr/x.md", AnchorContext(ws)))


def test_the_one_file_a_title_names_is_anchored_whatever_its_kind(tmp_workspace):
    ws = write(tmp_workspace, {
        "CHANGELOG.md": "# Changelog\n",
        "README.md": "# App\n",
        "visualization/public/version.json": '{"version": "1.0.0"}\n',
        "bin/changelog": "#!/bin/sh\n",
    })
    assert anchors(ws, CHANGELOG) == ["./CHANGELOG.md"]
    assert anchors(ws, VERSIONING) == ["visualization/public/version.json"]  # not README.md: the title is not about it
    assert anchors(ws, "# Keep a changelog\n\nAccepted\n\nRun `changelog` before a release.\n") == []


def test_a_name_two_files_carry_anchors_neither(tmp_workspace):
    ws = write(tmp_workspace, {"apps/a/version.json": "{}\n", "apps/b/version.json": "{}\n"})
    assert anchors(ws, VERSIONING) == []


# Shaped on MaibornWolff/DependaCharta's doc/architecture/decisions/0003-use-a-clear-package-structure.md and 0004 (MIT).
PACKAGES = ("# 3. Use a clear package structure\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "- **Main.kt :** entry point of the analysis\n- the charts use Chart.js\n\n"
            "Run migrations with `python manage.py migrate`; the check sits [in Other.kt](https://example.org/fork/Other.kt).\n")
DATAFLOW = ("# 4. Use a clear dataflow\n\n## Status\n\nAccepted\n\n```mermaid\nflowchart LR\n  B[Main.kt] --> C[Pipeline]\n```\n\n"
            "```kotlin\nval x = Other.kt\n```\n")


def test_a_code_file_named_without_backticks_in_prose_or_a_diagram(tmp_workspace):
    ws = write(tmp_workspace, {
        "analysis/src/main/kotlin/pipeline/Main.kt": "package pipeline\n\nfun main() {}\n",
        "analysis/src/main/kotlin/pipeline/Other.kt": "package pipeline\n\nclass Other\n",
        "web/src/Chart.js": "export function chart() {}\n",
        "manage.py": "import sys\n",
    })
    assert anchors(ws, PACKAGES) == ["analysis/src/main/kotlin/pipeline/Main.kt"]
    assert anchors(ws, DATAFLOW) == ["analysis/src/main/kotlin/pipeline/Main.kt"]


def test_typescript_chosen_governs_its_compiler_settings_and_nestjs_its_cli_file(tmp_workspace):
    # Shaped on UKGovernmentBEIS/regulated-professions-register's doc/architecture/decisions/0002, 0003, 0008 (MIT).
    ws = write(tmp_workspace, {"tsconfig.json": "{}\n", "tsconfig.build.json": "{}\n", "nest-cli.json": "{}\n"})
    assert anchors(ws, "# 3. Use TypeScript\n\nAccepted\n") == ["./tsconfig.build.json", "./tsconfig.json"]
    assert anchors(ws, "# 2. Use NestJS as our application framework\n\nAccepted\n") == ["./nest-cli.json"]
    assert anchors(ws, "# 8. Use Prettier to format TypeScript code\n\nAccepted\n") == []


def test_a_package_named_build_inside_a_source_tree_is_code_and_a_build_folder_elsewhere_is_output(tmp_workspace):
    # Shaped on ARMmbed/mbed-tools' docs/architecture/decisions/0002 (Apache-2.0): `mbed_tools.build` is a package.
    ws = write(tmp_workspace, {
        "src/mbed_tools/build/_internal/cmake_file.py": "def render_mbed_config_cmake_template(config):\n    return ''\n",
        "web/build/bundle.js": "function renderBundle() {}\n",
    })
    text = "# 2. Move defines to CMake\n\nAccepted\n\nWe render it with `render_mbed_config_cmake_template`; `renderBundle` is built.\n"
    assert anchors(ws, text) == ["symbol:python:src.mbed_tools.build._internal.cmake_file.render_mbed_config_cmake_template"]
    # and the import reads its decision comments as any code's: it is the project's own, not a built copy
    assert classify.classify("src/mbed_tools/build/_internal/cmake_file.py") == classify.COMMENTS
    assert classify.classify("web/build/bundle.js") is None and classify.classify("vendor/lib/x.go") is None
    assert classify.classify("src/wwwroot/lib/bootstrap/dist/js/bootstrap.js") is None  # a vendored library's output


def test_a_tool_named_once_under_the_consequences_is_named_in_passing(tmp_workspace):
    # Shaped on LBHackney-IT/report-a-defect's doc/architecture/decisions/0007-use-postgres-search.md (MIT) and
    # openedx/credentials' docs/decisions/0002-front-end-technologies.rst (AGPL-3.0).
    ws = write(tmp_workspace, {"heroku.yml": "build:\n  docker:\n    web: Dockerfile\n",
                               "webpack.config.js": "module.exports = {};\n"})
    search = ("# 7. Use Postgres search\n\n## Status\n\nAccepted\n\n## Decision\n\nWe search with Postgres.\n\n"
              "## Consequences\n\nIt needs no change to the infrastructure, nor additional costs for Heroku addons.\n")
    assert anchors(ws, search) == []
    assert anchors(ws, search.replace("We search with Postgres.", "We search with Postgres on Heroku.")) == ["./heroku.yml"]
    front = "# 2. Front end technologies\n\n## Status\n\nAccepted\n\n## Decision\n\nWe'll use: React, Webpack, Sass.\n"
    assert anchors(ws, front) == ["./webpack.config.js"]


def test_a_tool_named_once_where_the_record_points_to_other_records_is_named_in_passing(tmp_workspace):
    # HHS/OPRE-OPS's docs/adr/031-storybook-for-component-documentation.md (CC0) ends with "## Related Issues" and
    # "- [ADR 015 — A11y Testing](./015-a11y-testing.md) — `addon-a11y` complements the existing Cypress axe-core a11y
    # checks": `cypress.config.js` took the lens of a record choosing Storybook.
    ws = write(tmp_workspace, {"frontend/cypress.config.js": "module.exports = {};\n",
                               "frontend/src/main.jsx": "export const a = 1;\n"})
    link = "- [ADR 015 — A11y Testing](./015-a11y-testing.md) — it complements the existing Cypress a11y checks.\n"
    storybook = "# 31. Storybook for components\n\n## Status\n\nAccepted\n\n## Decision\n\nWe adopt Storybook.\n\n"
    assert anchors(ws, storybook + "## Related Issues\n\n- #1224 — Parent story\n" + link) == []
    assert anchors(ws, storybook + "## Related\n\nIt complements the existing Cypress a11y checks.\n") == []
    assert anchors(ws, storybook + link) == [], "a line linking another record, under any heading"
    assert anchors(ws, storybook.replace("We adopt Storybook.", "We adopt Storybook beside Cypress.") + link) == \
        ["frontend/cypress.config.js"]
    assert anchors(ws, storybook + "It complements the existing Cypress a11y checks.\n") == ["frontend/cypress.config.js"]


def test_a_configuration_file_written_whole_is_that_file_wherever_it_sits(tmp_workspace):
    # defenseunicorns/pepr's adr/0021-typescript-module-resolution.md and 0022-release-please.md (Apache-2.0): a
    # heading "### For User Modules (`tsconfig.module.json`)", and under Consequences "Two new config files are
    # added: `release-please-config.json` and `.release-please-manifest.json`".
    ws = write(tmp_workspace, {
        "src/templates/tsconfig.module.json": '{"compilerOptions": {}}\n',
        "config/tsconfig.root.json": '{"compilerOptions": {}}\n',
        "release-please-config.json": "{}\n",
        ".release-please-manifest.json": '{".": "1.0.0"}\n',
        "src/settings/config.json": "{}\n",
        "web/config.json": "{}\n",
        "data/fixtures.json": "[]\n",
        "docker-compose.local.yml": "services: {}\n",
    })
    text = ("# 22. Migrate to release-please\n\n## Status\n\nAccepted\n\n## Decision\n\n### For User Modules "
            "(`tsconfig.module.json`)\n\nStrict settings.\n\n## Consequences\n\n- Two new config files are added: "
            "`release-please-config.json` and `.release-please-manifest.json`.\n")
    assert anchors(ws, text) == ["./.release-please-manifest.json", "./release-please-config.json",
                                 "src/templates/tsconfig.module.json"]
    # a name of one word says no more than its kind (`fixtures.json`); one that two files carry is neither
    assert anchors(ws, "# 3. Settings\n\nAccepted\n\nEdit `config.json` and `fixtures.json`.\n") == []
    # named once under Consequences and not in the title, a file is named in passing (Portarium's ADR-0074, MIT: "NATS
    # is added to `docker-compose.local.yml` for local development" in a record choosing an event transport)
    transport = ("# ADR-0074: Event-Stream Transport Selection\n\n**Status**: Accepted\n\n## Decision\n\nUse NATS.\n\n"
                 "## Consequences\n\n- NATS is added to `docker-compose.local.yml` for local development.\n")
    assert anchors(ws, transport) == []
    assert anchors(ws, transport.replace("Use NATS.", "Use NATS, run by `docker-compose.local.yml`.")) == \
        ["./docker-compose.local.yml"]
