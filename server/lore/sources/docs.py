"""The project's own prose documentation: what is taken, in what order, and how one page is read.

Taken (markdown, and reStructuredText and AsciiDoc read as markdown): the root README, module and
package READMEs, and pages under folders named for documentation (`docs/`, `doc/`, `documentation/`, `rfc(s)/`, `design/`, `proposals/`,
`architecture/`, `guides/`, `contributing/`, `handbook/`, `wiki/`, a sub-project's `docs/`...), and
pages whose own name says what documentation says wherever they sit (`terraform-style-guide`,
`CONTRIBUTING_GUIDELINES`, `ARCHITECTURE`, `release-runbook`, `DEVELOPERS`, `HACKING`): a style guide
kept beside the code it governs is no less a guide for its folder's name, and neither are the pages
that say how a project works (`GOVERNANCE.md`, `AI_USAGE_POLICY.md`, `process/tep-process.md`). So are the pages of a numbered
or dated series, whatever their folder is called (`series_page`): enhancement proposals
(`teps/0005-tekton-oci-bundles.md`), RFCs, design notes and incident reviews kept one file per item.
So is a change log (`CHANGELOG.md`, release notes, an upgrade or migration guide, or any page whose headings
are versions, `change_log`): it says what changed and when, which answers whether a decision still holds
("the nested `hashPolicies` fields are removed in 3.0"); it comes last in `priority`, and past
`MAX_DOC_BYTES` its newest part, the top, is read (`newest_part`).
Left out: licences, codes of conduct, the security policy and ownership files (a
`docs/security.md` is a page of the documentation), templates, generated API reference,
test fixtures, vendored and built folders, and other pages over `MAX_DOC_BYTES` (a page that size is a dump
more than something a person wrote to be read; a design proposal can run to 150 KB, and is read).

A repository can hold thousands of pages (a documentation website): up to `MAX_DOC_PAGES` are imported,
picked in `priority` order (the root README, then design and decision folders, contributing and guides,
then other docs, then READMEs deeper down; shallow before deep), and the import report lists any page
left out past that. `lore import` embeds them all; the language server's own import, which an editor
waits for, embeds the first `MAX_DOC_FILES` pages and about `MAX_DOC_SECTION_BUDGET` sections
(estimated from file sizes: embedding is what costs) at once and the rest in the background, search
finding them by their words meanwhile. Each page becomes one memory split into its heading
sections like a decision record; a long page's sections are joined into at most `MAX_DOC_SECTIONS`
(`fitted`), so that all of it is kept.

What a page becomes: a page with a recognised status line (an RFC, a design proposal: "Status:
Implemented — graduated into ADR-002") is a decision record in all but name and is read as one,
status and supersession included; any other page is a `fact` memory (a `convention` when it sits
among contributing guides and tells people what to do) marked `meta["doc"]`. Such a memory is
found by search but not shown on code (hovers, lenses, context packs) unless anchored explicitly.
Outside the folders and numbered series of proposals and records, a status line makes a record only
when the page has a decision record's structure (a Decision, Decision Outcome or Result part, or a
Context and Consequences), or when it retires the page (superseded, deprecated): a business case "Final
document", a bug write-up "live", a model's page "✅ Implemented", a testing roadmap "Active" or a guide
"Draft" states what became of its subject or of the page, and a page whose status line names a record
("Status: Implemented · ADR: [ADR-0121](…)") documents that record (`_documents_its_subject`).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import PurePosixPath

from lore.memory import DOC_META, Kind, Section, SourceKind, Status
from lore.markup import adoc, markdown, rst
from lore.sources.parsed import Parsed, imported_memory
from lore.sources.adr import (RETIRED_DIRS, decision_structure, parse_adr, sections_of, states_progress, states_retirement,
                              status_leads, status_names_record, tracker, with_front)
from lore.sources.detect import (SAMPLE_DIRS, Series, evidence, folder_hint, series_folder, series_name, series_number,
                                 template_folder, template_name)
from lore.sources.layout import SOURCE_ROOTS, VENDORED
from lore.sources.newer import removal_links
from lore.sources.normative import kind_of

DOC_TAG = "docs"
MAX_DOC_FILES = 250
MAX_DOC_PAGES = 2000  # pages imported at all: those past the embedding caps are found by words until embedded
MAX_DOC_BYTES = 192 * 1024  # under a memory's MAX_BODY: the whole page is its body
MAX_DOC_SECTIONS = 20
MAX_DOC_SECTION_BUDGET = 1200  # estimated sections of all documentation of a workspace (~10 s of embedding)
# A page a site generator runs through a template engine first (`patching.html.md.erb`, the GOV.UK
# tech-docs and Middleman layout) is markdown with a few template tags.
_MARKDOWN = (".md.erb", ".md", ".markdown", ".mdx")
# ... and a Sphinx or AsciiDoc project's pages, read as markdown (`classify.record_text`).
_PAGES = (*_MARKDOWN, *rst.SUFFIXES, *adoc.SUFFIXES)
# Folder words (a folder name split at - _ . and space) that say "documents live here".
# (`rfd`: a request for discussion, Joyent's and Oxide's name for an RFC, often a folder per number holding
# its pages: `rfd/0086/README.md` beside `rfd/0086/compat.md`.)
_DESIGN_WORDS = frozenset({"rfc", "rfcs", "rfd", "rfds", "design", "designs", "proposal", "proposals", "architecture",
                           "adr", "adrs", "decisions", "contributing", "guides", "guide", "handbook", "runbooks",
                           "runbook", "playbooks", "conventions", "guidelines", "howto", "howtos"})
_DOC_WORDS = _DESIGN_WORDS | {"doc", "docs", "documentation", "wiki", "manual", "explanations", "concepts",
                              "tutorials", "tutorial",
                              # a protocol's or format's specification (cometbft's `spec/abci/`, celestia-app's
                              # `specs/src/`); a test suite's `spec/fixtures/` stays out with the fixtures
                              "spec", "specs", "specification", "specifications"}
_LEFT_OUT_DIRS = frozenset({
    ".github", ".gitlab", ".circleci", "test", "tests", "testdata", "test-data", "fixtures", "__fixtures__",
    "__tests__", "e2e", "integration-tests", "snapshots", "__snapshots__", "mocks", "api", "apidocs",
    "api-docs", "api-reference", "apiref", "reference-api", "changelog", "changelogs", "changes", "release-notes",
    "releases", "release", "blog", "news", "i18n", "l10n", "locales", "translations", "_build", "site", "_site",
    "public", "static", "assets", "templates", "template", "vendor", "third_party", "third-party", "thirdparty",
    "dist", "build", "out", "target", "coverage", "generated", "__generated__", "gen", "site-packages", "external",
    "node_modules", "bower_components",
    # a documentation site's copies of its pages as each older release had them (Docusaurus)
    "versioned_docs", "versioned_sidebars"}) | SAMPLE_DIRS
# A licence's name, in either spelling and any case, with what qualifies it: which licence (`LICENSE-MIT`, `LICENSE_AGPL`,
# `COPYING.LESSER`), for whom (`LICENSE.commercial`) or for what (`LICENSE-3rdparty`): one word, or an identifier in
# capitals or with a version (`LICENSE-CC-BY`, `LICENSE-APACHE-2.0`, `LICENSE.GPL-3.0-or-later`). Several words in
# lower case are a page's title (`licence-compliance-process`), about licences, not one.
_LICENCE_NAME = r"(?:licen[cs]e|copying)(?:[-_. ](?:\w+|(?-i:[A-Z0-9][A-Z0-9._+-]*)|[\w.+-]*\d[\w.+-]*))?"
_LEFT_OUT_NAMES = re.compile(
    r"^(" + _LICENCE_NAME + r"|licen[cs]ing(\.\w+)?|copyright|notice|patents|cla|third[-_ ]?party[-_ ]?notices|"
    r"code[-_ ]?of[-_ ]?conduct|security|"
    r"authors|contributors|maintainers|codeowners|owners|adopters|backers|sponsors|credits|thanks|funding|"
    r"support|pull[-_ ]?request[-_ ]?template|"
    r"issue[-_ ]?template|summary|sidebar|_sidebar|_footer|toc)"
    r"(?:[-_.](?:[a-z]{2}(?:[-_][a-z]{2,4})?))?$", re.I)  # a translation: `CODE_OF_CONDUCT_DE`, `SECURITY.zh-CN`
# Of those, the names of the policies a repository's root shows its visitors (how to report a vulnerability, where
# to get help), which inside a documentation folder name its pages on those subjects: cozy-stack's
# `docs/security.md` (a checklist of principles and their rationale), whippet's `docs/support.md` (common tasks).
_COMMUNITY_NAMES = re.compile(r"^(security|support)$", re.I)
# A page's own name that says it is a change log (`CHANGELOG`, `HISTORY`, `NEWS`, `RELEASE_NOTES`, `UPGRADE`,
# `migration-guide`), or in a documentation folder a page of the project's story (`docs/history.md`).
_CHANGE_NAMES = re.compile(r"^(change[-_ ]?log|changes|history|news|release[-_ ]?notes?|upgrad(e|ing)([-_ ]?guide)?|"
                           r"migrat(ing|ion)([-_ ]?(guide|notes))?)$", re.I)
_GUIDE_WORDS = frozenset({"contributing", "guides", "guide", "conventions", "guidelines", "handbook", "howto"})
# Words of a page's own name that say it is documentation wherever it sits (`terraform-style-guide`,
# `CONTRIBUTING_GUIDELINES`, `ARCHITECTURE`, `release-runbook`, and the guide for people working on the
# code that many projects keep at the root beside the README: `DEVELOPERS.md`, `DEVELOPMENT.md`, `HACKING.md`).
_GUIDE_NAME_WORDS = _GUIDE_WORDS | {"styleguide", "developers", "developer", "development", "developing", "hacking"}
# How a project works, whatever the folder (`GOVERNANCE.md`, `AI_USAGE_POLICY.md`, `coding-standards.md`,
# `design-principles.md`, `process/tep-process.md`): the rules people and agents working on it follow.
_WORKING_NAME_WORDS = frozenset({"policy", "policies", "governance", "standards", "principles"})
# ... and folders a proposals repository files its documents in by their state (dotnet/designs' `accepted/2020/`).
_WORKING_FOLDER_WORDS = frozenset({"process", "processes", "policies", "governance", "accepted", "proposed",
                                   "approved", "implemented"})
_DOC_NAME_WORDS = _DESIGN_WORDS | _GUIDE_NAME_WORDS | _WORKING_NAME_WORDS


def _words(part: str) -> set[str]:
    return set(re.split(r"[-_ .]+", part.lower()))


# A root note on where a copy of another project came from (its licence and commit), no page of this one.
_PROVENANCE_NAMES = frozenset({"SOURCE", "SOURCES", "UPSTREAM"})
# A page named by its date first, as a site generator's collection items are (`2021-01-05-launch.md`, `2021128-…`).
_DATED_ITEM = re.compile(r"^\d{4}(?:-\d{1,2}-\d{1,2}|\d{2,4})[-_]")


# Folders holding the parts of a project's code: an `api` folder under one is a part named api (a monorepo's
# `apps/api/`, a package's `src/imbi/api/`), whose read-me is its documentation, not a generated API reference.
_CODE_CONTAINERS = SOURCE_ROOTS | {"apps", "packages", "services", "libs", "modules", "crates", "components", "projects",
                                   "backend", "frontend", "server"}


# A read-me, in the project's language or translated (`README.en.md`, `README.pt-BR.md`, `README_zh.md`, `README-ja.md`).
_READ_ME = re.compile(r"readme(?:[-_.][a-z]{2}(?:[-_][a-z]{2,4})?)?", re.I)


def read_me(stem: str) -> bool:
    """Whether a page's name (without its suffix) is a read-me's, a language tag after it or not (`_READ_ME`)."""
    return _READ_ME.fullmatch(stem) is not None


# Folders of a release's notes, one page a version (`releases/v1.2.md`, `release/2021-03.md`), beside which projects
# keep how a release is made (`release/release-guidelines.md`, `releases/checklist.md`): a page named with no number.
_RELEASE_DIRS = frozenset({"release", "releases"})


def _left_out_folder(folders: list[str], i: int, stem: str = "") -> bool:
    """Whether the `i`th of a page's folders (lower case) keeps documentation out (`_LEFT_OUT_DIRS`); an `api`
    folder inside a folder of code is a part of the project (`_CODE_CONTAINERS`). In a release folder, only the
    pages named for a version or date are a release's notes (`_RELEASE_DIRS`). A read-me (`stem`) in a folder
    below a templates folder says what the module there does: infrastructure keeps its Terraform or ARM modules in
    `infra/templates/<stack>/<module>/`, each with its README (the templates folder's own read-me, describing its
    page templates, stays out with them)."""
    f = folders[i]
    if f not in _LEFT_OUT_DIRS or template_folder(f) and read_me(stem) and i < len(folders) - 1:
        return False
    if _site_sources(folders, i):
        return False
    if f in _RELEASE_DIRS and stem and not re.search(r"\d", stem) and not _CHANGE_NAMES.match(stem):
        return False  # how a release is cut (kubecf's `doc/release/release-guidelines.md`), no release's notes
    return not (f == "api" and any(g in _CODE_CONTAINERS for g in folders[:i]))


def is_documentation(rel_path: str) -> bool:
    """Whether a workspace-relative page (markdown, reStructuredText, AsciiDoc) is project documentation to
    import (by its path alone)."""
    p = PurePosixPath(rel_path)
    if not p.name.lower().endswith(_PAGES):
        return False
    folders = [x.lower() for x in p.parts[:-1]]
    stem = _bare_name(p.name)
    if folders in (["test"], ["tests"]) and read_me(stem):
        return True  # the project's guide to its tests (defenseunicorns/uds-core's "UDS Core Testing Guide")
    if any(_left_out_folder(folders, i, stem) or f.startswith(".") or _in_templates(f, stem) for i, f in enumerate(folders)):
        return False
    if _LEFT_OUT_NAMES.match(stem) and not (folders and _COMMUNITY_NAMES.match(stem)) or template_name(stem):
        return False
    if p.name.lower().endswith((".stories.mdx", ".stories.md")):
        return False  # a Storybook story: the component library's page, often a copy of a page of the docs
    if _DATED_ITEM.match(p.name) and any(f.startswith("_") for f in folders):
        return False  # a site's dated items (`_posts/2021-01-05-….md`, `_events/2021128-careers-in-science-policy.md`)
    if p.name.lower().endswith(".html.md.erb"):
        return True  # a page of a Middleman site (GOV.UK's tech docs: `source/team/ways-of-working.html.md.erb`)
    # the root's change log is the project's; a package's (`packages/x/CHANGELOG.md`, one of a hundred) is not
    if read_me(stem) or _words(stem) & _DOC_NAME_WORDS or (_CHANGE_NAMES.match(stem) and not folders):
        return True
    if not folders and re.fullmatch(r"[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+)+|[A-Z][A-Z0-9]{2,}", stem) \
            and stem not in _PROVENANCE_NAMES:
        return True  # a root page named in capitals, as projects name their own (`BACKWARDS_COMPATIBILITY`, `VERSIONING`)
    return any(_words(f) & (_DOC_WORDS | _WORKING_FOLDER_WORDS) or _site_sources(folders, i) or _website_content(folders, i)
               for i, f in enumerate(folders))


# A folder holding this many numbered or dated pages holds a series (one page per proposal, record or review).
SERIES_PAGES = 3


def loose_page(rel_path: str) -> bool:
    """Whether a page outside the documentation folders may still be documentation, by its path: not in a
    folder documentation leaves out (tests, vendored or built files, translations, hidden folders, a Jekyll
    site's `_posts/`), nor a licence, a code of conduct, a template or the like."""
    p = PurePosixPath(rel_path)
    stem = _bare_name(p.name)
    folders = [f.lower() for f in p.parts[:-1]]
    if any(_left_out_folder(folders, i, stem) or f.startswith((".", "_")) or _in_templates(f, stem) for i, f in enumerate(folders)):
        return False
    return not (_LEFT_OUT_NAMES.match(stem) or template_name(stem))


README_NAMES = ("README.md", "Readme.md", "readme.md", "README.markdown")
# Contributing guides whose links also say where the project keeps its documentation, each read from its own folder.
CONTRIBUTING_NAMES = ("CONTRIBUTING.md", "Contributing.md", ".github/CONTRIBUTING.md", "docs/CONTRIBUTING.md",
                      "doc/CONTRIBUTING.md")
MAX_README_BYTES = 512 * 1024
# Folders whose pages are no documentation even when linked: another project's, or built from sources.
_NOT_OURS = VENDORED | {"node_modules", "_build", "site", "_site"}


def readme_pages(root: str | os.PathLike) -> set[str]:
    """The pages of the workspace its root read-me or its contributing guide links to (`[DAL](Overview/dal.md) -
    the data access layer`, "see the [unit testing guide](tests/UNITTESTS/README.md)"): what the project itself
    presents as its documentation, wherever it keeps it. Links leaving the workspace, to the web or to anchors of
    the page itself are none; an unreadable page links nothing."""
    readme = next((n for n in README_NAMES if os.path.isfile(os.path.join(root, n))), None)
    out: set[str] = set()
    for name in ([readme] if readme else []) + [n for n in CONTRIBUTING_NAMES if os.path.isfile(os.path.join(root, n))]:
        out |= _linked_pages(root, name)
    return out


_SPAN_PAGE = re.compile(r"`([\w./-]+\.(?:md|markdown))`")


def _linked_pages(root: str | os.PathLike, name: str, spans: bool = False) -> set[str]:
    """The workspace's pages the page `name` (workspace-relative) links to, as workspace-relative paths; with `spans`,
    also those it writes as code ("also read `AGENTS-ts.md` for TypeScript-specific conventions")."""
    try:
        with open(os.path.join(root, name), "rb") as f:
            text = f.read(MAX_README_BYTES).decode("utf-8", "replace")
    except OSError:
        return set()
    folder = PurePosixPath(name).parent.as_posix()
    out = set()
    written = [("", m.group(1)) for m in _SPAN_PAGE.finditer(text)] if spans else []
    for _label, target in markdown.links(text) + written:
        target = target.split("#", 1)[0].split("?", 1)[0].strip()
        if not target or re.match(r"^[a-z][\w+.-]*:", target, re.I) or target.startswith("/"):
            continue
        rel = os.path.normpath(os.path.join(folder, target) if folder != "." else target).replace(os.sep, "/")
        if not rel.startswith("../") and rel != ".." and rel.lower().endswith(_PAGES):
            out.add(rel)
    return out


# Agents' instruction files at the root whose links say where the project keeps the rest of its rules.
AGENT_NAMES = ("AGENTS.md", "CLAUDE.md", "GEMINI.md")


def agent_pages(root: str | os.PathLike) -> set[str]:
    """The markdown pages the root agent instructions link to ("- [Testing](.agent_instructions/testing.md) - TDD
    practices"): the project's rules for whoever works on its code, kept in pages of their own and read as guides
    (`linked_page` with `hidden`), a hidden folder's included."""
    out: set[str] = set()
    for name in AGENT_NAMES:
        if os.path.isfile(os.path.join(root, name)):
            out |= {p for p in _linked_pages(root, name, spans=True) if p.lower().endswith((".md", ".markdown"))}
    return out - set(AGENT_NAMES)


def linked_page(rel_path: str, hidden: bool = False) -> bool:
    """Whether a page the root read-me or contributing guide links (`readme_pages`) is documentation, or one the
    agent instructions link (`agent_pages`, `hidden`: a hidden folder's too) a guide: wherever it is, a test folder's
    guide included (`tests/README.md`, "the unit testing guide"), unless another project's or built (`_NOT_OURS`),
    or a licence, a code of conduct, a template or the like."""
    p = PurePosixPath(rel_path)
    stem = _bare_name(p.name)
    folders = [f.lower() for f in p.parts[:-1]]
    if any(f in _NOT_OURS and not _site_sources(folders, i) or f.startswith(".") and not hidden
           for i, f in enumerate(folders)):
        return False
    return not (_LEFT_OUT_NAMES.match(stem) or template_name(stem) or _in_templates(p.parent.name, stem))


# The folders a site generator reads its pages from under `site/` (Hugo's and Docsy's `site/content/en/…`): sources, not
# the built site `site/` holds elsewhere (MkDocs writes its pages there as HTML).
_SITE_SOURCES = frozenset({"content", "docs"})


def _site_sources(folders: list[str], i: int) -> bool:
    """Whether the `i`th of a page's folders (lower case) is a `site/` whose next folder holds a site's sources
    (`_SITE_SOURCES`)."""
    return folders[i] == "site" and i + 1 < len(folders) and folders[i + 1] in _SITE_SOURCES


def _website_content(folders: list[str], i: int) -> bool:
    """Whether the `i`th of a page's folders is a `website/` whose next folder is Hugo's `content/`
    (aws/karpenter-provider-aws' `website/content/en/preview/reference/threat-model.md`): the pages of the project's
    site (a blog's posts stay out with `blog/`)."""
    return folders[i] == "website" and folders[i + 1:i + 2] == ["content"]


# A folder named for a release of the documentation (`v1.2`, `0.3.x`, `1.10.0`), not an API's major version (`v1`).
_VERSION_FOLDER = re.compile(r"^v?\d+\.\d+(?:\.(?:\d+|x))?$", re.I)
# The folder a versioned site keeps the pages of the code in the repository in, beside the releases' copies.
_CURRENT_FOLDERS = frozenset({"latest", "next", "preview", "unreleased", "main", "master", "dev"})
# The folder it keeps its last release's pages in (aws/karpenter-provider-aws' `website/content/en/docs/` beside
# `preview/` and `v1.0/` … `v1.14/`): a copy too when one of `_CURRENT_FOLDERS` is beside it.
_RELEASED_FOLDERS = frozenset({"docs", "current", "stable"})
# A folder holding this many releases' folders keeps the documentation of each release (with fewer, and no current
# folder beside them, they may be two live versions of an API).
VERSIONED_RELEASES = 3


def older_versions(rels: list[str]) -> set[str]:
    """The pages of `rels` in a versioned site's copies of its documentation for releases: where one folder holds
    folders named for releases (`_VERSION_FOLDER`: envoyproxy/gateway's `site/content/en/v0.2/` … `v1.5/`) beside
    the one for the code in the repository (`_CURRENT_FOLDERS`: `latest/`, `preview/`), every release's folder and
    the last release's (`_RELEASED_FOLDERS`: `docs/`) is a copy of pages read where they are current; beside a last
    release's folder alone, every release's folder is; with `VERSIONED_RELEASES` of them and neither, every one but
    the newest."""
    releases: dict[tuple[str, ...], set[str]] = {}
    current: set[tuple[str, ...]] = set()
    released: dict[tuple[str, ...], list[str]] = {}
    where: list[tuple[str, tuple[str, ...], str]] = []
    for rel in rels:
        parts = PurePosixPath(rel).parts[:-1]
        for i, f in enumerate(parts):
            low = f.lower()
            if _VERSION_FOLDER.match(f):
                releases.setdefault(parts[:i], set()).add(f)
                where.append((rel, parts[:i], f))
                break
            if low in _CURRENT_FOLDERS:
                current.add(parts[:i])
            elif low in _RELEASED_FOLDERS:
                released.setdefault(parts[:i], []).append(rel)
    newest = {at: max(names, key=_release_key) for at, names in releases.items()}
    out = set()
    for rel, at, name in where:
        versioned = at in current or at in released or len(releases[at]) >= VERSIONED_RELEASES
        if versioned and (at in current or at in released or name != newest[at]):
            out.add(rel)
    for at, pages in released.items():
        if at in current and at in releases:
            out.update(pages)
    return out


def _release_key(name: str) -> tuple:
    """A release folder's name as its numbers, for finding the newest (`v1.10` after `v1.9`; `0.3.x` as `0.3`)."""
    return tuple(int(n) for n in re.findall(r"\d+", name))


def _in_templates(folder: str, stem: str) -> bool:
    """Whether a page is one of the templates a folder holds (`detect.template_folder`); its read-me, which says what
    they are for, is documentation."""
    return template_folder(folder) and not read_me(stem)


# A workspace is one of pages when it holds at least this many, and they are at least this share of its
# pages and code files together (`pages_workspace`).
PAGES_WORKSPACE_MIN = 5
PAGES_WORKSPACE_SHARE = 0.9


def pages_workspace(pages: int, code_files: int) -> bool:
    """Whether a workspace is one of pages, not code: a repository of proposals kept in topic folders
    (`go/workflow-interceptor-updates.md`, `nexus/sdk-go.md`), a handbook, or a folder of documents
    copied out of a project. There every page is documentation wherever it sits (`loose_page`): its
    pages are what the workspace holds."""
    return pages >= PAGES_WORKSPACE_MIN and pages >= PAGES_WORKSPACE_SHARE * (pages + code_files)


def series_page(rel_path: str, abs_path: str | None, series: Series | None) -> bool:
    """Whether a markdown file is one page of a numbered or dated series (at least `SERIES_PAGES` such
    pages in its folder, or in the folder above, or a folder per item with at least `SERIES_PAGES` such
    folders side by side) outside the folders and names documentation leaves out:
    a folder of enhancement proposals (`teps/0005-tekton-oci-bundles.md`) is documentation whatever it is
    called, and when a page states a status it is read as a decision record (`parse_doc`). A Jekyll site's
    posts (`_posts/`) are not."""
    p = PurePosixPath(rel_path)
    if abs_path is None or series is None or not (series_name(p.name) or series_folder(p.parent.name)):
        return False
    if not loose_page(rel_path):
        return False
    folder = os.path.dirname(abs_path)
    # a series split into topic folders (`text/entities/0256-….md` beside `text/0001-….md`) is still one
    if any(series.numbered_pages(f) >= SERIES_PAGES for f in (folder, os.path.dirname(folder))):
        return True
    # ... and so is one kept a folder per item (`62-cell-id/cell-id.md` beside `08-notebook-diff/`)
    return series_folder(os.path.basename(folder)) and series.numbered_folders(os.path.dirname(folder)) >= SERIES_PAGES


def priority(rel_path: str) -> tuple:
    """Sort key: the root README, then design, decision and contributing folders, other docs, deeper READMEs,
    change logs;
    within one folder, the pages of a numbered or dated series latest first (a cap that cuts a series
    leaves out its oldest proposals, not the ones the team works on now)."""
    p = PurePosixPath(rel_path)
    folders = p.parts[:-1]
    words = set().union(*(_words(f) for f in folders)) if folders else set()
    readme = read_me(p_stem(rel_path))
    if _CHANGE_NAMES.match(_bare_name(p.name)):
        tier = 4
    elif readme and not folders:
        tier = 0
    elif words & _DESIGN_WORDS:
        tier = 1
    elif words & _DOC_WORDS:
        tier = 2
    else:
        tier = 3
    number = series_number(p.name)
    latest_first = (number[0], -number[1]) if number else ()
    return tier, len(folders), not readme, p.parent.as_posix(), bool(latest_first), latest_first, rel_path


def capped(rels: list[str], sizes: dict[str, int] | None = None, limit: int | None = None,
           budget: int | None = None) -> tuple[set[str], list[str]]:
    """The documentation files to import and those left out: in `priority` order, at most `limit` files
    (`MAX_DOC_FILES`) whose estimated sections (from their sizes) stay within `budget` (`MAX_DOC_SECTION_BUDGET`).
    A page that would overrun the budget is left out and smaller ones after it may still fit."""
    limit = MAX_DOC_FILES if limit is None else limit
    budget = MAX_DOC_SECTION_BUDGET if budget is None else budget
    keep: set[str] = set()
    left: list[str] = []
    spent = 0
    for rel in sorted(rels, key=priority):
        cost = estimated_sections((sizes or {}).get(rel, 0))
        if len(keep) < limit and spent + cost <= budget:
            keep.add(rel)
            spent += cost
        else:
            left.append(rel)
    return keep, left


def estimated_sections(size: int) -> int:
    """About how many sections (vectors) a page of `size` bytes becomes: embedding them is most of an import's time."""
    return min(MAX_DOC_SECTIONS, 1 + size // 700)


def fitted(sections: list[Section], title: str, limit: int = MAX_DOC_SECTIONS) -> list[Section]:
    """A long page's sections joined, in order, into at most `limit`, so that all of it is kept.

    Each section is one vector, and embedding is what a long page costs; cutting its sections at
    `limit` lost all the page said after them (a 140 KB design proposal kept its first 20 KB). Joined,
    every word of the page is found by words, and each vector reads the opening of its part. The first
    section (the title and the text before the first heading) stays as it is; the rest are joined into
    parts of about equal size, each headed by its first section's heading and line. A page within
    `limit` keeps its sections as they are.
    """
    if len(sections) <= limit:
        return sections
    head, rest = sections[0], sections[1:]
    groups: list[list[Section]] = []
    left, slots, i = sum(len(s.text) for s in rest), limit - 1, 0
    while i < len(rest):
        if len(rest) - i <= slots:
            groups += [[s] for s in rest[i:]]
            break
        target = left / slots  # what is left, shared out over the parts still to fill
        group, size = [rest[i]], len(rest[i].text)
        i += 1
        while len(rest) - i > slots - 1 and size + len(rest[i].text) / 2 <= target:
            group.append(rest[i])
            size += len(rest[i].text)
            i += 1
        groups.append(group)
        left, slots = left - size, slots - 1
    out = [head]
    for group in groups:
        first, *more = group
        out.append(Section(first.heading, "\n\n".join([first.text, *(_without_prefix(s.text, title) for s in more)]),
                           first.line))
    return out


def _without_prefix(text: str, title: str) -> str:
    """A section's text without the page title it opens with (`chunked` writes "title — heading"): the
    heading stays, as the first line of what follows it."""
    first, _, rest = text.partition("\n")
    if first == title:
        return rest
    return (first.removeprefix(f"{title} — ") + "\n" + rest).strip() if first.startswith(f"{title} — ") else text


def _work_in_progress(rel_path: str, text: str, doc: markdown.Document) -> bool:
    """Whether a page states only how far a piece of work has got (`adr.states_progress`) and has no part a
    decision or a proposal has (a Decision, Consequences or Options heading: `detect.evidence`)."""
    return states_progress(doc) and not evidence(rel_path, text).core


# Folder words that say a folder holds proposals or decision records, one a page (`docs/rfc/`, `design/`, `proposals/`,
# `enhancements/`; dotnet/designs' `accepted/`): there a status line is a page's life cycle, whatever its word.
_RECORD_FOLDER_WORDS = frozenset({"rfc", "rfcs", "rfd", "rfds", "design", "designs", "proposal", "proposals", "adr", "adrs",
                                  "decision", "decisions", "enhancements", "accepted", "proposed", "approved",
                                  "implemented"})


def _among_records(rel_path: str) -> bool:
    """Whether a page sits among proposals or decision records: in a folder named for them (`_RECORD_FOLDER_WORDS`,
    `detect.folder_hint`), or as a numbered item of a series (`teps/0005-oci-bundles.md`, gRPC's `A14-channelz.md`,
    `fip-0009.md`, `features/0036-issue-credential/README.md`). A dated page (`docs/2026-06-08-gpu-comparison.md`) is
    not one by its name: reports and notes are filed by date as often as proposals are."""
    p = PurePosixPath(rel_path)
    if folder_hint(rel_path) or any(_words(f) & _RECORD_FOLDER_WORDS for f in p.parts[:-1]):
        return True
    folder = p.parent.name
    return series_name(p.name) and not _DATED_ITEM.match(p.name) \
        or series_folder(folder) and not _DATED_ITEM.match(folder)


def _documents_its_subject(rel_path: str, doc: markdown.Document) -> bool:
    """Whether a page outside the proposals and records (`_among_records`) states its status as documentation does:
    over no decision record's structure (`adr.decision_structure`: a Decision part, or a Context and Consequences),
    whatever its word ("Status: Active" over a testing roadmap, "live" over a bug write-up, "Draft" over a guide), or
    on a line naming the decision record the page documents ("**Status:** Implemented · **ADR:** [ADR-0121](…)",
    `adr.status_names_record`). A status retiring the page (superseded, deprecated: `adr.states_retirement`) still
    makes a record of it, never shown on code and ranked below its successor."""
    if _among_records(rel_path):
        return False
    if status_names_record(doc, rel_path):
        return True
    return not states_retirement(doc) and not decision_structure(doc)


# A title that is only a site generator's placeholder (Hugo's archetype `{{ replace .Name "-" " " | title }}`,
# Jekyll's `{% … %}`, ERB's `<%= … %>`): the page is a template, whatever its folder.
_UNRENDERED = re.compile(r"(?:\{\{.*?\}\}|\{%.*?%\}|<%.*?%>|\s)+")


# A change log saying at its head that a tool wrote it ("Generated by [`auto-changelog`](…)", "This file is
# auto-generated", "automatically generated by git-cliff"): the repository's history as a tool lists it.
_TOOL_WRITTEN = re.compile(r"\b(?:generated|written)\s+(?:automatically\s+)?(?:by|with|using)\s+\[?`?[\w@./-]+|"
                           r"\bauto-?generated\b|\bautomatically\s+generated\b", re.I)
TOOL_WRITTEN_HEAD = 600  # characters of a change log's head a tool's note sits in


def tool_change_log(rel_path: str, text: str) -> bool:
    """Whether a page is a change log a tool writes (`_TOOL_WRITTEN` in its head): auto-changelog's list of merged
    pull requests and bumps, the history `lore history` reads from git itself."""
    return bool(_CHANGE_NAMES.match(p_stem(rel_path))) and bool(_TOOL_WRITTEN.search(text[:TOOL_WRITTEN_HEAD]))


_HTML_H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1\s*>", re.I | re.S)
_IMG_ALT = re.compile(r"<img\b[^>]*\balt\s*=\s*[\"']([^\"']{2,120})[\"']", re.I)
_TAG = re.compile(r"<[^>]+>")


def _html_title(doc: markdown.Document) -> str | None:
    """The title a page with no markdown heading writes as an HTML heading in its first lines: its text, or the
    `alt` of the logo it holds (Financial-Times/dotcom-page-kit's `<h1><img alt="FT.com Page Kit" …></h1>`, titled
    "README" from its file)."""
    head = "\n".join(doc.lines[doc.front_lines:doc.front_lines + 40])
    m = _HTML_H1.search(head)
    if m is None:
        return None
    text = " ".join(html.unescape(_TAG.sub(" ", m.group(1))).split())
    if len(text) >= 2:
        return text
    alt = _IMG_ALT.search(m.group(1))
    return " ".join(html.unescape(alt.group(1)).split()) if alt else None


def parse_doc(rel_path: str, text: str, front: dict | None = None, records: bool = True, skill: bool = False) -> Parsed:
    """One page as a decision record when it states a status (and `records`), else as one documentation memory: a
    status that is only a piece of work's progress ("Status: Complete" over an audit's findings) makes none
    (`_work_in_progress`), nor does a delivery or document state, or a status naming the record the page documents,
    on a page outside the proposals and records (`_documents_its_subject`).

    A read-me states a folder's status only as an item's own page: the one page of a folder named as an item
    of a series (hyperledger/aries-rfcs' `features/0036-issue-credential/README.md`, "- Status: ADOPTED").
    `front`: what the metadata file beside an item's page says of its state (`sidecar`), read under the
    page's own front matter. `skill`: the page is one skill kept as a page of a skills folder
    (`classify.skill_page`), named for the skill as a `SKILL.md`'s folder is (`_kind`). A table of contents is no
    text of the page (`markdown.without_contents`)."""

    doc = with_front(markdown.parse_page(text), front)
    path = PurePosixPath(rel_path)
    own_page = not read_me(p_stem(rel_path)) or series_folder(path.parent.name)
    if own_page and records and status_leads(doc) and not tracker(doc) \
            and not _work_in_progress(rel_path, text, doc) and not _documents_its_subject(rel_path, doc):
        parsed = parse_adr(rel_path, text, front)
        if parsed.memories:
            m = parsed.memories[0]
            m.meta["read_from"] = "documentation with a status line"
            m.sections = fitted(m.sections, m.title)
            return parsed
    out = Parsed()
    for line, msg in doc.warnings:
        out.warn(rel_path, line, msg)
    heading, title_line = doc.title()
    above = None if title_line is None else title_line - 1  # where the text above the title heading ends
    # where the rest of the page starts: after the title heading's last line (an underlined heading has two)
    rest = next((s.start for s in doc.sections if s.heading is not None and s.line == title_line), title_line)
    if _part_heading(doc, title_line) or _prose_above(doc, title_line) or _first_entry(heading, rel_path, doc):
        heading, title_line, rest = None, None, above  # a part of the page, read with the text above it
    elif markdown.section_name(heading):
        heading = None
    title = str(doc.front.get("title") or "").strip() or heading or _html_title(doc) or _title_from_path(rel_path)
    title = _folder_read_me(rel_path, title)
    if _UNRENDERED.fullmatch(title.strip()):
        out.note = "a template: its title is a placeholder a site generator fills in"
        return out
    sections, body, _ = sections_of(doc, title, title_line)
    meta: dict = {DOC_META: True}
    sections = fitted(sections, title)
    removes = removal_links(title, doc, title_line)
    if removes:
        meta["refs"] = {"reverses": removes}
    lines = _said_above(doc, above) + doc.lines[(rest if rest is not None else doc.front_lines):]
    whole = "\n".join(lines).strip() or title
    if not whole.strip() or whole.strip() == title or no_prose(lines):
        out.note = "empty"
        return out
    if links_only(lines):
        out.note = LINKS_ONLY
        return out
    out.memories.append(imported_memory(
        title=title, body=whole, kind=_kind(rel_path, whole, skill), source=SourceKind.RULES_FILE, path=rel_path,
        line=title_line or 1, key=DOC_META, sections=sections, tags=[DOC_TAG], meta=meta))
    if retired_page(rel_path, title) or says_outdated(doc, title_line):
        out.memories[0].status = Status.DEPRECATED
    return out


LINKS_ONLY = "a list of links to pages read themselves"
# A line of a table of contents: a list item or a table row holding nothing but links to pages of the workspace
# (`* [2. Use AWS Bare Metal Rig approach](0002-use-aws-bare-metal-rig-approach.md)`, `| [ADR-3](0003-x.md) |`).
_LOCAL_LINK = re.compile(r"\[[^\]\n]*\]\((?!https?:|mailto:)[^)\s]+(?:\s+\"[^\"]*\")?\)")
_LIST_OR_ROW = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)]|\|)\s*")
MIN_LISTED = 3
_TABLE_RULE = re.compile(r"\s*\|?(?:\s*:?-{3,}:?\s*\|)*\s*:?-{3,}:?\s*\|?\s*")


