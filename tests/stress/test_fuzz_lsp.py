"""Fuzzing the language server over stdio with hypothesis-generated requests and notifications.

Random positions (negative, huge), URIs outside the workspace or of other schemes, malformed URIs,
huge and binary-ish strings, wrong JSON types, null and missing fields, unknown methods, every
`lore.*` command with garbage arguments, didOpen / didChange with odd text and invalid ranges.
After every batch the server must still answer a hover and `lore.status`, every request must have
been answered (a result or a JSON-RPC error that is not an internal error) within its timeout, and
stderr must hold no traceback. A few hundred cases by default; `LORE_STRESS=1` runs over 10 000.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsp_raw import RawServer, uri

STRESS = os.environ.get("LORE_STRESS") == "1"
INTERNAL_ERROR = -32603

REPOS_PY = '''\
"""Data access."""


class Repository:
    """Loads and saves users."""

    def save(self, user):
        return self.session.add(user)
'''

TEAM_MEMORY = """\
---
id: repo000000001
kind: decision
status: active
anchors:
- symbol:python:app.repos.Repository
---
# Use the Repository pattern for data access

Services never call the ORM directly.
"""


def make_workspace(root: Path) -> Path:
    """A git-looking folder with one Python module and one team memory anchored in it."""
    ws = root / "workspace"
    (ws / "app").mkdir(parents=True)
    (ws / ".git").mkdir()
    (ws / "app" / "repos.py").write_text(REPOS_PY)
    (ws / ".lore" / "memories").mkdir(parents=True)
    (ws / ".lore" / "memories" / "use-repository.md").write_text(TEAM_MEMORY)
    return ws


# -- strategies ----------------------------------------------------------------------------

SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
ODD_CHARS = st.one_of(st.characters(), SURROGATES, st.sampled_from("\x00\x01\x7f\ufeff\uffff\u202e\r\n\t"))
SHORT_TEXT = st.text(ODD_CHARS, max_size=40)
HUGE_TEXT = st.builds(lambda n, c: c * n, st.integers(50_000, 1_500_000),
                      st.sampled_from(["x", "é", "\x00", "\n", "a\n"]))
TEXT = st.one_of(SHORT_TEXT, SHORT_TEXT, HUGE_TEXT)
INTS = st.one_of(st.integers(-5, 40), st.integers(-(2**63), 2**70),
                 st.sampled_from([-1, 2**31 - 1, 2**31, 2**32, 2**53 + 1, -(2**31)]))
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), INTS, st.floats(allow_nan=False, allow_infinity=False), SHORT_TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(SHORT_TEXT, inner, max_size=4)),
    max_leaves=8,
)


def uris(ws: Path) -> st.SearchStrategy[str]:
    """Inside the workspace, outside it, other schemes, malformed, huge."""
    inside = [uri(ws / "app" / "repos.py"), uri(ws / "app" / "new.py"), uri(ws / ".lore" / "memories" / "x.md"),
              uri(ws / "docs" / "adr" / "0001-x.md"), uri(ws), uri(ws) + "/", uri(ws / "AGENTS.md")]
    outside = ["file:///etc/passwd", "file:///tmp/outside.py", uri(ws) + "/../../etc/passwd",
               uri(ws) + "/app/../../outside.py", "file:///", "file://", "file:///%zz%00.py", "file:///a%00b.py",
               "file://remote-host/share/x.py", "untitled:Untitled-1", "vscode-notebook-cell:/x.ipynb#W0",
               "http://example.com/app/repos.py", "git:/x.py?{}", "", "not a uri", "::::", "\x00",
               "file:///" + "a/" * 3000 + "x.py"]
    return st.one_of(st.sampled_from(inside), st.sampled_from(outside), SHORT_TEXT,
                     st.builds(lambda s: uri(ws / "app") + "/" + s, SHORT_TEXT))


def maybe(strategy: st.SearchStrategy) -> st.SearchStrategy:
    """Mostly the value, sometimes garbage of any JSON type."""
    return st.one_of(strategy, strategy, strategy, JSON)


def obj(fields: dict[str, st.SearchStrategy]) -> st.SearchStrategy[dict]:
    """A JSON object of FIELDS where each one may be missing, null or of the wrong type."""
    return st.fixed_dictionaries({}, optional={k: maybe(v) for k, v in fields.items()})


POSITION = obj({"line": INTS, "character": INTS})
RANGE = obj({"start": POSITION, "end": POSITION})


def document(ws: Path) -> st.SearchStrategy[dict]:
    """A TextDocumentIdentifier-ish object."""
    return obj({"uri": uris(ws), "version": INTS})


def command_args(ws: Path) -> dict[str, st.SearchStrategy]:
    """Garbage-laced arguments for every `lore.*` command."""
    u = uris(ws)
    ids = st.one_of(st.sampled_from(["repo000000001", "repo", "r", "", "0" * 12, "%", "_"]), SHORT_TEXT)
    kinds = st.one_of(st.sampled_from(["decision", "convention", "preference", "task", "fact", "warning"]), SHORT_TEXT)
    anchors = st.lists(st.one_of(st.sampled_from([
        "app/**", "../outside/**", "/etc/passwd", "symbol:python:", "symbol::", "lang:", "lang:python",
        "symbol:python:app.repos.Repository", "**", "", "\x00", "C:\\win\\x.py"]), SHORT_TEXT), max_size=4)
    return {
        "lore.search": obj({"query": TEXT, "limit": INTS, "uri": u, "kinds": st.lists(kinds, max_size=3),
                            "includeSuperseded": st.booleans()}),
        "lore.show": obj({"id": ids, "open": st.booleans(), "ids": st.lists(ids, max_size=3)}),
        "lore.remember": obj({"kind": kinds, "title": TEXT, "body": TEXT, "rationale": TEXT,
                              "scope": st.sampled_from(["team", "workspace", "user", "global", ""]), "uri": u,
                              "range": RANGE, "symbol": SHORT_TEXT, "anchors": anchors}),
        "lore.forget": obj({"id": ids, "purge": st.booleans()}),
        "lore.restore": obj({"id": ids}),
        "lore.supersede": obj({"id": ids, "by": st.lists(ids, max_size=3)}),
        "lore.notRelevant": obj({"id": ids, "uri": u, "symbol": SHORT_TEXT}),
        "lore.anchorHere": obj({"id": ids, "uri": u, "symbol": SHORT_TEXT, "undo": st.booleans()}),
        "lore.feedback": obj({"uri": u, "languageId": st.sampled_from(["python", "", "cobol"]), "range": RANGE,
                              "proposedText": TEXT, "finalText": TEXT, "reason": TEXT,
                              "outcome": st.sampled_from(["accepted", "rejected", "modified", "maybe"]),
                              "origin": st.sampled_from(["inline-completion", "agent", "code-action", "manual", "x"])}),
        "lore.preferences": obj({"action": st.sampled_from(["list", "confirm", "reject", "drop"]), "id": ids}),
        "lore.reindex": obj({"uri": u}),
        "lore.context": obj({"uri": u, "symbol": SHORT_TEXT, "task": TEXT, "budget": INTS}),
        "lore.status": obj({}),
        "lore.draft": obj({"kind": kinds, "uri": u, "symbol": SHORT_TEXT}),
        "lore.verify": obj({"id": ids}),
        "lore.recordException": obj({"uri": u, "memoryId": ids, "ruleId": SHORT_TEXT, "symbol": SHORT_TEXT,
                                     "line": INTS, "reason": TEXT}),
        "lore.guidance": obj({"uri": u}),
        "lore.nonexistent": JSON,
    }


def execute_command(ws: Path) -> st.SearchStrategy[dict]:
    """`workspace/executeCommand` params: a known command with garbage, or garbage around it."""
    known = st.one_of(*[
        st.builds(lambda name, args, extra: {"command": name, "arguments": [args, *extra]},
                  st.just(name), args, st.lists(JSON, max_size=1))
        for name, args in command_args(ws).items()])
    return st.one_of(known, known, known, obj({"command": SHORT_TEXT, "arguments": JSON}))


def content_changes(ws: Path) -> st.SearchStrategy:
    """Incremental and full changes with invalid ranges and odd text."""
    change = st.one_of(obj({"range": RANGE, "text": TEXT, "rangeLength": INTS}), obj({"text": TEXT}))
    return maybe(st.lists(change, max_size=3))


def messages(ws: Path) -> st.SearchStrategy[tuple[str, str, Any]]:
    """(request | notify, method, params) — `params` is `...` for a message without params."""
    doc = document(ws)
    text_item = obj({"uri": uris(ws), "languageId": st.sampled_from(["python", "markdown", "", "go"]),
                     "version": INTS, "text": TEXT})
    req = lambda method, params: st.tuples(st.just("request"), st.just(method), params)  # noqa: E731
    note = lambda method, params: st.tuples(st.just("notify"), st.just(method), params)  # noqa: E731
    return st.one_of(
        req("textDocument/hover", maybe(obj({"textDocument": doc, "position": POSITION}))),
        req("textDocument/codeLens", maybe(obj({"textDocument": doc}))),
        req("textDocument/diagnostic", maybe(obj({"textDocument": doc, "identifier": SHORT_TEXT}))),
        req("codeLens/resolve", maybe(obj({"range": RANGE, "data": JSON}))),
        req("textDocument/codeAction", maybe(obj({"textDocument": doc, "range": RANGE,
                                                  "context": obj({"diagnostics": JSON})}))),
        req("workspace/symbol", maybe(obj({"query": TEXT}))),
        req("workspace/executeCommand", maybe(execute_command(ws))),
        req("workspace/executeCommand", maybe(execute_command(ws))),
        st.tuples(st.just("request"), st.one_of(SHORT_TEXT, st.sampled_from(["lore/unknown", "$/unknown", "x/y"])),
                  JSON),
        note("textDocument/didOpen", maybe(obj({"textDocument": text_item}))),
        note("textDocument/didChange", maybe(obj({"textDocument": doc, "contentChanges": content_changes(ws)}))),
        note("textDocument/didSave", maybe(obj({"textDocument": doc, "text": TEXT}))),
        note("textDocument/didClose", maybe(obj({"textDocument": doc}))),
        note("workspace/didChangeConfiguration", maybe(obj({"settings": obj({"lore": JSON})}))),
        note("workspace/didChangeWatchedFiles", maybe(obj({"changes": st.lists(
            obj({"uri": uris(ws), "type": INTS}), max_size=3)}))),
        note("$/cancelRequest", maybe(obj({"id": INTS}))),
        note("window/workDoneProgress/cancel", maybe(obj({"token": JSON}))),
        st.tuples(st.just("notify"), SHORT_TEXT, JSON),
        st.tuples(st.sampled_from(["request", "notify"]), SHORT_TEXT, st.just(...)),
        st.tuples(st.just("raw"), st.just(None), obj({
            "jsonrpc": st.sampled_from(["2.0", "1.0", None]), "id": JSON, "result": JSON, "params": JSON,
            "method": st.sampled_from(["textDocument/hover", "lore/status", "$/cancelRequest", "x"]),
            "error": obj({"code": INTS, "message": SHORT_TEXT, "data": JSON})})),
        st.tuples(st.just("bytes"), st.just(None), st.one_of(st.binary(max_size=64), st.sampled_from([
            b"{", b"[]", b"null", b"\xff\xfe{}", b'{"jsonrpc": "2.0", "method": NaN}', b'"x"', b"{}" * 100]))),
    )


# -- the run -------------------------------------------------------------------------------


class Fuzz:
    """Sends batches to one server and checks it after each."""

    def __init__(self, server: RawServer, ws: Path):
        self.server, self.ws = server, ws
        self.cases = 0
        self.errors: dict[int, int] = {}
        self.stderr_seen = 0

    def deliver(self, kind: str, method: Any, params: Any) -> None:
        """Send one message; a request must be answered with a result or a non-internal error."""
        self.cases += 1
        omit = params is ...
        if kind == "raw":  # any object: a request, a response to nothing, an error; no answer awaited
            self.server.send(params)
            return
        if kind == "bytes":
            self.server.send_bytes(params)
            return
        if kind == "notify":
            self.server.send({"jsonrpc": "2.0", "method": method, **({} if omit else {"params": params})})
            return
        answer = self.server.request(method, None if omit else params, omit_params=omit)
        assert "result" in answer or "error" in answer, answer
        if "error" in answer:
            code = answer["error"].get("code")
            assert isinstance(code, int) and isinstance(answer["error"].get("message"), str), answer
            assert code != INTERNAL_ERROR, f"{method}: {answer['error']['message']}\n{self.new_stderr()}"
            self.errors[code] = self.errors.get(code, 0) + 1

    def new_stderr(self) -> str:
        text = self.server.stderr()
        new, self.stderr_seen = text[self.stderr_seen:], len(text)
        return new

    def check(self) -> None:
        """The server answers a hover and lore.status; nothing new on stderr is a traceback."""
        repos = uri(self.ws / "app" / "repos.py")
        hover = self.server.request("textDocument/hover", {"textDocument": {"uri": repos},
                                                           "position": {"line": 3, "character": 8}})
        assert "result" in hover, hover
        status = self.server.request("workspace/executeCommand", {"command": "lore.status", "arguments": [{}]})
        assert status["result"]["state"] in ("ready", "wordsOnly", "indexing"), status
        err = self.new_stderr()
        assert "Traceback" not in err, err


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("fuzz")
    ws = make_workspace(root)
    server = RawServer(ws, env={"LORE_USER_DB": str(root / "user.db")}, timeout=30.0)
    server.initialize()
    server.wait_status()
    yield Fuzz(server, ws)
    server.close()


def run(fuzz: Fuzz, examples: int) -> None:
    """EXAMPLES hypothesis batches of one to six messages, each followed by the health check."""

    @settings(max_examples=examples, deadline=None, database=None, derandomize=not STRESS,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(messages(fuzz.ws), min_size=1, max_size=6))
    def batch(sent: list[tuple[str, Any, Any]]) -> None:
        for kind, method, params in sent:
            fuzz.deliver(kind, method, params)
        fuzz.check()

    batch()


def test_fuzzed_messages_leave_the_server_answering(fuzz: Fuzz) -> None:
    run(fuzz, 130)
    print(f"fuzz: {fuzz.cases} cases, JSON-RPC errors by code {fuzz.errors}")
    assert fuzz.cases >= 250, fuzz.cases
    assert fuzz.errors.get(-32602, 0) > 0  # the garbage did reach argument checking


@pytest.mark.stress
def test_fuzzed_messages_stress(fuzz: Fuzz) -> None:
    before = fuzz.cases
    run(fuzz, 3500)
    print(f"fuzz (stress): {fuzz.cases - before} cases, JSON-RPC errors by code so far {fuzz.errors}")
    assert fuzz.cases - before >= 10_000, fuzz.cases - before


def test_requests_after_shutdown_are_refused_and_exit_ends_the_process(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path)
    server = RawServer(ws, env={"LORE_USER_DB": str(tmp_path / "user.db")}, timeout=10.0)
    try:
        server.initialize()
        server.wait_status()
        assert server.request("shutdown", None)["result"] is None
        late = server.request("textDocument/hover", {"textDocument": {"uri": uri(ws / "app" / "repos.py")},
                                                     "position": {"line": 3, "character": 8}})
        assert late["error"]["code"] == -32600 and "shutting down" in late["error"]["message"]
        server.notify("exit")
        assert server.proc.wait(timeout=10) == 0
        assert "Traceback" not in server.stderr(), server.stderr()
    finally:
        server.close()
