"""The workspace's files, folders and sub-projects, indexed once per import to resolve what a decision names.

A decision written inside a sub-project names paths relative to that project (`src/hooks/api` in a
repository whose front end lives in `frontend/`), and a Go decision names packages by import path
(`github.com/org/app/x/blob`). `WorkspaceLayout` knows every file and folder the import walk kept
(ignore files honoured), the project roots (folders holding a package manifest or a .NET project file,
and package.json workspaces) and the Go module paths, and resolves such names to the paths that exist.
A file path written relative to some other folder resolves when exactly one file's path ends with it, a
package path of three or more parts when one folder's does, and a PHP namespace by the PSR-4 maps of
the workspace's composer.json files.
"""

from __future__ import annotations

import json
import os
import posixpath
import logging
import re
from pathlib import Path, PurePosixPath

log = logging.getLogger(__name__)

MANIFESTS = frozenset({"package.json", "go.mod", "pyproject.toml", "setup.py", "Cargo.toml", "pom.xml",
                       "build.gradle", "build.gradle.kts", "Package.swift"})
# Folders of third-party or generated code: never a decision's subject, and costly to read.
VENDORED = frozenset({"vendor", "third_party", "third-party", "thirdparty", "dist", "build", "out", "target",
                      "coverage", "generated", "__generated__", "gen", ".cache", "site-packages", "external"})
# What a code generator keeps beside the files it writes: OpenAPI Generator's `.openapi-generator/` (its `FILES` list)
# and `.openapi-generator-ignore`, Swagger Codegen's `.swagger-codegen/` and `.swagger-codegen-ignore`.
GENERATOR_MANIFESTS = (".openapi-generator", ".openapi-generator-ignore", ".swagger-codegen", ".swagger-codegen-ignore")
# Of those, the names a source tree also gives its own packages: a build's output (`mbed_tools.build`, Go's `pkg/build`,
# a Rails wizard's `app/views/…/build/`) and Bazel's external repositories (a Rails app's
# `app/controllers/api/external/`, the endpoints another service calls); `dist`, `out` and `target` inside a source
# tree are still output (a vendored library's `lib/bootstrap/dist/`).
BUILT = frozenset({"build", "external"})
SOURCE_ROOTS = frozenset({"src", "lib", "pkg", "internal", "app", "cmd", "source", "sources"})


# A coding agent's or agent framework's own folder at the root (`.claude/`, `.cursor/`, `.codex/`, `.bmad-core/`,
# `.aiox-core/`): its commands, personas, scripts and registries are the tool's, and so are the decision records
# its comments cite by number ("ADR-011: Unified Session State" is the framework's record 11, not the project's).
# Its rules are read as guides by the import (`classify`); for anchoring it is another project's code.
_AGENT_TOOL = re.compile(r"^\.(?:claude|cursor|codex|agents?|gemini|windsurf|kiro|roo|cline|continue|antigravity|"
                         r"opencode|augment|amazonq|junie|trae|qoder|kilocode|specify|aider[\w-]*|bmad[\w-]*|"
                         r"aiox[\w-]*)$", re.I)


def agent_tool_folder(rel: str) -> bool:
    """Whether a path lies in a coding agent's folder at the workspace root (see `_AGENT_TOOL`)."""
    top, slash, _ = rel.partition("/")
    return bool(slash) and bool(_AGENT_TOOL.match(top))


def in_folder_of(rel: str, names: frozenset[str]) -> bool:
    """Whether a folder of the path at `rel` has one of `names`, a `build` folder inside a source tree (`BUILT`,
    `SOURCE_ROOTS`) aside: what `WorkspaceLayout.vendored` and the import's third-party rule both ask."""
    parts = rel.split("/")[:-1]
    return any(part in names and not (part in BUILT and SOURCE_ROOTS.intersection(parts[:i]))
               for i, part in enumerate(parts))


