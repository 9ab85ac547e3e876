"""Secrets through every write path: one realistic sample of every kind `lore.redact` knows goes in by
`lore add` (title, body, rationale, stdin, team scope), `lore import` (ADR, AGENTS.md, a .mdc rule, a
decision comment in code), a team file edited by hand and `lore feedback`, all in this process (the
language server and MCP, each a process: tests/e2e/test_secrets_faces.py). Afterwards the bytes of
every database file (with its WAL) and everything under `.lore/` are searched for each secret: none
may be stored anywhere.

The samples (tests/secret_leaks.py) are assembled at run time from pieces, so this repository holds
no token-shaped strings.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from secret_leaks import SAMPLES, leaks

from lore.cli.main import main
from lore.redact import KINDS


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")


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
