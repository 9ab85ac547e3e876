"""The map as `fact` memories: one per item with a stable key, superseded when its text changes.

`refresh_map` does nothing but a walk and a hash when the manifests and the file list are unchanged.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from pathlib import Path, PurePosixPath

import attrs

from lore.codemap.build import build_map, manifest_files
from lore.codemap.files import from_paths, list_files
from lore.codemap.guides import read_guides
from lore.codemap.manifests import MANIFEST_NAMES
from lore.codemap.model import CodeMap
from lore.codemap.render import from_json, module_markdown, overview_markdown, to_json
from lore.memory import Anchor, Kind, Memory, Provenance, SourceKind, Status

log = logging.getLogger(__name__)
MAP_VERSION = 14  # bump when what a map holds changes, so every workspace builds its map again
HASH_META = "codemap.hash"
JSON_META = "codemap.json"
MODULE_ITEMS = 12
MIN_IMPORTERS = 2  # a key module's item needs this many modules importing it


@attrs.define
class MapResult:
    """What one refresh did."""

    cmap: CodeMap
    rebuilt: bool
    added: int = 0
    superseded: int = 0
    retired: int = 0
    seconds: float = 0.0
    warnings: list[str] = attrs.field(factory=list)


def workspace_digest(root: Path, files: list[str], manifests: list[str]) -> str:
    """Hash of the file list, every manifest's and build file's text and the commands the guides document
    (not the guides' prose: editing a README's text builds no new map)."""
    h = hashlib.sha256(f"v{MAP_VERSION}\0".encode())
    for c in read_guides(root, files, set()):
        h.update(f"{c.source}\0{c.name}\0{c.doc}\3".encode("utf-8", "surrogateescape"))
    for f in files:
        h.update(f.encode("utf-8", "surrogateescape") + b"\0")
    for f in manifests:
        try:
            h.update(f.encode("utf-8", "surrogateescape") + b"\1" + (root / f).read_bytes() + b"\2")
        except OSError:
            h.update(b"?")
    return h.hexdigest()


def refresh_map(lore, *, force: bool = False, paths=None) -> MapResult:
    """Build the map when the workspace changed and store its items; the stored map otherwise.

    `paths`, when given, are every file another walk of the workspace kept (the import's), saving a walk.
    """
    start = time.monotonic()
    root = Path(lore.root)
    store = lore.store
    files = list_files(root) if paths is None else from_paths(paths)
    digest = workspace_digest(root, files.files, manifest_files(files.files))
    stored = store.get_meta(JSON_META)
    if not force and stored and store.get_meta(HASH_META) == digest:
        return MapResult(from_json(json.loads(stored)), False, seconds=time.monotonic() - start)
    warnings: list[str] = []
    cmap = build_map(root, files, warnings)
    result = MapResult(cmap, True, warnings=warnings)
    _sync(lore, map_memories(cmap, _decisions(lore, cmap)), result)
    store.set_meta(JSON_META, json.dumps(to_json(cmap), sort_keys=True))
    store.set_meta(HASH_META, digest)
    result.seconds = time.monotonic() - start
    return result


def refresh_for_import(lore, summary, layout=None) -> None:
    """`lore import`'s part: refresh the map (from the files of the import's walk, `layout.files`, when there
    was one), say what it did in the import summary; never fail the import."""
    try:
        paths = layout.files if layout is not None and layout.files and not layout.truncated else None
        result = refresh_map(lore, paths=paths)
    except Exception as e:  # the map is extra: an import of decisions never fails for it
        log.warning("building the codebase map failed", exc_info=True)
        summary.warnings.append(f"(codebase map):1: not built: {e.__class__.__name__}: {e}")
        return
    summary.code_map = {"rebuilt": result.rebuilt, "added": result.added, "superseded": result.superseded,
                        "retired": result.retired, "seconds": round(result.seconds, 3)}
    summary.warnings += result.warnings


def stored_map(lore) -> CodeMap | None:
    """The last map stored, without looking at the workspace."""
    stored = lore.store.get_meta(JSON_META)
    return from_json(json.loads(stored)) if stored else None


def _decisions(lore, cmap: CodeMap) -> dict[str, list[str]]:
    """Titles of the decisions and conventions anchored to each key module's main file (exact lookups)."""
    out: dict[str, list[str]] = {}
    for m in cmap.top_modules(MODULE_ITEMS):
        if not m.main_files:
            continue
        try:
            found = lore.memories_at(m.main_files[0])
        except Exception:  # the map does without them
            log.warning("decisions anchored to %s not read", m.path, exc_info=True)
            continue
        titles = [mem.title for mem, _ in found if mem.kind in (Kind.DECISION, Kind.CONVENTION)
                  and mem.provenance.kind is not SourceKind.CODE_MAP]
        if titles:
            out[m.path] = titles[:3]
    return out


