"""Printing for the command line: JSON for scripts, tables and panels for people, progress bars."""

from __future__ import annotations

import contextlib
import json
import re
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lore.memory import Memory


# Control characters (C0 but tab and newline, DEL, C1) and bidirectional overrides: terminal
# escapes (clear screen, retitle, OSC 8 links), bells and text that reads differently than it is.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_C1 = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _shown(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """Text safe to print on a terminal: control characters written out as `\\x1b`, `\\u202e`."""
    return _UNSAFE.sub(_shown, text.replace("\r\n", "\n"))


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(printable(text))


class LazyConsole:
    """A rich Console made on first use (importing rich costs a command that prints no table ~50 ms)
    whose string arguments never carry control sequences, with markup only when asked for."""

    def __init__(self, **options: Any):
        self._options = options
        self._console = None

    def _get(self) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    def print(self, *objects: Any, **kwargs: Any) -> None:
        """Console.print with every string made printable first."""
        kwargs.setdefault("markup", False)
        self._get().print(*(printable(o) if isinstance(o, str) else o for o in objects), **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._get(), name)


out = LazyConsole(soft_wrap=True, highlight=False)
err = LazyConsole(stderr=True, soft_wrap=True, highlight=False)


def print_json(data: Any) -> None:
    """JSON on stdout, one document (C1 controls and bidi overrides escaped too, not only C0)."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    sys.stdout.write(_C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n")


def say(text: str) -> None:
    """One plain line on stdout, printed as written (no markup; no rich import for a one-liner)."""
    sys.stdout.write(printable(text) + "\n")


def notice(text: str) -> None:
    """A one-line notice on stderr."""
    err.print(f"[yellow]lore:[/] {_escape(text)}", markup=True, highlight=False)


def error(text: str) -> None:
    """An error line on stderr."""
    err.print(f"[bold red]lore: error:[/] {_escape(text)}", markup=True, highlight=False)


def table(columns: tuple[str, ...], rows: list[tuple], empty: str) -> None:
    """Rows as a table on stdout, or the `empty` line when there are none."""
    if not rows:
        out.print(empty)
        return
    from rich.table import Table
    from rich.text import Text

    t = Table()
    for col in columns:
        t.add_column(col, overflow="fold")
    for row in rows:
        t.add_row(*(Text(printable(cell)) for cell in row))  # Text: a title's `[link=...]` is not markup
    out.print(t)


def show_memory(m: Memory, titles: dict[str, str] | None = None, parts: dict[str, str] | None = None) -> None:
    """One memory, readable; `titles` names the memories it links to (`Lore.related_titles`), `parts` its parts
    (`Lore.parts_of`)."""
    from lore.wire.views import memory_markdown

    out.print(memory_markdown(m, titles=titles, parts=parts), markup=False)


def emit_memory(m: Memory, as_json: bool, titles: dict[str, str] | None = None,
                parts: dict[str, str] | None = None) -> None:
    """One memory as JSON or markdown (naming the memories it links to by `titles`, quoting `parts`)."""
    if as_json:
        from lore.wire.views import memory_json

        print_json(memory_json(m))
    else:
        show_memory(m, titles, parts)


@contextlib.contextmanager
def progress(label: str, enabled: bool = True) -> Iterator:
    """A progress bar on stderr; yields update(done, total)."""
    if not enabled or not err.is_terminal:
        yield lambda done, total, text=None: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=err, transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int | None, text: str | None = None) -> None:
            bar.update(task, completed=done, total=total, description=_escape(text or label))

        yield update