def generator_output(abs_path: str, rel: str) -> bool:
    """Whether a workspace file (`rel`, at `abs_path`) lies in a folder a code generator wrote: one holding the
    generator's manifest (`GENERATOR_MANIFESTS`), the workspace's root included. Like a `generated/` folder's
    (`VENDORED`), nothing there is the team's own writing: chronicle-cal/chronicle's
    `services/frontend/src/api-client/docs/LoginRequest.md`, one of 25 model pages OpenAPI Generator wrote,
    ranked first for how login works. Named by what it holds rather than by its name, the folder is found on disk."""
    folder = os.path.dirname(abs_path)
    for _ in range(rel.count("/") + 1):
        if any(os.path.lexists(os.path.join(folder, name)) for name in GENERATOR_MANIFESTS):
            return True
        folder = os.path.dirname(folder)
    return False


# A copy of a browser library saved in the tree under its version or minified (`Scripts/jquery-3.1.1.js`,
# `jquery-3.1.1.slim.min.js`, `modernizr-2.8.3.js`, `bootstrap.min.css`): another project's code, wherever it sits.
_LIBRARY_COPY = re.compile(r"(?:[-.]v?\d+\.\d+(?:\.\d+)*(?:[-.](?:slim|min|intellisense|vsdoc|esm|umd))*|\.min)"
                           r"\.(?:js|css)$", re.I)


# A folder named by a release's full version alone (`1.3.0-rc.1`, `v0.12.0`): a library's release kept as its own
# copy; an interface's version (`api/v1.2/`) has no third number.
_VERSION_FOLDER = re.compile(r"(?:^|/)v?\d+\.\d+\.\d+(?:[-.+][\w.]+)?/", re.I)


def library_copy(rel: str) -> bool:
    """Whether a file is a copy of a browser library by its name: a version or `.min` before `.js` or `.css`; or a
    script or stylesheet kept under a folder named by a version alone (clipperz/password-manager's
    `frontend/gamma/js/JQuery/Mobile/1.3.0-rc.1/jquery.mobile.js`, whose `@deprecated` tags came as the team's
    warnings)."""
    folder, _, name = rel.rpartition("/")
    return bool(_LIBRARY_COPY.search(name)) or \
        name.lower().endswith((".js", ".css")) and bool(_VERSION_FOLDER.search(folder + "/"))


# Project files named for their project: a .NET project (`CarbonAware.WebApi.csproj`), a Ruby gem.
PROJECT_SUFFIXES = (".csproj", ".fsproj", ".vbproj", ".gemspec")
MAX_ENTRIES = 400_000
MAX_PROJECT_HITS = 2  # a path found under more sub-projects than this names none of them in particular
_MODULE = re.compile(r"^\s*module\s+(\S+)", re.M)
_MAJOR = re.compile(r"/v\d+$")
_FILE_NAME = re.compile(r"^[\w.-]*\w\.[A-Za-z][A-Za-z0-9]{0,9}$")


_PUBLISHING = frozenset({"package.json", "pyproject.toml", "Cargo.toml"})
_TOML_NAME = re.compile(r"^\[(?:project|package)\][^\[]*?^name\s*=\s*[\"']([^\"']+)[\"']", re.M | re.S)


def _published_name(manifest: str, text: str) -> str | None:
    """The name a package.json, pyproject.toml or Cargo.toml publishes its package under, or None."""
    if manifest == "package.json":
        try:
            data = json.loads(text)
        except ValueError:
            return None
        name = data.get("name") if isinstance(data, dict) else None
        return name if isinstance(name, str) and name.strip() else None
    m = _TOML_NAME.search(text)
    return m.group(1) if m else None


# A project's own files, as projects name them (`LICENSE`, `LICENSE-APACHE`, `LICENCE.md`, `COPYING`, `NOTICE.txt`,
# `CODE_OF_CONDUCT.md`), not code named for them (`license_check.py`, `notice.ts`).
_TEXT = r"(?:\.(?:md|txt|rst|markdown|adoc))?"
_PROJECT_FILES = (("licence", re.compile(r"(?:un)?licen[cs]e(?:[-.](?:mit|apache(?:-2\.0)?|bsd|gpl|lgpl|mpl))?" + _TEXT
                                         + r"|copying" + _TEXT, re.I)),
                  ("notice", re.compile(r"notice" + _TEXT, re.I)),
                  ("conduct", re.compile(r"code[-_]of[-_]conduct" + _TEXT, re.I)))


def _project_file(name: str) -> str | None:
    """Which file of a project's own a file name is: its licence, its NOTICE or its code of conduct; else None."""
    return next((kind for kind, pattern in _PROJECT_FILES if pattern.fullmatch(name)), None)


