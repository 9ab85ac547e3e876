"""The core API: add, team files, lifecycle, anchors, lexical fallback and backfill, backups."""

from pathlib import Path

import pytest
import yaml

from lore.embedding.embedder import FastEmbedder, HashEmbedder
from lore.memory import Anchor, Kind, Memory, Scope, Status
from lore.recall import Query
from lore.api import Lore
from lore.store import NotFoundError


def _add(lore, title, body="", **kw):
    return lore.add(Memory(title=title, body=body, **kw)).memory


def test_team_memory_round_trip_through_its_file(lore, tmp_workspace):
    r = lore.add(Memory(title="Use pytest fixtures", body="No unittest classes.", kind=Kind.CONVENTION,
                        rationale="Fixtures compose.", scope=Scope.TEAM, anchors=[Anchor.parse("tests/**")]))
    assert r.file is not None and r.file.parent == tmp_workspace / ".lore" / "memories"
    text = r.file.read_text()
    assert "kind: convention" in text and "# Use pytest fixtures" in text and "## Why" in text
    # A teammate edits the file: the next open picks it up, same id.
    r.file.write_text(text.replace("No unittest classes.", "Plain functions with fixtures only."))
    lore.close()
    again = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    m = again.get(r.memory.id)
    assert m.body == "Plain functions with fixtures only."
    assert m.rationale == "Fixtures compose." and m.anchors[0].value == "tests/**"
    # Deleting the file deprecates the memory (restorable), never deletes it.
    r.file.unlink()
    again.close()
    third = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    assert third.get(r.memory.id).status is Status.DEPRECATED
    third.close()


