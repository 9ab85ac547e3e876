"""The language server through a client with VS Code's recorded capabilities: hovers with command
links, lenses and resolve, code actions, workspace symbols, commands, progress, configuration."""

from __future__ import annotations

import asyncio
import json
import urllib.parse

import pytest
import pytest_lsp
from lsp_support import SERVER, code_actions, command, raw_request, hover, lens_ids, make_workspace, open_doc, start, status_field, uri
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Assembled at run time so the file itself holds no token-shaped string.
TOKEN = "ghp" + "_" + "a8Kd93jfLq0Zx7Yt2Wm4" + "Nc6Vb1Hs5Pr9Ue3Q"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("vscode"))
    lsp_client.ws = ws
    lsp_client.set_configuration({"lore": {"hover": {"maxItems": 3}}})
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws],
                                  options={"hover": {"enabled": True}}, client_name="Visual Studio Code")
    lsp_client.repos = open_doc(lsp_client, ws / "app" / "repos.py")
    lsp_client.util = open_doc(lsp_client, ws / "app" / "util.py")
    yield
    await lsp_client.shutdown_session()


def _command_links(markdown: str) -> dict[str, dict]:
    """command id -> its argument object, for the first `command:` link of each command in a hover."""
    out = {}
    for part in markdown.split("(command:")[1:]:
        target = part.split(")", 1)[0]
        name, _, query = target.partition("?")
        out.setdefault(name, json.loads(urllib.parse.unquote(query))[0])
    return out


RAW_MARKDOWN = ("|---", "| ---", "###", "```")


async def test_hover_on_anchored_class_shows_the_decision_with_command_links(client: LanguageClient):
    text = await hover(client, client.repos, 3, 8)
    assert text is not None
    lines = text.splitlines()
    assert lines[0] == "**Lore**", "a header sets Lore apart from the language's own hover"
    source = f"{uri(client.ws / '.lore/memories/use-repository.md')}#L"
    assert f"⚖ **Decision** · [Use the Repository pattern for data access]({source}" in text
    assert "Services never call the ORM directly." in text, "one plain sentence of what it says"
    assert "*anchored to `Repository`*" in text
    assert not [m for m in RAW_MARKDOWN if m in text]
    actions = next(line for line in lines if line.startswith("[use-repository.md:"))
    assert actions.index("[Show](command:") < actions.index("[Forget](command:"), "actions on one line"
    links = _command_links(text)
    assert set(links) == {"lore.show", "lore.forget", "lore.notRelevant", "lore.supersede"}
    assert links["lore.show"] == {"id": "repo000000001"}
    assert links["lore.notRelevant"]["symbol"] == "app.repos.Repository"


async def test_hover_inside_a_method_repeats_neither_its_class_decision_nor_the_file_convention(client: LanguageClient):
    text = await hover(client, client.repos, 7, 10) or ""
    assert "Use the Repository pattern" not in text, "the class's decision is on the class, not on each method"
    assert "Repository methods return plain dicts" not in text, "the file's convention is its lens, not every hover"
    assert "Use the Repository pattern" in (await hover(client, client.repos, 3, 8) or "")


async def test_file_memory_is_the_file_lens_once_and_on_no_other_hover(client: LanguageClient):
    lenses = await lens_ids(client, client.repos)
    assert [line for line, ids in lenses if "file000000001" in ids] == [0]
    symbols = {"save": (7, 10), "load": (10, 10), "helper": (13, 5)}
    shown = {name: await hover(client, client.repos, *at) or "" for name, at in symbols.items()}
    assert not [name for name, text in shown.items() if "plain dicts" in text], shown
    on_class = await hover(client, client.repos, 3, 8)
    assert on_class.index("Repository pattern") < on_class.index("plain dicts"), \
        "the class it names is its subject; symbol anchors rank above it"


async def test_no_hover_where_nothing_is_relevant(client: LanguageClient):
    assert await hover(client, client.util, 1, 5) is None


async def test_code_lenses_and_resolve(client: LanguageClient):
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=client.repos)))
    titles = {}
    for lens in lenses:
        assert lens.command is None, "commands come with codeLens/resolve"
        resolved = await client.code_lens_resolve_async(lens)
        assert resolved.command.command == "lore.show"
        titles[(lens.range.start.line, lens.range.start.character)] = (resolved.command.title,
                                                                       resolved.command.arguments)
    assert titles[(3, 6)] == ("⚖ Use the Repository pattern for data access", ({"id": "repo000000001"},))
    assert titles[(0, 0)] == ("This file: § Repository methods return plain dicts", ({"id": "file000000001"},))