def _another_project(root_kinds: set[str], kinds: set[str]) -> bool:
    """Whether a folder holding these project files (`_project_file`) is another project's, below a root holding
    `root_kinds`: both have a licence, and the folder a NOTICE or a code of conduct besides."""
    return "licence" in root_kinds and "licence" in kinds and len(kinds) >= 2


# A licence's copyright line: "Copyright (c) 2018 Qutheory, LLC", "Copyright © 2020-2023 Jane Doe".
_COPYRIGHT = re.compile(r"^\s*copyright\s*(?:\(c\)|©)?\s*(?:\d{4}(?:\s*[-–,]\s*\d{4})*\s*,?\s*)+(?:by\s+)?(.{2,200})$",
                        re.I | re.M)
LICENCE_HEAD = 8192


def licence_holder(path: Path) -> str | None:
    """Who a licence file says holds the copyright (its first dated copyright line, words only, lower case)."""
    try:
        with open(path, "rb") as fh:
            text = fh.read(LICENCE_HEAD).decode("utf-8", "replace")
    except OSError:
        return None
    m = _COPYRIGHT.search(text)
    words = re.findall(r"[a-z0-9]+", m.group(1).lower()) if m else []
    return " ".join(w for w in words if w not in ("the", "and", "all", "rights", "reserved", "contributors")) or None


def copied_project(root: Path, root_licence: str, folder: str, licence: str) -> bool:
    """Whether a folder with a licence and a manifest of its own is a copy of another's project (a vendored package,
    `multipart-kit-tootsdk/` with Vapor's "Copyright (c) 2018 Qutheory, LLC" below a root licensed by its own
    authors): its licence names another copyright holder than the root's. A package of a monorepo carries its
    project's holder, or none."""
    ours, theirs = licence_holder(root / root_licence), licence_holder(root / folder / licence)
    return bool(ours and theirs and ours != theirs)


def in_foreign_project_on_disk(root: Path, rel: str) -> bool:
    """`WorkspaceLayout.in_foreign_project` for one path without a walk (an import of named files): read from the
    listings of the root and of the path's folders, each listed once."""
    def listing(folder: Path) -> list[str]:
        try:
            return sorted(os.listdir(folder))
        except OSError:
            return []

    parts = rel.split("/")[:-1]
    at_root = listing(Path(root)) if parts else []
    root_kinds = {k for name in at_root if (k := _project_file(name))}
    if "licence" not in root_kinds:
        return False
    ours = next(n for n in at_root if _project_file(n) == "licence")
    for i in range(1, len(parts) + 1):
        folder = "/".join(parts[:i])
        names = listing(Path(root) / folder)
        if _another_project(root_kinds, {k for name in names if (k := _project_file(name))}):
            return True
        licence = next((n for n in names if _project_file(n) == "licence"), None)
        if licence and any(is_manifest(n) for n in names) and copied_project(Path(root), ours, folder, licence):
            return True
    return False


# A path a project generator has yet to render: cookiecutter's and copier's `{{cookiecutter.project_slug}}/`,
# `{{ name }}Entity.java`, `{% if docker %}Dockerfile{% endif %}`.
_UNRENDERED = re.compile(r"\{\{|\{%")


def unrendered(rel: str) -> bool:
    """Whether a path is a project generator's template, not yet rendered (`_UNRENDERED`): its code is a pattern
    (`{{cookiecutter.RESOURCE_NAME}}Entity.java` defines `Entity` for every project it makes), no part of this one."""
    return bool(_UNRENDERED.search(rel))


def is_manifest(name: str) -> bool:
    """Whether a file name is a package manifest or a project file, marking its folder a project root."""
    return name in MANIFESTS or name.endswith(PROJECT_SUFFIXES)


