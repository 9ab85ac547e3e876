"""Code a decision names without a path: a bare file name (`models.py`) or a package (`notifications_python_client`,
`notifications-python-client`).

A decision often writes only a file's name, or the name of a package it vendors or splits out. Such
a name anchors when it is written as code (backticks) and means exactly one place in the workspace:

- a file name with a code extension that exactly one file outside tests, vendored and generated
  folders carries (`models.py` -> `app/models.py`). Build manifests and lock files (`pyproject.toml`,
  `package.json`, `go.mod`) are named in passing by most decisions that add a dependency, so they
  anchor only through a written path.
- a snake_case or kebab-case name of three or more words that exactly one code file outside tests is
  named (`delete_and_regenerate_dissemination_from_intake` -> its management command's module).
- a term of two words or more written as code, as a link's text or, more than once or in a heading, hyphenated in
  prose, that is the name of one or two code or configuration files outside tests once case and `-`, `_` and spaces
  are set aside (`secure_headers`, "Content-Security-Policy" -> `config/initializers/content_security_policy.rb`;
  `stem_terms`, `BareIndex.stem_named`).
- the name one of the workspace's own packages is published under (a package.json's `name`,
  `log4brains` or `@log4brains/cli`; a pyproject.toml's or Cargo.toml's): that package's folder.
- a tool a decision's title names whose configuration has a fixed name (`WELL_KNOWN`: "Docker" the
  Dockerfile, "GitHub Actions" the workflows).
- a tool whose one configuration file the workspace holds (`orval.config.ts`, `.eslintrc.json`, the
  pyproject.toml with a `[tool.poetry]` table), named in prose: a decision choosing the tool governs
  how it is configured.
- a package name of two or more words (split on `_`, `-` and `.`; a hyphenated distribution name also
  matches its underscored folder, and a .NET project's dotted name, `CarbonAware.DataSources.Registration`,
  its folder) that exactly one folder carries, when that folder is a package or project (it holds code
  files directly, or a manifest in it or below it) and not a broad one (see `mentions.broad`).
  One-word names (`utils`, `api`, `frontend`) are too often a generic folder to point at one.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cached_property
from pathlib import PurePosixPath

from lore.anchors import has_grammar, language_for_path
from lore.markup import markdown
from lore.sources import concepts, headings
from lore.sources.imports import KIND_WORDS, fold, without_examples
from lore.sources.layout import MANIFESTS, WorkspaceLayout
from lore.sources.named import TEST_PATH, COMMON, KEYWORD_LANGUAGES, MAX_FILES, folded_names, led_by, name_parts
from lore.text import STOP_WORDS

_WORD = re.compile(r"`(\.?[A-Za-z_][\w.-]{2,80})`")
_DATA = frozenset({".md", ".txt", ".json", ".yaml", ".yml", ".toml", ".csv", ".xml", ".svg", ".html", ".rst"})
_DOCUMENTS = frozenset({".md", ".markdown", ".rst", ".txt", ".adoc"})  # prose: a record's own file names its subject
_CONFIG_SUFFIXES = frozenset({".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".properties", ".xml"})
_LOCKS = frozenset({"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "go.sum", "Cargo.lock",
                    "Gemfile", "Gemfile.lock", "requirements.txt", "setup.cfg", "tsconfig.json", "Makefile"})


class BareIndex:
    """File names and folder names of a layout -> the workspace paths carrying them (built once)."""

    def __init__(self, layout: WorkspaceLayout):
        self.files: dict[str, list[str]] = {}
        self.folders: dict[str, list[str]] = {}
        self.stems: dict[str, list[str]] = {}
        for f in layout.files:
            if not layout.vendored(f) and not TEST_PATH.search(f):
                self.files.setdefault(PurePosixPath(f).name, []).append(f)
                if language_for_path(f) and PurePosixPath(f).suffix not in _DATA:
                    self.stems.setdefault(PurePosixPath(f).stem, []).append(f)
        for d in layout.dirs:
            if d and not layout.vendored(d + "/x") and not TEST_PATH.search(d + "/"):
                self.folders.setdefault(PurePosixPath(d).name, []).append(d)
        self._layout = layout

    def file(self, name: str) -> str | None:
        """The one file outside tests named `name`, when it is code (a stylesheet included: `_quire.css`, a theme
        a record gives as its example; a Vue or Svelte component, `iPadFrame.vue`; a shell script, `start.sh`) and
        not a manifest or lock file."""
        lang = language_for_path(name)
        if name in MANIFESTS or name in _LOCKS or lang is None or \
                not (has_grammar(lang) or lang in KEYWORD_LANGUAGES or lang in _STYLESHEETS or lang in _OTHER_CODE):
            return None
        found = self.files.get(name, [])
        return found[0] if len(found) == 1 else None

    def config(self, name: str) -> str | None:
        """The one file outside tests named `name` when it is a configuration or data file whose name says what it
        is in two words or more, or a dot-file, whatever its extension (`release-please-config.json`,
        `.release-please-manifest.json`, `tsconfig.module.json`, `.yamllint`, `.env.example`; not `config.json`, nor a
        manifest or lock file): written whole, the name is that file's."""
        p = PurePosixPath(name)
        found = self.files.get(name, [])
        dot_file = name.startswith(".") and len(name) > 3  # `.yamllint`, `.prettierrc`, `.env.example`
        if len(found) != 1 or (p.suffix.lower() not in _CONFIG_SUFFIXES and not dot_file) or name in MANIFESTS \
                or name in _LOCKS:
            return None
        return found[0] if name.startswith(".") or len(name_parts(p.stem)) >= 2 else None

    def titled(self, name: str, title: str) -> str | None:
        """The one file outside tests named `name`, of any kind, when the record's title says its name's words:
        a record titled "Use a changelog" writing `CHANGELOG.md`, or "Use Rig.Config for global configuration"
        writing `config.exs`, is about that file, though it is no code. A name without an extension is a
        package's or a command's as often as a file's (`log4brains`); manifests and lock files aside."""
        found = self.files.get(name, [])
        stems = set(concepts.name_stems(PurePosixPath(name).stem))
        if len(found) != 1 or not stems or not PurePosixPath(name).suffix or name in MANIFESTS or name in _LOCKS:
            return None
        return found[0] if stems <= set(concepts.name_stems(title)) else None

    @cached_property
    def _stem_keys(self) -> dict[str, list[tuple[str, bool]]]:
        """Stem key (`stem_key`) -> (file, whether it is code) for the code and configuration files outside tests
        and vendored folders whose name, its extension aside, is two words or more (`secure_headers.rb`,
        `content-security-policy.yml`), manifests and lock files aside."""
        out: dict[str, list[tuple[str, bool]]] = {}
        code = {f for files in self.stems.values() for f in files}
        for name, files in self.files.items():
            p = PurePosixPath(name)
            key = stem_key(p.stem)
            if key and name not in MANIFESTS and name not in _LOCKS:
                for f in files:
                    if f in code or p.suffix.lower() in _CONFIG_SUFFIXES:
                        out.setdefault(key, []).append((f, f in code))
        return out

    @cached_property
    def _led(self) -> list[tuple[str, str]]:
        return folded_names(self.stems)

    def led_by(self, lead: str) -> list[str]:
        """The code files outside tests whose name, its extension aside, begins with words that run together are
        `lead` (`hhsams`: `hhs_ams_provider.py`; see `lore.sources.named.led_by`)."""
        return sorted(f for stem in led_by(self._led, lead) for f in self.stems[stem])

    def stem_named(self, term: str, config: bool = True) -> list[str]:
        """The one or two files outside tests whose name, its extension aside, is `term` once case and `-`, `_` and
        spaces are set aside ("Content-Security-Policy": `config/initializers/content_security_policy.rb`): code
        files, and configuration files too when `config`; [] when none, more than `MAX_STEM_NAMED`, or two of the
        same name (`a/run_all.py`, `b/run_all.py`: which one is not said)."""
        found = sorted(f for f, is_code in self._stem_keys.get(stem_key(term) or "", ()) if is_code or config)
        names = {PurePosixPath(f).name for f in found}
        return found if len(found) <= MAX_STEM_NAMED and len(names) == len(found) else []

    def published_package(self, name: str) -> str | None:
        """The folder of the one package of the workspace published as `name` (`WorkspaceLayout.published`;
        the root's own manifest and tests aside), when the name is not a common word (`web`, `api`)."""
        folders = [d for d in self._layout.published.get(name, []) if d and not TEST_PATH.search(d + "/")]
        bare_name = name.rsplit("/", 1)[-1]
        if len(folders) != 1 or bare_name.lower() in COMMON:
            return None
        return folders[0]

    @cached_property
    def _code_paths(self) -> list[tuple[str, str]]:
        """(path folded to lower-case letters and digits, path) of the code files outside tests."""
        return [(re.sub(r"[^a-z0-9]", "", f.lower()), f) for files in self.stems.values() for f in files]

    def named_for(self, name: str) -> list[str]:
        """The code files outside tests whose own name or one of whose folders' names has words running
        through `name` (folded: lower-case letters and digits), in order: `bigquery` ->
        `big_query_export/users.rb`, `export_to_big_query_job.rb`, `BigQueryClient.java`; not
        `bigqueryable.rb`, whose words are not those."""
        out = []
        for folded, rel in self._code_paths:
            if name in folded and any(name in _word_runs(part) for part in PurePosixPath(rel).with_suffix("").parts):
                out.append(rel)
        return sorted(out)

    @cached_property
    def folder_stems(self) -> dict[tuple[str, ...], list[str]]:
        """Folders outside tests by their name's words as a title's are compared (`concepts.name_stems`)."""
        out: dict[tuple[str, ...], list[str]] = {}
        for name, folders in self.folders.items():
            out.setdefault(concepts.name_stems(name), []).extend(folders)
        return out

    def titled_folders(self, run: tuple[str, ...], apart: bool = True) -> list[str]:
        """Folders outside tests named for a run of a title's words (`concepts.title_word_runs`): by their name's
        words ("bucket testing": `BucketTesting`, `bucket_testing`), or, all in lower case, by those words run
        together when the title writes them apart (`concepts.joined`; "System Agent": the Go package
        `pkg/systemagent`; a title writing one name, "MeshService API", names the type, not its package)."""
        spelled = concepts.joined(run) if apart else None
        found = self.folder_stems.get(concepts.run_stems(run), []) + (self.folders.get(spelled, []) if spelled else [])
        return list(dict.fromkeys(found))

    def stems_containing(self, word: str) -> list[str]:
        """The code files outside tests whose name, its extension aside, has a word beginning with `word` (case
        aside; `asim_formatter.rb` and `AsimFormatter.java` for "format", not `useful-information.scss`), sorted."""
        word = word.lower()
        return sorted(f for stem, files in self.stems.items() if word in stem.lower()
                      and any(part.startswith(word) for part in name_parts(stem)) for f in files)

    def vocabulary(self, word: str) -> bool:
        """Whether `word` (singular, lower case) is the code's own vocabulary rather than the name of a few files:
        a folder outside tests and vendored folders named for it, singular or plural (`commands/`,
        `roles/elasticsearch/`), holds more than `MAX_FILES` files, or more than `MAX_FILES` files of any kind
        (configuration and data included, documents aside) have it or its plural as a word of their name."""
        paths = [f for files in self.files.values() for f in files]
        for name, folders in self.folders.items():
            if concepts.singular(name.lower()) == word:
                for folder in folders:
                    if sum(f.startswith(folder + "/") for f in paths) > MAX_FILES:
                        return True
        found = [f for f in paths if PurePosixPath(f).suffix.lower() not in _DOCUMENTS
                 and any(concepts.singular(part) == word for part in name_parts(PurePosixPath(f).stem))]
        return len(found) > MAX_FILES

    def holds_code(self, folder: str) -> bool:
        """Whether a folder holds a code file outside tests, at any depth."""
        return any(f.startswith(folder + "/") for files in self.stems.values() for f in files)

    def module(self, name: str) -> str | None:
        """The one code file outside tests whose name, its extension aside, is a snake_case or
        kebab-case name of three or more words (`delete_and_regenerate_dissemination_from_intake`, a
        management command): a name that long and written as code means its module."""
        parts = [p for p in re.split(r"[_-]+", name.lower()) if p]
        if len(parts) < 3 or not re.fullmatch(r"[a-z][a-z0-9_-]+", name):
            return None
        found = self.stems.get(name, [])
        return found[0] if len(found) == 1 else None

    def camel_module(self, name: str) -> str | None:
        """The one code file outside tests whose name, its extension aside, is exactly a lowerCamelCase name of two
        words or more written as code (`activityService`: `src/lib/server/services/activityService.ts`, a module of
        functions no type is named for): written whole, the name is that module's."""
        if not re.fullmatch(r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+", name):
            return None
        found = self.stems.get(name, [])
        return found[0] if len(found) == 1 else None

    def package(self, name: str) -> str | None:
        """The one folder carrying a package name of two or more uncommon-enough words that is a package
        (holds code files directly, or a project); a folder of documents of the same name is none
        (`docs/sharing/verifiable_credentials` beside the `verifiable_credentials` app)."""
        parts = [p for p in re.split(r"[._-]+", name.lower()) if p]
        if len(parts) < 2 or all(p in COMMON for p in parts):
            return None
        found = sorted({d for n in {name, name.replace("-", "_")} for d in self.folders.get(n, [])})
        packages = [folder for folder in found if self.is_package(folder)]
        return packages[0] if len(packages) == 1 else None

    def is_package(self, folder: str) -> bool:
        """Whether a folder is a package: it holds code files itself (data files aside) or is a sub-project."""
        holds_code = any(PurePosixPath(f).parent.as_posix() == folder and language_for_path(f)
                         and PurePosixPath(f).suffix not in _DATA
                         for f in self._layout.files if f.startswith(folder + "/"))
        return holds_code or any(r == folder or r.startswith(folder + "/") for r in self._layout.roots)


MAX_STEM_NAMED = 2  # files a term equal to their stem may mean: a header and its source, `secure_headers.rb` and `.yml`
MAX_STEM_WORDS = 6
# Words joined by `-`, `_` or spaces, each opening with a letter (`secure_headers`, "Content-Security-Policy").
_STEM_TERM = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-_ ]+[A-Za-z][A-Za-z0-9]*)+")
_SPAN = re.compile(r"`([^`\n]{3,80})`")
_LINK_TEXT = re.compile(r"\[`?([^\[\]`\n]{3,80})`?\](?=\(|\[)")
_HYPHENATED = re.compile(r"(?<![\w./@'-])([A-Za-z][A-Za-z0-9]+(?:-[A-Za-z][A-Za-z0-9]+)+)(?![\w/@-]|\.\w)")
_ADDRESS = re.compile(r"\]\([^)\s]*\)|<?https?://\S+|^[ \t]*\[[^\]\n]+\]:.*$", re.M)