_COMMENT = re.compile(r"<!--.*?-->|/\*.*?\*/", re.S)
_COMMENT_LINE = re.compile(r"\s*//")


def no_prose(lines: list[str]) -> bool:
    """Whether a page's lines below its title hold nothing but comments: HTML comments and lines written as
    code comments (`// ADR Skill Module`, a placeholder a scaffold left), with nothing a reader could read."""
    text = _COMMENT.sub("", "\n".join(lines))
    return not any(line.strip() and not _COMMENT_LINE.match(line) for line in text.splitlines())


def links_only(lines: list[str]) -> bool:
    """Whether a page's lines below its title are only headings and a list (or table) of links to pages of the
    workspace, `MIN_LISTED` or more: a records folder's table of contents repeats every title it lists and would
    match every question about them, while each page it links is read itself. A list whose items say more than
    their links ("- [Setup](setup.md): how to install") is a page of its own."""
    listed = 0
    rows = markdown.FENCE.sub("", "\n".join(lines)).splitlines()
    for i, line in enumerate(rows):
        if not line.strip() or line.lstrip().startswith("#") or _TABLE_RULE.fullmatch(line) \
                or i + 1 < len(rows) and _TABLE_RULE.fullmatch(rows[i + 1]):
            continue  # a heading, a table's rule or its header row
        if not _LIST_OR_ROW.match(line):
            return False
        links = _LOCAL_LINK.findall(line)
        if not links or re.sub(r"[\s|*_:,;.()-]", "", _LOCAL_LINK.sub("", _LIST_OR_ROW.sub("", line, count=1))):
            return False
        listed += sum(MIN_LISTED if "*" in link else 1 for link in links)  # `decisions/*`: a toctree's glob, every page
    return listed >= MIN_LISTED


