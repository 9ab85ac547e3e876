"""What a record writes only as what it did not choose ("rather than on the wallet package", "instead of
`pkg/legacy`", "not in `support`") anchors nothing; the same code named otherwise anchors as before
(`sources.contrasts`)."""

from lore.sources.contrasts import without_contrasted
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on a Go chain split into packages, whose storage record says the ledger does not depend on the wallet.
CHAIN = {
    "go.mod": "module example.com/chain\n",
    "pkg/wallet/wallet.go": "package wallet\n\nfunc Sign() {}\n",
    "pkg/ledger/chain.go": "package ledger\n\ntype Signer interface{}\n",
    "pkg/legacy/store.go": "package legacy\n\ntype SliceStore struct{}\n",
}
HEAD = "# Persist the chain behind a Store interface\n\n## Context\n\n"


def anchors(root, body: str) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(HEAD + body, "docs/adr/0003.md", AnchorContext(root)))


def test_what_a_contrast_introduces_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, CHAIN)
    assert anchors(ws, "The chain depends on a consumer-defined interface\nrather than on the wallet package.\n") == []
    assert anchors(ws, "The chain keeps its blocks in a store instead of `pkg/legacy`.\n") == []
    assert anchors(ws, "Blocks are kept in a store, as opposed to a `SliceStore`.\n") == []
    assert anchors(ws, "Signing is not in `pkg/wallet`, nor in any other package.\n") == []


def test_the_same_code_named_otherwise_still_anchors(tmp_workspace):
    ws = write(tmp_workspace, CHAIN)
    assert anchors(ws, "The wallet package signs the blocks.\n") == ["pkg/wallet/**"]
    assert anchors(ws, "The wallet package signs, rather than the node.\n") == ["pkg/wallet/**"]
    assert anchors(ws, "`pkg/legacy` is replaced by a store rather than a slice.\n") == ["pkg/legacy/**"]


def test_without_contrasted_blanks_only_the_object_keeping_length():
    text = ("An error rather than a `bool` lets callers tell `ErrMissing` apart; use `A` instead of `B`, `C` or "
            "`D`.\n```go\n// rather than `E`\n```\n")
    blanked = without_contrasted(text)
    assert len(blanked) == len(text)
    assert blanked == ("An error rather than   `    ` lets callers tell `ErrMissing` apart; use `A` instead of ` `  ` ` "
                       "   ` `.\n```go\n// rather than `E`\n```\n")


# Shaped on ClickHouse/terraform-provider-clickhouse's decisions/0002 (Apache-2.0): a naming rule that says which
# existing name the new prefix keeps clear of.
PROVIDER = {
    "examples/resources/clickhouse_role/resource.tf": 'resource "clickhouse_role" "r" {}\n',
    "examples/resources/clickhouse_role/import.sh": "terraform import clickhouse_role.r id\n",
    "internal/service/registry/registry.go": "package registry\n",
}


def test_what_a_name_is_kept_clear_of_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, PROVIDER)
    assert anchors(ws, "Groups' resources are prefixed so that they never clash with `clickhouse_role`.\n") == []
    assert anchors(ws, "The prefix avoids a clash with the Cloud `clickhouse_role`.\n") == []
    assert anchors(ws, "A new name collides with `clickhouse_role`; another conflicts with `clickhouse_role`.\n") == []
    assert anchors(ws, "The `clickhouse_role` resource grants a role.\n") == ["examples/resources/clickhouse_role/**"]


def test_a_package_named_only_as_an_example_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, PROVIDER)
    assert anchors(ws, "Non-Cloud resources carry their group's name, e.g. `clickhouse_role` would be renamed.\n") == []
    assert anchors(ws, "Resources such as `clickhouse_role` keep their names.\n") == []


def test_without_contrasted_blanks_what_a_clash_is_with():
    text = "Prefixed, avoiding a clash with the Cloud `clickhouse_role`. They collide with `A` or `B`; keep `C`.\n"
    assert without_contrasted(text) == ("Prefixed, avoiding a clash with           `               `. They collide with"
                                        " ` `    ` `; keep `C`.\n")


def test_what_a_record_keeps_apart_from_anchors_nothing(tmp_workspace):
    # actions/toolkit's docs/adrs/0381-glob-module.md (MIT): "Create a new module `@actions/glob` that can be versioned
    # at it's own pace - not tied to `@actions/io`."
    ws = write(tmp_workspace, CHAIN)
    assert anchors(ws, "The store is versioned at its own pace - not tied to `pkg/wallet`.\n") == []
    assert anchors(ws, "It stays independent of `pkg/legacy` and decoupled from `pkg/wallet`.\n") == []
    assert anchors(ws, "The store is tied to `pkg/wallet`.\n") == ["pkg/wallet/**"]
