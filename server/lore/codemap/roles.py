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
_DESCRIBED = re.compile(r"^\S.{0,60}?\s[-–—:]\s+\w.{8,}$")  # `Name - what it is`
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
    """The first paragraph of prose in markdown (headings, badges, HTML, code and navigation bars left out; a
    paragraph ending in a colon introduces a command or a list, so it is no description either). Without one,
    the title's own description (`# Jaeger - a Distributed Tracing System`)."""
    para: list[str] = []
    fenced = False
    title = ""
    sections = 0  # headings before the paragraph: past the first, the paragraph is no longer the title's
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("```"):
            fenced = not fenced
            continue
        if s.startswith("#") and not fenced and not para:
            sections += 1
            if s.startswith("# ") and not title:
                title = _LINK.sub(r"\1", s[2:]).strip()
        if fenced or s.startswith(("#", "[!", "!", "<", "|", "---", "===", "[![")) or not _BADGE.sub("", s).strip():
            if para and not s:
                if not para[-1].endswith(":"):
                    break
                para = []
            continue
        prose = _LINK.sub(r"\1", _BADGE.sub("", s)).strip()
        if len(_LINK.findall(s)) >= 2 and len(prose) < 0.5 * len(s) or prose.count(" | ") > 0:  # a navigation bar
            if para:
                break
            continue
        para.append(prose)
    found = " ".join(" ".join(para).split())
    found = "" if found.endswith(":") else found
    if _DESCRIBED.match(title):  # the project says what it is in its title; the paragraph under it may add to it
        found = title.rstrip(".") + (". " + found if found and sections <= 1 else "")
    return shorten(found, 300)


def shorten(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters: after its last whole sentence when there is one, else at a
    word, marked with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "))
    if end > 0:
        return cut[:end + 1]
    return cut.rsplit(" ", 1)[0].rstrip(",;:") + " …"


# What a project template writes where a description goes (cookiecutter's "Your project description goes here.",
# openedx/edx-enterprise's `enterprise/__init__.py`): no description of the module.
_TEMPLATE_TEXT = re.compile(r"^(?:(?:your|add|insert|put|write|enter)\b.{0,40}\b(?:description|summary|docs?|"
                            r"documentation)\b.{0,20}\bhere\b|.{0,40}\bdescription goes here\b|(?:todo|tbd|fixme)\b"
                            r"|lorem ipsum\b)", re.I)


def assign_role(m: Module, doc: str | None, readme: str | None, files: list[str] = ()) -> None:
    """Give a module its role, from the best source there is; a template's placeholder (`_TEMPLATE_TEXT`) is none."""
    doc = None if doc and _TEMPLATE_TEXT.match(doc.strip()) else doc
    readme = None if readme and _TEMPLATE_TEXT.match(readme.strip()) else readme
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