def stem_key(name: str) -> str | None:
    """A name's words in lower case joined by `_`, when it is two to `MAX_STEM_WORDS` words joined by `-`, `_`
    or spaces (`Content-Security-Policy` -> `content_security_policy`); None for one word (`ci`, `config`)."""
    name = name.strip()
    if not _STEM_TERM.fullmatch(name):
        return None
    words = re.split(r"[-_ ]+", name.lower())
    return "_".join(words) if len(words) <= MAX_STEM_WORDS else None


# A snake_case name written in prose without backticks (openedx/license-manager's 0008: "the process_renewals
# command"): no word of prose is written so.
_SNAKE = re.compile(r"(?<![\w./@:-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w/@-]|\.\w)")


def stem_terms(text: str) -> list[tuple[str, bool]]:
    """(term, whether it is written as code or as a link's text) for each term of two words or more a record writes
    as code (`secure_headers`, or snake_case in its prose: `_SNAKE`), as a link's text (`[secure_headers](https://github.com/github/secure_headers)`) or
    hyphenated in its prose ("the Content-Security-Policy header"), in order, once each: `BareIndex.stem_named`
    says which name files. Code blocks and addresses aside; a hyphenated phrase counts when a heading writes it or
    the prose does more than once, and not all its words are common ("client-server"): "no implicit display-name
    conversion", once in passing, is no word for `display_name.go`."""
    prose = markdown.FENCE.sub(" ", text)
    found = [(m.group(1).strip(), True) for m in _SPAN.finditer(prose)]
    found += [(m.group(1).strip(), True) for m in _LINK_TEXT.finditer(prose)]
    plain = _ADDRESS.sub(" ", re.sub(r"`[^`\n]*`", " ", prose))
    written = [m.group(1) for m in _HYPHENATED.finditer(plain)]
    phrases = Counter(w.lower() for w in written)
    headed = {m.group(1).lower() for m in _HYPHENATED.finditer(" ".join(headings.all_headings(text)))}
    found += [(w, False) for w in written if (phrases[w.lower()] > 1 or w.lower() in headed)
              and not all(part in COMMON for part in w.lower().split("-"))]
    found += [(m.group(1), True) for m in _SNAKE.finditer(plain)]  # "the process_renewals command": code as written
    out: dict[str, tuple[str, bool]] = {}
    for term, as_code in found:
        key = stem_key(term)
        if key and (key not in out or as_code and not out[key][1]):
            out[key] = (term, as_code)
    return list(out.values())


