"""The fixture workspace the real Neovim tests open: a small Python package, two team memories
anchored to its symbols, an `app/AGENTS.md` (imported, anchored to `app/**`) and an ADR."""

from __future__ import annotations

from pathlib import Path

REPOS_PY = '''\
"""Data access for users."""


class Repository:
    """Loads and saves users."""

    def save(self, user):
        return self.session.add(user)

    def load(self, user_id):
        return self.session.get(user_id)
'''

REPOSITORY_MEMORY = '''\
---
id: repo000000001
kind: decision
status: active
anchors:
- symbol:python:app.repos.Repository
---
# Use the Repository pattern for data access

Services never call the ORM directly.

## Why

Keeps SQL out of business logic.
'''

SAVE_MEMORY = '''\
---
id: save000000001
kind: convention
status: active
anchors:
- symbol:python:app.repos.Repository.save
---
# save() is idempotent

Calling it twice stores one row.
'''

APP_AGENTS = '''\
# Conventions for the app package

Every module in app/ logs through logging.getLogger(__name__), never print.
'''

ADR = '''\
# 1. Keep user data in PostgreSQL

Date: 2026-11-20

## Status

Accepted

## Context

User records need transactions and ad-hoc reporting queries.

## Decision

User data lives in PostgreSQL, reached only through the repositories in app/repos.py.

## Consequences

Tests run against a throwaway PostgreSQL schema.
'''

REPOSITORY_TITLE = "Use the Repository pattern for data access"
SAVE_TITLE = "save() is idempotent"
ADR_TITLE = "1. Keep user data in PostgreSQL"
ADR_PATH = "docs/adr/0001-keep-user-data-in-postgresql.md"

FILES = {
    "app/__init__.py": "",
    "app/repos.py": REPOS_PY,
    "app/AGENTS.md": APP_AGENTS,
    ".lore/memories/use-repository.md": REPOSITORY_MEMORY,
    ".lore/memories/save-is-idempotent.md": SAVE_MEMORY,
    ADR_PATH: ADR,
}


def build_workspace(root: Path) -> Path:
    """Write the fixture project under ROOT (a `.git` folder marks its root) and return it."""
    ws = root / "project"
    (ws / ".git").mkdir(parents=True)
    for rel, text in FILES.items():
        path = ws / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return ws
