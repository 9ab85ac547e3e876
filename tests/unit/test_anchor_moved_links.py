"""A link to a file of the project at an old commit anchors the file it became (`sources.moved`)."""

import subprocess
from pathlib import Path

from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# From content-publisher's docs/adr/0014-political-and-government-tagging.md (alphagov/content-publisher, MIT):
# the service was renamed edit_draft_edition_service.rb after the record was written.
LINK = ("To implement this feature we decided to add a [service][edit-edition-service] that runs each time "
        "content is edited.\n\n[edit-edition-service]: https://github.com/alphagov/content-publisher/blob/"
        "265226bc0c613d2294b4cb0d33d2f26cfcf54811/app/services/edit_edition_service.rb\n")
CLONE = "alphagov__content-publisher"


def anchors(root: Path, text: str = LINK) -> list[tuple[str, str]]:
    return sorted((d.anchor.to_text(), d.why) for d in derive_anchors(text, "docs/adr/0014.md", AnchorContext(root)))


def git(ws: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=ws, check=True, capture_output=True)


def test_a_file_renamed_in_place_with_words_added_is_followed(tmp_path):
    ws = write(tmp_path / CLONE, {"app/services/edit_draft_edition_service.rb": "class EditDraftEditionService\nend\n",
                                  "app/services/publish_draft_edition_service.rb": "class PublishDraftEditionService\nend\n"})
    assert anchors(ws) == [("app/services/edit_draft_edition_service.rb",
                            "links to `app/services/edit_edition_service.rb` (renamed: "
                            "`app/services/edit_draft_edition_service.rb`)")]


def test_a_file_moved_to_another_folder_is_found_by_its_name(tmp_path):
    ws = write(tmp_path / CLONE, {"lib/services/edit_edition_service.rb": "class EditEditionService\nend\n"})
    assert [a for a, _ in anchors(ws)] == ["lib/services/edit_edition_service.rb"]


def test_two_candidates_or_none_anchor_nothing(tmp_path):
    two = write(tmp_path / "a" / CLONE, {"app/services/edit_draft_edition_service.rb": "",
                                         "app/services/edit_live_edition_service.rb": ""})
    assert anchors(two) == []
    gone = write(tmp_path / "b" / CLONE, {"app/services/publish_service.rb": ""})
    assert anchors(gone) == []


def test_a_rename_git_recorded_is_followed_through_later_renames(tmp_workspace):
    ws = write(tmp_workspace, {"app/services/edit_edition_service.rb": "class EditEditionService\n  # body\nend\n"})
    git(ws, "remote", "add", "origin", "https://github.com/alphagov/content-publisher.git")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "one")
    git(ws, "mv", "app/services/edit_edition_service.rb", "app/services/editing.rb")
    git(ws, "commit", "-qm", "two")
    (ws / "app" / "editing").mkdir()
    git(ws, "mv", "app/services/editing.rb", "app/editing/service.rb")
    git(ws, "commit", "-qm", "three")
    # Neither the name nor its words say where it went: only the history does.
    assert [a for a, _ in anchors(ws)] == ["app/editing/service.rb"]
