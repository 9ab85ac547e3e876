"""`.lore/config.toml`: the import settings every clone of a repository shares.

A decision-record folder given once (`lore import --adr-folder F`) is written here, beside the
team memories in `.lore/memories/` and committed with them, so the language server's start-up
import, MCP, the CLI and every teammate's checkout read decision records by the same rules. A
setting in the database would be private to one checkout, and an editor setting to one editor:
either way another face would import without the folder and deprecate what it holds.

    [import]
    adr_folders = ["design/records"]
"""

from __future__ import annotations

import os
import re
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser under its backport's name
    import tomli as tomllib
from pathlib import Path, PurePosixPath

import attrs

from lore.sources.summary import ImportSettings
from lore.workspace import lore_dir

CONFIG_PATH = ".lore/config.toml"
_HEADER = "# Lore settings shared by every clone of this repository: commit this file.\n"
_LINE = re.compile(r"^adr_folders\s*=\s*\[[^\]\n]*\]\s*(?:#.*)?$", re.M)


class ConfigError(ValueError):
    """The workspace configuration cannot be read or the value given is not valid."""


def config_file(root: str | os.PathLike) -> Path:
    """Where the shared configuration of a workspace lives."""
    return Path(root) / CONFIG_PATH


def read_adr_folders(root: str | os.PathLike) -> list[str]:
    """The decision-record folders the workspace configuration names (none without a file)."""
    path = config_file(root)
    if not path.is_file():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ConfigError(f"{CONFIG_PATH} cannot be read: {e}") from e
    folders = data.get("import", {}).get("adr_folders", [])
    if not isinstance(folders, list) or not all(isinstance(f, str) for f in folders):
        raise ConfigError(f"{CONFIG_PATH}: import.adr_folders must be a list of folder names")
    return [clean_folder(f) for f in folders if clean_folder(f)]


def with_workspace_config(root: str | os.PathLike, settings: ImportSettings, warnings: list[str]) -> ImportSettings:
    """The settings with the workspace's decision-record folders added (a broken file is a warning)."""
    try:
        shared = read_adr_folders(root)
    except ConfigError as e:
        warnings.append(f"{CONFIG_PATH}:1: {e}; its folders are not used")
        shared = []
    folders = list(dict.fromkeys([*shared, *declared_adr_folders(root, warnings),
                                  *(clean_folder(f) for f in settings.adr_folders)]))
    return attrs.evolve(settings, adr_folders=[f for f in folders if f])


ADR_DIR = ".adr-dir"
LOG4BRAINS = ".log4brains.yml"
_LOG4BRAINS_FOLDER = re.compile(r"^\s*adrFolder\s*:\s*[\"']?([^\"'#\n]+?)[\"']?\s*(?:#.*)?$", re.M)


def declared_adr_folders(root: str | os.PathLike, warnings: list[str]) -> list[str]:
    """The folder a repository's own record tool says holds its decision records: adr-tools' `.adr-dir` (one
    line, `docs/adrs`) and log4brains' `.log4brains.yml` (`adrFolder: ./docs/adr`); a folder not in the
    workspace is a warning and is not used."""
    out = []
    for name, read in ((ADR_DIR, lambda t: t.strip().splitlines()[0] if t.strip() else ""),
                       (LOG4BRAINS, lambda t: m.group(1) if (m := _LOG4BRAINS_FOLDER.search(t)) else "")):
        path = Path(root) / name
        if not path.is_file():
            continue
        try:
            written = read(path.read_text(encoding="utf-8", errors="replace")[:4096]).strip()
            if written:
                out.append(check_folder(root, written))
        except (OSError, ConfigError) as e:
            warnings.append(f"{name}:1: {e}; its folder is not used")
    return out


def clean_folder(folder: str) -> str:
    """A workspace-relative folder in one spelling: forward slashes, no `./`, no trailing slash."""
    parts = [p for p in folder.replace("\\", "/").split("/") if p not in ("", ".")]
    return "/".join(parts)


def check_folder(root: str | os.PathLike, folder: str) -> str:
    """A folder given by a person, checked: inside the workspace and present; its clean spelling."""
    clean = clean_folder(folder)
    if not clean or PurePosixPath(folder.replace("\\", "/")).is_absolute() or ".." in clean.split("/"):
        raise ConfigError(f"{folder!r} is not a folder inside the workspace (give it relative to {root})")
    if not (Path(root) / clean).is_dir():
        raise ConfigError(f"{clean!r} is not a folder in {root}")
    return clean


def remember_adr_folders(root: str | os.PathLike, folders: list[str]) -> list[str]:
    """Add folders to the workspace configuration; returns the ones that were not there yet."""
    known = read_adr_folders(root)
    new = [f for f in dict.fromkeys(clean_folder(f) for f in folders) if f and f not in known]
    if not new:
        return []
    path = config_file(root)
    value = "adr_folders = [" + ", ".join(_quote(f) for f in known + new) + "]"
    text = path.read_text(encoding="utf-8") if path.is_file() else _HEADER
    if _LINE.search(text):
        text = _LINE.sub(lambda _: value, text, count=1)
    elif re.search(r"^\[import\]\s*$", text, re.M):
        text = re.sub(r"^\[import\]\s*$", lambda m: m.group(0) + "\n" + value, text, count=1, flags=re.M)
    else:
        text = text.rstrip("\n") + ("\n\n" if text.strip() else "") + "[import]\n" + value + "\n"
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{CONFIG_PATH} could not be updated safely ({e}); add {value} under [import] by hand") from e
    if [f for f in new if f not in _reread(text)]:
        raise ConfigError(f"{CONFIG_PATH} could not be updated safely; add {value} under [import] by hand")
    lore_dir(Path(root))
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return new


def _reread(text: str) -> list[str]:
    return list(tomllib.loads(text).get("import", {}).get("adr_folders", []))


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
