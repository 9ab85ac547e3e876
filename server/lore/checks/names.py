"""Libraries and idioms a decision's prose may name, with what a rule about each would check.

A decision says "we use httpx, not requests" or "we will use Emotion"; a rule needs an import
name (`requests`, `@emotion/react`) and a language. This table maps the names people write to
those, grouped in categories (two libraries of one category are rivals: choosing one is choosing
against the others named beside it). It is a starting point, not a registry: a rule proposed
from it is only a proposal, and a person confirms or rejects it.
"""

from __future__ import annotations

import re

import attrs

PY = ("python",)
JS = ("javascript", "typescript", "tsx")
GO = ("go",)


@attrs.frozen
class Known:
    """One library or idiom: the rule that forbids it (kind, value), its languages and category."""

    kind: str
    value: str
    languages: tuple[str, ...]
    category: str
    spoken: tuple[str, ...]  # how prose names it (lower case); the value itself always counts


def _lib(value: str, languages: tuple[str, ...], category: str, *spoken: str, kind: str = "forbid_import") -> Known:
    return Known(kind, value, languages, category, tuple(spoken))


LIBRARIES: tuple[Known, ...] = (
    # Python
    _lib("requests", PY, "py-http"), _lib("httpx", PY, "py-http"), _lib("aiohttp", PY, "py-http"),
    _lib("urllib3", PY, "py-http"), _lib("urllib.request", PY, "py-http", "urllib"),
    _lib("pytest", PY, "py-test"), _lib("unittest", PY, "py-test"), _lib("nose", PY, "py-test"),
    _lib("pathlib", PY, "py-paths"), _lib("os.path.*", PY, "py-paths", "os.path", kind="forbid_call"),
    _lib("sqlalchemy", PY, "py-orm", "sql alchemy"), _lib("peewee", PY, "py-orm"),
    _lib("*.objects.*", PY, "py-orm", "django orm", "the django orm", kind="forbid_call"),
    _lib("simplejson", PY, "py-json"), _lib("ujson", PY, "py-json"), _lib("orjson", PY, "py-json"),
    _lib("arrow", PY, "py-date"), _lib("pendulum", PY, "py-date"), _lib("pytz", PY, "py-date"),
    _lib("zoneinfo", PY, "py-date"),
    _lib("logging", PY, "py-log"), _lib("loguru", PY, "py-log"), _lib("structlog", PY, "py-log"),
    _lib("print", PY, "py-log", "print()", "print statements", kind="forbid_call"),
    _lib("yaml", PY, "py-yaml", "pyyaml"), _lib("ruamel.yaml", PY, "py-yaml", "ruamel"),
    _lib("argparse", PY, "py-cli"), _lib("click", PY, "py-cli"), _lib("typer", PY, "py-cli"),
    _lib("docopt", PY, "py-cli"),
    _lib("pydantic", PY, "py-model"), _lib("marshmallow", PY, "py-model"),
    _lib("trio", PY, "py-async"), _lib("gevent", PY, "py-async"), _lib("anyio", PY, "py-async"),
    _lib("mock", PY, "py-mock"), _lib("unittest.mock", PY, "py-mock"),
    _lib("bs4", PY, "py-html", "beautifulsoup", "beautifulsoup4", "beautiful soup"), _lib("lxml", PY, "py-html"),
    _lib("psycopg2", PY, "py-pg"), _lib("psycopg", PY, "py-pg", "psycopg3"), _lib("asyncpg", PY, "py-pg"),
    _lib("flask", PY, "py-web"), _lib("fastapi", PY, "py-web"), _lib("tornado", PY, "py-web"),
    # JavaScript / TypeScript
    _lib("axios", JS, "js-http"), _lib("node-fetch", JS, "js-http"), _lib("got", JS, "js-http"),
    _lib("superagent", JS, "js-http"), _lib("request", JS, "js-http"), _lib("ky", JS, "js-http"),
    _lib("moment", JS, "js-date", "moment.js", "momentjs"), _lib("dayjs", JS, "js-date", "day.js"),
    _lib("date-fns", JS, "js-date"), _lib("luxon", JS, "js-date"),
    _lib("lodash", JS, "js-util"), _lib("underscore", JS, "js-util", "underscore.js"), _lib("ramda", JS, "js-util"),
    _lib("jest", JS, "js-test"), _lib("vitest", JS, "js-test"), _lib("mocha", JS, "js-test"),
    _lib("jasmine", JS, "js-test"), _lib("ava", JS, "js-test"), _lib("sinon", JS, "js-mock"), _lib("chai", JS, "js-assert"),
    _lib("enzyme", JS, "js-component-test"),
    _lib("@testing-library/react", JS, "js-component-test", "react-testing-library", "react testing library",
         "testing library"),
    _lib("styled-components", JS, "js-css", "styled components", "styled-components"),
    _lib("@emotion/*", JS, "js-css", "emotion"), _lib("styletron*", JS, "js-css", "styletron"),
    _lib("makeStyles", JS, "js-css", "makestyles", kind="forbid_call"),
    _lib("redux", JS, "js-state"), _lib("react-redux", JS, "js-state"), _lib("mobx", JS, "js-state"),
    _lib("zustand", JS, "js-state"), _lib("recoil", JS, "js-state"),
    _lib("swr", JS, "js-fetching", "useswr"), _lib("@tanstack/react-query", JS, "js-fetching", "react-query",
                                                  "react query", "tanstack query"),
    _lib("@prisma/client", JS, "js-orm", "prisma"), _lib("typeorm", JS, "js-orm"),
    _lib("sequelize", JS, "js-orm"), _lib("knex", JS, "js-orm"), _lib("mongoose", JS, "js-orm"),
    _lib("winston", JS, "js-log"), _lib("pino", JS, "js-log"), _lib("bunyan", JS, "js-log"),
    _lib("console.log", JS, "js-log", "console.log()", kind="forbid_call"),
    _lib("joi", JS, "js-validate"), _lib("yup", JS, "js-validate"), _lib("zod", JS, "js-validate"),
    _lib("immutable", JS, "js-immutable", "immutable.js", "immutablejs"), _lib("immer", JS, "js-immutable"),
    # Go
    _lib("github.com/pkg/errors", GO, "go-errors", "pkg/errors"),
    _lib("github.com/sirupsen/logrus", GO, "go-log", "logrus"), _lib("go.uber.org/zap", GO, "go-log", "zap"),
    _lib("github.com/rs/zerolog", GO, "go-log", "zerolog"), _lib("log/slog", GO, "go-log", "slog"),
    _lib("github.com/stretchr/testify*", GO, "go-test", "testify"),
    _lib("gorm.io/gorm", GO, "go-orm", "gorm"), _lib("github.com/jmoiron/sqlx", GO, "go-orm", "sqlx"),
    _lib("github.com/gorilla/mux", GO, "go-router", "gorilla/mux", "gorilla mux"),
    _lib("github.com/gin-gonic/gin", GO, "go-router", "gin"), _lib("github.com/go-chi/chi*", GO, "go-router", "chi"),
    _lib("io/ioutil", GO, "go-io", "ioutil"),
    _lib("github.com/golang/protobuf*", GO, "go-proto", "golang/protobuf"),
)

