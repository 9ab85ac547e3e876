"""An item's status kept in a metadata file beside its page (Kubernetes' `kep.yaml` beside each KEP's README)."""

from __future__ import annotations

import pytest

from lore.api import Lore
from lore.ingest import run_import
from lore.memory import SourceKind, Status
from lore.recall import Query
from lore.sources import sidecar
from tree_files import write

README = "# KEP-{n}: {title}\n\n## Summary\n\n{summary}\n\n## Motivation\n\nUsers asked for it.\n"
KEP = "title: {slug}\nkep-number: {n}\nowning-sig: sig-network\nstatus: {status}\n{extra}"


def keps(**extra) -> dict[str, str]:
    items = {
        536: ("topology-aware-routing", "Topology-aware service routing", "replaced",
              "superseded-by:\n  - /keps/sig-network/2433-topology-aware-hints\n",
              "Route service traffic by topology keys."),
        2433: ("topology-aware-hints", "Topology aware hints", "implemented", "replaces:\n  - /keps/sig-network/536-topology-aware-routing\n",
               "EndpointSlice hints keep traffic in its zone."),
        3015: ("prefer-same-node", "Prefer same node traffic distribution", "provisional", "",
               "A traffic distribution that keeps traffic on the node."),
    }
    out = {}
    for n, (slug, title, status, more, summary) in items.items():
        folder = f"keps/sig-network/{n}-{slug}"
        out[f"{folder}/README.md"] = README.format(n=n, title=title, summary=summary)
        out[f"{folder}/kep.yaml"] = KEP.format(slug=slug, n=n, status=status, extra=more)
    out.update(extra)
    return out


def by_path(lore: Lore) -> dict[str, object]:
    return {m.provenance.path: m for m in lore.store.memories.matching()}


def test_a_proposals_status_and_successor_are_read_from_the_file_beside_it(lore):
    """kubernetes/enhancements: 656 KEPs state their status only in `kep.yaml`; all were read as plain pages."""
    write(lore.root, {**keps(), "app/main.py": "def main():\n    return 0\n"})
    summary = run_import(lore)
    found = by_path(lore)
    old, new, draft = (found[f"keps/sig-network/{p}/README.md"] for p in
                       ("536-topology-aware-routing", "2433-topology-aware-hints", "3015-prefer-same-node"))
    assert {m.provenance.kind for m in (old, new, draft)} == {SourceKind.ADR}
    assert (old.status, new.status, draft.status) == (Status.SUPERSEDED, Status.ACTIVE, Status.PROPOSED)
    assert old.superseded_by == [new.id]
    assert old.title == "KEP-536: Topology-aware service routing"  # the page's title, not the file's slug
    assert len(summary.decisions) == 3
    hits = lore.search(Query("keep service traffic in its zone with topology", limit=3))
    assert hits[0].memory.id == new.id


def test_a_status_changed_in_the_file_alone_reads_the_page_again(lore):
    write(lore.root, keps())
    run_import(lore)
    path = "keps/sig-network/3015-prefer-same-node"
    write(lore.root, {f"{path}/kep.yaml": KEP.format(slug="prefer-same-node", n=3015, status="implemented", extra="")})
    again = run_import(lore, paths=[f"{path}/kep.yaml"])  # the language server hears of the metadata file alone
    assert again.updated == 1 and by_path(lore)[f"{path}/README.md"].status is Status.ACTIVE
    write(lore.root, {f"{path}/kep.yaml": KEP.format(slug="prefer-same-node", n=3015, status="withdrawn", extra="")})
    run_import(lore)  # and a whole import compares the two files together
    assert by_path(lore)[f"{path}/README.md"].status is Status.DEPRECATED


def test_the_pages_own_front_matter_wins_and_a_broken_file_is_reported(lore):
    path = "keps/sig-network/3015-prefer-same-node"
    write(lore.root, keps(**{
        f"{path}/README.md": "---\nstatus: implemented\n---\n" + README.format(n=3015, title="Prefer same node",
                                                                                summary="Keep it local."),
        "keps/sig-network/2433-topology-aware-hints/kep.yaml": "status: [implemented\n",
    }))
    summary = run_import(lore)
    found = by_path(lore)
    assert found[f"{path}/README.md"].status is Status.ACTIVE
    hints = found["keps/sig-network/2433-topology-aware-hints/README.md"]
    assert hints.provenance.kind is SourceKind.RULES_FILE  # no status: a page of documentation, nothing lost
    assert any(w.startswith("keps/sig-network/2433-topology-aware-hints/kep.yaml:1: not valid YAML")
               for w in summary.warnings)


@pytest.mark.parametrize(("rel", "has"), [
    pytest.param("keps/sig-network/536-topology-aware-routing/README.md", True, id="item-read-me"),
    pytest.param("keps/sig-network/536-topology-aware-routing/design.md", False, id="another-page-of-the-item"),
    pytest.param("README.md", False, id="the-root-read-me"),
])
def test_only_an_items_own_page_has_one(lore, rel, has):
    write(lore.root, {**keps(), "kep.yaml": "status: implemented\n"})
    assert (sidecar.sidecar_of(str(lore.root), rel) is not None) is has


@pytest.mark.parametrize(("text", "front"), [
    pytest.param("title: x\nstatus: implementable\nreplaces: [/keps/a/1-b]\nstage: beta\n",
                 {"status": "implementable", "replaces": ["/keps/a/1-b"]}, id="state-keys-only"),
    pytest.param("title: x\nauthors: [a]\n", {}, id="no-status"),
    pytest.param("", {}, id="empty"),
    pytest.param("- a\n- b\n", {}, id="a-list"),
])
def test_item_front_keeps_what_says_the_items_state(text, front):
    assert sidecar.item_front(text)[0] == front
