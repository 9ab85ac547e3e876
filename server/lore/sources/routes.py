"""Endpoints a decision writes and the code files that route them.

A decision about an HTTP API names its endpoints (`/tagging/rest_api/v1/taxonomies/:id/tags/`,
`GET /api/v1/traces/{traceID}`); the file routing one writes the same path as a string, in its own
framework's spelling of the parameters (`"taxonomies/<str:pk>/tags/"`, `'/:projectId/features'`,
`f"/api/{name}/tags"`, `r"^users/(?P<pk>\\d+)/$"`). Both are read as a list of segments, each a word
or a parameter, and they match when one ends with the other: a router mounts its paths under a
prefix the decision writes whole, or the decision leaves out a prefix the code adds.

Only a path with a parameter and at least `MIN_WORDS` word segments counts (`/api/users` is as
often a folder or a link as an endpoint; `/:id` says nothing), and only when at most
`named.MAX_FILES` code files outside tests write it. A parameter named in two words or more (`<list_item_id>`,
`{traceId}`) keeps its name (`*listitemid`): where both paths name it alike it counts as a word, so a path of
such parameters (`/<list_item_id>/<block_id>`) is an endpoint too; any two parameters still match each other.
"""

from __future__ import annotations

import re
from lore.sources import named
from lore.sources.ranking import Derived
from lore.memory import Anchor

SCORE = 0.85
MIN_WORDS = 2
MAX_ENDPOINTS = 50  # endpoints of one decision looked up (an API reference pasted whole is no decision's subject)
PARAM = "*"
_WORD = re.compile(r"^[\w.~-]+$")
_QUERY = re.compile(r"(?<!\()\?(?!P<)")
_PARAM = re.compile(r"^(?::\w+\??|\{\w+(?::[^}]*)?\}|<(?:\w+:)?\w+>|\$\{[^}]+\}|\(\?P<\w+>[^)]*\)|\*)$")
_QUOTED = re.compile(rb"""["'`]\^?(/?[^"'`\s]{1,200}/[^"'`\s]{0,200}?)\$?["'`]""")
_WRITTEN = re.compile(r"(?<![\w/.~{}:<>$-])(/?[\w.~{}:<>$-]+(?:/[\w.~{}:<>$-]*)+)")  # starts where a run starts: linear


_PARAM_NAME = re.compile(r"^(?::(\w+)\??|\{(\w+)(?::[^}]*)?\}|<(?:\w+:)?(\w+)>|\$\{([A-Za-z_]\w*)\}|\(\?P<(\w+)>[^)]*\))$")


def _param_segment(part: str) -> str:
    """A parameter as a segment: `PARAM` followed by its name folded (`*listitemid`) when the name has two words or
    more (`list_item_id`, `traceId`), else `PARAM` alone (`:id`, `<str:pk>`, `*`)."""
    m = _PARAM_NAME.match(part)
    name = next((g for g in m.groups() if g), "") if m else ""
    if "_" in name.strip("_") or re.search(r"[a-z0-9][A-Z]", name):
        return PARAM + name.replace("_", "").lower()
    return PARAM


def _param(segment: str) -> bool:
    return segment.startswith(PARAM)


def segments(path: str) -> tuple[str, ...] | None:
    """`path` as its segments, each a word or a parameter (`PARAM`, with its name when it has one of two words; see
    the module), when it is an endpoint; None otherwise. A query (`?parent_tag=…`) is left off."""
    path = _QUERY.split(path, 1)[0].strip("^$")
    parts = [p for p in path.split("/") if p]
    out = []
    for part in parts:
        if _PARAM.match(part):
            out.append(_param_segment(part))
        elif _WORD.match(part) and not part.startswith("."):
            out.append(part.lower())
        else:
            return None
    words = sum(1 for p in out if p != PARAM)
    return tuple(out) if any(_param(p) for p in out) and words >= MIN_WORDS else None


def written_in(text: str) -> dict[tuple[str, ...], str]:
    """The endpoints a decision writes, in order, once each, with how it first wrote each."""
    out: dict[tuple[str, ...], str] = {}
    for m in _WRITTEN.finditer(text):
        found = segments(m.group(1))
        if found and found not in out:
            out[found] = _QUERY.split(m.group(1), 1)[0]
    return out


def ends_with(longer: tuple[str, ...], shorter: tuple[str, ...]) -> bool:
    """Whether `longer` ends with `shorter`, itself an endpoint: a parameter, and `MIN_WORDS` words the two write
    alike (a word, or a parameter of the same name)."""
    if len(shorter) > len(longer):
        return False
    pairs = list(zip(longer[len(longer) - len(shorter):], shorter))
    if any(a != b and not (_param(a) and _param(b)) for a, b in pairs):
        return False
    alike = sum(1 for a, b in pairs if a == b and a != PARAM)
    return any(_param(p) for p in shorter) and alike >= MIN_WORDS


class RouteIndex:
    """Endpoint -> the code files outside tests writing it as a string, read once from a `SymbolIndex`'s
    files (built on the first decision that writes an endpoint, under the same time budget)."""

    def __init__(self, root, files: list[str], budget: float = named.BUDGET_SECONDS):
        self.files: dict[tuple[str, ...], set[str]] = {}
        for rel, data in named.code_outside_tests(root, files, budget):
            for m in _QUOTED.finditer(data):
                found = segments(m.group(1).decode("utf-8", "replace"))
                if found:
                    self.files.setdefault(found, set()).add(rel)

    def routing(self, endpoint: tuple[str, ...]) -> set[str]:
        """The files writing an endpoint that ends with `endpoint` or that it ends with."""
        out: set[str] = set()
        for route, files in self.files.items():
            if ends_with(endpoint, route) or ends_with(route, endpoint):
                out |= files
        return out


def route_anchors(text: str, ctx) -> list[Derived]:
    """Path anchors for the few code files routing an endpoint the decision writes (`ctx`: a
    `mentions.AnchorContext`)."""
    out: dict[str, Derived] = {}
    for endpoint, written in list(written_in(text).items())[:MAX_ENDPOINTS]:
        files = sorted(ctx.routes.routing(endpoint))
        if 0 < len(files) <= named.MAX_FILES:
            for rel in files:
                out.setdefault(rel, Derived(Anchor("path", rel), SCORE, f"routes `{written}`"))
    return list(out.values())