def test_broken_team_file_is_reported_and_others_still_load(lore, tmp_workspace):
    folder = tmp_workspace / ".lore" / "memories"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bad.md").write_text("---\nkind: [unclosed\n---\n# Bad\n")
    (folder / "good.md").write_text("---\nid: good1\nkind: fact\n---\n# Entry point is app/main.py\n")
    result = lore.sync_team()
    assert any("bad.md" in e for e in result.errors)
    assert lore.get("good1").kind is Kind.FACT


def test_secrets_are_redacted_before_storage(lore):
    token = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
    r = lore.add(Memory(title="CI token", body=f"Use {token} for releases"))
    assert token not in r.memory.body and "[REDACTED" in r.memory.body
    assert r.redactions and "github" in r.redactions[0]
    rows = lore.store.db.query("SELECT text FROM sections")
    assert all(token not in t for (t,) in rows)


def test_forget_restore_purge_and_supersede(lore, tmp_workspace):
    old = _add(lore, "Use REST for the public API", scope=Scope.TEAM)
    new = _add(lore, "Use GraphQL for the public API", scope=Scope.TEAM)
    lore.supersede(old.id, [new.id])
    assert lore.get(old.id).status is Status.SUPERSEDED
    assert lore.get(old.id).superseded_by == [new.id]
    listed = yaml.safe_dump([new.id]).strip()  # an id of digits only is quoted, as YAML must
    assert f"superseded_by:\n{listed}" in (tmp_workspace / lore.get(old.id).provenance.path).read_text()
    lore.forget(new.id)
    assert lore.get(new.id).status is Status.DEPRECATED
    lore.restore(new.id)
    assert lore.get(new.id).status is Status.ACTIVE
    path = tmp_workspace / lore.get(new.id).provenance.path
    lore.forget(new.id, purge=True)
    assert not path.exists()
    with pytest.raises(NotFoundError):
        lore.get(new.id)


def test_id_prefixes_resolve(lore):
    m = _add(lore, "Prefer composition")
    assert lore.get(m.id[:6]).id == m.id
    with pytest.raises(NotFoundError):
        lore.get("zzzzzz")


def test_user_scope_lives_in_the_user_database(lore, tmp_workspace):
    m = _add(lore, "I prefer early returns", kind=Kind.PREFERENCE, scope=Scope.USER)
    assert lore.user.memories.get(m.id) is not None
    assert lore.store.memories.get(m.id) is None
    assert not (tmp_workspace / ".lore" / "memories").exists()
    hits = lore.search(Query("early returns"))
    assert hits and hits[0].memory.id == m.id


def test_memories_at_uses_anchor_strength(lore):
    sym = _add(lore, "Repository owns SQL", anchors=[Anchor.parse("symbol:python:app.repos.Repository")])
    glob = _add(lore, "Services are thin", anchors=[Anchor.parse("app/**")])
    _add(lore, "Unrelated", anchors=[Anchor.parse("docs/**")])
    found = lore.memories_at("app/repos.py", ["app.repos.Repository"], "python")
    assert [(m.id, k) for m, k in found] == [(sym.id, "symbol"), (glob.id, "glob")]
    lore.not_relevant(glob.id, "app/repos.py")
    assert [m.id for m, _ in lore.memories_at("app/repos.py", [], "python")] == []


def test_search_filters_and_hides_superseded(lore):
    a = _add(lore, "Cache sessions in Redis", kind=Kind.DECISION, tags=["infra"])
    b = _add(lore, "Cache sessions in memcached", kind=Kind.DECISION)
    lore.supersede(b.id, [a.id])
    ids = [h.memory.id for h in lore.search(Query("cache sessions"))]
    assert ids == [a.id]
    both = lore.search(Query("cache sessions memcached", include_superseded=True))
    order = [h.memory.id for h in both]
    assert order.index(a.id) < order.index(b.id)
    assert lore.search(Query("cache sessions", tags=("infra",)))[0].memory.id == a.id
    assert lore.search(Query("cache sessions", kinds=(Kind.CONVENTION,))) == []


def test_lexical_only_without_model_then_backfill(tmp_workspace):
    broken = FastEmbedder(model_path=str(tmp_workspace / "no-model-here"))
    lore = Lore(tmp_workspace, user_db=False, embedder=broken)
    m = lore.add(Memory(title="Retry webhooks with exponential backoff", body="Up to five attempts.")).memory
    hits = lore.search(Query("webhooks backoff"))
    assert hits[0].memory.id == m.id
    assert any("words only" in w for w in hits[0].why)
    assert len(lore.notices) == 1 and "words only" in lore.notices[0]
    lore.search(Query("webhooks"))
    assert len(lore.notices) == 1  # one notice, not one per search
    lore.close()
    fixed = Lore(tmp_workspace, user_db=False, embedder=HashEmbedder())
    index = fixed.store.vectors("hash-384", 384)
    assert index.pending_count() >= 1
    assert fixed.embed_pending() >= 1
    assert index.pending_count() == 0
    fixed.close()


def test_private_memories_are_backed_up_and_rebuilt(tmp_workspace, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    lore = Lore(tmp_workspace, user_db=False)
    private = lore.add(Memory(title="Half-done: migrate billing to v2", kind=Kind.TASK)).memory
    team = lore.add(Memory(title="Money is integer cents", scope=Scope.TEAM)).memory
    lore.close()
    db = tmp_workspace / ".lore" / "lore.db"
    assert list((tmp_workspace / ".lore" / "backups").glob("private-*.jsonl"))
    db.write_bytes(b"\x00garbage" * 1000)
    for side in ("lore.db-wal", "lore.db-shm"):
        (tmp_workspace / ".lore" / side).unlink(missing_ok=True)
    from lore.maintenance.doctor import rebuild

    result = rebuild(tmp_workspace, Lore)
    assert result["restored_private"] == 1
    again = Lore(tmp_workspace, user_db=False)
    assert again.get(private.id).title == private.title
    assert again.get(team.id).title == team.title  # rebuilt from its team file
    assert Path(result["moved_to"]).exists()  # the damaged file is kept
    again.close()


def test_anchor_cache_sees_writes_from_the_same_connection(lore):
    assert lore.memories_at("app/a.py") == []
    m = _add(lore, "App code is typed", anchors=[Anchor.parse("app/**")])
    assert [x.id for x, _ in lore.memories_at("app/a.py")] == [m.id]
    lore.forget(m.id)
    assert lore.memories_at("app/a.py") == []


def test_team_file_that_supersedes_marks_its_predecessor(lore, tmp_workspace):
    old = _add(lore, "Deploy on Fridays", scope=Scope.TEAM)
    folder = tmp_workspace / ".lore" / "memories"
    (folder / "no-friday-deploys.md").write_text(
        f"---\nid: nofri0000001\nkind: decision\nsupersedes:\n- {old.id}\n---\n# Never deploy on Fridays\n")
    lore.sync_team()
    assert lore.get(old.id).status is Status.SUPERSEDED
    assert lore.get(old.id).superseded_by == ["nofri0000001"]
