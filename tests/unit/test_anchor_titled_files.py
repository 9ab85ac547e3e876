"""A file of any kind a record writes by name anchors when it is the one file so named and the record's title
says its name's words (`bare.BareIndex.titled`)."""

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
