"""Build and run files: Makefiles, requirements, Dockerfiles, compose files and CI workflows."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from lore.codemap.frameworks import framework_of
from lore.codemap.model import CodeMap, Command, EntryPoint
from lore.codemap.recipes import join_steps, recipe_steps
from lore.markup.yamlbound import Limits, YamlLimitError, load_bounded

_TARGET = re.compile(r"^([A-Za-z0-9][\w./-]*(?:\s+[A-Za-z0-9][\w./-]*)*)\s*:(?![=:])([^\n]*)$", re.M)
_PHONY = re.compile(r"^\.PHONY\s*:\s*(.+)$", re.M)
_DOCKER_RUN = re.compile(r"^\s*(ENTRYPOINT|CMD)\s+(.+)$", re.M | re.I)
_REQ = re.compile(r"^\s*([A-Za-z0-9_.\-]+)", re.M)
_YAML_LIMITS = Limits(max_chars=512_000, max_nodes=100_000, max_expanded_chars=2_000_000)
MAX_MAKE_TARGETS = 80
MAX_CI_STEPS = 30
CI_KINDS = ("test", "lint", "build", "generate")


def file_name(rel: str) -> str:
    """The last part of a workspace-relative path (what PurePosixPath(rel).name says, without its cost)."""
    name = rel.rpartition("/")[2]
    return name if name not in ("", ".", "..") else PurePosixPath(rel).name


def is_build_file(rel: str) -> bool:
    """Whether the map reads this file as a build, run or CI file."""
    low = file_name(rel).lower()
    return low in ("makefile", "gnumakefile") or low.endswith(".mk") or low.startswith("dockerfile") \
        or low in ("docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml") \
        or (low.startswith("requirements") and low.endswith(".txt")) \
        or (rel.startswith(".github/workflows/") and low.endswith((".yml", ".yaml"))) \
        or low.startswith("procfile") or low == "pytest.ini" \
        or rel in (".gitlab-ci.yml", "tox.ini", "noxfile.py", "justfile", "Taskfile.yml")


def read_build_file(root: Path, rel: str, cmap: CodeMap, warnings: list[str]) -> None:
    """Add one build file's commands, entry points and frameworks to the map."""
    try:
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        warnings.append(f"{rel}:1: not read: {e}")
        return
    low = PurePosixPath(rel).name.lower()
    area = rel.rsplit("/", 1)[0] if "/" in rel and not rel.startswith(".github/") else ""
    if low.endswith(".mk"):
        area = ""  # included makefiles (scripts/makefiles/*.mk) add targets to the project's Makefile
    if low in ("makefile", "gnumakefile") or low.endswith(".mk"):
        _makefile(text, rel, area, cmap)
    elif low.startswith("dockerfile"):
        _dockerfile(text, rel, cmap)
    elif low.startswith("requirements"):
        for dep in _REQ.findall(text):
            fw = framework_of(dep)
            if fw:
                cmap.add_framework(fw, rel)
    elif low.startswith("procfile"):
        for line in text.split("\n"):
            name, sep, run = line.partition(":")
            if sep and name.strip() and not name.startswith("#") and " " not in name.strip():
                cmap.entry_points.append(EntryPoint(f"process {name.strip()}", run.strip(), rel, "service"))
    elif low == "pytest.ini":
        cmap.add_framework("pytest", rel)
        cmap.commands.append(Command("pytest", "pytest", rel, "test", area))
    elif low == "tox.ini":
        cmap.commands.append(Command("tox", "tox", rel, "test", area))
    elif low == "noxfile.py":
        cmap.commands.append(Command("nox", "nox", rel, "test", area))
    elif low.endswith((".yml", ".yaml")):
        try:
            data = load_bounded(text, _YAML_LIMITS)
        except (YamlLimitError, ValueError, Exception) as e:  # a broken workflow never stops a map
            warnings.append(f"{rel}:1: not read: {e.__class__.__name__}")
            return
        if not isinstance(data, dict):
            return
        if "services" in data and "compose" in low:
            _compose(data, rel, cmap)
        elif "jobs" in data:
            _workflow(data, rel, cmap)
    cmap.manifests.append(rel)


def _makefile(text: str, rel: str, area: str, cmap: CodeMap) -> None:
    lines = text.split("\n")
    starts = {m.start(): m for m in _TARGET.finditer(text)}
    phony = {t for m in _PHONY.finditer(text) for t in m.group(1).split()}
    count = 0
    offset = 0
    for i, line in enumerate(lines):
        m = starts.get(offset)
        offset += len(line) + 1
        if m is None or line.startswith("\t") or "=" in m.group(2):  # `target: VAR = x` sets a variable
            continue
        for target in m.group(1).split():
            if "%" in target or target.startswith(".") or "/" in target and target not in phony \
                    or "." in target and target not in phony:
                continue
            recipe = join_steps(recipe_steps(lines[i + 1:i + 40]))
            needs, _, doc = m.group(2).partition("#")
            needs = needs.strip()
            run = recipe or (f"make {needs}" if needs else "")  # a target that only names others runs them
            cmd = f"make {target}" + (f" (in {area})" if area else "")
            cmap.commands.append(Command(cmd, run, rel, area=area, doc=doc.strip("# ").strip()[:120]))
            count += 1
        if count >= MAX_MAKE_TARGETS:
            break


def _dockerfile(text: str, rel: str, cmap: CodeMap) -> None:
    runs = _DOCKER_RUN.findall(text)
    if runs:
        kind, run = runs[-1]
        cmap.entry_points.append(EntryPoint(f"container ({rel})", run.strip(), rel, "service"))


def _compose(data: dict, rel: str, cmap: CodeMap) -> None:
    for name, svc in (data.get("services") or {}).items():
        if not isinstance(svc, dict):
            continue
        what = svc.get("image") or (f"build {svc['build']}" if isinstance(svc.get("build"), str) else "build")
        cmap.entry_points.append(EntryPoint(f"service {name}", str(what), rel, "service"))


def _workflow(data: dict, rel: str, cmap: CodeMap) -> None:
    seen = {c.run for c in cmap.commands}
    added = 0
    for job in (data.get("jobs") or {}).values():
        for step in (job or {}).get("steps") or [] if isinstance(job, dict) else []:
            if not isinstance(step, dict) or not isinstance(step.get("run"), str):
                continue
            run = " && ".join(ln.strip() for ln in step["run"].strip().split("\n")
                              if ln.strip() and not ln.strip().startswith("#"))[:200]
            cmd = Command(str(step.get("name") or run.split(" && ")[0])[:80], run, rel)
            if cmd.kind in CI_KINDS and run not in seen and added < MAX_CI_STEPS:
                seen.add(run)
                cmap.commands.append(cmd)
                added += 1