# A heading that is a version: "v1.2.3", "[1.0.0] - 2019-02-03", "1.2.0 (2020-01-01)", "Release 4.2". A
# numbered section ("3.1. Create objects", a bare "1.1.2" under "1.1 Security") is not.
_VERSION_HEADING = re.compile(r"^\W*(?:(?:release|version)\s+v?\d+\.\d+|v\d+\.\d+|\[v?\d+\.\d+[^\]]*\]"
                              r"|\d+\.\d+(?:\.\d+)?\s*(?:\(|[-–—]\s*\d{4}|\d{4}-\d{2}-\d{2}))", re.I)


# What a project generator writes into a new package's read-me: Nx, Create React App, create-next-app, Angular CLI,
# Vite, create-t3-app, Nest's CLI and create-docusaurus, followed by how to run the generator's own scripts.
_GENERATED_README = re.compile(
    r"^(?:this (?:library|application|app|project|package|plugin) was generated with \[?nx\b"
    r"|this project was bootstrapped with \[?create[- ]react[- ]app"
    r"|this is an? \[?next\.?js\]?(?:\([^)]*\))? project bootstrapped with \[?`?create-next-app"
    r"|this project was generated (?:with|using) \[?angular cli"
    r"|this template provides a minimal setup to get react working in vite"
    r"|this is a \[?t3 stack\]?(?:\([^)]*\))? project bootstrapped with `?create-t3-app"
    r"|\[?nest\]?(?:\([^)]*\))? framework typescript starter repository"
    r"|this website is built using \[?docusaurus\b)", re.I)
