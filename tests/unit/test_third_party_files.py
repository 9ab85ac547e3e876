"""A vendored library's files are its own project's, not this one's: cloudfoundry/bosh-bootloader (Apache-2.0)
vendors its Go dependencies, whose `// Deprecated:` comments (235 of them) and CONTRIBUTING guides (27) were
imported as the project's warnings and rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.memory import Status
from lore.sources.classify import classify
from lore.sources.layout import WorkspaceLayout
from lore.sources.summary import ImportSettings
from tree_files import write


@pytest.mark.parametrize("rel", [
    "vendor/cloud.google.com/go/storage/reader.go", "vendor/github.com/onsi/gomega/CONTRIBUTING.md",
    "third_party/protobuf/docs/adr/0001-use-x.md", "web/dist/README.md", "target/site/guide.md",
])
def test_files_of_vendored_and_built_folders_are_read_by_no_importer(rel):
    assert classify(rel) is None


@pytest.mark.parametrize("rel", [
    # michaellperry/Mathematicians (MIT) keeps jQuery in `Mathematicians.API/Scripts/`: its `// Deprecated` above one
    # alias became a warning on the whole file
    "Mathematicians.API/Scripts/jquery-3.1.1.js", "Scripts/jquery-3.1.1.slim.min.js", "static/modernizr-2.8.3.js",
    "assets/bootstrap.min.css", "web/chart-4.4.0.umd.js",
    # clipperz/password-manager (AGPL-3.0) keeps releases of jQuery Mobile under their versions
    "frontend/gamma/js/JQuery/Mobile/1.3.0-rc.1/jquery.mobile.js", "frontend/gamma/js/JQuery/1.9.1/jquery.js",
])
def test_a_browser_librarys_copy_is_known_by_its_version_or_minified_name(rel):
    assert classify(rel) is None
    assert WorkspaceLayout.vendored(rel)


@pytest.mark.parametrize("rel", ["src/vendor.go", "docs/adr/0001-use-x.md", "external/client.py",
                                 "pkg/vendors/registry.go", "src/i18n.js", "src/utils-2.js", "api/v1.2/routes.js",
                                 "scripts/migrate-1.2.py", "api/v2/routes.js", "tools/1.2.0/build.py"])
def test_the_projects_own_files_still_are(rel):
    assert classify(rel) is not None


def test_import_leaves_vendored_code_and_guides_out_but_a_named_folder_in(tmp_workspace: Path):
    write(tmp_workspace, {
        "vendor/cloud.google.com/go/storage/reader.go":
            "package storage\n\n// Size is deprecated: use Attrs.Size instead.\nfunc (r *Reader) Size() int64 { return 0 }\n",
        "vendor/github.com/onsi/gomega/CONTRIBUTING.md": "# Contributing\n\n- Always run `ginkgo -r` first.\n",
        "vendor/acme/decisions/0001-use-queues.md": "# 1. Use queues\n\n## Status\n\nAccepted\n\n## Context\n\nx\n\n"
                                                    "## Decision\n\nWe use queues.\n",
        "CONTRIBUTING.md": "# Contributing\n\n- Run `make test` before a pull request.\n",
    })
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        paths = {m.provenance.path for m in lore.list(limit=50)}
        assert "CONTRIBUTING.md" in paths and not any(p and p.startswith("vendor/") for p in paths)
        run_import(lore, settings=ImportSettings(adr_folders=["vendor/acme/decisions"]))
        assert "vendor/acme/decisions/0001-use-queues.md" in {m.provenance.path for m in lore.list(limit=50)}
    finally:
        lore.close()


def test_memories_a_vendored_folder_gave_before_are_deprecated_and_said_not_held_back(tmp_workspace: Path,
                                                                                       monkeypatch):
    """A workspace imported before vendored folders were left out: their memories go on the next import, the
    report says why, and the guard against an import that would deprecate most of a workspace does not hold
    them back (which would keep them for ever, and warn on every start)."""
    from lore.sources import classify as cls

    write(tmp_workspace, {"CONTRIBUTING.md": "# Contributing\n\n- Run `make test` before a pull request.\n"})
    write(tmp_workspace, {f"vendor/lib{n}/CONTRIBUTING.md": f"# Contributing\n\n- Rule {n} of lib {n}.\n"
                          for n in range(8)})
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        monkeypatch.setattr(cls, "third_party", lambda rel: False)  # as an earlier version read them
        run_import(lore)
        assert sum(1 for m in lore.list(limit=100) if m.provenance.path.startswith("vendor/")) == 8
        monkeypatch.undo()
        summary = run_import(lore)
        assert summary.left_out_memories == 8 and summary.held_back == 0 and summary.deprecated == 8
        vendored = [m for m in lore.list(limit=100) if m.provenance.path.startswith("vendor/")]
        assert vendored and all(m.status is Status.DEPRECATED for m in vendored)  # restorable, not deleted
        assert run_import(lore).left_out_memories == 0  # said once
    finally:
        lore.close()


# The head of a library's bundle copied into a project's tree (angular-ui-router 1.0.22, MIT), under a folder no
# path rule knows (`overlays/<artifact>/components/angular-ui-router/release/`).
UI_ROUTER = '''/**
 * State-based routing for AngularJS 1.x
 * @version v1.0.22
 * @link https://ui-router.github.io
 * @license MIT License, http://www.opensource.org/licenses/MIT
 */
(function (global, factory) {
    /**
     * @deprecated use [[UrlRules.when]]
     */
    UrlRouter.prototype.when = function (matcher, handler) { return this; };
    // HACK: ng-clicks are processed before the transition starts
    class UrlRouter {}
}(this, function () {}));
'''
BUNDLE = "overlays/dashboard-14.0.0/components/angular-ui-router/release/angular-ui-router.js"
OWN_CODE = ("/**\n * @deprecated use [[UrlRules.when]]\n */\nUrlRouter.prototype.when = function () {};\n"
            "// HACK: ng-clicks are processed before the transition starts\nclass UrlRouter {}\n")


@pytest.mark.parametrize("head", [
    "/*! normalize.css v3.0.3 | MIT License | github.com/necolas/normalize.css */\n",
    "/*!\n * jQuery JavaScript Library v3.4.1\n * https://jquery.com/\n *\n * Released under the MIT license\n */\n",
    "/**\n * @license AngularJS v1.7.8\n * (c) 2010-2018 Google, Inc. http://angularjs.org\n * License: MIT\n */\n",
    "/*\n * angular-ui-bootstrap\n * http://angular-ui.github.io/bootstrap/\n\n * Version: 2.5.6 - 2017-10-14\n"
    " * License: MIT\n */",
    # clipperz/password-manager (AGPL-3.0) keeps YUI 0.12 in `frontend/beta/js/YUI/`: 13 of its `@deprecated` tags
    # came as the team's warnings
    "/*\nCopyright (c) 2006, Yahoo! Inc. All rights reserved.\nCode licensed under the BSD License:\n"
    "http://developer.yahoo.net/yui/license.txt\nversion 0.12.0\n*/\n",
])
def test_a_librarys_copy_is_known_by_the_version_and_licence_its_banner_states(head):
    """A copied library's `@deprecated` tags document its API for its users: no warning of the team's, and its names
    anchor nothing."""
    from lore.sources.comments import parse_comments

    assert parse_comments(BUNDLE, UI_ROUTER).memories == []
    assert parse_comments("web/static/lib.js", head + OWN_CODE).memories == []


@pytest.mark.parametrize("head", [
    "// SPDX-License-Identifier: MIT\n",  # a licence alone: most files of many projects carry one
    "/*\n * Copyright 2014-2015 Hippo B.V.\n *\n * Licensed under the Apache License, Version 2.0 (the \"License\");\n"
    " */\n",
    "/**\n * Dashboard routes.\n * @version 2.1.0\n */\n",  # a version alone may be the project's own
    "// Released under the MIT license\n\nconst VERSION = 'v1.2.3';\n",  # the version is the code's, not the banner's
])
def test_the_projects_own_file_with_a_licence_or_a_version_header_keeps_its_comments(head):
    from lore.sources.comments import parse_comments

    assert len(parse_comments("src/routes.js", head + OWN_CODE).memories) == 2
    php = ("<?php\n/**\n * Exercise validator.\n *\n * @package Kairos\n * @license MIT\n * @version 1.2.0\n */\n"
           "// HACK: choices are compared as strings\nfunction validate() {}\n")
    assert len(parse_comments("src/Validator.php", php).memories) == 1  # a PHP docblock's tags: the file's own


def test_a_librarys_copy_defines_no_name_a_record_anchors(tmp_workspace: Path):
    from lore.sources.mentions import AnchorContext, derive_anchors

    write(tmp_workspace, {BUNDLE: UI_ROUTER, "src/app/router.js": "// SPDX-License-Identifier: MIT\n"
                                                                   "export class AppRouter {}\n"})
    for name, files in (("UrlRouter", set()), ("AppRouter", {"src/app/router.js"})):
        text = f"# 2. Routing\n\n## Decision\n\nThe `{name}` class keeps the routes. Extend `{name}`.\n"
        found = derive_anchors(text, "docs/adr/0002-routing.md", AnchorContext(tmp_workspace))
        assert {d.anchor.file for d in found} == files, name


def test_a_project_generators_unrendered_template_is_no_code_of_the_workspace(tmp_path):
    """ThoughtWorks-DPS/dps-starterkit-java (MIT): `templates/project/{{cookiecutter.PROJECT_NAME}}/…/
    {{cookiecutter.RESOURCE_NAME}}Entity.java` gave the workspace a top-level `Entity`, and the code map listed
    commands of the unrendered project."""
    from lore.codemap.files import from_paths, list_files
    from lore.sources.mentions import AnchorContext, derive_anchors
    template = "templates/project/{{cookiecutter.PROJECT_NAME}}/src/main/java/{{cookiecutter.RESOURCE_NAME}}Entity.java"
    ws = write(tmp_path / "ws", {template: "package x;\n\npublic class {{cookiecutter.RESOURCE_NAME}}Entity {\n}\n",
                                 "src/main/java/app/Account.java": "package app;\n\npublic class Account {\n}\n"})
    ctx = AnchorContext(ws)
    layout, index = ctx.layout, ctx.symbols
    assert layout.vendored(template) and not layout.vendored("src/main/java/app/Account.java")
    assert not any("{{" in f for files in index.defs.values() for f in files) and "Account" in index.defs
    text = "# 3. Entities\n\nEvery `Entity` keeps its id; the `Account` too.\n"
    assert [d.anchor.to_text() for d in derive_anchors(text, "docs/adr/0003.md", ctx)] == [
        "symbol:java:Account"]
    assert not any("{{" in f for f in from_paths(sorted(layout.files)).files)
    assert not any("{{" in f for f in list_files(ws).files)
