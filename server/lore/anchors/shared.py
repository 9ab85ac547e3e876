"""What people chose about the anchors of imported records, kept in the repository for the whole team:
`.lore/anchors.yaml`, committed beside `.lore/memories/`.

A team memory keeps its anchors (and `anchors_dropped`) in its own file. An imported record (an ADR, a
guide's section, a decision comment) is re-derived from its source on every import, and what a person
added, dropped or confirmed (`lore.anchors.choices`) used to live only in this clone's database. Here
each such record has an entry, by its source (`path#key`), with the three lists; `change_anchors`
writes it, and every import applies it (`choices_for`), also in a fresh clone and after a pull that
changed only this file (`changed_sources` tells the import which records to read again). Git merges
it with the team files' driver (`lore init`), entry by entry (`merge`).

    docs/adr/0013-storage-capabilities.md#adr:
      added:
      - symbol:go:SpanWriter@internal/storage/v1/cassandra/spanstore/writer.go
      dropped:
      - internal/storage/v1/badger/**

A file that cannot be read (merge conflict markers, broken YAML, a wrong shape) is reported and ignored
as a whole: the choices last applied stay as they are, and nothing is rewritten until it is mended.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from lore.markup.conflicts import conflict_line
from lore.markup.yamlbound import Limits, YamlLimitError, load_bounded
from lore.memory import Memory, SourceKind
from lore.store.safe_fs import write_atomic
from lore.text import content_hash
from lore.workspace import LORE_DIR

FILE = "anchors.yaml"
REL = f"{LORE_DIR}/{FILE}"  # the file, from the workspace root
LISTS = ("added", "dropped", "confirmed")
LIMITS = Limits(max_chars=4 * 1024 * 1024, max_nodes=400_000, max_expanded_chars=8 * 1024 * 1024)
HEADER = ("# Anchors people chose for records Lore imports (ADRs, guides, decision comments), by source:\n"
          "# added with `lore anchors ID --add` or the editor's \"Anchor … to\" action, dropped, confirmed.\n"
          "# Commit it with .lore/memories/: every clone's import applies it.\n")


class ChoicesFileError(ValueError):
    """`.lore/anchors.yaml` cannot be read; the message says where and why."""


def path_of(root: Path) -> Path:
    """Where the team's anchor choices live."""
    return Path(root) / LORE_DIR / FILE


def source_key(m: Memory) -> str | None:
    """The entry an imported record's choices live under (`docs/adr/1.md#adr`); None for a memory
    without a source file or one that keeps its own (a team file)."""
    p = m.provenance
    if p.kind is SourceKind.TEAM_FILE or not p.path:
        return None
    return f"{p.path}#{p.key}" if p.key else p.path


