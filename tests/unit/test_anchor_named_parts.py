"""A part of the project a decision names in prose, "the core package", "the `users` app": the one folder of
that name that is such a part, when the record comes back to it; never a name two folders have, a folder of
another kind, or a part named once in passing."""

from pathlib import Path

from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on git-en-boite's doc/adr/0014-always-use-value-objects-in-the-core.md (SmartBear/git-en-boite, MIT).
VALUES = ("# 14. Always use value objects in the core\n\n## Status\n\nAccepted\n\n## Context\n\n"
          "We have sometimes used interfaces, exported by the core package, to represent values.\n\n## Decision\n\n"
          "All types passed into the interfaces of the core package are value objects.\n")
# Shaped on FAC's docs/architecture/decisions/0030-tribal-audit-permissions.md (GSA-TTS/FAC, CC0).
PERMISSIONS = ("# 30. Tribal audit permissions\n\n## Decision\n\nWe will create a new `Permission` model in the "
               "`users` app. The `users` app owns who may see what.\n")
PASSING = ("# 61. Reload via mtime polling\n\n## Context\n\nThe production monitor lives in the `jabgui` module "
           "and is not visible from the server.\n")


def texts(root: Path, text: str) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(text, "doc/adr/0001.md", AnchorContext(root)))


def test_the_package_a_decision_comes_back_to_anchors_its_folder(tmp_workspace):
    ws = write(tmp_workspace, {
        "packages/core/package.json": '{"name": "@x/core"}\n',
        "packages/core/src/ref.ts": "export class Ref {}\n",
        "packages/app/package.json": '{"name": "@x/app"}\n',
    })
    assert "packages/core/**" in texts(ws, VALUES)


def test_a_django_app_named_in_backticks_anchors_its_folder(tmp_workspace):
    ws = write(tmp_workspace, {
        "backend/users/apps.py": "class UsersConfig: pass\n",
        "backend/users/models.py": "class User: pass\n",
    })
    assert "backend/users/**" in texts(ws, PERMISSIONS)


def test_a_name_two_folders_have_anchors_neither(tmp_workspace):
    ws = write(tmp_workspace, {
        "packages/core/package.json": "{}\n",
        "packages/core/src/ref.ts": "export class Ref {}\n",
        "docs/core/intro.ts": "export const x = 1\n",
    })
    assert not any("core" in t for t in texts(ws, VALUES))


def test_a_folder_that_is_no_package_is_not_the_package(tmp_workspace):
    ws = write(tmp_workspace, {"src/core/ref.ts": "export class Ref {}\n"})
    assert not any("core" in t for t in texts(ws, VALUES))


def test_a_part_named_once_in_passing_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, {
        "jabgui/build.gradle": "plugins {}\n",
        "jabgui/src/Monitor.java": "class Monitor {}\n",
    })
    assert not any("jabgui" in t for t in texts(ws, PASSING))
