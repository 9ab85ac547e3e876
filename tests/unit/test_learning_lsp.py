"""The editor side of learned preferences: hover section and code action, checked once per version."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from lsprotocol import types

from lore.embedding.embedder import HashEmbedder
from lore.learn import FeedbackEvent
from lore.learn import checking
from lore.learn import service as learn
from lore.lsp import preferences
from lore.api import Lore

OS_PATH = "import os\n\ndef {name}(root):\n    return os.path.join(root, '{name}')\n"
PATHLIB = "from pathlib import Path\n\ndef {name}(root):\n    return Path(root) / '{name}'\n"
DOCUMENT = "import os\n\n\ndef out(root):\n    return os.path.join(root, 'out')\n"
TITLE = "Prefer pathlib over os.path for file paths"


class _Workspace:
    def __init__(self, source: str):
        self.doc = SimpleNamespace(version=1, source=source)

    def get_text_document(self, uri):
        return self.doc


def _learn_pathlib(lore: Lore) -> str:
    for i in range(3):
        name = f"d{i}"
        learn.record_feedback(lore, FeedbackEvent(
            uri="file:///w/a.py", language="python", proposed=OS_PATH.format(name=name),
            final=PATHLIB.format(name=name), outcome="modified", at=time.time()))
    return next(m.id for m in learn.list_preferences(lore) if m.meta["feature"] == "paths.pathlib")


@pytest.fixture
def setup(tmp_workspace, monkeypatch):
    user_db = tmp_workspace.parent / "user.db"
    editor = Lore(tmp_workspace, user_db=user_db, embedder=HashEmbedder())  # the event loop's connection
    worker = Lore(tmp_workspace, user_db=user_db, embedder=HashEmbedder())  # a command thread's connection
    calls = []
    real = preferences.contradictions_in

    def counting(*args):
        calls.append(args[1:])
        return real(*args)

    monkeypatch.setattr(preferences, "contradictions_in", counting)
    folder = SimpleNamespace(uri="file:///w", open=lambda: editor)
    state = SimpleNamespace(uri="file:///w/app/paths.py", language="python", folder=folder)
    ls = SimpleNamespace(workspace=_Workspace(DOCUMENT), command_links=True)
    yield SimpleNamespace(ls=ls, state=state, worker=worker, calls=calls)
    editor.close()
    worker.close()


def _action_params(line: int, only=None) -> types.CodeActionParams:
    where = types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=4))
    return types.CodeActionParams(text_document=types.TextDocumentIdentifier(uri="file:///w/app/paths.py"),
                                  range=where, context=types.CodeActionContext(diagnostics=[], only=only))


async def test_only_active_preferences_show_and_each_version_is_checked_once(setup):
    mid = _learn_pathlib(setup.worker)
    assert await preferences.hover_section(setup.ls, setup.state, 4) is None  # proposed: silent
    learn.confirm_preference(setup.worker, mid)
    text = await preferences.hover_section(setup.ls, setup.state, 4)
    assert f"**Contradicts your preference:** {TITLE}" in text
    assert "os.path.join: prefer pathlib" in text and "command:lore.show" in text
    assert await preferences.hover_section(setup.ls, setup.state, 3) is None
    await preferences.hover_section(setup.ls, setup.state, 4)
    assert len(setup.calls) == 1, "hovers on one version reuse the check"
    setup.ls.workspace.doc.version = 2
    setup.ls.workspace.doc.source = DOCUMENT.replace("os.path.join(root, 'out')", "Path(root) / 'out'")
    assert await preferences.hover_section(setup.ls, setup.state, 4) is None
    assert len(setup.calls) == 2
    learn.reject_preference(setup.worker, mid)
    setup.ls.workspace.doc.version, setup.ls.workspace.doc.source = 3, DOCUMENT
    assert await preferences.hover_section(setup.ls, setup.state, 4) is None


@pytest.mark.parametrize(
    ("line", "only", "expected"),
    [
        pytest.param(4, None, [f"Open preference: {TITLE}"], id="contradicting-line"),
        pytest.param(4, [types.CodeActionKind.QuickFix], [f"Open preference: {TITLE}"], id="quickfix-only"),
        pytest.param(4, [types.CodeActionKind.Refactor], [], id="refactor-only"),
        pytest.param(0, None, [], id="other-line"),
    ],
)
async def test_code_action_opens_the_preference(setup, line, only, expected):
    mid = _learn_pathlib(setup.worker)
    learn.confirm_preference(setup.worker, mid)
    actions = await preferences.code_actions(setup.ls, setup.state, _action_params(line, only))
    assert [a.title for a in actions] == expected
    for action in actions:
        assert (action.command.command, action.command.arguments) == ("lore.show", [{"id": mid}])


async def test_large_documents_are_not_checked(setup, monkeypatch):
    learn.confirm_preference(setup.worker, _learn_pathlib(setup.worker))
    monkeypatch.setattr(checking, "MAX_CHECK_CHARS", 10)
    assert await preferences.hover_section(setup.ls, setup.state, 4) is None
    assert setup.calls == []