_SCOPED = re.compile(r"`(@[a-z0-9][\w.-]*/[a-z0-9][\w.-]*)`")


def scoped_names(text: str) -> list[str]:
    """Backticked scoped package names (`@log4brains/cli`), in order, once each."""
    return list(dict.fromkeys(m.group(1) for m in _SCOPED.finditer(text)))


def bare_names(text: str) -> list[str]:
    """Backticked words without a slash, in order, once each."""
    return list(dict.fromkeys(m.group(1).rstrip(".") for m in _WORD.finditer(text) if "/" not in m.group(1)))


# A code file's name written as it is, without backticks ("**Main.kt :** entry point", "B[Main.kt]" in a diagram).
# Not JavaScript's: a library is named so (`Chart.js`, `Node.js`) as often as a file.
_PROSE_FILE = re.compile(r"(?<![\w./@-])([A-Za-z_][\w-]{2,60}\.(?:kt|java|py|go|rb|cs|ts|tsx|php|rs|swift|scala|ex|exs|"
                         r"dart|cpp|hpp|vue|svelte))(?![\w/-]|\.\w)")
# A dot-file named in prose: "Configure line endings in a .gitattributes file", "copy .env.example".
_PROSE_DOT_FILE = re.compile(r"(?<![\w./@-])(\.[a-z][\w-]{2,40}(?:\.[a-z][\w-]{1,10})?)(?![\w/-]|\.\w)")
_LINK = re.compile(r"\[[^\]\n]*\]\([^)\s]*\)")


