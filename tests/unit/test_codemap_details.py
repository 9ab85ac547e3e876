"""Details of the map found wrong on real repositories: command kinds, README summaries, test programs."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.codemap.build import build_map
from lore.codemap.model import command_kind
from lore.codemap.render import module_line
from lore.codemap.roles import first_paragraph, shorten
from tree_files import write


@pytest.mark.parametrize(("name", "run", "kind"), [
    pytest.param("make start-db (in test-migrations)", "docker compose up db -d", "run", id="area-name-is-no-kind"),
    pytest.param("make clean (in test-migrations)", "docker compose rm -f", "other", id="clean-in-a-test-area"),
    pytest.param("npm run prepack", "pnpm install --frozen-lockfile", "other", id="npm-hook"),
    pytest.param("npm run dev (in packages/web)", "vite", "run", id="dev"),
    pytest.param("npm test (in frontend)", "vitest run", "test", id="npm-test"),
    pytest.param("npm run db-migrate", "db-migrate --migrations-dir ./src/migrations", "migrate", id="migrate"),
])
def test_command_kind_reads_the_name_not_its_area(name, run, kind):
    assert command_kind(name, run) == kind


NOTIFY = """![logo](https://example.org/logo.png)

# Notify.gov API

This project is the core of [Notify.gov](https://notify.example).
It's cloned from the brilliant work of the team at
[GOV.UK Notify](https://github.com/alphagov/notifications-api), cheers!

This repo contains:
"""
JAEGER = """[![CI][ci-img]][ci]

# Jaeger - a Distributed Tracing System

Jaeger v2 is out! Read the [blog post](https://a.example/post) and [try it](https://a.example/start).

## Quick Start

Get Jaeger running in seconds with Docker:

```bash
docker run jaegertracing/jaeger:latest
```

For production deployments, see the [Getting Started Guide](https://a.example/guide).
"""
NAV = "# Tool\n\n[Docs](https://d.example) | [Blog](https://b.example) | [Chat](https://c.example)\n\nTool formats code.\n"


@pytest.mark.parametrize(("text", "summary"), [
    pytest.param(NOTIFY, "This project is the core of Notify.gov. It's cloned from the brilliant work of the team at "
                         "GOV.UK Notify, cheers!", id="a-line-starting-with-a-link-continues-the-paragraph"),
    pytest.param(JAEGER, "Jaeger - a Distributed Tracing System", id="title-says-what-it-is"),
    pytest.param(NAV, "Tool formats code.", id="navigation-bar-left-out"),
    pytest.param("# X\n\nInstall it with:\n\n```\npip install x\n```\n", "", id="only-an-introduction-to-code"),
])
def test_readme_summary(text, summary):
    assert first_paragraph(text) == summary


def test_shorten_cuts_at_a_sentence_or_a_word():
    text = "One sentence about the module. " + "Another sentence that goes on and on " * 5
    assert shorten(text, 60) == "One sentence about the module."
    assert shorten("word " * 40, 30).endswith(" …") and len(shorten("word " * 40, 30)) <= 32
    assert shorten("short", 30) == "short"


def test_module_line_shows_a_short_role(tmp_path):
    from lore.codemap.model import Module

    m = Module("internal/x", "go", 3, 0.1, 4, 1)
    m.role = "This module implements an extension. " + "It does a great many other things as well. " * 10
    role = module_line(m).split(" — ", 1)[1]
    assert role.startswith("This module implements an extension. It does") and role.endswith("as well.")
    assert len(role) <= 160 < len(m.role)


def test_programs_only_tests_run_are_no_entry_points(tmp_path: Path):
    files = {
        "go.mod": "module example.com/svc\n\ngo 1.22\n",
        "cmd/svc/main.go": "package main\n\nfunc main() {}\n",
        "internal/integration/e2e/main.go": "package main\n\nfunc main() {}\n",
        "internal/storage/savetracetest/main.go": "package main\n\nfunc main() {}\n",
        "cmd/latest/main.go": "package main\n\nfunc main() {}\n",
    }
    write(tmp_path, files)
    programs = {e.target for e in build_map(tmp_path).entry_points if e.kind == "program"}
    assert programs == {"cmd/svc", "cmd/latest"}


def test_package_exports_named_by_their_built_file_show_the_source(tmp_path: Path):
    files = {
        "package.json": '{"name": "server", "exports": "./dist/lib/server-impl.js"}',
        "src/lib/server-impl.ts": "export const x = 1;\n",
        "packages/ui/package.json": '{"name": "ui", "exports": {".": {"import": "./dist/index.mjs"}}}',
        "packages/ui/src/index.tsx": "export const y = 2;\n",
        "packages/cli/package.json": '{"name": "cli", "main": "dist/cli.js"}',
    }
    write(tmp_path, files)
    libraries = {e.name: e.target for e in build_map(tmp_path).entry_points if e.kind == "library"}
    assert libraries == {"server": "src/lib/server-impl.ts", "ui": "packages/ui/src/index.tsx",
                         "cli": "packages/cli/dist/cli.js"}  # no source beside it: the built file is what there is


def test_the_languages_line_counts_code_the_import_graph_does_not_read(tmp_path):
    """A C# backend beside a TypeScript front end is a C# project too, though only TypeScript imports are mapped."""
    from lore.codemap.render import overview_markdown

    write(tmp_path, {"backend/src/Invoice.cs": "namespace Faktur { public class Invoice {} }\n",
                     "backend/src/Customer.cs": "namespace Faktur { public class Customer {} }\n",
                     "backend/src/Payment.cs": "namespace Faktur { public class Payment {} }\n",
                     "backend/build.kts": "plugins { }\n",
                     "frontend/src/main.ts": "import { x } from './x'\n", "frontend/src/x.ts": "export const x = 1\n",
                     "docs/notes.md": "# Notes\n", "config.yaml": "a: 1\n"})
    cmap = build_map(tmp_path)
    assert cmap.languages == {"csharp": 3, "typescript": 2, "kotlin": 1}
    assert overview_markdown(cmap).splitlines()[0] == "Languages: csharp 3, typescript 2, kotlin 1."


@pytest.mark.parametrize("doc, role", [
    ("Your project description goes here.", "holds models.py"),  # openedx/edx-enterprise's enterprise/__init__.py
    ("TODO: describe this module", "holds models.py"),
    ("Enterprise customers, their learners and the catalogs they may enrol in.",
     "Enterprise customers, their learners and the catalogs they may enrol in."),
])
def test_a_templates_placeholder_is_no_modules_role(doc, role):
    from lore.codemap.model import Module
    from lore.codemap.roles import assign_role

    m = Module("enterprise", "python", 3)
    assign_role(m, doc, None, ["enterprise/models.py"])
    assert m.role == role
