"""Links to the repository's own files anchor a decision, whatever folder the clone lives in."""

import json
import subprocess
from pathlib import Path

from lore.sources.mentions import AnchorContext, derive_anchors
from lore.sources.ownrepo import is_own, own_repositories
from tree_files import write

# From content-publisher's docs/adr/0015-bulk-data-loading.md (alphagov/content-publisher, MIT).
BULK_DATA = (
    "[bulk-data-cache]: https://github.com/alphagov/content-publisher/blob/265226bc0c613d2294b4cb0d33d2f26cfcf54811/"
    "lib/bulk_data/cache.rb\n"
    "[approach]: https://github.com/alphagov/whitehall/blob/4e4d1a4/lib/bulk_data/cache.rb\n")


def anchors(root: Path, text: str) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(text, "docs/adr/0015.md", AnchorContext(root)))


def test_a_clone_folder_named_after_owner_and_name_is_the_repository(tmp_path):
    ws = write(tmp_path / "alphagov__content-publisher", {"lib/bulk_data/cache.rb": "class Cache\nend\n"})
    assert anchors(ws, BULK_DATA) == ["lib/bulk_data/cache.rb"]


def test_the_git_remote_names_the_repository_whatever_the_folder(tmp_workspace):
    ws = write(tmp_workspace, {"lib/bulk_data/cache.rb": "class Cache\nend\n"})
    subprocess.run(["git", "remote", "add", "origin", "git@github.com:alphagov/content-publisher.git"], cwd=ws,
                   check=True)
    assert own_repositories(ws) == {"alphagov/content-publisher"}
    assert anchors(ws, BULK_DATA) == ["lib/bulk_data/cache.rb"]


def test_a_link_to_another_repository_sharing_the_path_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, {"lib/bulk_data/cache.rb": "class Cache\nend\n",
                               "package.json": json.dumps({"repository": {"url": "git+https://github.com/o/shop.git"}})})
    assert own_repositories(ws) == {"o/shop"}
    assert anchors(ws, BULK_DATA) == []


def test_a_python_or_rust_manifest_names_the_repository_a_workspace_is(tmp_workspace):
    """openedx/enterprise-catalog (AGPL-3.0) cloned under another folder name, with a remote that is no address: its
    records' links to its own blob files anchored nothing, though setup and pyproject name the repository."""
    ws = write(tmp_workspace, {"lib/bulk_data/cache.rb": "class Cache\nend\n", "pyproject.toml":
                               '[project]\ndependencies = ["x @ git+https://github.com/other/x"]\n[project.urls]\n'
                               'Repository = "https://github.com/alphagov/content-publisher"\n'})
    assert own_repositories(ws) == {"alphagov/content-publisher"}
    assert anchors(ws, BULK_DATA) == ["lib/bulk_data/cache.rb"]
    rust = write(tmp_workspace / "rust", {"Cargo.toml": '[package]\nrepository = "https://github.com/o/ledger.git"\n'})
    assert own_repositories(rust) == {"o/ledger"}


def test_the_repository_the_workspace_names_wins_over_its_folder(tmp_path):
    root = tmp_path / "celestia-app"
    known = {"celestiaorg/celestia-app"}
    assert is_own("celestiaorg", "celestia-app", root, known)
    assert not is_own("rootulp", "celestia-app", root, known)  # a fork's branch of work
    assert is_own("rootulp", "celestia-app", root, set())  # nothing known: the folder decides
    assert not is_own("o", "app", tmp_path / "webapp", set())  # `webapp` is not `app` after a separator


def test_a_workspaces_monorepo_resolves_its_links_and_sub_project_paths(tmp_workspace):
    ws = write(tmp_workspace, {
        "package.json": json.dumps({"name": "shop", "workspaces": ["packages/*"],
                                    "repository": "github:o/shop"}),
        "packages/web/src/cart.ts": "export class CartStore {}\n",
        "packages/api/src/orders.ts": "export class OrderQueue {}\n",
    })
    text = ("Carts live in `src/cart.ts`; see [orders](https://github.com/o/shop/blob/0a1b2c/packages/api/src/orders.ts)"
            " and [theirs](https://github.com/x/shop-fork/blob/0a1b2c/packages/web/src/cart.ts).\n")
    assert anchors(ws, text) == ["packages/api/src/orders.ts", "packages/web/src/cart.ts"]


