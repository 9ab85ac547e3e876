"""Anchors for a decision from the repository paths it names (`app/services/`, `src/api/client.ts`).

An ADR that names code governs that code: each path written in its text that exists in the
workspace becomes a path anchor (a folder covers its subtree). Links to other documents, URLs and
paths outside the workspace are ignored, so ADRs that name no code stay unanchored and are found by
search instead.
"""

from __future__ import annotations

import re
from pathlib import Path

from lore.hidden import strip_hidden
from lore.model import Anchor, ValidationError

MAX_ANCHORS = 6
_TOKEN = re.compile(r"`([^`\s]{2,200})`|(?<![\w/.:-])((?:[\w.-]+/)+[\w.-]*)")
_DOC_SUFFIXES = (".md", ".mdx", ".markdown", ".txt", ".rst", ".adoc", ".png", ".svg", ".jpg")
_SKIP_TOP = {".git", ".lore", "node_modules", ".venv"}


def _candidates(text: str):
    for m in _TOKEN.finditer(text):
        token = (m.group(1) or m.group(2) or "").strip().rstrip(".,;:)")
        if "://" in token or token.startswith(("http", "www.", "~", "$")) or "/" not in token.strip("/"):
            continue
        yield token.lstrip("./").lstrip("/") if token.startswith(("./", "/")) else token


def mentioned_anchors(text: str, root: Path) -> list[Anchor]:
    """Path anchors for the existing workspace files and folders that `text` names (at most a few;
    a path named only inside a hidden comment is not one)."""
    text = strip_hidden(text)
    anchors: list[Anchor] = []
    seen: set[str] = set()
    base = root.resolve()
    for token in _candidates(text):
        if token in seen or token.split("/", 1)[0] in _SKIP_TOP or token.lower().endswith(_DOC_SUFFIXES):
            continue
        seen.add(token)
        target = root / token
        try:
            if not target.exists() or base not in target.resolve().parents:
                continue
            glob = f"{token.rstrip('/')}/**" if target.is_dir() else token
            anchors.append(Anchor.parse(glob))
        except (OSError, ValidationError):
            continue
        if len(anchors) >= MAX_ANCHORS:
            break
    return anchors
