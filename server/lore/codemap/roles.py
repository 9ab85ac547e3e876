"""A module's role in one line: its doc comment, its README, or what its name conventionally means."""

from __future__ import annotations

import re
from pathlib import Path

from lore.codemap.model import Module

NAME_ROLES = {
    "api": "API layer", "routes": "request routes", "router": "request routing", "handlers": "request handlers",
    "controllers": "request controllers", "middleware": "request middleware", "models": "data models",
    "db": "database access", "database": "database access", "store": "storage layer", "storage": "storage layer",
    "migrations": "database migrations", "cmd": "command-line programs", "cli": "command line",
    "config": "configuration", "settings": "configuration", "utils": "shared helpers", "util": "shared helpers",
    "helpers": "shared helpers", "common": "shared code", "shared": "shared code", "types": "shared types",
    "services": "business services", "service": "business services", "components": "UI components",
    "hooks": "UI hooks", "pages": "UI pages", "views": "views", "server": "server", "client": "client",
    "auth": "authentication", "proto": "protocol definitions", "keeper": "module state keeper",
    "app": "application wiring", "schemas": "schemas and validation", "schema": "schemas and validation",
    "plugins": "plugins", "plugin": "plugins", "features": "features", "lib": "library code",
    "internal": "internal packages", "pkg": "library packages", "errors": "error types", "metrics": "metrics",
    "logging": "logging", "log": "logging", "queue": "job queue", "jobs": "background jobs",
    "workers": "background workers", "tasks": "background tasks", "celery": "background tasks",
    "notifications": "notifications", "email": "email", "sms": "SMS", "events": "events", "ante": "transaction ante handlers",
    "modules": "modules", "x": "chain modules", "query": "queries", "querier": "queries", "ui": "user interface",
    "frontend": "front end", "backend": "back end", "web": "web front end", "openapi": "OpenAPI definitions",
    "dao": "data access objects", "repositories": "data repositories", "repository": "data repository",
    "telemetry": "telemetry", "tracing": "tracing", "model": "data model", "domain": "domain model",
}
_README_NAMES = ("README.md", "readme.md", "README.rst", "README.txt", "README")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_BADGE = re.compile(r"!\[[^\]]*\]\([^)]*\)|\[!\[.*?\]\(.*?\)\]\(.*?\)|<[^>]+>")


def readme_summary(root: Path, folder: str) -> tuple[str, str] | None:
    """(README path, its first paragraph of prose) for a folder, or None."""
    for name in _README_NAMES:
        rel = f"{folder}/{name}" if folder else name
        try:
            text = (root / rel).read_text(encoding="utf-8", errors="replace")[:8192]
        except OSError:
            continue
        return rel, first_paragraph(text)
    return None


def first_paragraph(text: str) -> str:
    """The first paragraph of prose in markdown (headings, badges, HTML and code left out)."""
    para: list[str] = []
    fenced = False
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("```"):
            fenced = not fenced
            continue
        if fenced or s.startswith(("#", "[!", "!", "<", "|", "---", "===", "[![")) or not _BADGE.sub("", s).strip():
            if para and not s:
                break
            continue
        prose = _LINK.sub(r"\1", _BADGE.sub("", s)).strip()
        if len(prose) < 0.5 * len(s) or prose.count(" | ") > 0:  # a line of links: a navigation bar
            if para:
                break
            continue
        para.append(prose)
    return " ".join(" ".join(para).split())[:300]


def assign_role(m: Module, doc: str | None, readme: str | None, files: list[str] = ()) -> None:
    """Give a module its role, from the best source there is."""
    if doc:
        m.role, m.role_source = doc, "doc comment"
    elif readme:
        m.role, m.role_source = readme, "README"
    else:
        parts = [p for p in m.path.split("/") if p]
        role = NAME_ROLES.get(parts[-1].lower()) if parts else None
        if role:  # only the folder's own name: a generic parent (pkg/, internal/) says nothing of its children
            of = f" of {parts[-2]}/" if len(parts) > 1 and parts[-2] not in ("src", "pkg", "internal", "lib") else ""
            m.role, m.role_source = f"{role}{of}", "name"
        elif files:  # no words about it anywhere: its biggest files' names say what it holds
            names = [f.rsplit("/", 1)[-1] for f in files]
            m.role, m.role_source = "holds " + ", ".join(names[:5]) + (" …" if len(names) > 5 else ""), "file names"
