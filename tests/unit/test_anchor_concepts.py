"""Concepts a decision speaks of anchor the code named for them, when that code is in a few files."""


from lore.sources.concepts import phrases
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on notifications-api's docs/adrs/0015-async-report-generation.md (GSA/notifications-api, CC0-1.0).
REPORTS = ("# Improve stability when generating reports\n\nWe have a job cache for reports. The job cache is "
           "regenerated at app startup. A scheduled job runs nightly; every scheduled job is logged. The "
           "feature toggle stays; each feature toggle is read once. Notifications Api reports and "
           "Notifications Api jobs.\n")


def test_a_repeated_phrase_anchors_the_few_definitions_named_for_it(tmp_path):
    files = {
        "app/aws/s3.py": "def set_job_cache(k, v):\n    pass\n\ndef get_job_cache(k):\n    pass\n",
        "app/celery/tasks.py": "def regenerate_job_cache():\n    pass\n",
        "app/dao/jobs_dao.py": "def dao_get_scheduled_job_stats():\n    pass\n",  # "stats": never said
        "app/notifications_api.py": "class NotificationsApiClient:\n    pass\n",  # the project's name
    }
    files |= {f"app/m{i}.py": f"def is_feature_toggle_{i}():\n    pass\n" for i in range(4)}  # everywhere
    ws = write(tmp_path / "notifications-api", files)
    found = derive_anchors(REPORTS, "docs/adrs/0015.md", AnchorContext(ws))
    assert sorted((d.anchor.to_text(), d.anchor.file) for d in found) == [
        ("symbol:python:app.aws.s3.get_job_cache", "app/aws/s3.py"),
        ("symbol:python:app.aws.s3.set_job_cache", "app/aws/s3.py"),
        ("symbol:python:app.celery.tasks.regenerate_job_cache", "app/celery/tasks.py")]
    assert {d.why for d in found} >= {"speaks of “job cache” (set_job_cache)"}


def test_the_error_a_concept_raises_is_no_code_named_for_it(tmp_path):
    """openedx/license-manager (AGPL-3.0) 0008 and 0010 say "renewal processing" again and again; their lenses went
    on `RenewalProcessingError`, an exception class, rather than on code doing it."""
    ws = write(tmp_path / "license-manager", {
        "apps/subscriptions/exceptions.py": "class RenewalProcessingError(Exception):\n    pass\n",
        "apps/subscriptions/renewals.py": "def run_renewal_processing():\n    pass\n",
    })
    text = "# Automate renewals\n\nRenewal processing runs nightly. Renewal processing locks the plan.\n"
    found = derive_anchors(text, "docs/decisions/0008.md", AnchorContext(ws))
    assert [d.anchor.file for d in found] == ["apps/subscriptions/renewals.py"]


def test_phrases_are_repeated_prose_words_not_code_or_the_project_name():
    text = "The `job_cache` and setJobCache. Read model, read model. Job cache once. Content Publisher x2: Content Publisher."
    assert phrases(text, "alphagov__content-publisher") == []
    assert phrases("Delivery receipts, then delivery receipt.") == [("delivery", "receipt")]
    # the text of a link to a web page names that page (zooniverse's "Adopting ADRs" is no decision about
    # `getBlogPosts`); a link into the repository's own files names the code it points at
    assert phrases("Inspired by [this blog post](http://example.com/adrs). See the blog post linked above.") == []
    assert phrases("See [the delivery receipts](https://github.com/o/r/blob/main/receipts.py#L6). Delivery receipts "
                   "arrive late.") == [("delivery", "receipt")]
    assert phrases("See [the delivery receipts](https://example.com/x). Delivery receipts arrive late.") == []
    # dapr/dapr's ENG-001 and kumahq/kuma's MADR 084 (Apache-2.0): a phrase holding the project's one-word name is
    # what all of it is made of, not a part of it; a word of a longer name ("content") still makes phrases
    runtime = "The Dapr runtime image is tagged. Each dapr runtime release is signed. Kuma resources, a Kuma resource."
    assert phrases(runtime, "dapr dapr/dapr kumahq/kuma".replace("/", " ")) == []
    assert phrases(runtime, "other") == [("dapr", "runtime"), ("kuma", "resource")]
    assert phrases("Content blocks, a content block.", "alphagov__content-publisher") == [("content", "block")]
    # Enterprise-CMCS/managed-care-review (CC0-1.0) 018: "the review and submit page", twice, is `ReviewSubmit`
    assert phrases("The review and submit page lists it. On the review and submit page we sign.") == [("review", "submit")]
    assert phrases("Review it, and submit it. Review, and submit.") == []  # not one phrase: two clauses


