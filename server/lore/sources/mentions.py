"""Anchors for a decision from the code it names: paths (`app/services/`, `src/hooks/api`, Go import
paths) and identifiers (`FeaturesReadModel`, `useFeatures()`).

An ADR that names code governs that code. A written path becomes a path anchor when it exists in
the workspace, relative to the workspace root, to the ADR's folder, to a Go module or to one of
the sub-projects (a folder covers its subtree); so does one folder's name written as code with its
trailing slash (`terraform/`), where it is a folder, unless it is a source root (`src/`: the whole
project's code, where a decision says things live). A specific identifier becomes a symbol anchor on
each file defining it (see `named`). Links to documents, URLs and paths outside the workspace are
ignored, so ADRs that name no code stay unanchored and are found by search instead, and so are the paths
a command line carries (`dotnet publish src/Koine.Cli` in a block of shell, a `$ ` prompt line or a code span):
where a command runs, not what the record governs.
A path or name the record says stays as it is ("`api/` is unchanged", "no changes to `api/`", "the existing `parse`
logic is unchanged") anchors nothing either (see `unchanged`).

Each derived anchor comes with why (`names `FeaturesReadModel``), kept in the memory's
`meta["derived_anchors"]` so a lens or hover can say it and a person can confirm or drop it.
How many anchors a decision keeps depends on how specific they are, not a fixed count: every
anchor scoring `SURE` or more is kept (up to `MAX_SURE`), weaker ones only while fewer than
`MAX_WEAK` are kept, so a survey naming forty things does not anchor everywhere; the files citing the
record are kept apart (up to `MAX_CITED`), as the code itself says the record governs them. Under those caps
anchors reaching code the decision reaches no other way come before symbols inside a folder or file
it already anchors, files and symbols before globs and a glob over few files before one over many, then the
names it writes most (`ranked`), never the order they are written in. A folder holding
more than `MAX_FOLDER_FILES` files outside tests (`app/models/`, `cmd/jaeger/internal/`) is where the
code a decision speaks of lives, not what it governs: it anchors only when a heading of the decision
names it, or, when the folder is a collection of the kind the decision is about, its instances
(`app/interactors/**/*_interactor.rb`, see `concepts.kind_folder_globs`); search and context packs
still find the decision by what it says. So do the folders a decision anchors together: more than `MAX_FOLDER_FILES`
files besides tests between them, only those its title, a heading or its decision part names anchor
(`spread_folders`).

The code also points back: a file whose comment cites the record by number (`ADR-013`) is governed
by it (see `citations`). A link to a file or folder of the project that has since moved or been
renamed anchors where it went (see `moved`), and so does a path it writes that git has since renamed (or whose
folder git moved whole), and a relative link naming nothing from the record's folder what
it names from the nearest of that folder's ancestors (`[database](../database)`, one `../` short); a term written
as code that one code file spells (`on_delete`) anchors that file (see `literals`); an endpoint it writes (`/taxonomies/:id/tags/`) the
files routing it (see `routes`); the keys of an example it shows (`"child_count": 15`) the types
declaring them as fields (see `shapes`); a library a decision titled for a choice adopts
(`Use Lunr for search`) the few files importing it (see `imports`), the few named for it (`choice_named_anchors`)
and, weakest, the few manifests declaring it (see `manifests`); a server it adopts (`Use RabbitMQ as a message
broker`) the few files running its container image and, when no code imports it by its name, reading the environment
variables named for it (`imports.product_anchors`). A misspelt long name means the one name a letter
away (see `misspelt`); a
call in a code block on a variable named for a type (`openApiService.validPath(`) names that type's
method. A type the workspace does not define (a framework's `AppConfig`) anchors the workspace's
classes deriving from it, and a method named with its type its overrides (see `subclasses`). A
Python module written dotted as code (`openedx_learning.api`) is read as the path it means, and a JVM class written
with its package that no file defines any more as that package's folder. What a
record writes only in the options it weighed ("Considered Options", `headings.without_alternatives`)
anchors nothing, nor does what it writes only as what it did not choose ("rather than on the wallet package",
`contrasts`). A record naming more than `named.SURVEY` identifiers anchors only those it comes
back to, a heading is titled for or its decision part writes, and packages it names once in an inventory (one list item each, a label apiece: `_listed`) or
once as where something lives (`_in_passing`, folders written as paths too) anchor nothing; a proposal keeps only its sure anchors
(`derive_anchors`).
"""

from __future__ import annotations

import posixpath
import re
from functools import cached_property, lru_cache
from pathlib import Path, PurePosixPath

from lore.anchors import language_for_path
from lore.anchors.choices import DERIVED_META, key_of  # noqa: F401 (DERIVED_META is re-exported to runner.py)
from lore.markup.hidden import strip_hidden
from lore.memory import ROOT_FILE, Anchor, ValidationError
from lore.sources import (bare, concepts, confined, contrasts, file_patterns, headings, imports, literals, manifests,
                          named, routes, shapes, shell, subclasses, tables, unchanged, written_code)
from lore.sources.moved import History, folder_moved_to, moved_to, renamed_in_history
from lore.sources.ranking import GLOB_CHARS, Derived, ranked, symbol_anchor
from lore.sources.misspelt import NearNames
from lore.sources.citations import CitationIndex
from lore.sources.layout import SOURCE_ROOTS, WorkspaceLayout
from lore.sources.discover import IgnoreRules, walk
from lore.sources.ownrepo import is_own, own_repositories, project_name

SURE = 0.8
MAX_SURE = 12
MAX_WEAK = 6
# Files citing a record (by its number, slug or path): the code's own word that the record governs it, kept apart
# from the caps above up to this many (17 files of one project's frontend, backend and load tests cite its ADR 0010).
MAX_CITED = 60
MAX_FOLDER_FILES = 30
CITED = "cited in"  # why a citing file's anchor was derived
TITLED = "titled for"  # why an anchor the title names was derived (`title_anchors`)
NAMED_MAX_FILES = 2 * named.MAX_FILES  # places named for a choice: a name says more than an import does
MOVED = 0.8  # a link followed to where its file went: sure (it named a file that was there), below a path as written
# A path in backticks, or in prose, where Markdown escapes an underscore (`terraform/binary\_dist/`).
_TOKEN = re.compile(r"`([^`\s]{2,200})`|(?<![\w/.:\\-])((?:(?:[\w.-]|\\_)+/)+(?:[\w.-]|\\_)*)")
_MODULE = re.compile(r"^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+$")
# A JVM class written with its package (`org.knora.webapi.store.iiif.IIIFServiceManager`): when no file defines the
# class any more (renamed, split), its package, the folder it lived in, is what the record is about.
_QUALIFIED_CLASS = re.compile(r"^((?:[a-z][a-z0-9_]*\.){3,})([A-Z]\w*)(?:\.\w+)*$")
_NAMESPACE = re.compile(r"^\\?[A-Za-z_]\w*(?:\\{1,2}[A-Za-z_]\w*)+$")
# An Elixir module written as code: capitalised names joined by dots (`SoundForge.Audio.AnalyzerPort`), whose file is its
# names in snake_case under `lib/` (`sound_forge/audio/analyzer_port.ex`), found by that path's end.
_ELIXIR_MODULE = re.compile(r"^[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)+$")


