"""The dependency names a workspace declares at its root (package.json, pyproject.toml, go.mod):
names a decision may mention that no table knows."""

from __future__ import annotations

import json
import re
from pathlib import Path

_PEP508 = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_GO_REQUIRE = re.compile(r"^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]{2,}/\S+)\s+v\S+", re.M)


def workspace_deps(root: Path) -> frozenset[str]:
    """Declared dependency names (lower-cased Python names, npm names, Go module paths); empty on any trouble."""
    names: set[str] = set()
    try:
        pkg = root / "package.json"
        if pkg.is_file() and pkg.stat().st_size < 1_000_000:
            data = json.loads(pkg.read_text(encoding="utf-8"))
            for key in ("dependencies", "devDependencies", "peerDependencies"):
                names |= set((data.get(key) or {}).keys()) if isinstance(data.get(key), dict) else set()
        pyproject = root / "pyproject.toml"
        if pyproject.is_file() and pyproject.stat().st_size < 1_000_000:
            import tomllib

            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
            for dep in (data.get("project") or {}).get("dependencies") or []:
                m = _PEP508.match(str(dep))
                if m:
                    names.add(m.group(1).lower().replace("_", "-"))
        gomod = root / "go.mod"
        if gomod.is_file() and gomod.stat().st_size < 1_000_000:
            names |= set(_GO_REQUIRE.findall(gomod.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError, AttributeError):
        return frozenset()
    return frozenset(n for n in names if isinstance(n, str) and 2 < len(n) < 120)
