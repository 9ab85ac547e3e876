"""Code checked against learned preferences in the core (`lore.learn.checking`), no editor involved:
the cache of active preferences follows database writes, a document's answer follows its version."""

from __future__ import annotations

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.learn import checking
from lore.learn.service import Contradiction, contradictions_in
from lore.memory import Kind, Memory, Scope, Status

DOCUMENT = "import os\n\n\ndef out(root):\n    return os.path.join(root, 'out')\n"


def _pathlib_preference(lore: Lore) -> Memory:
    m = Memory(kind=Kind.PREFERENCE, title="Prefer pathlib over os.path", body="Use pathlib.", scope=Scope.WORKSPACE,
               status=Status.ACTIVE, meta={"feature": "paths.pathlib", "prefers": "pathlib"})
    return lore.add(m, embed=False).memory


def test_active_preferences_are_read_again_after_a_write(tmp_workspace):
    with Lore(tmp_workspace, user_db=False, embedder=HashEmbedder()) as lore:
        cache = checking.PreferenceChecks()
        assert cache.active(lore, "ws") == []
        m = _pathlib_preference(lore)
        assert [p.id for p in cache.active(lore, "ws")] == [m.id]


def test_a_document_is_known_for_its_key_only_and_old_documents_go(tmp_workspace):
    with Lore(tmp_workspace, user_db=False, embedder=HashEmbedder()) as lore:
        preferences = [_pathlib_preference(lore)]
        found = contradictions_in(preferences, "python", DOCUMENT)
        assert [c.line for c in found] == [4]
        cache = checking.PreferenceChecks()
        key = checking.document_key(1, preferences)
        assert cache.known("a.py", key) is None
        assert cache.keep("a.py", key, found) == {4: found}
        assert cache.known("a.py", key) == {4: found}
        assert cache.known("a.py", checking.document_key(2, preferences)) is None
        for i in range(checking.MAX_DOCUMENTS):
            cache.keep(f"other{i}.py", key, [])
        assert cache.known("a.py", key) is None, "the least recently checked document is dropped"


def test_contradictions_are_grouped_by_preference():
    a, b = (Memory(kind=Kind.PREFERENCE, title=t, body=t) for t in ("A", "B"))
    found = [Contradiction(a, 1, 0, "x"), Contradiction(b, 2, 0, "y"), Contradiction(a, 3, 0, "z")]
    assert [(m.title, [c.line for c in cs]) for m, cs in checking.by_preference(found)] == [("A", [1, 3]), ("B", [2])]
    assert checking.checkable("x" * checking.MAX_CHECK_CHARS) and not checking.checkable("x" * (checking.MAX_CHECK_CHARS + 1))