# Shaped on Unleash's write-model-vs-read-models.md and sdk-generator.md (Unleash/unleash, Apache-2.0).
READ_MODELS = ("---\ntitle: \"ADR: Write model vs Read models\"\n---\n\nRead models answer questions. An internal "
               "read model serves other modules; an external read model serves the UI.\n")
SDK = "# SDK generator\n\nWe will use the [Orval](https://orval.dev/) package to generate types. See https://vite.dev/.\n"


def test_a_decision_titled_for_a_kind_of_thing_governs_the_files_named_so(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/lib/features/segment/segment-read-model.ts": "export class SegmentReadModel {}\n",
        "src/lib/features/project/project-read-model.ts": "export class ProjectReadModel {}\n",
        "src/lib/features/project/project-read-model.test.ts": "test('x', () => {});\n",
        "src/lib/features/segment/segment-store.ts": "export class SegmentStore {}\n",
        "docs/read-model.md": "words\n",
    })
    found = derive_anchors(READ_MODELS, "contributing/ADRs/back-end/read-models.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == [
        ("**/*-read-model.ts", "titled for “read model”: 2 files named so")]
    assert derive_anchors("# Read models\n\nOne read model.\n", "docs/adr/1.md", AnchorContext(ws)) == []


def test_a_kind_glob_counts_the_files_it_covers_and_covers_no_dated_script():
    """DFE-Digital/register-trainee-teachers (MIT): `**/*_lead_partner.rb` was counted from four files named
    `…_lead_partners.rb` and covered none; `**/*_academic_cycle.*` covered a dated data backfill."""
    from lore.sources.concepts import kind_globs
    text = "# Lead partners\n\nA lead partner trains. Each lead partner reports; lead partners sign.\n"
    plural = ["db/migrate/20240101000000_create_lead_partners.rb", "app/services/create_lead_partners.rb",
              "app/services/sync_lead_partners.rb"]
    assert kind_globs(text, plural) == []
    singular = ["app/services/set_lead_partner.rb", "app/services/find_lead_partner.rb"]
    assert kind_globs(text, singular) == [("**/*_lead_partner.rb", "lead partner", 2)]
    assert kind_globs(text, singular + ["db/data/20211129150253_backfill_previous_lead_partner.rb"]) == []


def test_a_tool_the_decision_chooses_anchors_its_one_configuration_file(tmp_workspace):
    ws = write(tmp_workspace, {"frontend/orval.config.ts": "export default {};\n",
                               "frontend/vite.config.mts": "export default {};\n", "vite.config.ts": ""})
    found = derive_anchors(SDK, "contributing/ADRs/front-end/sdk-generator.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == [
        ("frontend/orval.config.ts", "names orval (frontend/orval.config.ts)")]


# Shaped on log4brains' docs/adr/20200925-multi-packages-architecture-in-a-monorepo-with-yarn-and-lerna.md and
# 20200925-use-prettier-eslint-airbnb-for-the-code-style.md (thomvaill/log4brains, Apache-2.0).
MONOREPO = "# Multi-packages architecture in a monorepo with Yarn and Lerna\n\nWe split the code into packages.\n"
STYLE = "# Use Prettier-ESLint Airbnb for the code style\n\nWe use ESLint with the Airbnb rules.\n"