def prose_file_names(text: str) -> list[str]:
    """Code file names a record writes without backticks, in its prose and diagrams (code blocks, code spans and
    links aside: a span is a name `bare_names` reads, or a command, `manage.py migrate`; a link's text means the
    file its address names, `[in process_proposal.go](https://…/a-fork/…)`), in order, once each;
    `BareIndex.file` says which mean one file of the workspace."""
    diagrams = " ".join(m.group(0) for m in markdown.DIAGRAM.finditer(text))
    prose = re.sub(r"`[^`\n]*`", " ", markdown.FENCE.sub(" ", text))  # a code span is a command (`manage.py migrate`)
    prose = _LINK.sub(" ", prose)  # a link's address says which file its text means (path rules read it)
    found = [m.group(1) for m in _PROSE_FILE.finditer(prose + "\n" + diagrams)]
    found += [m.group(1) for m in _PROSE_DOT_FILE.finditer(prose)]  # "a .gitattributes file"
    return list(dict.fromkeys(found))


_STYLESHEETS = frozenset({"css", "scss", "less"})
# Code no grammar here reads, named whole as often as any: single-file components and shell scripts.
_OTHER_CODE = frozenset({"vue", "svelte", "shell"})
_CONFIG = re.compile(r"^\.?([a-z][a-z0-9-]{1,40})(?:\.config(?:\.[a-z0-9-]{1,20})?\.[a-z]{2,4}|rc(?:\.[a-z0-9-]{1,20})?"
                     r"(?:\.[a-z]{2,4})?)$")  # a variant too: `.eslintrc.full.js`, `jest.config.e2e.js`
# A data file named for a tool (`lerna.json`, `crowdin.yml`, `netlify.toml`, `pytest.ini`, `pyoxidizer.bzl`), read
# as its configuration only at the root of the workspace or of a sub-project, where tools keep theirs (a
# `src/locales/it.json` is data).
_ROOT_CONFIG = re.compile(r"^\.?([a-z][a-z0-9-]{3,40})\.(?:json|ya?ml|toml|ini|bzl|hcl)$")


