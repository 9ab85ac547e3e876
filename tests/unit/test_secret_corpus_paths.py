"""The secret corpus (tests/fixtures/secrets, ≥ 60 formats) through every write path and every stored field.

Each path puts every format in, in every field it can carry: `lore add` (title, body, rationale,
tag, anchor), an update of a stored memory, a team file (front-matter id, title, tags, anchors,
date, supersedes and the body), an ADR (title, date line, body), a `.cursor` rule (description,
globs, body), feedback (reason, proposed and final text, uri, language) and "not relevant here".
The language server and MCP `remember` build a Memory and call `Lore.add` (see
test_remember_faces_share_the_core_path), which the `lore add` path exercises; both are also run
for real in test_secrets_paths.py. Afterwards every byte of the database, its WAL, the backups and
everything else under `.lore/` (and the user database) is searched for each secret: 0 found.
"""

from __future__ import annotations

import inspect
import io
import json
import re
import sys
from pathlib import Path

import pytest
from fixtures.secrets.formats import FORMATS

from lore.cli.main import main

ONE_LINE_MAX = 280


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    monkeypatch.setenv("LORE_USER_DB", str(tmp_path / "user.db"))


def needles(secret: str) -> set[bytes]:
    """The secret, lowercased (as full-text indexes keep tokens), and every long run of letters
    and digits in it (an index token, a PEM line): finding any of them means the secret is stored."""
    out = {secret, secret.lower()}
    for run in re.findall(r"[A-Za-z0-9+/]{12,}", secret):
        out |= {run, run.lower()}
    return {n.encode() for n in out}


def one_line(fmt) -> str:
    """The format's text on one line, cut to fit a title, tag or anchor (the secret kept whole when it fits)."""
    text = " ".join(fmt.text.split())
    return text if len(text) <= ONE_LINE_MAX else " ".join(fmt.secret.split())[:ONE_LINE_MAX]


def scan(ws: Path, user_db: Path, skip: tuple[Path, ...] = ()) -> dict[str, list[str]]:
    """{format: [files holding its secret]} over the database, WAL, backups and all of `.lore/`."""
    files = [p for p in (ws / ".lore").rglob("*") if p.is_file() and p not in skip]
    files += [p for p in user_db.parent.glob(user_db.name + "*") if p.is_file()]
    assert any(p.suffix == ".db" for p in files), files
    contents = {p: p.read_bytes() for p in files}
    found: dict[str, list[str]] = {}
    for fmt in FORMATS:
        where = [p.name for p, data in contents.items() if any(n in data for n in needles(fmt.secret))]
        if where:
            found[fmt.name] = where
    return found


def cli(ws: Path, *args: str) -> int:
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    try:
        return main(["-w", str(ws), *args])
    finally:
        sys.stdin = sys.__stdin__


# -- paths --------------------------------------------------------------------------------------

def add_every_field(ws: Path) -> tuple[Path, ...]:
    for i, fmt in enumerate(FORMATS):
        line = one_line(fmt)
        assert cli(ws, "add", "--title", f"Note {i}: {line}", "--body", fmt.text, "--rationale", fmt.text,
                   "--tag", line, "--anchor", f"app/{i}/{line}") == 0, fmt.name
    assert cli(ws, "add", "--title", "Team note", "--body", FORMATS[0].text, "--scope", "team") == 0
    return ()


def update_every_field(ws: Path) -> tuple[Path, ...]:
    from lore.memory import Anchor, Memory
    from lore.api import Lore

    with Lore(ws) as lore:
        ids = [lore.add(Memory(title=f"Plain {i}")).memory.id for i in range(len(FORMATS))]
        for mid, fmt in zip(ids, FORMATS):
            m = lore.get(mid)
            m.title, m.body, m.rationale, m.date = one_line(fmt), fmt.text, fmt.text, one_line(fmt)
            m.tags, m.meta = [one_line(fmt)], {"note": fmt.text, "nested": [{"deep": fmt.text}]}
            m.anchors = [Anchor.parse("lang:python")]
            lore.update(m)
            lore.not_relevant(mid, one_line(fmt))
    return ()


