"""What the status item counts: the memories a person holds (active and proposed, of every kind,
tasks people wrote included), and apart from them the tasks read from git history."""

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.memory import Kind, Memory, Provenance, SourceKind, Status


def test_git_history_tasks_are_counted_apart_and_hidden_memories_not_at_all(tmp_workspace):
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        for i, (kind, status, source) in enumerate([
                (Kind.DECISION, Status.ACTIVE, SourceKind.ADR), (Kind.DECISION, Status.PROPOSED, SourceKind.ADR),
                (Kind.TASK, Status.ACTIVE, SourceKind.MANUAL), (Kind.DECISION, Status.SUPERSEDED, SourceKind.ADR),
                (Kind.TASK, Status.ACTIVE, SourceKind.GIT), (Kind.TASK, Status.ACTIVE, SourceKind.GIT),
                (Kind.TASK, Status.DEPRECATED, SourceKind.GIT)]):
            lore.add(Memory(title=f"memory number {i}", kind=kind, status=status,
                            provenance=Provenance(source, key=f"k{i}")))
        assert lore.shown_counts() == (3, 2)
    finally:
        lore.close()