def test_a_path_written_with_a_brace_list_names_each_file(tmp_path):
    """afomera/relay DECISIONS.md D24 (MIT): "Per-engine DAL fns live under
    `crates/relay-db/src/backend/{sqlite,postgres}.rs`"."""
    from lore.sources.mentions import AnchorContext, path_anchors
    from tree_files import write

    ws = write(tmp_path, {"crates/relay-db/src/backend/sqlite.rs": "pub fn a() {}\n",
                          "crates/relay-db/src/backend/postgres.rs": "pub fn a() {}\n",
                          "crates/relay-db/src/lib.rs": "pub mod backend;\n"})
    text = "Per-engine DAL fns live under `crates/relay-db/src/backend/{sqlite,postgres}.rs` with one signature."
    found = {d.anchor.value for d in path_anchors(text, "DECISIONS.md", AnchorContext(ws))}
    assert found == {"crates/relay-db/src/backend/sqlite.rs", "crates/relay-db/src/backend/postgres.rs"}


def test_a_link_relative_to_the_record_anchors_the_file_it_reaches(tmp_workspace):
    """alphagov/govuk-aws (MIT) 0035 links "the `aws/lb` terraform module [here](../../../terraform/modules/aws/lb/main.tf)"
    from docs/architecture/decisions/: that file; a link leaving the workspace or reaching nothing anchors nothing."""
    ws = write(tmp_workspace, {"terraform/modules/aws/lb/main.tf": 'resource "aws_lb" "lb" {}\n',
                               "terraform/modules/aws/lb/variables.tf": 'variable "listeners" {}\n'})
    text = ("# 35. Bouncer load balancer\n\n## Status\n\nAccepted\n\n## Consequences\n\n"
            "1. the `aws/lb` terraform module [here](../../../terraform/modules/aws/lb/main.tf) was fixed.\n"
            "2. the [plan](../../../terraform/projects/infra-public-services/main.tf) was changed.\n"
            "3. see [upstream](../../../../elsewhere/main.tf).\n")
    found = derive_anchors(text, "docs/architecture/decisions/0035-bouncer.md", AnchorContext(ws))
    assert sorted(d.anchor.to_text() for d in found) == ["terraform/modules/aws/lb/main.tf"]


def test_a_clone_of_a_copy_on_this_machine_is_the_repository_that_copy_names(tmp_path):
    """alphagov/email-alert-api (MIT) cloned from a mirror on disk into a folder named `repo`: its records' links to its
    own files (`…/alphagov/email-alert-api/blob/<sha>/app/workers/…`) anchored nothing. The mirror's remote names it."""
    mirror = tmp_path / "mirror.git"
    subprocess.run(["git", "init", "-q", "--bare", str(mirror)], check=True)
    subprocess.run(["git", "remote", "add", "origin", "https://github.com/alphagov/content-publisher.git"], cwd=mirror,
                   check=True)
    ws = write(tmp_path / "repo", {"lib/bulk_data/cache.rb": "class Cache\nend\n"})
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    subprocess.run(["git", "remote", "add", "origin", str(mirror)], cwd=ws, check=True)
    assert own_repositories(ws) == {"alphagov/content-publisher"}
    assert anchors(ws, BULK_DATA) == ["lib/bulk_data/cache.rb"]
    upstream = write(tmp_path / "plain", {"x.txt": "x\n"})  # a copy naming no hosted repository: nothing known
    subprocess.run(["git", "init", "-q"], cwd=upstream, check=True)
    subprocess.run(["git", "remote", "set-url", "origin", str(upstream)], cwd=ws, check=True)
    assert own_repositories(ws) == set()


def test_a_worktree_reads_the_remotes_of_the_repository_it_belongs_to(tmp_path):
    """A worktree's `.git` is a file pointing into the main repository, whose config holds the remotes."""
    main = write(tmp_path / "main", {"lib/bulk_data/cache.rb": "class Cache\nend\n"})
    for args in (["init", "-q"], ["remote", "add", "origin", "https://github.com/alphagov/content-publisher.git"],
                 ["add", "."], ["-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "x"],
                 ["worktree", "add", "-q", str(tmp_path / "wt")]):
        subprocess.run(["git", *args], cwd=main, check=True)
    assert (tmp_path / "wt" / ".git").is_file()
    assert own_repositories(tmp_path / "wt") == {"alphagov/content-publisher"}


def test_a_record_writing_its_own_file_name_is_not_anchored_to_itself(tmp_path):
    """alphagov/forms (MIT) ADR000: "named `ADR{number}-{name}.md` - for example,
    `ADR000-record-architecture-decisions.md`" anchored the record to its own page."""
    rel = "ADR/ADR000-record-architecture-decisions.md"
    text = ("# ADR000: Record architecture decisions\n\n## Decision\n\nDecisions are named `ADR{number}-{name}.md` - "
            "for example, `ADR000-record-architecture-decisions.md`, and kept with `app/models/form.rb`.\n")
    root = write(tmp_path, {rel: text, "app/models/form.rb": "class Form; end\n"})
    found = [d.anchor.to_text() for d in derive_anchors(text, rel, AnchorContext(root))]
    assert rel not in found and "app/models/form.rb" in found
