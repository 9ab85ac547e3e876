"""Package manifests: pyproject/setup.cfg/setup.py, package.json, go.mod, Cargo.toml, pom.xml and Gradle files."""

from __future__ import annotations

import configparser
import json
import re
import tomllib
from pathlib import Path, PurePosixPath

from lore.codemap.frameworks import framework_of
from lore.codemap.model import CodeMap, Command, EntryPoint

MANIFEST_NAMES = frozenset({"pyproject.toml", "setup.cfg", "setup.py", "package.json", "go.mod", "Cargo.toml",
                            "pom.xml", "build.gradle", "build.gradle.kts"})
_REQ = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]/@]+)")
_SETUP_SCRIPT = re.compile(r"""["']([\w.-]+)\s*=\s*([\w.]+:[\w.]+)["']""")
_GO_REQUIRE = re.compile(r"^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]{2,}/[^\s]+)\s+v[\w.+-]+", re.M)
_GO_MODULE = re.compile(r"^\s*module\s+(\S+)", re.M)
_MAVEN_DEP = re.compile(r"<groupId>\s*([\w.-]+)\s*</groupId>\s*<artifactId>\s*([\w.-]+)\s*</artifactId>")
_GRADLE_DEP = re.compile(r"""["']([\w.-]+):([\w.-]+)(?::[\w.${}-]+)?["']""")
_GRADLE_MAIN = re.compile(r"""mainClass(?:Name)?\s*(?:\.set\(|=)\s*["']([\w.]+)["']""")


def read_manifest(root: Path, rel: str, cmap: CodeMap, warnings: list[str]) -> None:
    """Add what one manifest says (frameworks, commands, entry points, workspaces) to the map."""
    name = PurePosixPath(rel).name
    try:
        text = (root / rel).read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
    except OSError as e:
        warnings.append(f"{rel}:1: not read: {e}")
        return
    area = rel.rsplit("/", 1)[0] if "/" in rel else ""
    try:
        if name == "package.json":
            _package_json(text, rel, area, cmap, _lock_runner(root, area))
        else:
            READERS[name](text, rel, area, cmap)
    except (ValueError, TypeError, KeyError, AttributeError, configparser.Error) as e:
        warnings.append(f"{rel}:1: not understood: {e.__class__.__name__}: {e}")
    cmap.manifests.append(rel)


def _deps(names, source: str, cmap: CodeMap) -> None:
    for dep in names:
        m = _REQ.match(str(dep))
        fw = framework_of(m.group(1).split("[")[0]) if m else None
        if fw:
            cmap.add_framework(fw, source)