# Data files named for what they are, not for a tool: a GitHub composite action's `action.yml`.
_NO_TOOL = frozenset({"action"})
_TOOL_TABLE = re.compile(r"^\[tool\.([A-Za-z][\w-]*)[.\]]", re.M)


def config_files(layout: WorkspaceLayout) -> dict[str, list[str]]:
    """Tool name -> its configuration files outside vendored folders: `orval.config.ts`, `.eslintrc.json`,
    the pyproject.toml whose `[tool.poetry]` table configures poetry, and the pre-commit configuration running a
    tool's hook (`- id: ruff`, `hook_tools`)."""
    out: dict[str, list[str]] = {}
    roots = set(layout.roots) | {""}
    for f in layout.files:
        if layout.vendored(f):
            continue
        name = PurePosixPath(f).name
        m = _CONFIG.match(name)
        if m:
            out.setdefault(m.group(1), []).append(f)
        elif name in ("pyproject.toml", *_PRE_COMMIT):
            try:
                text = (layout.root / f).read_text(encoding="utf-8", errors="replace")[:65536]
            except OSError:
                continue
            found = _TOOL_TABLE.findall(text) if name == "pyproject.toml" else ["pre-commit", *hook_tools(text)]
            for tool in dict.fromkeys(t.lower() for t in found):
                out.setdefault(tool, []).append(f)
        elif (m := _ROOT_CONFIG.match(name)) and m.group(1) not in COMMON | _NO_TOOL \
                and name not in MANIFESTS and (f.rsplit("/", 1)[0] if "/" in f else "") in roots:
            out.setdefault(m.group(1), []).append(f)
    return out


_PRE_COMMIT = (".pre-commit-config.yaml", ".pre-commit-config.yml")


_HOOK_ID = re.compile(r"^[ \t]*-?[ \t]*id:[ \t]*['\"]?([A-Za-z][\w.-]*)", re.M)
# What a hook's id may add to the tool it runs: `ruff-format`, `eslint-fix`, `pydocstyle-check` run ruff, eslint, ….
_HOOK_ACTIONS = frozenset({"format", "formatter", "lint", "linter", "check", "fix", "docstring", "hook", "hooks"})


def hook_tools(text: str) -> list[str]:
    """The tools a pre-commit configuration runs as hooks (`- id: ruff`, `- id: ruff-format`): a hook's id, or its
    first word when the rest says what the hook does with it; not `check-yaml` or `trailing-whitespace`."""
    out = []
    for hook in _HOOK_ID.findall(text):
        first, *rest = hook.lower().split("-")
        if not rest:
            out.append(first)
        elif all(r in _HOOK_ACTIONS for r in rest) and first not in _HOOK_ACTIONS:
            out.append(first)
    return out


# Folders of files each named for the library or tool it configures or runs: a CI workflow
# (`.github/workflows/brakeman-analysis.yml`), a Rails initializer (`config/initializers/omniauth.rb`).
_NAMED_FOR_TOOL = re.compile(r"(^|/)(\.github/workflows/[^/]+\.ya?ml|config/initializers/[^/]+\.rb)$")


FIRST_WORD = 5  # letters of a file name's first word to stand for a dependency (`brakeman-analysis`, not `sync_kuma_oas`)


def dependency_config_files(layout: WorkspaceLayout, declared: Iterable[str]) -> dict[str, list[str]]:
    """Dependency name (folded: `secureheaders`) -> the workflows and initializers named for it (`_NAMED_FOR_TOOL`:
    its whole name, `secure_headers.rb`, or its first word of `FIRST_WORD` letters or more, `brakeman-analysis.yml`), for the dependencies the
    workspace's manifests declare by that whole name (`declared`, `manifests.ManifestIndex.whole`): a workflow named
    `deploy-stage.yml` runs no library, one named for a gem the Gemfile declares runs that gem."""
    declared = {d for d in declared if len(d) >= 4 and d not in COMMON}
    out: dict[str, list[str]] = {}
    for f in sorted(layout.files):
        if not _NAMED_FOR_TOOL.search(f) or layout.vendored(f) or TEST_PATH.search(f):
            continue
        stem = PurePosixPath(f).stem
        whole, first = fold(stem), re.split(r"[-_.]", stem.lower())[0]
        for name in dict.fromkeys((whole, first) if len(first) >= FIRST_WORD else (whole,)):
            if name in declared:
                out.setdefault(name, []).append(f)
                break
    return out


def headed_dependencies(text: str, title: str, configs: dict[str, list[str]]) -> list[tuple[str, str]]:
    """(dependency, file) for the initializers named for a dependency (`dependency_config_files`) that a record's
    title or one of its headings names ("### Omniauth" in "Authentication"; "Use Sidekiq for asynchronous tasks"),
    and the workflows named for one its title names ("Jest & react-testing-library": `jest.yml`) or a heading names
    alone ("### Brakeman" in "Security scans": `brakeman-analysis.yml`), at most `MAX_FILES` of each: a part of a
    record given to a library is about it, and its initializer is where it is set up; a workflow runs a tool over
    the code, which only a record or a part of one on that tool is about (a section on a "Protobuf implementation"
    is not about the workflow linting the schema)."""
    if not configs:
        return []
    titled = _folded_words(title)
    heads = headings.all_headings(text)
    headed = titled | _folded_words(" ".join(heads))
    alone = titled.union(*(words for words in map(_folded_words, heads) if len(words) == 1))  # "### Brakeman"
    out = []
    for tool, files in sorted(configs.items()):
        for kind, said in (("initializers", headed), ("workflows", alone)):
            kept = [f for f in files if f"/{kind}/" in f"/{f}"]
            if tool in said and len(kept) <= MAX_FILES:
                out += [(tool, f) for f in kept]
    return out


