"""A git merge driver for team files: structured fields merge, real text conflicts stay for people.

Installed by `lore init` (`.gitattributes`: `.lore/memories/*.md merge=lore` and `.lore/anchors.yaml
merge=lore`, the latter merged entry by entry, `lore.anchors.shared.merge`; and a per-clone
`merge.lore.driver` in git's config). Git runs `lore merge-file %O %A %B %P`. The three versions'
Lore-owned front-matter keys are merged field by field (lists: what either side added, minus what
either side removed; `updated:` the later one; another scalar: the side that changed it) and written
identically into all three, then `git merge-file` merges the texts: edits to tags, anchors and
links on both sides merge cleanly, while two edits of the same text still conflict, with markers,
for a person to resolve (and Lore refuses the file until then).
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import yaml

from lore.anchors import shared
from lore.team.frontedit import LISTS, ORDER, edit_front
from lore.markup.markdown import front_matter
from lore.team.files import _iso, _ts
from lore.markup.yamlbound import YamlLimitError, load_bounded


def _front(text: str) -> dict | None:
    fm = front_matter(text)
    if fm is None:
        return None
    try:
        data = load_bounded(fm.raw) or {}
    except (YamlLimitError, yaml.YAMLError):
        return None
    return data if isinstance(data, dict) else None


def _items(v: object) -> list[str]:
    return [str(x) for x in (v if isinstance(v, list) else ([] if v is None else [v]))]


def merge_fields(base: dict, ours: dict, theirs: dict) -> dict:
    """Merged values of the Lore-owned keys that changed on either side (a scalar both sides changed
    differently is left out: the text merge shows that conflict)."""
    out: dict = {}
    for key in ORDER:
        o, a, b = base.get(key), ours.get(key), theirs.get(key)
        if a == b == o:
            continue
        if key in LISTS:
            lo, la, lb = _items(o), _items(a), _items(b)
            removed = (set(lo) - set(la)) | (set(lo) - set(lb))
            out[key] = [x for x in dict.fromkeys(la + lb) if x not in removed]
        elif key == "updated":
            out[key] = _iso(max(_ts(a, 0.0), _ts(b, 0.0))) if (a or b) else None
        elif a == o:
            out[key] = b
        elif b == o or a == b:
            out[key] = a
    return out


def _apply(text: str, values: dict) -> str:
    fm = front_matter(text)
    if fm is None or not values:
        return text
    old = _front(text) or {}
    new = {k: v for k, v in {**{k: old[k] for k in ORDER if k in old}, **values}.items() if v is not None}
    front = edit_front(fm.raw, old, new, lambda key, *_: key not in values, keep_order=True)
    return text[: fm.start] + front + text[fm.end:]


def merge_texts(base: str, ours: str, theirs: str, label: str = "") -> tuple[str, bool]:
    """The merged file text and whether it merged cleanly."""
    fronts = [_front(t) for t in (base, ours, theirs)]
    if all(f is not None for f in fronts):
        values = merge_fields(*fronts)  # type: ignore[arg-type]
        base, ours, theirs = (_apply(t, values) for t in (base, ours, theirs))
    with tempfile.TemporaryDirectory(prefix="lore-merge-") as d:
        paths = []
        for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
            p = Path(d) / name
            p.write_text(text, encoding="utf-8")
            paths.append(str(p))
        r = subprocess.run(["git", "merge-file", "-p", "-L", f"ours{label}", "-L", "base", "-L", f"theirs{label}",
                            *paths], capture_output=True, text=True, encoding="utf-8")
    if r.returncode < 0 or r.returncode > 127:
        raise OSError(f"git merge-file failed: {r.stderr.strip()}")
    return r.stdout, r.returncode == 0


def merge_file(base: Path, ours: Path, theirs: Path, path: str = "") -> int:
    """The driver: merge into `ours` (git's %A); 0 when clean, 1 when conflicts remain. The team's anchor
    choices (`.lore/anchors.yaml`) merge entry by entry (`lore.anchors.shared.merge`)."""
    read = [p.read_bytes().decode("utf-8") for p in (base, ours, theirs)]
    merged = shared.merge(*read) if path.replace("\\", "/").endswith(shared.REL) else None
    if merged is not None:
        ours.write_text(merged, encoding="utf-8")
        return 0
    text, clean = merge_texts(*read, label=f" {path}" if path else "")
    ours.write_text(text, encoding="utf-8")
    return 0 if clean else 1
