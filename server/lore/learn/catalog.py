"""The catalogue of style features Lore learns, and lookups into it.

Feature ids are stable: stored evidence and proposed memories refer to them. Choices whose
convention differs between languages (quotes, naming, logging) get one feature per language
family, so a taste for single quotes in TypeScript says nothing about Python.
"""

from __future__ import annotations

from lore.learn import features_js as js
from lore.learn import features_python as py
from lore.learn.features import Feature, Option
from lore.learn.syntax import family, normalize_language

FEATURES: tuple[Feature, ...] = (
    Feature(
        "paths.pathlib", "Prefer {prefers} over {over} for file paths",
        (Option("pathlib", "pathlib", ("path", "pathlib.path", "path objects")),
         Option("os.path", "os.path", ("os.path.join", "os path"))),
        {"python": py.find_paths},
    ),
    Feature(
        "tests.pytest", "Prefer {prefers} over {over}",
        (Option("pytest", "pytest-style tests", ("pytest", "plain asserts", "test functions")),
         Option("unittest", "unittest.TestCase classes", ("unittest", "testcase", "unittest.testcase"))),
        {"python": py.find_test_style},
    ),
    Feature(
        "strings.format", "Prefer {prefers} over {over} for string formatting",
        (Option("f-string", "f-strings", ("f-strings", "fstrings", "fstring", "f strings")),
         Option("str.format", "str.format()", (".format", "format()", ".format()")),
         Option("%-format", "%-formatting", ("% formatting", "%-formatting", "percent formatting"))),
        {"python": py.find_string_format},
    ),
    Feature(
        "output.logging", "Prefer {prefers} over {over} for output",
        (Option("logging", "logging", ("logger", "a logger", "the logging module")),
         Option("print", "print()", ("print()", "print statements", "prints"))),
        {"python": py.find_output},
    ),
    Feature(
        "output.logger-js", "Prefer {prefers} over {over} for output",
        (Option("logger", "a logger", ("logger", "logging")),
         Option("console", "console.log", ("console.log", "console.log()", "console"))),
        {"js": js.find_output},
    ),
    Feature(
        "types.annotations", "Prefer {prefers} over {over}",
        (Option("annotated", "type-annotated function signatures", ("type hints", "annotations")),
         Option("unannotated", "unannotated signatures", ("no type hints",))),
        {"python": py.find_annotations},
    ),
    Feature(
        "quotes.python", "Prefer {prefers} over {over} for Python strings",
        (Option("single", "single quotes", ("single quotes", "'")),
         Option("double", "double quotes", ("double quotes", '"'))),
        {"python": py.find_quotes},
    ),
    Feature(
        "quotes.js", "Prefer {prefers} over {over} for JavaScript/TypeScript strings",
        (Option("single", "single quotes", ("single quotes", "'")),
         Option("double", "double quotes", ("double quotes", '"'))),
        {"js": js.find_quotes},
    ),
    Feature(
        "naming.python", "Prefer {prefers} over {over} for new Python names",
        (Option("snake_case", "snake_case", ("snake case",)),
         Option("camelCase", "camelCase", ("camel case",))),
        {"python": py.find_naming}, idiomatic="snake_case",
    ),
    Feature(
        "naming.js", "Prefer {prefers} over {over} for new JavaScript/TypeScript names",
        (Option("camelCase", "camelCase", ("camel case",)),
         Option("snake_case", "snake_case", ("snake case",))),
        {"js": js.find_naming}, idiomatic="camelCase",
    ),
    Feature(
        "async.await", "Prefer {prefers} over {over}",
        (Option("async/await", "async/await", ("await", "async await")),
         Option("then-chains", ".then() chains", (".then", "then", "promise chains", ".then chains"))),
        {"js": js.find_async_style},
    ),
    Feature(
        "declarations.const", "Prefer {prefers} over {over} for declarations",
        (Option("const/let", "const/let", ("const", "let", "const and let")),
         Option("var", "var", ())),
        {"js": js.find_declarations},
    ),
    Feature(
        "functions.arrow", "Prefer {prefers} over {over}",
        (Option("arrow", "arrow functions", ("arrow functions", "=>")),
         Option("function-expression", "function expressions", ("function expressions", "function"))),
        {"js": js.find_function_style},
    ),
    Feature(
        "control.early-return", "Prefer {prefers} over {over}",
        (Option("guard-clause", "early returns (guard clauses)", ("early returns", "guard clauses", "early return")),
         Option("nested-if", "an if wrapping the whole body", ("nested ifs", "nested if"))),
        {"python": py.find_control_flow, "js": js.find_control_flow},
    ),
    Feature(
        "exceptions.specific", "Prefer {prefers} over {over}",
        (Option("specific", "catching specific exception types", ("specific exceptions",)),
         Option("broad", "bare or broad except clauses",
                ("bare except", "except exception", "broad except", "except:"))),
        {"python": py.find_exceptions},
    ),
    Feature(
        "loops.comprehension", "Prefer {prefers} over {over}",
        (Option("comprehension", "comprehensions", ("comprehensions", "list comprehensions")),
         Option("loop-append", "loops that append", ("append loops", "for loops"))),
        {"python": py.find_comprehensions},
    ),
    Feature(
        "access.optional-chaining", "Prefer {prefers} over {over}",
        (Option("optional-chaining", "optional chaining (?.)", ("optional chaining", "?.")),
         Option("and-chain", "&& guard chains", ("&& chains", "&&"))),
        {"js": js.find_optional_chaining},
    ),
    Feature(
        "classes.dataclass", "Prefer {prefers} over {over}",
        (Option("dataclass", "dataclasses", ("dataclasses", "attrs", "@dataclass")),
         Option("plain-class", "plain classes with a hand-written __init__", ("plain classes",))),
        {"python": py.find_dataclasses},
    ),
)

_BY_ID = {feature.id: feature for feature in FEATURES}


def get(feature_id: str) -> Feature | None:
    """The feature with this id, or None."""
    return _BY_ID.get(feature_id)


def for_language(language_id: str) -> list[Feature]:
    """Features that read code in this editor language (empty for unsupported languages)."""
    language = normalize_language(language_id)
    if language is None:
        return []
    return [f for f in FEATURES if family(language) in f.families]


def find_by_option(words: str, language_id: str) -> list[tuple[Feature, str]]:
    """(feature, option name) pairs whose option is called `words`, for one language."""
    return [
        (feature, option.name)
        for feature in for_language(language_id)
        for option in feature.options
        if option.matches(words)
    ]
