"""The dependencies package manifests declare, and the few manifests declaring what a decision chose.

A decision titled for a choice (`Use Devise for authentication`, `Replace Google Sheets with Big Query`)
adds a dependency, and the manifest declaring it (`gem "devise"` in the Gemfile, `"verror"` in a
package.json's dependencies, `google-cloud-bigquery` in a pyproject.toml) is where the choice is
written down for the build: a developer bumping or dropping it there is the one the decision is for.
Ruby and other languages that load a gem without importing it leave no import to anchor; the
manifest still names it.

A dependency answers to the runs of segments that end each part of its name, joined and folded
(`names_of`: `google-cloud-bigquery` is `bigquery`, `org.slf4j:slf4j-api` is `slf4j`, `@emotion/react`
is `emotion`), and to the first segment, its family's name (`rswag-api` is `rswag`); not to a run inside
it (`@scala-js/vite-plugin-scalajs` is no `scala`), nor to what a plug-in or preset is for
(`babel-plugin-emotion`). A library more than `named.MAX_FILES` manifests
declare is the stack of a monorepo, not a place, and anchors none of them. A manifest is the least
specific place a decision reaches (`SCORE`): any other anchor of the record is kept before it. Malformed
manifests declare nothing.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path, PurePosixPath

from lore.sources import imports, named
from lore.sources.ranking import Derived

SCORE = 0.55
MAX_BYTES = 512 * 1024
_PLUG_IN = frozenset({"plugin", "plugins", "preset", "presets", "config", "contrib"})
# A language a package is written for (`sentry-ruby`, `scala-library`): choosing the language is not choosing it.
_LANGUAGES = frozenset({"ruby", "python", "java", "scala", "kotlin", "node", "nodejs", "javascript", "typescript",
                        "php", "rust", "golang", "swift", "dotnet", "csharp", "elixir", "erlang", "clojure", "haskell"})
_GEM = re.compile(r"""^[ \t]*gem[ \t(]+['"]([\w.-]+)['"]""", re.M)
_REQUIREMENT = re.compile(r"^[ \t]*([A-Za-z0-9][\w.-]*)", re.M)
_GO_REQUIRE = re.compile(r"^[ \t]*(?:require[ \t]+)?([\w.-]+\.[a-z]{2,}/[\w./-]+)[ \t]+v\d", re.M)
_POM_DEPENDENCY = re.compile(r"<dependency>.*?<groupId>\s*([^<\s]+)\s*</groupId>.*?<artifactId>\s*([^<\s]+)\s*"
                             r"</artifactId>", re.S)
_GRADLE = re.compile(r"""['"]([\w.-]+):([\w.-]+)(?::[^'"\s]*)?['"]""")
_PACKAGE_REFERENCE = re.compile(r"""<PackageReference\s+Include\s*=\s*["']([\w.-]+)["']""", re.I)
_MIX = re.compile(r"\{\s*:(\w+)\s*,")
_SBT = re.compile(r""""([\w.-]+)"\s*%%?%?\s*"([\w.-]+)\"""")
_SBT_PROJECT = re.compile(r"(^|/)project/[^/]+\.scala$")  # sbt's build definition beside build.sbt
_PEP508 = re.compile(r"^\s*([A-Za-z0-9][\w.-]*)")
_JSON_KEYS = {"package.json": ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"),
              "composer.json": ("require", "require-dev")}


def is_manifest(rel: str) -> bool:
    """Whether the file at `rel` is a package manifest this module reads."""
    name = PurePosixPath(rel).name
    return (name in _JSON_KEYS or name in {"Gemfile", "pyproject.toml", "Pipfile", "go.mod", "Cargo.toml", "pom.xml",
                                           "build.gradle", "build.gradle.kts", "mix.exs"}
            or name.endswith((".csproj", ".sbt")) or _SBT_PROJECT.search(rel) is not None
            or (name.startswith("requirements") and name.endswith((".txt", ".in"))))


def declared(rel: str, text: str) -> list[str]:
    """The names of the dependencies the manifest at `rel` declares (`group:artifact` for Maven-style ones);
    nothing for a manifest that does not parse."""
    name = PurePosixPath(rel).name
    if name in _JSON_KEYS:
        try:
            data = json.loads(text)
        except ValueError:
            return []
        if not isinstance(data, dict):
            return []
        return [k for key in _JSON_KEYS[name] if isinstance(data.get(key), dict) for k in data[key]]
    if name == "Gemfile":
        return _GEM.findall(text)
    if name.startswith("requirements"):
        return [m.group(1) for m in _REQUIREMENT.finditer(text)]
    if name in {"pyproject.toml", "Pipfile", "Cargo.toml"}:
        try:
            data = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, ValueError):
            return []
        return list(_toml_dependencies(data))
    if name == "go.mod":
        return _GO_REQUIRE.findall(text)
    if name == "pom.xml":
        return [f"{g}:{a}" for g, a in _POM_DEPENDENCY.findall(text)]
    if name.startswith("build.gradle"):
        return [f"{g}:{a}" for g, a in _GRADLE.findall(text)]
    if name.endswith(".csproj"):
        return _PACKAGE_REFERENCE.findall(text)
    if name == "mix.exs":
        return _MIX.findall(text)
    if name.endswith((".sbt", ".scala")):
        return [f"{g}:{a}" for g, a in _SBT.findall(text)]
    return []