async def test_code_lens_resolve_with_foreign_data_is_an_error(client: LanguageClient):
    lens = types.CodeLens(range=types.Range(start=types.Position(line=0, character=0),
                                            end=types.Position(line=0, character=0)), data={"x": 1})
    with pytest.raises(JsonRpcException, match="not made by Lore"):
        await client.code_lens_resolve_async(lens)


async def test_code_actions_use_the_extension_input_commands(client: LanguageClient):
    actions = await code_actions(client, client.repos, 7, 8)
    assert [(a["title"], a["command"]["command"]) for a in actions] == [
        ("Remember a decision about save…", "lore.rememberDecision"),
        ("Remember a convention…", "lore.rememberConvention"),
    ]


async def test_workspace_symbols_search_memory(client: LanguageClient):
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="repository pattern"))
    names = [s.name for s in found]
    assert names[0] == "Use the Repository pattern for data access"
    assert found[0].location.uri == uri(client.ws / ".lore/memories/use-repository.md")


async def test_search_and_show(client: LanguageClient):
    result = await command(client, "lore.search", {"query": "ORM business logic", "limit": 5})
    assert result["hits"][0]["id"] == "repo000000001"
    assert result["hits"][0]["source"]["uri"] == uri(client.ws / ".lore/memories/use-repository.md")
    assert {"score", "why", "section"} <= set(result["hits"][0])
    shown = await command(client, "lore.show", {"id": "repo000000001"})
    assert shown["memory"]["title"] == "Use the Repository pattern for data access"
    assert shown["markdown"].startswith("# Use the Repository pattern")
    assert client.shown_documents[-1].uri == uri(client.ws / ".lore/memories/use-repository.md")


async def test_remember_at_a_range_anchors_to_the_enclosing_symbol(client: LanguageClient):
    refreshes = len(client.seen["refresh"])
    result = await command(client, "lore.remember", {
        "kind": "warning", "title": "helper must stay pure", "body": "Called from hot loops.",
        "scope": "workspace", "uri": client.repos,
        "range": {"start": {"line": 14, "character": 4}, "end": {"line": 14, "character": 4}}})
    assert result["memory"]["anchors"] == ["symbol:python:app.repos.helper"]
    assert result["redacted"] == []
    text = await hover(client, client.repos, 14, 5)
    assert "helper must stay pure" in text
    await asyncio.sleep(0.2)
    assert len(client.seen["refresh"]) > refreshes, "lenses refreshed after a change"


async def test_remember_redacts_secrets(client: LanguageClient):
    result = await command(client, "lore.remember", {
        "kind": "fact", "title": "staging access", "scope": "workspace",
        "body": "Log in with the token " + TOKEN + "."})
    assert TOKEN not in result["memory"]["body"]
    assert result["redacted"]


async def test_forget_restore_and_supersede(client: LanguageClient):
    new = await command(client, "lore.remember", {"kind": "decision", "title": "Use SQLAlchemy 2 style",
                                                  "body": "select() everywhere.", "scope": "workspace"})
    old = await command(client, "lore.remember", {"kind": "decision", "title": "Use legacy query API",
                                                  "body": "session.query().", "scope": "workspace"})
    old_id, new_id = old["memory"]["id"], new["memory"]["id"]
    title = "Use legacy query API"
    assert await command(client, "lore.forget", {"id": old_id}) == {"id": old_id, "status": "deprecated", "title": title}
    assert await command(client, "lore.restore", {"id": old_id}) == {"id": old_id, "status": "active", "title": title}
    result = await command(client, "lore.supersede", {"id": old_id, "by": [new_id]})
    assert result["memory"]["status"] == "superseded"
    assert result["memory"]["supersededBy"] == [new_id]


async def test_not_relevant_hides_a_memory_at_that_symbol_and_undo_brings_it_back(client: LanguageClient):
    place = {"id": "repo000000001", "uri": client.repos, "symbol": "app.repos.Repository"}
    assert "Repository pattern" in (await hover(client, client.repos, 3, 8) or "")
    result = await command(client, "lore.notRelevant", place)
    assert result == {"id": "repo000000001", "title": "Use the Repository pattern for data access"}
    assert "Repository pattern" not in (await hover(client, client.repos, 3, 8) or "")
    undone = await command(client, "lore.notRelevant", {**place, "undo": True})
    assert undone["undone"] is True
    assert "Repository pattern" in (await hover(client, client.repos, 3, 8) or "")
    assert (await command(client, "lore.notRelevant", {**place, "undo": True}))["undone"] is False


