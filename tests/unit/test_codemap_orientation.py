"""Map facts orientation needs: whole Makefile recipes with their variables resolved, commands the guides
document, the files routes are registered in, and how a program is built and run."""

from __future__ import annotations

from pathlib import Path

from lore.codemap.build import build_map
from lore.codemap.guides import guide_commands, is_guide
from lore.codemap.recipes import make_variables, programs, recipe_steps, resolve
from lore.codemap.routes import count_registrations, route_files
from lore.context.taskmap import task_map_lines
from tree_files import write

MAKEFILE = """include scripts/makefiles/Tools.mk

.PHONY: generate-mocks lint test build-tool
generate-mocks: $(MOCKERY)
\tfind . -path '*/mocks/*' -name '*.go' -type f -delete
\t$(MOCKERY) | tee .mockery.log

lint: lint-fmt lint-go ## Run every linter

test:
\t@echo running tests
\tgo test -race ./...

build-tool:
\tgo build -o bin/tool ./cmd/tool
"""
TOOLS_MK = "TOOLS_BIN_DIR ?= $(SRC_ROOT)/.tools\nMOCKERY := $(TOOLS_BIN_DIR)/mockery\n"
GUIDE = """# Developing

## Migrations

Create a migration:

```
flask db migrate
```

Running migrations locally:

```sh
$ flask db upgrade  # applies every pending migration
```

```python
print("not a command")
```

- Use `pnpm db-migrate create <name>` to create new migrations
- Run `make lint` before you push

| Step | `npm run build` |
"""
FLASK_INIT = '''from flask import Flask


def register_blueprint(application):
    from app.service.rest import service_blueprint
    from app.job.rest import job_blueprint
    application.register_blueprint(service_blueprint, url_prefix="/service")
    application.register_blueprint(job_blueprint)
    application.register_blueprint(
        template_blueprint,
        url_prefix="/template",
    )
    application.register_blueprint(user_blueprint)
    application.register_blueprint(status_blueprint)
    application.before_request(check_auth)
'''
EXPRESS_INDEX = """export class AdminApi extends Controller {
    constructor(config, services) {
        super(config);
        this.app.use(cors());
        this.app.use(
            '/features',
            new FeatureController(config, services).router,
        );
        this.app.use('/tags', new TagController(config, services).router);
    }
}
"""


def _write(root: Path, files: dict[str, str]) -> None:
    write(root, files)


def test_a_recipe_keeps_every_step_and_its_tool_variable_resolves_across_included_makefiles(tmp_path):
    _write(tmp_path, {"go.mod": "module example.com/tool\n", "Makefile": MAKEFILE,
                      "scripts/makefiles/Tools.mk": TOOLS_MK, "cmd/tool/main.go": "package main\n\nfunc main() {}\n"})
    cmds = {c.name: c for c in build_map(tmp_path).commands}
    mocks = cmds["make generate-mocks"]
    assert mocks.kind == "generate"
    assert mocks.run == "find . -path '*/mocks/*' -name '*.go' -type f -delete && $(SRC_ROOT)/.tools/mockery | tee .mockery.log"
    assert programs(mocks.run) == ["find", "mockery", "tee"]
    assert cmds["make test"].run == "go test -race ./..."  # the echo line is no step
    lint = cmds["make lint"]
    assert (lint.run, lint.doc, lint.kind) == ("make lint-fmt lint-go", "Run every linter", "lint")


def test_recipe_steps_join_continuations_and_variables_resolve_nested():
    steps = recipe_steps(["\t@cd src && \\", "\t\tgo vet ./...", "\t-echo done", "\tgolangci-lint run", "next:"])
    assert steps == ["cd src && go vet ./...", "golangci-lint run"]
    variables = make_variables("A := $(B)/bin\nB ?= /opt\n\tC = recipe line\nD = $(shell pwd)\n")
    assert variables == {"A": "$(B)/bin", "B": "/opt"}
    assert resolve("$(A)/x ${B} $(UNKNOWN)", variables) == "/opt/bin/x /opt $(UNKNOWN)"
    assert programs("poetry run pytest -q && GOOS=linux go build ./... | tee log") == ["pytest", "go", "tee"]


def test_a_guide_documents_commands_in_code_blocks_and_in_list_items():
    found = {c.name: c for c in guide_commands(GUIDE, "docs/all.md")}
    assert list(found) == ["flask db migrate", "flask db upgrade", "pnpm db-migrate create <name>", "make lint"]
    assert found["flask db migrate"].kind == "migrate" and found["flask db migrate"].doc == "Create a migration:"
    assert found["flask db upgrade"].doc == "Running migrations locally:"  # prompt and comment left out
    assert found["pnpm db-migrate create <name>"].doc.startswith("Use pnpm db-migrate create")
    assert all(c.source == "docs/all.md" for c in found.values())