def read(root: Path) -> dict[str, dict[str, list[str]]]:
    """Every entry of the file ({} when there is none); ChoicesFileError when it cannot be read."""
    path = path_of(root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as e:
        raise ChoicesFileError(f"{LORE_DIR}/{FILE}: cannot be read: {e}") from None
    return parse(text)


def parse(text: str) -> dict[str, dict[str, list[str]]]:
    """The entries of the file's text (as `read`; `lore review` reads it at two revisions)."""
    at = conflict_line(text)
    if at is not None:
        raise ChoicesFileError(f"{LORE_DIR}/{FILE}:{at}: merge conflict markers; anchor choices not applied until it is mended")
    try:
        data = load_bounded(text, LIMITS)
    except (yaml.YAMLError, YamlLimitError) as e:
        raise ChoicesFileError(f"{LORE_DIR}/{FILE}: not readable YAML: {str(e).splitlines()[0]}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ChoicesFileError(f"{LORE_DIR}/{FILE}: expected a mapping of sources to choices")
    out: dict[str, dict[str, list[str]]] = {}
    for key, entry in data.items():
        if not isinstance(entry, dict):
            raise ChoicesFileError(f"{LORE_DIR}/{FILE}: the entry {key!r} is not a mapping of {', '.join(LISTS)}")
        lists = {name: [str(v) for v in entry.get(name) or []] for name in LISTS
                 if isinstance(entry.get(name) or [], list)}
        out[str(key)] = {k: v for k, v in lists.items() if v}
    return out


def record(root: Path, m: Memory, meta_keys: dict[str, str]) -> bool:
    """Write one imported record's choices (its meta lists, `meta_keys`: list name -> meta key) into the
    file, dropping the entry when all are empty; False (nothing written) for a memory that keeps its own.
    ChoicesFileError when the file exists and cannot be read: it is not overwritten."""
    key = source_key(m)
    if key is None:
        return False
    entries = read(root)
    entry = {name: [str(v) for v in (m.meta.get(meta) or [])] for name, meta in meta_keys.items()}
    entry = {k: v for k, v in entry.items() if v}
    if entries.get(key, {}) == entry:
        return False
    if entry:
        entries[key] = entry
    else:
        entries.pop(key, None)
    write(root, entries)
    return True


def moved(entries: dict[str, dict[str, list[str]]], old: str, new: str) -> dict[str, dict[str, list[str]]] | None:
    """The entries with those of source `old` under `new` (a renamed or moved file, `sources/renames.py`),
    or None when `old` has none. An entry already under the new key keeps its lists and gains the old
    entry's, so a clone that pulls the rename and the file already moved by the clone that made it
    changes nothing."""
    keys = [k for k in entries if k == old or k.startswith(old + "#")]
    if not keys:
        return None
    out = {k: v for k, v in entries.items() if k not in keys}
    for k in keys:
        target = new + k[len(old):]
        have = out.get(target, {})
        out[target] = {name: list(dict.fromkeys(have.get(name, []) + entries[k].get(name, [])))
                       for name in LISTS if have.get(name) or entries[k].get(name)}
    return out


def write(root: Path, entries: dict[str, dict[str, list[str]]]) -> None:
    """Replace the file's entries (the header and order as `render` gives them)."""
    path = path_of(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(Path(root), path, render(entries))


def render(entries: dict[str, dict[str, list[str]]]) -> str:
    """The file's text: the header, then the entries sorted by source, each list in its order."""
    ordered = {k: {name: entries[k][name] for name in LISTS if entries[k].get(name)} for k in sorted(entries)}
    ordered = {k: v for k, v in ordered.items() if v}
    return HEADER + (yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, width=10**9) if ordered else "")


def merge(base: str, ours: str, theirs: str) -> str | None:
    """Three versions of the file merged entry by entry and list by list (what either side added, minus
    what either side removed), as git's merge driver does for team files (`lore.team.mergefile`); None
    when one of them cannot be read (the text merge then shows the conflict to a person)."""
    try:
        o, a, b = (parse(t) if t.strip() else {} for t in (base, ours, theirs))
    except ChoicesFileError:
        return None
    out: dict[str, dict[str, list[str]]] = {}
    for key in sorted(o.keys() | a.keys() | b.keys()):
        entry = {}
        for name in LISTS:
            lo, la, lb = (e.get(key, {}).get(name, []) for e in (o, a, b))
            removed = (set(lo) - set(la)) | (set(lo) - set(lb))
            entry[name] = [x for x in dict.fromkeys(la + lb) if x not in removed]
        out[key] = entry
    return render(out)


def fingerprints(entries: dict[str, dict[str, list[str]]]) -> dict[str, str]:
    """Entry key -> a hash of its choices, to tell which changed since the last import."""
    return {k: content_hash(json.dumps(v, sort_keys=True)) for k, v in entries.items()}


def changed_sources(now: dict[str, str], before: dict[str, str]) -> set[str]:
    """Source paths whose entries were added, changed or removed between two imports' fingerprints."""
    keys = {k for k in now.keys() | before.keys() if now.get(k) != before.get(k)}
    return {k.split("#", 1)[0] for k in keys}