GENERATED_README_BYTES = 6144  # past this a team has written its own read-me on top of the generator's (Nest's is ~5 kB)


def generated_readme(text: str) -> bool:
    """Whether a page is the read-me a project generator wrote and nobody changed: its first paragraph says which
    generator (`_GENERATED_README`), past a banner's badges, logo and link definitions (`_DECORATION`), and it is
    short. Every package of a monorepo holds one ("This library was generated with Nx", "## Running unit tests"):
    they say nothing of the project and crowd every search."""
    if len(text) > GENERATED_README_BYTES:
        return False
    body = [ln.strip() for ln in text.splitlines() if not _DECORATION.match(ln) and not ln.lstrip().startswith("#")]
    return bool(body) and _GENERATED_README.match(body[0]) is not None


# A page's opening line saying it is another site's page: "**Source:** https://…", "Originally published at <https://…>",
# "Copied from …", "Mirrored from …", the address a web page's (`https://…`, or a site's page name `group__X.html#…`).
_COPIED_FROM = re.compile(r"^[\W_]*(?:source|originally\s+(?:published|posted)\s+(?:at|on|in)|copied\s+from|mirrored\s+from"
                          r"|scraped\s+from)[\W_]*?[:\s][\s*_<(\[]*(?:https?://\S+|[\w.-]+\.html?(?:#\S*)?)[\s*_>)\]]*$", re.I)
