"""Where request routes are registered: the files that wire many route modules into the application.

"Add an endpoint" starts from the file every controller, router or blueprint is mounted in:
`app.register_blueprint(service_blueprint, url_prefix="/service")` in a Flask app's `__init__.py`,
`this.app.use('/features', new FeatureController(config, services).router)` in an Express index,
`api.include_router(users.router)` in FastAPI, `r.Mount("/api", apiRouter)` with chi,
`path("api/", include("api.urls"))` in Django. A registration is such a call whose arguments (within a
few lines, as formatters split them) name a router, controller, blueprint, routes or url module; a
file with `MIN_REGISTRATIONS` of them is where routes are registered, the most first."""

from __future__ import annotations

import re

_CALL = re.compile(rb"\.(?:use|register_blueprint|include_router|mount|Mount|add_url_rule|Route|Group|"
                   rb"register|include|addRoutes|registerRoutes)\s*\(|\binclude\s*\(\s*['\"]")
_WIRED = re.compile(rb"[Rr]outer\b|[Rr]outer\(|Controller\b|Controller\(|[Bb]lueprint|[Rr]outes\b|\.urls\b|"
                    rb"\burls['\"]|Router\)|[Rr]outes\(")
WINDOW = 240  # bytes of a call's arguments read (a formatter puts them on the next lines)
MIN_REGISTRATIONS = 5
MAX_FILES = 4


def count_registrations(data: bytes) -> int:
    """How many calls in a source file mount a router, controller, blueprint or url module."""
    n = 0
    for m in _CALL.finditer(data):
        if _WIRED.search(_arguments(data[m.end():m.end() + WINDOW])):
            n += 1
    return n


def _arguments(window: bytes) -> bytes:
    """A call's arguments: the bytes up to the parenthesis that closes it (all of `window` when it does not)."""
    depth = 1
    for i, b in enumerate(window):
        if b == 40:  # (
            depth += 1
        elif b == 41:  # )
            depth -= 1
            if depth == 0:
                return window[:i]
    return window


def route_files(counts: dict[str, int]) -> dict[str, int]:
    """The files where routes are registered (at least `MIN_REGISTRATIONS`), the most first, at most
    `MAX_FILES`."""
    found = sorted(((f, n) for f, n in counts.items() if n >= MIN_REGISTRATIONS), key=lambda kv: (-kv[1], kv[0]))
    return dict(found[:MAX_FILES])
