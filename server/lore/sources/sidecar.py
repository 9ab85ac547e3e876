"""An item's status kept in a metadata file beside its page, not in the page.

Kubernetes keeps each enhancement proposal as the read-me of its numbered folder
(`keps/sig-node/2133-kubelet-credential-providers/README.md`) and its title, status and successors in
`kep.yaml` next to it (`status: implemented`, `replaces:`, `superseded-by:`); the read-me states no
status of its own. The metadata file is read as the page's front matter for what it says of the
item's state, under what the page's own front matter says: the page is then a decision record like
one stating its status in its header (`docs.parse_doc`). The import remembers the file as one the page
reads (as a CLAUDE.md remembers its imports), so a status changed in it alone reads the page again.

Only an item's own page (a read-me or index page) has one, and only a file named for it (`SIDECARS`)
that is a mapping stating a status. A broken or oversized file is reported and the page read without it.
"""

from __future__ import annotations

import os
from pathlib import PurePosixPath

import yaml

from lore.markup.yamlbound import YamlLimitError, load_bounded
from lore.sources.status import FRONT_PREDECESSORS, FRONT_SUCCESSORS

SIDECARS = ("kep.yaml", "metadata.yaml", "metadata.yml")
_PAGES = ("readme", "index")
MAX_BYTES = 64 * 1024
# What a metadata file tells of the item's state; its title (often a slug) and the rest stay the page's.
KEYS = ("status", "state", *FRONT_SUCCESSORS, *FRONT_PREDECESSORS)


def sidecar_of(root: str, rel_path: str) -> str | None:
    """The workspace-relative path of the metadata file beside an item's page, or None."""
    p = PurePosixPath(rel_path)
    if p.name.split(".", 1)[0].lower() not in _PAGES or len(p.parts) < 2:
        return None
    for name in SIDECARS:
        rel = str(p.parent / name)
        if os.path.isfile(os.path.join(root, rel)):
            return rel
    return None


def read_sidecar(root: str, rel: str) -> tuple[str | None, str | None]:
    """(text, None) of a metadata file, or (None, why) when it cannot be read as one."""
    try:
        full = os.path.join(root, rel)
        if os.path.getsize(full) > MAX_BYTES:
            return None, f"over {MAX_BYTES // 1024} KB"
        with open(full, "rb") as f:
            return f.read().decode("utf-8"), None
    except UnicodeDecodeError:
        return None, "not UTF-8"
    except OSError as e:
        return None, e.strerror or str(e)


def item_front(text: str) -> tuple[dict, str | None]:
    """What a metadata file says of its item's state, as front matter keys (lower case), and why it says
    nothing when it cannot be read (not YAML, not a mapping, over a limit); {} for a file stating no status."""
    try:
        data = load_bounded(text)
    except YamlLimitError as e:
        return {}, f"over a limit: {e}"
    except yaml.YAMLError as e:
        return {}, f"not valid YAML ({getattr(e, 'problem', None) or str(e).splitlines()[0]})"
    if not isinstance(data, dict):
        return {}, None if data is None else "not a mapping"
    keys = {str(k).lower(): v for k, v in data.items()}
    if keys.get("status") in (None, "") and keys.get("state") in (None, ""):
        return {}, None
    return {k: keys[k] for k in KEYS if keys.get(k) not in (None, "", [])}, None
