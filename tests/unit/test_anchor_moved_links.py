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


def commit(ws: Path, message: str, *removed: str) -> None:
    """Commit every change of the work tree, the files `removed` deleted with it."""
    for path in removed:
        git(ws, "rm", "-q", path)
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", message)


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


def test_a_linked_folder_renamed_since_is_followed_to_where_its_files_went(tmp_workspace):
    # Shaped on git-en-boite's doc/adr/0010-use-command-query-based-api-for-git-repos.md (SmartBear/git-en-boite, MIT):
    # the record links the command-bus package, renamed message-dispatch since.
    ws = write(tmp_workspace, {"packages/command-bus/src/build_dispatch.ts": "export function buildDispatch() {}\n",
                               "packages/command-bus/src/index.ts": "export * from './build_dispatch'\n",
                               "packages/core/src/repo_id.ts": "export class RepoId {}\n"})
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "one")
    git(ws, "mv", "packages/command-bus", "packages/message-dispatch")
    git(ws, "commit", "-qm", "Rename command-bus package")
    text = ("# 10. use command/query-based API for git repos\n\nWe've implemented a "
            "[command-bus](../../packages/command-bus) package which builds a single `dispatch` function.\n")
    found = sorted((d.anchor.to_text(), d.why) for d in derive_anchors(text, "doc/adr/0010.md", AnchorContext(ws)))
    assert found == [("packages/message-dispatch/**",
                      "links to `packages/command-bus` (moved: `packages/message-dispatch`)")]
    # a folder whose files were deleted went nowhere
    git(ws, "rm", "-rq", "packages/message-dispatch")
    git(ws, "commit", "-qm", "Remove it")
    assert derive_anchors(text.replace("command-bus", "message-dispatch"), "doc/adr/0010.md", AnchorContext(ws)) == []


# Shaped on plutus-script-evaluation's doc/adr/0002-store-script-evaluation-events-in-a-database.md
# (IntersectMBO/plutus-script-evaluation): the link is one `../` short of the root's `database/`.
SCHEMA_LINK = ("# 2. Store script evaluation events in a database\n\n## Status\n\nProposed\n\n## Decision\n\n"
               "The proposed database schema could be found in the [database](../database) directory.\n")
SCHEMA_TREE = {"database/db.sql": "create table script_evaluation_events (id bigint);\n",
               "database/sql/views.sql": "create view v as select 1;\n",
               "src/DbLoader.hs": "module DbLoader where\n", "doc/adr/0002-store.md": SCHEMA_LINK}


def test_a_link_one_folder_short_anchors_where_it_names_something_from_an_ancestor(tmp_path):
    ws = write(tmp_path, SCHEMA_TREE)
    found = [(d.anchor.to_text(), d.why) for d in
             derive_anchors(SCHEMA_LINK, "doc/adr/0002-store.md", AnchorContext(ws), proposal=True)]
    assert found == [("database/**", "links to `../database` (read from an ancestor folder: `database`)")]


def test_the_nearest_ancestor_naming_something_is_taken(tmp_path):
    ws = write(tmp_path, {**SCHEMA_TREE, "doc/database/schema.sql": "create table t (id int);\n"})
    assert [d.anchor.to_text() for d in derive_anchors(SCHEMA_LINK, "doc/adr/deep/0002-store.md", AnchorContext(ws))] \
        == ["doc/database/**"]


def test_a_link_naming_nothing_from_any_ancestor_or_a_page_there_anchors_nothing(tmp_path):
    ws = write(tmp_path, {**SCHEMA_TREE, "guides/setup.md": "# Setup\n", "notes/README": "notes\n"})
    for link in ("[schema](../schema)", "[setup](../guides)", "[notes](../notes/README)", "[db](/database)",
                 "[db](https://example.com/database)", "[db](#database)"):
        assert derive_anchors(f"# 2. Store\n\nSee {link}.\n", "doc/adr/0002-store.md", AnchorContext(ws)) == [], link


def test_a_link_resolving_as_written_is_not_read_from_an_ancestor(tmp_path):
    ws = write(tmp_path, {**SCHEMA_TREE, "doc/database/schema.sql": "create table t (id int);\n"})
    assert [d.anchor.to_text() for d in derive_anchors(SCHEMA_LINK, "doc/adr/0002-store.md", AnchorContext(ws))] \
        == ["doc/database/**"]


# Shaped on a Helm repository's ADR 0098: it names the chart's helpers, whose chart git renamed since.
HELPERS = ("# 98. Name model servers by their release\n\nThe names come from `charts/model-serving/templates/_helpers.tpl`; "
           "the values under charts/model-serving/ci/ only set the release.\n")


def test_a_path_written_that_git_renamed_since_anchors_where_it_went(tmp_workspace):
    ws = write(tmp_workspace, {"charts/model-serving/templates/_helpers.tpl": "{{- define \"name\" -}}\n{{- end }}\n",
                               "charts/model-serving/Chart.yaml": "name: model-serving\n",
                               "charts/model-serving/ci/values.yaml": "replicas: 1\n",
                               "docs/adr/0098-names.md": HELPERS})
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "one")
    git(ws, "mv", "charts/model-serving", "charts/inference")
    git(ws, "commit", "-qm", "Rename the chart")
    found = sorted((d.anchor.to_text(), d.why) for d in derive_anchors(HELPERS, "docs/adr/0098-names.md",
                                                                       AnchorContext(ws)))
    assert found == [("charts/inference/ci/**", "names `charts/model-serving/ci/` (moved: `charts/inference/ci`)"),
                     ("charts/inference/templates/_helpers.tpl", "names `charts/model-serving/templates/_helpers.tpl` "
                                                                 "(renamed: `charts/inference/templates/_helpers.tpl`)")]
    # a file deleted since anchors nothing
    git(ws, "rm", "-q", "charts/inference/templates/_helpers.tpl")
    git(ws, "commit", "-qm", "Drop the helpers")
    assert [d.anchor.to_text() for d in derive_anchors(HELPERS, "docs/adr/0098-names.md", AnchorContext(ws))] \
        == ["charts/inference/ci/**"]