def team_files(ws: Path) -> tuple[Path, ...]:
    folder = ws / ".lore" / "memories"
    folder.mkdir(parents=True)
    for i, fmt in enumerate(FORMATS):
        line = one_line(fmt)
        front = {"id": line, "title": f"Hand {i}: {line}", "kind": "decision", "tags": [line, "ok"],
                 "anchors": [f"src/{line}", "lang:python"], "date": line,
                 "supersedes": [line]}
        (folder / f"hand-{i}.md").write_text(f"---\n{json.dumps(front)}\n---\n# Heading {i}\n\n{fmt.text}\n\n"
                                             f"## Why\n\n{fmt.text}\n")
    assert cli(ws, "import") == 0
    return tuple(folder.glob("hand-*.md"))


def adr_and_rules(ws: Path) -> tuple[Path, ...]:
    adr, rules = ws / "docs" / "adr", ws / ".cursor" / "rules"
    adr.mkdir(parents=True)
    rules.mkdir(parents=True)
    for i, fmt in enumerate(FORMATS):
        line = one_line(fmt)
        (adr / f"{i + 1:04d}-d{i}.md").write_text(f"# {i + 1}. Decide {line}\n\nDate: {line}\n\n## Status\n\n"
                                                  f"Accepted\n\n## Context\n\n{fmt.text}\n\n## Decision\n\nOk.\n")
        front = f"description: |-\n  {line}\nglobs: |-\n  app/{line}\n"  # block scalars: the text as written
        (rules / f"r{i}.mdc").write_text(f"---\n{front}---\n# Rule {line}\n\n{fmt.text}\n")
    assert cli(ws, "import") == 0
    return ()


def feedback(ws: Path) -> tuple[Path, ...]:
    from lore.learn.events import FeedbackEvent
    from lore.learn.service import record_feedback
    from lore.api import Lore

    with Lore(ws) as lore:
        for fmt in FORMATS:
            event = FeedbackEvent(uri=f"app/{one_line(fmt)}.py", language=one_line(fmt), proposed=fmt.text,
                                  final="token = os.environ['TOKEN']\n", outcome="modified",
                                  reason="never inline " + fmt.text)
            for scope in ("user", "workspace"):
                record_feedback(lore, event, scope=scope)
    return ()


PATHS = {"add: every field": add_every_field, "update: every field": update_every_field,
         "team files: front matter and body": team_files, "ADR and rules import": adr_and_rules,
         "feedback": feedback}


def test_corpus_has_at_least_sixty_formats():
    assert len({f.name for f in FORMATS}) >= 60


@pytest.mark.parametrize("path", list(PATHS))
def test_no_corpus_secret_is_stored(tmp_path: Path, capsys, path: str):
    ws = tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    written_by_hand = PATHS[path](ws)
    capsys.readouterr()
    assert cli(ws, "list", "--json") == 0
    stored = json.loads(capsys.readouterr().out)
    if path != "feedback":
        assert len(stored) >= len(FORMATS), "every format was stored as (part of) a memory"
    assert scan(ws, tmp_path / "user.db", written_by_hand) == {}


def test_redaction_of_fields_is_reported(tmp_path: Path):
    """A team file's secret in its id, tags or anchors is named in the import's messages."""
    from lore.memory import Memory
    from lore.markup.scrub import scrub_memory

    fmt = FORMATS[0]
    m = Memory(title="x", id=fmt.secret, tags=[fmt.secret], date=fmt.secret, supersedes=[fmt.secret])
    m.anchors = []
    notes = scrub_memory(m)
    assert fmt.secret not in m.id and fmt.secret not in m.tags[0] and fmt.secret not in (m.date or "")
    assert any("id held a secret" in n for n in notes) and any(n.startswith("date") for n in notes)
    assert any(n.startswith("tag") for n in notes) and m.supersedes == []
    assert m.validate().tags[0].startswith("[redacted:")


def test_remember_faces_share_the_core_path():
    """MCP `remember` and the language server's `lore.remember` store through `Lore.add`, which scrubs."""
    from lore.lsp import memory_ops
    from lore.mcp import server
    from lore.api import Lore

    assert "app.lore.add(m)" in inspect.getsource(server)
    assert "lore.add(m)" in inspect.getsource(memory_ops.remember)
    assert "scrub_memory(m)" in inspect.getsource(Lore.add)