# Concepts a decision names in words ("the ORM") -> the categories that hold it.
CONCEPTS = {"orm": ("py-orm", "js-orm", "go-orm"), "the orm": ("py-orm", "js-orm", "go-orm"),
            "database models": ("py-orm", "js-orm", "go-orm")}

# Idioms a decision prefers, and the pattern of what it prefers them over.
IDIOMS: tuple[tuple[re.Pattern, Known], ...] = (
    (re.compile(r"\bnamed exports?\b", re.I),
     Known("pattern", r"^\s*export\s+default\b", JS, "js-export", ("default exports",))),
    (re.compile(r"\barrow functions?\b", re.I),
     Known("pattern", r"^\s*(?:export\s+)?(?:async\s+)?function\b", JS, "js-function", ("function declarations",))),
    (re.compile(r"\b(?:const|let)\b.{0,20}\bnot\b.{0,10}\bvar\b|\bno\s+`?var`?\b", re.I),
     Known("pattern", r"^\s*var\s", JS, "js-declaration", ("var",))),
)

_AMBIGUOUS = {"got", "request", "arrow", "ava", "mock", "click", "print", "logging", "chi", "gin", "zap",
              "immutable", "emotion", "nose", "typer", "yaml", "recoil", "knex", "jest", "swr", "joi", "ky"}


def _names() -> dict[str, Known]:
    out: dict[str, Known] = {}
    for k in LIBRARIES:
        for name in (k.value.rstrip("*").rstrip("/"), *k.spoken):
            out.setdefault(name.lower(), k)
    return out


BY_NAME = _names()


def ambiguous(name: str) -> bool:
    """A library name that is also an English word: counted only when written as code or capitalised."""
    return name.lower() in _AMBIGUOUS


def category_members(category: str) -> list[Known]:
    """The known libraries of one category."""
    return [k for k in LIBRARIES if k.category == category]
