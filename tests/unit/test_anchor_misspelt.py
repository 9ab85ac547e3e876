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
    text = "# 6. Serialization\n\n## Decision\n\nMetadata is written by a `JsonSerializer` only.\n"
    found = derive_anchors(text, "docs/adr/0006.md", AnchorContext(ws))
    assert [(d.anchor.file, d.why) for d in found] == [
        ("tuf/api/serialization/json.py", "names `JsonSerializer` (`JSONSerializer`)")]
    assert derive_anchors("# 7. Caches\n\nUse `MemoCACHE`.\n", "docs/adr/0007.md", AnchorContext(ws)) == []  # two so spelt
