"""Names written with their scope: Ruby, C++ and Rust `A::B` (a Ruby method `A::B#m` or `A::B.m`), PHP
`App\\Models\\User` (a static member `App\\Models\\User::find`). A decision writing `BulkData::Cache` names
the one `Cache` inside `BulkData`, which symbol extraction calls `BulkData.Cache`; `qualified` reads the
written name in that dotted form and `resolve` finds the definitions it means (`lore.sources.named`
reads both for the names a decision writes).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

SCOPED = re.compile(r"(?<![\w:\\$])(?:::|\\)?((?:[A-Za-z_]\w*::)+[A-Za-z_]\w*(?:[#.][a-z_]\w*[?!]?)?"
                    r"|(?:[A-Za-z_]\w*\\)+[A-Z]\w*(?:::[A-Za-z_]\w*)?)(?![\w:\\])")
# A type defined with its scope written in its name (`class Admin::User`, `module BulkData::Cache`): the
# name it defines is the last part, read only for names written with their scope (`resolve`), so that
# `Revision` alone still means the one top-level `class Revision`.
SCOPED_DEF = re.compile(rb"\b(?:class|module)\s+(?:::)?(?:[A-Z]\w*::)+([A-Z]\w{1,80})\b")
SCOPED_FILES = 12  # files read by tree-sitter for one scoped name
ROOT_MODULES = frozenset({"crate", "self", "super"})  # Rust paths relative to a crate or module


def qualified(raw: str) -> str | None:
    """The dotted form of a name written with its scope: `Admin::User` -> `Admin.User`, `Foo::Bar#baz` ->
    `Foo.Bar.baz`, `leveldb::DB::Open` -> `leveldb.DB.Open`, `crate::store::Cache` -> `store.Cache`, PHP
    `App\\Models\\User::find` -> `App.Models.User.find` (which parts are scopes and which are folders,
    `resolve` tells); None for a crate's own item (`crate::Cache`)."""
    parts = [p for p in re.split(r"::|#|\\|\.", raw.strip()) if p]
    while len(parts) > 2 and parts[0] in ROOT_MODULES:
        parts = parts[1:]
    if len(parts) < 2 or parts[0] in ROOT_MODULES:
        return None
    return ".".join(parts)


def resolve(name: str, index) -> list[tuple[str, str, str]]:
    """(file, language, qualified symbol) of each definition a dotted scoped `name` means, looked for in
    the files of `index` (a `lore.sources.named.SymbolIndex`) defining its last capitalised part that
    anything defines (the type: `Bar` of `Foo.Bar.baz`, two letters too: `Db` of `Db::migrate`; a C++
    method `Prune` is not indexed).

    A definition is meant when its qualified name ends with every part written (`BulkData.Cache` is
    `class Cache` inside `module BulkData`, or `class BulkData::Cache`; `leveldb.DB.Open` is `Open` of
    `class DB` in `namespace leveldb`), or with the parts after a scope that is where its file sits
    rather than a definition (a PHP namespace `App\\Models\\User` in a folder `Models`, a Rust module
    `store::Cache` in `store.rs` or `store/`). A scope nothing here has (`std::vector`, a framework's
    `ActiveStorage::Blob`) means nothing here."""
    parts = name.split(".")
    types = [p for p in parts if p[:1].isupper()] or parts[-1:]
    pools = (index.defs.get(p, set()) | index.short.get(p, set()) | index.scoped.get(p, set()) for p in reversed(types))
    pool = sorted(next((files for files in pools if files), ()))
    if len(pool) > SCOPED_FILES:
        return []
    out = []
    for rel in pool:
        where = PurePosixPath(rel)
        places = {where.parent.name.lower(), where.stem.lower()}
        for k in range(len(parts)):
            if k and (parts[k - 1].lower() not in places or not any(p[:1].isupper() for p in parts[k:])):
                continue
            found = index.symbol(rel, ".".join(parts[k:]))
            if found and found[1].split(".")[-(len(parts) - k):] == parts[k:]:
                out.append((rel, found[0], found[1]))
                break
    return out