def test_code_spans_in_a_wrapped_paragraph_are_examples_not_commands():
    # Shaped on this project's docs/review.md and jaeger's CONTRIBUTING.md: a sentence that quotes a
    # command as an example, wrapped over lines, documents nothing to run.
    guide = ("# Contradictions\n\nA sentence counts when it prescribes (\"use pnpm\", \"run `pnpm install`\", \"indent\n"
             "with tabs\"); a sentence that only names a tool does not, since `go test` alone says nothing.\n\n"
             "Set up the database:\n`flask db upgrade`\n\nRun `make lint` before you push.\n")
    run = [c.run for c in guide_commands(guide, "docs/review.md")]
    assert run == ["flask db upgrade", "make lint"]


def test_which_markdown_files_are_guides():
    assert is_guide("README.md") and is_guide("migrations/README.md") and is_guide("AGENTS.md")
    assert is_guide("docs/all.md") and is_guide("contributing/backend/overview.md")
    assert not is_guide("frontend/src/component/onboarding/snippets/python.md")  # app content, not a guide
    assert not is_guide("docs/adr/0001-use-postgres.md") and not is_guide("docs/rfc/0003-sidecar.md")
    assert not is_guide("examples/hotrod/README.md") and not is_guide("CHANGELOG.md")


def test_a_defined_command_wins_over_the_guide_that_documents_it_and_keeps_its_words(tmp_path):
    _write(tmp_path, {"go.mod": "module example.com/tool\n", "Makefile": MAKEFILE, "scripts/makefiles/Tools.mk": TOOLS_MK,
                      "CONTRIBUTING.md": "Before a PR:\n\n```\nmake test\n```\n", "docs/all.md": GUIDE})
    cmap = build_map(tmp_path)
    tests = [c for c in cmap.commands if c.name == "make test"]
    assert len(tests) == 1 and tests[0].source == "Makefile" and tests[0].doc == "Before a PR:"
    migrate = next(c for c in cmap.commands if c.name == "flask db migrate")
    assert migrate.source == "docs/all.md"
    lines = task_map_lines(cmap, "add a database migration")
    assert "- migrate: `flask db migrate` (docs/all.md)" in lines


def test_route_registrations_count_mounted_modules_not_middleware():
    assert count_registrations(FLASK_INIT.encode()) == 5
    assert count_registrations(EXPRESS_INDEX.encode()) == 2  # `use(cors())` mounts no route module
    assert count_registrations(b"urlpatterns = [path('api/', include('api.urls')), path('x/', include('x.urls'))]") == 2
    assert route_files({"a.py": 5, "b.ts": 36, "c.ts": 4}) == {"b.ts": 36, "a.py": 5}


def test_an_endpoint_task_names_the_file_routes_are_registered_in(tmp_path):
    _write(tmp_path, {"pyproject.toml": '[project]\nname = "notify"\n', "app/__init__.py": FLASK_INIT,
                      "app/service/rest.py": "from flask import Blueprint\n", "tests/app/job/test_rest.py": "",
                      "tests/app/job/deep/test_more.py": "", "tests/app/user/test_rest.py": ""})
    cmap = build_map(tmp_path)
    assert cmap.routes == {"app/__init__.py": 5}
    lines = task_map_lines(cmap, "add a new REST endpoint")
    assert "- routes registered in `app/__init__.py` (5)" in lines
    assert not any("routes registered" in line for line in task_map_lines(cmap, "add a database migration"))
    tests = [line for line in task_map_lines(cmap, "where are the tests for jobs") if line.startswith("- tests:")]
    assert any("`tests/app/job/`" in line for line in tests)
    assert not any("tests/app/job/deep" in line for line in tests)  # its sub-folder adds nothing


def test_a_program_line_says_how_it_is_built_and_run(tmp_path):
    _write(tmp_path, {"go.mod": "module example.com/tool\n", "Makefile": MAKEFILE, "scripts/makefiles/Tools.mk": TOOLS_MK,
                      "cmd/tool/main.go": "package main\n\nfunc main() {}\n",
                      "CONTRIBUTING.md": "Run it locally:\n\n```bash\ngo run ./cmd/tool --config config.yaml\n```\n"})
    lines = task_map_lines(build_map(tmp_path), "find the main binary of tool and run it locally")
    assert "- program `tool`: `cmd/tool`; build `make build-tool`; run `go run ./cmd/tool --config config.yaml`" in lines