def test_a_tool_named_data_file_at_a_project_root_is_its_configuration_and_the_nearest_of_several_counts(tmp_workspace):
    ws = write(tmp_workspace, {"lerna.json": "{}\n", "package.json": "{}\n", "packages/web/package.json": "{}\n",
                               "packages/web/src/locales/lerna.json": "{}\n", ".eslintrc.js": "module.exports = {};\n",
                               "packages/web/.eslintrc.js": "module.exports = {};\n", "packages/web/src/index.ts": ""})
    found = derive_anchors(MONOREPO, "docs/adr/20200925-monorepo.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == [("./lerna.json", "names lerna (lerna.json)")]
    found = derive_anchors(STYLE, "docs/adr/20200925-style.md", AnchorContext(ws))
    assert [d.anchor.to_text() for d in found] == ["./.eslintrc.js"]
    ws2 = write(tmp_workspace / "two", {"a/.eslintrc.js": "", "b/.eslintrc.js": "", "c/x/.eslintrc.js": "",
                                         "a/package.json": "{}", "b/package.json": "{}"})
    assert [d.anchor.to_text() for d in derive_anchors(STYLE, "docs/adr/20200925-style.md", AnchorContext(ws2))] == \
        ["a/.eslintrc.js", "b/.eslintrc.js"]
    ws3 = write(tmp_workspace / "four", {f"p{i}/.eslintrc.js": "" for i in range(4)})
    assert derive_anchors(STYLE, "docs/adr/20200925-style.md", AnchorContext(ws3)) == []


def test_a_tools_own_file_and_the_pyproject_table_configuring_it_are_both_its_configuration(tmp_workspace):
    ws = write(tmp_workspace, {"poetry.toml": "[virtualenvs]\n", "pyproject.toml": "[tool.poetry]\nname = 'x'\n",
                               "app/__init__.py": ""})
    text = "# Use `poetry` for dependency management\n\nLet's use `poetry`.\n"
    assert sorted(d.anchor.to_text() for d in derive_anchors(text, "docs/adrs/0006.md", AnchorContext(ws))) == \
        ["./poetry.toml", "./pyproject.toml"]


def test_the_pre_commit_configuration_running_a_tools_hook_is_its_configuration_too(tmp_workspace):
    """ScilifelabDataCentre/swedish-pathogens-portal-django (MIT) 0002 chooses Ruff, "enforced via Ruff configuration
    in `pyproject.toml`"; `.pre-commit-config.yaml` runs it (`- id: ruff`) and showed nothing. Its other hooks
    (`check-yaml`, `trailing-whitespace`) run no tool a record names."""
    from lore.sources.bare import hook_tools
    hooks = ("repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    hooks:\n      - id: ruff\n"
             "      - id: ruff-format\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    hooks:\n"
             "      - id: check-yaml\n      - id: trailing-whitespace\n")
    assert hook_tools(hooks) == ["ruff", "ruff"]
    ws = write(tmp_workspace, {".pre-commit-config.yaml": hooks, "pyproject.toml": "[tool.ruff]\nline-length = 100\n",
                               "app/__init__.py": ""})
    text = "# 2. Code style\n\nWe use Ruff to lint and format the code.\n"
    assert sorted(d.anchor.to_text() for d in derive_anchors(text, "doc/adr/0002.md", AnchorContext(ws))) == \
        ["./.pre-commit-config.yaml", "./pyproject.toml"]


# Shaped on notifications-api's docs/adrs/0013-log-debug-tags.md (GSA/notifications-api, CC0-1.0).
TAGS = ("# Use of debug search tags\n\nHere are the existing tags:\n\n#notify-debug-admin-1200: job cache regeneration\n"
        "#notify-debug-admin-1701: wrong sender phone number\n#notify-debug-everywhere-1: a tag in many files\n"
        "Text in UTF-8 and iso-8859-1 is fine.\n")


def test_a_marker_the_decision_lists_anchors_the_few_files_writing_it(tmp_workspace):
    files = {"app/aws/s3.py": 'log.error("regenerating cache #notify-debug-admin-1200")\n',
             "app/delivery/send.py": 'log.warning("wrong sender #notify-debug-admin-1701")\n',
             "tests/test_send.py": 'assert "#notify-debug-admin-1701" in caplog.text\n',
             "app/codec.py": 'ENCODING = "iso-8859-1"\n'}
    files |= {f"app/m{i}.py": 'log.info("#notify-debug-everywhere-1")\n' for i in range(4)}
    ws = write(tmp_workspace, files)
    found = derive_anchors(TAGS, "docs/adrs/0013.md", AnchorContext(ws))
    assert sorted((d.anchor.to_text(), d.why) for d in found) == [
        ("app/aws/s3.py", "writes `#notify-debug-admin-1200`"),
        ("app/delivery/send.py", "writes `#notify-debug-admin-1701`")]


def test_a_page_the_decision_and_the_code_both_refer_to_is_no_marker(tmp_workspace):
    # JakubPatkowski/Forum-Master-Thesis-.NET 0009 (MIT): "The event catalog … is in `REQUIREMENTS-AND-ASSUMPTIONS.md`
    # §2", and a domain class's comment says "out of scope (REQUIREMENTS-AND-ASSUMPTIONS §1)": both send the reader
    # to the same page; the record does not govern the class.
    ws = write(tmp_workspace, {
        "src/Conversations/ConversationParticipant.cs":
            "// Muting is out of scope (REQUIREMENTS-AND-ASSUMPTIONS §1).\npublic class ConversationParticipant {}\n",
        "src/Billing/Errors.cs": '// Raised as PAY-ERR-42\npublic class PaymentDeclined {}\n',
        "docs/architecture/REQUIREMENTS-AND-ASSUMPTIONS.md": "# Requirements\n"})
    text = ("# ADR 0009: RabbitMQ integration events\n\n## Decision\n\nThe event catalog is in "
            "`REQUIREMENTS-AND-ASSUMPTIONS.md` §2. A declined payment is logged as `PAY-ERR-42`.\n")
    found = derive_anchors(text, "docs/architecture/adr/0009.md", AnchorContext(ws))
    assert sorted((d.anchor.to_text(), d.why) for d in found) == [("src/Billing/Errors.cs", "writes `PAY-ERR-42`")]


# Shaped on openedx-learning's docs/decisions/0015-serving-static-assets.rst (openedx/openedx-learning, AGPL-3.0).
HEADERS = ("# Serving static assets\n\n## Decision\n\nThe Django views serving assets use the `X-Accel-Redirect` "
           "header, and every page keeps its `Content-Type`.\n")


def test_a_header_the_decision_writes_anchors_the_few_files_sending_it(tmp_workspace):
    files = {"app/components/api.py": 'response.headers["X-Accel-Redirect"] = url\n',
             "app/contents/api.py": 'HEADER = "X-Accel-Redirect"\n',
             "tests/test_assets.py": 'assert r.headers["X-Accel-Redirect"]\n'}
    files |= {f"app/v{i}.py": 'response.headers["Content-Type"] = "text/html"\n' for i in range(2)}
    ws = write(tmp_workspace, files)
    found = derive_anchors(HEADERS, "docs/decisions/0015.md", AnchorContext(ws))
    assert sorted((d.anchor.to_text(), d.why) for d in found) == [
        ("app/components/api.py", "writes `X-Accel-Redirect`"), ("app/contents/api.py", "writes `X-Accel-Redirect`")]


def test_a_tool_configured_in_a_pyproject_table_anchors_that_pyproject(tmp_workspace):
    ws = write(tmp_workspace, {"pyproject.toml": "[tool.poetry]\nname = 'api'\n\n[tool.poetry.dependencies]\n",
                               "app/__init__.py": ""})
    found = derive_anchors("# Use `poetry` for dependency management\n\nLet's use `poetry`.\n", "docs/adrs/0006.md",
                           AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == [("./pyproject.toml", "names poetry (pyproject.toml)")]


def test_a_tool_is_named_as_a_name_not_as_a_word_of_the_prose(tmp_workspace):
    ws = write(tmp_workspace, {"packages/web/next.config.js": "module.exports = {};\n", "packages/web/package.json": "{}"})
    # From log4brains' packages/web/docs/adr/20200927-avoid-react-fc-type.md (thomvaill/log4brains, Apache-2.0).
    fc = "# Avoid React.FC type\n\nReact.FC comes with next to no benefits in combination with a few downsides.\n"
    assert derive_anchors(fc, "docs/adr/fc.md", AnchorContext(ws)) == []
    nextjs = "# Use Next.js for Static Site Generation\n\nWe generate the site with Next.js.\n"
    assert [d.anchor.to_text() for d in derive_anchors(nextjs, "docs/adr/next.md", AnchorContext(ws))] == \
        ["packages/web/next.config.js"]



def test_tools_given_as_examples_are_not_the_decisions_choice(tmp_workspace):
    ws = write(tmp_workspace, {"env.config.js": "export default {};\n", "babel.config.js": "module.exports = {};\n",
                               "jest.config.js": "module.exports = {};\n", "webpack.config.js": "module.exports = {};\n"})
    # From openedx/frontend-platform's docs/decisions/0007-javascript-file-configuration.rst (AGPL-3.0).
    text = ("# Promote JavaScript file configuration\n\n## Decision\n\nWe use an ``env.config.js`` file. Using a "
            "JavaScript file for configuration is standard practice. Babel, webpack, eslint, Jest, etc., all accept "
            "configuration via JavaScript files. Tools such as Webpack read it too.\n")
    assert [d.anchor.to_text() for d in derive_anchors(text, "docs/decisions/0007.rst", AnchorContext(ws))] == \
        ["./env.config.js"]
    chosen = "# Test with Jest\n\nWe run the unit tests with Jest and lint with ESLint, Prettier and Stylelint.\n"
    assert [d.anchor.to_text() for d in derive_anchors(chosen, "docs/decisions/0008.md", AnchorContext(ws))] == \
        ["./jest.config.js"]


def test_a_file_named_for_the_project_itself_is_no_tools_configuration(tmp_workspace):
    ws = write(tmp_workspace / "openedx-learning", {"openedx.yaml": "oeps: {}\n", "lerna.json": "{}\n"})
    text = "# System taxonomy auto-tagging\n\nOpenedX tags content with Lerna.\n"
    assert [d.anchor.to_text() for d in derive_anchors(text, "docs/decisions/0013.rst", AnchorContext(ws))] == \
        ["./lerna.json"]


def test_a_title_about_an_aspect_of_a_kind_governs_no_instance_of_it(tmp_workspace):
    # Shaped on carbon-aware-sdk's 0006-data-source-registration.md (Green-Software-Foundation/carbon-aware-sdk, MIT).
    ws = write(tmp_workspace, {f"src/{n}DataSource.cs": f"class {n}DataSource {{}}\n" for n in ("WattTime", "Json", "Null")})
    text = ("# 0006. Data Source Registration\n\nEach data source registers itself. A data source is found by name.\n"
            "The data source registry lists them.\n")
    assert derive_anchors(text, "docs/decisions/0006.md", AnchorContext(ws)) == []
    kinds = text.replace("# 0006. Data Source Registration", "# 0006. Registering Data Sources")
    assert [d.anchor.to_text() for d in derive_anchors(kinds, "docs/decisions/0006.md", AnchorContext(ws))] == \
        ["**/*DataSource.cs"]
    # carbon-aware-sdk's 0017-watt-time-signal-type.md: about the signal type, in one data source
    inside = text.replace("# 0006. Data Source Registration", "# 0017. Signal Type in WattTime v3 Data Source")
    assert derive_anchors(inside, "docs/decisions/0017.md", AnchorContext(ws)) == []


def test_a_test_module_inside_a_source_file_is_no_home_of_a_concept(tmp_path):
    # informalsystems/hermes (Apache-2.0): ADR 006 speaks of creating connections; the command creating them is
    # its subject, not the tests Rust keeps beside it in `mod tests`.
    code = ("pub struct CreateConnectionCommand {\n    pub chain: String,\n}\n\n"
            "#[cfg(test)]\nmod tests {\n    #[test]\n    fn create_connection_a_chain_and_clients() {}\n}\n")
    ws = write(tmp_path / "hermes", {"crates/relayer-cli/src/commands/create/connection.rs": code})
    text = ("# ADR 006: Hermes v0.2.0 Use-Cases\n\n## Decision\n\nA user can create connection ends with one command. "
            "To create connection ends, the relayer first creates the chain and clients.\n")
    found = derive_anchors(text, "docs/architecture/adr-006.md", AnchorContext(ws))
    assert [d.anchor.to_text() for d in found] == ["symbol:rust:CreateConnectionCommand"]


def test_a_tool_the_title_chooses_in_lower_case_anchors_its_configuration_at_the_root(tmp_workspace):
    # AI-SDC/SACRO-Viewer's docs/adr/0003-python-pyoxidizer.md (MIT): the prose writes "pyoxidizer" in lower case
    # throughout; the title chooses it, and its configuration is the root `pyoxidizer.bzl`.
    text = ("# 3. Use python and pyoxidizer\n\n## Decision\n\nWe will use pyoxidizer to build a stand-alone "
            "binary.\n")
    ws = write(tmp_workspace, {"pyoxidizer.bzl": "def make_exe():\n    pass\n", "sacro/views.py": "x = 1\n"})
    found = derive_anchors(text, "docs/adr/0003-python-pyoxidizer.md", AnchorContext(ws))
    assert [d.anchor.to_text() for d in found] == ["./pyoxidizer.bzl"]
    said = text.replace("# 3. Use python and pyoxidizer", "# 3. Packaging the application")
    assert derive_anchors(said, "docs/adr/0003-python-pyoxidizer.md", AnchorContext(ws)) == [], \
        "a word of the prose in lower case is no tool's name"


def test_the_type_named_for_a_phrase_alone_stands_for_it_not_the_names_built_on_it(tmp_path):
    # Lab-Topology-Builder/LTB-K8s-Backend's docs/decisions/0008 (Apache-2.0): "lab instance" is `LabInstance`, not
    # the generated `LabInstanceList` or `LabInstanceNodes`.
    ws = write(tmp_path / "ltb", {
        "api/v1alpha1/labinstance_types.go": "package v1alpha1\n\ntype LabInstance struct{}\n\ntype LabInstanceList struct{}\n",
        "api/v1alpha1/labtemplate_types.go": "package v1alpha1\n\ntype LabInstanceNodes struct{}\n",
    })
    text = ("# Namespace per lab instance\n\nLab instances could be created in separate namespaces. Each lab instance "
            "gets its own namespace, and a lab instance's nodes run there.\n")
    found = derive_anchors(text, "docs/decisions/0008.md", AnchorContext(ws))
    assert [d.anchor.to_text() for d in found] == ["symbol:go:LabInstance"]


def test_a_title_in_french_is_read_in_whole_words(tmp_workspace):
    # DITP-pilotage/pilote-2's doc/adr/001 (MIT): "décisions" is one word, not "d" and "cisions" matching a folder
    # `chantier/décision` split the same way.
    ws = write(tmp_workspace, {"src/usecase/chantier/décision/CréerUneDécisionUseCase.ts": "export class X {}\n"})
    text = "# Enregistrement des décisions concernant l'architecture dans des ADR\n\n## État\n\nProposé.\n"
    assert derive_anchors(text, "doc/adr/001.md", AnchorContext(ws)) == []


def test_a_github_actions_metadata_file_is_no_tools_configuration(tmp_workspace):
    # DEFRA/epr-re-ex-service (OGL-UK-3.0): "| Action | Query Type |" in a table names no tool called "action".
    ws = write(tmp_workspace, {".github/actions/lint-types/action.yml": "runs:\n  using: composite\n",
                               ".github/actions/lint-types/package.json": "{}\n"})
    text = "# Registration schema\n\n| Action | Query Type |\n|---|---|\n| Action | read |\n"
    assert derive_anchors(text, "docs/adr/0002.md", AnchorContext(ws)) == []


def test_test_doubles_are_test_code():
    # navapbc/wic-participant-recertification-portal-demo (Apache-2.0): a Storybook's mock of a library is no home
    # of the decision choosing it.
    from lore.sources.named import TEST_PATH
    for rel in ("participant/.storybook/mockModules/remix-react.tsx", "src/__mocks__/axios.ts", "pkg/mock_data/x.go"):
        assert TEST_PATH.search(rel), rel
    assert not TEST_PATH.search("src/mockingbird/app.ts") and not TEST_PATH.search("src/mockup.ts")
    # openedx/frontend-app-learning (AGPL-3.0): Rosie factories of test data, and the constants of its contract tests,
    # took a record titled "Course Home Decisions" and the names `courseId`, `sequenceId`
    for rel in ("src/course-home/data/__factories__/courseHomeMetadata.factory.js", "src/__fixtures__/course.json",
                "src/pacts/constants.js", "pact/consumer.js"):
        assert TEST_PATH.search(rel), rel
    assert not TEST_PATH.search("src/Factories/FunFunFactory.php")  # wmde: the application's own factories
    # thin-edge/thin-edge.io (Apache-2.0): Rust keeps a module's `#[cfg(test)] mod tests;` in `tests.rs`, where a
    # record's routes and phrases landed
    assert TEST_PATH.search("crates/core/tedge_agent/src/entity_manager/tests.rs")
    assert not TEST_PATH.search("src/attests.rs") and not TEST_PATH.search("src/contests/mod.rs")


def test_a_test_crate_or_suite_named_for_tests_is_test_code():
    # rdkcentral/ieee1905-rs (Apache-2.0): `ieee1905-tests/src/functional_tests_receiver.rs`, a test driver, took the
    # anchors of two records by a phrase and an import.
    from lore.sources.named import TEST_PATH
    for rel in ("ieee1905-tests/src/functional_tests_receiver.rs", "integration-tests/suite.go", "test-utils/db.ts",
                "api/e2e-tests/login.spec.ts", "tests-ng/util/sysdiff.py"):
        assert TEST_PATH.search(rel), rel
    for rel in ("src/latest/app.py", "src/contest/rules.py", "pkg/attestation/sign.go", "testimonials/page.tsx"):
        assert not TEST_PATH.search(rel), rel


def test_gradle_source_sets_and_dotnet_test_projects_are_test_code():
    # Darkona/java-springboot-archetype (MIT): two records anchored `src/architectureTest/java/com/archetype/layer/**`
    # for "the layer part"; KDProgramming2025/LiveWithoutBelief's `app/src/androidTest/…/HiltTestRunner.kt`;
    # TolikPylypchuk/Cineaste's test projects.
    from lore.sources.named import TEST_PATH
    for rel in ("src/architectureTest/java/com/archetype/layer/LayerTest.java", "app/src/androidTest/x/HiltTestRunner.kt",
                "src/integrationTest/java/A.java", "lib/src/testFixtures/kotlin/Fakes.kt", "Cineaste.Tests/DbFixture.cs",
                "test/Cineaste.Application.IntegrationTests/Fixture/DbFixture.cs", "src/Core.UnitTests/Money.cs"):
        assert TEST_PATH.search(rel), rel
    for rel in ("src/main/java/com/archetype/layer/Layer.java", "src/contest/rules.py", "src/Latest.Contests/x.cs",
                "src/Cineaste.Client/App.cs"):
        assert not TEST_PATH.search(rel), rel


def test_a_word_capitalised_only_where_a_sentence_opens_names_no_tool(tmp_workspace):
    """TolikPylypchuk/Cineaste (MIT): "**Global** state management with ReactiveUI…" anchored the .NET SDK's
    `global.json`; joeycumines/go-utilpkg (MIT): "**Example — Timer Registry**" anchored `example.config.mk`."""
    from lore.sources.bare import tools_named
    tools = {"global": ["global.json"], "example": ["example.config.mk"], "lerna": ["lerna.json"],
             "next": ["next.config.js"]}
    assert tools_named("**Global** state management with ReactiveUI was hard to test.", tools) == []
    assert tools_named("**Example — Timer Registry**\n\nA registry of timers.", tools) == []
    assert tools_named("Next, we move the pages.", tools) == []
    assert tools_named("We publish with Lerna.", tools) == [("lerna", "lerna.json")]
    assert tools_named("Lerna publishes the packages.\n\nWe keep Lerna.", tools) == [("lerna", "lerna.json")]
    assert tools_named("### Lerna\n\nIt publishes the packages.", tools) == [("lerna", "lerna.json")]


def test_a_tool_named_as_whose_something_is_or_before_another_noun_names_that_noun(tmp_workspace):
    """network-goods-institute/negation-game docs/architecture-decisions (AGPL-3.0): 0004's "I'm using Vercel's AI sdk"
    anchored `vercel.json`, and 0011's "relies on Next.js middleware" `next.config.mjs`."""
    from lore.sources.bare import tools_named
    tools = {"vercel": ["vercel.json"], "next": ["next.config.mjs"], "lerna": ["lerna.json"]}
    assert tools_named("I'm using Vercel's AI sdk, so it's easy to switch models.", tools) == []
    assert tools_named("Google's model is also supported on Vercel AI sdk.", tools) == []
    assert tools_named("The implementation relies on Next.js middleware. It works with Next.js Edge runtime.",
                       tools) == []
    assert tools_named("# Subdomain routing with Next.js middleware\n\nA matcher.", tools,
                       title="Subdomain routing with Next.js middleware") == []
    assert tools_named("We deploy on Vercel. Vercel's previews help.", tools) == [("vercel", "vercel.json")]
    assert tools_named("The pages are rendered by Next.js, and Next.js routes them.", tools) == \
        [("next", "next.config.mjs")]
    assert tools_named("Releases are cut by the Lerna package and its Lerna config.", tools) == [("lerna", "lerna.json")]
    assert tools_named("The app is built with Next.js 14 and Lerna.", tools) == \
        [("lerna", "lerna.json"), ("next", "next.config.mjs")]
    # ONSdigital/census31-eq-questionnaire-runner (MIT) 0010: "the Babel `get_locale` method" (Flask-Babel's) anchored
    # the JavaScript Babel's `.babelrc`
    babel = {"babel": [".babelrc"]}
    assert tools_named("The language comes from the Babel `get_locale` method.", babel) == []
    assert tools_named("We compile with Babel, and Babel reads `.babelrc`.", babel) == [("babel", ".babelrc")]
    assert tools_named("Releases go out as Lerna tags each package; Lerna handled the last one.", tools) == \
        [("lerna", "lerna.json")]
    # thomvaill/log4brains docs/adr/20200925 (Apache-2.0): the title joins ESLint to Prettier with a hyphen
    style = ("## Positive Consequences\n\n- Use the [Prettier ESLint](https://a.example) and [ESLint VS Code extension]"
             "(https://b.example) while developing\n")
    assert tools_named(style, {"eslint": [".eslintrc.js"]}, title="Use Prettier-ESLint Airbnb for the code style") == \
        [("eslint", ".eslintrc.js")]


def test_a_schema_migration_is_no_home_of_a_concept(tmp_path):
    # alphagov/email-alert-api adr-004 "Message Concept" (MIT) speaks of criteria rules: its one anchor was the
    # migration `AddCriteriaRulesToMessages`, a change made once, not where criteria rules live.
    ws = write(tmp_path / "email-alert-api", {
        "db/migrate/20190903101929_add_criteria_rules_to_messages.rb":
            "class AddCriteriaRulesToMessages < ActiveRecord::Migration[5.2]\n  def change\n  end\nend\n",
        "app/models/criteria_rule_set.rb": "class CriteriaRuleSet\nend\n",
        "shop/migrations/0002_criteria_rules.py": "class CriteriaRulesMigration:\n    pass\n",
    })
    text = ("# Message Concept\n\n## Decision\n\nA message carries criteria rules. The criteria rules say who gets it; "
            "each criteria rule names a tag.\n")
    found = derive_anchors(text, "docs/adr/adr-004-message-concept.md", AnchorContext(ws))
    assert [d.anchor.file for d in found] == ["app/models/criteria_rule_set.rb"]


def test_a_tools_configuration_variant_and_dependabots_first_home_are_its_files(tmp_workspace):
    """LBHackney-IT/remultiform (MIT): `npm run lint` passes `--config ./.eslintrc.full.js` beside `.eslintrc.js`, and
    its Dependabot record's configuration is Dependabot Preview's `.dependabot/config.yml`."""
    ws = write(tmp_workspace, {".eslintrc.js": "module.exports = {};\n", ".eslintrc.full.js": "module.exports = {};\n",
                               ".dependabot/config.yml": "version: 1\n", "src/index.ts": "export const x = 1;\n"})
    found = derive_anchors("# 5. Use ESLint\n\nWe use ESLint.\n", "docs/adr/0005-use-eslint.md", AnchorContext(ws))
    assert sorted(d.anchor.to_text() for d in found) == ["./.eslintrc.full.js", "./.eslintrc.js"]
    found = derive_anchors("# 7. Use Dependabot to keep dependencies up to date\n\nWe use Dependabot.\n",
                           "docs/adr/0007-use-dependabot.md", AnchorContext(ws))
    assert [d.anchor.to_text() for d in found] == [".dependabot/config.yml"]


def test_a_phrase_the_record_always_goes_on_with_one_word_is_that_longer_term(tmp_path):
    """cosmos/interchain-security (Apache-2.0): ADR 005 speaks of the "consumer infraction height" each time, and was
    shown on `DefaultConsumerInfractionParameters`, the subject of another record. A name going on past the phrase
    into another noun names something else; one going on into the record's word, or into a kind of code, does not."""
    ws = write(tmp_path / "ics", {
        "x/ccv/provider/types/params.go": "package types\n\nfunc DefaultConsumerInfractionParameters() int { return 0 }\n",
        "x/ccv/provider/keeper/height.go": "package keeper\n\nfunc GetConsumerInfractionHeight() int { return 0 }\n",
    })
    text = ("# ADR 005: Equivocation\n\n## Decision\n\nThe consumer infraction height is kept. Evidence older than the "
            "consumer infraction height is dropped, whatever its parameters.\n")
    found = derive_anchors(text, "docs/adrs/adr-005.md", AnchorContext(ws))
    assert [d.anchor.to_text() for d in found] == ["symbol:go:GetConsumerInfractionHeight"]
    loose = text.replace("consumer infraction height is dropped", "consumer infraction is dropped")
    assert "symbol:go:DefaultConsumerInfractionParameters" in [
        d.anchor.to_text() for d in derive_anchors(loose, "docs/adrs/adr-005.md", AnchorContext(ws))]