COPIED_LINES = 3  # lines of text at a page's opening, before or right after its title, that may say whose page it is


def copied_page(rel_path: str, text: str) -> bool:
    """Whether a page says at its opening that it is another site's page (`_COPIED_FROM`): its first lines of text,
    headings aside, are a line citing a web address as its source alone. A copy of another project's documentation
    says nothing of this one. A read-me's "Source: <address>" is where the project's own code is."""
    if read_me(p_stem(rel_path)):
        return False
    opening = text.splitlines()[markdown.split_front_matter(text)[1]:][:40]
    lines = [ln for ln in opening if ln.strip() and not ln.lstrip().startswith("#")]
    return any(_COPIED_FROM.match(ln.strip()) for ln in lines[:COPIED_LINES])


def _first_entry(heading: str | None, rel_path: str, doc: markdown.Document) -> bool:
    """Whether a change log's first heading is its newest entry, a version ("# Version 1.8.4" opening
    thoni56/c-xrefactory's `CHANGES.md`), not the page's title: the page is named by its file."""
    return bool(heading and _VERSION_HEADING.match(heading.strip())) and (_change_named(rel_path) or release_notes(doc))


def _change_named(rel_path: str) -> bool:
    """Whether a page's own name says it is a change log (`_CHANGE_NAMES`)."""
    return bool(_CHANGE_NAMES.match(_bare_name(PurePosixPath(rel_path).name)))


