"""The workspace socket (`lore.wire.relay`): a running server answers `search` and `context` exactly as the
caller would have; stale sockets are replaced, anything else at the path is left alone."""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
from pathlib import Path

import pytest

from lore.wire import calls, relay
from lore.embedding.embedder import HashEmbedder
from lore.memory import Anchor, Kind, Memory
from lore.api import Lore


@pytest.fixture
def workspace(tmp_workspace, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    with Lore(tmp_workspace, embedder=HashEmbedder()) as lore:
        lore.add(Memory(title="Use the repository pattern", body="Services never call the ORM directly.",
                        kind=Kind.DECISION, anchors=[Anchor.parse("app/**")]))
        lore.add(Memory(title="Money is never a float", body="Use integer cents for prices and totals.",
                        kind=Kind.CONVENTION))
        lore.add(Memory(title="Retry with backoff", body="HTTP clients retry 429 and 503 with jitter.",
                        kind=Kind.WARNING, anchors=[Anchor.parse("app/http.py")]))
    return tmp_workspace


@pytest.fixture
def server(workspace):
    lores: list[Lore] = []
    changed = threading.Event()

    def lore_for() -> Lore:
        if not lores:
            lores.append(Lore(workspace, embedder=HashEmbedder()))
        return lores[0]

    srv = relay.RelayServer(workspace, relay.answer_with(lore_for), changed.set)
    assert srv.start()
    srv.changed = changed
    yield srv
    srv.close()
    for lore in lores:
        lore.close()


def _where(root: Path) -> dict:
    return calls.where(root, HashEmbedder().model_id)


def _local(root: Path, op: str, args: dict) -> dict:
    with Lore(root, embedder=HashEmbedder()) as lore:
        return calls.answer(lore, op, args)


SEARCH = {"text": "prices in cents", "limit": 10, "kinds": [], "statuses": [], "scopes": [], "tags": []}


def test_a_relayed_search_and_context_equal_the_local_ones(workspace, server):
    for op, args in (("search", SEARCH), ("search", {**SEARCH, "path": "app/http.py", "text": "retry"}),
                     ("context", {"path": "app/http.py", "budget": 400}),
                     ("context", {"path": "app/models.py", "task": "change how totals are stored"})):
        args = {**args, "where": _where(workspace)}
        remote = relay.ask(workspace, op, args)
        assert remote is not None
        local = _local(workspace, op, args)
        if op == "context":
            remote["result"].pop("millis"), local["result"].pop("millis")
        else:  # scores decay with age: two calls a moment apart differ past the 10th digit
            for a, b in zip(remote["result"], local["result"]):
                assert a.pop("exactScore") == pytest.approx(b.pop("exactScore"), rel=1e-6)
        assert remote == local and remote["result"], json.dumps([remote, local])


def test_another_database_or_model_is_declined(workspace, server):
    other = {**_where(workspace), "model": "another-model"}
    assert relay.ask(workspace, "search", {**SEARCH, "where": other}) is None
    assert relay.ask(workspace, "search", {**SEARCH}) is None


def test_invalid_arguments_come_back_as_an_error(workspace, server):
    with pytest.raises(relay.RelayError, match="invalid kind"):
        relay.ask(workspace, "search", {**SEARCH, "kinds": ["nonsense"], "where": _where(workspace)})
    with pytest.raises(relay.RelayError, match="unknown call"):
        relay.ask(workspace, "drop_tables", {"where": _where(workspace)})


def test_changed_reaches_the_server(workspace, server):
    relay.changed(workspace)
    assert server.changed.wait(5)


def test_the_socket_is_owner_only_and_removed_on_close(workspace, server):
    path = relay.socket_path(workspace)
    assert path.parent == workspace / ".lore"
    assert stat.S_ISSOCK(os.lstat(path).st_mode) and stat.S_IMODE(os.lstat(path).st_mode) == 0o600
    server.close()
    assert not os.path.lexists(path)
    assert relay.ask(workspace, "search", {**SEARCH, "where": _where(workspace)}) is None


def test_a_second_server_leaves_the_first_one_answering(workspace, server):
    second = relay.RelayServer(workspace, lambda op, args: {"result": "second", "notices": []}, lambda: None)
    assert not second.start()
    assert relay.ask(workspace, "search", {**SEARCH, "where": _where(workspace)})["result"] != "second"


def test_a_stale_socket_is_replaced(workspace):
    path = relay.socket_path(workspace)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(path))
    dead.close()  # the file stays, nobody listens: a server that died
    assert relay.ask(workspace, "search", {}) is None
    srv = relay.RelayServer(workspace, lambda op, args: {"result": op, "notices": []}, lambda: None)
    try:
        assert srv.start()
        assert relay.ask(workspace, "context", {})["result"] == "context"
    finally:
        srv.close()


@pytest.mark.parametrize("kind", ["file", "symlink"])
def test_anything_but_a_socket_at_the_path_is_left_alone(workspace, kind):
    path = relay.socket_path(workspace)
    target = workspace / "precious.txt"
    target.write_text("keep me")
    if kind == "file":
        path.write_text("keep me too")
    else:
        path.symlink_to(target)
    srv = relay.RelayServer(workspace, lambda op, args: {"result": op, "notices": []}, lambda: None)
    assert not srv.start()
    assert target.read_text() == "keep me"
    assert os.path.lexists(path) and (path.is_symlink() if kind == "symlink" else path.read_text() == "keep me too")
    assert relay.ask(workspace, "search", {}) is None


def test_a_long_workspace_path_gets_a_private_socket_elsewhere(tmp_path):
    root = tmp_path / ("deep-" * 20)
    (root / ".lore").mkdir(parents=True)
    path = relay.socket_path(root)
    assert len(os.fsencode(str(path))) <= relay.MAX_PATH and path.parent != root / ".lore"
    srv = relay.RelayServer(root, lambda op, args: {"result": [op], "notices": []}, lambda: None)
    try:
        assert srv.start()
        assert stat.S_IMODE(os.lstat(path.parent).st_mode) == 0o700
        assert relay.ask(root, "search", {})["result"] == ["search"]
    finally:
        srv.close()


def test_garbage_on_the_socket_does_not_stop_the_server(workspace, server):
    path = relay.socket_path(workspace)
    for junk in (b"not json\n", b"\xff\xfe\n", b'{"no": "op"}\n', b""):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(str(path))
        s.sendall(junk)
        s.shutdown(socket.SHUT_WR)
        s.recv(1000)
        s.close()
    assert relay.ask(workspace, "search", {**SEARCH, "where": _where(workspace)}) is not None
