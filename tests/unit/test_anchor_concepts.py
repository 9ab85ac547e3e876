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


def test_phrases_are_repeated_prose_words_not_code_or_the_project_name():
    text = "The `job_cache` and setJobCache. Read model, read model. Job cache once. Content Publisher x2: Content Publisher."
    assert phrases(text, "alphagov__content-publisher") == []
    assert phrases("Delivery receipts, then delivery receipt.") == [("delivery", "receipt")]


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


def test_a_tool_the_decision_chooses_anchors_its_one_configuration_file(tmp_workspace):
    ws = write(tmp_workspace, {"frontend/orval.config.ts": "export default {};\n",
                               "frontend/vite.config.mts": "export default {};\n", "vite.config.ts": ""})
    found = derive_anchors(SDK, "contributing/ADRs/front-end/sdk-generator.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == [
        ("frontend/orval.config.ts", "names orval (frontend/orval.config.ts)")]


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
    assert [(d.anchor.to_text(), d.why) for d in found] == [("pyproject.toml", "names poetry (pyproject.toml)")]