def gems(root, layout) -> dict[str, str]:
    """Folded name -> name of every gem the workspace's Gemfiles declare (`imports.gem_constants` reads a Ruby file's
    use of them); empty without a layout or a Gemfile."""
    out: dict[str, str] = {}
    for rel in (layout.files if layout is not None else ()):
        if PurePosixPath(rel).name == "Gemfile":
            try:
                text = (Path(root) / rel).read_text(encoding="utf-8", errors="replace")[:MAX_BYTES]
            except OSError:
                continue
            out.update({f: g for g in declared(rel, text) if len(f := imports.fold(g)) >= 4})
    return out


def _toml_dependencies(data: dict):
    """Dependency names in a pyproject.toml (PEP 621, dependency groups, Poetry), a Pipfile or a Cargo.toml."""
    def table_keys(table):
        return [k for k in table if k != "python"] if isinstance(table, dict) else []

    def requirements(items):
        return [m.group(1) for item in items if isinstance(item, str) and (m := _PEP508.match(item))]

    project = data.get("project") if isinstance(data.get("project"), dict) else {}
    yield from requirements(project.get("dependencies") or [])
    for group in (project.get("optional-dependencies") or {}).values():
        yield from requirements(group if isinstance(group, list) else [])
    for group in (data.get("dependency-groups") or {}).values():
        yield from requirements(group if isinstance(group, list) else [])
    tool = data.get("tool") if isinstance(data.get("tool"), dict) else {}
    poetry = tool.get("poetry") if isinstance(tool.get("poetry"), dict) else {}
    yield from table_keys(poetry.get("dependencies"))
    yield from table_keys(poetry.get("dev-dependencies"))
    for group in (poetry.get("group") or {}).values():
        yield from table_keys(group.get("dependencies") if isinstance(group, dict) else None)
    for key in ("packages", "dev-packages", "dependencies", "dev-dependencies", "build-dependencies"):
        yield from table_keys(data.get(key))
    workspace = data.get("workspace") if isinstance(data.get("workspace"), dict) else {}
    yield from table_keys(workspace.get("dependencies"))
    for target in (data.get("target") or {}).values():
        if isinstance(target, dict):
            yield from table_keys(target.get("dependencies"))


class ManifestIndex:
    """Folded run of a declared dependency's name -> the manifests outside tests and vendored folders declaring
    it; the workspace's own published packages left out (read once, on the first decision titled for a choice)."""

    def __init__(self, root: Path, layout):
        self.files: dict[str, set[str]] = {}
        self.whole: set[str] = set()  # the dependencies' own names, folded (`secure_headers` -> `secureheaders`)
        self.products: set[str] = set()  # the products scoped dependencies are named for (`imports.scope_product`)
        own = {imports.fold(p) for p in layout.published}
        own_scopes = {p.split("/", 1)[0] for p in layout.published if p.startswith("@")}
        for rel in sorted(layout.files):
            if not is_manifest(rel) or layout.vendored(rel) or named.TEST_PATH.search(rel):
                continue
            try:
                with open(Path(root) / rel, "rb") as f:
                    text = f.read(MAX_BYTES).decode("utf-8", "replace").removeprefix("\ufeff")
            except OSError:
                continue
            for dependency in declared(rel, text):
                if imports.fold(dependency) in own:
                    continue
                self.whole.add(imports.fold(re.split(r"[:/]", dependency)[-1]))
                if (product := imports.scope_product(dependency)) and dependency.split("/", 1)[0] not in own_scopes:
                    self.products.add(product)
                    self.files.setdefault(product, set()).add(rel)
                for run in names_of(dependency):
                    self.files.setdefault(run, set()).add(rel)


def names_of(dependency: str) -> set[str]:
    """The folded names a declared dependency answers to: for each part of it (scope and name, group and
    artifact, a module path's owner and repository), the runs of up to `imports.MAX_RUN` segments that end
    it (`google-cloud-bigquery`: bigquery, cloudbigquery, googlecloudbigquery), none a plug-in or preset
    is for (`eslint-plugin-react-hooks` answers to no `reacthooks`) and no language alone (`sentry-ruby` is no
    `ruby`); and its first segment, the family it belongs to (`rswag-api` is RSwag's)."""
    out = set()
    for part in re.split(r"[:/]", dependency.lower()):
        segments = [s for s in re.split(r"[._@-]+", part) if s]
        for i in range(max(0, len(segments) - imports.MAX_RUN), len(segments)):
            run = "".join(segments[i:])
            if len(run) >= 3 and run not in _LANGUAGES and not _PLUG_IN & set(segments[:i]):
                out.add(run)
        if len(segments) > 1 and len(segments[0]) >= 4 and segments[0] not in _LANGUAGES:
            out.add(segments[0])  # a family of packages: `rswag-api`, `rswag-ui` and `rswag-specs` are RSwag's
    return out


def manifest_anchors(text: str, ctx, whole: str | None = None) -> list[Derived]:
    """Path anchors for the few manifests (at most `named.MAX_FILES`) declaring what a decision titled for a
    choice adopts (`ctx`: a `mentions.AnchorContext`; `whole`: see `imports.chosen`)."""
    return imports.few_files(imports.chosen_here(text, ctx, whole), ctx.manifests.files, SCORE,
                             lambda name: f"declares {name}, what it chose")