def change_log(rel_path: str, text: str) -> bool:
    """Whether a page is a change log: by its name (`_CHANGE_NAMES`) or by its headings (`release_notes`)."""
    return _change_named(rel_path) or release_notes(markdown.parse(text))


def newest_part(text: str, limit: int = MAX_DOC_BYTES) -> str:
    """The first `limit` bytes of a change log, ending before the last heading that starts within them (so no
    entry is cut in two; a `# comment` in a fenced shell example is no heading): the newest entries, which a
    change log puts first."""
    cut = text.encode("utf-8", "replace")[:limit].decode("utf-8", "ignore")
    lines = cut.splitlines(True)
    heads = [s.line - 1 for s in markdown.parse(cut).sections if s.heading is not None and s.line > 1]
    if len(heads) < 2:
        return cut  # one entry larger than the limit: its first part
    return "".join(lines[:heads[-1]])


def release_notes(doc: markdown.Document) -> bool:
    """Whether a page is release notes whatever its name (`RELEASES.md` beside the process guide
    `docs/howtos/releases.md`): at the heading level holding the most versions ("# v156.0", "## [1.0.0] -
    2019-02-03"), at least three headings, most of them versions."""
    by_level: dict[int, list[bool]] = {}
    for s in doc.sections:
        if s.heading:
            by_level.setdefault(s.level, []).append(bool(_VERSION_HEADING.match(s.heading.strip())))
    if not by_level:
        return False
    level = max(by_level.values(), key=sum)
    return sum(level) >= 3 and sum(level) * 2 > len(level)