def _folded_words(text: str) -> set[str]:
    return {fold(w) for w in re.findall(r"[A-Za-z][\w.-]{1,40}", text)}


def tools_named(text: str, tools: dict[str, list[str]], chosen: Iterable[str] = (), title: str = "") -> list[tuple[str, str]]:
    """(tool, config file) for each tool `text` names in its prose as a name (capitalised, `Lerna`, `ESLint`,
    `Next.js`, or in backticks, `poetry`: "next to no benefit" names no tool, nor does "Docs" where the text also
    writes "the docs"; a link's text counts, its address does not; tools given as examples, `imports.example_spans`,
    are not its choice) or that its title chooses (`chosen`, folded: "Use python and pyoxidizer" ->
    `pyoxidizer.bzl`), for its configuration files nearest the workspace's root (the workspace's own `.eslintrc.js`
    beside those of its packages; `poetry.toml` and the `pyproject.toml` with a `[tool.poetry]` table), at most
    `named.MAX_FILES` of them: a decision choosing Orval governs `orval.config.ts`. A tool the prose names once,
    under a heading of what follows from the decision or where to read more (`_PASSING_PARTS`), and the title not at
    all, is named in passing ("nor additional costs for Heroku addons" under Consequences, in a record on search):
    the platform every record of a project runs on is not each one's subject. A tool named as whose something is
    ("Vercel's AI SDK") or as a word before another noun ("Next.js middleware", "Vercel AI SDK") names that noun,
    not the tool (`_names_another`): written only so, the tool is not the subject. A name a title joins to another
    with a hyphen ("Use Prettier-ESLint Airbnb for the code style") is one the title names."""
    prose = without_examples(re.sub(r"\]\([^)]*\)|https?://\S+", " ", text))
    tokens = [(m.group(1), m.group(2), _opens_sentence(prose, m.start()))
              for m in re.finditer(r"(?<![\w./-])(`?)([A-Za-z][\w-]{1,40})(?![\w/-])", prose)
              if m.group(1) or not _names_another(prose, m.end())]
    # A word the prose also writes in lower case, outside code, is an ordinary word of it ("in the docs"): capitalised
    # at a sentence's start ("**Docs carry an explicit warning.**") it names no tool (`docs/docs.config.json`); nor
    # does a word capitalised only where any word is, opening a sentence ("Global state management with…",
    # "**Example — Timer Registry**", "Next, we…"), unless it is written elsewhere too.
    plain = {w for tick, w, _ in tokens if not tick and w.islower()}
    inside = {w for tick, w, opens in tokens if tick or not opens}
    said = Counter(w.lower() for tick, w, opens in tokens
                   if tick or not w.islower() and not (w[1:].islower() and (w.lower() in plain or opens and w not in inside)))
    titled = {w.lower() for w in re.findall(r"[A-Za-z][\w-]{1,40}", title)}
    titled |= {part for w in titled for part in w.split("-")}  # "Use Prettier-ESLint Airbnb": ESLint
    words = {w for w, n in said.items() if n >= 2 or w in titled or not _in_passing_part(w, text)} | set(chosen)
    out = []
    for tool, files in sorted(tools.items()):
        if tool not in words:
            continue
        top = min(f.count("/") for f in files)
        nearest = sorted(f for f in files if f.count("/") == top)
        if len(nearest) <= MAX_FILES:
            out += [(tool, f) for f in nearest]
    return out


# What follows a tool's name when it names something of the tool's: a possessive ("Vercel's"), or, after the
# suffix of its name (".js" of "Next.js"), another noun: a capitalised word or acronym ("Vercel AI SDK", "Next.js
# Edge runtime"), or a word in lower case that is neither a word of grammar (`_GRAMMAR`) nor a verb or adverb's
# ending ("Lerna publishes", "Lerna handled", "Lerna directly"), nor a word for the tool itself (`_THE_TOOL`): "Next.js
# middleware".
_AFTER_NAME = re.compile(r"(?:\.[A-Za-z]{2,3}(?![\w-]))?(?:(?P<owner>['’]s\b)|[ \t]+(?P<code>`[A-Za-z_$][\w$.]*(?:\(\))?`)|"
                         r"[ \t]+(?P<noun>[A-Z][A-Za-z]+|[a-z]{3,})(?![\w'’-]))")
_VERB_ENDINGS = ("s", "ed", "ly")
_GRAMMAR = STOP_WORDS | frozenset("""may might must shall cannot also already still instead alone since via across
within without upon per versus though although unless whereas whether yet either neither""".split())
# Words after a tool's name that say what the tool itself is, or its own configuration: "the Orval package", "the
# Next.js config".
_THE_TOOL = KIND_WORDS | frozenset("""module tool toolkit tooling platform service config configuration settings
setup""".split())


