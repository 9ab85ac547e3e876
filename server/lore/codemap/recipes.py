"""Makefile recipes as a person reads them: every step that does something (not the echo lines), with the
make variables the steps name (`$(MOCKERY)`) replaced by their values, and the programs a recipe runs.

A target's work is often on its second line (`generate-mocks:` deletes the old mocks, then runs
`$(MOCKERY)`), and its tool is often a variable set in an included file (`MOCKERY := $(BIN)/mockery`
in `scripts/makefiles/Tools.mk`): the map keeps the whole recipe and resolves the variables across the
project's makefiles, so the tool's name is in the map."""

from __future__ import annotations

import re

from lore.codemap.model import unwrap

#: `NAME = value`, `NAME := value`, `NAME ?= value` (not `+=`, not target lines `a: b`).
_ASSIGN = re.compile(r"^(?:export\s+|override\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?::{1,2}=|\?=|=)\s*(.*?)\s*$")
_REF = re.compile(r"\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]")
_SHELL_WORDS = frozenset({"cd", "echo", "printf", "rm", "mkdir", "cp", "mv", "test", "[", "exit", "true", "false",
                          "set", "export", "if", "then", "else", "fi", "for", "do", "done", "while", "touch", "cat",
                          "ln", "chmod", "sleep", "env", "sh", "bash", "exec", "command", "@", "-", "(", "{"})
_ENV = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=\S*$")
MAX_STEPS = 6
MAX_RUN = 200


def make_variables(text: str) -> dict[str, str]:
    """A makefile's variables (the last assignment of each), recipe lines and conditionals left out."""
    out: dict[str, str] = {}
    for line in text.split("\n"):
        if line.startswith("\t") or line.lstrip().startswith("#"):
            continue
        m = _ASSIGN.match(line.strip())
        if m and "$(shell" not in m.group(2):
            out[m.group(1)] = m.group(2)
    return out


def resolve(text: str, variables: dict[str, str], depth: int = 4) -> str:
    """`text` with `$(NAME)` / `${NAME}` replaced by the variables' values (nested up to `depth` levels);
    a variable with no known value stays as it is."""
    for _ in range(depth):
        new = _REF.sub(lambda m: variables.get(m.group(1), m.group(0)), text)
        if new == text:
            break
        text = new
    return text


def recipe_steps(lines: list[str]) -> list[str]:
    """The steps of a recipe (the tab-indented lines after a target), continuation lines joined, echo,
    comment and `set`/`export` lines left out, the `@`/`-` prefixes taken off."""
    steps: list[str] = []
    joined = ""
    for ln in lines:
        if not ln.startswith("\t"):
            break
        part = ln.strip()
        joined = f"{joined} {part[:-1].strip()}" if part.endswith("\\") else f"{joined} {part}"
        if part.endswith("\\"):
            continue
        step = joined.strip().lstrip("@-").strip()
        joined = ""
        if step and not step.startswith(("echo", "printf", "#", "export ", "set -")):
            steps.append(" ".join(step.split()))
    return steps[:MAX_STEPS]


def join_steps(steps: list[str]) -> str:
    """A recipe's steps as one command line, cut at `MAX_RUN` characters."""
    run = " && ".join(steps)
    return run if len(run) <= MAX_RUN else run[:MAX_RUN - 3].rstrip() + "..."


def programs(run: str) -> list[str]:
    """The programs a command line runs, in order, each once: the first word of each step (environment
    settings and shell built-ins skipped, a path cut to its last part)."""
    out: list[str] = []
    for step in re.split(r"&&|\|\||;|\|", run):
        for word in unwrap(step.strip()).split():
            if _ENV.match(word) or word in _SHELL_WORDS:
                continue
            name = word.rstrip("/").rsplit("/", 1)[-1].strip("()'\"")
            if name and "$" not in name and not name.startswith("-") and name not in _SHELL_WORDS and name not in out:
                out.append(name)
            break
    return out


def is_makefile(rel: str) -> bool:
    """A Makefile, GNUmakefile or included `.mk` file."""
    name = rel.rsplit("/", 1)[-1].lower()
    return name in ("makefile", "gnumakefile") or name.endswith(".mk")


def resolve_commands(texts: dict[str, str], commands: list) -> None:
    """Replace the make variables in the runs of the commands the makefiles define (`texts`: makefile path
    -> text): a target sees its own makefile's variables over those of the project's root makefiles
    (the top Makefile and every `.mk` file, which it includes)."""
    own = {rel: make_variables(text) for rel, text in texts.items()}
    shared: dict[str, str] = {}
    for rel, variables in own.items():
        if "/" not in rel or rel.endswith(".mk"):
            shared.update(variables)
    for c in commands:
        if c.source in own and "$" in c.run:
            c.run = resolve(c.run, {**shared, **own[c.source]})
