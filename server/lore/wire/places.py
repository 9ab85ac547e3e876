"""Where a memory applies and where it comes from, as a person reads it: a file as a link to it, a
symbol as its name in its file, a folder rule as the folder, a language rule as the language; never
the anchor syntax the team files hold (`symbol:typescript:FeaturesReadModel`).

Links come from the caller: `link(path, line)` gives a target for a workspace-relative file (a
`file:` URI in an editor), or None where links cannot be followed (a terminal): then the path is
shown as code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lore.recall.anchoring import GLOB_CHARS
from lore.recall.card import escape

if TYPE_CHECKING:
    from lore.memory import Anchor, Memory

Linker = Callable[[str, "int | None"], "str | None"]


def no_links(path: str, line: int | None = None) -> str | None:
    """The linker of faces that cannot follow links: every place as code."""
    return None


def file_ref(path: str, link: Linker, line: int | None = None) -> str:
    """A workspace file as a markdown link (`[src/a.ts](target)`), or as code when there is no link."""
    label = f"{path}:{line}" if line else path
    target = link(path, line)
    if not target:
        return f"`{label}`"
    return f"[{escape(label)}]({target})"


def place(anchor: Anchor, link: Linker = no_links) -> str:
    """One anchor in words: "`FeaturesReadModel` in [src/…/features-read-model.ts](…)", "[src/a.ts](…)",
    "files under `src/api/`", "files matching `**/*.test.ts`", "every python file"."""
    if anchor.kind == "symbol":
        if anchor.file:
            return f"`{symbol_name(anchor.value)}` in {file_ref(anchor.file, link)}"
        return f"`{anchor.value}`" + (f" ({anchor.language} code)" if anchor.language else "")
    if anchor.kind == "language":
        return f"every {anchor.value} file"
    glob = anchor.value
    if not GLOB_CHARS & set(glob):
        return file_ref(glob, link)
    fixed = []
    for part in glob.split("/"):
        if GLOB_CHARS & set(part):
            break
        fixed.append(part)
    rest = glob[len("/".join(fixed)):].lstrip("/")
    if fixed and rest in ("**", "**/*", "*"):
        return f"files under `{'/'.join(fixed)}/`" if rest != "*" else f"files directly in `{'/'.join(fixed)}/`"
    return f"files matching `{glob}`"


def symbol_name(qualified: str) -> str:
    """What a reader calls a symbol: `Class.method` for a method, else the last part of its name."""
    parts = qualified.split(".")
    return ".".join(parts[-2:]) if len(parts) > 1 and parts[-2][:1].isupper() else parts[-1]


def places(m: Memory, link: Linker = no_links) -> str:
    """Every anchor of a memory in words, joined ("" when it has none)."""
    return ", ".join(place(a, link) for a in m.anchors)


def source_ref(m: Memory, link: Linker = no_links) -> str:
    """Where a memory comes from: its file (linked to the line of its section) or the kind of source."""
    p = m.provenance
    if not p.path:
        return p.kind.value
    return file_ref(p.path, link, p.line)
