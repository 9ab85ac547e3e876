"""Folders a decision names in prose as one of the project's parts: "exported by the core package" (`packages/core`),
"a new `Permission` model in the `users` app" (`backend/users`), "the relayer crate", "the `git-repos` folder".

Writers name their own packages, apps, crates and folders by the folder's name with the kind of part after it,
rarely as a path. Such a phrase anchors the folder when exactly one folder of that name, outside tests and vendored
code, is a part of that kind: a project root (a manifest or project file), a Python package or Django app
(`__init__.py`, `apps.py`) or, for a "package", a folder of Go or Java sources; a "folder" or "directory" is any
folder holding code. The same name as a folder of other kinds, or in two places, names none of them in particular.
A part the record names once and in no heading is where something else lives ("the production implementation lives
in the `jabgui` module"), not its subject, and anchors nothing; a folder too broad to anchor (`mentions.broad`)
neither.
"""

from __future__ import annotations

import re

from lore.memory import Anchor, ValidationError
from lore.sources import concepts, named
from lore.sources.ranking import Derived

SCORE = 0.7  # a folder by its name in prose: below a path written out (`mentions.SURE`)
_KIND = r"(?:package|crate|library|app|application|project|module|folder|directory)"
_PART = re.compile(rf"\b[Tt]he[ \t]+(`?)([A-Za-z@][\w.@/-]{{1,60}}?)\1[ \t]*\n?[ \t]*({_KIND})\b")
_FOLDERS = frozenset({"folder", "directory"})
_UNIT_FILES = ("__init__.py", "apps.py")
_PACKAGE_SOURCES = (".go", ".java", ".kt")
# Words that open such a phrase without naming a part ("the main project", "the same package", "the new app").
_NOT_NAMES = frozenset("""main new same whole entire following above below current existing old other given parent
default top first second last next previous single separate right wrong original relevant respective own
corresponding specific root base""".split())


def part_anchors(text: str, ctx, broad) -> list[Derived]:
    """Folder anchors for the parts `text` names in prose (see the module); `broad(hit, written, text, layout)`
    says a folder is too broad to anchor."""
    layout = ctx.layout
    own = concepts.own_names(ctx.project_name)
    out: dict[str, Derived] = {}
    for m in _PART.finditer(text):
        name, kind = m.group(2).rstrip("."), m.group(3)
        if name.lower() in _NOT_NAMES or re.sub(r"[^a-z0-9]", "", name.lower()) in own:
            continue
        hits = _parts(name, kind, layout)
        if len(hits) != 1 or not _subject(name, text):
            continue
        hit = hits[0]
        glob = f"{hit}/**"
        if glob in out or broad(hit, name, text, layout):
            continue
        try:
            out[glob] = Derived(Anchor.parse(glob), SCORE, f"names “the {name} {kind}” ({hit})")
        except ValidationError:
            continue
    return list(out.values())


def _parts(name: str, kind: str, layout) -> list[str]:
    """The folders a part called `name` of `kind` may be: by their published name, else by folder name."""
    published = [f for f in layout.published.get(name, []) if f]
    if published:
        return published
    found = [d for d in layout.dirs_named(name) if not (layout.vendored(d + "/") or named.TEST_PATH.search(d + "/")
                                                          or d.split("/", 1)[0].startswith("."))]
    return found if len(found) == 1 and _is_part(found[0], kind, layout) else []


def _is_part(folder: str, kind: str, layout) -> bool:
    """Whether `folder` is a part of `kind`: a project root or package (any folder holding code, for a folder)."""
    direct = layout.files_in(folder)
    if kind in _FOLDERS:
        return layout.files_under(folder) > layout.files_under(folder, _PAGES)
    if folder in layout.roots or any(f in _UNIT_FILES for f in direct):
        return True
    return kind == "package" and any(f.endswith(_PACKAGE_SOURCES) for f in direct)


_PAGES = (".md", ".mdx", ".markdown", ".txt", ".rst", ".adoc", ".png", ".svg", ".jpg", ".jpeg", ".gif", ".webp",
          ".json", ".yml", ".yaml")


def _subject(name: str, text: str) -> bool:
    """Whether a record comes back to a part it names (twice or more) or a heading names it."""
    whole = re.compile(rf"(?<![\w/.-]){re.escape(name)}(?![\w/-])", re.I)
    if len(whole.findall(text)) >= 2:
        return True
    return any(whole.search(h) for h in re.findall(r"^[ \t]*#{1,6}[ \t]+(.*)$", text, re.M))