def _snake(name: str) -> str:
    """A capitalised name in snake_case, as Elixir names a module's file (`AnalyzerPort` -> `analyzer_port`)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()
# A build tool's wrapper script, which the tool writes and every command runs through (`./gradlew test`, `./mvnw
# package`): a record saying how to run something names it without governing it.
LAUNCHERS = frozenset({"gradlew", "gradlew.bat", "mvnw", "mvnw.cmd"})
_BRACES = re.compile(r"\{([^{},]*(?:,[^{},]*)+)\}")  # a shell brace list in a path
_NOT_MODULES = frozenset("py pyi md rst txt json yaml yml toml ini cfg lock js ts html css sh".split())
# A markdown link to a place in the repository, relative to the record: `[command-bus](../../packages/command-bus)`.
_RELATIVE_LINK = re.compile(r"\]\((?![a-z][\w+.-]*:|#|/)([^()\s#?]+)\)")
_OWN_LINK = re.compile(r"github\.com/([\w.-]+)/([\w.-]+)/(?:blob|tree)/[^/\s)#]+/([^\s)#?`\]]+)")
_DOC_SUFFIXES = (".md", ".mdx", ".markdown", ".txt", ".rst", ".adoc", ".png", ".svg", ".jpg", ".jpeg", ".gif", ".webp",
                 ".pdf", ".drawio", ".excalidraw")
_SKIP_TOP = {".git", ".lore", "node_modules", ".venv"}


class AnchorContext:
    """What resolving names needs, built once per import: the layout, then (on first need) the symbols."""

    def __init__(self, root: Path, layout: WorkspaceLayout | None = None):
        self.root = Path(root)
        self._layout = layout

    @property
    def layout(self) -> WorkspaceLayout:
        if self._layout is None:
            self._layout = WorkspaceLayout(self.root)
            for _ in walk(self.root, IgnoreRules(self.root), [], lambda _r: None, every=self._layout.add):
                pass
        return self._layout.finish()

    @cached_property
    def history(self) -> History:
        """The renames and deletions git recorded, read on the first question (see `moved`)."""
        return History(self.root)

    def history_cut_short(self) -> str | None:
        """How far the rename history went when git stopped part-way (`History.cut_short`), once a question read it."""
        read = self.__dict__.get("history")  # the cached `history`, not read for this
        return read.cut_short if read is not None else None

    @cached_property
    def own_repos(self) -> set[str]:
        """`owner/name` of the hosted repositories this workspace says it is (see `ownrepo`)."""
        return own_repositories(self.root, self.layout.go_modules)

    @cached_property
    def own_packages(self) -> set[str]:
        """The project's own package names, folded (`imports.fold`): its folder's, the repositories' it says it is,
        and those its manifests publish under, with their scope and without (`@developmentseed/stac-react`:
        `developmentseedstacreact`, `stacreact`, as its example app imports it)."""
        names = [self.root.name, *(r.rsplit("/", 1)[-1] for r in self.own_repos)]
        names += [n for p in self.layout.published for n in (p, p.rsplit("/", 1)[-1])]
        return {f for n in names if (f := imports.fold(n))}

    @cached_property
    def published_parts(self) -> dict[str, list[tuple[str, str]]]:
        """Word -> (package, folder) of each package the workspace publishes whose name is that one word once its scope
        and the project's own name are left off (`alfa-trilean`, `@acme/trilean` -> "trilean"; see
        `published_part_anchors`)."""
        own = concepts.own_names(self.project_name)
        by_word: dict[str, list[tuple[str, str]]] = {}
        for name, folders in self.layout.published.items():
            parts = re.split(r"[-_.]", re.sub(r"/v\d+$", "", name).rsplit("/", 1)[-1].lower())
            rest = [p for p in parts if p not in own]
            if len(rest) == 1 and (len(parts) > 1 or name.startswith("@")):
                by_word.setdefault(rest[0], []).extend((name, f) for f in folders if f)
        return by_word

    @cached_property
    def bare(self) -> bare.BareIndex:
        """File and folder names of the layout (see `bare`)."""
        return bare.BareIndex(self.layout)

    @cached_property
    def tools(self) -> dict[str, list[str]]:
        """Tool name -> its configuration files (see `bare.config_files`)."""
        return bare.config_files(self.layout)

    @cached_property
    def dependency_configs(self) -> dict[str, list[str]]:
        """Dependency -> the workflows and initializers named for it (see `bare.dependency_config_files`)."""
        return bare.dependency_config_files(self.layout, self.manifests.whole)

    @cached_property
    def project_name(self) -> str:
        """The workspace's own name in words: its folder's, those of the repositories it says it is, and the scopes
        its packages are published under (Enterprise-CMCS/managed-care-review's `@mc-review/…`: "MC Review")."""
        scopes = sorted({p[1:].split("/", 1)[0] for p in self.layout.published if p.startswith("@") and "/" in p})
        return " ".join([project_name(self.root, self.own_repos), *(s.replace("-", " ") for s in scopes)])

    @cached_property
    def phrases(self) -> concepts.PhraseIndex:
        """Word pairs of the workspace's defined names (see `concepts`)."""
        return concepts.PhraseIndex(self.symbols)

    @cached_property
    def near_names(self) -> NearNames:
        """Long defined names by spelling, to read a misspelt one (see `misspelt`)."""
        return NearNames(self.symbols.defs)

    @cached_property
    def citations(self) -> CitationIndex:
        """Code and configuration files citing records (see `citations`), built on first need."""
        return CitationIndex(self.root, self.symbols.read, self.layout.files, vendored=self.layout.vendored,
                             own=self.own_repos)

    @cached_property
    def terms(self) -> literals.TermIndex:
        """Words of two or more parts of the indexed code files (see `literals`), built on first need."""
        return literals.TermIndex(self.root, self.symbols.read)

    @cached_property
    def imports(self) -> imports.ImportIndex:
        """Import specifiers of the indexed code files (see `imports`), built on first need."""
        return imports.ImportIndex(self.root, self.symbols.read, layout=self.layout,
                                   gems=manifests.gems(self.root, self.layout))

    @cached_property
    def manifests(self) -> manifests.ManifestIndex:
        """Dependencies the package manifests declare (see `manifests`), built on first need."""
        return manifests.ManifestIndex(self.root, self.layout)

    @cached_property
    def routes(self) -> routes.RouteIndex:
        """Endpoints the indexed code files write (see `routes`), built on first need."""
        return routes.RouteIndex(self.root, self.symbols.read)

    @cached_property
    def bases(self) -> subclasses.BaseIndex:
        """Classes of the indexed code files by the base they name (see `subclasses`), built on first need."""
        return subclasses.BaseIndex(self.root, self.symbols.read)

    @cached_property
    def symbols(self) -> named.SymbolIndex:
        """Definitions of the workspace's code (see `named`), built on first need."""
        return named.SymbolIndex(self.root, self.layout)


def _candidates(text: str):
    """(token as written, the path it means) for each path `text` writes (one folder's name alone only as code with
    its trailing slash, `_one_folder`), for each Python module it writes as code in dotted form
    (`openedx_learning.api.authoring`: the module file or the package), for each PHP namespace or class it writes
    as code (`WMDE\\Fundraising\\Frontend\\Factories`), for each JVM class written with its package, that
    package's path (`_QUALIFIED_CLASS`), and for each Gradle project path written as code, its folder
    (`_GRADLE_PROJECT`)."""
    for m in _TOKEN.finditer(text):
        token = (m.group(1) or (m.group(2) or "").replace("\\_", "_")).strip().rstrip(".,;:)")
        if m.group(1) and _MODULE.match(token) and token.rsplit(".", 1)[-1] not in _NOT_MODULES:
            path = token.replace(".", "/")
            yield token, path
            yield token, path + ".py"
            continue
        qualified = _QUALIFIED_CLASS.match(token) if m.group(1) else None
        if qualified:
            yield token, qualified.group(1).rstrip(".").replace(".", "/")
            continue
        if m.group(1) and _GRADLE_PROJECT.match(token):  # `:feature:account:settings:impl`: that build's folder
            yield token, token.strip(":").replace(":", "/")
            continue
        if m.group(1) and _ELIXIR_MODULE.match(token):  # `SoundForge.Audio.AnalyzerPort`: lib/sound_forge/audio/analyzer_port.ex
            path = "/".join(_snake(part) for part in token.split("."))
            yield token, path + ".ex"
            continue
        if m.group(1) and _NAMESPACE.match(token):  # a PHP namespace or class: `WMDE\Fundraising\Factories`
            path = re.sub(r"\\+", "/", token).strip("/")
            yield token, path
            yield token, path + ".php"
            continue
        if "://" in token or token.startswith(("~", "$")):
            continue
        if "/" not in token.strip("/"):
            if m.group(1) and _one_folder(token):
                yield token, token  # `terraform/`: `path_anchors` keeps it only where it is a folder
            continue
        braces = _BRACES.search(token)
        if braces:  # `backend/{sqlite,postgres}.rs`: each file it spells
            for alternative in braces.group(1).split(",")[:10]:
                yield token, token[:braces.start()] + alternative.strip() + token[braces.end():]
            continue
        yield token, token


# A Gradle project path written as code (`:feature:account:settings:impl`, `:app-common`): the folder it builds, as
# `settings.gradle` includes it by default; `:feature:*:api` names a kind of project, no one folder.
_GRADLE_PROJECT = re.compile(r"^:[A-Za-z][\w.-]*(?::[A-Za-z][\w.-]*)*$")


# One folder written as code, its trailing slash saying it is one (`terraform/`, `.github/`); not `../`.
_ONE_FOLDER = re.compile(r"^\.?\w[\w.-]*/$")


def _one_folder(token: str) -> bool:
    """Whether a token written as code is one folder's name and its trailing slash (`terraform/`), not a source root
    (`src/`, `lib/`, `app/`; `SOURCE_ROOTS`): the whole project's code, which a decision writes as where things live,
    not as what it governs (`src/hooks/api` names a part of it)."""
    return bool(_ONE_FOLDER.match(token)) and token[:-1].lower() not in SOURCE_ROOTS


# A list item naming where a decision is carried out: "- Implementation: `core/src/saga/`", "- **Code:** `pkg/x/`".
_CARRIED_OUT = re.compile(r"^[ \t]*[-*+][ \t]+(?:\*\*|__)?(?:implementation|implemented in|implementation files|code|"
                          r"source code|source)(?:\*\*|__)?[ \t]*:?(?:\*\*|__)?[ \t]*:?[ \t]*`([^`\n]+)`[ \t]*$",
                          re.I | re.M)


def _carried_out_in(token: str, text: str) -> bool:
    """Whether a record lists a folder as where it is carried out, even among its references (CivicPress'
    ADR-002 "## References": "- Implementation: `core/src/saga/`"): that is the code it governs, not a place to read
    more."""
    return any(m.group(1).strip() == token for m in _CARRIED_OUT.finditer(text))


def path_anchors(text: str, rel: str, ctx: AnchorContext, title: str | None = None) -> list[Derived]:
    """Anchors for the paths `text` writes that exist in the workspace, as written or under a sub-project; not
    those it writes as a command's arguments (`dotnet publish src/Koine.Cli`: where a command runs, see `shell`),
    nor those it says stay as they are ("`bridge/controlplane/harbor` is unchanged", see `unchanged`), nor a folder
    it names once as where code it names lives ("a gob file implementation (`storage.KeyFile`) lives in
    `pkg/storage`": `_in_passing`, `_names_what_lives_in`; the record's `title`, read from `text` when not given, may
    name it). A folder written so with nothing named in it ("Features live in `src/lib/features`") is the place the
    record decides on. Nor does a folder it writes only where it says where to read more ("## Related Issues" with
    "Backend structure: `backend/ops_api/ops/` (API layer), `backend/models/` (data layer)", or a list item linking
    another record; `headings.read_more_spans`): that points at where things live. A file written there stays: the
    references of a record list the files carrying it out (jaeger's "Implementation files:")."""
    title = imports.title_of(text) if title is None else title
    text = unchanged.without_unchanged(text)
    out: dict[str, Derived] = {}
    layout = ctx.layout
    decided = {token for token, _ in _candidates(shell.without_commands(headings.without_read_more(text)))}
    for token, path in _candidates(shell.without_commands(text)):
        qualified = _QUALIFIED_CLASS.match(token)
        if qualified and qualified.group(2) in ctx.symbols.defs:
            continue  # a class the workspace defines: `name_anchors` anchors it, not its whole package
        clean = re.sub(r"^(\./)+|^/+", "", path.rstrip("*").rstrip("/"))
        if not clean or clean.split("/", 1)[0] in _SKIP_TOP or clean.lower().endswith(_DOC_SUFFIXES):
            continue
        if PurePosixPath(clean).name in LAUNCHERS:
            continue  # `./gradlew detektCheck`: how a build is run, not what a record governs
        if token.startswith(("http", "www.")) and not layout.is_go_import(clean):
            continue
        dotted = path != token  # a module: from the workspace and its sub-projects, not the record's folder
        resolved = layout.resolve(clean, "" if dotted else rel)
        if not resolved and not dotted:
            d = _renamed(token, clean, ctx) or _under_renamed_folder(token, clean, layout)
            if d is not None and d.anchor.value not in out:
                out[d.anchor.value] = d
            for f in _without_extension(clean, layout):
                out.setdefault(f, Derived(Anchor("path", f), 0.9, f"names `{token}` ({f})"))
            continue
        hits = [h for h in resolved if not broad(h, token if dotted else clean, text, layout)]
        for hit in sorted(set(resolved) - set(hits)):
            for d in kind_folder_anchors(hit, token, text, layout):
                out.setdefault(d.anchor.value, d)
        for hit in hits:
            if hit in layout.dirs and _only_pages(hit, layout):
                continue  # the records' own folder (`docs/rfc/`), a folder of pictures: no code to show them on
            if hit in layout.dirs and _in_passing(token, text, title) and _names_what_lives_in(token, hit, text, ctx):
                continue  # where what it names lives, not all that the folder holds
            if hit in layout.dirs and token not in decided and not _carried_out_in(token, text):
                continue  # "Related: … `backend/models/` (data layer)": where to look, not what it decides
            if hit not in layout.dirs and _one_folder(token):
                continue  # `build/` written for a folder: a file of that name is not what it means
            glob = f"{hit}/**" if hit in layout.dirs else hit
            score = 1.0 if hit == clean else 0.9 / len(hits)
            why = f"names `{token}`" + ("" if hit == clean else f" ({hit})")
            try:
                anchor = Anchor.parse(glob)
            except ValidationError:
                continue
            if glob not in out:
                out[glob] = Derived(anchor, score, why)
    for token, folder in _namespace_folders(text, layout):
        if f"{folder}/**" not in out and token in decided and not _only_pages(folder, layout):
            out[f"{folder}/**"] = Derived(Anchor("path", f"{folder}/**"), 0.9, f"names `{token}` ({folder})")
    for m in _OWN_LINK.finditer(text):
        path, score, why = m.group(3).rstrip("/."), 0.9, f"links to `{m.group(3).rstrip('/.')}`"
        if not is_own(m.group(1), m.group(2), ctx.root, ctx.own_repos) or path.lower().endswith(_DOC_SUFFIXES):
            continue
        if not layout.exists(path) and "." in PurePosixPath(path).name:
            found = moved_to(path, layout, ctx.history)  # a file linked at an old commit, since moved or renamed
            if found is None:
                continue
            path, score, why = found[0], MOVED, f"{why} ({found[1]}: `{found[0]}`)"
        glob = f"{path}/**" if path in layout.dirs else path
        if path in layout.dirs and _only_pages(path, layout):
            continue
        if layout.exists(path) and glob not in out and not broad(path, path, text, layout):
            try:
                out[glob] = Derived(Anchor.parse(glob), score, why)
            except ValidationError:
                continue
    for target in _RELATIVE_LINK.findall(text):
        d = _from_ancestor(target, rel, ctx) or _moved_folder(target, rel, ctx)
        if d is not None and d.anchor.value not in out:
            out[d.anchor.value] = d
    return list(out.values())


def _namespace_folders(text: str, layout) -> list[tuple[str, str]]:
    """(token, folder) for each namespace written as code in capitalised dotted form that one folder's path spells
    when its slashes are read as dots (`ManageEntitlementFunding.Domain.DataTransfer`:
    `src/ManageEntitlementFunding.Domain/DataTransfer`, a .NET project folder named for its namespace and a folder of
    it): the namespace is that folder. A namespace two or more folders spell, or none, gives nothing; so does one
    a project folder's name spells whole (`Paramore.Brighter.Kafka/`), a package the record may list in passing."""
    out = []
    for m in _TOKEN.finditer(text):
        token = (m.group(1) or "").strip().rstrip(".,;:)")
        if not token or not _ELIXIR_MODULE.match(token):
            continue
        spelled = [d for d in layout.dirs_named(token.rsplit(".", 1)[-1])  # `DataTransfer/`, then its whole path
                   if f".{d.replace('/', '.')}".endswith(f".{token}")]
        if len(spelled) == 1 and (token, spelled[0]) not in out:
            out.append((token, spelled[0]))
    return out


MAX_STEM_FILES = 3  # files one path written without its extension may mean: a header and its source, a module's kinds


def _without_extension(clean: str, layout: WorkspaceLayout) -> list[str]:
    """The code files a path of two or more parts written without its extension means (`src/core/LinkRunner`:
    `src/core/LinkRunner.h`, `src/core/LinkRunner.cpp`), at most `MAX_STEM_FILES` of them, pages and pictures aside.
    A path no file of the root answers may be one a language loads from a source root (Ruby's `require
    'way_of_working/code_of_conduct/contributor_covenant'`: `lib/way_of_working/code_of_conduct/contributor_covenant.rb`),
    when one source root alone holds it."""
    if "/" not in clean or "." in clean.rsplit("/", 1)[-1]:
        return []

    def code(path: str) -> list[str]:
        return [f for f in layout.files_of_stem(path) if not f.lower().endswith(_DOC_SUFFIXES)
                and not named.TEST_PATH.search(f)]

    files = code(clean)
    if not files and clean.split("/", 1)[0] not in SOURCE_ROOTS:
        under = [found for found in (code(f"{r}/{clean}") for r in sorted(SOURCE_ROOTS)) if found]
        files = under[0] if len(under) == 1 else []
    return files if 0 < len(files) <= MAX_STEM_FILES else []


def _renamed(token: str, clean: str, ctx: AnchorContext) -> Derived | None:
    """The anchor of where a written path that is gone went, as git recorded it (`moved`): the file it was renamed
    to (`charts/model-serving/templates/_helpers.tpl`: `charts/inference/templates/_helpers.tpl`), or the folder
    its files were all moved to, unless that is a folder of pages or too broad to anchor (`broad`)."""
    layout = ctx.layout
    if clean.startswith("..") or layout.exists(clean):
        return None
    found = None if token.endswith("/") else renamed_in_history(clean, layout, ctx.history)
    if found is not None:
        return Derived(Anchor("path", found), MOVED, f"names `{token}` (renamed: `{found}`)")
    found = folder_moved_to(clean, layout, ctx.history)
    if found is None or _only_pages(found, layout) or broad(found, found, "", layout):
        return None
    return Derived(Anchor("path", f"{found}/**"), MOVED, f"names `{token}` (moved: `{found}`)")


def _under_renamed_folder(token: str, clean: str, layout: WorkspaceLayout) -> Derived | None:
    """The one file a written file path means when its first folder no longer exists anywhere and the rest of
    the path (two parts or more) ends exactly one file's path (`tests-ng/util/sysdiff.py`, written before
    `tests-ng/` became `tests/`: `tests/util/sysdiff.py`)."""
    parts = clean.split("/")
    if len(parts) < 3 or layout.dirs_named(parts[0]) or parts[0] in ("", ".", ".."):
        return None
    found = layout.tail_file("/".join(parts[1:]))
    if found is None:
        return None
    return Derived(Anchor("path", found), MOVED, f"names `{token}` (its first folder renamed: `{found}`)")


def _only_pages(folder: str, layout) -> bool:
    """Whether every file under a folder is a page or a picture (`_DOC_SUFFIXES`): the records' own folder, a
    folder of diagrams."""
    held = layout.files_under(folder)
    return held > 0 and layout.files_under(folder, _DOC_SUFFIXES) == held


def _from_ancestor(target: str, rel: str, ctx: AnchorContext) -> Derived | None:
    """The anchor of the place a record's relative link names when, read from the record's folder, it names
    nothing, but read from an ancestor of that folder (the nearest where it names something, up to the workspace's
    root) it names a folder or a code file: plutus-script-evaluation's `doc/adr/0002-….md` links its schema as
    `[database](../database)`, one `../` short of the root's `database/`. Pages, folders of pages and broad
    folders (`broad`) anchor nothing, as wherever a link names them."""
    layout = ctx.layout
    clean = target.rstrip("/")
    if not clean or clean.lower().endswith(_DOC_SUFFIXES) or layout.resolve(clean, rel):
        return None
    here = posixpath.dirname(rel)
    while here:
        here = posixpath.dirname(here)
        path = posixpath.normpath(posixpath.join(here, clean))
        if path.startswith("..") or path in (".", "") or not layout.exists(path):
            continue
        folder = path in layout.dirs
        if (_only_pages(path, layout) or broad(path, clean, "", layout)) if folder else language_for_path(path) is None:
            return None
        try:
            anchor = Anchor.parse(f"{path}/**" if folder else path)
        except ValidationError:
            return None
        return Derived(anchor, 0.9, f"links to `{target}` (read from an ancestor folder: `{path}`)")
    return None


def _moved_folder(target: str, rel: str, ctx: AnchorContext) -> Derived | None:
    """The anchor of the folder a record's relative link names, when that folder is gone and git says where
    its files went (`moved.folder_moved_to`)."""
    layout = ctx.layout
    path = posixpath.normpath(posixpath.join(posixpath.dirname(rel), target.rstrip("/")))
    if path.startswith("..") or path in (".", "") or "." in PurePosixPath(path).name or layout.exists(path):
        return None
    found = folder_moved_to(path, layout, ctx.history)
    if found is None or broad(found, found, "", layout):
        return None
    return Derived(Anchor("path", f"{found}/**"), MOVED, f"links to `{path}` (moved: `{found}`)")


def kind_folder_anchors(folder: str, token: str, text: str, layout: WorkspaceLayout) -> list[Derived]:
    """Glob anchors over the instances a folder too broad to anchor holds, when it is a collection of
    the kind the decision is about (see `concepts.kind_folder_globs`)."""
    out = []
    for glob, n in concepts.kind_folder_globs(folder, text, layout.files):
        try:
            out.append(Derived(Anchor.parse(glob), 0.85, f"names `{token}`: {n} files named for what it holds"))
        except ValidationError:
            continue
    return out


_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(.*)$", re.M)


def _files_besides_tests(folder: str, layout: WorkspaceLayout) -> int:
    return sum(1 for f in layout.files if f.startswith(folder + "/") and not named.TEST_PATH.search(f))


def broad(hit: str, written: str, text: str, layout: WorkspaceLayout) -> bool:
    """A folder holding more than `MAX_FOLDER_FILES` files, tests aside (a package's tests do not make
    it broader), that no heading of `text` names (as `written` there or by its workspace path `hit`,
    whole: a heading naming `Paramore.Brighter.BoxProvisioning` does not name `Paramore.Brighter`, nor one writing the
    command `tedge service` the package `tedge`; a code block's `#` lines are no headings) and
    that the decision does not say it creates ("it is decided to create a new Django application ... named
    `verifiable_credentials`": the whole app is its doing) or defines ("This ADR defines the `x/subspaces` module",
    `_DEFINES`)."""
    if hit not in layout.dirs or layout.files_under(hit) <= MAX_FOLDER_FILES:
        return False
    if _files_besides_tests(hit, layout) <= MAX_FOLDER_FILES:
        return False
    whole = _whole(written.rstrip("/"), hit)
    if any(whole.search(_COMMAND_SPAN.sub(" ", h.group(1))) for h in _HEADING.finditer(named.FENCE.sub(" ", text))):
        return False
    named_so = re.compile(rf"(?:[^.\n]{{0,60}}?\b(?:named|called)\b)?[ \t]*[`\"']?{whole.pattern}")
    if any(named_so.match(text, m.end()) for m in _CREATES.finditer(text)):
        return False
    defined = re.compile(rf"{_DEFINES}[`\"']?{whole.pattern}[`\"']?[ \t]+(?:new[ \t]+)?{_PART}", re.I)
    return not defined.search(text)


# A code span of words apart in a heading: a command line ("New CLI command `tedge service`"), which names no package.
_COMMAND_SPAN = re.compile(r"`[^`\n]*\s[^`\n]*`")
# What a decision can create: a part of the project, as it is called.
_PART = r"(?:application|app|package|module|service|crate|library|component|project)\b"
# A decision creating a part of the project, its name next: "create a new Django application ... named `x`",
# "add a new package `x`", "We will implement a new module named `x/posts`", "We will create a module named
# `subspaces`" (not "create a new component in `kuma-dp`": what it is created in).
_CREATES = re.compile(r"\b(?:create|creating|add|adding|introduce|introducing|build|building|implement|implementing)\b"
                      rf"(?:[^.\n]{{0,40}}\bnew\b[^.\n]{{0,40}}\b|[ \t]+(?:an?|one)[ \t]+(?:[\w-]+[ \t]+)?){_PART}", re.I)
# ... or its name first: "This ADR defines the `x/subspaces` module", "the definition of the `x/posts` module".
_DEFINES = (r"\b(?:defines?|defining|specifies|(?:definition|specification)[ \t]+of|creates?|introduces?|adds?|implements?)"
            r"[ \t]+(?:an?|the)[ \t]+(?:new[ \t]+)?")


def _whole(*names: str) -> re.Pattern[str]:
    """Any of `names` written whole: not part of a longer name or path (`Paramore.Brighter` is no name of
    its own inside `Paramore.Brighter.BoxProvisioning`, nor `pkg` inside `@scope/pkg` or `pkg-cli`)."""
    return re.compile(rf"(?<![\w./@-])(?:{'|'.join(re.escape(n) for n in names)})(?![\w-]|[./][\w-])")


def bare_anchors(text: str, ctx: AnchorContext, title: str = "") -> list[Derived]:
    """Anchors for the file names and package names `text` writes as code that mean one place (see `bare`), as sure
    as a path written when the name is that place's path (`.releaserc.json` at the root), and for the one or two
    files named by a term it writes (`bare.stem_terms`: sure written as code or linked, weak hyphenated in prose);
    a package named only in passing (`_in_passing`) anchors nothing, nor does a name written only as an example
    ("e.g. ClickStack's `role` becomes `clickhouse_clickstack_role`, avoiding a clash with the Cloud `clickhouse_role`":
    `only_as_example`, as `name_anchors` reads it). The project's own name (`concepts.own_names`: its folder's, its
    repository's) names the whole project, not a file or folder named like it (thoni56/c-xrefactory's records
    write "`c-xrefactory` originally forced structs …", and all came to govern `editors/emacs/c-xrefactory.el`);
    the package the project publishes under that name is still the one it names (log4brains' "Distribute
    Log4brains as a global NPM package", `log4brains`: `packages/global-cli/`)."""
    out: dict[str, Derived] = {}
    packages: dict[str, str] = {}
    plain = imports.without_examples(text)
    project = concepts.own_names(ctx.project_name)
    for word in bare.bare_names(text) + bare.scoped_names(text) + bare.prose_file_names(text):  # a scoped name is no file
        if only_as_example(word, text, plain):
            continue
        if imports.fold(word) in project:  # the project, or the package it publishes under its name; no file
            folder = ctx.bare.published_package(word)
            if folder and not broad(folder, word, text, ctx.layout) and not _in_passing(word, text, title):
                packages[word] = folder
            continue
        hit = ctx.bare.file(word) or ctx.bare.module(word) or ctx.bare.camel_module(word) or ctx.bare.titled(word, title) or \
            (ctx.bare.config(word) if not bare.config_in_passing(word, text, title) else None)
        if hit:
            score = 1.0 if hit == word else 0.9
            out.setdefault(hit, Derived(Anchor("path", hit), score, f"names `{word}` ({hit})"))
            continue
        folder = ctx.bare.published_package(word) or ctx.bare.package(word)
        if folder and not broad(folder, word, text, ctx.layout) and not _in_passing(word, text, title):
            packages[word] = folder
    listed = _listed(packages, text, title)
    for word, folder in packages.items():
        if word not in listed:
            out.setdefault(f"{folder}/**", Derived(Anchor("path", f"{folder}/**"), 0.9, f"names `{word}` ({folder})"))
    if ctx.tools:
        own = set(re.split(r"[\s/._-]+", ctx.project_name.lower()))
        for tool, rel in bare.tools_named(text, ctx.tools, imports.chosen(text), title):
            if tool in own:
                continue  # the project's own metadata (`openedx.yaml`), not a tool's configuration
            if ctx.layout.source_folder(tool):
                continue  # `icons` is the source tree's `src/icons/`, not the tool configured by `icons.config.js`
            out.setdefault(rel, Derived(Anchor("path", rel), 0.9, f"names {tool} ({rel})"))
    for term, as_code in bare.stem_terms(text):
        if imports.fold(term) in project:
            continue  # the project itself ("`c-xrefactory` passed structs by pointer"), not its file of that name
        files = ctx.bare.stem_named(term, config=as_code and not bare.config_in_passing(term, text, title))
        for rel in files:
            score = (0.9 if len(files) == 1 else SURE) if as_code else literals.SCORE
            why = f"names `{term}` ({rel})" if as_code else f"writes “{term}” ({rel})"
            out.setdefault(rel, Derived(Anchor("path", rel), score, why))
    for tool, rel in bare.headed_dependencies(text, title, ctx.dependency_configs):
        out.setdefault(rel, Derived(Anchor("path", rel), 0.85, f"titled for {tool} ({rel})"))
    for name, rel in _build_files_named(text, ctx.layout):
        out.setdefault(rel, Derived(Anchor("path", rel), 0.9, f"names the {name} ({rel})"))
    return list(out.values())


# Files named for what they are rather than for what they hold, written so in prose or as code ("Multi-stage
# Dockerfile:", "the `Makefile` runs the build").
_BUILD_FILE = re.compile(r"(?<![\w./-])(Dockerfile|Containerfile|Makefile|Jenkinsfile|Vagrantfile|Procfile|Justfile|"
                         r"Tiltfile|Earthfile|Brewfile|CMakeLists\.txt)(?![\w-]|\.\w)")


def _build_files_named(text: str, layout: WorkspaceLayout) -> list[tuple[str, str]]:
    """(name, file) for each build file a record names (`_BUILD_FILE`, code blocks aside) that is one file of the
    workspace outside tests and vendored code; a name several sub-projects' files carry means none of them."""
    prose = named.FENCE.sub(" ", text)
    out = []
    for name in dict.fromkeys(_BUILD_FILE.findall(prose)):
        files = [f for f in layout.files_named(name) if not layout.vendored(f) and not named.TEST_PATH.search(f)]
        if len(files) == 1:
            out.append((name, files[0]))
    return out


# A part of the project named in prose with the word for what it is: "exported by the core package", "the
# `search` module", "in the mobile app". The word before is the part's folder name.
_PART_IN_WORDS = re.compile(r"(?<![\w./@`-])`?([A-Za-z][A-Za-z0-9_-]{2,40})`?[ \t]+(package|module|crate|library|app|"
                            r"application|service|project|workspace)s?\b")
_JS = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")
# Words that say which part, not what it is called: "the new package", "the same module", "our own app".
_NOT_PART_NAMES = frozenset("""new same whole entire other own existing following previous next given single separate
shared common specific relevant appropriate corresponding individual respective particular first second third last
each every any some this that these those our your their its which whose standalone dedicated external internal
third-party npm pip python node java go rust ruby javascript typescript""".split())
# Words for software in general: written after a plain word, they name a kind of outside software ("a form validation
# library", "the logging library"), not a part of the project (`_outside_software`).
_SOFTWARE_NOUNS = frozenset({"library"})


def prose_part_anchors(text: str, ctx: AnchorContext, title: str = "") -> list[Derived]:
    """Folder anchors for the parts of the project a decision names in prose by their folder's name and the
    word for what they are ("all types passed into the interfaces of the core package are value objects" ->
    `packages/core/**`), when exactly one folder outside tests and vendored code is named so, as written (the
    "IIIF service manager" is a class, not the `iiif` folder), and is a part of the kind the word says
    (`_part_of_kind`). A word saying which part
    rather than naming it (`_NOT_PART_NAMES`, or a common word: "the config module" is no one folder's
    name), a kind of outside software ("our form validation library", `_outside_software`), a part holding more
    than `MAX_FOLDER_FILES` files besides tests (named in words, even in the title,
    a whole Django app is where things live: "use services in registrar app") and a part named only ever as
    where things go or live (`_only_where`) anchor nothing. A record stating its decision in a part of its own is read
    there, in its title and in its headings (`_decided_prose`): its context tells of the parts a problem touches ("the
    first deployments are a desktop app"), not of those the decision governs."""
    prose = _without_outside_software(named.FENCE.sub(" ", _WEB_LINK.sub(" ", _decided_prose(text, title))), ctx)
    own = {w.lower() for w in concepts.own_names(ctx.project_name)}
    out: dict[str, Derived] = {}
    for word in dict.fromkeys(m.group(1) for m in _PART_IN_WORDS.finditer(prose)):
        low = word.lower()
        if low in _NOT_PART_NAMES or low in named.COMMON or low in concepts.GENERIC \
                or re.sub(r"[^a-z0-9]", "", low) in own:
            continue  # "the log4brains project" is the whole of it
        folders = [d for d in ctx.layout.dirs_named(low) if d.rsplit("/", 1)[-1] == word and not ctx.layout.vendored(d + "/x")
                   and not named.TEST_PATH.search(d + "/") and _part_of_kind(d, _nouns(word, prose), ctx)]
        if len(folders) != 1 or _files_besides_tests(folders[0], ctx.layout) > MAX_FOLDER_FILES \
                or _only_where(word, prose) or _not_a_js_package(word, folders[0], prose, ctx.layout):
            continue
        glob = f"{folders[0]}/**"
        out.setdefault(glob, Derived(Anchor("path", glob), 0.85, f"names the {word} part in words ({folders[0]})"))
    return list(out.values())


def _decided_prose(text: str, title: str) -> str:
    """What a record says of its decision: its title, headings and decision parts (`headings.decision_parts`) when it
    has any, else all of it."""
    parts = headings.decision_parts(text)
    if not parts:
        return text
    return "\n\n".join([title or imports.title_of(text) or "", *headings.all_headings(text), *parts])


def _without_outside_software(prose: str, ctx: AnchorContext) -> str:
    """`prose` with the kinds of outside software it names blanked (`_outside_software`)."""
    return _PART_IN_WORDS.sub(lambda m: " " * len(m.group(0)) if _outside_software(m, ctx) else m.group(0), prose)


def _outside_software(m: re.Match[str], ctx: AnchorContext) -> bool:
    """Whether a part named in words (`_PART_IN_WORDS`) is a kind of software from outside the project: a word for
    software in general (`_SOFTWARE_NOUNS`) after a plain word in lower case, neither in backticks nor written as a
    name (no capitals, digits, `_` or `.`), that no package of the workspace is published as ("a form validation
    library" is what the frontend chose, not the backend's `validation/` package). A package, module or app keeps
    its reading: "the validation package" names one, as "the `validation` library" does."""
    word = m.group(1)
    return m.group(2) in _SOFTWARE_NOUNS and not m.group(0).startswith("`") and re.fullmatch(r"[a-z]+(?:-[a-z]+)*", word) \
        is not None and not any(name.rsplit("/", 1)[-1] == word for name in ctx.layout.published)


# What a part is called when it is a project of its own ("the billing service", "the docs project", "the admin
# workspace"), and besides in Python a folder of code (a Django app: "the publishing app").
_PROJECT_NOUNS = frozenset({"service", "project", "workspace"})
_APP_NOUNS = frozenset({"app", "application"})
# Manifests marking a folder as a project of its own beside `layout.MANIFESTS` (a Ruby gem or app, an Elixir app, a
# PHP package), and the Dockerfile a service is built from.
_OWN_PROJECT_FILES = ("Gemfile", "mix.exs", "composer.json", "Dockerfile")


def _nouns(word: str, prose: str) -> set[str]:
    """The words for what it is a record writes after a part's name ("core" -> {"package"})."""
    return {m.group(2) for m in _PART_IN_WORDS.finditer(prose) if m.group(1) == word}


def _part_of_kind(folder: str, nouns: set[str], ctx: AnchorContext) -> bool:
    """Whether a folder is the kind of part one of the words a record calls it by says: a service, project or
    workspace is a sub-project (`_sub_project`), not any folder of code named so ("the claim service team": the
    whole product, not the Rails models under `app/models/claim/`); an app or application a sub-project or, in
    Python, a package of code (a Django app); a package, module, crate or library a package
    (`bare.BareIndex.is_package`)."""
    if nouns - _PROJECT_NOUNS - _APP_NOUNS:
        return ctx.bare.is_package(folder)
    if _sub_project(folder, ctx.layout):
        return True
    return bool(nouns & _APP_NOUNS) and any(PurePosixPath(f).parent.as_posix() == folder and f.endswith(".py")
                                            for f in ctx.layout.files if f.startswith(folder + "/"))


def _sub_project(folder: str, layout: WorkspaceLayout) -> bool:
    """Whether a folder is a project of its own: a project root (`layout.roots`) or one holding a manifest or the
    Dockerfile of its own (`_OWN_PROJECT_FILES`, `*.gemspec`)."""
    if folder in layout.roots or any(layout.exists(f"{folder}/{name}") for name in _OWN_PROJECT_FILES):
        return True
    return any(f.endswith(".gemspec") and PurePosixPath(f).parent.as_posix() == folder
               for f in layout.files if f.startswith(folder + "/"))


def _not_a_js_package(word: str, folder: str, prose: str, layout: WorkspaceLayout) -> bool:
    """Whether a record calls a folder of JavaScript or TypeScript code a package though it is none: there a
    package has its own `package.json` ("the core `@guardian/cdk` package" is the library, not
    `src/constructs/core/`); a Python or Go package is a folder of code."""
    nouns = _nouns(word, prose)
    if nouns != {"package"} or folder in layout.roots:
        return False
    return any(f.startswith(folder + "/") and f.endswith(_JS) for f in layout.files)


_WHERE = re.compile(r"\b(?:in|into|inside|within|under|to|from)\s+(?:the\s+|our\s+|its\s+|their\s+|this\s+)?`?$", re.I)


def _only_where(word: str, prose: str) -> bool:
    """Whether every time a record names a part in words it says where something goes or lives ("the generalized
    container will be folded into the publishing app", "containers in the publishing app": openedx-learning 0017 on
    containers, not on the whole of `publishing/`)."""
    found = [m for m in _PART_IN_WORDS.finditer(prose) if m.group(1) == word]
    return bool(found) and all(_WHERE.search(prose[max(0, m.start() - 40):m.start()]) for m in found)


LISTED = 3  # packages a record names once each before it is listing them (what it uses), not deciding on each
LABEL_WORDS = 8  # words of a list item that only labels the package it opens with ("Kafka transport")


def _once_whole(package: str, text: str) -> bool:
    """Whether `text` writes a package's name once, whole (`Paramore.Brighter.ServiceActivator` inside
    `Paramore.Brighter.ServiceActivator.Hosting` is another package's name, not this one's)."""
    return len(_whole(package).findall(text)) < 2


def _named_by_heading(package: str, text: str, title: str) -> bool:
    """Whether the title or a heading of a record names a package."""
    named_by_title = package in title or set(concepts.name_stems(package.rsplit("/", 1)[-1])) <= set(concepts.name_stems(title))
    return named_by_title or any(package in h.group(1) for h in _HEADING.finditer(text))


def _listed(packages: dict[str, str], text: str, title: str) -> set[str]:
    """The packages a record names once each, as the head of a list item that only labels it (``- `pkg` —
    Kafka transport``, at most `LABEL_WORDS` words), when it lists `LISTED` or more so and every such item
    is a label, and neither its title nor a heading names the package: an inventory of what something uses
    ("All samples use project references to: …"), not a decision about each package's code. A list whose
    items say what each package does ("`…Validation.FluentValidation` — derives from the abstract base
    handlers and implements `Validate` …", the packages a record creates) is its design, and a package
    the record comes back to stays."""
    items = {p: m for p in packages
             if (m := re.search(rf"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+`{re.escape(p)}`(.*(?:\n[ \t]+(?![-*+][ \t]|\d+[.)])\S.*)*)",
                                text, re.M))}
    if len(items) < LISTED or any(len(re.findall(r"[^\W_]+", m.group(1))) > LABEL_WORDS for m in items.values()):
        return set()
    return {p for p in items if _once_whole(p, text) and not _named_by_heading(p, text, title)}


def _in_passing(package: str, text: str, title: str) -> bool:
    """Whether a record names a package, or a folder by its path, once, as where something lives ("A background job
    in `relay-control` deletes rows older than 7 days", in "Inspection capture limits"; "a gob file implementation
    lives in `pkg/storage`"), or as an example ("a single stage (e.g. `download`)"), and neither its title nor a
    heading names it: that places something the record decides, and every file of the package would carry the record
    otherwise. A package a sentence acts on ("Bring the
    `notifications-python-client` into the API", "`init-log4brains` will be renamed") is its subject."""
    if not named.written_once(package, text):
        return False
    placed = rf"\b(?:in|inside|within|under)\s+(?:the\s+)?`{re.escape(package)}`"
    example = rf"(?:\be\.g\.|\bfor (?:example|instance)|\bsuch as)[,:]?\s+`{re.escape(package)}`"
    if not re.search(placed, text, re.I) and not re.search(example, text, re.I):
        return False
    return not _named_by_heading(package, text, title)


def _names_what_lives_in(token: str, folder: str, text: str, ctx: AnchorContext) -> bool:
    """Whether the sentence writing a folder (`token`, the workspace's `folder`) as where something lives ("in
    `pkg/storage`") names as code what lives there: a name a file under it defines (`storage.KeyFile`), or a file of
    it. That name anchors the code the sentence is about; the rest of the folder is only its neighbourhood."""
    m = re.search(rf"\b(?:in|inside|within|under)\s+(?:the\s+)?`{re.escape(token)}`", text, re.I)
    if m is None:
        return False
    start, end = named.sentence_around(text, m.start(), m.end())
    for span in re.findall(r"`([^`\s]+)`", text[start:end]):
        name = span.removesuffix("()").rsplit(".", 1)[-1]
        if span != token and (any(f.startswith(folder + "/") for f in ctx.symbols.files_for(name))
                              or ctx.layout.exists(f"{folder}/{span}")):
            return True
    return False


def packages_named(text: str, ctx: AnchorContext) -> list[str]:
    """The folders of the workspace's own packages a record names by their published name, written whole
    (adobe/react-spectrum's `react-aria-components`, `@react-aria/test-utils`); the workspace's root aside."""
    out = []
    for name, folders in ctx.layout.published.items():
        if len(name) >= 4 and re.search(rf"(?<![\w@/.-]){re.escape(name)}(?![\w/-])", text):
            out += [f for f in folders if f]
    return out


def name_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Symbol anchors for the specific identifiers `text` names that the workspace defines.

    The project's own name, though a class carries it (`SiebenApp`), names the project. A record naming more
    than `named.SURVEY` identifiers walks through an API or a design: a name it writes once there is a passing
    mention (`jaegerstorage.GetTraceStoreFactory` in a paragraph of a long RFC), and only the names it comes
    back to anchor, that a heading is titled for, or that its decision part writes (see `headings`). A name the
    record says stays as it is ("the existing `partitionByUniqueLayers` logic is unchanged") anchors nothing, as a
    path it says so of does not (see `unchanged`); nor does one it writes only as an example ("a runner running e.g.
    `Deployment`s", "child resources such as `CFServiceBinding`"; see `imports.example_spans`): another of a kind, not
    the one the record is about. A class a code block defines with its bases as one file of the code does (`class
    Article(models.Model):`) is that class, however plain its name (`written_code.defined_as_written`). A name
    several packages define is the one of the package the record names, when it names one (`packages_named`)."""
    text = unchanged.without_unchanged(text)
    out: dict[tuple[str, str], Derived] = {}
    names = named.names_in(text, blocks=True)
    plain = imports.without_examples(text)
    survey = sum(1 for n in names if not n.in_block) > named.SURVEY
    own = concepts.own_names(ctx.project_name)
    homes: list[str] | None = None
    for n in names:
        if not (named.specific(n) or named.type_word(n) or named.common_compound(n) or n.generic):
            continue
        if re.sub(r"[^a-z0-9]", "", n.name.lower()) in own:
            continue  # the project's own name (`SiebenApp`): what the record is about is all of it
        if not n.in_block and only_as_example(n.name, text, plain):
            continue
        if survey and named.written_once(n.name, text) and not headings.titled_for(n.name, text) \
                and not headings.under_decision(n.name, text):
            continue
        found = named.resolve_name(n, ctx.symbols, text)
        if len(found) > 1:  # `Select` of the package the record is about, read once per record
            homes = packages_named(text, ctx) if homes is None else homes
            found = [f for f in found if any(f[0].startswith(h + "/") for h in homes)] or found
        meant = None if found or n.in_block or "." in n.name else ctx.near_names.meant(n.name, n.backticked)
        if meant:  # a misspelling of the one name the workspace defines one letter away
            found = named.resolve_name(named.Named(meant, n.backticked), ctx.symbols, text)
        for rel, lang, qualified in found:
            score = (0.6 if meant or n.in_block else 0.9 if n.backticked else 0.8) / len(found)
            why = f"names `{n.written or n.name}`" + (f" (`{meant}`)" if meant else "")
            out.setdefault((rel, qualified), Derived(symbol_anchor(lang, qualified, rel), score, why))
        if found and not n.in_block and n.name.count(".") == 1 and n.name[:1].isupper():
            owner, member = n.name.split(".")
            kept = subclasses.overrides(owner, member, ctx.bases, ctx.symbols)
            for rel, lang, qualified, cls in kept if len({r for r, *_ in kept}) <= MAX_FOLDER_FILES else ():
                why = f"names `{n.name}`, which `{cls}` overrides"
                out.setdefault((rel, qualified), Derived(symbol_anchor(lang, qualified, rel), 0.8, why))
    for name, written in written_code.block_definitions(text):
        found = written_code.defined_as_written(name, written, ctx.symbols)
        if found:
            rel, lang, qualified = found
            out.setdefault((rel, qualified), Derived(symbol_anchor(lang, qualified, rel), 0.85,
                                                     f"defines `{written}` as the code does"))
    for receiver, member in written_code.block_calls(text):
        if survey and named.written_once(member, text):
            continue
        owner = written_code.instance_type(receiver, ctx.symbols)
        n = named.Named(f"{owner}.{member}", False, in_block=True) if owner else None
        for rel, lang, qualified in named.resolve_name(n, ctx.symbols, text) if n else ():
            if qualified.endswith(f"{owner}.{member}"):
                out.setdefault((rel, qualified), Derived(symbol_anchor(lang, qualified, rel), 0.6,
                                                         f"calls `{receiver}.{member}()`"))
    return list(out.values())


EXAMPLE_REACH = 40  # characters after "for example", "such as", "e.g." within which a name is the example given


def only_as_example(name: str, text: str, plain: str) -> bool:
    """Whether `text` writes `name` (as a word, a dotted name whole) only where it gives examples: `plain` is `text`
    with its examples blanked (`imports.without_examples`). A name is the example given when it follows the words
    giving it in passing closely ("such as `CFServiceBinding`", "e.g. `Deployment`s": `EXAMPLE_REACH`) or stands in
    a list of them; a sentence opening "for example" or "for instance" tells of the case it names (`_TELLING`)."""
    written = re.compile(rf"(?<![\w$.]){re.escape(name)}(?![\w$])")
    if written.search(text) is None or written.search(plain) is not None:
        return False
    spans = _passing_examples(text)
    for m in written.finditer(text):
        inside = [(a, b) for a, b in spans if a <= m.start() < b]
        if not inside or all(m.start() - a > EXAMPLE_REACH and not _listed_at(text, a, m.start()) for a, _ in inside):
            return False
    return True


# "For example …", "For instance …" open a sentence telling of a case: the thing it names is what the record speaks of
# ("For instance the `TextBlockElement`. These may be sent unaltered"), unlike a name given in passing ("such as",
# "e.g.", "like"). So does a line "Examples:" heading the lines under it: the instances a rule is about.
_TELLING = re.compile(r"for (?:example|instance)\b", re.I)
_LABEL = re.compile(r"(?:(?<=\n)|^)[ \t*_]*examples?[ \t*_]*:[ \t*_]*\n", re.I)


@lru_cache(maxsize=8)
def _passing_examples(text: str) -> tuple[tuple[int, int], ...]:
    """Where `text` gives names in passing (`imports.example_spans` but those a sentence opening "for example" tells,
    `_TELLING`, and those a line "Examples:" heads, `_LABEL`), read once per record for all the names it writes."""
    return tuple((a, b) for a, b in imports.example_spans(text) if not _TELLING.match(text, a)
                 and not _LABEL.match(text, text.rfind("\n", 0, a) + 1))


def _listed_at(text: str, start: int, at: int) -> bool:
    """Whether what an example clause gives from `start` up to `at` is a list of names ("such as `a`, `b` and `c`")."""
    return bool(re.fullmatch(r"[^,]{0,40}(?:,[^,]{0,40})+(?:,?\s*(?:and|or)\s*)?", text[start:at]))


def concept_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Symbol anchors for the code named for a concept `text` speaks of (see `concepts`), tests aside, also those
    a source file holds in a test module (`named.in_test_scope`), and schema migrations and dated scripts
    (`concepts.one_off`). Where a type is named for the phrase alone
    ("lab template": `LabTemplate`), it stands for it, not the names built on it (`LabTemplateList`,
    `GetLabTemplate`); a function or field so named does not (`advanced_search` beside `AdvancedSearchForm`). The
    error a concept raises (`RenewalProcessingError`, `named.FAILURES`) is not where it is decided. A phrase the record
    always goes on with one word ("consumer infraction height") is that longer term: a name going on into another
    (`ConsumerInfractionParameters`) is not told of (`concepts.continues_otherwise`)."""
    out: dict[tuple[str, str], Derived] = {}
    words = concepts.stems(text)
    for pair in concepts.phrases(text, ctx.project_name):
        compound = concepts.compound_of(text, pair, ctx.project_name)
        found_for = [(name, rel) for name, rel in ctx.phrases.code_for(pair) if concepts.told_of(name, pair, words)
                     and not concepts.one_off(rel) and named.name_parts(name)[-1].lower() not in named.FAILURES
                     and not concepts.continues_otherwise(name, pair, compound)]
        exact = [(name, rel) for name, rel in found_for if concepts.named_exactly(name, pair)
                 and (ctx.symbols.symbol(rel, name) or ("", "", ""))[2] in named.TYPE_KINDS]
        for name, rel in exact or found_for:
            found = ctx.symbols.symbol(rel, name)
            if found and found[2] != "nested" and not named.in_test_scope(found[1]):
                anchor = symbol_anchor(found[0], found[1], rel)
                out.setdefault((rel, found[1]), Derived(anchor, concepts.SCORE, f"speaks of “{' '.join(pair)}” ({name})"))
    return list(out.values())


TITLED_KINDS = named.TYPE_KINDS | {"function"}


# Words naming a layer or a role that many projects' packages share (`@log4brains/core`, `@acme/web`): a title saying
# one ("the core domain", "web UI") means the idea as often as the package.
_PART_WORDS = frozenset({"core", "common", "shared", "web", "ui", "cli", "frontend", "backend", "docs", "site", "lib",
                         "libs", "tools", "internal", "public", "private", "global", "init", "build", "dev", "e2e",
                         "integration", "platform", "sdk", "kit", "all", "full", "legacy", "next", "beta"})
_NO_PACKAGE_WORDS = named.COMMON | _PART_WORDS


def published_part_anchors(title: str, ctx: AnchorContext) -> list[Derived]:
    """Folder anchors for a package the workspace publishes whose name, its scope and the project's own name left off,
    is one word the title writes (Siteimprove/alfa's "ADR 13: Use trilean logic for …" -> `@siteimprove/alfa-trilean`,
    `packages/alfa-trilean/**`; "Use mutable Cache …" -> `alfa-cache`): the project made a package of what the record
    decides on. Only when one folder publishes it, it holds code and at most `concepts.MAX_KIND_FILES` files besides
    tests, and the word is neither common, nor a kind of code, nor a layer's or role's name (`_PART_WORDS`: "core")."""
    own, by_word = concepts.own_names(ctx.project_name), ctx.published_parts
    out = []
    for word in dict.fromkeys(w.lower() for w in re.findall(r"(?<![\w<-])[A-Za-z][a-z0-9]{3,}(?![\w>-])", title)):
        key = word if word in by_word else concepts.singular(word)
        if key not in by_word or {word, key} & _NO_PACKAGE_WORDS or key in concepts.KIND_OF_CODE \
                or key in concepts.GENERIC or key in own or len(by_word[key]) != 1:
            continue
        name, folder = by_word[key][0]
        if 0 < _files_besides_tests(folder, ctx.layout) <= concepts.MAX_KIND_FILES and ctx.bare.holds_code(folder):
            out.append(Derived(Anchor("path", f"{folder}/**"), 0.85, f"{TITLED} the package `{name}` (`{folder}`)"))
    return out


def well_known_anchors(title: str, ctx: AnchorContext) -> list[Derived]:
    """Anchors for the files of the well-known tools a decision's title names (see `bare.well_known_files`)."""
    return [Derived(Anchor("path", rel), 0.85, f"{TITLED} {tool} ({rel})") for tool, rel in bare.well_known_files(title, ctx.layout)]


# A name as a title writes it, told apart from a word its title case capitalised: a capital inside it (`OpenAI`,
# `GitHub`) or two capitals or more and nothing else (`AWS`, `GCP`).
_WRITTEN_NAME = re.compile(r"^(?:[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z]{2,}[0-9]*)$")
MAX_READ_FILES = 60  # files of a folder read for a name before the folder is taken for it unread


def _someone_elses(title: str, run: tuple[str, ...], folder: str, ctx: AnchorContext) -> bool:
    """Whether a title names a folder's subject as another party's: the run of words the folder is named for follows
    a name (`_WRITTEN_NAME`, not the project's own) that neither the folder's path nor any of its files writes.
    "Handling OpenAI Rate Limits within the GOV.UK Chat Application" is about the provider's limits, not the
    application's own `lib/api/rate_limit/` (its API's throttling, written a year later, never naming OpenAI);
    "Use AWS Secrets Manager" keeps `secrets_manager/`, whose code calls AWS."""
    tokens = [t.strip(concepts.PUNCTUATION) for t in concepts.head_text(title).split()]
    words = [(w.lower(), i) for i, t in enumerate(tokens) for w in named.WORDS.findall(t)]
    low = [w for w, _ in words]
    at = next((i for i in range(len(low) - len(run) + 1) if tuple(low[i:i + len(run)]) == run), None)
    if not at or words[at - 1][1] == words[at][1]:  # no run, one opening the head, or one inside a written name
        return False
    name = tokens[words[at - 1][1]]
    if not _WRITTEN_NAME.match(name) or name.lower() in concepts.GENRE \
            or name.lower() in {w.lower() for w in concepts.own_names(ctx.project_name)}:
        return False  # "ADR: Frontend API design": the record's own label, no party
    folded = name.lower()
    if folded in folder.lower():
        return False
    files = [f for f in ctx.layout.files if f.startswith(folder + "/")][:MAX_READ_FILES]
    for rel in files:
        try:
            if folded in (ctx.root / rel).read_bytes()[:200_000].decode("utf-8", "replace").lower():
                return False
        except OSError:
            return False
    return True


def title_anchors(title: str, ctx: AnchorContext) -> list[Derived]:
    """Anchors for what a decision's title names in words (see `concepts.title_runs`; the well-known tools it names,
    `well_known_anchors`):

    - the folder it names in words ("Add Bucket Testing to all parts of the application" ->
      `src/BucketTesting/**`; "Add System Agent support" -> `pkg/systemagent/**`), when one folder outside tests is named so, holds code (test data named
      "data sources" is no subject) and at most `concepts.MAX_KIND_FILES` files besides tests;
    - the type it names ("Use the ADR slug as its unique ID" -> `AdrSlug`; one written inside the modules that are
      its namespace counts when its file is named for it: "Output guardrails" -> Ruby's `AnswerComposition::Pipeline::
      OutputGuardrails` in `output_guardrails.rb`, not a builder class inside the class its file is named for), or the top-level function named
      for all of its words ("Generate idempotency key" -> `generateIdempotencyKey`; a method is one part of
      its owner's work, and a function nested in a function or method one step of its), when one file outside tests
      (and outside samples and demos, when the project's own code defines it: `named.SAMPLE_PATH`) defines it; a name the title spells out ("MeshMetric
      profiles": `MeshMetric`) leaves out those that only share its words' stems (a `MeshMetrics` settings
      field), even where it is defined in more than one file and so anchors nothing itself;
    - the folders of the namespace an acronym of it names ("Automate DQT Integration" -> `lib/dqt/**`, Ruby's
      `module Dqt`; see `acronym_folders`);
    - when none of those, the one file and the one type whose names begin with words it writes capitalised, two
      or more ("HHS AMS (AuthN)" -> `hhs_ams_provider.py`, `HhsAmsProvider`; see `led_anchors`);
    - when none of those either, the type a title of one word names ("Message Concept" -> `Message`, see
      `concepts.lone_word`), defined once outside tests in a file named for it (`named.one_type`).

    A run naming a folder that several parts of the project hold alike (Django's `management/commands/` in each app)
    anchors all of them, when they are few (`parallel_folders`). A head of two or three common words names a folder
    spelling them whole ("Model Store" -> `model-store/`,
    `concepts.common_head`); so does a title of one word, not a common one nor a kind of code ("7. Relationships" ->
    `app/views/handlers/relationships/`; "Factories" is a pattern, `concepts.KIND_OF_CODE`)."""
    out = []
    common = concepts.common_head(title, ctx.project_name)
    lone = concepts.only_word(title)
    headed = None if lone else concepts.head_word(title)  # a head of one word: its one folder, never parallel ones
    lone = lone or headed
    alone = [(lone,)] if lone and lone.lower() not in named.COMMON \
        and concepts.singular(lone.lower()) not in concepts.KIND_OF_CODE else []
    for run in concepts.title_word_runs(title, ctx.project_name) + ([common] if common else []) + alone:
        apart = re.search(r"(?<![A-Za-z])" + r"[\s_-]+".join(map(re.escape, run)) + r"(?![A-Za-z])", title, re.I)
        folders = [d for d in ctx.bare.titled_folders(run, apart=bool(apart)) if not ctx.layout.vendored(d + "/x")]
        if len(run) == 1:  # one word: the folder's own name, not one its stem begins (`registrar/` for "Registry")
            folders = [d for d in folders if concepts.singular(d.rsplit("/", 1)[-1].lower()) == concepts.singular(run[0].lower())]
        if list(run) == concepts.head_words(title):  # a title that is only the name: the folder holding code is it
            folders = [d for d in folders if ctx.bare.holds_code(d)]  # (a folder of package scripts so named no rival)
        if len(folders) == 1 and 0 < _files_besides_tests(folders[0], ctx.layout) <= concepts.MAX_KIND_FILES \
                and ctx.bare.holds_code(folders[0]) and not _someone_elses(title, run, folders[0], ctx):
            out.append(Derived(Anchor("path", f"{folders[0]}/**"), 0.85, f"{TITLED} `{folders[0]}`"))
            break
        if run != (headed,) and (kind := parallel_folders(run, folders, ctx)) is not None:
            out.append(Derived(Anchor("path", f"**/{kind}/**"), 0.85, f"{TITLED} `{kind}/`, one in each of its parts"))
            break
    for name in concepts.title_names(title, ctx.phrases, ctx.project_name):
        files = [f for f in ctx.symbols.files_for(name) if not named.TEST_PATH.search(f)]
        files = [f for f in files if not named.SAMPLE_PATH.search(f)] or files  # a demo's copy is no second home
        found = ctx.symbols.symbol(files[0], name) if len(files) == 1 else None
        if found and (found[2] in TITLED_KINDS or found[2] == "nested" and named.file_named_for(files[0], name)) \
                and not ctx.symbols.in_function(files[0], found[1]):
            out.append(Derived(symbol_anchor(found[0], found[1], files[0]), 0.85, f"titled for `{name}`"))
    for acronym in title_acronyms(title, ctx.project_name):
        out += [Derived(Anchor("path", f"{d}/**"), 0.85, f"{TITLED} {acronym} (`{d}`)") for d in acronym_folders(acronym, ctx)]
    for run in concepts.capitalised_runs(title, ctx.project_name) if not out else ():
        if led := led_anchors(run, ctx):
            return led
    word = concepts.lone_word(title, ctx.project_name) if not out else None
    for name in sorted(n for n in ctx.symbols.types if word and n.lower() == word.lower()):
        for rel, language, qualified in named.one_type(name, ctx.symbols, ""):
            out.append(Derived(symbol_anchor(language, qualified, rel), 0.85, f"{TITLED} `{name}`"))
    return out


def parallel_folders(run: tuple[str, ...], folders: list[str], ctx: AnchorContext) -> str | None:
    """The folder name a title's words name in several parts of the project alike, as a framework lays them out (Django's
    `management/commands/` in each app, for "Management Commands"; `brokers/` in each app's `manifest/`): the same
    last path segments, spelled by one folder's name (`titled_folders`) or by as many folders as the run has words,
    two or more such folders, none inside another, each holding code, together at most `concepts.MAX_KIND_FILES`
    files besides tests. None when one folder or none is so named, or they differ."""
    found = set(folders) | _segment_folders(run, ctx.layout)
    found = {d for d in found if "/" in d and not named.TEST_PATH.search(d + "/") and not ctx.layout.vendored(d + "/x")}
    tails = {"/".join(d.split("/")[-max(1, len(run) if d not in folders else 1):]) for d in found}
    if len(found) < 2 or len(tails) != 1 or any(a != b and b.startswith(a + "/") for a in found for b in found):
        return None
    if not all(ctx.bare.holds_code(d) for d in found) \
            or sum(_files_besides_tests(d, ctx.layout) for d in found) > concepts.MAX_KIND_FILES:
        return None
    return tails.pop()


def _segment_folders(run: tuple[str, ...], layout: WorkspaceLayout) -> set[str]:
    """The folders whose last path segments are a run of two or more words, one word each ("management commands":
    `app/management/commands`)."""
    if len(run) < 2:
        return set()
    stems = concepts.run_stems(run)
    return {d for d in layout.dirs if d.count("/") >= len(run) - 1 and
            concepts.run_stems(tuple(d.split("/")[-len(run):])) == stems}


MAX_LED = 8  # names beginning with a title's words read for their kind; more, and no one type is named for them


def led_anchors(run: tuple[str, ...], ctx: AnchorContext) -> list[Derived]:
    """The one code file outside tests whose name begins with a title's `run` of words (`hhs_ams_provider.py` for
    "HHS AMS"), and the one type outside tests so named (`HhsAmsProvider`) unless that file holds it: a part of the
    code named for what the title says. A name led by a longer word (`hhs_amsterdam`) is none; two files or types
    so named (`hhs_ams_client.py` and `hhs_ams_provider.py`) anchor nothing. A schema migration or dated script
    (`concepts.one_off`) is a change made once, whatever it is named for: "Rename Content Performance Manager to …" is
    not `RenameContentUuidToWarehouseItemId` in `db/migrate/`."""
    lead = "".join(run).lower()
    files = [f for f in ctx.bare.led_by(lead) if not concepts.one_off(f)]
    defined = [(f, name) for name in ctx.symbols.led_by(lead) for f in ctx.symbols.files_for(name)
               if not named.TEST_PATH.search(f) and not concepts.one_off(f)]
    types = [(f, found) for f, name in defined if (found := ctx.symbols.symbol(f, name))
             and found[2] in named.TYPE_KINDS] if len(defined) <= MAX_LED else []
    said = " ".join(run)
    one = files if len(files) == 1 else []
    out = [Derived(Anchor("path", f), 0.85, f"{TITLED} “{said}” ({f})") for f in one]
    if len(types) == 1 and types[0][0] not in one:
        f, (language, qualified, _) = types[0]
        out.append(Derived(symbol_anchor(language, qualified, f), 0.85, f"{TITLED} “{said}” ({qualified})"))
    return out


# An acronym a title writes: three to ten capitals, whole ("Automate DQT Integration").
_ACRONYM = re.compile(r"(?<![\w./`-])`?([A-Z]{3,10})`?(?![\w-]|\.\w)")


def title_acronyms(title: str, project: str = "") -> list[str]:
    """The acronyms a title writes (`_ACRONYM`) that may be a project's own name for a part of it: none of the trade
    (`named.COMMON_ACRONYMS`, `named.COMMON`: "API", "JSON"), nor the project's own name, a word of it or its
    initials; none when the title is all capitals (every word of "USE POSTGRES FOR SEARCH" is written so)."""
    if not re.search(r"[a-z]{3}", title):
        return []
    words = [w.lower() for w in named.WORDS.findall(project) if w.isalpha()]
    own = concepts.own_names(project) | set(words) | {"".join(words), "".join(w[0] for w in words)}
    return [a for a in dict.fromkeys(_ACRONYM.findall(title))
            if (low := a.lower()) not in named.COMMON_ACRONYMS | named.COMMON | concepts.GENRE and low not in own]


def acronym_folders(acronym: str, ctx: AnchorContext) -> list[str]:
    """The folders of the one namespace a title's acronym names: the folders outside tests and vendored code whose
    name is the acronym, case aside, that are a namespace so named (`_namespace`: Ruby's `module Dqt` in
    `lib/dqt/` and `app/models/dqt/`, a Python package `dqt/`, a Go package `dqt`), when all of them are one
    namespace (a Ruby module is one wherever it is reopened; two Python or Go packages so named are two) and hold
    at most `MAX_FOLDER_FILES` files besides tests together."""
    found: dict[str, str] = {}
    for d in ctx.layout.dirs_named(acronym):
        if not ctx.layout.vendored(d + "/x") and not named.TEST_PATH.search(d + "/") and (space := _namespace(d, ctx)):
            found[d] = space
    if len(set(found.values())) != 1 or sum(_files_besides_tests(d, ctx.layout) for d in found) > MAX_FOLDER_FILES:
        return []
    return sorted(found)


_PACKAGE_WORD = re.compile(r"`([a-z][a-z0-9_]{4,40})`")
# Words beside a name saying it is a part of the code: "the `requestmanager` controller", "the package `storage`".
_A_PACKAGE = r"(?:packages?|modules?|crates?|controllers?|librar(?:y|ies)|namespaces?|apps?|plugins?|components?)\b"


def own_package_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Folder anchors for a package of the workspace a decision writes as code by its bare name, one lower-case word
    (cert-manager's "the `requestmanager` controller": the Go package `pkg/controller/certificates/requestmanager/`),
    when the folders so named are one namespace (`acronym_folders`: a Go or Python package, a Ruby module) of at most
    `MAX_FOLDER_FILES` files, and the record calls it a part of the code (`_A_PACKAGE`: written alone, `labels` is as
    often a field or a key, kuma's records write dozens); not a common word, nor a word of the project's name
    (`notifications` in GSA/notifications-api), nor a name the code defines (a function `requestmanager` is
    `name_anchors`'), nor one a survey writes once in passing (see `name_anchors`)."""
    prose = named.FENCE.sub(" ", text)
    words = list(dict.fromkeys(_PACKAGE_WORD.findall(prose)))
    survey = len(named.names_in(text)) > named.SURVEY
    own = {concepts.singular(w) for w in re.findall(r"[a-z]+", ctx.project_name.lower())}
    out = []
    for word in words:
        if word in named.COMMON or word in named.COMMON_ACRONYMS or word in ctx.symbols.defs:
            continue
        if concepts.singular(word) in own:
            continue  # the project's own name (`notifications` in notifications-api): all of it, not one package
        if not re.search(rf"`{word}`\s+{_A_PACKAGE}|{_A_PACKAGE}\s+`{word}`", prose, re.I):
            continue  # "`labels`" alone: as often a field, a key or a table as a package
        if survey and named.written_once(word, text) and not headings.under_decision(word, text):
            continue
        out += [Derived(Anchor("path", f"{d}/**"), 0.85, f"names the package `{word}` (`{d}`)")
                for d in acronym_folders(word, ctx)]
    return out


_GO_PACKAGE = re.compile(rb"^package[ \t]+(\w+)", re.M)
GO_HEAD = 16 * 1024  # bytes of a Go file read for its package clause, a licence header above it


def _namespace(folder: str, ctx: AnchorContext) -> str | None:
    """Which namespace a folder is, named as the folder is: a Python package (its `__init__.py`) or a Go package
    (its files' `package` clause) by its path, which tells two so named apart; a module, namespace or class a code
    file under it defines under the folder's name (Ruby's `module Dqt`) by that definition's qualified name, the
    same wherever it is reopened. None for a folder of code or data that is no namespace so named."""
    name = folder.rsplit("/", 1)[-1]
    if ctx.layout.exists(f"{folder}/__init__.py"):
        return folder
    go = sorted(f for f in ctx.layout.files if f.startswith(folder + "/") and f.endswith(".go") and "/" not in f[len(folder) + 1:])
    if go:
        try:
            with open(ctx.root / go[0], "rb") as f:
                m = _GO_PACKAGE.search(f.read(GO_HEAD))
        except OSError:
            return None
        return folder if m and m.group(1).decode("ascii", "replace").lower() == name.lower() else None
    for defined in ctx.symbols.by_folded.get(name.replace("_", "").lower(), ()):
        inside = [f for f in ctx.symbols.files_for(defined) if f.startswith(folder + "/") and not named.TEST_PATH.search(f)]
        found = ctx.symbols.symbol(inside[0], defined) if inside else None
        if found and found[2] in ("module", "namespace", "class"):
            return found[1]
    return None


HEAD_FILE_WORDS = 3


def head_anchors(title: str, text: str, ctx: AnchorContext) -> list[Derived]:
    """Path anchors, weak, for the few code files (at most `named.MAX_FILES`, tests aside) named for the
    noun a title ends its head with ("Django form wizard" -> `domain_request_wizard.py`,
    `wizard_form_helper.py`; see `concepts.title_head`): what a decision naming no code is about, when
    nothing else anchors it. A file is named for the noun when the noun is much of its name, in at most
    `HEAD_FILE_WORDS` words (`doHydration.tsx`, `domain_request_wizard.py`): `DatabaseNotSupportedException.java`
    holds "support" without being named for it. A database migration is no such file: it is one change of the schema, named
    for what changed then (`20260418000003_custom_domain_wildcard.sql` is no home of "wildcard" certificates);
    and the project's own name is what all of it is about ("credential" in openedx/credentials). Nor is a word the
    code's own vocabulary (`BareIndex.vocabulary`): a broad folder named for it (`commands/` of some forty files),
    or many files of any kind (`elasticsearch.yml` files and role) say it."""
    head = concepts.title_head(title, text)
    if head and head in {concepts.singular(w) for w in re.findall(r"[a-z]+", ctx.project_name.lower())}:
        return []
    files = [f for f in ctx.bare.stems_containing(head) if not imports.MIGRATION.search(f)] if head else []
    if not 0 < len(files) <= named.MAX_FILES or ctx.bare.vocabulary(head):
        return []  # a word many file names or a broad folder hold is the code's own vocabulary
    return [Derived(Anchor("path", rel), 0.7, f"named for “{head}”, what its title is about") for rel in files
            if len(named.name_parts(PurePosixPath(rel).stem)) <= HEAD_FILE_WORDS]


_KINDS = r"(?:model|class|entity|interface|struct|record|aggregate|table|type|enum)"
_KIND_AFTER = re.compile(rf"(?<![\w.`])`?([A-Z][A-Za-z0-9]{{2,40}})`?[ \t]+{_KINDS}s?\b")
_ARTICLES = frozenset({"The", "A", "An", "This", "That", "Our", "Each", "Every", "Its", "Their", "New"})
_KIND_LIST = re.compile(rf"\b{_KINDS}(?:s|es)?[ \t]*:[ \t]*((?:`[A-Z]\w{{2,40}}`(?:[ \t]*,?[ \t]+and[ \t]+|[ \t]*,[ \t]*)?)+)")


_WEB_LINK = re.compile(r"\[[^\[\]\n]*\]\(https?://[^)\s]*\)")
# A capitalised word and a comma or a conjunction right before a name: the name ends a list of words
# (openedx/edx-enterprise 0001, "Enrollment, Progression, Completion, Consent records become ambiguous").
_LISTED_BEFORE = re.compile(r"[A-Z][\w`]*(?:,|[ \t]+(?:and|or|&))[ \t]+$")


# Where a line, a list item or a sentence opens: a word there is capitalised whatever it is.
_OPENING = re.compile(r"(?:(?:^|\n)[ \t>]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?|[.!?][ \t]+)$")


def kind_named(text: str) -> list[str]:
    """Capitalised names a decision's prose calls a type in words: "the Domain model", "a custom `User`
    model", "four models: `Domain`, `DomainRequest` and `DomainInvitation`" (code blocks aside); not
    the last word of a capitalised phrase ("the Data Source interfaces"), nor the text of a link to a web
    page, which names that page ("[Network interface rate limiting](https://…)"), nor an acronym not written as
    code ("its parsed JSON type"), nor a word capitalised because a line, a list item or a sentence opens with it
    ("* Storage interface: …", jaeger's ADR 010), unless written as code."""
    prose = _WEB_LINK.sub(" ", named.FENCE.sub(" ", text))
    out = []
    for m in _KIND_AFTER.finditer(prose):
        window = prose[max(0, m.start() - 40):m.start() + (prose[m.start()] == "`")]
        before = re.search(r"([A-Z][\w`]*)[ \t]+`?$", window)
        if prose[m.start()] != "`" and _LISTED_BEFORE.search(window):
            continue  # "Enrollment, Progression, Completion, Consent records": kinds of record, the last of a list
        if prose[m.start()] != "`" and m.group(1).isupper():
            continue  # "its parsed JSON type": a format's acronym, no type of the code unless written as code
        if prose[m.start()] != "`" and _OPENING.search(window):
            continue  # "* Storage interface: [reader.go](…)": capitalised as a line or a sentence opens, a plain word
        if before is None or before.group(1) in _ARTICLES:
            out.append(m.group(1))
    for m in _KIND_LIST.finditer(prose):
        out += re.findall(r"`([A-Z]\w{2,40})`", m.group(1))
    return list(dict.fromkeys(out))


def kind_named_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Symbol anchors for the types a decision calls types in words (see `kind_named`), each defined as a
    type in one file outside tests: a single word, common or not (`User`, `Domain`), is a type's name
    when the decision says it is one."""
    out: list[Derived] = []
    for name in kind_named(text):
        files = [f for f in ctx.symbols.files_for(name) if not named.TEST_PATH.search(f)]
        types = [(f, hit) for f in files if len(files) <= named.MAX_FILES
                 and (hit := ctx.symbols.symbol(f, name)) and hit[2] in named.TYPE_KINDS]
        if len(types) == 1:  # one type of the name; a file only writing it (`models.Domain.State`) is none
            rel, (lang, qualified, _) = types[0]
            out.append(Derived(symbol_anchor(lang, qualified, rel), 0.85, f"names `{name}`, a type by its words"))
    return out


def marker_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Path anchors for the few code files (at most `named.MAX_FILES`, tests aside) that write a marker the
    decision lists (a log tag `#notify-debug-admin-1200`, an error code)."""
    out: dict[str, Derived] = {}
    for token in written_code.markers_in(text):
        files = sorted(f for f in ctx.symbols.markers.get(token, ()) if not named.TEST_PATH.search(f))
        if 0 < len(files) <= named.MAX_FILES:
            for rel in files:
                out.setdefault(rel, Derived(Anchor("path", rel), 0.85, f"writes `{token}`"))
    return list(out.values())


def choice_named_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Path anchors for the few code files named for what a decision titled for a choice adopts, whether
    or not they import it: "Replace Google Sheets with Big Query" governs `big_query_export/users.rb` and
    `export_dsi_users_to_big_query_job.rb` as it governs the initializer importing the client library.
    A file counts when the words of its name or of one of its folders' names (split at `_`, `-`, `.` and
    case changes) run through the chosen name as the title writes it (`BigQuery`, `big_query`; not the
    names it may be imported as, such as `hooks` for "React hooks"), outside tests, vendored folders and
    database migrations; the workspace's own name ("Use Log4brains to manage the ADRs" in log4brains)
    names every file of it. A folder named for it is one place however many files it holds (the
    `modules/gatekeeper/` of "Use OPA Gatekeeper"), unless it is broad (`MAX_FOLDER_FILES`). More than
    `NAMED_MAX_FILES` such places (`gradle`, `admin`) make the choice the project's stack, not a
    place: none anchors. A name of three letters counts where the workspace has a package so named ("Use JWT":
    `jwt_wrapper.rb`; see `imports.chosen_short`)."""
    out: dict[str, Derived] = {}
    for name in imports.as_named(imports.chosen(text, variants=False) + imports.chosen_short(text, ctx), ctx):
        places = list(dict.fromkeys(bare.named_folder(f, name) or f for f in ctx.bare.named_for(name)
                                    if not imports.MIGRATION.search(f)))
        if not 0 < len(places) <= NAMED_MAX_FILES:
            continue
        for place in places:
            if place in ctx.layout.dirs and broad(place, place, "", ctx.layout):
                continue
            glob = f"{place}/**" if place in ctx.layout.dirs else place
            out.setdefault(glob, Derived(Anchor("path", glob), imports.SCORE, f"is named for {name}, what it chose"))
    return list(out.values())


def literal_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Path anchors for the one code file spelling a term the decision writes as code, or the few spelling a long
    one (see `literals`); a hyphenated term that is a folder's name (a crate, `relay-acme`) is that part, whose
    comments name it, not a term of the code."""
    out: dict[str, Derived] = {}
    terms = []
    for term in literals.terms_in(text):
        if term in ctx.symbols.defs:
            continue  # a defined name: `name_anchors` reads it
        if literals.hyphenated(term) and ctx.layout.dirs_named(term.lower()):
            continue  # a crate's or package's folder name (`relay-acme`): the part itself, not a term code spells
        terms.append(term)
        files = ctx.terms.few_files(term)
        for rel in files:
            why = f"writes `{term}`, as only `{rel}` does" if len(files) == 1 else \
                f"writes `{term}`, as {len(files)} files do"
            out.setdefault(rel, Derived(Anchor("path", rel), literals.SCORE, why))
    lead = literals.leading_file(terms, ctx.terms)
    if lead:
        rel, written = lead
        out.setdefault(rel, Derived(Anchor("path", rel), literals.SCORE,
                                    f"writes {len(written)} of its terms ({', '.join(f'`{t}`' for t in written[:3])}), "
                                    "more than any other file"))
    return list(out.values())


def citation_anchors(rel: str, ctx: AnchorContext, text: str = "", entry: int | None = None) -> list[Derived]:
    """Path anchors for the code files that cite the record at `rel` by number or slug (an `entry` of the
    decision log at `rel` by the log's name and its number), or that link a page it links (see `citations`),
    the project's own front page aside."""
    cited = ctx.citations.citing_entry(rel, entry) if entry is not None else ctx.citations.citing(rel)
    out = [Derived(Anchor("path", f), 0.9, f"{CITED} `{f}`") for f in cited]
    for url, files in ctx.citations.linking(text).items():
        front = _REPO_FRONT.fullmatch(url)
        if front and is_own(front.group(1), front.group(2), ctx.root, ctx.own_repos):
            continue  # the project's own address: its setup.py and docs/conf.py write it, about all of it
        out += [Derived(Anchor("path", f), 0.85, f"links {url}, as `{f}` does") for f in files]
    return out


_REPO_FRONT = re.compile(r"(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)/([\w.-]+)/([\w.-]+?)(?:\.git)?")


def narrowed_to_citations(found: list[Derived]) -> list[Derived]:
    """Without the folders the record names whose own files cite it: the team wrote in the code which files
    of the folder it governs (govuk-infrastructure's 0003 names `cluster-infrastructure`, whose `main.tf`
    links it; its alarms and VPC endpoints do not, and are no part of what it decided)."""
    cited = [d.anchor.value for d in found if d.why.startswith(CITED)]
    return [d for d in found if not (d.anchor.kind == "path" and d.anchor.value.endswith("/**")
                                     and any(c.startswith(d.anchor.value[:-2]) for c in cited))]


def kind_anchors(text: str, ctx: AnchorContext) -> list[Derived]:
    """Glob anchors for the files named as instances of the kind a decision is titled for (see `concepts`)."""
    out = []
    for glob, phrase, n in concepts.kind_globs(text, ctx.layout.files):
        try:
            out.append(Derived(Anchor.parse(glob), 0.85, f"titled for “{phrase}”: {n} files named so"))
        except ValidationError:
            continue
    return out


# Code written with HTML's tag (`<code>Scenario</code>`, alphagov/verify-service-provider's records): as in backticks.
_HTML_CODE = re.compile(r"<code>([^<>`\n]{1,200})</code>", re.I)


_TREE_ROOT = re.compile(r"^[ \t]*([\w@.-]+)/[ \t]*(?:[(#].*)?$")
_TREE_LINE = re.compile(r"^[ \t]*[│├└|`+\\]")


def _without_foreign_trees(text: str, ctx: AnchorContext) -> str:
    """`text` with the file trees it draws of another repository blanked, line for line: a tree whose root folder
    (`service-a/  (Application monorepo - separate from infra)` over `├── Dockerfile`) is no folder of the workspace
    nor the project itself sketches code that is not here, and its `Dockerfile` and `.github/workflows/` are not
    this workspace's."""
    if "──" not in text:
        return text
    own = {w.lower() for w in concepts.own_names(ctx.project_name)}
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = _TREE_ROOT.match(lines[i])
        if m and i + 1 < len(lines) and "──" in lines[i + 1]:
            root = m.group(1)
            end = i + 1
            while end < len(lines) and _TREE_LINE.match(lines[end]) and lines[end].strip():
                end += 1
            here = ctx.layout.exists(root) or ctx.layout.dirs_named(root.lower()) \
                or re.sub(r"[^a-z0-9]", "", root.lower()) in own
            if not here:
                lines[i:end] = [""] * (end - i)
            i = end
            continue
        i += 1
    return "\n".join(lines)


def derive_anchors(text: str, rel: str, ctx: AnchorContext, proposal: bool = False,
                   entry: int | None = None) -> list[Derived]:
    """Every anchor a decision's text supports, most specific first, capped by specificity (a path or
    name written only inside a hidden comment, only in the options it weighed or only as what it chose against,
    `contrasts`, supports none).

    A `proposal` (a draft, a proposed record) keeps only its sure anchors (`SURE`: the paths it
    writes, names one file defines, files citing it): what it names loosely (a name several files
    define, a phrase, a name in its sketches) is as often code it would add or change as code that
    is there, so it is left to search and context packs rather than shown on the code. Folders kept that hold more
    than `MAX_FOLDER_FILES` files together are narrowed to those the record heads or decides on (`spread_folders`),
    and the caps met again without the rest. A record whose title confines it to one part of the project ("Form
    Validation library for frontend") keeps what it reads from words alone (a phrase code is named for, a part named
    in words, its title's words) inside that part (`confined`). `entry`: the
    number of the decision log's entry at `rel` that `text` is (cited by the log's name and that number)."""
    whole = _without_foreign_trees(_HTML_CODE.sub(r"`\1`", strip_hidden(text)), ctx)
    text = contrasts.without_contrasted(headings.without_alternatives(whole))
    title = imports.title_of(whole)
    part = confined.title_part(title, ctx.layout, ctx.bare)  # what it reads from words stays in there
    found = path_anchors(text, rel, ctx, title)
    found += [d for d in bare_anchors(text, ctx, title) if d.anchor.value not in {f.anchor.value for f in found}]
    found += [d for d in confined.within(prose_part_anchors(text, ctx, title), part)
              if d.anchor.value not in {f.anchor.value for f in found}]
    found += kind_anchors(text, ctx) + name_anchors(text, ctx) + subclasses.subclass_anchors(text, ctx, MAX_FOLDER_FILES)
    found += well_known_anchors(title, ctx) + confined.within(title_anchors(title, ctx), part)
    found += [d for d in published_part_anchors(title, ctx) if d.anchor.value not in {f.anchor.value for f in found}]
    found += [] if proposal else subclasses.contract_anchors(text, title, ctx)
    found += [d for d in kind_named_anchors(text, ctx) if d.anchor.value not in {f.anchor.value for f in found}]
    found += [d for d in marker_anchors(text, ctx) if d.anchor.value not in {f.anchor.value for f in found}]
    found += [d for d in citation_anchors(rel, ctx, text, entry) if d.anchor.value not in {f.anchor.value for f in found}]
    found = narrowed_to_citations(found)
    reached = {f.anchor.file or f.anchor.value for f in found}  # a file a symbol of it already anchors keeps that
    found += [d for d in literal_anchors(text, ctx) if d.anchor.value not in reached]
    found += [d for d in routes.route_anchors(text, ctx) if d.anchor.value not in {f.anchor.value for f in found}]
    importers = imports.import_anchors(text, ctx, whole)
    found += [d for d in importers if d.anchor.value not in {f.anchor.value for f in found}]
    found += [d for d in imports.product_anchors(text, ctx, whole) if d.anchor.value not in {f.anchor.value for f in found}]
    found += [d for d in manifests.manifest_anchors(text, ctx, whole) if d.anchor.value not in {f.anchor.value for f in found}]
    reached = {f.anchor.file or f.anchor.value for f in found}
    found += [d for d in choice_named_anchors(text, ctx) if d.anchor.value not in reached]
    found += [d for d in imports.package_anchors(text, ctx) if d.anchor.value not in {f.anchor.value for f in found}]
    found += [d for d in own_package_anchors(text, ctx) if d.anchor.value not in {f.anchor.value for f in found}]
    subject = imports.chooser(title)
    if subject:
        found = [d for d in found if not imports.context_of_choice(d, subject, importers)]
    found += shapes.shape_anchors(text, ctx)
    found += [d for d in tables.table_anchors(text, ctx) if d.anchor.value not in {f.anchor.value for f in found}]
    have = {(d.anchor.file, d.anchor.value) for d in found}
    found += [d for d in confined.within(concept_anchors(text, ctx), part) if (d.anchor.file, d.anchor.value) not in have]
    if not found and not proposal:
        found = confined.within(head_anchors(title, text, ctx), part)
    found += file_patterns.pattern_anchors(text, ctx)  # a kind of file, beside what the record is about
    found = ranked(own_project(found, rel, ctx.layout), text, ctx.layout)
    # a record writing its own file's name (alphagov/forms' ADR000: "named `ADR{number}-{name}.md` - for example,
    # `ADR000-record-architecture-decisions.md`") governs no page of its own: it is the page
    found = [d for d in found if not (d.anchor.kind == "path" and d.anchor.value == rel)]
    kept = _capped(found, proposal)
    spread = spread_folders(kept, found, text, title, ctx.layout)
    return _capped([d for d in found if d.anchor.value not in spread], proposal) if spread else kept


def _capped(found: list[Derived], proposal: bool) -> list[Derived]:
    """The anchors of `found`, in its order, that the caps keep (see `derive_anchors`). Copies of one file in a build's
    source sets (`src/debug/…/FeatureFlagFactory.kt`, `src/release/…`; `commonMain`, `jvmMain`) take one slot
    together (`_slot`): one thing the record names, not four."""
    kept: list[Derived] = []
    keys: set[tuple] = set()
    slots: set[tuple] = set()
    cited = 0
    for d in found:
        key = (d.anchor.kind, d.anchor.value, d.anchor.file)
        if key in keys:
            continue  # the same anchor found twice (a linked file that defines a named class)
        slot = _slot(d)
        if d.why.startswith(CITED) and cited < MAX_CITED:
            cited += 1  # the code says so itself: no slot of what the record's words support is taken
            kept.append(rooted(d))
            keys.add(key)
        elif slot in slots or d.score >= SURE and len(slots) < MAX_SURE or len(slots) < MAX_WEAK and not proposal:
            kept.append(rooted(d))
            keys.add(key)
            slots.add(slot)
    return kept


# A build's source set in a path: Gradle's and Kotlin Multiplatform's `src/main/`, `src/debug/`, `src/commonMain/`.
_SOURCE_SET = re.compile(r"(?<=/src/)[A-Za-z]+(?=/)")


def _slot(d: Derived) -> tuple:
    """The slot of the caps an anchor takes: its kind, value and file with the source set left out."""
    return (d.anchor.kind, _SOURCE_SET.sub("*", d.anchor.value), _SOURCE_SET.sub("*", d.anchor.file or ""))


# The name a derived anchor was written as, in its why: "names `pkg/provider/` (moved: `internal/provider`)".
_WRITTEN_AS = re.compile(r"(?:names|links to) `([^`]+)`")


def spread_folders(kept: list[Derived], found: list[Derived], text: str, title: str,
                   layout: WorkspaceLayout) -> set[str]:
    """The folder anchors of `found` a record spreads too far with: when the folders it anchors (`kept`) hold more
    than `MAX_FOLDER_FILES` files besides tests together (each at most that many, `broad`: an RFC naming five
    packages of a restructure, 68 files), all but those its title, a heading or its decision part names (by the
    folder's path or as the record wrote it, whole, `_whole`; or in words, `title_anchors`), as one folder that broad
    anchors only so. Files and symbols it anchors are kept."""
    folders = {folder for folder, _ in _folders(kept, layout)}
    if not folders:
        return set()
    covered = {f for f in layout.files if any(f.startswith(folder + "/") for folder in folders)}
    if sum(1 for f in covered if not named.TEST_PATH.search(f)) <= MAX_FOLDER_FILES:
        return set()
    said = "\n".join([title, *headings.all_headings(text), *headings.decision_parts(text)])
    headed = {folder for folder, d in _folders(found, layout) if d.why.startswith(TITLED)
              or _whole(folder, *(w.rstrip("/") for w in _WRITTEN_AS.findall(d.why)[:1])).search(said)}
    return {f"{folder}/**" for folder, _ in _folders(found, layout)} - {f"{folder}/**" for folder in headed}


def _folders(found: list[Derived], layout: WorkspaceLayout) -> list[tuple[str, Derived]]:
    """(folder, anchor) for the anchors of `found` covering a folder of `layout` (`src/api/**`)."""
    return [(d.anchor.value[:-3], d) for d in found
            if d.anchor.kind == "path" and d.anchor.value.endswith("/**") and d.anchor.value[:-3] in layout.dirs]


def own_project(found: list[Derived], rel: str, layout: WorkspaceLayout) -> list[Derived]:
    """`found` without the symbols of other sub-projects named as one of the record's own sub-project is: a record
    kept in one package of a monorepo (`packages/gen-ai/docs/adr/`) that names `MLflowClient` means the one its
    package defines, not the same-named ones of its sibling packages."""
    own = max((r for r in layout.roots if r and rel.startswith(r + "/")), key=len, default="")
    if not own:
        return found
    inside = {d.anchor.value for d in found if d.anchor.kind == "symbol" and (d.anchor.file or "").startswith(own + "/")}
    return [d for d in found if not (d.anchor.kind == "symbol" and d.anchor.value in inside
                                     and not (d.anchor.file or "").startswith(own + "/"))]


def rooted(d: Derived) -> Derived:
    """A derived anchor to a file at the workspace's root written as that file only (`./.eslintrc.js`):
    a file name alone covers the files of that name at any depth (every package's `.eslintrc.js`)."""
    value = d.anchor.value
    if d.anchor.kind != "path" or "/" in value or GLOB_CHARS & set(value):
        return d
    return Derived(Anchor("path", ROOT_FILE + value), d.score, d.why)


_WORD = re.compile(r"(?<![\w$])[A-Za-z_$][\w$]{2,80}(?![\w$])")


def widespread_names(text: str, ctx: AnchorContext) -> list[str]:
    """The identifiers `text` writes that the workspace defines in more than `named.MAX_FILES` files
    outside tests (`NewFactory`, `Start`): a convention every component follows, not a symbol the
    record is about (hovers leave them out of what it names, `lore.recall.naming`)."""
    words = set(_WORD.findall(strip_hidden(text)))
    return sorted(w for w in words if w in ctx.symbols.defs and len(ctx.symbols.files_for(w)) > named.MAX_FILES)


def derived_meta(derived: list[Derived]) -> dict[str, str]:
    """`meta["derived_anchors"]`: anchor text -> why it was derived."""
    return {key_of(d.anchor): d.why for d in derived}


def mentioned_anchors(text: str, root: Path, rel: str = "") -> list[Anchor]:
    """Anchors for the existing workspace code `text` names (a one-off walk of the workspace)."""
    return [d.anchor for d in derive_anchors(text, rel, AnchorContext(root))]