def _names_another(text: str, end: int) -> bool:
    """Whether the name ending at `end` of `text` is written as whose something is, as a word before another noun, or
    before a name written as code (see `_AFTER_NAME`)."""
    m = _AFTER_NAME.match(text, end)
    if not m:
        return False
    noun = m.group("noun")
    if m.group("owner") is not None or m.group("code") is not None:
        return True  # "Vercel's AI SDK"; "the Babel `get_locale` method": the tool's member, not the tool
    return noun.lower() not in _THE_TOOL and (noun[0].isupper() or noun not in _GRAMMAR and not noun.endswith(_VERB_ENDINGS))


_LINE_OPENING = re.compile(r"[ \t]*(?:>[ \t]*)?(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+|\|[ \t]*)?(?:\*\*|__|\*|_)?")
_AFTER_SENTENCE = re.compile(r"[.!?][)\]\"']?[ \t]+(?:\*\*|__|\*|_)?$")


def _opens_sentence(text: str, at: int) -> bool:
    """Whether the word at `at` opens a sentence, a list item, a table cell or a bold label (not a heading's:
    "### Brakeman" names its subject)."""
    line = text[text.rfind("\n", 0, at) + 1:at]
    return bool(_LINE_OPENING.fullmatch(line) or _AFTER_SENTENCE.search(line))


# Headings of the parts of a record that say what follows from its decision or where to read more, by their first
# five letters: a tool named there once is named in passing (so is one named only in a list item linking another
# record, `headings.read_more_spans`).
_PASSING_PARTS = frozenset({"conse", "posit", "negat", "neutr", "drawb", "risks", "trade", "refer", "links",
                            "furth", "see a", "notes", "relat"})


def config_in_passing(name: str, text: str, title: str) -> bool:
    """Whether a configuration file's name is written in passing: once, under a heading of what follows from the
    decision (`_PASSING_PARTS`: "NATS is added to `docker-compose.yml` for local development" under Consequences of
    a record choosing an event transport), and the title says none of its name's words ("Migrate to
    release-please" is about `release-please-config.json`, wherever the record names it)."""
    if len(re.findall(rf"(?<![\w./-]){re.escape(name)}(?![\w-])", text)) > 1 or not _in_passing_part(name, text):
        return False
    return not set(concepts.name_stems(PurePosixPath(name).stem)) & set(concepts.name_stems(title))


def _in_passing_part(word: str, text: str) -> bool:
    """Whether `text` first writes `word` (case aside) under a heading of `_PASSING_PARTS` or where it says where
    to read more (`headings.in_read_more`: "- [ADR 015](./015-a11y-testing.md) — complements the Cypress checks")."""
    m = re.search(rf"(?<![\w./-]){re.escape(word)}(?![\w/-])", text, re.I)
    if m is None:
        return False
    heading = headings.heading_above(text, m.start())
    return bool(heading) and markdown.plain(heading).strip().lower()[:5] in _PASSING_PARTS or headings.in_read_more(text, m.start())


