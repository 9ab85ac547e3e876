"""Group commits into tasks: a merged branch, a squashed pull request, a revert, or a run of one
author's commits on the same files; each keeps its why, its files (under their current names) and
the commits it reverts. A task is titled by what a person wrote: a pull request's title, or its branch's
first commit when the title is only the branch's name; a subject without the list marker it may carry. What no
person decided is no task: a dependency bump (a bot's, or a person's `npm update`), a commit that only cuts a
release (`0.3.1`, `chore(release): 0.3.1 [skip ci]`, `Release 1.2.0`, `Bump version to 1.2.0`, `Bump provider version
in examples to 3.25.3`, a release tool's override block, one author's subject repeated with only its version changing:
`release_runs`) and any other commit of an upkeep service's account (dependabot, renovate, github-actions:
`upkeep_bot`); a coding agent's account commits work, read as tasks. A commit that changes no file (`git commit
--allow-empty`) is no task of its own either, nor one that only writes pages the import reads for themselves (decision
records, guides, documentation: `only_pages`): the pages say it, and a task repeating them would outrank them."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import attrs

from lore.history.gitlog import Commit

SPAN = 2 * 86400  # one author's run of commits on the same files lasts at most this span from its first commit
HUB_WINDOW = 10  # commits a window needs before a file most of them touch is told as a hub (`_hubs`)
_PR = re.compile(r"\s*\(#(\d+)\)\s*$")
# A hosting service's merge of a pull request, by its subject: GitHub's `Merge pull request #12 from org/branch`
# (and `Merge pull request #27 – Migrate to TanStack Query`, the title in the subject), Bitbucket's
# `Merged in feature/WOKA-7 (pull request #4)`.
_PULL_REQUEST_MERGES = (re.compile(r"^Merge pull request #(?P<pr>\d+) from \S+", re.I),
                        re.compile(r"^Merge pull request #(?P<pr>\d+)\s*[–—:-]\s*(?P<title>\S.*)$", re.I),
                        re.compile(r"^Merged in \S+ \(pull request #(?P<pr>\d+)\)", re.I))
_MERGE_MR = re.compile(r"^Merge branch '[^']+' into '[^']+'", re.I)
_MERGE_ANY = re.compile(r"^Merge (branch|remote-tracking branch|tag|commit) ", re.I)
_CONVENTIONAL = re.compile(r"^(?P<type>[a-zA-Z]+)(?:\((?P<scope>[^)]*)\))?(?P<bang>!)?:\s*(?P<rest>.+)$")
_BULLET = re.compile(r"^(?:[-*+•]|\d{1,2}[.)])\s+")  # a list item's marker: `* Upgrade dependencies`
_REVERT_SUBJECT = re.compile(r'^Revert\s+"(.+)"\s*$')
_REVERTS_SHA = re.compile(r"This reverts commit ([0-9a-f]{7,40})", re.I)
# GitHub's "Revert" button writes the pull request it undoes into the body: "Reverts org/repo#390".
_REVERTS_PR = re.compile(r"^\s*Reverts\s+(?:[\w.-]+/[\w.-]+)?#(\d+)\s*$", re.I | re.M)
# The branch that button pushes, named for the pull request it undoes: "Merge pull request #55 from org/revert-54-fix".
_REVERT_BRANCH = re.compile(r"^Merge pull request #\d+ from [\w.-]+/revert-(\d+)-\S", re.I)
# The name of a branch that lives on and gathers others' work (`develop`, `fc-24.05-dev`, `release/2.3`):
# merging it is an integration of many tasks, not one.
_LONG_LIVED = frozenset({"dev", "develop", "development", "devel", "staging", "stage", "master", "main", "trunk",
                         "production", "prod", "next", "stable", "preprod", "uat", "integration"})
_MERGED_BRANCH = re.compile(r"^Merge (?:remote-tracking )?branch '([^']+)'|^Merge pull request #\d+ from [\w.-]+/(\S+)"
                            r"|^Merged in (\S+) \(pull request #\d+\)", re.I)
_TRAILER = re.compile(r"^\s*(Signed-off-by|Co-authored-by|Reviewed-by|Acked-by|Tested-by|Approved-by|Change-Id|Reviewed-on|"
                      r"Cc|Closes|Fixes|Resolves|Refs|See-also)\s*:", re.I)
_DEPENDENCY = re.compile(r"^(?:(?:chore|build|fix|deps)\((?:deps|deps-dev|dependencies)\)|"
                         r"bump\s+\S+\s+from\s+\S+\s+to\s|update dependency\s|update module\s|"
                         r"chore\(deps\)|update \S+ digest to )", re.I)
# Files that name nothing but dependencies and their versions: lock files, and requirements lists
# (`requirements-dev.txt`, `requirements/base.in`); and the manifests that name them among other settings.
_LOCK_FILES = frozenset({"package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock",
                         "bun.lockb", "go.sum", "Cargo.lock", "poetry.lock", "uv.lock", "pdm.lock", "Pipfile.lock",
                         "Gemfile.lock", "composer.lock", "mix.lock", "pubspec.lock", "Podfile.lock",
                         "packages.lock.json", "gradle.lockfile", "Package.resolved", "flake.lock"})
_REQUIREMENTS = re.compile(r"(?:^|/)(?:requirements|constraints)[\w.-]*\.(?:txt|in)$|(?:^|/)requirements/[^/]+\.(?:txt|in)$")
_MANIFESTS = frozenset({"package.json", "go.mod", "Cargo.toml", "pyproject.toml", "Pipfile", "Gemfile",
                        "composer.json", "pubspec.yaml"})
# What a person writes when they only update dependencies: an updater's command (`npx npm-check-updates -u`,
# `npm update`, `cargo update`, `go get -u`, `bundle update`), or an update of dependencies, packages or lock files
# (`package updates`, `Upgrade all deps`), or, when a lock file changed, any update (`upgrade eslint`).
_UPDATER = re.compile(r"\b(?:npm\s+(?:update|up|upgrade|audit\s+fix)|(?:npx\s+)?npm-check-updates|ncu|"
                      r"yarn\s+(?:upgrade|up)|pnpm\s+(?:update|up|upgrade)|bun\s+update|cargo\s+(?:update|upgrade)|"
                      r"go\s+get\s+-u|go\s+mod\s+tidy|bundle\s+update|composer\s+update|poetry\s+(?:update|lock(?!\s*files?\b))|"
                      r"(?:uv|pipenv)\s+lock(?!\s*files?\b)|pipenv\s+update|pip-compile|nix\s+flake\s+update)\b", re.I)
_UPDATE = r"(?:updat(?:e[sd]?|ing)|upgrad(?:e[sd]?|ing)|bump(?:s|ed|ing)?|refresh(?:es|ed|ing)?)"
_UPDATE_WORD = re.compile(rf"\b{_UPDATE}\b", re.I)
_UPDATE_FIRST = re.compile(rf"{_UPDATE}\b", re.I)
_DEPENDENCY_WORD = re.compile(r"\b(?:deps|dependenc(?:y|ies)|dev-?dependencies|packages|node[ _]modules|modules|"
                              r"libraries|libs|crates|gems|lock ?files?)\b(?![.\w-])|\b(?:package|dependency)\s+"
                              rf"{_UPDATE}\b", re.I)
# An update of a manifest's own settings, not of its dependencies: `update package name`, `update the scripts`,
# `Update version number in package.json`, `update package to support workspaces`.
_MANIFEST_EDIT = re.compile(rf"\b(?:name|description|scripts?|authors?|license|keywords|repository|homepage|engines?|"
                            rf"workspaces?|exports)\b|\bversion\s+number\b|^{_UPDATE}\s+(?:the\s+)?(?:(?:project|package|"
                            rf"app)\s+)?version\b(?!\s+of\b)|^{_UPDATE}\s+(?:the\s+)?package(?:\.json)?\b(?![-\s]?lock)", re.I)
# A subject that only cuts a release, once a pull request number and a `[skip ci]` are taken off: a version alone
# (`0.3.1`, `v1.2.0-beta.1`), `chore(release): …`, `release: v1.2.0`, `Release 1.2.0`, release-please's
# `chore(main): release 1.2.0`, `Bump version to 1.2.0`, a bump of up to three words' version, in up to three words'
# place (`Bump provider version in examples to 3.25.3`, `bump all crate versions`). `Release notes for the new importer`
# is no release, nor `Upgrade to Go 1.22 and fix the build`.
_VERSION = r"v?\d+(?:\.\d+)+(?:[-+.]?[0-9A-Za-z.-]+)?"
_RELEASE = re.compile(rf"^(?:chore\(release\)!?:.*|(?:[a-z]+(?:\([^)]*\))?!?:\s*)?(?:{_VERSION}|"
                      rf"(?:cut\s+|prepare\s+(?:for\s+)?)?releas(?:e|ed|ing)\s+(?:version\s+)?(?:[\w@/.-]+\s+)?{_VERSION}|"
                      rf"(?:bump(?:s|ed)?\s+(?:[\w@/.-]+\s+){{0,3}}versions?(?:\s+numbers?)?"
                      rf"(?:\s+(?:in|for|across)(?:\s+[\w@/.-]+){{1,3}})?|version\s+bump)(?:\s+(?:to\s+)?{_VERSION})?|"
                      rf"(?:set\s+)?version\s+(?:to\s+)?{_VERSION}))\.?$", re.I)
# A message that only steers a release tool: release-please's `BEGIN_COMMIT_OVERRIDE` … `END_COMMIT_OVERRIDE`, an
# empty commit rewriting the release notes of commits already made.
_RELEASE_OVERRIDE = re.compile(r"^BEGIN_COMMIT_OVERRIDE\s*$")
_VERSION_WORD = re.compile(rf"\b{_VERSION}\b")
RELEASE_REPEATS = 3  # one author's subjects differing only in their versions, this many and more: a release tool's
_SKIP_CI = re.compile(r"\s*\[(?:skip ci|ci skip|no ci|skip actions|actions skip)\]\s*", re.I)
# Accounts that commit for no person: a hosting service's bots (`dependabot[bot]`), and those named as bots
# without the suffix (`semantic-release-bot`, `github-actions`, `renovate`, `ReleaseBot`) or as a CI workflow
# (`Release Github Action`); by address, `bot@…`, `release-bot@…`, `ci.bot@…`, `…[bot]@…`.
_BOT_NAMES = frozenset({"github-actions", "dependabot", "dependabot-preview", "renovate", "renovate-bot", "greenkeeper",
                        "pre-commit-ci", "snyk-bot", "allcontributors", "imgbot", "mergify", "release-please",
                        "semantic-release-bot"})
_BOT_NAME = re.compile(r"(?:\[bot\]|[-_ ](?:bot|actions?)|(?-i:[a-z](?:Bot|Actions?)))$", re.I)
_BOT_ADDRESS = re.compile(r"^(?:[^@]*[-.+])?bot@|\[bot\]@", re.I)
_MERGED_PR = re.compile(r"^Merge (?:pull request|branch) |^Merged in ")
_BOT_BRANCH = re.compile(r"(?:\sfrom\s|^Merge branch '|^Merged in )(?:[\w.-]+/)?(?:dependabot|renovate|changeset-release|snyk-upgrade|snyk-fix|"
                         r"pre-commit-ci-update-config|greenkeeper)[/-]", re.I)
_WORK = (("migrate", "migrate"), ("migration", "migrate"), ("deprecat", "deprecate"), ("remove", "remove"),
         ("drop ", "remove"), ("delete ", "remove"), ("fix", "fix"), ("revert", "revert"), ("refactor", "refactor"),
         ("rename", "refactor"), ("move ", "refactor"), ("add ", "feat"), ("support", "feat"))
# The forms of `_WORK`'s verbs a subject may open with ("Adding", "Removed", "Fixes"): the first word, when it is one of
# them, says what the work was, whatever a later word names ("Add Open Graph tags that were accidentally removed").
_LEAD_VERBS = tuple((re.compile(verb, re.I), kind) for verb, kind in (
    (r"migrat(?:e[sd]?|ing|ion)", "migrate"), (r"deprecat(?:e[sd]?|ing)", "deprecate"),
    (r"remov(?:e[sd]?|ing)|drop(?:s|ped|ping)?|delet(?:e[sd]?|ing)", "remove"), (r"fix(?:e[sd]|ing)?", "fix"),
    (r"revert(?:s|ed|ing)?", "revert"), (r"refactor(?:s|ed|ing)?|renam(?:e[sd]?|ing)|mov(?:e[sd]?|ing)", "refactor"),
    (r"add(?:s|ed|ing)?|support(?:s|ed|ing)?", "feat")))
# What may stand before a subject's first word: a ticket (`PROJ-12`, `[PROJ-12]`, `#12`), the initials of those who
# wrote it (`AM |`, `MB MR LF |`, `MB:`) and a conventional-commit prefix of a type `TYPES` does not know (`ui:`).
_LEAD_NOISE = re.compile(r"^(?:[\[(]?(?:[A-Z][A-Z0-9]*-\d+|#\d+)[\])]?[:\s-]*|(?:[A-Z]{1,3}[\s/&,]+)*[A-Z]{1,3}\s*[|:-]\s*"
                         r"|[a-zA-Z]+(?:\([^)]*\))?!?:\s+)")
# Words that name no piece of work: a subject made only of them (`wip`, `fix`, `typo`, `more`, `update`, `fix tests`,
# `minor changes`) says nothing of its own, and continues the work before it.
_VAGUE_WORDS = frozenset("""wip fix fixes fixed fixing fixup typo typos more update updates updated updating change changes
changed minor small some stuff misc tweak tweaks tweaked cleanup clean up tidy tidied oops again another it this that
test tests build lint linting format formatting style review comment comments feedback pr work progress save commit
temp tmp todo try trying attempt done the a an and of in to on for some few bits bit last final""".split())
# What a subject says when it follows up the commit before it: `handle None too`, `also cover the empty case`,
# `fixup! Add the cache`, `forgot the test`, a hosting service's `Update README.md` or `Add files via upload`.
_FOLLOW_UP = re.compile(r"\b(?:too|also|again|forgot|forgotten|follow[- ]?up|missed|oops|as well)\b|^(?:fixup|squash|amend)!"
                        r"|^(?:Update|Create|Delete)\s+\S+\.\w+$|^Add files via upload$", re.I)
TYPES = {"feat": "feat", "feature": "feat", "fix": "fix", "bugfix": "fix", "hotfix": "fix", "refactor": "refactor",
         "perf": "perf", "docs": "docs", "doc": "docs", "test": "test", "tests": "test", "build": "build", "ci": "ci",
         "chore": "chore", "style": "style", "revert": "revert", "deps": "chore", "security": "fix"}


@attrs.define
class Task:
    """One piece of work: its commits (newest first), title, type, pull request, why and files."""

    key: str  # the commit the task is named by: the merge, the squash, or the first of a run
    title: str
    type: str
    commits: list[Commit]
    pr: str | None = None
    scope: str | None = None
    why: str = ""
    files: list[str] = attrs.field(factory=list)  # current names, most touched first
    reverts: list[str] = attrs.field(factory=list)  # shas (maybe abbreviated) this task reverts
    reverts_title: str | None = None
    reverts_pr: str | None = None  # the pull request a revert undoes, by number ("Reverts org/repo#390")

    @property
    def at(self) -> int:
        """When the task ended (its newest commit)."""
        return max(c.at for c in self.commits)

    @property
    def started(self) -> int:
        """When the task began (its oldest commit)."""
        return min(c.at for c in self.commits)

    @property
    def authors(self) -> list[str]:
        """Authors by number of commits."""
        counts: dict[str, int] = {}
        for c in self.commits:
            counts[c.author] = counts.get(c.author, 0) + 1
        return sorted(counts, key=lambda a: -counts[a])


def is_dependency_bump(c: Commit) -> bool:
    """An automated dependency update or release of updated packages, or a person's update of dependencies
    (`_updates_dependencies`: `npx npm-check-updates -u` changing package.json and its lock): no why to keep. A
    merged pull request counts by its title (the merge's second line) and by the bot's branch it came from (`Merge
    pull request #2728 from guardian/dependabot/npm_and_yarn/codemaker-1.114.1`, `…/changeset-release/main`)."""
    if _DEPENDENCY.match(c.subject) or (by_bot(c) and "bump" in c.subject.lower()):
        return True
    if not _MERGED_PR.match(c.subject):
        return _updates_dependencies(c, c.subject)
    title = next((ln.strip() for ln in c.message.split("\n")[1:] if ln.strip()), "")
    return bool(_BOT_BRANCH.search(c.subject) or _DEPENDENCY.match(title)) or _updates_dependencies(c, title or c.subject)


def _updates_dependencies(c: Commit, subject: str) -> bool:
    """Whether a person's commit only updates dependencies: every file it changes is a lock file or a manifest
    (`_LOCK_FILES`, `_MANIFESTS`) and its subject says it updates them (`_UPDATER`, `_DEPENDENCY_WORD`), or says
    it updates something and a lock file changed (`chore: upgrade eslint`). A new dependency (`add zod for
    validation`), a manifest's own settings (`update the build script`, `_MANIFEST_EDIT`), a declared feature, a
    revert (a dependency kept back, often with its reason) and a release are no update."""
    paths = [ch.path for ch in c.changes]
    if not paths or not all(_dependency_file(p) for p in paths) or is_release(c):
        return False
    kind, _, title = classify(subject)
    if _UPDATER.search(title) and kind != "revert":
        return True
    if kind == "revert" or _MANIFEST_EDIT.search(title) or (
            kind == "feat" and _CONVENTIONAL.match(_BULLET.sub("", subject.strip()))):
        return False
    if _UPDATE_WORD.search(title) and _DEPENDENCY_WORD.search(title):
        return True
    return bool(_UPDATE_FIRST.match(title)) and any(_lock_file(p) for p in paths)


def _lock_file(path: str) -> bool:
    """Whether a file names nothing but dependencies and their versions (`_LOCK_FILES`, `_REQUIREMENTS`)."""
    return path.rpartition("/")[2] in _LOCK_FILES or bool(_REQUIREMENTS.search(path))


def _dependency_file(path: str) -> bool:
    """Whether a file is a lock file or a dependency manifest (`package.json`, `go.mod`, `Cargo.toml`…)."""
    return _lock_file(path) or path.rpartition("/")[2] in _MANIFESTS


def is_release(c: Commit) -> bool:
    """A commit that only cuts a release (`_RELEASE`) or steers a release tool (`_RELEASE_OVERRIDE`); a merged pull
    request counts by its title too (the merge's second line: `chore(main): release 1.2.0`)."""
    if _RELEASE.match(_SKIP_CI.sub(" ", _PR.sub("", c.subject)).strip()) or _RELEASE_OVERRIDE.match(c.subject):
        return True
    if not _MERGED_PR.match(c.subject):
        return False
    title = next((ln.strip() for ln in c.message.split("\n")[1:] if ln.strip()), "")
    return bool(_RELEASE.match(_SKIP_CI.sub(" ", _PR.sub("", title)).strip()))


def by_bot(c: Commit) -> bool:
    """Whether a bot's account made the commit (`dependabot[bot]`, `github-actions[bot]`, `semantic-release-bot`,
    `github-actions`, a workflow's `Release Github Action`), by its name (`_BOT_NAME`, `_BOT_NAMES`) or its address
    (`_BOT_ADDRESS`: `bot@users.noreply.github.com`, `…[bot]@users.noreply.github.com`)."""
    name = c.author.strip()
    return bool(_BOT_NAME.search(name) or _BOT_ADDRESS.search(c.email.strip())) or name.lower() in _BOT_NAMES


# Words naming a coding agent's app account: its commits are the work someone asked it for.
_AGENT_WORDS = re.compile(r"copilot|agent|devin|claude|codex|cursor|sweep|jules|gemini|aider|openhands|cline|codegen|"
                          r"amazon-q|\bq-developer|tabnine|windsurf|factory|cosine|lovable|replit|bolt", re.I)


def upkeep_bot(c: Commit) -> bool:
    """Whether one of the services that keep a repository up (`_BOT_NAMES`: dependabot, renovate, github-actions,
    pre-commit-ci…) made the commit, by its name or its `…[bot]@` address. A coding agent's account
    ("someone's AI bot", `copilot-swe-agent[bot]`) makes changes people asked for: its commits are work."""
    name = re.sub(r"\[bot\]$", "", c.author.strip().lower())
    address = re.sub(r"^\d+\+|\[bot\]@.*$", "", c.email.lower()) if "[bot]@" in c.email.lower() else ""
    if name in _BOT_NAMES or address in _BOT_NAMES:
        return True
    # any other hosting service's app account (`hashicorp-tsccr[bot]` pinning actions, `oss-core-libraries-dashboard[bot]`
    # updating copyright headers) keeps the repository up too, but for a coding agent's
    app = c.author.strip().lower().endswith("[bot]") or "[bot]@" in c.email.lower()
    return app and not _AGENT_WORDS.search(f"{name} {address}")


def release_runs(commits: list[Commit]) -> frozenset[str]:
    """The commits (by sha) a release tool made under any name: one author's subjects that differ only in their
    versions, `RELEASE_REPEATS` different ones or more (`Bump provider version in examples to 3.25.3`, `… to
    3.25.4`, `… to 3.26.0`), a pull request number and `[skip ci]` taken off. A person's work naming a version
    (`Upgrade to Go 1.22 and fix the build`) is written once; merges are told by `is_release`."""
    runs: dict[tuple[str, str], dict[str, str]] = {}  # (author, template) -> sha -> subject
    for c in commits:
        subject = _SKIP_CI.sub(" ", _PR.sub("", c.subject)).strip()
        template, versions = _VERSION_WORD.subn("<version>", subject)
        if versions and not c.is_merge:
            runs.setdefault((c.email.strip().lower(), template.lower()), {})[c.sha] = subject
    return frozenset(sha for run in runs.values() if len(set(run.values())) >= RELEASE_REPEATS for sha in run)


def automated(c: Commit) -> bool:
    """Whether the commit is upkeep no one decided anything in: a dependency bump (`is_dependency_bump`), a release
    (`is_release`) or an upkeep service's commit (`upkeep_bot`); a coding agent's commits are work, and tasks."""
    return is_dependency_bump(c) or is_release(c) or upkeep_bot(c)


def only_pages(c: Commit, page: Callable[[str], bool] | None) -> bool:
    """Whether every file a commit changes (a moved file under both its names) is a page `page` tells the import
    reads for itself, a decision record, guide or documentation page (`AM | ADR about removing database code`
    adding `doc/adr/0014-….md`): what the commit decided is in those pages. A commit that also changes code, or
    any other file, is work; so is one changing no file (counted as empty)."""
    paths = [p for ch in c.changes for p in (ch.path, ch.old) if p]
    return page is not None and bool(paths) and all(page(p) for p in paths)


@attrs.define
class LeftOut:
    """How many commits `group` left out as no task: dependency bumps, releases with upkeep services' commits,
    commits that change no file, and commits that only write decision records, guides or documentation."""

    bumps: int = 0
    automated: int = 0
    empty: int = 0
    pages: int = 0

    def count(self, c: Commit, release: bool = False) -> None:
        """Count a commit left out under what it is: a release (`is_release`, or `release` when `release_runs`
        told it) before a dependency bump, so that a bot's `Bump provider version in examples to 3.25.3` is one."""
        if is_release(c):
            self.automated += 1
        elif is_dependency_bump(c):
            self.bumps += 1
        elif release or automated(c):
            self.automated += 1
        else:
            self.empty += 1


def pull_request_merge(subject: str) -> re.Match | None:
    """The match of a merge subject a hosting service writes for a pull request (`_PULL_REQUEST_MERGES`): its
    number in group `pr`, and the title when the subject carries one (group `title`), else None."""
    return next((m for p in _PULL_REQUEST_MERGES if (m := p.match(subject))), None)


# Jira's smart-commit commands after a ticket (`MT3-221 #ready-for-test #comment Create …`, `#time 1w 2d`): orders to
# the tracker, no words of the work.
_SMART_COMMANDS = re.compile(r"^([\[(]?[A-Z][A-Z0-9]*-\d+[\])]?)\s+(?:#[A-Za-z][\w-]*(?:\s+\d+[wdhm])*\s+)+")


def classify(subject: str) -> tuple[str, str | None, str]:
    """(type, scope, title without the type prefix, pull request number and list marker: `* final cleanup`, as a
    squash's list of commits or a merge's body gives it)."""
    title = _SMART_COMMANDS.sub(r"\1 ", _BULLET.sub("", _PR.sub("", subject).strip()))
    m = _CONVENTIONAL.match(title)
    if m and m.group("type").lower() in TYPES:
        return TYPES[m.group("type").lower()], m.group("scope"), m.group("rest").strip()
    if _REVERT_SUBJECT.match(title) or title.lower().startswith("revert"):
        return "revert", None, title
    lead = _lead_kind(title)
    if lead:
        return lead, None, title
    low = title.lower()
    for word, kind in _WORK:
        if low.startswith(word) or f" {word}" in low[:60]:
            return kind, None, title
    return "change", None, title


def _lead_kind(title: str) -> str | None:
    """The type a subject's first word says (`_LEAD_VERBS`), a ticket, its authors' initials or a prefix before it
    taken off (`_LEAD_NOISE`): `AM | Adding ADR for postgres` is added work. None when that word is no verb of
    `_WORK`'s."""
    rest = title.strip()
    for _ in range(4):
        word = re.match(r"[A-Za-z]+", rest)
        kind = next((k for verb, k in _LEAD_VERBS if verb.fullmatch(word.group())), None) if word else None
        noise = _LEAD_NOISE.match(rest)
        if kind or not noise or not noise.end():
            return kind
        rest = rest[noise.end():]
    return None


# A line of a package manager's report pasted into a commit body: "Lock file operations: 0 installs, 3 updates",
# "  - Upgrading composer/pcre (1.0.1 => 3.0.0)", "Updating dependencies", "Writing lock file", "added 3 packages".
_PACKAGE_REPORT = re.compile(r"^\s*(?:[-*]\s*)?(?:(?:Installing|Upgrading|Downgrading|Updating|Removing|Locking)\s+\S+\s+\("
                             r"[^)]*\)|Lock file operations:|Package operations:|Updating dependencies|Writing lock file|"
                             r"Loading composer repositories|Generating (?:optimized )?autoload files|"
                             r"(?:added|removed|changed|audited) \d+ packages?)", re.I)


def _package_report(para: str) -> bool:
    """Whether a paragraph is mostly a package manager's report (`_PACKAGE_REPORT`): what it did, not why."""
    lines = [ln for ln in para.splitlines() if ln.strip()]
    return bool(lines) and 2 * sum(1 for ln in lines if _PACKAGE_REPORT.match(ln)) >= len(lines)


def why_of(message_bodies: list[str]) -> str:
    """The reasons given in commit bodies and pull-request text: trailers, revert lines, merge boilerplate and
    a package manager's pasted report (`_package_report`) left out, repeated paragraphs once."""
    seen: set[str] = set()
    paras: list[str] = []
    for body in message_bodies:
        lines = [ln for ln in body.splitlines() if not _TRAILER.match(ln) and not _REVERTS_SHA.search(ln)]
        for para in re.split(r"\n\s*\n", "\n".join(lines)):
            para = para.strip()
            if para and para not in seen and not para.startswith("# Conflicts:") and not _package_report(para):
                seen.add(para)
                paras.append(para)
    return "\n\n".join(paras)


def mainline(commits: dict[str, Commit], head: str | None) -> set[str]:
    """Shas on the first-parent chain from `head` (within the commits read)."""
    out: set[str] = set()
    sha = head
    while sha and sha in commits and sha not in out:
        out.add(sha)
        parents = commits[sha].parents
        sha = parents[0] if parents else None
    return out


def group(commits: list[Commit], aliases: dict[str, str] | None = None,
          own: Callable[[str], bool] | None = None,
          page: Callable[[str], bool] | None = None) -> tuple[list[Task], LeftOut]:
    """Tasks from commits given newest first (as git log prints them); also how many commits were left out
    (`automated`, counted by `LeftOut`): a bot's merged pull request or a release's, and on the mainline or a
    branch no merge claimed, any commit `automated` tells as upkeep, a release tool's `release_runs` tells, or that
    changes no file. `aliases` maps old paths to current ones and is extended with the
    renames seen; `own`, when given, says which of a commit's files are the project's own (the others,
    vendored or ignored, are no task's files). `page`, when given, says which files the import reads as decision
    records, guides or documentation: a commit that only writes such pages (`only_pages`) starts no task, though it
    may join its author's run of work on the same pages, and neither is a merged branch all of whose commits do."""
    aliases = {} if aliases is None else aliases
    files = _current_files(commits, aliases, own)
    by_sha = {c.sha: c for c in commits}
    main = mainline(by_sha, commits[0].sha if commits else None)
    claimed: set[str] = set()
    tasks: list[Task] = []
    skipped = LeftOut()
    # Mainline merges oldest first: a branch forked from another not yet merged (a fix begun on a release line)
    # brought only its own commits; the release line's are the older merge's, whichever merge reaches them.
    for c in reversed(commits):
        if c.sha in main and c.is_merge:
            line = _merged_line(by_sha, main, claimed, c)
            if integration(c) or _gathers_pull_requests(by_sha, c, line):
                tasks += _integrated(by_sha, main, claimed, line, files)
                continue
            members = _branch(by_sha, main, claimed, c)
            if is_dependency_bump(c) or is_release(c):
                skipped.count(c)  # a bot's pull request merged as it came (`Merge pull request #41 from org/dependabot/…`)
                continue
            if members and all(upkeep_bot(m) for m in members):
                # a person merging what a workflow's account committed alone (ministryofjustice/modernisation-platform's
                # 189 "Automated signed commit update" branches of github-actions[bot]): upkeep, as that account's are
                skipped.automated += 1 + len(members)
                continue
            if _only_pages(c, members, page):
                skipped.pages += 1 + len(members)
                continue
            tasks.append(_merge_task(c, members, files))
    runs: dict[str, Task] = {}
    released = release_runs(commits)
    hubs = _hubs(commits, files, released)
    for c in reversed(commits):  # oldest first, so runs grow forward in time
        if c.sha in claimed or (c.is_merge and c.sha in main):
            continue
        if c.is_merge:  # a merge inside a branch no mainline merge claimed: its branch is read as it comes
            continue
        if automated(c) or c.sha in released or not c.changes:
            skipped.count(c, c.sha in released)
            continue
        task = _single(c, files)
        run = runs.get(c.email)
        pages = only_pages(c, page)
        if run is not None and _joins(run, task, hubs, files.get(run.commits[0].sha, []), pages):
            run.commits.insert(0, c)
            run.files = _merge_files(run.files, task.files)
            run.why = why_of([run.why, task.why])
            continue
        if pages:
            skipped.pages += 1
            continue
        tasks.append(task)
        runs[c.email] = task
    tasks.sort(key=lambda t: t.at, reverse=True)
    return tasks, skipped


def _only_pages(merge: Commit, members: list[Commit], page: Callable[[str], bool] | None) -> bool:
    """Whether a merged branch only writes pages (`only_pages`): what the merge brought and each of its commits
    that changes a file."""
    changing = [c for c in members if c.changes and not c.is_merge]
    return only_pages(merge, page) and all(only_pages(c, page) for c in changing)


def _current_files(commits: list[Commit], aliases: dict[str, str],
                   own: Callable[[str], bool] | None = None) -> dict[str, list[str]]:
    """Each commit's files under their newest names (renames applied walking back in time), those `own` turns
    down left out."""
    out: dict[str, list[str]] = {}
    for c in commits:  # newest first
        names = []
        for ch in c.changes:
            names.append(aliases.get(ch.path, ch.path))
        for ch in c.changes:
            if ch.status == "R" and ch.old and ch.old != ch.path:
                aliases[ch.old] = aliases.get(ch.path, ch.path)
        out[c.sha] = [n for n in dict.fromkeys(names) if own is None or own(n)]
    return out


def _branch(by_sha: dict[str, Commit], main: set[str], claimed: set[str], merge: Commit) -> list[Commit]:
    """The commits a merge brought in: reachable from its other parents, not on the mainline."""
    stack = list(merge.parents[1:])
    members = []
    while stack:
        sha = stack.pop()
        if sha in main or sha in claimed or sha not in by_sha:
            continue
        claimed.add(sha)
        members.append(by_sha[sha])
        stack.extend(by_sha[sha].parents)
    members.sort(key=lambda c: c.at, reverse=True)
    return members


def _merged_line(by_sha: dict[str, Commit], main: set[str], claimed: set[str], merge: Commit) -> list[str]:
    """The merged branch's own first-parent line, newest first, down to where it meets the mainline."""
    line: list[str] = []
    seen: set[str] = set()
    sha = merge.parents[1] if len(merge.parents) > 1 else None
    while sha and sha in by_sha and sha not in main and sha not in claimed and sha not in seen:
        line.append(sha)
        seen.add(sha)
        parents = by_sha[sha].parents
        sha = parents[0] if parents else None
    return line


def _gathers_pull_requests(by_sha: dict[str, Commit], merge: Commit, line: list[str]) -> bool:
    """Whether a merge that is no pull request's merges a line (`_merged_line`) of merged pull requests: an
    integration merge whatever its subject names (`v1.0.0-alpha.1` merging a line that holds `Merge pull request #27 –
    Migrate to TanStack Query`, #42 and #43). A pull request's own merge stays one task, whatever its branch merged."""
    if pull_request_merge(merge.subject) or _MERGE_MR.match(merge.subject):
        return False
    return any(by_sha[sha].is_merge and pull_request_merge(by_sha[sha].subject) for sha in line)


def _integrated(by_sha: dict[str, Commit], main: set[str], claimed: set[str], line: list[str],
                files: dict[str, list[str]]) -> list[Task]:
    """The merge tasks on a long-lived branch an integration merge brought in (`line`, its own first-parent line
    down to where it meets the mainline); its other commits are left to be read one by one, as the mainline's
    are: they join `main`, so that no newer merge of a branch forked from the line takes them."""
    own = set(main) | set(line)
    out = []
    for sha in reversed(line):  # oldest first, as the mainline's merges
        c = by_sha[sha]
        if c.is_merge and not integration(c):
            claimed.add(sha)
            out.append(_merge_task(c, _branch(by_sha, own, claimed, c), files))
    main.update(line)
    return out


def _merge_task(merge: Commit, members: list[Commit], files: dict[str, list[str]]) -> Task:
    m = pull_request_merge(merge.subject)
    pr = m.group("pr") if m else None
    body_lines = [ln.strip() for ln in merge.body.splitlines() if ln.strip() and not _TRAILER.match(ln)]
    titled = bool(body_lines) and not (members and _branch_named(merge.subject, body_lines[0]))
    if m and m.groupdict().get("title"):
        subject, own_why = m.group("title"), merge.body
    elif (m or _MERGE_MR.match(merge.subject) or _MERGE_ANY.match(merge.subject)) and titled:
        subject = body_lines[0]
        own_why = "\n".join(merge.body.splitlines()[1:]) if merge.body else ""
    elif (m or _MERGE_ANY.match(merge.subject)) and members:
        subject = members[-1].subject  # the branch's first commit names the work
        own_why = "\n".join(merge.body.splitlines()[1:]) if body_lines else ""
    else:
        subject, own_why = merge.subject, merge.body
    kind, scope, title = classify(subject)
    pr = pr or (_PR.search(subject).group(1) if _PR.search(subject) else None)
    task = Task(merge.sha, title or merge.subject, kind, [merge, *members], pr=pr, scope=scope,
                files=files.get(merge.sha) or _merge_files(*(files.get(c.sha, []) for c in members)))
    task.why = why_of([own_why, *(c.body for c in reversed(members))])
    _note_reverts(task, [merge, *members])
    return task


def _branch_named(subject: str, title: str) -> bool:
    """Whether a merged pull request's title is no more than its branch's name, as the hosting service fills it in
    (`Yasmine` from `Merge pull request #3 from macemoth/yasmine`): no person wrote it, so it names no work."""
    m = _MERGED_BRANCH.match(subject)
    branch = next((g for g in m.groups() if g), "").strip().lower() if m else ""
    return bool(branch) and title.strip().lower() in (branch, branch.rpartition("/")[2])


def _single(c: Commit, files: dict[str, list[str]]) -> Task:
    kind, scope, title = classify(c.subject)
    pr = _PR.search(c.subject)
    task = Task(c.sha, title or c.subject, kind, [c], pr=pr.group(1) if pr else None, scope=scope,
                why=why_of([c.body]), files=files.get(c.sha, []))
    _note_reverts(task, [c])
    return task


def _note_reverts(task: Task, commits: list[Commit]) -> None:
    """What a task reverts: the commits its messages name, the subject a revert quotes, the pull request
    GitHub's revert names. The task is a revert when all its work is (a branch that reverts one change
    among others is not, nor a squash of commits one of which reverted something: `_own_part`)."""
    work = [c for c in commits if not c.is_merge]
    reverting = 0
    for c in commits:
        shas = _REVERTS_SHA.findall(c.message)
        task.reverts += shas
        m = _REVERT_SUBJECT.match(_PR.sub("", c.subject).strip())
        if m and task.reverts_title is None:
            task.reverts_title = m.group(1)
        pr = _REVERTS_PR.search(c.message) or (_REVERT_BRANCH.match(c.subject) if c.is_merge else None)
        if pr and task.reverts_pr is None:
            task.reverts_pr = pr.group(1)
        own = _own_part(c.message)
        reverting += bool(m or _REVERTS_SHA.search(own) or _REVERTS_PR.search(own)) and not c.is_merge
    if (task.reverts or task.reverts_pr) and reverting >= len(work):
        task.type = "revert"


# A squashed pull request's message lists its commits as items (`* Add X`, each with its own body): a revert line
# after the first item is one of those commits', not the squash's.
_SQUASHED_ITEM = re.compile(r"^\* \S", re.M)


def _own_part(message: str) -> str:
    """A commit message up to the first commit a squash lists in it: what the commit itself says (`feat: versioned
    files (#36)` reverting nothing, though one of the eleven commits it squashed reverted a draft)."""
    subject, _, body = message.partition("\n")
    m = _SQUASHED_ITEM.search(body)
    return subject + "\n" + (body[:m.start()] if m else body)


def subject_key(subject: str) -> str:
    """A commit subject without the pull request number a squash adds (`Add X (#390)` -> `Add X`), as a
    revert quotes it."""
    return _PR.sub("", subject).strip()


def integration(merge: Commit) -> bool:
    """Whether a merge brings a long-lived branch into another (`Merge branch 'fc-24.05-dev' into
    fc-24.05-staging`, `Merge pull request #88 from org/develop`, `Merge branch 'release/2.3'`): the merged
    branch gathers many people's tasks, so its commits are read as their own tasks, not as one."""
    m = _MERGED_BRANCH.match(merge.subject)
    if not m:
        return False
    name = next(g for g in m.groups() if g).strip()
    parts = [p for p in name.lower().split("/") if p]
    if parts and parts[0] in ("origin", "upstream") and len(parts) > 1:
        parts = parts[1:]
    if not parts:
        return False
    if parts[0] in ("release", "releases") and len(parts) > 1:
        return True
    last = parts[-1]
    if last in _LONG_LIVED:
        return True
    return m.group(1) is not None and re.split(r"[-_]", last)[-1] in _LONG_LIVED


def _joins(run: Task, task: Task, hubs: frozenset[str] = frozenset(), last_files: list[str] | None = None,
           pages: bool = False) -> bool:
    """One author's next commit continues the run: within `SPAN` of the run's first commit, sharing files (other
    than `hubs`) with the run's most recent commit (`last_files`, the run's own files when not given), no pull
    request or revert of its own, and no different declared type or scope (`feat(auth)` and `feat(projects)` are two
    pieces of work, whatever registration file both touch). Two commits in a row that each say what they do
    (`descriptive`: "Add Controller", then "Filter by region") are two pieces of work, unless they declare the same
    scope, the newer only writes pages (`pages`: it documents the work before it, and is no task of its own) or both
    have the same subject."""
    if run.pr or task.pr or run.reverts or task.reverts or task.started - run.started > SPAN:
        return False
    if run.type != task.type and "change" not in (run.type, task.type):
        return False
    if run.scope and task.scope and run.scope.strip().lower() != task.scope.strip().lower():
        return False
    last = run.commits[0]
    same_scope = bool(run.scope and task.scope)
    # the same subject again (UKHomeOffice/hocs-frontend's five "HOCS-5561: Fix double dollar substitution bug" in an
    # afternoon) is the same work tried again, however well the subject says what it is
    again = " ".join(last.subject.lower().split()) == " ".join(task.commits[0].subject.lower().split())
    if not same_scope and not pages and not again and descriptive(last.subject) \
            and descriptive(task.commits[0].subject):
        return False
    return bool((set(run.files if last_files is None else last_files) & set(task.files)) - hubs)


def descriptive(subject: str) -> bool:
    """Whether a commit subject says what its work is on its own: not made only of words that name no work
    (`_VAGUE_WORDS`: `wip`, `fix typo`, `more tests`, `update`) nor a follow-up of the commit before it
    (`_FOLLOW_UP`: `handle None too`, `fixup! …`, a hosting service's `Update README.md`)."""
    _, _, title = classify(subject)
    if not title or _FOLLOW_UP.search(title):
        return False
    words = re.findall(r"[A-Za-z]+", title.lower())
    return any(w not in _VAGUE_WORDS for w in words)


def _hubs(commits: list[Commit], files: dict[str, list[str]], released: frozenset[str] = frozenset()) -> frozenset[str]:
    """Files more than half of the window's commits touch (a development log, `Program.cs` registering every
    service): that two commits both touch one says nothing of their being one piece of work. People's commits
    count, merges and upkeep (`automated`, a release tool's `released`) not; a window of fewer than `HUB_WINDOW`
    commits has none."""
    work = [c for c in commits if not c.is_merge and files.get(c.sha) and not automated(c) and c.sha not in released]
    if len(work) < HUB_WINDOW:
        return frozenset()
    counts = Counter(f for c in work for f in files[c.sha])
    return frozenset(f for f, n in counts.items() if 2 * n > len(work))


def _merge_files(*lists: list[str]) -> list[str]:
    return list(dict.fromkeys(f for lst in lists for f in lst))
