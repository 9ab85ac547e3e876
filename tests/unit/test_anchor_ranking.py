"""Which anchors a decision keeps under the caps: by how sure, how far they reach, how many files they claim and
how often the decision names them (`sources.ranking`), and a name a section is titled for (`sources.headings`)."""

from pathlib import Path

from lore.memory import Anchor
from lore.sources import mentions
from lore.sources.headings import titled_for
from lore.sources.layout import WorkspaceLayout
from lore.sources.mentions import AnchorContext, derive_anchors
from lore.sources.ranking import Derived, glob_files, ranked
from tree_files import write

CLIENT = [f"Client{w}" for w in ("Search", "Bulk", "Index", "Alias", "Rollover", "Template", "Policy", "Ping",
                                 "Count", "Delete", "Scroll", "Mapping", "Refresh")]


def go_tree(root: Path) -> Path:
    files = {f"internal/es/client/{n.lower()}.go": f"package client\n\ntype {n} struct{{}}\n" for n in CLIENT}
    files["internal/es/backend_version.go"] = ("package es\n\ntype BackendVersion uint\n\n"
                                               "func ResolveBackendVersion() BackendVersion { return 0 }\n")
    return write(root, files)


def layout_of(files: set[str]) -> WorkspaceLayout:
    layout = WorkspaceLayout(Path("/nonexistent"))
    layout.files = files
    return layout


def test_a_symbol_reaching_new_code_outranks_symbols_inside_an_anchored_folder():
    folder = Derived(Anchor("path", "internal/es/client/**"), 1.0, "names the folder")
    inside = Derived(Anchor("symbol", "ClientSearch", language="go", file="internal/es/client/search.go"), 0.9, "")
    outside = Derived(Anchor("symbol", "ResolveBackendVersion", language="go", file="internal/es/version.go"), 0.9, "")
    often = Derived(Anchor("symbol", "ClientBulk", language="go", file="internal/es/client/bulk.go"), 0.9, "")
    text = "`ClientSearch` then `ClientBulk`, `ClientBulk` again, and last `ResolveBackendVersion`."
    assert [d.anchor.value for d in ranked([inside, often, outside, folder], text, layout_of(set()))] == \
        ["internal/es/client/**", "ResolveBackendVersion", "ClientBulk", "ClientSearch"]


def test_among_equally_sure_anchors_files_come_before_globs_and_narrow_globs_before_broad_ones():
    layout = layout_of({*(f"bridge/controlplane/f{i}.go" for i in range(8)), "bridge/dataplane/a.go",
                        "bridge/dataplane/b.go", *(f"web/{i}.service.ts" for i in range(3)), "web/app.ts"})
    broad = Derived(Anchor("path", "bridge/controlplane/**"), 1.0, "names `bridge/controlplane`")
    narrow = Derived(Anchor("path", "bridge/dataplane/**"), 1.0, "names `bridge/dataplane`")
    services = Derived(Anchor("path", "web/**/*.service.ts"), 1.0, "names files by `.service.ts`")
    release = Derived(Anchor("path", ".releaserc.json"), 1.0, "names `.releaserc.json`")
    sure = Derived(Anchor("path", "docs/**"), 1.0, "")
    sure.score = 1.1  # a surer glob still comes first
    said = "`bridge/controlplane` must not import `bridge/dataplane`; `bridge/controlplane` again."
    assert [d.anchor.value for d in ranked([broad, narrow, services, release, sure], said, layout)] == \
        ["docs/**", ".releaserc.json", "bridge/dataplane/**", "web/**/*.service.ts", "bridge/controlplane/**"]
    assert (glob_files("bridge/**", layout), glob_files("web/**/*.service.ts", layout), glob_files("*.go", layout)) \
        == (10, 3, 10)