# Tools whose configuration is a file of a fixed name or folder rather than `<tool>.config.*`: the name a
# title writes (case aside) -> a pattern for its files' paths.
WELL_KNOWN = (
    (re.compile(r"\bdocker\b", re.I), re.compile(r"(^|/)(Dockerfile(\.[\w-]+)?|[\w-]+\.dockerfile|(docker-)?compose(\.[\w-]+)?\.ya?ml)$")),
    (re.compile(r"\bgithub (?:actions|workflows?)\b", re.I), re.compile(r"^\.github/workflows/[^/]+\.ya?ml$")),
    (re.compile(r"\bdependabot\b", re.I), re.compile(r"^(\.github/dependabot|\.dependabot/config)\.ya?ml$")),  # v2, v1
    (re.compile(r"\brenovate\b", re.I), re.compile(r"(^|/)(renovate\.json5?|\.renovaterc(\.json)?|\.github/renovate\.json5?)$")),
    (re.compile(r"\bdev ?containers?\b", re.I), re.compile(r"^(\.devcontainer/[^/]+|\.devcontainer\.json)$")),
    (re.compile(r"\bpre-?commit\b", re.I), re.compile(r"(^|/)\.pre-commit-config\.ya?ml$")),
    (re.compile(r"\bhusky\b", re.I), re.compile(r"^\.husky/[^/]+$")),
    # Heroku and Dokku read the `Procfile` alone (`Procfile.dev` is foreman's or overmind's, for local processes)
    (re.compile(r"\bheroku\b", re.I), re.compile(r"(^|/)Procfile$|^(app\.json|heroku\.yml)$")),
    (re.compile(r"\bdokku\b", re.I), re.compile(r"(^|/)Procfile$|^app\.json$")),
    (re.compile(r"\bprocfiles?\b", re.I), re.compile(r"(^|/)Procfile(\.[\w-]+)?$")),
    (re.compile(r"\bvagrant\b", re.I), re.compile(r"(^|/)Vagrantfile$")),
    (re.compile(r"\beditorconfig\b", re.I), re.compile(r"(^|/)\.editorconfig$")),
    (re.compile(r"\bcode ?owners\b", re.I), re.compile(r"(^|/)CODEOWNERS$")),
    (re.compile(r"\bstorybook\b", re.I), re.compile(r"(^|/)\.storybook/main\.[cm]?[jt]sx?$")),
    (re.compile(r"\bgradle\b", re.I), re.compile(r"(^|/)(build|settings)\.gradle(\.kts)?$")),
    (re.compile(r"\bmaven\b", re.I), re.compile(r"(^|/)pom\.xml$")),
    (re.compile(r"\bgitlab[ -]ci\b", re.I), re.compile(r"^\.gitlab-ci\.ya?ml$")),
    (re.compile(r"\bcircle ?ci\b", re.I), re.compile(r"^\.circleci/config\.ya?ml$")),
    (re.compile(r"\btravis\b", re.I), re.compile(r"^\.travis\.ya?ml$")),
    (re.compile(r"\bjenkins\b", re.I), re.compile(r"(^|/)Jenkinsfile$")),
    (re.compile(r"\bhelm\b", re.I), re.compile(r"(^|/)Chart\.ya?ml$")),
    (re.compile(r"\bcloud ?foundry\b", re.I), re.compile(r"(^|/)manifest([\w.-]*)\.ya?ml$")),
    # version managers keep the versions they pin in a dot-file of their own
    (re.compile(r"\basdf\b", re.I), re.compile(r"(^|/)\.tool-versions$")),
    (re.compile(r"\bnvm\b", re.I), re.compile(r"(^|/)\.nvmrc$")),
    (re.compile(r"\bpyenv\b", re.I), re.compile(r"(^|/)\.python-version$")),
    (re.compile(r"\b(?:rbenv|rvm)\b", re.I), re.compile(r"(^|/)\.ruby-version$")),
    # TypeScript chosen ("Use TypeScript", "Migrate to TypeScript"), not what a tool is for ("to format TypeScript code")
    (re.compile(r"(?:(?<=\buse )|(?<=\busing )|(?<=\badopt )|(?<=\bto ))type ?script\b", re.I), re.compile(r"(^|/)tsconfig(\.[\w-]+)?\.json$")),
    (re.compile(r"\bnest(?:\.?js)?\b", re.I), re.compile(r"(^|/)nest-cli\.json$")),
)
MAX_WELL_KNOWN = 6
# A tool's bot as a title names it ("Renovatebot", "renovate-bot", "Renovate bot"): the tool, as `WELL_KNOWN` names it.
_BOT = re.compile(r"(?<=[A-Za-z])[ -]?bot\b", re.I)
# Words naming where or how a tool runs rather than which of its files ("devcontainers for local development"
# is not about `docker-compose.local.yml`), by their first five letters.
_SETTINGS = frozenset({"local", "devel", "produ", "stagi", "testi", "defau", "examp", "sampl", "commo", "share",
                       "gener", "envir", "setup"})


def well_known_files(title: str, layout: WorkspaceLayout) -> list[tuple[str, str]]:
    """(tool as the title writes it, file) for each tool of `WELL_KNOWN` a decision's title names, for its
    files nearest the workspace's root when there are at most `MAX_WELL_KNOWN` of them, or the one folder
    holding more (`.github/workflows/**`): "Docker for development" governs the Dockerfile; "GitHub
    Actions" the workflows; of several, those named for a word of the title when some are ("verification
    testing in its own GitHub workflow": `verification-tests.yml`). Named only in a decision's body, such a tool is as often a passing mention
    ("run it in Docker"). A tool is named with its bot too ("Use Renovatebot": `renovate.json`)."""
    out = []
    for name, path in WELL_KNOWN:
        said = next((t for t in (title, _BOT.sub("", title)) if name.search(t)), None)
        if said is None:
            continue
        m = name.search(said)
        files = [f for f in layout.files if path.search(f) and not layout.vendored(f) and not TEST_PATH.search(f)]
        if not files:
            continue
        top = min(f.count("/") for f in files)
        nearest = sorted(f for f in files if f.count("/") == top)
        folders = {f.rsplit("/", 1)[0] if "/" in f else "" for f in nearest}
        words = {w.lower()[:5] for w in re.findall(r"[A-Za-z]{5,}", name.sub(" ", said))
                 if w.lower() not in COMMON and w.lower()[:5] not in _SETTINGS}
        own = [f for f in nearest if any(w in PurePosixPath(f).stem.lower() for w in words)]
        if len(nearest) > 1 and 0 < len(own) < len(nearest):
            out += [(m.group(0), f) for f in own]  # "verification testing to its own GitHub workflow"
        elif len(nearest) <= MAX_WELL_KNOWN:
            out += [(m.group(0), f) for f in nearest]
        elif len(folders) == 1 and "" not in folders:
            out.append((m.group(0), f"{folders.pop()}/**"))  # a folder of them: `.github/workflows/**`
    return out


def named_folder(rel: str, name: str) -> str | None:
    """The outermost folder of `rel` whose name's words run through `name` (see `BareIndex.named_for`)."""
    parts = PurePosixPath(rel).parts[:-1]
    for i, part in enumerate(parts):
        if name in _word_runs(part):
            return "/".join(parts[:i + 1])
    return None


def _word_runs(name: str) -> set[str]:
    """Every run of consecutive words of a file or folder name, joined and folded: `BigQueryExport` ->
    `big`, `bigquery`, `bigqueryexport`, `query`, `queryexport`, `export`."""
    words = name_parts(name)
    return {"".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}
