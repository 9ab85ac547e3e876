"""Command lines a text writes: what people type in a shell (`dotnet publish src/Koine.Cli`, `$ ./build.sh`).

A line is a command when, after a prompt (`$ `) and `NAME=value` settings, its first word is a program people
type to build, test, run, migrate or generate (`PROGRAMS`, which the code map's guides read too) and more
words follow, or when a `$ ` prompt opens it. A record's command lines are written in a fenced block of shell
(`SHELLS`), on a `$ ` prompt line, or as a whole code span (`` `npm run build --workspace web` ``): the paths they
carry are a command's arguments, where a command runs, not what the record speaks of (`without_commands`)."""

from __future__ import annotations

import re

#: Programs whose command lines a guide documents for build, test, run, migrate or generate work.
PROGRAMS = frozenset("""make npm pnpm yarn npx bun deno node flask python python3 pip pip3 poetry uv uvx pipenv
pytest tox nox hatch pdm alembic django-admin manage.py ./manage.py celery gunicorn uvicorn go cargo rustup mvn
./mvnw gradle ./gradlew docker docker-compose podman kubectl helm terraform mockery buf protoc just task bundle
rake rails dotnet mix composer php artisan ./gradle swift tsc vitest jest playwright cypress ruff mypy eslint
biome prettier golangci-lint goreleaser bazel cmake ninja skaffold tilt""".split())
#: The languages of a fenced block of shell (none written counts: a bare block is most often commands).
SHELLS = frozenset({"", "sh", "bash", "shell", "console", "zsh", "terminal", "shell-session", "shellsession",
                    "cmd", "make", "text", "sh-session"})
PROMPT = re.compile(r"^(?:\$|%|>|#\s*\$)\s+")
ENV = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=\S*$")
# Beyond the programs a guide documents, those a record also writes commands with.
_COMMAND_WORDS = PROGRAMS | {"git"}
_COMMAND_FENCES = SHELLS | {"powershell", "pwsh", "ps1", "bat", "batch"}
_FENCE = re.compile(r"^[ \t]*(```+|~~~+)[ \t]*([\w+-]*)")
_DOLLAR = re.compile(r"^\s*\$\s+(?=[A-Za-z_./~])")  # a `$ ` prompt before a command, not a price (`$ 5`)
_SPAN = re.compile(r"`([^`\n]+)`")


def is_command(line: str, prompts: re.Pattern[str] = PROMPT) -> bool:
    """Whether `line` is a command: a prompt (`prompts`) opens it, or its first word after `NAME=value` settings
    is one of `PROGRAMS` (or `git`) followed by more words."""
    if _DOLLAR.match(line):
        return True
    words = [w for w in prompts.sub("", line.strip()).split() if not ENV.match(w)]
    return len(words) >= 2 and words[0] in _COMMAND_WORDS and not words[1].startswith(("=", ":"))


def without_commands(text: str) -> str:
    """`text` with its command lines blanked, lines kept: those of fenced blocks of shell, `$ ` prompt lines and
    code spans holding a whole command. Other fenced blocks (a tree, a config) and prose are left as written."""
    out = []
    fence: str | None = None
    going_on = False  # the line before ended with `\`: this one goes on with its command
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if m and fence is None:
            fence, going_on = m.group(2).lower(), False
        elif m and fence is not None and not m.group(2):
            fence, going_on = None, False
        elif fence in _COMMAND_FENCES and (going_on or is_command(line)) or fence is None and _DOLLAR.match(line):
            going_on = line.rstrip().endswith("\\")
            line = ""
        elif fence is None:
            line = _SPAN.sub(lambda s: "` `" if is_command(s.group(1), _DOLLAR) else s.group(0), line)
        out.append(line)
    return "\n".join(out)
