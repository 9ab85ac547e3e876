"""Learning preferences through the language server: `lore.feedback` events propose a preference,
`lore.preferences` confirms it, and a hover and a code action over contradicting code show it."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import code_actions, command, hover, make_workspace, open_doc, start, uri
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Its own user database: learned preferences live there and must not reach other test modules.
USER_DIR = Path(tempfile.mkdtemp(prefix="lore-learning-e2e-"))
SERVER = ["env", "LORE_EMBEDDER=hash", f"LORE_USER_DB={USER_DIR / 'user.db'}", sys.executable, "-m", "lore.lsp"]

PATHS_PY = """\
import os


def output_dir(root):
    return os.path.join(root, "build", "out")
"""
OS_PATH = "import os\n\ndef {name}(root):\n    return os.path.join(root, '{name}')\n"
PATHLIB = "from pathlib import Path\n\ndef {name}(root):\n    return Path(root) / '{name}'\n"
VAR_JS = "var {name} = load();\nvar other = {name} + 1;\n"
CONST_JS = "const {name} = load();\nconst other = {name} + 1;\n"
PATHS_TITLE = "Prefer pathlib over os.path for file paths"
JOIN_LINE = 4


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("learning"))
    (ws / "app" / "paths.py").write_text(PATHS_PY)
    lsp_client.ws = ws
    lsp_client.set_configuration({"lore": {"feedback": {"retentionDays": 30}}})
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws],
                client_name="Visual Studio Code")
    lsp_client.paths = open_doc(lsp_client, ws / "app" / "paths.py")
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(USER_DIR, ignore_errors=True)


def _feedback(client, proposed: str, final: str, language: str = "python", name: str = "paths.py") -> dict:
    lines = proposed.count("\n")
    return {"uri": uri(client.ws / "app" / name), "languageId": language,
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}},
            "proposedText": proposed, "finalText": final, "outcome": "modified", "origin": "agent"}


async def _preferences(client, action: str = "list", mid: str | None = None) -> list[dict]:
    args = {"action": action} if mid is None else {"action": action, "id": mid}
    return (await command(client, "lore.preferences", args))["preferences"]


async def test_mixed_evidence_proposes_nothing(client: LanguageClient):
    flips = [(VAR_JS, CONST_JS), (CONST_JS, VAR_JS), (VAR_JS, CONST_JS), (CONST_JS, VAR_JS), (VAR_JS, CONST_JS)]
    for i, (before, after) in enumerate(flips):
        name = f"value{i}"
        result = await command(client, "lore.feedback", _feedback(
            client, before.format(name=name), after.format(name=name), "javascript", "app.js"))
        assert any(o["feature"] == "declarations.const" for o in result["observations"])
        assert not [p for p in result["proposed"] if p["feature"] == "declarations.const"]
    assert not [p for p in await _preferences(client) if p["feature"] == "declarations.const"]


async def test_consistent_feedback_proposes_a_preference_with_its_evidence(client: LanguageClient):
    proposed = []
    for name in ("out_dir", "cache_dir", "log_dir"):
        result = await command(client, "lore.feedback", _feedback(
            client, OS_PATH.format(name=name), PATHLIB.format(name=name)))
        assert {"feature": "paths.pathlib", "prefers": "pathlib", "over": "os.path", "weight": 1.5,
                "example": "from pathlib import Path"} in result["observations"]
        proposed += [p for p in result["proposed"] if p["feature"] == "paths.pathlib"]
    assert [p["title"] for p in proposed] == [PATHS_TITLE]
    pref = proposed[0]
    assert (pref["kind"], pref["status"], pref["scope"]) == ("preference", "proposed", "user")
    # earlier evidence fades by 0.8 per hand edit: 1.5 * (0.8 ** 2 + 0.8 + 1)
    assert pref["evidence"]["signals"] == 3 and pref["evidence"]["weights"] == {"pathlib": 3.66}
    assert "`from pathlib import Path`" in pref["body"]
    listed = {p["id"]: p for p in await _preferences(client)}
    assert listed[pref["id"]]["status"] == "proposed"
    client.preference_id = pref["id"]


async def test_a_proposed_preference_stays_out_of_hovers(client: LanguageClient):
    text = await hover(client, client.paths, JOIN_LINE, 15)
    assert text is None or "Contradicts your preference" not in text


async def test_confirming_makes_it_active_and_the_hover_shows_it(client: LanguageClient):
    listed = {p["id"]: p for p in await _preferences(client, "confirm", client.preference_id)}
    assert listed[client.preference_id]["status"] == "active"
    text = await hover(client, client.paths, JOIN_LINE, 15)
    assert text is not None
    assert f"**Contradicts your preference:** {PATHS_TITLE}" in text
    assert "os.path.join: prefer pathlib" in text
    assert "command:lore.show" in text
    assert await hover(client, client.paths, 3, 6) is None, "the def line does not contradict it"


async def test_a_code_action_opens_the_preference(client: LanguageClient):
    actions = await code_actions(client, client.paths, JOIN_LINE, 12)
    ours = [a for a in actions if a["title"].startswith("Open preference: ")]
    assert [a["title"] for a in ours] == [f"Open preference: {PATHS_TITLE}"]
    assert ours[0]["command"] == {"title": ours[0]["title"], "command": "lore.show",
                                  "arguments": [{"id": client.preference_id}]}
    shown = await command(client, "lore.show", {"id": client.preference_id, "open": False})
    assert shown["memory"]["title"] == PATHS_TITLE
    elsewhere = await code_actions(client, client.paths, 0, 0)
    assert not [a for a in elsewhere if a["title"].startswith("Open preference: ")]


async def test_rejecting_takes_it_out_of_hovers(client: LanguageClient):
    listed = await _preferences(client, "reject", client.preference_id)
    assert client.preference_id not in {p["id"] for p in listed}
    text = await hover(client, client.paths, JOIN_LINE, 15)
    assert text is None or "Contradicts your preference" not in text
    result = await command(client, "lore.feedback", _feedback(
        client, OS_PATH.format(name="tmp_dir"), PATHLIB.format(name="tmp_dir")))
    assert not [p for p in result["proposed"] if p["feature"] == "paths.pathlib"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param({"outcome": "maybe"}, "outcome", id="bad-outcome"),
        pytest.param({"finalText": None}, "finalText", id="modified-without-final-text"),
    ],
)
async def test_bad_feedback_is_refused_with_a_clear_error(client: LanguageClient, args, message):
    event = _feedback(client, OS_PATH.format(name="x"), PATHLIB.format(name="x"))
    event.update(args)
    with pytest.raises(JsonRpcException, match=message):
        await command(client, "lore.feedback", event)


async def test_the_server_still_answers_after_bad_input(client: LanguageClient):
    status = await command(client, "lore.status", {})
    assert status["state"] in ("ready", "wordsOnly")