def test_the_cap_keeps_the_files_a_record_names_over_a_broad_folder_it_names_in_passing(tmp_path):
    files = {f"bridge/controlplane/f{i}.go": "package controlplane\n" for i in range(8)}
    files |= {"bridge/dataplane/a.go": "package dataplane\n", "bridge/dataplane/b.go": "package dataplane\n"}
    files |= {f"ci/gate{i}.yml": "on: push\n" for i in range(11)}
    root = write(tmp_path, files)
    text = ("# Quality gates\n\n`bridge/controlplane` must not import `bridge/dataplane`.\n\n"
            + "".join(f"- the gate in `ci/gate{i}.yml` blocks a merge\n" for i in range(11)))
    kept = [d.anchor.value for d in derive_anchors(text, "docs/adr/0019.md", AnchorContext(root))]
    assert len(kept) == mentions.MAX_SURE
    assert set(kept) == {f"ci/gate{i}.yml" for i in range(11)} | {"bridge/dataplane/**"}


def test_a_root_file_named_whole_is_as_sure_as_a_path_and_outranks_a_folder_under_the_cap(tmp_path):
    files = {f"bridge/dataplane/f{i}.go": "package dataplane\n" for i in range(3)}
    files |= {f"ci/gate{i}.yml": "on: push\n" for i in range(11)} | {".releaserc.json": "{}\n"}
    root = write(tmp_path, files)
    text = ("# Quality gates\n\nNothing may import `bridge/dataplane`.\n\nReleases follow `.releaserc.json`.\n\n"
            + "".join(f"- the gate in `ci/gate{i}.yml` blocks a merge\n" for i in range(11)))
    kept = {d.anchor.value: d.score for d in derive_anchors(text, "docs/adr/0019.md", AnchorContext(root))}
    assert kept["./.releaserc.json"] == 1.0
    assert "bridge/dataplane/**" not in kept and len(kept) == mentions.MAX_SURE


def test_the_cap_keeps_a_name_written_last_when_the_others_sit_in_an_anchored_folder(tmp_path):
    root = go_tree(tmp_path)
    text = ("# Unified client\n\nThe client lives in `internal/es/client/`.\n\n"
            + "".join(f"`{n}` is a surface; `{n}` again.\n" for n in CLIENT)
            + "\nThe version comes from `es.ResolveBackendVersion`, see `ResolveBackendVersion`.\n")
    kept = [d.anchor.value for d in derive_anchors(text, "docs/adr/012.md", AnchorContext(root))]
    assert len(kept) == mentions.MAX_SURE
    assert "ResolveBackendVersion" in kept


def test_a_name_written_once_in_a_survey_anchors_when_its_section_is_titled_for_it(tmp_path):
    root = go_tree(tmp_path)
    survey = "## Surfaces\n\n" + "".join(f"`Other{i}Thing` " for i in range(26)) + "\n\n"
    titled = survey + "### Backend version resolved once\n\nA ping through `es.ResolveBackendVersion`.\n"
    passing = survey + "### Bulk writes\n\nA ping through `es.ResolveBackendVersion`.\n"
    found = [d.anchor.value for d in derive_anchors(titled, "docs/adr/012.md", AnchorContext(root))]
    assert found == ["ResolveBackendVersion"]
    assert derive_anchors(passing, "docs/adr/012.md", AnchorContext(root)) == []


def test_titled_for_reads_the_heading_above_the_name_not_a_code_comment():
    assert titled_for("es.ResolveBackendVersion", "### Backend version resolved once\n\n`es.ResolveBackendVersion`\n")
    assert not titled_for("ResolveBackendVersion", "## Backend\n\n```sh\n# version resolved\n```\nResolveBackendVersion\n")
    assert not titled_for("Resolve", "# Resolve\n\nResolve\n")


def test_a_name_written_once_in_a_surveys_decision_part_anchors(tmp_path):
    """A design naming dozens of identifiers walks through them in its context and options; the names its
    decision part writes are the code that carries the decision out ("## Decision Outcome", "## 3. Decision")."""
    root = go_tree(tmp_path)
    survey = "## Context\n\n" + "".join(f"`Other{i}Thing` " for i in range(26)) + "\n\n"
    for heading in ("## Decision", "## 3. Decision Outcome", "### Chosen option:"):
        decided = survey + f"{heading}\n\nPing through `es.ResolveBackendVersion` once.\n"
        assert [d.anchor.value for d in derive_anchors(decided, "docs/adr/012.md", AnchorContext(root))] == [
            "ResolveBackendVersion"], heading
    considered = survey + "## Considered options\n\nPing through `es.ResolveBackendVersion` once.\n"
    assert derive_anchors(considered, "docs/adr/012.md", AnchorContext(root)) == []