class WorkspaceLayout:
    """Files and folders of one workspace (workspace-relative, forward slashes) and its project roots."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.files: set[str] = set()
        self.dirs: set[str] = {""}
        self.roots: list[str] = []
        self.go_modules: dict[str, str] = {}
        self.truncated = False
        self._done = False
        self._counts: dict[tuple[str, ...], dict[str, int]] = {}
        self._by_name: dict[str, list[str]] | None = None
        self._by_stem: dict[str, list[str]] | None = None
        self._autoload: list[tuple[str, str]] | None = None
        self._published: dict[str, list[str]] | None = None
        self._dirs_named: dict[str, list[str]] | None = None
        self._foreign: list[str] | None = None

    def add(self, rel: str, is_dir: bool) -> None:
        """Record one entry of the walk (called for every file and folder it keeps)."""
        if len(self.files) + len(self.dirs) >= MAX_ENTRIES:
            self.truncated = True
            return
        (self.dirs if is_dir else self.files).add(rel)

    def finish(self) -> WorkspaceLayout:
        """Find the project roots and Go modules once every entry is in."""
        if self._done:
            return self
        self._done = True
        roots = {(f.rsplit("/", 1)[0] if "/" in f else "") for f in self.files
                 if is_manifest(PurePosixPath(f).name) and not self.vendored(f)}
        roots |= self._workspaces()
        self.roots = sorted((r for r in roots if r in self.dirs), key=lambda r: (r.count("/"), r))
        for r in self.roots:
            mod = self._go_module(r)
            if mod:
                self.go_modules[mod] = r
        return self

    def foreign_projects(self) -> list[str]:
        """Folders holding another project inside this one: below a root that has a licence, a folder with a licence
        of its own and a NOTICE or a code of conduct (CDCgov/prime-reportstream's `.github/actions/git-secrets/`, a
        copy of awslabs' git-secrets, whose contributing guide became three of the workspace's conventions), or a
        licence naming another copyright holder and a manifest (`copied_project`). A workspace whose root has no
        licence may be a folder of several projects, each its own."""
        if self._foreign is None:
            by_folder: dict[str, set[str]] = {}
            licences: dict[str, str] = {}
            for f in sorted(self.files):
                folder, _, name = f.rpartition("/")
                kind = _project_file(name)
                if kind:
                    by_folder.setdefault(folder, set()).add(kind)
                    if kind == "licence":
                        licences.setdefault(folder, name)
            at_root = by_folder.get("", set())
            manifested = {f.rpartition("/")[0] for f in self.files if is_manifest(f.rpartition("/")[2])}
            self._foreign = sorted(folder for folder, kinds in by_folder.items()
                                   if folder and (_another_project(at_root, kinds) or (
                                       "" in licences and folder in licences and folder in manifested
                                       and copied_project(self.root, licences[""], folder, licences[folder]))))
        return self._foreign

    def in_foreign_project(self, rel: str) -> bool:
        """Whether `rel` lies in one of `foreign_projects`."""
        return any(rel.startswith(folder + "/") for folder in self.foreign_projects())

    def source_folder(self, path: str) -> bool:
        """Whether `path` is a folder under a source root (`src/icons`, `lib/assets`; `SOURCE_ROOTS`)."""
        return any(f"{root}/{path}" in self.dirs for root in SOURCE_ROOTS)

    @staticmethod
    def vendored(rel: str) -> bool:
        """Whether a path lies in a vendored, generated or built folder, or is a copy of a browser library
        (`library_copy`). A `build` folder inside a source tree is a package of the code (`src/mbed_tools/build/`,
        `pkg/build/`), not what a build wrote (see `BUILT`). A coding agent's folder (`agent_tool_folder`) is the
        tool's code too, and a project generator's template (`unrendered`) the code it will write."""
        return in_folder_of(rel, VENDORED) or library_copy(rel) or agent_tool_folder(rel) or unrendered(rel)

    def _workspaces(self) -> set[str]:
        """Folders named by the root package.json `workspaces` (globs ending in `*` expanded one level)."""
        try:
            data = json.loads((self.root / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return set()
        spaces = data.get("workspaces") if isinstance(data, dict) else None
        if isinstance(spaces, dict):
            spaces = spaces.get("packages")
        out: set[str] = set()
        for pattern in spaces if isinstance(spaces, list) else []:
            p = str(pattern).strip("./").rstrip("/")
            if p.endswith("/*") or p.endswith("/**"):
                parent = p.rsplit("/", 1)[0]
                out |= {d for d in self.dirs if d.rsplit("/", 1)[0] == parent and "/" in d}
            elif p in self.dirs:
                out.add(p)
        return out

    def _go_module(self, folder: str) -> str | None:
        path = self.root / folder / "go.mod" if folder else self.root / "go.mod"
        if not path.is_file():
            return None
        try:
            m = _MODULE.search(path.read_text(encoding="utf-8", errors="replace")[:4096])
        except OSError:
            return None
        return m.group(1).strip('"') if m else None

    def files_under(self, folder: str, suffixes: tuple[str, ...] = ()) -> int:
        """How many files a folder holds, its subfolders included, or of those only the ones ending (case aside)
        with one of `suffixes` (counted once for every folder and set of suffixes)."""
        counts = self._counts.get(suffixes)
        if counts is None:
            counts = self._counts[suffixes] = {}
            for f in self.files:
                if suffixes and not f.lower().endswith(suffixes):
                    continue
                parts = f.split("/")[:-1]
                for i in range(1, len(parts) + 1):
                    d = "/".join(parts[:i])
                    counts[d] = counts.get(d, 0) + 1
        return counts.get(folder, len(self.files) if folder == "" and not suffixes else 0)

    def dirs_named(self, name: str) -> list[str]:
        """The folders whose own name is `name`, case aside (indexed once)."""
        if self._dirs_named is None:
            index: dict[str, list[str]] = {}
            for d in self.dirs:
                if d:
                    index.setdefault(d.rsplit("/", 1)[-1].lower(), []).append(d)
            self._dirs_named = index
        return sorted(self._dirs_named.get(name.lower(), ()))

    def exists(self, rel: str) -> bool:
        return rel in self.files or rel in self.dirs

    def resolve(self, token: str, from_file: str = "") -> list[str]:
        """Existing workspace paths a written path means, tried against the workspace root, the folder
        of the file naming it, the Go modules and every sub-project root; [] when none or too many."""
        token = token.strip().rstrip("/")
        while token.startswith("./"):
            token = token[2:]
        token = token.lstrip("/")
        here = str(PurePosixPath(from_file).parent) if "/" in from_file else ""
        if token and any(p == ".." for p in token.split("/")):
            # A link relative to the file writing it (`../../../terraform/modules/aws/lb/main.tf` from
            # `docs/architecture/decisions/`): the one place it names, when that stays in the workspace.
            joined = posixpath.normpath(posixpath.join(here, token)) if here else ""
            return [joined] if joined and not joined.startswith("..") and self.exists(joined) else []
        if not token:
            return []
        if self.exists(token):
            return [token]
        if here and self.exists(f"{here}/{token}"):
            return [f"{here}/{token}"]
        go = self._go_path(token)
        if go is not None:
            return [go] if self.exists(go) else []
        hits = [f"{r}/{token}" for r in self.roots if r and self.exists(f"{r}/{token}")]
        if hits:
            return hits if len(hits) <= MAX_PROJECT_HITS else []
        mapped = self._autoloaded(token)
        if mapped is not None:
            return [mapped] if self.exists(mapped) else []
        tail = self.tail_file(token) or self.tail_dir(token)
        return [tail] if tail else []

    def tail_dir(self, token: str) -> str | None:
        """The one folder whose path ends with a written path of three or more parts (a Java package's
        `org/jabref/logic/importer` under `src/main/java/`): that many parts, found once, are the folder."""
        parts = token.split("/")
        if len(parts) < 3 or any(not p for p in parts):
            return None
        found = [d for d in self.dirs if d.endswith("/" + token) and not self.vendored(d + "/x")]
        return found[0] if len(found) == 1 else None

    @property
    def autoload(self) -> list[tuple[str, str]]:
        """(namespace prefix as a path, folder) of the PSR-4 autoload maps of the workspace's composer.json
        files, longest prefix first: `WMDE\\Fundraising\\Frontend\\` -> `src/` is
        (`WMDE/Fundraising/Frontend/`, `src`)."""
        if self._autoload is None:
            found: list[tuple[str, str]] = []
            for f in sorted(x for x in self.files if x.rsplit("/", 1)[-1] == "composer.json" and not self.vendored(x)):
                try:
                    data = json.loads((self.root / f).read_text(encoding="utf-8", errors="replace"))
                except (OSError, ValueError):
                    continue
                base = f.rsplit("/", 1)[0] if "/" in f else ""
                for key in ("autoload", "autoload-dev"):
                    psr4 = (data.get(key) or {}).get("psr-4") if isinstance(data, dict) and isinstance(data.get(key), dict) else None
                    for prefix, folders in (psr4 or {}).items():
                        for folder in folders if isinstance(folders, list) else [folders]:
                            if isinstance(prefix, str) and isinstance(folder, str):
                                where = "/".join(p for p in (base, folder.strip("./")) if p)
                                found.append((prefix.replace("\\", "/").strip("/") + "/", where))
            self._autoload = sorted(found, key=lambda x: -len(x[0]))
        return self._autoload

    @property
    def published(self) -> dict[str, list[str]]:
        """The names the workspace's own packages are published under -> their folders ("" for the root):
        a package.json's `name` (`log4brains`, `@log4brains/cli`), a pyproject.toml's `[project] name`, a
        Cargo.toml's `[package] name`; vendored folders aside. Read once."""
        if self._published is None:
            out: dict[str, list[str]] = {}
            for f in sorted(self.files):
                name = f.rsplit("/", 1)[-1]
                if name not in _PUBLISHING or self.vendored(f):
                    continue
                try:
                    text = (self.root / f).read_text(encoding="utf-8", errors="replace")[:65536]
                except OSError:
                    continue
                found = _published_name(name, text)
                if found:
                    out.setdefault(found, []).append(f.rsplit("/", 1)[0] if "/" in f else "")
            self._published = out
        return self._published

    def _autoloaded(self, token: str) -> str | None:
        """The workspace path a PHP namespace or class written as a path means by the PSR-4 maps, or None."""
        for prefix, folder in self.autoload if "/" in token else ():
            if (token + "/").startswith(prefix):
                rest = token[len(prefix):]
                return "/".join(p for p in (folder, rest) if p)
        return None

    def tail_file(self, token: str) -> str | None:
        """The one file whose path ends with a written path of two or more parts naming a file
        (`CarbonAware.DataSources.WattTime/src/Constants/Paths.cs`, written relative to a folder that is
        no project root): a file path that specific, found once, is the file meant. A folder is not
        looked for this way, and a path found under several folders means none of them."""
        parts = token.split("/")
        if len(parts) < 2 or not _FILE_NAME.match(parts[-1]) or any(not p for p in parts):
            return None
        found = [f for f in self.files_named(parts[-1]) if f.endswith("/" + token) and not self.vendored(f)]
        return found[0] if len(found) == 1 else None

    def files_of_stem(self, path: str) -> list[str]:
        """The files a path written without its extension means (`src/core/LinkRunner`: `LinkRunner.h` and
        `LinkRunner.cpp`), indexed once by folder and name before the first dot."""
        if self._by_stem is None:
            by_stem: dict[str, list[str]] = {}
            for f in self.files:
                folder, _, name = f.rpartition("/")
                if "." in name.lstrip("."):
                    stem = name[:name.index(".", 1)] if name.startswith(".") else name.split(".", 1)[0]
                    by_stem.setdefault(f"{folder}/{stem}" if folder else stem, []).append(f)
            self._by_stem = by_stem
        return sorted(self._by_stem.get(path, []))

    def files_named(self, name: str) -> list[str]:
        """The files whose own name is `name`, exactly (indexed once)."""
        if self._by_name is None:
            by_name: dict[str, list[str]] = {}
            for f in self.files:
                by_name.setdefault(f.rsplit("/", 1)[-1], []).append(f)
            self._by_name = by_name
        return self._by_name.get(name, [])

    def _go_path(self, token: str) -> str | None:
        """The folder of a Go import path inside one of the workspace's modules (major version optional)."""
        for mod, folder in self.go_modules.items():
            for prefix in dict.fromkeys((mod, _MAJOR.sub("", mod))):
                if token == prefix or token.startswith(prefix + "/"):
                    rest = token[len(prefix):].lstrip("/")
                    rest = re.sub(r"^v\d+(/|$)", "", rest) if prefix != mod else rest
                    return "/".join(p for p in (folder, rest) if p)
        return None

    def is_go_import(self, token: str) -> bool:
        """Whether a token is an import path of a module this workspace defines."""
        return self._go_path(token) is not None