# A page saying of itself, near its top, that it is no longer current ("**NOTE** - This guide is slightly
# out of date and needs to be updated. Better instructions can be found in …").
_OUTDATED = re.compile(r"\bthis\s+(?:guide|page|document|doc|documentation|readme|how-?to|tutorial|file|article)\b"
                       r"[^.\n]{0,60}?\b(?:is|are|has become|has been)\s+(?:(?:now|slightly|somewhat|partly|partially|"
                       r"currently|largely|mostly|a\s+bit|very|quite|probably|likely)\s+)*(?:out[- ]of[- ]date|outdated|"
                       r"deprecated|obsolete|no longer (?:maintained|accurate|current|up[- ]to[- ]date|relevant))"
                       # A design given up, kept for the record (CDCgov/prime-reportstream's proposal 0025: "This
                       # approach is no longer being pursued in favor of a catchall data structure. This document is
                       # preserved for reference purposes only.").
                       r"|\bthis\s+(?:approach|proposal|design|plan|idea|rfc|effort|work)\b[^.\n]{0,40}?\b(?:is|was|has\s+been)"
                       r"\s+(?:no\s+longer\s+(?:being\s+)?(?:pursued|considered|planned|worked\s+on)|abandoned|shelved)"
                       r"|\b(?:preserved|kept|retained)\s+(?:only\s+)?for\s+(?:historical\s+)?(?:reference|historical)"
                       r"(?:\s+purposes)?\s+only\b", re.I)
OPENING_CHARS = 1500


def says_outdated(doc: markdown.Document, title_line: int | None) -> bool:
    """Whether a page's opening (its first `OPENING_CHARS` characters after the title) says the page is out
    of date: it is kept, found by search, weighted down and marked deprecated like a page in `archive/`."""
    start = (title_line + 1) if title_line is not None else doc.front_lines
    opening = markdown.plain("\n".join(doc.lines[start:]))[:OPENING_CHARS]
    return bool(_OUTDATED.search(opening))


# Words of a page's own name that say the repository keeps it for the record only (`legacy-setup.md`).
_RETIRED_NAME_WORDS = frozenset({"legacy", "archived", "obsolete", "deprecated", "outdated"})


# Among documentation, a folder named "legacy" or "history" more often describes the old systems a platform
# still serves (`architecture/services/legacy/wellcomeimages_redirects.md`) than keeps retired pages.
_RETIRED_DOC_DIRS = RETIRED_DIRS - {"legacy", "history", "historic"}


def retired_page(rel_path: str, title: str | None = None) -> bool:
    """Whether the repository marks a page as no longer current: kept in a folder for retired documents
    (`docs/archive/`, `obsolete/`, as for decision records, `adr.RETIRED_DIRS`, but a `legacy/` folder) or named
    so (`legacy-setup.md`). Search still finds it, weighted down and marked deprecated; context packs leave it out.
    A name whose word its `title` writes past its first word names the page's subject, not its state
    (aws/karpenter-provider-aws' `deprecated-ami-observability.md`, "Observability for Deprecated AMIs")."""
    p = PurePosixPath(rel_path)
    folders = set().union(*(_words(f) for f in p.parts[:-1])) if p.parts[:-1] else set()
    if folders & _RETIRED_DOC_DIRS:
        return True
    named = _words(p_stem(rel_path)) & _RETIRED_NAME_WORDS
    subject = re.findall(r"[a-z]+", (title or "").lower())[1:]
    return bool(named - set(subject))