def map_memories(cmap: CodeMap, decisions: dict[str, list[str]] | None = None) -> list[Memory]:
    """The map's items as memories (not stored yet): the overview, each key module, each sub-project's commands.

    A workspace without a manifest (no pyproject, package.json, go.mod, Cargo.toml, pom.xml, Gradle or
    setup file) is no project to map: a folder of notes or scripts gets no items, and loses any it had.
    """
    if not any(PurePosixPath(f).name in MANIFEST_NAMES for f in cmap.manifests):
        return []
    out = [_item("overview", f"Project map of {cmap.name}: layout, commands, entry points, key modules",
                 overview_markdown(cmap), [f for f in cmap.manifests if PurePosixPath(f).name in MANIFEST_NAMES][:20],
                 "")]
    for m in cmap.top_modules(MODULE_ITEMS):
        if m.imported_by < MIN_IMPORTERS:
            continue  # central by rank among few modules, but nothing leans on it: no item of its own
        role = m.role.split(". ")[0][:120] if m.role else "role undocumented"
        body = module_markdown(m, cmap)
        if (decisions or {}).get(m.path):
            body += "\n\nDecisions anchored here: " + "; ".join(f"“{t}”" for t in decisions[m.path]) + "."
        out.append(_item(m.key, f"Module {m.path or '.'}/: {role}", body,
                         [f"{m.path}/*"] if m.path else m.main_files or ["README.md"], m.path))
    for area in sorted({c.area for c in cmap.commands if c.area}):
        cmds = [c for c in cmap.commands if c.area == area]
        body = "\n".join(f"- {c.kind}: `{c.name}` → `{c.run[:160]}` ({c.source})" for c in cmds[:25])
        out.append(_item(f"area:{area}", f"Commands of {area}/ ({', '.join(sorted({c.kind for c in cmds}))})",
                         body, [f"{area}/**"], area))
    return out


def _item(key: str, title: str, body: str, anchors: list[str], path: str) -> Memory:
    m = Memory(title=title[:300], body=body, kind=Kind.FACT, tags=["code-map"],
               anchors=[Anchor.parse(a) for a in anchors],
               provenance=Provenance(SourceKind.CODE_MAP, path=path or None, key=f"codemap:{key}"))
    m.meta["map_hash"] = hashlib.sha256((title + "\0" + body + "\0" + "\0".join(anchors)).encode()).hexdigest()[:16]
    return m


def _sync(lore, items: list[Memory], result: MapResult) -> None:
    """Insert new items, supersede changed ones (the old memory points to the new), retire vanished ones."""
    store = lore.store
    live = store.memories.matching(source_kinds=[SourceKind.CODE_MAP], statuses=[Status.ACTIVE])
    by_key = {m.provenance.key: m for m in live}
    for d in items:
        old = by_key.pop(d.provenance.key, None)
        if old is not None and old.meta.get("map_hash") == d.meta["map_hash"]:
            continue
        if old is not None:
            d.supersedes = [old.id]
            result.superseded += 1
        else:
            result.added += 1
        lore.add(d, embed=False)
    for old in by_key.values():  # a module no longer central, a sub-project gone: restorable, never deleted
        old.status = Status.DEPRECATED
        old.meta["removed_from_map"] = True
        store.memories.update(old, reindex=False)
        result.retired += 1
