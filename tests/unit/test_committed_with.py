"""The code committed with a decision record (`lore.sources.added`): offered to a person to anchor the record to, by
`lore anchors` and the file's anchoring actions, never shown on the code unasked. Shaped on
Adyen/adyen-commercetools (MIT), whose "Idempotency key" record was committed with the handlers that send the key."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from lore.api import Lore
from lore.cli.main import main
from lore.embedding.embedder import HashEmbedder
from lore.recall.suggest import suggestions
from lore.sources.added import changed_files, committed_with, first_commits

RECORD = "docs/adr/0008-idempotency-key.md"
TEXT = "# 8. Idempotency key\n\n## Status\n\nAccepted\n\n## Decision\n\nEvery capture and refund sends a key.\n"


def _commit(root: Path, files: dict[str, str], message: str) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    env = {**os.environ, "GIT_AUTHOR_DATE": "2023-05-02T10:00:00", "GIT_COMMITTER_DATE": "2023-05-02T10:00:00"}
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, check=True, env=env)


@pytest.fixture
def repo(tmp_workspace: Path, monkeypatch) -> Path:
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    _commit(tmp_workspace, {"extension/src/app.js": "module.exports = {}\n", "README.md": "# Ext\n"}, "start")
    _commit(tmp_workspace, {
        RECORD: TEXT,
        "docs/adr/README.md": "# Records\n\n- 8. Idempotency key\n",
        "extension/src/manual-capture.handler.js": "function capture(key) { return key }\n",
        "extension/src/refund-payment.handler.js": "function refund(key) { return key }\n",
        "extension/__tests__/capture.spec.js": "test('capture sends a key', () => {})\n",
        "extension/.prettierignore": "dist\n",
        "extension/package-lock.json": "{}\n",
        "extension/docs/Refund.md": "# Refund\n\nSend a key.\n",
    }, "Send an idempotency key with captures and refunds")
    return tmp_workspace


def test_the_code_committed_with_a_record_is_offered_by_lore_anchors(repo, capsys):
    assert main(["-w", str(repo), "import"]) == 0
    capsys.readouterr()
    assert main(["-w", str(repo), "list", "--kind", "decision", "--json"]) == 0
    (record,) = json.loads(capsys.readouterr().out)
    assert main(["-w", str(repo), "anchors", record["id"], "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [o["anchor"] for o in shown["offered"]] == [  # the code before its tests; no ignore or lock file
        "extension/src/manual-capture.handler.js", "extension/src/refund-payment.handler.js",
        "extension/__tests__/capture.spec.js"]
    assert shown["offered"][0]["why"].startswith("committed with the record in ")
    assert shown["anchors"] == []  # offered, not anchored: nothing shows on the code unasked
    assert main(["-w", str(repo), "show", record["id"]]) == 0
    assert ("**Committed with:** `extension/src/manual-capture.handler.js`, `extension/src/refund-payment.handler.js`, "
            "`extension/__tests__/capture.spec.js` (in `") in capsys.readouterr().out
    assert main(["-w", str(repo), "anchors", record["id"], "--add", "extension/src/refund-payment.handler.js"]) == 0
    assert "offered   extension/src/manual-capture.handler.js" in capsys.readouterr().out
    assert main(["-w", str(repo), "anchors", record["id"], "--json"]) == 0
    assert [o["anchor"] for o in json.loads(capsys.readouterr().out)["offered"]] == [
        "extension/src/manual-capture.handler.js", "extension/__tests__/capture.spec.js"]


def test_the_file_s_anchoring_actions_offer_the_record_committed_with_it_first(repo):
    assert main(["-w", str(repo), "import"]) == 0
    with Lore(repo, user_db=repo.parent / "user.db", embedder=HashEmbedder()) as lore:
        found = suggestions(lore, "extension/src/refund-payment.handler.js", "javascript", {}, None, ["refund"])
        assert [(s.memory.title, s.why) for s in found][:1] == [("8. Idempotency key", "committed")]
        assert all(s.why != "committed" for s in found[1:])
        (store,) = [st for st in lore.stores() if st.memories.committed_with("extension/src/refund-payment.handler.js")]
        assert store.memories.committed_with("extension/src/app.js") == []


def test_a_commit_adding_two_records_or_sweeping_the_tree_offers_nothing(tmp_workspace):
    _commit(tmp_workspace, {"docs/adr/0001-a.md": "# 1. A\n", "docs/adr/0002-b.md": "# 2. B\n",
                            "src/a.py": "A = 1\n"}, "two records with code")
    _commit(tmp_workspace, {"docs/adr/0003-c.md": "# 3. C\n", **{f"src/m{i}.py": "X = 1\n" for i in range(40)}},
            "a sweep")
    records = ["docs/adr/0001-a.md", "docs/adr/0002-b.md", "docs/adr/0003-c.md"]
    firsts = first_commits(tmp_workspace, records)
    changed = changed_files(tmp_workspace, [c for _, c in firsts.values()])
    for rel in records:
        assert committed_with(rel, firsts, changed, set(records), lambda f: True) is None
    assert set(changed) == {firsts["docs/adr/0001-a.md"][1]}  # the sweep's 41 files are no one change


def test_a_workspace_imported_before_gets_the_offer_and_the_day_when_the_rules_change(repo, capsys, monkeypatch):
    """A record imported by a Lore that did not yet read its first commit is read again when the rules change, and
    what git tells of it is stored then (it was dropped as unchanged: the record's text was the same)."""
    from lore.ingest import runner

    monkeypatch.setattr(runner, "first_commits", lambda root, paths: {})
    assert main(["-w", str(repo), "import"]) == 0
    monkeypatch.undo()
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    monkeypatch.setattr(runner, "RULES_VERSION", runner.RULES_VERSION + 1)
    assert main(["-w", str(repo), "import"]) == 0
    capsys.readouterr()
    assert main(["-w", str(repo), "list", "--kind", "decision", "--json"]) == 0
    (record,) = json.loads(capsys.readouterr().out)
    assert record["inGitSince"] == "2023-05-02"
    assert main(["-w", str(repo), "anchors", record["id"], "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["offered"]) == 3
