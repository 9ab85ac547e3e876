"""The memories of one lens (and of one place in a hover) in the order a person needs them: what was
decided and what warns, then conventions, facts, then preferences and tasks; current before proposed."""

from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Kind, Memory, Status
from lore.api import Lore
from lore.recall.governing import lens_groups
from lore.recall.importance import kind_rank


def test_kinds_rank_by_what_matters_not_by_name():
    order = sorted(["task", "preference", "fact", "convention", "warning", "decision"], key=kind_rank)
    assert order[:2] in (["warning", "decision"], ["decision", "warning"])
    assert order[2:4] == ["convention", "fact"] and set(order[4:]) == {"preference", "task"}
    assert kind_rank("something new") > kind_rank("task")


def test_a_file_lens_lists_decisions_first_and_proposals_last(tmp_workspace):
    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        made = {}
        # Added in the reverse of the wanted order, each newer than the last: neither the name of the
        # kind nor the age can give the expected order.
        for key, kind, status in [("task", Kind.TASK, Status.ACTIVE), ("pref", Kind.PREFERENCE, Status.ACTIVE),
                                  ("conv", Kind.CONVENTION, Status.ACTIVE),
                                  ("proposed", Kind.DECISION, Status.PROPOSED),
                                  ("decision", Kind.DECISION, Status.ACTIVE)]:
            made[key] = lore.add(Memory(title=f"A {key} about the billing module", kind=kind, status=status,
                                        anchors=[Anchor.parse("src/billing.py")])).memory
        groups = lens_groups(lore, "src/billing.py", [], "python")
        assert len(groups) == 1 and groups[0].symbol is None
        got = [item.id for item in groups[0].memories]
        # preference and task weigh the same: the newer (the preference) first
        assert got == [made[k].id for k in ("decision", "conv", "pref", "task", "proposed")]
    finally:
        lore.close()


def test_a_hover_in_a_method_shows_the_methods_own_memory_not_its_class_decision(tmp_workspace):
    from lore.anchors import Symbol
    from lore.recall.governing import governing_at

    def symbol(qualified: str, kind: str) -> Symbol:
        name = qualified.rsplit(".", 1)[-1]
        return Symbol(name, qualified, kind, 0, 0, 5, 0, 0, 0, len(name), "", None, None, "b", "s")

    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        def add(title, kind, qualified):
            anchor = Anchor.parse(f"symbol:python:{qualified}")
            anchor.file = "app/repos.py"
            return lore.add(Memory(title=title, kind=kind, anchors=[anchor])).memory

        own = add("save() is idempotent", Kind.CONVENTION, "app.repos.Repository.save")
        outer = add("Use the Repository pattern", Kind.DECISION, "app.repos.Repository")
        chain = [symbol("app.repos.Repository", "class"), symbol("app.repos.Repository.save", "method")]
        got = governing_at(lore, "app/repos.py", chain, "python", {}, 1.0, 5)
        ids = [g.memory.id for g in got]
        assert ids[0] == own.id, "the nearer place first, then what binds"
        assert outer.id not in ids, "the class's decision is on the class, not repeated on each method"
    finally:
        lore.close()
