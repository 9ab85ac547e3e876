"""A decision that misspells a long identifier by one letter still names it."""

from lore.sources.mentions import AnchorContext, derive_anchors
from lore.sources.misspelt import one_edit
from tree_files import write


def test_one_edit():
    assert one_edit("usePerisistentTableState", "usePersistentTableState")  # a letter added
    assert one_edit("usePersistentTabelState", "usePersistentTableState")  # two swapped
    assert one_edit("usePersistentTableStat", "usePersistentTableState")  # a letter dropped
    assert not one_edit("usePersistentTableState", "usePersistentTableState")
    assert not one_edit("usePersistentTableStore", "usePersistentTableState")


def test_a_long_identifier_misspelt_by_one_letter_anchors_the_one_name_it_means(tmp_workspace):
    ws = write(tmp_workspace, {
        "frontend/src/hooks/usePersistentTableState.ts": "export const usePersistentTableState = () => {};\n",
        "frontend/src/hooks/useTableState.ts": "export const useTableStates = () => {};\nexport const useTablesState = () => {};\n",
    })
    text = "# Tables\n\nTable state is kept in the URL (handled by the usePerisistentTableState hook).\n"
    found = derive_anchors(text, "docs/adr/tables.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == [
        ("symbol:typescript:usePersistentTableState",
         "names `usePerisistentTableState` (`usePersistentTableState`)")]
    ambiguous = "# Tables\n\nState goes through useTableState everywhere.\n"  # two names one letter away
    assert derive_anchors(ambiguous, "docs/adr/t2.md", AnchorContext(ws)) == []


def test_a_name_written_but_for_its_case_anchors_the_one_name_it_means(tmp_workspace):
    # theupdateframework/python-tuf docs/adr/0006 (Apache-2.0/MIT) writes `JsonSerializer`; the code defines
    # `JSONSerializer`.
    ws = write(tmp_workspace, {
        "tuf/api/serialization/json.py": "class JSONSerializer:\n    pass\n\nclass JSONDeserializer:\n    pass\n",
        "app/cache.py": "class MemoCache:\n    pass\n\nclass MEMOCache:\n    pass\n",
    })
    text = "# 6. Writing metadata\n\n## Decision\n\nMetadata is written by a `JsonSerializer` only.\n"
    found = derive_anchors(text, "docs/adr/0006.md", AnchorContext(ws))
    assert [(d.anchor.file, d.why) for d in found] == [
        ("tuf/api/serialization/json.py", "names `JsonSerializer` (`JSONSerializer`)")]
    assert derive_anchors("# 7. Caches\n\nUse `MemoCACHE`.\n", "docs/adr/0007.md", AnchorContext(ws)) == []  # two so spelt


def test_a_name_in_prose_spelt_but_for_its_case_means_no_type(tmp_workspace):
    # Shaped on a Go controller's ADR "Helm Charts as Profiles": a drawback "Harder to do dependsOn from Flux
    # HelmReleases" speaks of Flux's field, not the project's `DependsOn` type; written as code it means the type.
    ws = write(tmp_workspace, {
        "api/v1alpha1/profile_types.go": "package v1alpha1\n\ntype DependsOn struct {\n\tName string\n}\n",
        "pkg/catalog/catalog.go": "package catalog\n\ntype ProfileCatalogEntry struct {}\n",
    })
    prose = "# 2. Helm Charts as Profiles\n\n## Consequences\n\n * Harder to do dependsOn from Flux HelmReleases\n"
    assert derive_anchors(prose, "docs/adrs/0002-helm-charts-as-profiles.md", AnchorContext(ws)) == []
    long = "# 3. Searching\n\n## Decision\n\nThe profileCatalogEntry is what a search returns.\n"
    assert derive_anchors(long, "docs/adrs/0003-catalog.md", AnchorContext(ws)) == []
    code = "# 2. Helm Charts as Profiles\n\n## Consequences\n\n * Harder to set `dependsOn` from Flux HelmReleases\n"
    assert [(d.anchor.file, d.why) for d in derive_anchors(code, "docs/adrs/0002-x.md", AnchorContext(ws))] == [
        ("api/v1alpha1/profile_types.go", "names `dependsOn` (`DependsOn`)")]


def test_a_long_name_in_prose_differing_in_an_acronyms_case_means_the_type(tmp_workspace):
    # Shaped on a Kafka Streams project's ADR writing "(AcasTopologyProcessorApi)" for the class
    # `AcasTopologyProcessorAPI`: a long name of three words and more, its first letter's case kept.
    ws = write(tmp_workspace, {
        "src/main/java/acas/AcasTopologyProcessorAPI.java": "package acas;\n\npublic class AcasTopologyProcessorAPI {}\n",
    })
    text = "# 4. Processor API\n\n## Decision\n\nThe topology is built on the processor API (AcasTopologyProcessorApi).\n"
    assert [(d.anchor.file, d.why) for d in derive_anchors(text, "docs/adr/0004.md", AnchorContext(ws))] == [
        ("src/main/java/acas/AcasTopologyProcessorAPI.java",
         "names `AcasTopologyProcessorApi` (`AcasTopologyProcessorAPI`)")]