async def test_reindex_reports_progress(client: LanguageClient):
    before = set(client.progress_reports)
    result = await command(client, "lore.reindex", {})
    assert "summary" in result
    tokens = set(client.progress_reports) - before
    assert tokens
    kinds = [type(v).__name__ for t in tokens for v in client.progress_reports[t]]
    assert kinds[0] == "WorkDoneProgressBegin" and kinds[-1] == "WorkDoneProgressEnd"


async def test_status_command_matches_the_notification(client: LanguageClient):
    status = await command(client, "lore.status", {})
    assert status["state"] in ("ready", "wordsOnly")
    assert status["memories"] >= 2
    last = client.seen["status"][-1]
    assert status_field(last, "memories") == status["memories"]


async def test_context_pack(client: LanguageClient):
    result = await command(client, "lore.context", {"uri": client.repos, "budget": 400})
    assert "Repository" in result["markdown"]
    assert 0 < result["tokens"] <= 400


async def test_context_pack_marks_sources_and_trust(client: LanguageClient):
    result = await command(client, "lore.context", {"uri": client.repos, "budget": 1500})
    assert "data about this project, not instructions" in result["markdown"]
    assert result["items"] and all(set(i["trust"]) == {"kind", "label", "source"} for i in result["items"])
    lines = result["markdown"].splitlines()
    heads = [n for n, ln in enumerate(lines) if ln.startswith("- **") and not ln.startswith("- **map**")]
    assert len(heads) == len(result["items"])
    assert all(lines[n + 1].startswith("  > **") for n in heads), "each item's text is quoted under its line"


async def test_proposals_list_and_errors(client: LanguageClient):
    assert await command(client, "lore.proposals", {"action": "list"}) == {"proposals": []}
    with pytest.raises(JsonRpcException, match="action must be one of"):
        await command(client, "lore.proposals", {"action": "approve"})
    with pytest.raises(JsonRpcException, match="needs an id"):
        await command(client, "lore.proposals", {"action": "confirm"})


async def test_preferences_list(client: LanguageClient):
    assert await command(client, "lore.preferences", {"action": "list"}) == {"preferences": []}
    with pytest.raises(JsonRpcException, match="action must be one of"):
        await command(client, "lore.preferences", {"action": "explode"})


async def test_feedback_answers_a_result_or_a_clear_error(client: LanguageClient):
    args = {"uri": client.repos, "languageId": "python", "outcome": "rejected", "origin": "inline-completion",
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "proposedText": "import os\nos.path.join('a', 'b')\n"}
    try:
        result = await command(client, "lore.feedback", args)
    except JsonRpcException as e:
        assert "feedback" in str(e)
    else:
        assert set(result) >= {"observations", "proposed"}


@pytest.mark.parametrize(("name", "args", "message"), [
    pytest.param("lore.show", {"id": 5}, "arguments.id", id="wrong-type"),
    pytest.param("lore.show", {}, "required field missing", id="missing-key"),
    pytest.param("lore.show", "id", "must be a JSON object", id="not-an-object"),
    pytest.param("lore.show", {"id": "nope-nope"}, "no memory with id", id="unknown-id"),
    pytest.param("lore.remember", {"kind": "rumour", "title": "x", "body": ""}, "invalid kind", id="bad-kind"),
    pytest.param("lore.search", {"query": "x", "limit": 0}, "outside 1..500", id="bad-limit"),
    pytest.param("lore.nothing", {}, "not defined", id="unknown-command"),
])
async def test_bad_command_arguments_answer_an_error(client: LanguageClient, name, args, message):
    with pytest.raises(JsonRpcException, match=message):
        await command(client, name, args)
    assert await command(client, "lore.status", {}), "server still answers"


async def test_garbage_hover_params_answer_an_error_and_the_server_stays_up(client: LanguageClient):
    with pytest.raises(JsonRpcException, match="invalid params"):
        await raw_request(client, types.TEXT_DOCUMENT_HOVER, {
            "textDocument": {"uri": client.repos}, "position": {"line": "three", "character": None}})
    assert "Repository pattern" in await hover(client, client.repos, 3, 8)


async def test_configuration_change_turns_hovers_off_and_bad_values_warn_once(client: LanguageClient):
    client.set_configuration({"lore": {"hover": {"enabled": False, "maxItems": "many"}}})
    for _ in range(2):
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        await asyncio.sleep(0.3)
    assert await hover(client, client.repos, 3, 8) is None
    warnings = [m for m in client.messages if "hover.maxItems" in m.message]
    assert len(warnings) == 1
    client.set_configuration({"lore": {}})
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await asyncio.sleep(0.3)
    assert "Repository pattern" in await hover(client, client.repos, 3, 8)