def test_history_read_before_git_stops_part_way_is_kept(tmp_workspace):
    """A partial clone lacks blobs: `git log -M` exits 128 at the first commit whose renames need one it does not
    have. The renames of the newer commits it listed still stand, and the history says it was cut short."""
    from lore.sources.moved import History

    ws = write(tmp_workspace, {"old/notes.txt": "".join(f"line {n}\n" for n in range(20)), "c.txt": "keep\n"})
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "one")
    (ws / "new").mkdir()
    git(ws, "mv", "old/notes.txt", "new/notes.txt")
    with (ws / "new" / "notes.txt").open("a") as f:
        f.write("line 20\n")  # renamed with a change: git reads both blobs to pair them
    git(ws, "commit", "-qam", "two")
    git(ws, "mv", "c.txt", "d.txt")
    git(ws, "commit", "-qm", "three")
    blob = subprocess.run(["git", "rev-parse", "HEAD~2:old/notes.txt"], cwd=ws, check=True, capture_output=True,
                          text=True).stdout.strip()
    (ws / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    history = History(ws)
    assert history.renamed("c.txt") == "d.txt"
    assert history.renamed("old/notes.txt") is None
    assert history.cut_short.startswith("read up to 1 commit: git exit 128")


def test_a_file_deleted_beside_its_successor_added_in_the_same_commit_is_followed(tmp_workspace):
    """alphagov/email-alert-api adr-009 (MIT) links `app/workers/recover_lost_jobs_worker.rb`; one commit deleted it
    and added `app/jobs/recover_lost_jobs_job.rb`, too small a file for git to call the pair a rename. The one file
    that commit added with the same extension and every word of the old name but the last is where it went."""
    ws = write(tmp_workspace, {"app/workers/recover_lost_jobs_worker.rb": "class RecoverLostJobsWorker\nend\n",
                               "app/workers/other_worker.rb": "class OtherWorker\nend\n"})
    git(ws, "remote", "add", "origin", "https://github.com/alphagov/content-publisher.git")
    commit(ws, "one")
    write(ws, {"app/jobs/recover_lost_jobs_job.rb": "class RecoverLostJobsJob < ApplicationJob\n  def perform\n"
                                                    "    Sidekiq::Queue.new.each(&:delete)\n  end\nend\n",
               "app/jobs/application_job.rb": "class ApplicationJob\nend\n"})
    commit(ws, "Rename RecoverLostJobsWorker", "app/workers/recover_lost_jobs_worker.rb")
    text = ("# 9. Recover lost jobs\n\nThe [worker](https://github.com/alphagov/content-publisher/blob/5f22f84/"
            "app/workers/recover_lost_jobs_worker.rb) requeues them.\n")
    assert [a for a, _ in anchors(ws, text)] == ["app/jobs/recover_lost_jobs_job.rb"]
    other = text.replace("recover_lost_jobs_worker", "other_worker")  # deleted later, with nothing like it added
    write(ws, {"app/jobs/cleanup_job.rb": "class CleanupJob\nend\n"})
    commit(ws, "Remove the other worker", "app/workers/other_worker.rb")
    assert anchors(ws, other) == []


def test_a_file_of_a_one_word_name_deleted_outright_is_not_its_namesake_elsewhere(tmp_workspace):
    """Siteimprove/alfa (MIT) ADR 1 links an old blob of `packages/alfa-dom/src/types.ts`, deleted in a rewrite; the one
    `types.ts` left (`alfa-xpath`) is another file. Without history, or when the deleting commit added the namesake (a
    move git did not call a rename), the name still finds it."""
    ws = write(tmp_workspace, {"packages/alfa-dom/src/types.ts": "export type A = 1;\n",
                               "packages/alfa-xpath/src/types.ts": "export type X = 2;\n"})
    git(ws, "remote", "add", "origin", "https://github.com/Siteimprove/alfa.git")
    commit(ws, "one")
    commit(ws, "rewrite", "packages/alfa-dom/src/types.ts")
    link = ("The format is described [here](https://github.com/Siteimprove/alfa/blob/"
            "00d1373f9f0000000000000000000000000000aa/packages/alfa-dom/src/types.ts).\n")
    assert anchors(ws, link) == []
    moved = write(tmp_workspace.parent / "moved" / CLONE, {"lib/old/types.ts": "export type A = 1;\n"})
    git(moved, "init", "-q")
    commit(moved, "one")
    write(moved, {"src/new/types.ts": "export type A = 1;\nexport type B = 2;\nexport type C = 3;\n"})
    commit(moved, "move, more than a rename", "lib/old/types.ts")
    link = "See [types](https://github.com/alphagov/content-publisher/blob/265226bc/lib/old/types.ts).\n"
    assert [a for a, _ in anchors(moved, link)] == ["src/new/types.ts"]
