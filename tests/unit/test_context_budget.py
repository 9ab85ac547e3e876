"""How a context pack spends its budget: strong matches grow together (the first one's examples do
not take the next rule's room), a match by shared words alone stays short, a long guide shows the
topic that matched (not its other topics), and what a file's name found lists a decision first."""

from __future__ import annotations

from lore.context.pack import ITEM_SHARE, _fit
from lore.context.render import MORE, long_body
from lore.context.select import ContextItem, order
from lore.context.tokens import TokenCounter
from lore.memory import Kind, Memory, Provenance, SourceKind

COUNT = TokenCounter("estimate").count
BUDGET = 1500


def long_memory(title: str, kind: Kind = Kind.DECISION) -> Memory:
    paras = [" ".join(f"Rule {title} part {p} sentence {s} says something worth reading whole." for s in range(6))
             for p in range(12)]
    return Memory(title=title, body="\n\n".join(paras), kind=kind)


def item(title: str, by_meaning: bool = True, level: str = "task", score: float = 6.0) -> ContextItem:
    return ContextItem(long_memory(title), level, score, ["matches the task"], by_meaning=by_meaning)


def test_strong_matches_grow_together():
    items = [item("alpha", score=6.0), item("beta", score=5.9), item("gamma", score=5.8)]
    chosen, used, left_out = _fit(items, BUDGET, 100, 0, COUNT)
    sizes = [COUNT(text) for _, text in chosen["task"]]
    assert left_out == 0 and used <= BUDGET
    assert all(s <= ITEM_SHARE * BUDGET for s in sizes)
    assert min(sizes) > 0.2 * BUDGET + 20, f"every strong match grew past its first share: {sizes}"
    assert max(sizes) - min(sizes) <= 0.2 * BUDGET, f"no match took the others' room: {sizes}"


def test_a_match_by_words_alone_stays_short():
    items = [item("alpha"), item("homonym", by_meaning=False, score=5.9)]
    chosen, _, _ = _fit(items, BUDGET, 100, 0, COUNT)
    texts = {i.memory.title: t for i, t in chosen["task"]}
    assert texts["homonym"].endswith(MORE) and COUNT(texts["homonym"]) <= 0.2 * BUDGET + 5
    assert COUNT(texts["alpha"]) > 0.2 * BUDGET + 20


GUIDE = """Intro to the back end.

## Requirements

You need PostgreSQL and Node.js installed before anything else works on this project at all.

## Database changes

We use database migrations. Never change a migration that has been merged to main.

### Making a schema change

Use db-migrate to create a new migration file, with one up and one down method each time.

## Publishing

Releases are cut from main by the release workflow, with a changelog written by hand first.
"""


def test_a_long_guide_shows_the_topic_that_matched():
    guide = Memory(title="Back end", body=GUIDE * 8, kind=Kind.CONVENTION,
                   provenance=Provenance(SourceKind.RULES_FILE, "contributing/backend/overview.md", 1))
    text = "\n".join(long_body(guide, "Database changes"))
    assert "Never change a migration" in text and "db-migrate to create" in text  # the section and its subsection
    assert "PostgreSQL" not in text and "release workflow" not in text and "Intro" not in text
    record = Memory(title="ADR: Back end", body=GUIDE * 8, kind=Kind.DECISION,
                    provenance=Provenance(SourceKind.ADR, "docs/adr/0001.md", 1))
    assert "PostgreSQL" in "\n".join(long_body(record, "Database changes")), "a decision record is read whole"
    assert "PostgreSQL" in "\n".join(long_body(guide, "No such heading"))


def test_what_a_file_name_found_lists_the_decision_first():
    table = ContextItem(Memory(title="Pattern references", kind=Kind.FACT), "related", 3.9, ["matches this file's name"])
    conv = ContextItem(Memory(title="Read models", kind=Kind.CONVENTION), "related", 3.8, ["matches this file's name"])
    adr = ContextItem(Memory(title="ADR: Read models", kind=Kind.DECISION), "related", 3.6, ["matches this file's name"])
    task = ContextItem(Memory(title="A fact for the task", kind=Kind.FACT), "task", 5.9, ["matches the task"])
    weaker_decision = ContextItem(Memory(title="ADR: other", kind=Kind.DECISION), "task", 5.1, ["matches the task"])
    ranked = sorted([table, conv, adr, weaker_decision, task], key=order)
    assert [i.memory.title for i in ranked] == ["A fact for the task", "ADR: other", "ADR: Read models",
                                                 "Read models", "Pattern references"]


def test_a_code_comment_note_reaches_a_task_that_names_its_code(tmp_workspace):
    from lore.api import Lore
    from lore.context import build_pack
    from lore.embedding.embedder import HashEmbedder
    from lore.memory import Anchor

    lore = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        anchor = Anchor.parse("symbol:typescript:AuthorizationTokenKind")
        anchor.file = "src/lib/auth/token-kind.ts"
        note = lore.add(Memory(title="AuthorizationTokenKind is deprecated: personal access tokens log each failure when updating lastSeen",
                               kind=Kind.WARNING, anchors=[anchor],
                               provenance=Provenance(SourceKind.COMMENT, "src/lib/auth/token-kind.ts", 12))).memory
        rule = lore.add(Memory(title="Personal access tokens expire after a year", kind=Kind.DECISION,
                               body="Personal access tokens are refreshed on use.")).memory
        task = "Log the failure when updating lastSeen for personal access tokens"
        ids = [i.memory.id for i in build_pack(lore, task=task, path="src/lib/db/account-store.ts").items]
        assert rule.id in ids and note.id not in ids, "the note shares words with the task, not its subject"
        named = build_pack(lore, task="Replace AuthorizationTokenKind where personal access tokens log each failure").items
        assert note.id in [i.memory.id for i in named]
    finally:
        lore.close()


def test_a_long_guide_shows_the_topic_that_matched_when_its_heading_is_written_as_code():
    """nationalarchives/ds-frontend `docs/structure.md`: "## `Dockerfile`" matched as section "Dockerfile", and the
    pack quoted the page's top, `app` and `app/feeds`, not the Dockerfile's part."""
    body = "\n\n".join(f"## `{name}`\n\n{name} notes. " + "More words about it. " * 40
                       for name in ("app", "src", "config.py")) + "\n\n## `Dockerfile`\n\nKeep this file as terse as possible.\n"
    guide = Memory(title="Structure", body=body, kind=Kind.FACT,
                   provenance=Provenance(SourceKind.RULES_FILE, "docs/structure.md", 1))
    text = "\n".join(long_body(guide, "Dockerfile"))
    assert "Keep this file as terse as possible." in text and "app notes" not in text
