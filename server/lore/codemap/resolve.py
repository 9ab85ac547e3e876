"""Turning an import as written into the workspace file it names, per language."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path, PurePosixPath

_JS_EXTS = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
_GO_MODULE = re.compile(r"^\s*module\s+(\S+)", re.M)


def _dir(rel: str) -> str:
    return rel.rsplit("/", 1)[0] if "/" in rel else ""


class Resolver:
    """Indexes of one file list: Python dotted names, JS packages, Go modules, Java packages, Rust crates."""

    def __init__(self, root: Path, files: list[str]):
        self.root = root
        self.files = set(files)
        self.dirs = {_dir(f) for f in files}
        for d in list(self.dirs):
            while "/" in d:
                d = d.rsplit("/", 1)[0]
                self.dirs.add(d)
        self.py: dict[str, str] = {}
        self.js_packages: dict[str, str] = {}
        self.go_modules: dict[str, str] = {}
        self.java: dict[str, str] = {}  # package -> folder
        self.crates: list[str] = []
        self._index(files)

    def _index(self, files: list[str]) -> None:
        inits = {_dir(f) for f in files if f.endswith("/__init__.py")}
        for f in files:
            name = PurePosixPath(f).name
            if f.endswith((".py", ".pyi")):
                for dotted in _python_names(f, inits):
                    self.py.setdefault(dotted, f)
            elif name == "package.json":
                self._js_package(f)
            elif name == "go.mod":
                m = _GO_MODULE.search(self._read(f)[:4096])
                if m:
                    self.go_modules[m.group(1).strip('"')] = _dir(f)
            elif name == "Cargo.toml":
                self.crates.append(_dir(f))

    def _read(self, rel: str) -> str:
        try:
            return (self.root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def _js_package(self, rel: str) -> None:
        try:
            data = json.loads(self._read(rel))
        except ValueError:
            return
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            self.js_packages.setdefault(data["name"], _dir(rel))

    def note_java_package(self, rel: str, package: str) -> None:
        """Remember which folder holds a Java package (read from its files' package lines)."""
        self.java.setdefault(package, _dir(rel))

    def resolve(self, language: str, rel: str, names: tuple[str, ...]) -> str | None:
        """The workspace folder the import names, or None (a third-party or standard library import)."""
        for name in names:
            found = getattr(self, f"_{'js' if language in ('javascript', 'typescript', 'tsx') else language}")(rel, name)
            if found is not None:
                return found
        return None

    def _python(self, rel: str, name: str) -> str | None:
        if name.startswith("."):
            dots = len(name) - len(name.lstrip("."))
            base = _dir(rel).split("/") if _dir(rel) else []
            base = base[:len(base) - (dots - 1)] if dots > 1 else base
            target = "/".join(base + [p for p in name.lstrip(".").split(".") if p])
            for cand in (target + ".py", target + "/__init__.py"):
                if cand in self.files:
                    return _dir(cand)
            return target if target in self.dirs else None
        parts = name.split(".")
        for i in range(len(parts), 0, -1):
            f = self.py.get(".".join(parts[:i]))
            if f is not None:
                return _dir(f)
        return None

    def _js(self, rel: str, spec: str) -> str | None:
        if spec.startswith("."):
            return self._js_file(posixpath.normpath(posixpath.join(_dir(rel), spec)))
        parts = spec.split("/")
        n = 2 if spec.startswith("@") else 1
        pkg = self.js_packages.get("/".join(parts[:n]))
        if pkg is not None:
            sub = "/".join(parts[n:])
            return self._js_file(f"{pkg}/{sub}" if sub else pkg) or pkg
        if len(parts) > 1 and not spec.startswith("@"):  # a baseUrl import: src/lib/x or lib/x
            for prefix in ("", "src/"):
                found = self._js_file(prefix + spec) if (prefix + parts[0]) in self.dirs else None
                if found is not None:
                    return found
        return None

    def _js_file(self, base: str) -> str | None:
        if base.startswith(".."):
            return None
        stem = re.sub(r"\.(js|jsx|mjs|cjs)$", "", base)
        for cand in (base, *(stem + e for e in _JS_EXTS), *(f"{base}/index{e}" for e in _JS_EXTS)):
            if cand in self.files:
                return _dir(cand)
        return base if base in self.dirs else None

    def _go(self, rel: str, path: str) -> str | None:
        best = None
        for mod, folder in self.go_modules.items():
            if (path == mod or path.startswith(mod + "/")) and (best is None or len(mod) > len(best[0])):
                best = (mod, folder)
        if best is None:
            return None
        sub = path[len(best[0]):].strip("/")
        target = "/".join(p for p in (best[1], sub) if p)
        return target if target in self.dirs else None

    def _java(self, rel: str, name: str) -> str | None:
        parts = name.split(".")
        for i in range(len(parts) - 1, 0, -1):
            found = self.java.get(".".join(parts[:i]))
            if found is not None:
                return found
        return None

    def _rust(self, rel: str, path: str) -> str | None:
        parts = path.split("::")
        crate = max((c for c in self.crates if rel.startswith(c + "/") or c == ""), key=len, default=None)
        if parts[0] == "crate" and crate is not None:
            base = "/".join(p for p in (crate, "src") if p)
        elif parts[0] in ("self", "super"):
            base = _dir(rel)
            if parts[0] == "super":
                base = _dir(base)
        else:
            return None
        parts = parts[1:]
        for i in range(len(parts), 0, -1):
            stem = "/".join([base, *parts[:i]]) if base else "/".join(parts[:i])
            for cand in (stem + ".rs", stem + "/mod.rs"):
                if cand in self.files:
                    return _dir(cand)
        return None


def _python_names(rel: str, inits: set[str]) -> list[str]:
    """Dotted names a Python file is imported by: from its package root, and from the workspace root."""
    parts = rel[:rel.rfind(".")].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    if not parts:
        return []
    folders = rel.split("/")[:-1]
    top = len(folders)
    while top > 0 and "/".join(folders[:top]) in inits:
        top -= 1
    names = [".".join(parts[top:])] if parts[top:] else []
    full = ".".join(parts)
    return names + ([full] if full not in names else [])
