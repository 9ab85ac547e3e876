"""A path or name a record says stays as it is ("`bridge/controlplane/harbor` ... is unchanged", "no changes to
`api/`", "the existing `partitionByUniqueLayers` logic is unchanged") anchors nothing; the same path named otherwise,
or beside such a clause, anchors as before (`sources.unchanged`)."""

from lore.sources.mentions import AnchorContext, derive_anchors
from lore.sources.unchanged import without_unchanged
from tree_files import write

# Shaped on a Go operator's record moving its credential endpoint, which leaves the Harbor client as it was.
BRIDGE = {
    "bridge/controlplane/harbor/client.go": "package harbor\n",
    "bridge/controlplane/reconciler.go": "package controlplane\n",
    "bridge/dataplane/server.go": "package dataplane\n",
}
HEAD = "# Return robot credentials\n\n## Consequences\n\n"


def anchors(root, body: str) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(HEAD + body, "docs/adr/0013.md", AnchorContext(root)))


def test_a_path_the_record_says_is_unchanged_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, BRIDGE)
    assert anchors(ws, "- `bridge/controlplane/harbor` (the SDK wrapper used by the reconciler) is unchanged.\n") == []
    assert anchors(ws, "The handler in bridge/dataplane/server.go stays as is.\n") == []
    assert anchors(ws, "There are no changes to `bridge/controlplane/harbor` or `bridge/dataplane`.\n") == []
    assert anchors(ws, "`bridge/dataplane` is not affected; `bridge/controlplane/harbor/client.go` is untouched.\n") == []
    assert anchors(ws, "| `bridge/dataplane/server.go`, `bridge/controlplane/harbor` | Unchanged. |\n") == []


def test_a_path_beside_an_unchanged_one_or_under_a_condition_still_anchors(tmp_workspace):
    ws = write(tmp_workspace, BRIDGE)
    assert anchors(ws, "`bridge/dataplane/server.go` returns Basic Auth.\n") == ["bridge/dataplane/server.go"]
    assert anchors(ws, "`bridge/dataplane/server.go` returns Basic Auth while `bridge/controlplane/harbor` is "
                       "unchanged.\n") == ["bridge/dataplane/server.go"]
    assert anchors(ws, "`bridge/dataplane/server.go` is rewritten. The reconciler is unchanged.\n") == [
        "bridge/dataplane/server.go"]
    assert anchors(ws, "An unchanged token is served from `bridge/dataplane/server.go`.\n") == ["bridge/dataplane/server.go"]
    assert anchors(ws, "`bridge/dataplane/server.go` keeps the reconciler unchanged.\n") == ["bridge/dataplane/server.go"]
    assert anchors(ws, "- Files: `bridge/dataplane/server.go` (rewritten), `bridge/controlplane/harbor`\n  (unchanged).\n") == [
        "bridge/dataplane/server.go"]
    assert anchors(ws, "When `bridge/controlplane/reconciler.go` is unchanged, the cache is reused.\n") == [
        "bridge/controlplane/reconciler.go"]


def test_without_unchanged_blanks_only_the_paths_that_stay_keeping_length():
    text = "No change to `a/b.go` and c/d.py; `e/f.go` is rewritten, so `g/h.go` remains as-is.\nThen `i/j.go`."
    blanked = without_unchanged(text)
    assert len(blanked) == len(text)
    assert blanked == "No change to `      ` and " + " " * 6 + "; `e/f.go` is rewritten, so `      ` remains as-is.\nThen `i/j.go`."


def test_a_name_the_record_says_is_unchanged_anchors_nothing(tmp_workspace):
    # Shaped on Pinguladora/imgcull's docs/architecture/decisions/0003-layer-aware-size-accounting.md: the record
    # changes how unused bytes are summed and says the function partitioning layers stays as it is.
    ws = write(tmp_workspace, {
        "internal/gc/size.go": "package gc\n\nfunc uniqueSize(n int64) int64 { return n }\n",
        "internal/gc/layers.go": "package gc\n\nfunc partitionByUniqueLayers(ids []string) []string { return ids }\n",
    })
    said = "- `uniqueSize` estimates the bytes. The existing `partitionByUniqueLayers` logic is unchanged.\n"
    assert anchors(ws, said) == ["symbol:go:uniqueSize"]
    assert anchors(ws, said.replace("logic is unchanged", "is unchanged")) == ["symbol:go:uniqueSize"]
    assert anchors(ws, "`partitionByUniqueLayers` behaviour stays as is; `uniqueSize` changes.\n") == [
        "symbol:go:uniqueSize"]
    assert anchors(ws, "`partitionByUniqueLayers` now calls `uniqueSize`; its callers are unchanged.\n") == [
        "symbol:go:partitionByUniqueLayers", "symbol:go:uniqueSize"], "what else is unchanged says nothing of it"


def test_a_short_noun_may_stand_between_a_path_or_name_and_unchanged():
    text = "The `a/b.go` API is unchanged. The `parse` implementation remains as-is. The `c/d.go` callers are unchanged."
    assert without_unchanged(text) == text.replace("`a/b.go`", "`      `").replace("`parse`", "`     `")
