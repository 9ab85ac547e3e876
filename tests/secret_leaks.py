"""Secrets sent through Lore's write paths, and the search for them afterwards: one realistic sample
of every kind `lore.redact` knows (`fixtures/secrets/samples.py`, plus the corpus of
`fixtures/secrets/formats.py` for kinds only it shows), and every file Lore writes searched for each
secret's bytes. Shared by tests/unit/test_secrets_paths.py (CLI and imports, in this process) and
tests/e2e/test_secrets_faces.py (the language server and MCP over their transports).
"""

from __future__ import annotations

import re
from pathlib import Path

from fixtures.secrets.formats import FORMATS
from fixtures.secrets.samples import POSITIVES, corpus_kind

SAMPLES: dict[str, str] = {}  # kind -> the secret in its usual surroundings (first example of each kind)
SECRETS: dict[str, str] = {}  # kind -> the secret alone
for _kind, _template, _secret in POSITIVES:
    if _kind not in SAMPLES:
        SAMPLES[_kind], SECRETS[_kind] = _template.format(s=_secret), _secret
for _fmt in FORMATS:  # kinds only the corpus of tests/fixtures/secrets shows
    _kind = corpus_kind(_fmt)
    if _kind not in SAMPLES:
        SAMPLES[_kind], SECRETS[_kind] = _fmt.text, _fmt.secret


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
