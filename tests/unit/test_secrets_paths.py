"""Secrets through every write path: one realistic sample of every kind `lore.redact` knows goes in by
`lore add` (title, body, rationale, stdin, team scope), `lore import` (ADR, AGENTS.md, a .mdc rule, a
decision comment in code), a team file edited by hand, `lore feedback`, and over the language server
(`lore.remember`, `lore.feedback`) and MCP (`remember`, `record_feedback`). Afterwards the bytes of
every database file (with its WAL) and everything under `.lore/` are searched for each secret: none
may be stored anywhere.

The samples are the ones of test_redact.py, assembled at run time from pieces, so this repository
holds no token-shaped strings.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from lsp_raw import RawServer, uri
from fixtures.secrets.formats import FORMATS
from test_redact import POSITIVES, corpus_kind

from lore.cli.main import main
from lore.redact import KINDS

SAMPLES: dict[str, str] = {}  # kind -> the secret in its usual surroundings (first example of each kind)
SECRETS: dict[str, str] = {}  # kind -> the secret alone
for _kind, _template, _secret in POSITIVES:
    if _kind not in SAMPLES:
        SAMPLES[_kind], SECRETS[_kind] = _template.format(s=_secret), _secret
for _fmt in FORMATS:  # kinds only the corpus of tests/fixtures/secrets shows
    _kind = corpus_kind(_fmt)
    if _kind not in SAMPLES:
        SAMPLES[_kind], SECRETS[_kind] = _fmt.text, _fmt.secret


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


def needles(secret: str) -> set[bytes]:
    """What finding the secret in a file means: the secret, lowercased (as full-text indexes keep
    tokens), and every long run of letters and digits in it (a token of the index, a PEM line)."""
    out = {secret, secret.lower()}
    for run in re.findall(r"[A-Za-z0-9+/]{12,}", secret):
        out |= {run, run.lower()}
    return {n.encode() for n in out}


def stored_files(ws: Path, user_db: Path, written_by_hand: tuple[Path, ...] = ()) -> list[Path]:
    """Every file Lore writes: under .lore/ and the user database with its WAL and shared memory."""
    files = [p for p in (ws / ".lore").rglob("*") if p.is_file() and p not in written_by_hand]
    files += [p for p in user_db.parent.glob(user_db.name + "*") if p.is_file()]
    return files


def leaks(ws: Path, user_db: Path, kinds, written_by_hand: tuple[Path, ...] = ()) -> dict[str, list[str]]:
    """{kind: [files holding its secret]} for every kind whose secret was stored somewhere."""
    contents = {p: p.read_bytes() for p in stored_files(ws, user_db, written_by_hand)}
    found: dict[str, list[str]] = {}
    for kind in kinds:
        where = [str(p.relative_to(p.parents[1])) for p, data in contents.items()
                 if any(n in data for n in needles(SECRETS[kind]))]
        if where:
            found[kind] = where
    return found


def cli(ws: Path, *args: str, stdin: str | None = None) -> int:
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        return main(["-w", str(ws), *args])
    finally:
        sys.stdin = sys.__stdin__


def indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def _short(kind: str) -> bool:
    return len(" ".join(SAMPLES[kind].split())) < 250


# -- paths: each puts every sample in, one way ---------------------------------------------------

def add_fields(ws: Path, kinds) -> list[str]:
    """The secret in the title (when it fits on a title line), the body and the rationale at once."""
    for i, kind in enumerate(kinds):
        title = f"Note {i}: " + " ".join(SAMPLES[kind].split()) if _short(kind) else f"Deploy note {i}"
        assert cli(ws, "add", "--title", title, "--body", SAMPLES[kind], "--rationale", SAMPLES[kind]) == 0
    return []


def add_stdin(ws: Path, kinds) -> list[str]:
    for i, kind in enumerate(kinds):
        assert cli(ws, "add", "--title", f"Deploy note {i}", "--body", "-", stdin=SAMPLES[kind] + "\n") == 0
    return []


def add_team(ws: Path, kinds) -> list[str]:
    for i, kind in enumerate(kinds):
        assert cli(ws, "add", "--title", f"Team note {i}", "--body", SAMPLES[kind], "--scope", "team") == 0
    return []


def import_adr(ws: Path, kinds) -> list[str]:
    for i, kind in enumerate(kinds):
        filler = "We looked at the options for a while. " * 30  # long sections are split; the secret must not be
        path = ws / "docs" / "adr" / f"{i + 1:04d}-deploy-{i}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# Deploy decision {i}\n\n## Context\n\n{filler}\n\n{SAMPLES[kind]}\n\n{filler}\n\n"
                        f"## Decision\n\nUse the vault.\n")
    assert cli(ws, "import") == 0
    return []


def import_agents(ws: Path, kinds) -> list[str]:
    body = "".join(f"## Rule {i}\n\nAlways deploy like this:\n\n{SAMPLES[k]}\n\n" for i, k in enumerate(kinds))
    (ws / "AGENTS.md").write_text("# Agent rules\n\n" + body)
    assert cli(ws, "import") == 0
    return []


def import_mdc(ws: Path, kinds) -> list[str]:
    folder = ws / ".cursor" / "rules"
    folder.mkdir(parents=True)
    for i, kind in enumerate(kinds):
        (folder / f"r{i}.mdc").write_text(f"---\ndescription: rule {i}\nglobs: app/**\n---\n# Rule {i}\n\n"
                                          f"Never commit this:\n\n{SAMPLES[kind]}\n")
    assert cli(ws, "import") == 0
    return []


def import_comment(ws: Path, kinds) -> list[str]:
    (ws / "app").mkdir()
    for i, kind in enumerate(kinds):
        (ws / "app" / f"m{i}.py").write_text(f"# DECISION: deploy with the staging credentials {i}\n"
                                             f"{indent(SAMPLES[kind], '# ')}\ndef deploy():\n    return {i}\n")
    assert cli(ws, "import") == 0
    return []


def team_by_hand(ws: Path, kinds) -> list[str]:
    folder = ws / ".lore" / "memories"
    folder.mkdir(parents=True)
    for i, kind in enumerate(kinds):
        (folder / f"hand-{i}.md").write_text(f"---\nkind: decision\n---\n# Hand written {i}\n\n{SAMPLES[kind]}\n")
    assert cli(ws, "import") == 0
    return [str(p) for p in folder.glob("hand-*.md")]


def feedback_cli(ws: Path, kinds) -> list[str]:
    (ws / "app").mkdir()
    for i, kind in enumerate(kinds):
        event = {"uri": "app/deploy.py", "languageId": "python", "proposedText": SAMPLES[kind],
                 "finalText": "token = os.environ['TOKEN']\n", "outcome": "modified", "origin": "agent",
                 "reason": "never inline " + SAMPLES[kind]}
        for scope in ("user", "workspace"):
            assert cli(ws, "feedback", "--scope", scope, stdin=json.dumps(event)) == 0
    return []


PATHS: dict[str, Callable[[Path, list[str]], list[str]]] = {
    "add --title --body --rationale": add_fields,
    "add --body - (stdin)": add_stdin,
    "add --scope team": add_team,
    "import ADR": import_adr,
    "import AGENTS.md": import_agents,
    "import .cursor/rules/*.mdc": import_mdc,
    "import decision comment": import_comment,
    "team file edited by hand": team_by_hand,
    "lore feedback": feedback_cli,
}


def test_samples_cover_every_kind():
    assert set(SAMPLES) == KINDS and len(KINDS) >= 20


@pytest.mark.parametrize("path", [pytest.param(p, id=p) for p in PATHS])
def test_no_secret_is_stored_through_the_cli(tmp_path: Path, monkeypatch, capsys, path: str):
    ws, user_db = tmp_path / "ws", tmp_path / "user.db"
    ws.mkdir()
    monkeypatch.setenv("LORE_USER_DB", str(user_db))
    kinds = sorted(KINDS)
    by_hand = tuple(Path(p) for p in PATHS[path](ws, kinds))
    capsys.readouterr()
    assert cli(ws, "list", "--json") == 0
    if "feedback" not in path:  # every sample was stored as (part of) a memory: the path was exercised
        assert len(json.loads(capsys.readouterr().out)) >= len(kinds)
    assert leaks(ws, user_db, kinds, by_hand) == {}


def test_no_secret_is_stored_through_the_language_server(tmp_path: Path):
    ws, user_db = tmp_path / "ws", tmp_path / "user.db"
    (ws / "app").mkdir(parents=True)
    (ws / ".git").mkdir()
    (ws / "app" / "deploy.py").write_text("def deploy():\n    return 1\n")
    server = RawServer(ws, env={"LORE_USER_DB": str(user_db)})
    try:
        server.initialize()
        server.wait_status()
        doc = uri(ws / "app" / "deploy.py")
        where = {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 12}}
        for i, kind in enumerate(sorted(KINDS)):
            for scope in ("team", "workspace", "user"):
                answer = server.request("workspace/executeCommand", {"command": "lore.remember", "arguments": [{
                    "kind": "decision", "title": f"Deploy note {i} {scope}", "body": SAMPLES[kind],
                    "rationale": SAMPLES[kind], "scope": scope, "uri": doc, "range": where}]})
                assert answer["result"]["redacted"], (kind, answer)
            answer = server.request("workspace/executeCommand", {"command": "lore.feedback", "arguments": [{
                "uri": doc, "languageId": "python", "range": where, "proposedText": SAMPLES[kind],
                "finalText": "token = os.environ['TOKEN']\n", "outcome": "modified", "origin": "inline-completion",
                "reason": SAMPLES[kind]}]})
            assert "result" in answer, (kind, answer)
        assert "Traceback" not in server.stderr()
        assert any(p.name.endswith("-wal") for p in stored_files(ws, user_db))
        assert leaks(ws, user_db, sorted(KINDS)) == {}  # while the server runs: its WAL files too
    finally:
        server.close()
    assert leaks(ws, user_db, sorted(KINDS)) == {}


@pytest.mark.asyncio
async def test_no_secret_is_stored_through_mcp(tmp_path: Path):
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    ws, user_db = tmp_path / "ws", tmp_path / "user.db"
    ws.mkdir()
    params = StdioServerParameters(command=sys.executable, args=["-m", "lore", "-w", str(ws), "mcp"],
                                   env={"LORE_EMBEDDER": "hash", "LORE_USER_DB": str(user_db),
                                        # the code under test, not another installed copy
                                        **{k: os.environ[k] for k in ("PYTHONPATH",) if k in os.environ}},
                                   cwd=str(ws))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for i, kind in enumerate(sorted(KINDS)):
            for scope in ("workspace", "team"):
                made = await session.call_tool("remember", {"title": f"Deploy note {i} {scope}", "scope": scope,
                                                            "body": SAMPLES[kind], "rationale": SAMPLES[kind]})
                assert not made.is_error, made.content
            fed = await session.call_tool("record_feedback", {
                "uri": "app/deploy.py", "proposed_text": SAMPLES[kind], "final_text": "x = os.environ['T']\n",
                "outcome": "modified", "language_id": "python", "reason": SAMPLES[kind]})
            assert not fed.is_error, fed.content
        fed = await session.call_tool("record_feedback", {  # code that happens to be JSON is still text
            "uri": "app/config.json", "proposed_text": '{"retries": 5}', "final_text": '{"retries": 3}',
            "outcome": "modified", "reason": "[nit] fewer retries"})
        assert not fed.is_error, fed.content
        assert any(p.name.endswith("-wal") for p in stored_files(ws, user_db))
        assert leaks(ws, user_db, sorted(KINDS)) == {}  # while the server runs: its WAL files too
    assert leaks(ws, user_db, sorted(KINDS)) == {}


def test_false_positives_on_ordinary_code_are_rare(tmp_path: Path):
    """Real comments of installed packages imported as decision comments, their READMEs as ADRs:
    almost nothing is taken for a secret (bench/secrets_false_positives.py runs it larger)."""
    import importlib.util
    import sysconfig

    bench = Path(__file__).resolve().parents[2] / "bench" / "secrets_false_positives.py"
    spec = importlib.util.spec_from_file_location("secrets_false_positives", bench)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    m = module.measure_import(Path(sysconfig.get_paths()["purelib"]), tmp_path / "ws", files=80, show=5, adrs=20)
    assert m.memories >= 500, m
    assert m.redactions <= m.memories // 200, m.examples  # at most 0.5 per 100 memories
