"""Lists that read at 80 columns: one line per hit or memory (strength, kind, title, id), details on
request (`--long`), and markdown wrapped to the terminal with its quotes and bullets kept."""

from __future__ import annotations

import shutil
import textwrap
from typing import TYPE_CHECKING

from lore.cli.output import printable, say

if TYPE_CHECKING:
    from lore.memory import Memory

KIND_WIDTH = 10
ID_WIDTH = 12
STRENGTH_WIDTH = 6
DETAIL_INDENT = 4


def width() -> int:
    """The terminal's columns (80 when not a terminal or unknown), never under 40."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def fit(text: str, n: int) -> str:
    """Text on one line within `n` characters, cut at a word boundary with "…" when longer."""
    text = " ".join(printable(text).split())
    if len(text) <= n:
        return text
    cut = text[: n - 1]
    if " " in cut[n // 2:]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:·-") + "…"


def _row(lead: str, title: str, mid: str, cols: int, status: str = "active") -> str:
    """One line: `lead`, the title cut to the room left, its status when not active (never cut: a long title of
    a superseded record still says so), the id."""
    room = cols - len(lead) - ID_WIDTH - 2
    mark = "" if status == "active" else f" ({status})"
    titled = fit(title, max(room - len(mark), 8)) + mark
    return f"{lead} {titled.ljust(room)} {mid}"


def _state(status: str, tags) -> str:
    """What a row says of a memory's state: its status, or for a current task a later commit reverted, "reverted"
    (UKHomeOffice/hocs-frontend: the reverted first attempt ranked above the work applied again, unmarked)."""
    return "reverted" if status == "active" and "reverted" in tags else status


def _details(parts: list[str], cols: int) -> list[str]:
    return [" " * DETAIL_INDENT + fit(p, cols - DETAIL_INDENT) for p in parts if p]


def print_hits(hits: list[dict], scores: list[float], long: bool = False) -> None:
    """Search hits (as hit_json gives them), one line each: how strongly it matched (strong, good,
    weak against the best hit), kind, title and id; with `long`, what it says, its source and why."""
    from lore.context.clean import one_line
    from lore.context.hits import strength

    if not hits:
        say("No memories match.")
        return
    cols = width()
    top = max(scores) if scores else 0.0
    for h, score in zip(hits, scores):
        lead = f"{strength(score / top if top > 0 else 0.0, bool(h.get('faint'))):<{STRENGTH_WIDTH}} {h['kind']:<{KIND_WIDTH}}"
        say(_row(lead, h["title"], h["id"], cols, _state(h["status"], h.get("tags") or ())))
        if long:
            src = h["trust"]["source"] if h.get("trust") else h["id"]
            section = (h.get("section") or {}).get("heading")
            path, at = (h.get("source") or {}).get("path"), (h.get("section") or {}).get("line")
            if section and at and path and src.startswith(f"{path}:"):
                src = f"{path}:{at}"  # the line the matched section starts on, as its heading is named beside it
            texts = [h.get("body") or "", h.get("rationale") or ""]
            if (h.get("source") or {}).get("kind") == "git":  # a task's body is its commits
                texts.reverse()
            # what the section named below says (`hit_line`), so the quote and its place agree
            said = h.get("line") or one_line(texts[0], 300) or one_line(texts[1], 300)
            for line in _details([said, f"{src}" + (f" § {section}" if section else ""),
                                  f"{h['trust']['label']}; why: " + "; ".join(h["why"])], cols):
                say(line)


def print_memories(memories: list[Memory], long: bool = False) -> None:
    """Memories one line each (kind, title, id); with `long`, source, scope and status below."""
    from lore.agents.trust import mark

    if not memories:
        say("No memories.")
        return
    cols = width()
    for m in memories:
        say(_row(f"{m.kind.value:<{KIND_WIDTH}}", m.title, m.id, cols, _state(m.status.value, m.tags)))
        if long:
            mk = mark(m)
            for line in _details([mk.source, f"{m.scope.value} · {m.status.value} · {mk.label}"], cols):
                say(line)


def wrap_markdown(text: str, cols: int | None = None) -> str:
    """Markdown wrapped to `cols` columns: a quote's continuation lines keep its `  > `, a bullet's
    are indented under it; headings and blank lines stay as they are."""
    cols = cols or width()
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= cols or line.startswith("#"):
            out.append(line)
            continue
        stripped = line.lstrip(" ")
        indent = line[: len(line) - len(stripped)]
        if stripped.startswith("> "):
            first = later = indent + "> "
            body = stripped[2:]
        elif stripped.startswith("- "):
            first, later, body = indent + "- ", indent + "  ", stripped[2:]
        else:
            first = later = indent
            body = stripped
        out += textwrap.wrap(body, cols, initial_indent=first, subsequent_indent=later,
                             break_long_words=False, break_on_hyphens=False) or [line]
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")
