"""`lore init` (make a repository ready for team memories) and `lore merge-file` (git's merge driver)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from lore.cli.output import out
from lore.workspace import find_root

ATTRIBUTES = ".lore/memories/*.md merge=lore\n.lore/anchors.yaml merge=lore\n"


def register(sub) -> None:
    """Add `init` and `merge-file` to the parser."""
    p = sub.add_parser("init", help="make the repository ready for team memories (merge driver, folders)")
    p.set_defaults(func=cmd_init)
    p = sub.add_parser("merge-file", help="git merge driver for team memory files (run by git)")
    for name in ("base", "ours", "theirs"):
        p.add_argument(name)
    p.add_argument("path", nargs="?", default="")
    p.set_defaults(func=cmd_merge_file)


def cmd_init(args) -> int:
    """lore init"""
    from lore.store.safe_fs import real_folder, write_atomic
    from lore.workspace import lore_dir, memories_dir

    root = Path(args.workspace).resolve() if getattr(args, "workspace", None) else find_root()
    lore_dir(root)
    real_folder(root, memories_dir(root), mode=0o755)
    attrs = root / ".gitattributes"
    text = attrs.read_text("utf-8") if attrs.is_file() else ""
    missing = "".join(line + "\n" for line in ATTRIBUTES.splitlines() if line not in text.splitlines())
    if missing:
        write_atomic(root, attrs, text + ("\n" if text and not text.endswith("\n") else "") + missing)
    if (root / ".git").exists():
        for key, value in (("merge.lore.name", "Lore team memory files"),
                           ("merge.lore.driver", "lore merge-file %O %A %B %P")):
            subprocess.run(["git", "config", key, value], cwd=root, check=True, capture_output=True)
        out.print("Merge driver set for this clone (each teammate runs `lore init` once).")
    out.print("Commit .gitattributes, .lore/memories/ and .lore/anchors.yaml (once there is one): "
              "`git add .gitattributes .lore/memories`.")
    return 0


def cmd_merge_file(args) -> int:
    """lore merge-file BASE OURS THEIRS [PATH]"""
    from lore.team.mergefile import merge_file

    return merge_file(Path(args.base), Path(args.ours), Path(args.theirs), args.path)