def _pyproject(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    data = tomllib.loads(text)
    project = data.get("project") or {}
    tool = data.get("tool") or {}
    poetry = tool.get("poetry") or {}
    _deps(project.get("dependencies") or [], rel, cmap)
    for extra in (project.get("optional-dependencies") or {}).values():
        _deps(extra, rel, cmap)
    for group in (data.get("dependency-groups") or {}).values():
        _deps([g for g in group if isinstance(g, str)], rel, cmap)
    _deps(poetry.get("dependencies") or {}, rel, cmap)
    for group in (poetry.get("group") or {}).values():
        _deps((group or {}).get("dependencies") or {}, rel, cmap)
    _deps(poetry.get("dev-dependencies") or {}, rel, cmap)
    for table in (project.get("scripts") or {}, poetry.get("scripts") or {}, project.get("gui-scripts") or {}):
        for name, target in table.items():
            cmap.entry_points.append(EntryPoint(name, str(target), rel))
    if "pytest" in tool or "pytest.ini_options" in tool:
        cmap.add_framework("pytest", rel)
        opts = (tool.get("pytest") or {}).get("ini_options") or {}
        paths = " ".join(opts.get("testpaths") or [])
        cmap.commands.append(Command("pytest", f"pytest {paths}".strip(), rel, "test", area))
    for linter, run in (("ruff", "ruff check ."), ("mypy", "mypy"), ("black", "black --check ."),
                        ("isort", "isort --check ."), ("pylint", "pylint")):
        if linter in tool:
            cmap.commands.append(Command(linter, run, rel, "lint", area))
    for env in ((tool.get("hatch") or {}).get("envs") or {}).values():
        for name, run in ((env or {}).get("scripts") or {}).items():
            cmap.commands.append(Command(f"hatch run {name}", _one_line(run), rel, area=area))
    for name, task in ((tool.get("poe") or {}).get("tasks") or {}).items():
        cmap.commands.append(Command(f"poe {name}", _one_line(task), rel, area=area))


def _setup_cfg(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    cp = configparser.ConfigParser(interpolation=None)
    cp.read_string(text)
    if cp.has_option("options", "install_requires"):
        _deps(cp.get("options", "install_requires").split("\n"), rel, cmap)
    if cp.has_option("options.entry_points", "console_scripts"):
        for line in cp.get("options.entry_points", "console_scripts").split("\n"):
            if "=" in line:
                name, target = line.split("=", 1)
                cmap.entry_points.append(EntryPoint(name.strip(), target.strip(), rel))
    if cp.has_section("tool:pytest"):
        cmap.add_framework("pytest", rel)
    if cp.has_section("flake8"):
        cmap.commands.append(Command("flake8", "flake8", rel, "lint", area))


def _setup_py(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    if "console_scripts" in text:
        for name, target in _SETUP_SCRIPT.findall(text):
            cmap.entry_points.append(EntryPoint(name, target, rel))
    for m in re.finditer(r"install_requires\s*=\s*\[([^\]]*)\]", text):
        _deps(re.findall(r"""["']([^"']+)["']""", m.group(1)), rel, cmap)


# The lock file each package manager writes, which says which one a project runs its scripts with.
_LOCKS = (("bun.lock", "bun"), ("bun.lockb", "bun"), ("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"),
          ("package-lock.json", "npm"), ("npm-shrinkwrap.json", "npm"))
_RUNNERS = frozenset(r for _, r in _LOCKS)


def _lock_runner(root: Path, area: str) -> str | None:
    """The package manager whose lock file sits beside a package.json or in a folder above it, up to the root (a
    workspace's packages share the root's lock file); None when there is none."""
    parts = area.split("/") if area else []
    for n in range(len(parts), -1, -1):
        folder = root.joinpath(*parts[:n])
        for lock, runner in _LOCKS:
            if (folder / lock).is_file():
                return runner
    return None


def _runner(data: dict, lock: str | None) -> str:
    """Who runs a package's scripts: its `packageManager` field ("pnpm@9.1.0"), else its lock file's manager
    (OSIPI/dashboard keeps `bun.lock` and says "bun run build"), else npm."""
    declared = str(data.get("packageManager") or "").split("@", 1)[0].strip().lower()
    return declared if declared in _RUNNERS else lock or "npm"


def _package_json(text: str, rel: str, area: str, cmap: CodeMap, lock: str | None = None) -> None:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    pkg = str(data.get("name") or area or "package")
    runner = _runner(data, lock)
    for section in ("dependencies", "devDependencies", "peerDependencies"):
        _deps(list((data.get(section) or {}).keys()), rel, cmap)
    for name, run in (data.get("scripts") or {}).items():
        if isinstance(run, str):
            cmap.commands.append(Command(_script_call(name, area, runner), run, rel, area=area))
    spaces = data.get("workspaces")
    if isinstance(spaces, dict):
        spaces = spaces.get("packages")
    for ws in spaces if isinstance(spaces, list) else []:
        cmap.workspaces.append(_join(area, str(ws)))
    binary = data.get("bin")
    if isinstance(binary, str):
        cmap.entry_points.append(EntryPoint(pkg.rsplit("/", 1)[-1], _join(area, binary), rel))
    elif isinstance(binary, dict):
        for name, target in binary.items():
            cmap.entry_points.append(EntryPoint(str(name), _join(area, str(target)), rel))
    main = data.get("main") or data.get("module") or _export(data.get("exports"))
    if isinstance(main, str) and not binary:
        cmap.entry_points.append(EntryPoint(pkg, _join(area, main), rel, "library"))


def _export(exports) -> str | None:
    """The file a package.json `exports` gives for the package itself (`"./x.js"` or `{".": …}`)."""
    for _ in range(4):  # {".": {"import": {"default": "./x.js"}}} nests a few levels at most
        if isinstance(exports, str):
            return exports
        if not isinstance(exports, dict):
            return None
        exports = next((exports[k] for k in (".", "default", "import", "require", "node") if k in exports), None)
    return None


def _script_call(name: str, area: str, runner: str = "npm") -> str:
    """How a package's script is run: `npm test`, `npm run build`, `bun run build` (`bun test` is bun's own test
    runner, not the script), `pnpm run lint`, `yarn run dev`."""
    run = "npm test" if name == "test" and runner == "npm" else f"{runner} run {name}"
    return f"{run} (in {area})" if area else run


def _go_mod(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    m = _GO_MODULE.search(text)
    if m and area:
        cmap.workspaces.append(area)
    _deps(_GO_REQUIRE.findall(text), rel, cmap)


def _cargo(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    data = tomllib.loads(text)
    for section in ("dependencies", "dev-dependencies"):
        _deps(list((data.get(section) or {}).keys()), rel, cmap)
    for member in ((data.get("workspace") or {}).get("members") or []):
        cmap.workspaces.append(_join(area, str(member)))
    for b in data.get("bin") or []:
        cmap.entry_points.append(EntryPoint(str(b.get("name")), _join(area, str(b.get("path") or "src/main.rs")), rel))
    if "package" in data:
        where = f" -p {data['package'].get('name')}" if area else ""
        cmap.commands.append(Command("cargo build", f"cargo build{where}", rel, "build", area))
        cmap.commands.append(Command("cargo test", f"cargo test{where}", rel, "test", area))


def _pom(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    _deps([g for g, _ in _MAVEN_DEP.findall(text)] + [a for _, a in _MAVEN_DEP.findall(text)], rel, cmap)
    cmap.commands.append(Command("mvn package", "mvn package", rel, "build", area))
    cmap.commands.append(Command("mvn test", "mvn test", rel, "test", area))


def _gradle(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    _deps([g for g, _ in _GRADLE_DEP.findall(text)] + [a for _, a in _GRADLE_DEP.findall(text)], rel, cmap)
    if "org.springframework.boot" in text:
        cmap.add_framework("Spring Boot", rel)
    for main in _GRADLE_MAIN.findall(text):
        cmap.entry_points.append(EntryPoint(main.rsplit(".", 1)[-1], main, rel))
    cmap.commands.append(Command("gradle build", "./gradlew build", rel, "build", area))
    cmap.commands.append(Command("gradle test", "./gradlew test", rel, "test", area))


def _one_line(run) -> str:
    if isinstance(run, list):
        return " && ".join(str(r) for r in run)
    if isinstance(run, dict):
        return str(run.get("cmd") or run.get("shell") or run)
    return str(run)


def _join(area: str, path: str) -> str:
    path = path.strip().removeprefix("./").rstrip("/")
    return f"{area}/{path}" if area else path


READERS = {"pyproject.toml": _pyproject, "setup.cfg": _setup_cfg, "setup.py": _setup_py,
           "package.json": _package_json, "go.mod": _go_mod, "Cargo.toml": _cargo, "pom.xml": _pom,
           "build.gradle": _gradle, "build.gradle.kts": _gradle}