# Words naming a folder that holds a copy kept aside: `frontend-react-original/` beside `frontend-react/`, `backup/`.
_KEPT_ASIDE_WORDS = RETIRED_DIRS | {"original", "orig", "backup", "bak", "copy"}


def copy_order(rel_path: str) -> tuple:
    """Which of pages with the same bytes stands for them all, least first: the one nearest the root, then one in no
    folder named as kept aside (`_KEPT_ASIDE_WORDS`: CDCgov/prime-reportstream keeps a byte-identical
    `frontend-react-original/` beside the live `frontend-react/`, whose pages a byte order put second), then by path."""
    folders = PurePosixPath(rel_path).parts[:-1]
    aside = any(_words(f) & _KEPT_ASIDE_WORDS for f in folders)
    return (len(folders), aside, rel_path)


def _bare_name(name: str) -> str:
    """A page's file name without its markdown suffix and an `.html` before it (`patching.html.md.erb`
    -> `patching`)."""
    low = name.lower()
    cut = next((len(name) - len(x) for x in _MARKDOWN if low.endswith(x)), name.rfind(".") if "." in name else len(name))
    bare = name[:cut]
    return bare[:-5] if bare.lower().endswith(".html") else bare


def p_stem(rel_path: str) -> str:
    return _bare_name(PurePosixPath(rel_path).name).lower()


def _kind(rel_path: str, text: str, skill: bool = False) -> Kind:
    """A guide among contributing documents that tells people what to do is a convention; the rest are facts. A
    `skill` kept as one page (`skills/test-driven-development.md`) is named for the skill, as the folder of a
    `SKILL.md` is (`skills/test-driven-development/SKILL.md`): its name counts as that folder's would."""

    folders = PurePosixPath(rel_path).parts[:-1] + ((p_stem(rel_path),) if skill else ())
    name = set() if skill else _words(p_stem(rel_path))
    guide = any(_words(f) & _GUIDE_WORDS for f in folders) or bool(name & _GUIDE_NAME_WORDS)
    return kind_of(text[:1500]) if guide else Kind.FACT


def _part_heading(doc: markdown.Document, title_line: int | None) -> bool:
    """Whether the heading a page would be titled by names a part of it: a page with no level-1 heading whose
    first heading comes after text of its own (a read-me describing its module, then "## Requirements"; a guide
    whose first heading, 240 lines down, is "## Changelog Updates")."""
    if title_line is None or any(s.level == 1 for s in doc.sections if s.heading):
        return False
    before = doc.lines[doc.front_lines:title_line - 1]
    return any(line.strip() and not line.lstrip().startswith(("<!--", "[![", "![")) for line in before)


# What stands above a page's title without being a part of the page: a notice ("> [!WARNING] OTEPs have been moved",
# "*This TEP is marked as `deferred`…*", "**⚠️ This project is no longer maintained**"), a table of contents or a
# list of the page's authors, badges, a logo and other HTML, a heading, a rule, a fenced block, a link definition, an
# MDX page's imports.
_ABOVE_TITLE = re.compile(r"\s*(?:[<>|*_#=`~]|-{3,}|!?\[!\[|!\[|\[[^\]]*\]:|[-+]\s|\d{1,3}[.)]\s|(?:import|export)\s)")
_LINK_SPAN = re.compile(r"!?\[[^\]]*\]\([^)]*\)")
PROSE_WORDS = 3  # a paragraph of this many words, links aside, is text of the page ("Back to [the index](…)" is not)


def _prose_above(doc: markdown.Document, title_line: int | None) -> bool:
    """Whether a paragraph of the page's own text comes before its level-1 heading, which then names a part of the
    page, not the page: saulomlcosta/SpecPilot's `prompts/codex/22-create-release-notes.md` briefs an agent for 43
    lines, then shows the page it asks for, "# Release Notes — SpecPilot AI MVP"; a change log opens with what it
    is and then "# v0.3.0"; a blog post's paragraphs precede its first "# Why .NET 8?". A notice, a table of
    contents, badges or a logo above a title (`_ABOVE_TITLE`) leave it the title."""
    if title_line is None or not any(s.level == 1 and s.line == title_line for s in doc.sections if s.heading):
        return False
    heads = {s.line - 1 for s in doc.sections if s.heading is not None}
    paragraphs: list[list[str]] = [[]]
    fenced = False
    for i in range(doc.front_lines, title_line - 1):
        line = doc.lines[i]
        fence = line.lstrip().startswith(("```", "~~~"))
        fenced = fenced != fence
        if line.strip() and not (fence or fenced) and i not in heads:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return any(p and not _ABOVE_TITLE.match(p[0]) and len(_LINK_SPAN.sub(" ", " ".join(p)).split()) >= PROSE_WORDS
               for p in paragraphs)


# Lines above a page's first heading that say nothing: badges, a logo and other HTML, link definitions, a rule.
_DECORATION = re.compile(r"\s*(?:$|<|!?\[!\[|!\[|\[[^\]]*\]:\s|-{3,}\s*$|\*{3,}\s*$|_{3,}\s*$)")


def _said_above(doc: markdown.Document, end: int | None) -> list[str]:
    """What the lines between a page's front matter and its title heading (0-based line `end`) say, the badges
    and logos they open with left out: a notice above the title, or the text above a heading that names a part of
    the page ("Implement the authentication slice…", 43 lines above "## Adjusted during the work"). Nothing when
    they say nothing, as when there is no heading (the body is then the whole page)."""
    if end is None:
        return []
    above = doc.lines[doc.front_lines:end]
    start = next((i for i, line in enumerate(above) if not _DECORATION.match(line)), len(above))
    return above[start:]


# Headings a read-me opens with that say what any read-me is, not what this one is about.
_GENERIC_TITLES = frozenset({"readme", "read me", "intro", "introduction", "overview", "about", "summary", "description",
                             "documentation", "docs", "home", "index", "getting started"})


def _folder_read_me(rel_path: str, title: str) -> str:
    """A folder's read-me titled only as any read-me is ("README", "Intro", "Overview") is titled by its folder too
    ("svc-bip-api: Intro"): department-of-veterans-affairs/abd-vro's service read-mes were "README" and "Intro" in
    search."""
    p = PurePosixPath(rel_path)
    if not p.parent.name or not read_me(p_stem(rel_path)):
        return title
    plain = re.sub(r"[^a-z ]", "", title.lower()).strip()
    if plain not in _GENERIC_TITLES or p.parent.name.lower() in plain:
        return title
    return _title_from_path(rel_path) if plain in ("readme", "read me") else f"{p.parent.name}: {title.strip()}"


def _title_from_path(rel_path: str) -> str:
    p = PurePosixPath(rel_path)
    if read_me(p_stem(rel_path)):
        return f"{p.parent.name} README" if p.parent.name else "README"
    name = _bare_name(p.name)
    name = re.sub(r"^\d+[-_ ]+(?=[A-Za-z])", "", name)  # a series page's number (`0001-workflow`) is no word of it
    if name.lower().lstrip("_") == "index" and p.parent.name:
        name = p.parent.name  # `doc/components/00-index.md` is the components page, not one of five called "Index"
    return name.replace("-", " ").replace("_", " ").strip().capitalize() or rel_path

